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

// SelectOrders reads, on db, up to limit live purchase orders of sel in sc (dates on their
// creation; "approved" is every order past approval), each with its live received orders as
// dependents, and blocked when one of them is invoiced or the units the approved ones brought
// were sold since.
func (s *Service) SelectOrders(ctx context.Context, db bun.IDB, sc listing.Scope, sel archiving.Selection, limit int) ([]archiving.Record, error) {
	c, ok := chosen(sel, true)
	if !ok && len(sel.IDs) == 0 {
		return nil, nil
	}
	st := store.New(db)
	rows, err := st.SelectedOrders(ctx, sc, c, sel.IDs, limit)
	if err != nil {
		return nil, err
	}
	if err := fillNames(ctx, s.d.Catalog, rows); err != nil {
		return nil, err
	}
	ids := make([]int64, len(rows))
	for i, o := range rows {
		ids[i] = o.ID
	}
	receipts, invoiced, err := s.receiptsOf(ctx, db, ids)
	if err != nil {
		return nil, err
	}
	out := make([]archiving.Record, len(rows))
	for i := range rows {
		o := &rows[i]
		it := orderItem(o)
		rec := archiving.Record{ID: o.ID, CompanyID: o.CompanyID, Number: o.ReferenceNo, Party: it.Party,
			Date: o.CreatedAt.In(calendar.Bogota).Format(calendar.DateLayout), AmountCents: it.AmountCents,
			Blocked: orderBlocked(o, receipts[o.ID], invoiced)}
		for j := range receipts[o.ID] {
			rec.Dependents = append(rec.Dependents, receiptItem(&receipts[o.ID][j]))
		}
		out[i] = rec
	}
	return out, nil
}

// receiptsOf reads, on db, the live received orders of the orders ids with their names, by
// order, and the purchases that invoice them.
func (s *Service) receiptsOf(ctx context.Context, db bun.IDB, ids []int64) (map[int64][]store.ReceiptRow, map[int64]string, error) {
	byOrder, err := store.New(db).ReceiptsOf(ctx, ids)
	if err != nil {
		return nil, nil, err
	}
	var receiptIDs []int64
	for id, rs := range byOrder {
		if err := fillNames(ctx, s.d.Catalog, rs); err != nil {
			return nil, nil, err
		}
		for _, r := range rs {
			receiptIDs = append(receiptIDs, r.ID)
		}
		byOrder[id] = rs
	}
	invoiced, err := s.invoiced(ctx, db, receiptIDs)
	return byOrder, invoiced, err
}

// ArchiveOrders archives, in tx, the live purchase orders ids, each held, with their received
// orders: the units the approved ones brought leave stock; the order keeps its booked and
// received figures, as it goes and comes back whole. An order blocked since the preview fails
// the whole archive with the reason.
func (s *Service) ArchiveOrders(ctx context.Context, tx bun.IDB, ids []int64, by archiving.Actor) ([]archiving.Item, error) {
	st := store.New(tx)
	var deps []archiving.Item
	out, err := archiving.Take(ids, domain.MsgNotFound, func(id int64) (archiving.Item, error) {
		o, err := st.HoldOrder(ctx, id)
		if err != nil {
			return archiving.Item{}, err
		}
		if o, err = named(ctx, s.d.Catalog, o, nil); err != nil {
			return archiving.Item{}, err
		}
		receipts, invoiced, err := s.receiptsOf(ctx, tx, []int64{id})
		if err == nil && len(receipts[id]) > 0 {
			// Its received orders taken (no new one comes: receiving books on the held order),
			// which purchases invoice them is read again: a purchase storing meanwhile keeps the
			// one it invoices until it commits, and is seen now.
			rids := make([]int64, len(receipts[id]))
			for i, r := range receipts[id] {
				rids[i] = r.ID
			}
			if err = st.LockReceipts(ctx, rids); err == nil {
				invoiced, err = s.invoiced(ctx, tx, rids)
			}
		}
		if err != nil {
			return archiving.Item{}, err
		}
		if len(invoiced) > 0 { // orderBlocked names the invoiced receipt first
			return archiving.Item{}, apperror.Conflict(orderBlocked(o, receipts[id], invoiced))
		}
		var brought int64
		for i := range receipts[id] {
			r := &receipts[id][i]
			if r.Status == string(domain.ReceiptApproved) {
				brought += r.Quantity
			}
			if err := st.ArchiveReceipt(ctx, r.ID, by.UserID, by.At); err != nil {
				return archiving.Item{}, err
			}
			it := receiptItem(r)
			if err := s.archived(ctx, tx, EntityReceipt, it, receiptEvent(&r.Receipt), VerbArchived, by); err != nil {
				return archiving.Item{}, err
			}
			deps = append(deps, it)
		}
		if brought > 0 {
			if err := s.moveStock(ctx, tx, o.ProductID, -brought, func(n int64) string {
				return domain.MsgOrderSold(o.ProductName, brought, n)
			}); err != nil {
				return archiving.Item{}, err
			}
		}
		if err := st.ArchiveOrder(ctx, id, by.UserID, by.At); err != nil {
			return archiving.Item{}, err
		}
		it := orderItem(o)
		return it, s.archived(ctx, tx, EntityOrder, it, orderEvent(&o.Order), VerbArchived, by)
	})
	return append(out, deps...), err
}

func orderEvent(o *store.Order) Event {
	return Event{CreatedBy: deref(o.CreatedBy), Status: o.Status, Quantity: o.Quantity}
}

// RestoreOrders brings back, in tx, the purchase orders of items and then their received
// orders, whose approved units join stock again. It refuses, with the reason, an order whose
// product was deleted since.
func (s *Service) RestoreOrders(ctx context.Context, tx bun.IDB, items []archiving.Item, by archiving.Actor) error {
	st := store.New(tx)
	err := archiving.Bring(items, KindOrder, func(it archiving.Item) error {
		o, err := st.UnarchiveOrder(ctx, it.ID, by.At)
		if err != nil {
			return err
		}
		if err := s.productLive(ctx, tx, o.CompanyID, o.ProductID, o.ReferenceNo); err != nil {
			return err
		}
		return s.archived(ctx, tx, EntityOrder, it, orderEvent(o), VerbRestored, by)
	})
	if err != nil {
		return err
	}
	return archiving.Bring(items, KindReceipt, func(it archiving.Item) error {
		r, err := st.UnarchiveReceipt(ctx, it.ID, by.At)
		if err != nil {
			return err
		}
		if r.Status == string(domain.ReceiptApproved) {
			if _, err := s.d.Stock.AdjustStock(ctx, tx, r.ProductID, r.Quantity); err != nil {
				return err
			}
		}
		return s.archived(ctx, tx, EntityReceipt, it, receiptEvent(r), VerbRestored, by)
	})
}
