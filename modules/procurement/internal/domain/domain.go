// Package domain holds the procurement module's pure rules: the states of a purchase order and
// of a received order, what a valid order and receipt are, how much of an order may still be
// received, where an order goes when a receipt is approved, and who may delete an order. No
// I/O: the app layer calls these before and around the store.
package domain

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/backoffice/backoffice/platform/bounds"
)

// Messages the API sends (English keys; the web app translates them). Spec wording where the
// spec has one.
const (
	MsgNotFound          = "The requested information was not found"
	MsgCategoryRequired  = "Please select a category."
	MsgProductRequired   = "Product Name is required"
	MsgProductOfCategory = "The product does not belong to the selected category."
	MsgQuantityRequired  = "Input Product Quantity"
	MsgQuantityTooLarge  = bounds.MsgQuantity
	MsgNoteTooLong       = "Note may have at most 1000 characters."
	MsgOverBalance       = "Receive quantity cannot exceed the balance."
	MsgNotReceivable     = "Only approved purchase orders can be received."
	MsgOrderNotEditable  = "An approved purchase order cannot be edited."
	MsgReceiptNotEdit    = "Only pending received orders can be edited."
	MsgDeleteNotAllowed  = "You are not allowed to delete purchase order(s) on your role"
	MsgOrderInUse        = "Purchase Order cannot be deleted"
	MsgDraftNotApproved  = "Only approved received orders can become a purchase."
	MsgUnknownStatus     = "Unknown status."
	MsgImageOnlyOne      = "Send one image at most."
	MsgOrderOtherCompany = "The product must belong to your company."
)

// Limits.
const (
	// MaxQuantity bounds ordered and received units: the quantity bound every document and
	// the stock share (platform/bounds).
	MaxQuantity = bounds.MaxQuantity
	// MaxNoteLen bounds a note, in characters.
	MaxNoteLen = 1000
)

// OrderStatus is a purchase order's state: pending until an admin decides; approved or
// rejected (a rejected order, corrected, is pending again); an approved order becomes
// partially_received with its first approved receipt and received once approved receipts cover
// the ordered quantity.
type OrderStatus string

// The purchase order states.
const (
	OrderPending           OrderStatus = "pending"
	OrderApproved          OrderStatus = "approved"
	OrderRejected          OrderStatus = "rejected"
	OrderPartiallyReceived OrderStatus = "partially_received"
	OrderReceived          OrderStatus = "received"
)

// Editable reports whether an order in s may be edited: while pending, and once rejected (the
// edit corrects it and sends it again). An approved order, received or not, is not: the approval
// was given for what it asks.
func (s OrderStatus) Editable() bool { return s == OrderPending || s == OrderRejected }

// Receivable reports whether goods may be received against an order in s: it was approved and
// is not complete yet.
func (s OrderStatus) Receivable() bool { return s == OrderApproved || s == OrderPartiallyReceived }

// Counted reports whether an order in s counts as ordered in the category figures: every state
// an admin's approval leads to.
func (s OrderStatus) Counted() bool {
	return s == OrderApproved || s == OrderPartiallyReceived || s == OrderReceived
}

// ParseOrderStatus reads the status list filter ("" is no filter).
func ParseOrderStatus(v string) (OrderStatus, error) {
	switch s := OrderStatus(strings.TrimSpace(v)); s {
	case "", OrderPending, OrderApproved, OrderRejected, OrderPartiallyReceived, OrderReceived:
		return s, nil
	}
	return "", fmt.Errorf("%s", MsgUnknownStatus)
}

// CountedStatuses are the OrderStatus values that Counted accepts, for SQL IN lists.
var CountedStatuses = []string{string(OrderApproved), string(OrderPartiallyReceived), string(OrderReceived)}

// ReceivableStatuses are the OrderStatus values that Receivable accepts, for SQL IN lists.
var ReceivableStatuses = []string{string(OrderApproved), string(OrderPartiallyReceived)}

// AfterReceipt is the order's state once an approved receipt brings its received units to
// received out of ordered.
func AfterReceipt(received, ordered int64) OrderStatus {
	if received >= ordered {
		return OrderReceived
	}
	return OrderPartiallyReceived
}

// ReceiptStatus is a received order's state: pending until an admin approves (stock rises) or
// rejects it (its units go back to the order's balance).
type ReceiptStatus string

// The received order states.
const (
	ReceiptPending  ReceiptStatus = "pending"
	ReceiptApproved ReceiptStatus = "approved"
	ReceiptRejected ReceiptStatus = "rejected"
)

// ParseReceiptStatus reads the status list filter ("" is no filter).
func ParseReceiptStatus(v string) (ReceiptStatus, error) {
	switch s := ReceiptStatus(strings.TrimSpace(v)); s {
	case "", ReceiptPending, ReceiptApproved, ReceiptRejected:
		return s, nil
	}
	return "", fmt.Errorf("%s", MsgUnknownStatus)
}

// Balance is what may still be received of an order: ordered units minus the units of its
// receipts that are pending or approved ("booked"). Rejected receipts give their units back.
func Balance(ordered, booked int64) int64 { return ordered - booked }

// OrderInput is a purchase order as the user types it.
type OrderInput struct {
	CategoryID int64
	ProductID  int64
	Quantity   int64
	Note       string
}

// Normalize trims the note.
func (in OrderInput) Normalize() OrderInput {
	in.Note = strings.TrimSpace(in.Note)
	return in
}

