package app

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/payments/internal/domain"
	"github.com/backoffice/backoffice/modules/payments/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/payable"
)

// Verbs of the advanced delete's payment events (backoffice.payments.payment.<verb>.v1).
const (
	VerbArchived = "archived"
	VerbRestored = "restored"
)

// KindPayment is a payment's kind in an archive batch (archiving.Item.Kind).
const KindPayment = "payment"

func paymentItem(r *store.Row) archiving.Item {
	return archiving.Item{Kind: KindPayment, ID: r.ID, CompanyID: r.CompanyID, Number: r.ReferenceNo, Party: r.PartyName,
		AmountCents: r.AmountCents}
}

// Attached reads, on db, the live payments of the documents of docType ids, by document.
func (s *Service) Attached(ctx context.Context, db bun.IDB, docType string, ids []int64) (map[int64][]archiving.Item, error) {
	rows, err := store.New(db).Attached(ctx, docType, ids)
	out := make(map[int64][]archiving.Item, len(ids))
	for i := range rows {
		out[rows[i].DocumentID] = append(out[rows[i].DocumentID], paymentItem(&rows[i]))
	}
	return out, err
}

// PurchaseRefunds reads, on db, the reference numbers of the live pending and approved refunds
// of the purchases ids, by purchase.
func (s *Service) PurchaseRefunds(ctx context.Context, db bun.IDB, ids []int64) (map[int64][]string, error) {
	rows, err := store.New(db).Attached(ctx, string(payable.Purchase), ids)
	out := make(map[int64][]string, len(ids))
	for _, r := range rows {
		if r.Direction == domain.DirectionRefund && r.ApprovalStatus != string(approval.Rejected) {
			out[r.DocumentID] = append(out[r.DocumentID], r.ReferenceNo)
		}
	}
	return out, err
}

// ArchiveAttached archives, in tx, the live payments of the documents of docType ids, which go
// at the same time: the documents keep their paid amounts (they go and come back whole), so no
// ledger moves. One audit entry and one payment.archived event each.
func (s *Service) ArchiveAttached(ctx context.Context, tx bun.IDB, docType string, ids []int64, by archiving.Actor) ([]archiving.Item, error) {
	st := store.New(tx)
	rows, err := st.Attached(ctx, docType, ids)
	if err != nil {
		return nil, err
	}
	out := make([]archiving.Item, 0, len(rows))
	for i := range rows {
		r := &rows[i]
		if err := st.Archive(ctx, r.ID, by.UserID, by.At); err != nil {
			return nil, err
		}
		if err := s.archived(ctx, tx, r, VerbArchived, by); err != nil {
			return nil, err
		}
		out = append(out, paymentItem(r))
	}
	return out, nil
}

// RestoreAttached brings back, in tx, the payments of items (their documents come back in the
// same transaction, with the paid amounts they kept).
func (s *Service) RestoreAttached(ctx context.Context, tx bun.IDB, items []archiving.Item, by archiving.Actor) error {
	st := store.New(tx)
	return archiving.Bring(items, KindPayment, func(it archiving.Item) error {
		r, err := st.Unarchive(ctx, it.ID, by.At)
		if err != nil {
			return err
		}
		return s.archived(ctx, tx, r, VerbRestored, by)
	})
}

// archived writes the audit entry and the event of verb (archived, restored) of payment r in tx.
func (s *Service) archived(ctx context.Context, tx bun.IDB, r *store.Row, verb string, by archiving.Actor) error {
	p := caller.Principal{UserID: by.UserID}
	detail := "batch=" + strconv.FormatInt(by.BatchID, 10) + " reason=" + by.Reason
	if err := audited(ctx, tx, p, Entity, r.CompanyID, r.ID, verb, detail, by.At); err != nil {
		return err
	}
	r.ApprovalReason = by.Reason
	return s.emit(ctx, tx, p, r, verb, by.At)
}

// ArchiveSettled runs once an archive or a restore committed: list totals recounted, the relay
// woken.
func (s *Service) ArchiveSettled(ctx context.Context) {
	s.Counter.Bump(ctx, store.Table)
	s.Events.Flush()
}

