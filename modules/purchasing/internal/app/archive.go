package app

import (
	"context"
	"strconv"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/purchasing/internal/domain"
	"github.com/backoffice/backoffice/modules/purchasing/internal/store"
	"github.com/backoffice/backoffice/modules/tax"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/caller"
)

// Verbs of the advanced delete's events (backoffice.purchasing.{purchase,return}.<verb>.v1).
const (
	VerbArchived = "archived"
	VerbRestored = "restored"
)

// Kinds of the records this module archives (archiving.Item.Kind).
const (
	KindPurchase = "purchase"
	KindReturn   = "purchase_return"
)

// SelectArchivable reads, on db, up to limit live purchases of sel in sc, each with its live
// returns as dependents (the payments module adds the payments). Every purchase may go: its
// returns go with it, and nothing else of this module names it.
func (s *Service) SelectArchivable(ctx context.Context, db bun.IDB, sc store.Scope, sel archiving.Selection, limit int) ([]archiving.Record, error) {
	st := store.New(db)
	rows, err := st.Selected(ctx, sc, store.Filter{Approval: sel.Status, SupplierID: sel.PartyID, StoreID: sel.StoreID,
		From: sel.From, To: sel.To}, sel.IDs, limit)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	returns, err := st.ReturnsOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]archiving.Record, len(rows))
	for i, r := range rows {
		rec := archiving.Record{ID: r.ID, CompanyID: r.CompanyID, Number: r.ReferenceNo, Party: r.SupplierName,
			Date: r.PurchaseDate, AmountCents: r.TotalToPayCents}
		for _, rr := range returns[r.ID] {
			rec.Dependents = append(rec.Dependents, returnItem(&rr))
		}
		out[i] = rec
	}
	return out, nil
}

func returnItem(r *store.ReturnRow) archiving.Item {
	return archiving.Item{Kind: KindReturn, ID: r.ID, CompanyID: r.CompanyID, Number: r.ReferenceNo, Party: r.SupplierName,
		AmountCents: r.AmountCents}
}

// Archive archives, in tx, the live purchases ids with their returns: an approved goods
// return's units come back to stock (the return is undone); paid, returns and balance stay on
// the archived rows, which leave every list, report and supplier total (they read live rows
// only) and come back whole on restore. One audit entry and one purchase.archived event (or
// return.archived) per record, in tx.
func (s *Service) Archive(ctx context.Context, tx bun.IDB, ids []int64, by archiving.Actor) ([]archiving.Item, error) {
	st := store.New(tx)
	p := caller.Principal{UserID: by.UserID}
	var deps []archiving.Item
	out, err := archiving.Take(ids, domain.MsgNotFound, func(id int64) (archiving.Item, error) {
		r, err := st.Hold(ctx, 0, id)
		if err != nil {
			return archiving.Item{}, err
		}
		returns, err := st.ReturnsOf(ctx, []int64{id})
		if err != nil {
			return archiving.Item{}, err
		}
		for _, rr := range returns[id] {
			if err := s.returnStock(ctx, tx, &rr, +1); err != nil {
				return archiving.Item{}, err
			}
			if err := st.ArchiveReturn(ctx, rr.ID, by.UserID, by.At); err != nil {
				return archiving.Item{}, err
			}
			if err := s.archived(ctx, tx, p, nil, &rr, VerbArchived, by); err != nil {
				return archiving.Item{}, err
			}
			deps = append(deps, returnItem(&rr))
		}
		if err := st.Archive(ctx, id, by.UserID, by.At); err != nil {
			return archiving.Item{}, err
		}
		return archiving.Item{Kind: KindPurchase, ID: r.ID, CompanyID: r.CompanyID, Number: r.ReferenceNo,
			Party: r.SupplierName, AmountCents: r.TotalToPayCents}, s.archived(ctx, tx, p, r, nil, VerbArchived, by)
	})
	return append(out, deps...), err
}

// Restore brings back, in tx, the purchases and returns of items (Archive's answer): the
// purchases first, then their returns, whose approved goods leave stock again. It refuses, with
// the reason, a purchase whose supplier was deleted since, whose reference another live purchase
// of the supplier took meanwhile, and a return whose goods were sold meanwhile.
func (s *Service) Restore(ctx context.Context, tx bun.IDB, items []archiving.Item, by archiving.Actor) error {
	st := store.New(tx)
	p := caller.Principal{UserID: by.UserID}
	err := archiving.Bring(items, KindPurchase, func(it archiving.Item) error {
		r, err := st.Archived(ctx, it.ID)
		if err != nil {
			return err
		}
		if err := s.restorable(ctx, tx, st, r); err != nil {
			return err
		}
		if err := st.Unarchive(ctx, r, by.At); err != nil {
			return err
		}
		return s.archived(ctx, tx, p, r, nil, VerbRestored, by)
	})
	if err != nil {
		return err
	}
	return archiving.Bring(items, KindReturn, func(it archiving.Item) error {
		rr, err := st.UnarchiveReturn(ctx, it.ID, by.At)
		if err != nil {
			return err
		}
		if err := s.returnStock(ctx, tx, rr, -1); err != nil {
			return err
		}
		return s.archived(ctx, tx, p, nil, rr, VerbRestored, by)
	})
}

