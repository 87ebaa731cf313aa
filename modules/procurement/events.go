package procurement

import (
	"github.com/backoffice/backoffice/modules/procurement/internal/app"
	"github.com/backoffice/backoffice/platform/eventbus"
)

// Subjects of the events this module publishes, through the outbox, in the transaction of the
// change:
//   - purchase_order.created: a new (pending) order;
//   - purchase_order.approved / rejected: an admin decided (reason on rejections);
//   - purchase_order.received: an approved receipt completed the order (status "received");
//     partial deliveries are told by received_order.approved;
//   - received_order.created: goods were received against an order (pending approval);
//   - received_order.approved / rejected: an admin decided; approval added the units to stock.
var (
	SubjectOrderCreated    = eventbus.Subject(app.Module, app.EntityOrder, app.VerbCreated)
	SubjectOrderApproved   = eventbus.Subject(app.Module, app.EntityOrder, app.VerbApproved)
	SubjectOrderRejected   = eventbus.Subject(app.Module, app.EntityOrder, app.VerbRejected)
	SubjectOrderReceived   = eventbus.Subject(app.Module, app.EntityOrder, app.VerbReceived)
	SubjectReceiptCreated  = eventbus.Subject(app.Module, app.EntityReceipt, app.VerbCreated)
	SubjectReceiptApproved = eventbus.Subject(app.Module, app.EntityReceipt, app.VerbApproved)
	SubjectReceiptRejected = eventbus.Subject(app.Module, app.EntityReceipt, app.VerbRejected)
)

// Event is the payload (the envelope's "data") of every procurement event:
//
//	{"id": 7, "reference_no": "RO-000007", "supplier_name": "", "amount_cents": 85000000,
//	 "created_by": 4, "reason": "Damaged boxes", "status": "rejected",
//	 "product_name": "Arroz 500 g", "quantity": 10, "purchase_order_id": 3}
//
// created_by is the record's creator (the one to tell about decisions); reason only on
// rejections; purchase_order_id only on received orders; supplier_name is always "" (orders
// name no supplier); amount_cents is quantity at the product's catalog cost.
type Event = app.Event
