package purchasing

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/purchasing/internal/app"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/listing"
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
func (m *Module) Purchases() archiving.Kind { return purchaseKind{m.svc} }

type purchaseKind struct{ svc *app.Service }

func (k purchaseKind) Select(ctx context.Context, db bun.IDB, sc listing.Scope, sel archiving.Selection, limit int) ([]archiving.Record, error) {
	return k.svc.SelectArchivable(ctx, db, sc, sel, limit)
}

func (k purchaseKind) Archive(ctx context.Context, tx bun.IDB, ids []int64, by archiving.Actor) ([]archiving.Item, error) {
	return k.svc.Archive(ctx, tx, ids, by)
}

func (k purchaseKind) Restore(ctx context.Context, tx bun.IDB, items []archiving.Item, by archiving.Actor) error {
	return k.svc.Restore(ctx, tx, items, by)
}

func (k purchaseKind) Settled(ctx context.Context) { k.svc.ArchiveSettled(ctx) }
