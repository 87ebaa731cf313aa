package payments

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/payments/internal/app"
	"github.com/backoffice/backoffice/platform/archiving"
)

// KindPayment is a payment's kind in an archive batch (archiving.Item.Kind).
const KindPayment = app.KindPayment

// Attached is the advanced delete's way to the payments that go with a purchase or a sale
// (archiving.Along): archived and restored with their document, which keeps its paid amount.
func (m *Module) Attached() archiving.Along { return attached{m.svc} }

type attached struct{ svc *app.Service }

func (a attached) Attached(ctx context.Context, db bun.IDB, docType string, ids []int64) (map[int64][]archiving.Item, error) {
	return a.svc.Attached(ctx, db, docType, ids)
}

func (a attached) ArchiveAttached(ctx context.Context, tx bun.IDB, docType string, ids []int64, by archiving.Actor) ([]archiving.Item, error) {
	return a.svc.ArchiveAttached(ctx, tx, docType, ids, by)
}

func (a attached) RestoreAttached(ctx context.Context, tx bun.IDB, items []archiving.Item, by archiving.Actor) error {
	return a.svc.RestoreAttached(ctx, tx, items, by)
}

func (a attached) Settled(ctx context.Context) { a.svc.ArchiveSettled(ctx) }

// Payments is the advanced delete's way to payments on their own (archiving.Kind): an approved
// payment archived is taken back from its document's paid amount (a refund given back to it),
// and counts again on restore if it still fits.
func (m *Module) Payments() archiving.Kind {
	return archiving.KindFuncs{Selecting: m.svc.SelectArchivable, Archiving: m.svc.Archive, Restoring: m.svc.Restore, Settling: m.svc.ArchiveSettled}
}

// PurchaseRefunds reads, on db, the reference numbers of the live pending and approved refunds
// of the purchases ids, by purchase (purchasing.Refunds: an approved return whose credit a
// refund settles stays).
func (m *Module) PurchaseRefunds(ctx context.Context, db bun.IDB, ids []int64) (map[int64][]string, error) {
	return m.svc.PurchaseRefunds(ctx, db, ids)
}
