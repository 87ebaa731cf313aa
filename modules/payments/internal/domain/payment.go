// Package domain holds the payments rules that need no I/O: the payment form's and the run's
// validation with their messages, the bounds every document shares (platform/bounds: an amount
// up to 100,000,000,000,000.00, a date from 2000-01-01 to ten years after today in
// America/Bogota), the never-overpaid rule's arithmetic and its message with the amount still
// available written as Colombian pesos, and a document's days overdue.
package domain

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/bounds"
	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/payable"
)

// Messages, sent as the English keys the web app translates. MsgReferenceRequired is spec §5's
// "reference number is required" (the spec gives only the Spanish, 'El número de referencia es
// obligatorio'); it is the purchase form's English sentence, so both forms read alike.
const (
	MsgTypeRequired      = "Choose purchase or sale."
	MsgDocumentRequired  = "Choose the document to pay."
	MsgDateRequired      = "Payment Date is required"
	MsgReferenceRequired = "Reference No is required"
	MsgReferenceTooLong  = "Reference No may have at most 100 characters."
	MsgAmount            = "The amount must be greater than 0."
	MsgMethod            = "Choose a payment method."
	MsgNoteTooLong       = "Note may have at most 5000 characters."
	MsgTooManyImages     = "A payment may have at most 10 images."
	MsgRunImages         = "A run may have one image."
	MsgNoItems           = "Choose at least one document."
	MsgTooManyItems      = "A run may pay at most 200 documents."
	MsgNotApproved       = "Only approved documents can be paid."
	MsgOtherCompany      = "The documents of a run must belong to one company."
	MsgDocumentInvalid   = "The selected document is invalid."
	MsgNotFound          = "The requested information was not found"
	MsgCannotDelete      = "Payment cannot be deleted"
	MsgPartyNeedsType    = "Choose purchase or sale to filter by party."
	MsgPartyRequired     = "Choose at least one supplier or customer."
	MsgInvalid           = apperror.MsgMissingFields
)

// MsgOverpaid is the refusal of an amount above what the document may still take: available,
// written as pesos ('The payment exceeds the balance due ($ 1.234.567).'); never less than $ 0.
func MsgOverpaid(availableCents int64) string {
	return fmt.Sprintf("The payment exceeds the balance due (%s).", COP(max(availableCents, 0)))
}

// Limits of the forms.
const (
	// MaxReferenceLen bounds the reference number (a transfer's, a cheque's), in characters.
	MaxReferenceLen = 100
	// MaxNoteLen bounds the note, in characters.
	MaxNoteLen = 5000
	// MaxImages bounds a payment's images (the receipt, the transfer's proof…).
	MaxImages = 10
	// MaxRunImages bounds a run's images: one proof for the whole run.
	MaxRunImages = 1
	// MaxItems bounds the documents of one run (a form, not an import).
	MaxItems = 200
)

// RunPrefix is the prefix of the runs' per-company sequence: LOTE-000123.
const RunPrefix = "LOTE"

// Methods are the ways a payment is made.
var Methods = []string{"cash", "transfer", "card", "cheque"}

// ValidType reports whether t is a payable document type (purchase, sale).
func ValidType(t string) bool { return t == string(payable.Purchase) || t == string(payable.Sale) }

// ValidMethod reports whether m is one of Methods.
func ValidMethod(m string) bool { return slices.Contains(Methods, m) }

// Header is what a payment and a run share: the type of document, the payment date, the
// reference number, the method and the note.
type Header struct {
	Type        string
	Date        string
	ReferenceNo string
	Method      string
	Note        string
}

// Draft is the payment form as typed.
type Draft struct {
	Header
	DocumentID  int64
	AmountCents int64
}

// Item is one document of a run and the amount paid on it.
type Item struct {
	DocumentID  int64
	AmountCents int64
}

// Run is the run form as typed: one header for every item.
type Run struct {
	Header
	Items []Item
}

// Fields maps a form field to its message; a run's items are "items.<i>.<field>" (i from 0).
type Fields = map[string]string

