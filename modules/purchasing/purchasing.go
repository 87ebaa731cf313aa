// Package purchasing owns the purchases: the supplier's invoice as the company records it —
// purchase date, reference number, supplier, store, days of credit and due date, the invoice
// image (required, one image of at most 4 MB), note, shipping, discount, returns, shipping
// carrier and lines (category, product, expiry date, unit cost, quantity) — priced with the
// Colombian taxes of modules/tax (subtotal, taxable base, VAT, ReteFuente, ReteIVA, total to
// pay), then paid, returns, balance and status — and the purchase returns (goods sent back to
// the supplier, or a price correction agreed with it). It owns the purchases, purchase_lines,
// purchase_returns and purchase_return_lines tables and publishes
// backoffice.purchasing.purchase.{created,approved,rejected}.v1 and
// backoffice.purchasing.return.{created,approved,rejected}.v1.
//
// Returns live here, not in a module of their own, because a return is part of its purchase's
// ledger: its lines are the purchase's lines, its taxes are the purchase's taxes in proportion,
// and its amount moves the purchase's returns, balance and status. What a return may take
// depends on the purchase's other returns and is checked with the purchase row held, in the same
// transaction that writes the return and the purchase's new figures (and, when approved, takes
// its goods out of stock through the catalog): one module owning both keeps that one
// transaction and one lock, where a module of its own would reach into the purchase's figures
// through a ledger interface as wide as this module.
//
// Purchase returns, rules decided here (issue 11, DESIGN §4–§5):
//   - Only approved purchases take returns ('Only approved purchases can be returned.').
//   - A goods return names lines of the purchase and units: a line's units are at most what was
//     bought less what the live approved and pending returns take ('<product>: at most N can be
//     returned.'). A value return names value_cents, the agreed reduction of the base, at most
//     the base still returnable ('The value exceeds what can still be returned ($ …).').
//   - The figures come from modules/tax (ComputeReturn) in proportion to what the purchase
//     stored: the returned share of each line's subtotal, discount, base and IVA, and the
//     withholdings given back in the proportion the purchase withheld them; shipping is not
//     returned; the last return absorbs the rounding so the returns never exceed the purchase's
//     total to pay less the shipping's share (see modules/tax). DESIGN §5's example with 2 of 10
//     units at 85.000 returned: base 161.500, IVA 30.685, ReteFuente 4.038, ReteIVA 4.603,
//     amount 183.544.
//   - Every write of a purchase's returns (create, approve, reject, delete) holds the purchase
//     first (payable's lock: FOR UPDATE on PostgreSQL, the write lock on SQLite), as payments do,
//     so concurrent returns never take more than was bought and a payment never takes what a
//     pending return will.
//   - Approval as payments: an administrator's return is approved at once, anyone else's is
//     pending until an administrator approves or rejects it (reason required). Pending returns
//     hold their units and amount: the purchase's pending_return_cents, which payable.Document
//     gives the payments module (PendingReturnsCents), so a payment cannot take it. On approval,
//     in one transaction: a goods return's units leave stock through the catalog's AdjustStock
//     (goods lines only; a product without the units refuses the whole approval, naming it —
//     nothing changes), the amount moves from pending_return_cents to return_cents (Σ approved
//     returns), and the balance (total to pay − paid − returns) and status follow
//     (payable.StatusOf's rule). Rejection frees the units and the amount.
//   - Delete: pending or rejected returns only, softly, with their images (a pending one frees
//     what it held); an approved return is part of the books (409).
//   - A return may exceed what is still owed: on a paid purchase it leaves a negative balance,
//     a credit in the company's favour (saldo a favor, credit_cents = max(0, −balance)), shown
//     on the purchase and summed on its supplier (people's supplier figures: balance owed and
//     credit apart). Its steps, for a purchase of total T (TestReturnOnAPaidPurchaseSettledByARefund
//     in modules/payments runs them through the API): 1) the purchase is paid: paid T, balance
//     0, status paid; 2) a return of X is recorded: pending, it only holds X
//     (pending_return_cents X; a payment cannot take it, and it is no credit yet, so no refund
//     either); 3) the return is approved: its units leave stock, returns X, balance −X, credit X
//     on the purchase and on its supplier, status paid; 4) the supplier's refund is recorded on
//     that purchase — money in — by the payments module (direction refund, at most the credit
//     less the other pending refunds; see its package doc): pending, nothing moves; approved,
//     paid falls by it through Ledger.ApplyPaid — refunding all of X leaves paid T − X, balance
//     0, credit 0 (on the supplier too; its returns stay X), status paid — and no further
//     refund fits.
//   - The purchase form no longer takes returns: return_cents in its body is ignored (the web
//     shows it read-only), the quote answers 0, and a purchase's return_cents is only ever
//     Σ approved returns.
//   - A return copies its purchase's reference and supplier, and who recorded and who decided it
//     (by name), as of then; its search words are its reference, its purchase's reference and
//     its supplier's name. Reference number 1–100 characters, required ('Reference No is
//     required.' — spec §5's 'El número de referencia es obligatorio.'); note up to 5000; up to
//     10 images of 4 MB each, checked by content, readable by whoever reads the return.
//
// Rules decided here (spec §3–§5 leave them open):
//   - Totals: the form posts its draft to POST /api/purchases/quote while the user types and
//     shows the answer; saving prices the same draft again with the same code, so what is shown
//     is what is stored. The supplier's tax profile (people) and the buying company's flags
//     (settings) are read at each pricing; the UVT comes from modules/tax's table.
//   - Status label: paid when balance ≤ 0 (balance = total to pay − paid − returns), partial
//     when 0 < paid and something is still owed, received when nothing is paid and the purchase
//     was made from a received order, pending otherwise. Approval is a separate field.
//   - Approval: created by an administrator → approved; by a user or secretary → pending until an
//     administrator approves or rejects it (reason required). Pending and rejected purchases are
//     edited, approved ones are not; an edit of a rejected purchase corrects it and sends it
//     again: pending, reason cleared, purchase.created published again so the administrators
//     are asked as for a new one. Approved purchases are not deleted (nor any with payments);
//     pending and rejected ones are (the delete's write checks again that the purchase is
//     not approved, so an approval meanwhile — after which payments and returns may come —
//     refuses it: 'Purchase cannot be deleted').
//   - The reference number is unique per company and supplier, ignoring letter case, among live
//     purchases ('Reference Number is already taken.'); a unique index decides under races.
//   - Expiries in 5 days: purchases (pending or approved) with a balance whose due date is from
//     today to today + 5 days in America/Bogota, both included. Overdue purchases are not listed
//     there (they belong to the expired purchases report).
//   - A purchase's lines keep the product's code, name, category name, IVA class and kind as of
//     the purchase, like the printed invoice.
//   - A purchase made from a received order (received_order_id, create only) names a live,
//     approved received order of its own company ('The selected received order is invalid.' for
//     a missing or another company's one alike, 'Only approved received orders can become a
//     purchase.'), checked and kept from being deleted in the purchase's transaction through
//     ReceivedOrders (procurement) — a restore of an archived purchase keeps it too, and is
//     refused when it was deleted since ('… cannot be restored: its received order was
//     deleted.');
//     a received order becomes at most one live purchase of its company ('This received order
//     already has a purchase.'; the unique index (company, received order) decides under races).
//   - Stock does not move with purchases: it moves when a received order is approved
//     (modules/procurement), which is how goods come in.
//   - Rejected suppliers cannot be bought from ('Please select a supplier').
//   - Numbers and dates have the bounds every document shares (platform/bounds), stated in
//     their messages and answered alike by the quote, create and edit: quantities up to
//     1,000,000,000; a unit cost up to 1,000,000,000,000.00; the subtotal, shipping, discount
//     and returns each up to 100,000,000,000,000.00; days of credit 1 to 3650; purchase and
//     expiry dates from 2000-01-01 to ten years after today (America/Bogota). The quote leaves
//     out only what is not typed yet (reference, store, credit of 0).
//
// Access: admin, user and secretary (not buyer) list, read, quote, create, edit, delete and
// export purchases and returns; administrators approve and reject. Administrators see every company (optional
// company_id filter) and may create in another company; everyone else sees and writes only
// their own company's purchases, and another company's purchase answers 404.
//
// Other modules plug in through Usage: SuppliersInUse, StoreInUse, ProductsInUse and
// CategoriesInUse implement people.SupplierReferences, settings.StoreReferences and
// catalog.ProductReferences / CategoryReferences, so a supplier, store, product or category
// that a live purchase names cannot be deleted; a purchase keeps its supplier (people's
// KeepSupplier) in the transaction that stores it — create, edit, restore — so that it and a
// delete of the supplier cannot both succeed; create and edit keep the products of its lines
// the same way (catalog's KeepProducts; a product gone meanwhile refuses the line, as a missing
// one does), and its category with them (a category with a live product cannot go). Module is
// the payments module's way to a
// purchase (platform/payable.Ledger): Document holds the purchase in the payment's transaction
// (a row lock on PostgreSQL, the write lock on SQLite) — its reference number is both its number
// and the supplier's invoice number, its due date the purchase's —, ApplyPaid moves paid, balance
// and status in one statement (received until something is paid, for a purchase made from a
// received order), and Open lists the approved purchases with a balance of some suppliers,
// soonest due first. Only approved payments reach paid; a purchase with payments is not deleted.
// Usage.SupplierTotals gives people its suppliers' figures, returns and credits included.
package purchasing

