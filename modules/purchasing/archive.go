package purchasing

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/purchasing/internal/app"
	"github.com/backoffice/backoffice/modules/purchasing/internal/store"
	"github.com/backoffice/backoffice/platform/archiving"
)

// Kinds of the records the advanced delete archives here (archiving.Item.Kind).
const (
	KindPurchase = app.KindPurchase
	KindReturn   = app.KindReturn
)

// Subjects of the advanced delete's purchase events.
var (
	SubjectPurchaseArchived = app.Subject(app.VerbArchived)
	SubjectPurchaseRestored = app.Subject(app.VerbRestored)
)

// Purchases is the advanced delete's way to purchases (archiving.Kind): a purchase goes with
// its returns (an approved goods return's units come back to stock) and comes back with them;
// its payments are the payments module's (archiving.Along).
func (m *Module) Purchases() archiving.Kind {
	return archiving.KindFuncs{Selecting: m.svc.SelectArchivable, Archiving: m.svc.Archive, Restoring: m.svc.Restore, Settling: m.svc.ArchiveSettled}
}

// Refunds is what the returns kind asks the payments module (*payments.Module): the live
// refunds of purchases, which settle the credit their approved returns left.
type Refunds = app.Refunds

// Returns is the advanced delete's way to returns on their own (archiving.Kind), the purchase
// staying: an approved return gives its goods back to stock and its amount back to the
// purchase's balance, a pending one frees its pending amount, and restore re-applies them. An
// approved return whose purchase has a live refund cannot be deleted (the refund goes first).
func (m *Module) Returns(refunds Refunds) archiving.Kind { return app.NewReturnsKind(m.svc, refunds) }

// InvoicedReceipts reads, on db, the reference of the live purchase that invoices each received
// order among ids (procurement.Invoices: an invoiced received order, and its purchase order,
// cannot be deleted while the purchase stands).
func (m *Module) InvoicedReceipts(ctx context.Context, db bun.IDB, ids []int64) (map[int64]string, error) {
	return store.New(db).Invoicing(ctx, ids)
}
