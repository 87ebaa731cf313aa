// Package procurement owns the buyer's purchase orders and the received orders booked against
// them (tables purchase_orders and received_orders).
//
// A purchase order asks for Quantity units of one product (with its category), with an optional
// image and a note. It is created pending by a buyer, user or secretary; an admin approves it or
// rejects it with a reason. Pending and rejected orders are edited, approved ones are not ('An
// approved purchase order cannot be edited.'): an edit of a rejected order corrects it and sends
// it again — pending, reason and decision cleared, audited "purchase_order_resubmitted",
// purchase_order.created published again so the admins are asked as for a new order — as a
// rejected purchase is (modules/purchasing). Goods then arrive against an approved order,
// partially and repeatedly: each delivery is a received order (pending) of "receive quantity"
// units, refused beyond the order's balance ('Receive quantity cannot exceed the balance.'),
// where
//
//	balance = ordered − units of the order's pending and approved receipts
//
// (a rejected receipt gives its units back). An admin approves a received order — its units
// join the product's stock through catalog.AdjustStock in the same transaction — or rejects it.
// The order is partially_received after its first approved receipt and received once approved
// receipts cover the ordered quantity:
//
//	pending → approved | rejected;  rejected → pending (edited);  approved → partially_received → received
//
// A received order, once approved, becomes a purchase without retyping: GET
// /api/received-orders/{id}/purchase-draft gives the purchase lines (category, product,
// quantity, and the product's current catalog cost as the last known cost).
//
// Who does what (spec §6's route table, held on the server): every role lists and opens orders
// and receipts and receives against approved orders and edits pending receipts; buyers, users
// and secretaries create orders (admins do not); users and secretaries edit pending and rejected
// orders (neither buyers nor admins have the edit page); admins approve and reject both.
//
// Deleting a purchase order (the spec leaves the roles open; decided here and enforced by the
// server, see domain.CanDelete):
//   - an order that has received orders, of any state, is never deleted: 409 'Purchase Order
//     cannot be deleted' — they record goods that came in;
//   - admins delete any order without receipts (a pending mistake, a rejected order, an approved
//     order nobody will deliver);
//   - buyers delete the orders they created while still pending;
//   - anyone else — users, secretaries, a buyer outside that case — gets 403 'You are not
//     allowed to delete purchase order(s) on your role'.
//
// The advanced delete (modules/archive, archive.go here) archives orders with their received
// orders, and received orders on their own, reversing what they did (stock, the order's booked
// and received units and status) and re-applying it on restore; an invoiced received order,
// or one whose units were sold, stays ('… cannot be deleted: …'): a purchase invoicing a
// received order keeps it (Usage.KeepReceivedOrder, FOR KEY SHARE) in the transaction that
// stores or restores it, and an archive takes the received orders (FOR UPDATE: on their own,
// held one by one; with their order, all of them once the order is held) before it asks which
// purchases invoice them, so that a purchase and an archive of its received order never both
// succeed. Otherwise received orders
// are not deleted (a rejection is how a wrong one is set aside), and a rejected
// one is not edited or sent again: its rejection gave its units back to the order's balance,
// which other receipts may have taken since, so the goods are received again as a new received
// order against the order.
//
// Lock order: every write that changes a purchase order and its received orders takes the
// order's row first, then the received orders' rows, then the product's stock (the catalog's
// row) — receiving and editing a receipt book on the order first, deciding a receipt takes its
// order first (store.LockOrders), archiving and restoring received orders on their own take
// their orders first, archiving an order holds it before its receipts — so that two such
// writes on PostgreSQL queue behind each other instead of deadlocking. A write that stores an
// order naming a product keeps that product from being deleted until it commits (the catalog's
// KeepProducts, FOR KEY SHARE): creating and editing an order keep it before the order's row
// (product keep → order → received orders → product stock), restoring an order or a receipt
// keeps it once the order is taken (order → received orders → product keep → product stock).
// Either place is safe: the keep waits only for an archive of the product, which holds product
// rows alone (in id order) and waits for nothing else, and the stock change that follows locks
// the kept row as NO KEY UPDATE, which the keep does not block. So an order and an archive of
// its product never both succeed: the archive either waits for the order and sees it, or goes
// first and the order is refused as naming a missing product ('Product Name is required').
//
// Numbers: orders are PO-000001, PO-000002, … and receipts RO-000001, … per company, from the
// company's counters (platform/sequence, names "purchase_order" and "received_order") moved in
// the transaction that stores the document; a number is never given twice in a company (unique
// index), and says nothing about other companies.
//
// Tenancy: an order belongs to its creator's company and its product and category must be of
// that company; admins see every company (optional company_id filter), everyone else only their
// own, and another company's record answers 404.
//
// The module reads the catalog's categories and products through the catalog module (names in
// lists, checking and keeping an order's product), and changes stock only through the
// catalog's AdjustStock. It
// answers the catalog's questions through Usage: units ordered and received per category
// (catalog.CategoryQuantities) and whether a category or product is still referenced
// (catalog.CategoryReferences / ProductReferences).
//
// Events (outbox, in the write's transaction; see events.go):
// backoffice.procurement.purchase_order.{created,approved,rejected,received}.v1 and
// backoffice.procurement.received_order.{created,approved,rejected}.v1.
package procurement

