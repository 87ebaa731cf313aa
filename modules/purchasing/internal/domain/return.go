package domain

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/bounds"
	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/payable"
)

// Kinds of return: goods sent back (lines and quantities) or a value only (a price correction
// agreed with the supplier).
const (
	ReturnGoods = "goods"
	ReturnValue = "value"
)

// Messages of the returns, sent as the English keys the web app translates. MsgReturnReference
// is spec §5's 'El número de referencia es obligatorio'.
const (
	MsgReturnDate          = "Return Date is required"
	MsgReturnReference     = "Reference No is required."
	MsgReturnReferenceLong = "Reference No may have at most 100 characters."
	MsgReturnNoteLong      = "Note may have at most 5000 characters."
	MsgReturnKind          = "Choose goods or value."
	MsgReturnPurchase      = "Choose the purchase to return."
	MsgReturnNoLines       = "Choose at least one line and a quantity to return."
	MsgReturnLine          = "The selected purchase line is invalid."
	MsgReturnLineTwice     = "A purchase line may appear once."
	MsgReturnQuantity      = "The quantity must be greater than 0."
	MsgReturnValue         = "The value must be greater than 0."
	MsgReturnTooManyImages = "A return may have at most 10 images."
	MsgReturnNotApproved   = "Only approved purchases can be returned."
	MsgReturnNotFound      = "The requested information was not found"
	MsgReturnCannotDelete  = "Only pending or rejected returns can be deleted."
)

// MsgReturnOverQuantity refuses a quantity above what is left of a line: it names the product
// and the units still returnable.
func MsgReturnOverQuantity(product string, returnable int64) string {
	return fmt.Sprintf("%s: at most %d can be returned.", product, returnable)
}

// MsgReturnOverValue refuses a value above what is still returnable (pesos, es-CO style).
func MsgReturnOverValue(returnableCents int64) string {
	return fmt.Sprintf("The value exceeds what can still be returned (%s).", payable.COP(max(returnableCents, 0)))
}

// MsgReturnStock refuses an approval that would take a product's stock below zero.
func MsgReturnStock(product string, available int64) string {
	return fmt.Sprintf("Not enough stock of %s to return (%d available).", product, available)
}

// Limits of the return form.
const (
	MaxReturnReferenceLen = 100
	MaxReturnNoteLen      = 5000
	MaxReturnImages       = 10
)

// ReturnLine is one line of a goods return as typed: a line of the purchase and the units sent
// back.
type ReturnLine struct {
	PurchaseLineID int64
	Quantity       int64
}

// ReturnDraft is the return form as typed.
type ReturnDraft struct {
	PurchaseID  int64
	ReturnDate  string
	ReferenceNo string
	Note        string
	Kind        string
	Lines       []ReturnLine
	ValueCents  int64
}

// Normalize trims the texts of d and leaves out the lines with no quantity: the form lists every
// line of the purchase, and a line left at 0 is not returned.
func (d ReturnDraft) Normalize() ReturnDraft {
	d.ReturnDate, d.ReferenceNo, d.Note = strings.TrimSpace(d.ReturnDate), strings.TrimSpace(d.ReferenceNo), strings.TrimSpace(d.Note)
	d.Kind = strings.TrimSpace(d.Kind)
	lines := make([]ReturnLine, 0, len(d.Lines))
	for _, l := range d.Lines {
		if l.Quantity != 0 {
			lines = append(lines, l)
		}
	}
	d.Lines = lines
	return d
}

// Untyped reports whether the return's amounts are not typed yet: a goods return without a line
// of some quantity, or a value return without a value. The quote answers zeros for it.
func (d ReturnDraft) Untyped() bool {
	return (d.Kind == ReturnGoods && len(d.Lines) == 0) || (d.Kind == ReturnValue && d.ValueCents == 0)
}

// ReturnLineField names field of return line i.
func ReturnLineField(i int, field string) string { return LineField(i, field) }

