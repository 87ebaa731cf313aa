// Package sales owns the sales: our invoice to a customer as the company records it — sale
// date, number VTA-000123 from the company's sequence, the customer's optional order reference,
// customer, store, lines (product, quantity, unit price, line discount), note and images —
// priced with the Colombian taxes of modules/tax (subtotal, discount, taxable base, VAT, the
// withholdings the customer practises, total), then paid, balance and status. It owns the
// sales, sale_lines and sale_words tables and publishes
// backoffice.sales.sale.{created,approved,rejected}.v1.
//
// Rules decided here (spec §3–§6 and issue 10 leave them open):
//   - Totals: the form posts its draft to POST /api/sales/quote while the user types and shows
//     the answer; saving prices the same draft again with the same code, so what is shown is
//     what is stored. Our company's tax flags (settings: has taxes, autorretenedor) and the
//     customer's profile (people: legal entity, gran contribuyente) are read at each pricing;
//     the UVT comes from modules/tax's table (tax.ComputeSale, DESIGN §5 "Sales"). The quote
//     leaves out only what is not typed yet (the store) and answers the same bounds and
//     messages as create and edit; stock is not part of it (only the save's transaction can
//     decide stock).
//   - Each line keeps the product's code, name, IVA class, kind and unit cost as of the sale
//     (catalog), so that profit — taxable base − cost, per line and per sale — stays exact when
//     costs change later. A line's discount is its own, from 0 to quantity × price.
//   - Stock: a sale takes its goods' units (services hold none) when it is recorded, pending
//     or approved, in its own transaction through catalog.AdjustStock, so two sales never sell
//     the same unit; a rejected sale and a deleted pending sale give them back; an edit moves
//     only each product's difference. Stock never goes below zero: 'Not enough stock of
//     {product}: {n} available.' on the first line of that product (n read under the product
//     row's lock), and nothing is stored. Products are adjusted in id order, so concurrent sales
//     never deadlock on each other's rows.
//   - Approval: users and secretaries record and edit their company's sales, which wait as
//     pending until an administrator approves or rejects them (reason required; approval.Run).
//     Administrators list, read, quote, approve, reject and delete, but never record or edit a
//     sale (spec §6 keeps them off /sale/add and /sale/edit: 403). Only pending sales are edited
//     ('Only pending sales can be edited.', 409) and deleted — softly, audited, their stock
//     given back; an approved sale is part of the books and a rejected one already gave its
//     stock back ('Sale cannot be deleted', 409); a sale with payments is never deleted.
//   - Payment status: pending, partial or paid (platform/payable) from paid_cents, with
//     balance = total − paid − returns (returns 0 until the returns issue). Payments reach a
//     sale only through Ledger (platform/payable), in the payment's transaction.
//   - Numbers are per company (VTA-000001 is each company's first sale), allocated in the
//     insert's transaction, never reused (a deleted sale keeps its number).
//   - The seller is the user who records the sale. Their name (the auth module's display name:
//     first and last name, else the username) is copied onto the sale then, and an edit keeps
//     it, so that everyone who reads the sale sees who sold it — only administrators list users.
//     The list's seller filter offers the sellers of the sales the caller may see
//     (GET /api/sales/sellers), each once, named as on their latest sale.
//   - Rejected customers cannot be sold to ('Customer is required').
//   - Images: 0 to 10 per sale, each at most 4 MB, checked by content (platform/attachments,
//     owner "sale"), readable exactly by those who can read the sale.
//   - The customers' figures (people.CustomerTotals: count, amount, paid, balance) and the
//     users' (auth.UserSales: count, amount) count approved sales only: a pending sale is not
//     yet a debt of the customer, and a rejected one never is.
//   - Numbers and dates have the bounds every document shares (platform/bounds): quantities up
//     to 1,000,000,000; a unit price up to 1,000,000,000,000.00; the lines (and their costs)
//     up to 100,000,000,000,000.00; the sale date from 2000-01-01 to ten years after today
//     (America/Bogota); up to 500 lines, a customer reference of 100 and a note of 5000
//     characters.
//
// Access: admin, user and secretary (not buyer) list, read, quote, delete, export and list the
// sellers; user and secretary create and edit; administrators approve and reject.
// Administrators see every company (optional company_id filter); everyone else sees and writes
// only their own company's sales, and another company's sale answers 404.
//
// Other modules plug in through Usage (built before them, reading only this module's tables):
// CustomerTotals and UserSales give the figures; CustomersInUse, StoreInUse and ProductsInUse
// implement people.CustomerReferences, settings.StoreReferences and catalog.ProductReferences,
// so a customer, store or product that a live sale names cannot be deleted. A sale keeps its
// customer (people's KeepCustomer) in the transaction that stores it — create, edit, restore —
// so that it and a delete of the customer cannot both succeed; create and edit keep the
// products of its lines the same way (catalog's KeepProducts, after the customer and before
// the stock moves; a product gone meanwhile refuses the line: 'Product Name is required').
// Module is the
// payments module's way to a sale (platform/payable.Ledger): Document, ApplyPaid, and Open — the
// approved sales with a balance of some customers, oldest first (a sale is due at once).
package sales

import (
	"github.com/backoffice/backoffice/modules/sales/internal/app"
)

// Subjects of the events this module publishes, through the outbox, in the transaction of the
// change.
var (
	SubjectSaleCreated  = app.Subject(app.VerbCreated)
	SubjectSaleApproved = app.Subject(app.VerbApproved)
	SubjectSaleRejected = app.Subject(app.VerbRejected)
)

// Event is the payload (the envelope's "data") of every sale event:
// {"id": 7, "number": "VTA-000007", "customer_name": "Acme", "amount_cents": 113650000,
// "created_by": 3, "status": "rejected", "reason": "Wrong price"}; status is the approval status
// after the change, reason only on rejections.
type Event = app.Event

// Sale is a sale as the API shows it (money in centavos).
type Sale = app.Sale

// Totals are a sale's computed amounts.
type Totals = app.SaleTotals
