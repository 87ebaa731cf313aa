package people

import (
	"github.com/backoffice/backoffice/modules/people/internal/app"
	"github.com/backoffice/backoffice/platform/eventbus"
)

// Subjects of the events this module publishes, through the outbox, in the transaction of the
// change. Created is published for every new record (approval_status tells whether it waits
// for an admin); approved and rejected when an admin decides.
var (
	SubjectCustomerCreated  = eventbus.Subject(app.Module, "customer", app.VerbCreated)
	SubjectCustomerApproved = eventbus.Subject(app.Module, "customer", app.VerbApproved)
	SubjectCustomerRejected = eventbus.Subject(app.Module, "customer", app.VerbRejected)
	SubjectSupplierCreated  = eventbus.Subject(app.Module, "supplier", app.VerbCreated)
	SubjectSupplierApproved = eventbus.Subject(app.Module, "supplier", app.VerbApproved)
	SubjectSupplierRejected = eventbus.Subject(app.Module, "supplier", app.VerbRejected)
	// Archived and restored by the advanced delete (modules/archive); reason is the batch's.
	SubjectCustomerArchived = eventbus.Subject(app.Module, "customer", app.VerbArchived)
	SubjectCustomerRestored = eventbus.Subject(app.Module, "customer", app.VerbRestored)
	SubjectSupplierArchived = eventbus.Subject(app.Module, "supplier", app.VerbArchived)
	SubjectSupplierRestored = eventbus.Subject(app.Module, "supplier", app.VerbRestored)
)

// Event is the payload (the envelope's "data") of every people event:
// {"id": 12, "name": "Ana Gómez", "approval_status": "rejected", "reason": "Duplicate"}; reason
// on rejections, archives and restores.
type Event = app.Event
