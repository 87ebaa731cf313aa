package purchasing

import (
	"github.com/backoffice/backoffice/modules/purchasing/internal/app"
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
