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
}

// Ledger is what the owner of a document type gives the payments module.
type Ledger interface {
	// Document reads the live document id in tx and holds it until tx ends, so that
	// concurrent payments of one document take turns (on PostgreSQL a row lock, on SQLite the
	// write lock: the owner issues a no-op UPDATE of the row before reading it). companyID
	// scopes the read (0: any company, for administrators). A document that is missing,
	// deleted or of another company answers db.ErrNotFound.
	Document(ctx context.Context, tx bun.IDB, companyID, id int64) (Document, error)
	// ApplyPaid adds deltaCents (negative when an approved payment is taken back) to the
	// document's paid amount in tx, and recomputes its balance and status in the same
	// statement. It refuses (an error, nothing changed) a paid amount below zero.
	ApplyPaid(ctx context.Context, tx bun.IDB, id, deltaCents int64, at time.Time) error
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