import (
	"context"
	"errors"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/catalog"
	"github.com/backoffice/backoffice/modules/procurement/internal/app"
	"github.com/backoffice/backoffice/modules/procurement/internal/domain"
	"github.com/backoffice/backoffice/modules/procurement/internal/store"
)

// PurchaseOrder is the API's view of a purchase order.
type PurchaseOrder = app.PurchaseOrder

// ReceivedOrder is the API's view of a received order.
type ReceivedOrder = app.ReceivedOrder

// PurchaseDraft is the purchase draft of an approved received order.
type PurchaseDraft = app.PurchaseDraft

// Catalog is what the module reads of the catalog: the product and category an order is checked
// against, the names its lists show, the products a search finds (*catalog.Module).
type Catalog = app.Catalog

// Stock is what the module needs of the catalog: stock adjustments inside its transaction
// (catalog.Module implements it).
type Stock = app.Stock

// Messages the API sends that clients may test for.
const (
	MsgDeleteNotAllowed = domain.MsgDeleteNotAllowed
	MsgOrderInUse       = domain.MsgOrderInUse
	MsgOverBalance      = domain.MsgOverBalance
)

// Usage answers other modules' questions about purchase orders and received orders from the
// procurement tables alone: the catalog's (units per category, references) and purchasing's
// (the received order a purchase invoices, kept while the purchase is stored). It needs only the database, so it is
// wired into those modules before the procurement module itself (which needs the catalog's
// stock).
type Usage struct{ st *store.Store }

// NewUsage returns the Usage of db.
func NewUsage(db bun.IDB) *Usage { return &Usage{st: store.New(db)} }

// Holds names what keeps a product or category it references from going (archiving.Holder).
func (u *Usage) Holds() string { return "purchase orders" }

// CategoryQuantities implements catalog.CategoryQuantities: ordered is the sum of the
// quantities of approved orders (approved, partially received or received), received the sum
// of approved received orders.
func (u *Usage) CategoryQuantities(ctx context.Context, ids []int64) (map[int64]catalog.Quantities, error) {
	sums, err := u.st.CategoryQuantities(ctx, ids, domain.CountedStatuses, string(domain.ReceiptApproved))
	if err != nil {
		return nil, err
	}
	out := make(map[int64]catalog.Quantities, len(sums))
	for id, q := range sums {
		out[id] = catalog.Quantities{Ordered: q.Ordered, Received: q.Received}
	}
	return out, nil
}

// CategoriesInUse implements catalog.CategoryReferences: which of the categories ids a live
// order or receipt names, read on db.
func (u *Usage) CategoriesInUse(ctx context.Context, db bun.IDB, ids []int64) ([]int64, error) {
	return u.st.With(db).Using(ctx, "category_id", ids)
}

// ProductsInUse implements catalog.ProductReferences: which of the products ids a live order or
// receipt names, read on db.
func (u *Usage) ProductsInUse(ctx context.Context, db bun.IDB, ids []int64) ([]int64, error) {
	return u.st.With(db).Using(ctx, "product_id", ids)
}

// ReceiptApproved is the status of a received order an administrator approved: the only one a
// purchase may invoice.
const ReceiptApproved = string(domain.ReceiptApproved)

// KeepReceivedOrder keeps the live received order id of company companyID from being deleted
// until db — the transaction that stores a purchase invoicing it — ends, and returns its status
// (pending, approved, rejected): an archive of the receipt or of its order either waits for the
// purchase and is refused (an invoiced received order cannot be deleted), or goes first and the
// purchase finds the receipt gone. A missing, deleted or other company's received order answers
// "" alike.
func (u *Usage) KeepReceivedOrder(ctx context.Context, db bun.IDB, companyID, id int64) (string, error) {
	status, err := u.st.With(db).KeepReceipt(ctx, companyID, id)
	if errors.Is(err, store.ErrNotFound) {
		return "", nil
	}
	return status, err
}