// Validate returns the message of each invalid field (nil when valid), keyed by JSON field.
func (in OrderInput) Validate() map[string]string {
	f := map[string]string{}
	if in.CategoryID <= 0 {
		f["category_id"] = MsgCategoryRequired
	}
	if in.ProductID <= 0 {
		f["product_id"] = MsgProductRequired
	}
	checkQuantity(f, in.Quantity)
	checkNote(f, in.Note)
	if len(f) == 0 {
		return nil
	}
	return f
}

// ReceiptInput is a receipt as the user types it: the units received this time and a note.
type ReceiptInput struct {
	Quantity int64
	Note     string
}

// Normalize trims the note.
func (in ReceiptInput) Normalize() ReceiptInput {
	in.Note = strings.TrimSpace(in.Note)
	return in
}

// Validate returns the message of each invalid field (nil when valid). The balance is checked
// by the store, atomically with the booking.
func (in ReceiptInput) Validate() map[string]string {
	f := map[string]string{}
	checkQuantity(f, in.Quantity)
	checkNote(f, in.Note)
	if len(f) == 0 {
		return nil
	}
	return f
}

func checkQuantity(f map[string]string, q int64) {
	switch {
	case q <= 0:
		f["quantity"] = MsgQuantityRequired
	case q > MaxQuantity:
		f["quantity"] = MsgQuantityTooLarge
	}
}

func checkNote(f map[string]string, note string) {
	if utf8.RuneCountInString(note) > MaxNoteLen {
		f["note"] = MsgNoteTooLong
	}
}

// FieldOrder is the form's order: the first invalid field's message becomes the error message.
var FieldOrder = []string{"category_id", "product_id", "quantity", "note", "image"}

// DeleteVerdict is the answer to "may this caller delete this order?".
type DeleteVerdict int

// Delete verdicts.
const (
	// DeleteAllowed: the order may be soft-deleted.
	DeleteAllowed DeleteVerdict = iota
	// DeleteForbidden: 403 MsgDeleteNotAllowed.
	DeleteForbidden
	// DeleteInUse: 409 MsgOrderInUse (receipts refer to the order).
	DeleteInUse
)

// DeleteRequest is what the delete rule looks at.
type DeleteRequest struct {
	// Admin and Buyer are the caller's role (neither: user or secretary).
	Admin, Buyer bool
	// Own: the caller created the order.
	Own    bool
	Status OrderStatus
	// Receipts is the number of received orders (any state) of the order.
	Receipts int64
}

// CanDelete is the purchase-order delete rule (the spec leaves the roles open):
//   - an order with received orders (of any state) is never deleted: they are the record of
//     goods that came in (409 'Purchase Order cannot be deleted'), whoever asks — except that
//     roles who may not delete at all are told so first (403);
//   - an admin deletes any order without receipts (pending, approved or rejected): an approved
//     order nobody will deliver is cancelled this way;
//   - a buyer deletes the orders they created while still pending (a mistake before anyone
//     decided), nothing else;
//   - user and secretary never delete (403 'You are not allowed to delete purchase order(s) on
//     your role'), nor a buyer outside the case above.
func CanDelete(r DeleteRequest) DeleteVerdict {
	switch {
	case r.Admin:
		if r.Receipts > 0 {
			return DeleteInUse
		}
		return DeleteAllowed
	case r.Buyer && r.Own && r.Status == OrderPending:
		if r.Receipts > 0 { // cannot happen (pending orders are not received); kept total
			return DeleteInUse
		}
		return DeleteAllowed
	default:
		return DeleteForbidden
	}
}

// Reference prefixes: an order's or receipt's reference is the prefix and its number in the
// company's sequence of that kind (sequence.Number: "PO-000042", "RO-000007"); unique within
// the company, and saying nothing about other companies.
const (
	OrderPrefix   = "PO"
	ReceiptPrefix = "RO"
)

// The advanced delete's refusals (spec §8's 'X cannot be deleted' wording; modules/archive shows
// them in the preview and as a restore's reason).

// MsgReceiptInvoiced: a received order a live purchase invoices stays while the purchase does.
func MsgReceiptInvoiced(purchase string) string {
	return fmt.Sprintf("Received order cannot be deleted: purchase %s invoices it.", purchase)
}

// MsgReceiptSold: the units an approved received order brought in were sold meanwhile.
func MsgReceiptSold(product string, quantity, available int64) string {
	return fmt.Sprintf("Received order cannot be deleted: it brought %d of %s and only %d are in stock.", quantity, product, available)
}

// MsgOrderInvoiced: one of the order's received orders is invoiced.
func MsgOrderInvoiced(receipt, purchase string) string {
	return fmt.Sprintf("Purchase order cannot be deleted: its received order %s is invoiced by purchase %s.", receipt, purchase)
}

// MsgOrderSold: the units the order's approved received orders brought in were sold meanwhile.
func MsgOrderSold(product string, quantity, available int64) string {
	return fmt.Sprintf("Purchase order cannot be deleted: its received orders brought %d of %s and only %d are in stock.", quantity, product, available)
}

// MsgRestoreOrderGone: an archived received order's purchase order was archived or deleted since.
func MsgRestoreOrderGone(receipt, order string) string {
	return fmt.Sprintf("%s cannot be restored: its purchase order %s was deleted.", receipt, order)
}

// MsgRestoreNoBalance: other received orders took the balance an archived one had on its order.
func MsgRestoreNoBalance(receipt, order string) string {
	return fmt.Sprintf("%s cannot be restored: its purchase order %s no longer has the balance for it.", receipt, order)
}
