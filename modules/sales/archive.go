package sales

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/sales/internal/app"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/listing"
)

// KindSale is a sale's kind in an archive batch (archiving.Item.Kind).
const KindSale = app.KindSale

// Subjects of the advanced delete's sale events.
var (
	SubjectSaleArchived = app.Subject(app.VerbArchived)
	SubjectSaleRestored = app.Subject(app.VerbRestored)
)

// Sales is the advanced delete's way to sales (archiving.Kind): an archived sale gives its
// units back to stock and takes them again on restore; its payments are the payments
// module's (archiving.Along).
func (m *Module) Sales() archiving.Kind { return saleKind{m.svc} }

type saleKind struct{ svc *app.Service }

func (k saleKind) Select(ctx context.Context, db bun.IDB, sc listing.Scope, sel archiving.Selection, limit int) ([]archiving.Record, error) {
	return k.svc.SelectArchivable(ctx, db, sc, sel, limit)
}

func (k saleKind) Archive(ctx context.Context, tx bun.IDB, ids []int64, by archiving.Actor) ([]archiving.Item, error) {
	return k.svc.Archive(ctx, tx, ids, by)
}

func (k saleKind) Restore(ctx context.Context, tx bun.IDB, items []archiving.Item, by archiving.Actor) error {
	return k.svc.Restore(ctx, tx, items, by)
}

func (k saleKind) Settled(ctx context.Context) { k.svc.ArchiveSettled(ctx) }