// SelectArchivable reads, on db, up to limit live payments of sel in sc by payment date and
// approval status. Neither a party (a supplier's and a customer's ids may be equal) nor a store
// narrows payments. Every payment may go.
func (s *Service) SelectArchivable(ctx context.Context, db bun.IDB, sc listing.Scope, sel archiving.Selection, limit int) ([]archiving.Record, error) {
	rows, err := store.New(db).Selected(ctx, sc, store.Filter{Approval: sel.Status, From: sel.From, To: sel.To}, sel.IDs, limit)
	out := make([]archiving.Record, len(rows))
	for i, r := range rows {
		out[i] = archiving.Record{ID: r.ID, CompanyID: r.CompanyID, Number: r.ReferenceNo, Party: r.PartyName, Date: r.PaymentDate,
			AmountCents: r.AmountCents}
	}
	return out, err
}

// Archive archives, in tx, the live payments ids on their own: an approved one is taken back
// from its document (a payment lowers its paid amount, a refund raises it again), through the
// document's owner with the document held, as a decision would.
//
// Each payment's document is held before the payment, the order of a decision (Decide) and of
// the document's own archive (which takes its payments along): taken the other way round, an
// archive of a payment and one of its document could each wait for the other's row — a
// deadlock, which PostgreSQL ends by failing one of them with a server error.
func (s *Service) Archive(ctx context.Context, tx bun.IDB, ids []int64, by archiving.Actor) ([]archiving.Item, error) {
	st := store.New(tx)
	return archiving.Take(ids, domain.MsgNotFound, func(id int64) (archiving.Item, error) {
		seen, err := st.Get(ctx, listing.Scope{All: true}, id)
		if err != nil {
			return archiving.Item{}, err
		}
		// A payment's type and document never change: the ones read before it is held are its own.
		ledger := s.Ledgers[payable.Type(seen.Type)]
		_, docErr := ledger.Document(ctx, tx, 0, seen.DocumentID)
		if docErr != nil && !errors.Is(docErr, store.ErrNotFound) {
			return archiving.Item{}, docErr
		}
		r, err := st.Held(ctx, id)
		if err != nil {
			return archiving.Item{}, err
		}
		if paidNow(r) {
			if docErr != nil {
				return archiving.Item{}, notFoundIsInternal(docErr)
			}
			if err := ledger.ApplyPaid(ctx, tx, r.DocumentID, -domain.Signed(r.Direction, r.AmountCents), by.At); err != nil {
				return archiving.Item{}, notFoundIsInternal(err)
			}
		}
		if err := st.Archive(ctx, r.ID, by.UserID, by.At); err != nil {
			return archiving.Item{}, err
		}
		return paymentItem(r), s.archived(ctx, tx, r, VerbArchived, by)
	})
}

// notFoundIsInternal keeps a live payment's missing document from reading as the payment gone
// (archiving.Take's not-found): a live payment's document is never deleted under it.
func notFoundIsInternal(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return apperror.Internal(err)
	}
	return err
}

// Restore brings back, in tx, the payments of items archived on their own: each must still fit
// its document (never overpaid, a refund within the credit), and an approved one counts on the
// document again. A document that is gone, or no room left, refuses with the reason.
func (s *Service) Restore(ctx context.Context, tx bun.IDB, items []archiving.Item, by archiving.Actor) error {
	st := store.New(tx)
	return archiving.Bring(items, KindPayment, func(it archiving.Item) error {
		r, err := st.Unarchive(ctx, it.ID, by.At)
		if err != nil {
			return err
		}
		ledger := s.Ledgers[payable.Type(r.Type)]
		doc, err := ledger.Document(ctx, tx, 0, r.DocumentID)
		if errors.Is(err, store.ErrNotFound) {
			return apperror.Conflict(fmt.Sprintf("%s cannot be restored: its document %s was deleted.", r.ReferenceNo, r.DocumentNumber))
		}
		if err != nil {
			return err
		}
		if err := fits(ctx, tx, r.Type, r.Direction, doc, r.ID, r.AmountCents, "amount_cents"); err != nil {
			if e := apperror.As(err); e != nil {
				return apperror.Conflict(fmt.Sprintf("%s cannot be restored: %s", r.ReferenceNo, e.Message))
			}
			return err
		}
		if paidNow(r) {
			if err := ledger.ApplyPaid(ctx, tx, r.DocumentID, domain.Signed(r.Direction, r.AmountCents), by.At); err != nil {
				return err
			}
		}
		return s.archived(ctx, tx, r, VerbRestored, by)
	})
}