import (
	"github.com/backoffice/backoffice/modules/purchasing/internal/app"
)

// Subjects of the events this module publishes, through the outbox, in the transaction of the
// change.
var (
	SubjectPurchaseCreated  = app.Subject(app.VerbCreated)
	SubjectPurchaseApproved = app.Subject(app.VerbApproved)
	SubjectPurchaseRejected = app.Subject(app.VerbRejected)
)

// Event is the payload (the envelope's "data") of every purchase event:
// {"id": 7, "reference_no": "FV-1001", "supplier_name": "Acme", "amount_cents": 141282000,
// "created_by": 3, "status": "rejected", "reason": "Wrong total"}; status is the approval status
// after the change, reason only on rejections.
type Event = app.Event

// Purchase is a purchase as the API shows it (money in centavos).
type Purchase = app.Purchase

// Totals are a purchase's computed amounts.
type Totals = app.PurchaseTotals

// Subjects of the purchase returns' events (backoffice.purchasing.return.<verb>.v1).
var (
	SubjectReturnCreated  = app.ReturnSubject(app.VerbCreated)
	SubjectReturnApproved = app.ReturnSubject(app.VerbApproved)
	SubjectReturnRejected = app.ReturnSubject(app.VerbRejected)
)

// ReturnEvent is the payload of every return event: {"id": 4, "reference_no": "DV-1",
// "kind": "goods", "purchase_id": 12, "purchase_reference_no": "FV-1001", "supplier_name": "Acme",
// "amount_cents": 18354400, "created_by": 3, "status": "rejected", "reason": "Not agreed"};
// status is the approval status after the change, reason only on rejections.
type ReturnEvent = app.ReturnEvent

// Return is a purchase return as the API shows it (money in centavos).
type Return = app.Return
