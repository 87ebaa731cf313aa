package app

import (
	"context"
	"errors"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/purchasing/internal/domain"
	"github.com/backoffice/backoffice/modules/purchasing/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/listing"
)

// Refunds is what the returns kind asks the payments module, which owns refunds: the live
// refunds (pending or approved) of purchases.
type Refunds interface {
	// PurchaseRefunds reads, on db, the reference numbers of the live pending and approved
	// refunds of the purchases ids, by purchase.
	PurchaseRefunds(ctx context.Context, db bun.IDB, ids []int64) (map[int64][]string, error)
}

// ReturnsKind is the advanced delete of returns on their own (archiving.Kind), the purchase
// staying: an approved return archived gives its goods back to stock and its amount back to
// the purchase's balance (its credit shrinks); a pending one frees its pending amount; a
// rejected one moves nothing. An approved return whose purchase has a live refund is blocked:
// the refund gave back the credit the return left, so it must go first (payments alone).
type ReturnsKind struct {
	s       *Service
	refunds Refunds
}

// NewReturnsKind is the returns kind of s, asking refunds about the purchases' refunds.
func NewReturnsKind(s *Service, refunds Refunds) ReturnsKind {
	return ReturnsKind{s: s, refunds: refunds}
}

// returnAmounts is what return r adds, times sign, to its purchase's approved and pending
// returns (ApplyReturns): its amount on the side of its status, nothing when rejected.
func returnAmounts(r *store.ReturnRow, sign int64) (approved, pending int64) {
	switch approval.Status(r.ApprovalStatus) {
	case approval.Approved:
		return sign * r.AmountCents, 0
	case approval.Pending:
		return 0, sign * r.AmountCents
	}
	return 0, 0
}

// blocked is why return r cannot go ("" when it can): an approved return whose purchase has a
// live refund among refunds (by purchase).
func blocked(r *store.ReturnRow, refunds map[int64][]string) string {
	if r.ApprovalStatus != string(approval.Approved) || len(refunds[r.PurchaseID]) == 0 {
		return ""
	}
	return domain.MsgReturnRefunded(refunds[r.PurchaseID][0])
}

// Select reads, on db, up to limit live returns of sel in sc (party = supplier, store = the
// purchase's store, dates = the return date), each blocked when a refund settles its credit.
func (k ReturnsKind) Select(ctx context.Context, db bun.IDB, sc listing.Scope, sel archiving.Selection, limit int) ([]archiving.Record, error) {
	rows, err := store.New(db).SelectedReturns(ctx, sc, store.ReturnFilter{Approval: sel.Status, SupplierID: sel.PartyID,
		From: sel.From, To: sel.To}, sel.StoreID, sel.IDs, limit)
	if err != nil {
		return nil, err
	}
	purchases := make([]int64, len(rows))
	for i, r := range rows {
		purchases[i] = r.PurchaseID
	}
	refunds, err := k.refunds.PurchaseRefunds(ctx, db, purchases)
	if err != nil {
		return nil, err
	}
	out := make([]archiving.Record, len(rows))
	for i := range rows {
		r := &rows[i]
		out[i] = archiving.Record{ID: r.ID, CompanyID: r.CompanyID, Number: r.ReferenceNo, Party: r.SupplierName,
			Date: r.ReturnDate, AmountCents: r.AmountCents, Blocked: blocked(r, refunds)}
	}
	return out, nil
}

