package sales

import (
	"github.com/backoffice/backoffice/modules/sales/internal/app"
	"github.com/backoffice/backoffice/platform/archiving"
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
func (m *Module) Sales() archiving.Kind {
	return archiving.KindFuncs{Selecting: m.svc.SelectArchivable, Archiving: m.svc.Archive, Restoring: m.svc.Restore, Settling: m.svc.ArchiveSettled}
}
