package app

import (
	"context"
	"fmt"
	"strconv"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/sales/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/caller"
)

// Verbs of the advanced delete's sale events (backoffice.sales.sale.<verb>.v1).
const (
	VerbArchived = "archived"
	VerbRestored = "restored"
)

// KindSale is a sale's kind in an archive batch (archiving.Item.Kind).
const KindSale = "sale"

func saleItem(r *store.Row) archiving.Item {
	return archiving.Item{Kind: KindSale, ID: r.ID, CompanyID: r.CompanyID, Number: r.Number, Party: r.CustomerName,
		AmountCents: r.TotalCents}
}

// SelectArchivable reads, on db, up to limit live sales of sel in sc. Every sale may go (its
// payments go with it, the payments module's).
func (s *Service) SelectArchivable(ctx context.Context, db bun.IDB, sc store.Scope, sel archiving.Selection, limit int) ([]archiving.Record, error) {
	rows, err := store.New(db).Selected(ctx, sc, store.Filter{Approval: sel.Status, CustomerID: sel.PartyID, StoreID: sel.StoreID,
		From: sel.From, To: sel.To}, sel.IDs, limit)
	out := make([]archiving.Record, len(rows))
	for i, r := range rows {
		out[i] = archiving.Record{ID: r.ID, CompanyID: r.CompanyID, Number: r.Number, Party: r.CustomerName, Date: r.SaleDate,
			AmountCents: r.TotalCents}
	}
	return out, err
}

// holdsStock reports whether sale r holds its goods' units: pending and approved sales do, a
// rejected one gave them back.
func holdsStock(r *store.Row) bool { return r.ApprovalStatus != string(approval.Rejected) }

// Archive archives, in tx, the live sales ids: a sale that holds stock gives its units back;
// its paid amount and balance stay on the archived row, which leaves every list, report and
// customer total (they read live rows only) and comes back whole on restore.
func (s *Service) Archive(ctx context.Context, tx bun.IDB, ids []int64, by archiving.Actor) ([]archiving.Item, error) {
	st := store.New(tx)
	return archiving.Take(ids, "The requested information was not found", func(id int64) (archiving.Item, error) {
		r, err := st.Hold(ctx, 0, id)
		if err != nil {
			return archiving.Item{}, err
		}
		if err := st.Archive(ctx, id, by.UserID, by.At); err != nil {
			return archiving.Item{}, err
		}
		if holdsStock(r) {
			if err := s.giveBack(ctx, tx, id); err != nil {
				return archiving.Item{}, err
			}
		}
		return saleItem(r), s.archived(ctx, tx, r, VerbArchived, by)
	})
}

// Restore brings back, in tx, the sales of items, each taking its units again when it held
// them. It refuses, with the reason, a sale whose customer or one of whose products was deleted
// since, or whose goods were sold meanwhile; the customer and the products are kept until tx
// ends, as a new sale keeps them.
func (s *Service) Restore(ctx context.Context, tx bun.IDB, items []archiving.Item, by archiving.Actor) error {
	st := store.New(tx)
	return archiving.Bring(items, KindSale, func(it archiving.Item) error {
		r, err := st.Unarchive(ctx, it.ID, by.At)
		if err != nil {
			return err
		}
		if err := s.d.Customers.KeepCustomer(ctx, tx, r.CompanyID, r.CustomerID); apperror.IsCode(err, apperror.CodeNotFound) {
			return apperror.Conflict(fmt.Sprintf("%s cannot be restored: its customer %s was deleted.", r.Number, r.CustomerName))
		} else if err != nil {
			return err
		}
		// Its products are kept as a new sale's are; one deleted since refuses the restore.
		lines, err := st.Lines(ctx, []int64{r.ID})
		if err != nil {
			return err
		}
		if lost, err := s.lostLines(ctx, tx, r.CompanyID, lines[r.ID]); err != nil {
			return err
		} else if len(lost) > 0 {
			return apperror.Conflict(archiving.ProductGone(r.Number))
		}
		if holdsStock(r) {
			if err := s.moveStock(ctx, tx, nil, takeOf(lines[r.ID]), lines[r.ID]); err != nil {
				if e := apperror.As(err); e != nil && e.Code == apperror.CodeInvalid {
					return apperror.Conflict(fmt.Sprintf("%s cannot be restored: %s", r.Number, e.Message))
				}
				return err
			}
		}
		return s.archived(ctx, tx, r, VerbRestored, by)
	})
}

// archived writes the audit entry and the event of verb (archived, restored) of sale r in tx.
func (s *Service) archived(ctx context.Context, tx bun.IDB, r *store.Row, verb string, by archiving.Actor) error {
	p := caller.Principal{UserID: by.UserID}
	if err := s.audit(ctx, tx, p, r, verb, "batch="+strconv.FormatInt(by.BatchID, 10)+" reason="+by.Reason, by.At); err != nil {
		return err
	}
	return s.emit(ctx, tx, p, r, verb, by.Reason, by.At)
}

// ArchiveSettled runs once an archive or a restore committed: list totals recounted, the stock
// lists refreshed, the relay woken.
func (s *Service) ArchiveSettled(ctx context.Context) { s.afterWrite(ctx, true, true) }