// ItemField names field of item i.
func ItemField(i int, field string) string { return "items." + strconv.Itoa(i) + "." + field }

// fieldOrder is the forms' order: the first invalid field's message becomes the error message.
var fieldOrder = []string{"type", "document_id", "date", "reference_no", "amount_cents", "method", "note", "items", "images"}

// Refused is the answer to a form with the invalid fields f: the first in form order (items after
// the header, the first by name) gives the message.
func Refused(f Fields) error { return apperror.Form(f, fieldOrder...) }

// Normalize trims the texts of h.
func (h Header) Normalize() Header {
	h.Type, h.Date, h.Method = strings.TrimSpace(h.Type), strings.TrimSpace(h.Date), strings.TrimSpace(h.Method)
	h.ReferenceNo, h.Note = strings.TrimSpace(h.ReferenceNo), strings.TrimSpace(h.Note)
	return h
}

// check adds to f what the header alone tells wrong at instant now (today is the business date).
func (h Header) check(f Fields, now time.Time) {
	if !ValidType(h.Type) {
		f["type"] = MsgTypeRequired
	}
	switch t, err := calendar.ParseDate(h.Date); {
	case h.Date == "" || err != nil:
		f["date"] = MsgDateRequired
	case !bounds.DateInRange(t, calendar.Today(now)):
		f["date"] = bounds.MsgDate
	}
	switch n := utf8.RuneCountInString(h.ReferenceNo); {
	case n == 0:
		f["reference_no"] = MsgReferenceRequired
	case n > MaxReferenceLen:
		f["reference_no"] = MsgReferenceTooLong
	}
	if !ValidMethod(h.Method) {
		f["method"] = MsgMethod
	}
	if utf8.RuneCountInString(h.Note) > MaxNoteLen {
		f["note"] = MsgNoteTooLong
	}
}

// amount adds to f, under field, what is wrong with an amount: it must be more than zero and at
// most a document's bound.
func amount(f Fields, field string, cents int64) {
	switch {
	case cents <= 0:
		f[field] = MsgAmount
	case cents > bounds.MaxDocumentCents:
		f[field] = bounds.MsgDocumentCents
	}
}

// Validate checks what the payment form alone can tell (no database) at instant now.
func Validate(d Draft, now time.Time) Fields {
	f := Fields{}
	d.check(f, now)
	if d.DocumentID <= 0 {
		f["document_id"] = MsgDocumentRequired
	}
	amount(f, "amount_cents", d.AmountCents)
	return f
}

// ValidateRun checks what the run form alone can tell at instant now: the header, and each item
// (a document, an amount). A document may come twice: each amount counts against its balance.
func ValidateRun(r Run, now time.Time) Fields {
	f := Fields{}
	r.check(f, now)
	switch {
	case len(r.Items) == 0:
		f["items"] = MsgNoItems
	case len(r.Items) > MaxItems:
		f["items"] = MsgTooManyItems
	}
	for i, it := range r.Items {
		if it.DocumentID <= 0 {
			f[ItemField(i, "document_id")] = MsgDocumentRequired
		}
		amount(f, ItemField(i, "amount_cents"), it.AmountCents)
	}
	return f
}

// Overpaid reports whether amountCents exceeds what document doc may still take with
// pendingCents of other payments pending on it, and what it may take (payable.Document.Available).
// Never overpaid: a payment is refused when paid + pending + pending returns + it would pass the
// total.
func Overpaid(doc payable.Document, pendingCents, amountCents int64) (available int64, over bool) {
	available = doc.Available(pendingCents)
	return available, amountCents > available
}

// COP writes centavos as Colombian pesos the way es-CO does (platform/payable.COP).
func COP(cents int64) string { return payable.COP(cents) }

// DaysOverdue is how many days past its due date a document is on day today (business dates);
// 0 when it is not yet due, or has no due date (zero).
func DaysOverdue(due, today time.Time) int {
	if due.IsZero() {
		return 0
	}
	days := int(calendar.Today(today).Sub(calendar.Today(due)).Hours() / 24)
	return max(days, 0)
}
