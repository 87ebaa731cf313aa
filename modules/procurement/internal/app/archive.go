package app

import (
	"context"
	"strconv"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/catalog"
	"github.com/backoffice/backoffice/modules/procurement/internal/domain"
	"github.com/backoffice/backoffice/modules/procurement/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/caller"
)

// Verbs of the advanced delete's events (backoffice.procurement.{purchase,received}_order.<verb>.v1).
const (
	VerbArchived = "archived"
	VerbRestored = "restored"
)

// Kinds of the records this module archives (archiving.Item.Kind).
const (
	KindOrder   = EntityOrder
	KindReceipt = EntityReceipt
)

// Invoices is what the advanced delete asks the purchasing module, which owns purchases: the
// live purchase that invoices each received order.
type Invoices interface {
	// InvoicedReceipts reads, on db, the reference of the live purchase invoicing each received
	// order among ids.
	InvoicedReceipts(ctx context.Context, db bun.IDB, ids []int64) (map[int64]string, error)
}

// chosen is the store's filter of sel: its status ("approved" is every order past approval —
// approved, partially received, received) and its dates as whole days in the company's time
// zone. Orders and receipts name no supplier or store: a party or a store selects nothing.
func chosen(sel archiving.Selection, orders bool) (store.Chosen, bool) {
	var c store.Chosen
	if sel.PartyID != 0 || sel.StoreID != 0 {
		return c, false
	}
	switch {
	case sel.Status == string(domain.OrderApproved) && orders:
		c.Statuses = domain.CountedStatuses
	case sel.Status != "":
		c.Statuses = []string{sel.Status}
	}
	if d, err := calendar.ParseDate(sel.From); err == nil {
		c.From = &d
	}
	if d, err := calendar.ParseDate(sel.To); err == nil {
		next := d.AddDate(0, 0, 1)
		c.Until = &next
	}
	return c, true
}

func (s *Service) invoiced(ctx context.Context, db bun.IDB, ids []int64) (map[int64]string, error) {
	if s.d.Invoices == nil || len(ids) == 0 {
		return map[int64]string{}, nil
	}
	return s.d.Invoices.InvoicedReceipts(ctx, db, ids)
}

func receiptItem(r *store.ReceiptRow) archiving.Item {
	return archiving.Item{Kind: KindReceipt, ID: r.ID, CompanyID: r.CompanyID, Number: r.ReferenceNo, Party: r.ProductName,
		AmountCents: amountOf(r.Quantity, r.ProductCostCents)}
}

func orderItem(o *store.OrderRow) archiving.Item {
	return archiving.Item{Kind: KindOrder, ID: o.ID, CompanyID: o.CompanyID, Number: o.ReferenceNo, Party: o.ProductName,
		AmountCents: amountOf(o.Quantity, o.ProductCostCents)}
}

// receiptBlocked is why received order r cannot go on its own ("" when it can): a purchase
// invoices it, or it was approved and its units were sold since.
func receiptBlocked(r *store.ReceiptRow, invoiced map[int64]string) string {
	if ref := invoiced[r.ID]; ref != "" {
		return domain.MsgReceiptInvoiced(ref)
	}
	if r.Status == string(domain.ReceiptApproved) && r.ProductStock < r.Quantity {
		return domain.MsgReceiptSold(r.ProductName, r.Quantity, r.ProductStock)
	}
	return ""
}

// orderBlocked is why order o cannot go with its received orders ("" when it can): one of them
// is invoiced, or the units the approved ones brought were sold since.
func orderBlocked(o *store.OrderRow, receipts []store.ReceiptRow, invoiced map[int64]string) string {
	var brought int64
	for _, r := range receipts {
		if ref := invoiced[r.ID]; ref != "" {
			return domain.MsgOrderInvoiced(r.ReferenceNo, ref)
		}
		if r.Status == string(domain.ReceiptApproved) {
			brought += r.Quantity
		}
	}
	if brought > 0 && o.ProductStock < brought {
		return domain.MsgOrderSold(o.ProductName, brought, o.ProductStock)
	}
	return ""
}

// archived writes the audit entry and the event of verb (archived, restored) of the order or
// received order entity id, in tx; the detail names the batch and its reason.
func (s *Service) archived(ctx context.Context, tx bun.IDB, entity string, it archiving.Item, ev Event, verb string, by archiving.Actor) error {
	p := caller.Principal{UserID: by.UserID}
	detail := "batch=" + strconv.FormatInt(by.BatchID, 10) + " reason=" + by.Reason
	if err := s.record(ctx, tx, p, it.CompanyID, entity+"_"+verb, entity, it.ID, detail, by.At); err != nil {
		return err
	}
	ev.ID, ev.ReferenceNo, ev.AmountCents, ev.ProductName, ev.Reason = it.ID, it.Number, it.AmountCents, it.Party, by.Reason
	return s.emit(ctx, tx, entity, verb, it.CompanyID, by.UserID, ev, by.At)
}

// moveStock adds delta units of product to stock in tx; a shortage refuses with refused(available).
func (s *Service) moveStock(ctx context.Context, tx bun.IDB, product, delta int64, refused func(available int64) string) error {
	_, err := s.d.Stock.AdjustStock(ctx, tx, product, delta)
	if n, short := catalog.Short(err); short {
		return apperror.Conflict(refused(n))
	}
	return err
}

// productLive refuses to bring back number when its product (of company) was deleted since, and
// keeps the product, in tx, until the restore is stored (catalog's KeepProducts), as a new
// order keeps it.
func (s *Service) productLive(ctx context.Context, tx bun.IDB, company, product int64, number string) error {
	kept, err := s.d.Catalog.KeepProducts(ctx, tx, company, []int64{product})
	if err != nil {
		return err
	}
	if len(kept) == 0 {
		return apperror.Conflict(archiving.ProductGone(number))
	}
	return nil
}

// ArchiveSettled runs once an archive or a restore committed: the orders' and receipts' list
// totals are recounted, the relay woken, the stock lists refreshed.
func (s *Service) ArchiveSettled(ctx context.Context) {
	s.changed(ctx, store.TableOrders, store.TableReceipts)
	s.d.Stock.StockChanged(ctx)
}