// restorable refuses, with the reason, to bring back, in tx (st works in it), the archived
// purchase r when its supplier, a product of its lines or the received order it invoices was
// deleted since, or another live purchase took its reference or its received order. The
// supplier, the products and the received order are kept until tx ends, as a new purchase keeps
// them.
func (s *Service) restorable(ctx context.Context, tx bun.IDB, st *store.Store, r *store.Row) error {
	err := s.d.Suppliers.KeepSupplier(ctx, tx, r.CompanyID, r.SupplierID)
	if apperror.IsCode(err, apperror.CodeNotFound) {
		return apperror.Conflict(domain.MsgRestoreSupplierGone(r.ReferenceNo, r.SupplierName))
	}
	if err != nil {
		return err
	}
	lines, err := st.Lines(ctx, []int64{r.ID})
	var lost []int
	if err == nil {
		lost, err = s.lostLines(ctx, tx, r.CompanyID, lines[r.ID])
	}
	if err != nil {
		return err
	}
	if len(lost) > 0 {
		return apperror.Conflict(archiving.ProductGone(r.ReferenceNo))
	}
	if r.ReceivedOrderID != nil {
		status, err := s.d.ReceivedOrders.KeepReceivedOrder(ctx, tx, r.CompanyID, *r.ReceivedOrderID)
		if err != nil {
			return err
		}
		if status == "" {
			return apperror.Conflict(domain.MsgRestoreReceiptGone(r.ReferenceNo))
		}
	}
	taken, err := st.ReferenceTaken(ctx, r.CompanyID, r.SupplierID, r.ReferenceNo, r.ID)
	if err == nil && !taken && r.ReceivedOrderID != nil {
		taken, err = st.ReceivedOrderUsed(ctx, r.CompanyID, *r.ReceivedOrderID, r.ID)
	}
	if err != nil {
		return err
	}
	if taken {
		return apperror.Conflict(domain.MsgRestoreTaken(r.ReferenceNo))
	}
	return nil
}

// returnStock moves the units of an approved goods return r: sign +1 gives them back to stock
// (the return archived), -1 takes them out again (restored). A product without the units
// refuses with the reason.
func (s *Service) returnStock(ctx context.Context, tx bun.IDB, r *store.ReturnRow, sign int64) error {
	if r.Kind != domain.ReturnGoods || r.ApprovalStatus != string(approval.Approved) {
		return nil
	}
	lines, err := store.New(tx).ReturnLines(ctx, []int64{r.ID})
	if err != nil {
		return err
	}
	for _, l := range lines[r.ID] {
		if l.Kind != string(tax.Goods) {
			continue
		}
		_, err := s.d.Stock.AdjustStock(ctx, tx, l.ProductID, sign*l.Quantity)
		if n, short := s.d.Stock.Available(err); short {
			return apperror.Conflict(domain.MsgRestoreStock(r.ReferenceNo, l.ProductName, n))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// archived writes the audit entry and the event of verb (archived, restored) of a purchase r or
// a return rr, in tx; the detail names the batch and its reason.
func (s *Service) archived(ctx context.Context, tx bun.IDB, p caller.Principal, r *store.Row, rr *store.ReturnRow, verb string, by archiving.Actor) error {
	detail := "batch=" + strconv.FormatInt(by.BatchID, 10) + " reason=" + by.Reason
	if r != nil {
		if err := s.audit(ctx, tx, p, r, verb, detail, by.At); err != nil {
			return err
		}
		return s.emit(ctx, tx, p, r, verb, by.Reason, by.At)
	}
	if err := s.auditReturn(ctx, tx, p, rr, verb, detail, by.At); err != nil {
		return err
	}
	rr.ApprovalReason = by.Reason
	return s.emitReturn(ctx, tx, p, rr, verb, by.At)
}

// ArchiveSettled runs once an archive or a restore committed: the purchases' and returns' list
// totals are recounted, the relay woken, and the stock lists refreshed.
func (s *Service) ArchiveSettled(ctx context.Context) {
	s.d.Counter.Bump(ctx, store.Table)
	s.d.Counter.Bump(ctx, store.ReturnsTable)
	s.d.Events.Flush()
	s.d.Stock.StockChanged(ctx)
}
