package app

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/procurement/internal/domain"
	"github.com/backoffice/backoffice/modules/procurement/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/listing"
)

// orderStatuses are MoveReceipt's statuses: received, partially received, approved.
var orderStatuses = [3]string{string(domain.OrderReceived), string(domain.OrderPartiallyReceived), string(domain.OrderApproved)}

// receiptMoves are the changes received order r makes, times sign, to its order's booked and
// received units: a pending one books its units, an approved one books and received them, a
// rejected one gave them back.
func receiptMoves(r *store.Receipt, sign int64) (booked, received int64) {
	switch domain.ReceiptStatus(r.Status) {
	case domain.ReceiptPending:
		return sign * r.Quantity, 0
	case domain.ReceiptApproved:
		return sign * r.Quantity, sign * r.Quantity
	}
	return 0, 0
}

// SelectReceipts reads, on db, up to limit live received orders of sel in sc (dates on their
// creation, status as theirs), each blocked when a purchase invoices it or, approved, when its
// units were sold since.
func (s *Service) SelectReceipts(ctx context.Context, db bun.IDB, sc listing.Scope, sel archiving.Selection, limit int) ([]archiving.Record, error) {
	c, ok := chosen(sel, false)
	if !ok && len(sel.IDs) == 0 {
		return nil, nil
	}
	rows, err := store.New(db).SelectedReceipts(ctx, sc, c, sel.IDs, limit)
	if err != nil {
		return nil, err
	}
	if err := fillNames(ctx, s.d.Catalog, rows); err != nil {
		return nil, err
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	invoiced, err := s.invoiced(ctx, db, ids)
	if err != nil {
		return nil, err
	}
	out := make([]archiving.Record, len(rows))
	for i := range rows {
		r := &rows[i]
		it := receiptItem(r)
		out[i] = archiving.Record{ID: r.ID, CompanyID: r.CompanyID, Number: r.ReferenceNo, Party: it.Party,
			Date: r.CreatedAt.In(calendar.Bogota).Format(calendar.DateLayout), AmountCents: it.AmountCents,
			Blocked: receiptBlocked(r, invoiced)}
	}
	return out, nil
}

// ArchiveReceipts archives, in tx, the live received orders ids on their own, each held: an
// approved one's units leave stock, and its order's booked and received units, receipt count
// and status are recomputed without it (a pending one frees its booking). A receipt blocked
// since the preview fails the whole archive with the reason.
func (s *Service) ArchiveReceipts(ctx context.Context, tx bun.IDB, ids []int64, by archiving.Actor) ([]archiving.Item, error) {
	st := store.New(tx)
	if err := lockOrdersOf(ctx, st, ids); err != nil {
		return nil, err
	}
	return archiving.Take(ids, domain.MsgNotFound, func(id int64) (archiving.Item, error) {
		r, err := st.HoldReceipt(ctx, id)
		if err != nil {
			return archiving.Item{}, err
		}
		if r, err = named(ctx, s.d.Catalog, r, nil); err != nil {
			return archiving.Item{}, err
		}
		invoiced, err := s.invoiced(ctx, tx, []int64{id})
		if err != nil {
			return archiving.Item{}, err
		}
		if ref := invoiced[id]; ref != "" {
			return archiving.Item{}, apperror.Conflict(domain.MsgReceiptInvoiced(ref))
		}
		booked, received := receiptMoves(&r.Receipt, -1)
		if err := st.MoveReceipt(ctx, r.PurchaseOrderID, booked, received, -1, orderStatuses, domain.CountedStatuses, by.At); err != nil {
			return archiving.Item{}, orderFailed(err)
		}
		if received != 0 {
			if err := s.moveStock(ctx, tx, r.ProductID, received, func(n int64) string {
				return domain.MsgReceiptSold(r.ProductName, r.Quantity, n)
			}); err != nil {
				return archiving.Item{}, err
			}
		}
		if err := st.ArchiveReceipt(ctx, id, by.UserID, by.At); err != nil {
			return archiving.Item{}, err
		}
		it := receiptItem(r)
		return it, s.archived(ctx, tx, EntityReceipt, it, receiptEvent(&r.Receipt), VerbArchived, by)
	})
}

func receiptEvent(r *store.Receipt) Event {
	return Event{CreatedBy: deref(r.CreatedBy), Status: r.Status, Quantity: r.Quantity, PurchaseOrderID: r.PurchaseOrderID}
}

// RestoreReceipts brings back, in tx, the received orders of items archived on their own: each
// books (and, approved, receives) its units on its order again and an approved one's units
// join stock again. It refuses, with the reason, a receipt whose order or product was deleted
// since, or whose order's balance other receipts took meanwhile.
func (s *Service) RestoreReceipts(ctx context.Context, tx bun.IDB, items []archiving.Item, by archiving.Actor) error {
	st := store.New(tx)
	var ids []int64
	for _, it := range items {
		if it.Kind == KindReceipt {
			ids = append(ids, it.ID)
		}
	}
	if err := lockOrdersOf(ctx, st, ids); err != nil {
		return err
	}
	return archiving.Bring(items, KindReceipt, func(it archiving.Item) error {
		r, err := st.UnarchiveReceipt(ctx, it.ID, by.At)
		if err != nil {
			return err
		}
		order, err := st.Order(ctx, r.PurchaseOrderID)
		if err != nil {
			return err
		}
		if order.DeletedAt != nil {
			return apperror.Conflict(domain.MsgRestoreOrderGone(r.ReferenceNo, order.ReferenceNo))
		}
		if err := s.productLive(ctx, tx, r.CompanyID, r.ProductID, r.ReferenceNo); err != nil {
			return err
		}
		booked, received := receiptMoves(r, +1)
		err = st.MoveReceipt(ctx, r.PurchaseOrderID, booked, received, +1, orderStatuses, domain.CountedStatuses, by.At)
		if isNotFound(err) {
			return apperror.Conflict(domain.MsgRestoreNoBalance(r.ReferenceNo, order.ReferenceNo))
		}
		if err != nil {
			return err
		}
		if received != 0 {
			if _, err := s.d.Stock.AdjustStock(ctx, tx, r.ProductID, received); err != nil {
				return err
			}
		}
		return s.archived(ctx, tx, EntityReceipt, it, receiptEvent(r), VerbRestored, by)
	})
}

// lockOrdersOf takes, in st's transaction, the purchase orders of the received orders ids before
// anything of theirs is changed: the order first, then its receipts (the package's lock order).
func lockOrdersOf(ctx context.Context, st *store.Store, ids []int64) error {
	orders, err := st.ReceiptOrders(ctx, ids)
	if err != nil {
		return err
	}
	return st.LockOrders(ctx, orders)
}
