package payments

import (
	"github.com/backoffice/backoffice/modules/payments/internal/app"
	"github.com/backoffice/backoffice/platform/approval"
)

// Subjects of the events this module publishes, through the outbox, in the transaction of the
// change.
var (
	SubjectPaymentCreated  = app.Subject(app.VerbCreated)
	SubjectPaymentApproved = app.Subject(approval.Decision{Status: approval.Approved}.Verb())
	SubjectPaymentRejected = app.Subject(approval.Decision{Status: approval.Rejected}.Verb())
)

// Event is the payload (the envelope's "data") of every payment event:
// {"id": 7, "reference_no": "TR-1001", "type": "purchase", "direction": "payment", "document_id": 12,
// "document_number": "FV-1001", "party_name": "Acme", "amount_cents": 50000000, "created_by": 3,
// "status": "rejected", "reason": "Wrong amount"}; status is the approval status after the
// change, reason only on rejections; direction is "refund" for a refund (money a supplier gives
// back).
type Event = app.Event