// Archive archives, in tx, the live returns ids, each with its purchase held (the lock every
// write of its ledger takes first): the purchase's returns, balance and status are recomputed
// without it and an approved goods return's units come back to stock. A return blocked since
// the preview (a refund recorded meanwhile) fails the whole archive with the reason.
func (k ReturnsKind) Archive(ctx context.Context, tx bun.IDB, ids []int64, by archiving.Actor) ([]archiving.Item, error) {
	st := store.New(tx)
	p := caller.Principal{UserID: by.UserID}
	return archiving.Take(ids, domain.MsgReturnNotFound, func(id int64) (archiving.Item, error) {
		r, err := st.GetReturn(ctx, listing.Scope{All: true}, id)
		if err != nil {
			return archiving.Item{}, err
		}
		if _, err := st.Hold(ctx, 0, r.PurchaseID); err != nil {
			return archiving.Item{}, err
		}
		// Read again under the hold: a decision between the first read and now moved its amount.
		if r, err = st.GetReturn(ctx, listing.Scope{All: true}, id); err != nil {
			return archiving.Item{}, err
		}
		refunds, err := k.refunds.PurchaseRefunds(ctx, tx, []int64{r.PurchaseID})
		if err != nil {
			return archiving.Item{}, err
		}
		if why := blocked(r, refunds); why != "" {
			return archiving.Item{}, apperror.Conflict(why)
		}
		approved, pending := returnAmounts(r, -1)
		if err := st.ApplyReturns(ctx, r.PurchaseID, approved, pending, by.At); err != nil {
			return archiving.Item{}, err
		}
		if err := k.s.returnStock(ctx, tx, r, +1); err != nil {
			return archiving.Item{}, err
		}
		if err := st.ArchiveReturn(ctx, r.ID, by.UserID, by.At); err != nil {
			return archiving.Item{}, err
		}
		return returnItem(r), k.s.archived(ctx, tx, p, nil, r, VerbArchived, by)
	})
}

// Restore brings back, in tx, the returns of items, each counting on its purchase again (its
// balance and status recomputed) and an approved goods return taking its units out of stock
// again. It refuses, with the reason, a return whose purchase was archived or deleted since,
// whose units or value other returns of the purchase took meanwhile, or whose goods were sold.
func (k ReturnsKind) Restore(ctx context.Context, tx bun.IDB, items []archiving.Item, by archiving.Actor) error {
	st := store.New(tx)
	p := caller.Principal{UserID: by.UserID}
	return archiving.Bring(items, KindReturn, func(it archiving.Item) error {
		r, err := st.ArchivedReturn(ctx, it.ID)
		if err != nil {
			return err
		}
		purchase, err := st.Hold(ctx, 0, r.PurchaseID)
		if errors.Is(err, store.ErrNotFound) {
			return apperror.Conflict(domain.MsgRestorePurchaseGone(r.ReferenceNo, r.PurchaseReferenceNo))
		}
		if err != nil {
			return err
		}
		if err := k.fits(ctx, tx, purchase, r); err != nil {
			return err
		}
		if _, err := st.UnarchiveReturn(ctx, r.ID, by.At); err != nil {
			return err
		}
		approved, pending := returnAmounts(r, +1)
		if err := st.ApplyReturns(ctx, r.PurchaseID, approved, pending, by.At); err != nil {
			return err
		}
		if err := k.s.returnStock(ctx, tx, r, -1); err != nil {
			return err
		}
		return k.s.archived(ctx, tx, p, nil, r, VerbRestored, by)
	})
}

// fits refuses to bring back return r (pending or approved) when the purchase's other live
// returns took, meanwhile, units of its lines or the value it returned.
func (k ReturnsKind) fits(ctx context.Context, tx bun.IDB, purchase *store.Row, r *store.ReturnRow) error {
	if r.ApprovalStatus == string(approval.Rejected) {
		return nil
	}
	l, err := k.s.readLedger(ctx, tx, purchase, r.ID)
	if err != nil {
		return err
	}
	lines, err := store.New(tx).ReturnLines(ctx, []int64{r.ID})
	if err != nil {
		return err
	}
	left := make(map[int64]int64, len(l.lines))
	for _, ln := range l.lines {
		left[ln.ID] = l.left(ln)
	}
	taken := l.returnableBase() < r.TaxableBaseCents
	for _, rl := range lines[r.ID] {
		taken = taken || rl.Quantity > left[rl.PurchaseLineID]
	}
	if taken {
		return apperror.Conflict(domain.MsgRestoreReturnTaken(r.ReferenceNo))
	}
	return nil
}

// Settled implements archiving.Kind: the returns' and purchases' list totals are recounted, the
// relay woken and the stock lists refreshed.
func (k ReturnsKind) Settled(ctx context.Context) { k.s.ArchiveSettled(ctx) }
