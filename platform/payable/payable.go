// Package payable is the contract between the payments module and the modules that own the
// documents a payment settles: purchasing's purchases (money we pay a supplier) and sales' sales
// (money a customer pays us). The owner keeps paid, balance and status in its own table; the
// payments module never reads that table, it asks the owner through a Ledger, always inside the
// payment's own transaction (DESIGN rule 3), so a payment and the document's new balance commit
// or roll back together.
package payable

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
)

// Type is the kind of document a payment settles (the `type` of /payments/{type}/{id}).
type Type string

// The document types.
const (
	Purchase Type = "purchase"
	Sale     Type = "sale"
)

// Document is a payable document as its owner shows it to the payments module. Money in
// centavos.
type Document struct {
	ID, CompanyID int64
	// Number is what people call it: a purchase's reference number, a sale's VTA-000123.
	Number string
	// PartyID and PartyName are the supplier (purchase) or customer (sale), named as the
	// document copied them.
	PartyID   int64
	PartyName string
	Date      time.Time
	// TotalCents is what is owed for the document (a purchase's total to pay, a sale's total
	// after the customer's withholdings); PaidCents the approved payments; ReturnsCents the
	// approved returns; BalanceCents = Total − Paid − Returns.
	TotalCents, PaidCents, ReturnsCents, BalanceCents int64
	// PendingReturnsCents are returns recorded but not yet approved (purchases; 0 for sales):
	// like pending payments, they are kept out of what a new payment may take.
	PendingReturnsCents int64
	// ApprovalStatus is the document's own approval (pending, approved, rejected); Status its
	// payment status (pending, partial, paid, and the owner's own labels).
	ApprovalStatus, Status string
	// CreatedBy is who recorded the document (0 when unknown).
	CreatedBy int64
	// DueDate is when the document falls due (a purchase's date + days of credit); zero when the
	// document has none (sales are due at once).
	DueDate time.Time
	// Reference is the party's own reference: a purchase's is the supplier's invoice number (its
	// reference number, as Number), a sale's the customer's order reference ("" when none).
	Reference string
}

// Available is what a new payment may still take of d: its balance less the payments already
// pending on it (pendingCents, which the payments module keeps) and its pending returns (DESIGN
// §4: never overpaid, pending included). It may be negative when the document's total fell
// below what is pending.
func (d Document) Available(pendingCents int64) int64 {
	return d.BalanceCents - pendingCents - d.PendingReturnsCents
}

// Credit is what the document owes us back (saldo a favor): the part of its paid amount that its
// approved returns left beyond its total, −balance when the balance is below zero, else 0. A
// refund recorded on the document settles it.
func (d Document) Credit() int64 { return max(-d.BalanceCents, 0) }

// Ledger is what the owner of a document type gives the payments module.
type Ledger interface {
	// Document reads the live document id in tx and holds it until tx ends, so that
	// concurrent payments of one document take turns (on PostgreSQL a row lock, on SQLite the
	// write lock: the owner issues a no-op UPDATE of the row before reading it). companyID
	// scopes the read (0: any company, for administrators). A document that is missing,
	// deleted or of another company answers db.ErrNotFound.
	Document(ctx context.Context, tx bun.IDB, companyID, id int64) (Document, error)
	// ApplyPaid adds deltaCents (negative for an approved refund: money the party gives back) to the
	// document's paid amount in tx, and recomputes its balance and status in the same
	// statement. It refuses (an error, nothing changed) a paid amount below zero.
	ApplyPaid(ctx context.Context, tx bun.IDB, id, deltaCents int64, at time.Time) error
	// Open reads, on db, the documents a payment run may pay: the live, approved documents with a
	// balance (> 0) of the parties partyIDs, in company companyID (0: any company, for
	// administrators), soonest due first (then oldest), at most limit.
	Open(ctx context.Context, db bun.IDB, companyID int64, partyIDs []int64, limit int) ([]Document, error)
}

// Payment statuses every payable document shows (DESIGN §4: pending → partial → paid); an owner
// may add labels of its own (a purchase made from a received order is "received" until paid).
const (
	StatusPending = "pending"
	StatusPartial = "partial"
	StatusPaid    = "paid"
)

// Balance is what is still owed on a document: total − paid − returns.
func Balance(total, paid, returns int64) int64 { return total - paid - returns }

// StatusOf is a document's payment status: paid when nothing is owed any more (balance ≤ 0,
// returns included), partial when something but not everything is paid, pending otherwise.
func StatusOf(total, paid, returns int64) string {
	switch {
	case Balance(total, paid, returns) <= 0:
		return StatusPaid
	case paid > 0:
		return StatusPartial
	default:
		return StatusPending
	}
}

// Columns name a document table's columns for ApplyPaid: the total owed and the returns (the
// paid amount is paid_cents, the balance balance_cents and the status status in every owner's
// table), and Unpaid, the SQL expression of the status of a document that owes something and
// has nothing paid ('pending', or an owner's own label).
type Columns struct {
	Total, Returns, Unpaid string
}

// ApplyPaid is an owner's Ledger.ApplyPaid in SQL: q, an UPDATE of the owner's table, adds
// deltaCents to the paid amount of the live document id and sets its balance and status in the
// same statement, by Balance and StatusOf's rule. A paid amount that would go below zero changes
// nothing and answers db.ErrNotFound, as a missing document does.
func ApplyPaid(ctx context.Context, q *bun.UpdateQuery, c Columns, id, deltaCents int64, at time.Time) error {
	// Every SET expression reads the row as it was before the statement (SQL's rule on both
	// databases), so the new paid amount is written out in each.
	balance := c.Total + " - (paid_cents + ?) - " + c.Returns
	res, err := q.Set("paid_cents = paid_cents + ?", deltaCents).
		Set("balance_cents = "+balance, deltaCents).
		Set("status = CASE WHEN "+balance+" <= 0 THEN ? WHEN paid_cents + ? > 0 THEN ? ELSE "+c.Unpaid+" END",
			deltaCents, StatusPaid, deltaCents, StatusPartial).
		Set("updated_at = ?", at).
		Where("id = ?", id).Where("deleted_at IS NULL").Where("paid_cents + ? >= 0", deltaCents).Exec(ctx)
	return db.OneRow(res, err)
}

// Payable narrows q, a SELECT of an owner's live documents aliased alias, to those a payment run
// may pay (Ledger.Open): approved, with a balance, of the parties partyIDs in the owner's column
// partyColumn (supplier_id, customer_id); no parties, no documents.
func Payable(q *bun.SelectQuery, alias, partyColumn string, partyIDs []int64) *bun.SelectQuery {
	if len(partyIDs) == 0 {
		return q.Where("1 = 0")
	}
	return q.Where("? IN (?)", bun.Ident(alias+"."+partyColumn), bun.In(partyIDs)).
		Where(alias + ".approval_status = 'approved'").Where(alias + ".balance_cents > 0")
}

// Documents is the answer of an owner's Ledger.Open: its rows as Documents (of converts one),
// or its read's error.
func Documents[R any](rows []R, err error, of func(*R) Document) ([]Document, error) {
	if err != nil {
		return nil, err
	}
	out := make([]Document, len(rows))
	for i := range rows {
		out[i] = of(&rows[i])
	}
	return out, nil
}
