package procurement

import (
	"github.com/backoffice/backoffice/modules/procurement/internal/app"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/eventbus"
)

// Invoices is what the advanced delete asks the purchasing module (*purchasing.Module): the
// live purchase invoicing each received order.
type Invoices = app.Invoices

// Kinds of the records the advanced delete archives here (archiving.Item.Kind).
const (
	KindOrder   = app.KindOrder
	KindReceipt = app.KindReceipt
)

// Subjects of the advanced delete's events.
var (
	SubjectOrderArchived   = eventbus.Subject(app.Module, app.EntityOrder, app.VerbArchived)
	SubjectOrderRestored   = eventbus.Subject(app.Module, app.EntityOrder, app.VerbRestored)
	SubjectReceiptArchived = eventbus.Subject(app.Module, app.EntityReceipt, app.VerbArchived)
	SubjectReceiptRestored = eventbus.Subject(app.Module, app.EntityReceipt, app.VerbRestored)
)

// PurchaseOrders is the advanced delete's way to purchase orders (archiving.Kind): an order
// goes with its received orders — the units the approved ones brought leave stock — and comes
// back with them; an order one of whose received orders a purchase invoices, or whose units
// were sold since, cannot be deleted.
func (m *Module) PurchaseOrders() archiving.Kind {
	return archiving.KindFuncs{Selecting: m.svc.SelectOrders, Archiving: m.svc.ArchiveOrders, Restoring: m.svc.RestoreOrders, Settling: m.svc.ArchiveSettled}
}

// ReceivedOrders is the advanced delete's way to received orders on their own (archiving.Kind):
// an approved one's units leave stock and its order's received units and status are recomputed
// (a pending one frees its booking), all re-applied on restore; one a purchase invoices, or
// whose units were sold since, cannot be deleted.
func (m *Module) ReceivedOrders() archiving.Kind {
	return archiving.KindFuncs{Selecting: m.svc.SelectReceipts, Archiving: m.svc.ArchiveReceipts, Restoring: m.svc.RestoreReceipts, Settling: m.svc.ArchiveSettled}
}