// ValidateReturnAmounts checks what the form tells of the return's own amounts: the kind, the
// lines (each a purchase line once, a quantity within bounds) or the value. The quote checks
// only these.
func ValidateReturnAmounts(d ReturnDraft) Fields {
	f := Fields{}
	if d.PurchaseID <= 0 {
		f["purchase_id"] = MsgReturnPurchase
	}
	switch d.Kind {
	case ReturnGoods:
		if len(d.Lines) == 0 || len(d.Lines) > MaxLines {
			f["lines"] = MsgReturnNoLines
		}
		seen := map[int64]bool{}
		for i, l := range d.Lines {
			switch {
			case l.PurchaseLineID <= 0:
				f[ReturnLineField(i, "purchase_line_id")] = MsgReturnLine
			case seen[l.PurchaseLineID]:
				f[ReturnLineField(i, "purchase_line_id")] = MsgReturnLineTwice
			}
			seen[l.PurchaseLineID] = true
			switch {
			case l.Quantity <= 0:
				f[ReturnLineField(i, "quantity")] = MsgReturnQuantity
			case l.Quantity > bounds.MaxQuantity:
				f[ReturnLineField(i, "quantity")] = bounds.MsgQuantity
			}
		}
	case ReturnValue:
		switch {
		case d.ValueCents <= 0:
			f["value_cents"] = MsgReturnValue
		case d.ValueCents > MaxDocumentCents:
			f["value_cents"] = bounds.MsgDocumentCents
		}
	default:
		f["kind"] = MsgReturnKind
	}
	return f
}

// ValidateReturn checks the whole form at instant now (today is the business date): the
// amounts, the date, the reference number and the note.
func ValidateReturn(d ReturnDraft, now time.Time) Fields {
	f := ValidateReturnAmounts(d)
	switch t, err := calendar.ParseDate(d.ReturnDate); {
	case d.ReturnDate == "" || err != nil:
		f["return_date"] = MsgReturnDate
	case !bounds.DateInRange(t, calendar.Today(now)):
		f["return_date"] = bounds.MsgDate
	}
	switch n := utf8.RuneCountInString(d.ReferenceNo); {
	case n == 0:
		f["reference_no"] = MsgReturnReference
	case n > MaxReturnReferenceLen:
		f["reference_no"] = MsgReturnReferenceLong
	}
	if utf8.RuneCountInString(d.Note) > MaxReturnNoteLen {
		f["note"] = MsgReturnNoteLong
	}
	return f
}

// returnFieldOrder is the return form's order: the first invalid field's message becomes the
// error message.
var returnFieldOrder = []string{"purchase_id", "return_date", "reference_no", "kind", "lines", "value_cents", "note", "images"}

// RefusedReturn is the answer to a return form with the invalid fields f.
func RefusedReturn(f Fields) error { return apperror.Form(f, returnFieldOrder...) }

// Advanced delete's restore refusals (modules/archive shows them as the batch's reason).

// MsgReturnRefunded: an approved return's credit is what a refund of the supplier settles, so the
// return stays while the refund does (spec §8's 'X cannot be deleted' wording).
func MsgReturnRefunded(refund string) string {
	return fmt.Sprintf("Purchase return cannot be deleted: the supplier's refund %s settles its credit; delete the refund first.", refund)
}

// MsgRestorePurchaseGone: an archived return's purchase was archived or deleted since.
func MsgRestorePurchaseGone(number, purchase string) string {
	return fmt.Sprintf("%s cannot be restored: its purchase %s was deleted.", number, purchase)
}

// MsgRestoreReturnTaken: other returns took the units or the value an archived return had.
func MsgRestoreReturnTaken(number string) string {
	return fmt.Sprintf("%s cannot be restored: other returns of its purchase took what it returned.", number)
}

// MsgRestoreSupplierGone: the purchase's supplier was deleted while it was archived.
func MsgRestoreSupplierGone(number, supplier string) string {
	return fmt.Sprintf("%s cannot be restored: its supplier %s was deleted.", number, supplier)
}

// MsgRestoreTaken: another live purchase took the reference or the received order meanwhile.
func MsgRestoreTaken(number string) string {
	return fmt.Sprintf("%s cannot be restored: another purchase has its reference or its received order now.", number)
}

// MsgRestoreReceiptGone: the received order an archived purchase invoices was deleted since
// (a live purchase keeps the received order it invoices).
func MsgRestoreReceiptGone(number string) string {
	return fmt.Sprintf("%s cannot be restored: its received order was deleted.", number)
}

// MsgRestoreStock: the goods an archived return had taken out were sold meanwhile.
func MsgRestoreStock(number, product string, available int64) string {
	return fmt.Sprintf("%s cannot be restored: only %d of %s are in stock.", number, available, product)
}
