// Package domain holds the sales rules that need no I/O: the sale form's validation with the
// spec's messages (§5) and the bounds every document shares (platform/bounds: quantities up to
// 10^9, a unit price up to 1,000,000,000,000.00, a document's amounts up to
// 100,000,000,000,000.00, dates from 2000-01-01 to ten years after today in America/Bogota), the
// stock a sale takes and what an edit moves, and the payment status. The taxes themselves are
// modules/tax's.
package domain

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/bounds"
	"github.com/backoffice/backoffice/platform/calendar"
)

// Messages of spec §5 and §8, sent as the English keys the web app translates.
const (
	MsgDateRequired     = "Sale Date is required"
	MsgStoreRequired    = "Please select a store"
	MsgCustomerRequired = "Customer is required"
	MsgNoLines          = "Select at least one product."
	MsgProductRequired  = "Product Name is required"
	MsgQuantity         = "Input Product Quantity"
	MsgPrice            = "Input Product Price"
	MsgDiscount         = "Input Product Discount"
	MsgReferenceTooLong = "Customer reference may have at most 100 characters."
	MsgNoteTooLong      = "Note may have at most 5000 characters."
	MsgTooManyImages    = "A sale may have at most 10 images."
	MsgImageNotOfSale   = "The image is not one of this sale's."
	MsgNotFound         = "The requested information was not found"
	MsgOnlyPendingEdit  = "Only pending sales can be edited."
	MsgCannotDelete     = "Sale cannot be deleted"
	MsgInvalid          = apperror.MsgMissingFields
)

// MsgNotEnoughStock is the message of a line whose product has fewer units in stock than the
// sale takes: the product's name and the units available, both at the instant of the refusal.
func MsgNotEnoughStock(product string, available int64) string {
	return fmt.Sprintf("Not enough stock of %s: %d available.", product, available)
}

// Limits of the form.
const (
	// MaxLines bounds one sale's lines (a form, not an import).
	MaxLines = 500
	// MaxReferenceLen bounds the customer's order reference, in characters.
	MaxReferenceLen = 100
	// MaxNoteLen bounds the note, in characters.
	MaxNoteLen = 5000
	// MaxImages bounds a sale's images (photos of the delivery, the customer's order…).
	MaxImages = 10
)

// Number prefix of the sales' per-company sequence: VTA-000123.
const NumberPrefix = "VTA"

// Line is one sale line as typed. Quantity and PriceCents are pointers because "not typed" and
// a typed bad value read alike ('Input Product Quantity'), but a null must not become a zero
// that the quote would price. DiscountCents is the line's own discount in centavos, from 0 to
// quantity × price.
type Line struct {
	ProductID     int64
	Quantity      *int64
	PriceCents    *int64
	DiscountCents int64
}

// Draft is the sale form as typed.
type Draft struct {
	SaleDate          string
	CustomerID        int64
	StoreID           int64
	CustomerReference string
	Note              string
	Lines             []Line
}

// Fields maps a form field to its message; lines are "lines.<i>.<field>" (i from 0).
type Fields map[string]string

// LineField names field of line i.
func LineField(i int, field string) string { return "lines." + strconv.Itoa(i) + "." + field }

// Normalize trims the texts of d.
func Normalize(d Draft) Draft {
	d.SaleDate = strings.TrimSpace(d.SaleDate)
	d.CustomerReference = strings.TrimSpace(d.CustomerReference)
	d.Note = strings.TrimSpace(d.Note)
	d.Lines = slices.Clone(d.Lines)
	return d
}

// Validate checks what the form alone can tell (no database): required fields, formats, signs
// and the bounds of platform/bounds (quantities, money per unit and per document, the sale date
// from 2000-01-01 to ten years after today — today is the business date at instant now). A
// line's discount goes from 0 to its quantity × price.
func Validate(d Draft, now time.Time) Fields {
	f := Fields{}
	switch t, err := calendar.ParseDate(d.SaleDate); {
	case err != nil:
		f["sale_date"] = MsgDateRequired
	case !bounds.DateInRange(t, calendar.Today(now)):
		f["sale_date"] = bounds.MsgDate
	}
	if d.CustomerID <= 0 {
		f["customer_id"] = MsgCustomerRequired
	}
	if d.StoreID <= 0 {
		f["store_id"] = MsgStoreRequired
	}
	if len([]rune(d.CustomerReference)) > MaxReferenceLen {
		f["customer_reference"] = MsgReferenceTooLong
	}
	if len([]rune(d.Note)) > MaxNoteLen {
		f["note"] = MsgNoteTooLong
	}
	if len(d.Lines) == 0 || len(d.Lines) > MaxLines {
		f["lines"] = MsgNoLines
	}
	var subtotal int64
	for i, l := range d.Lines {
		if l.ProductID <= 0 {
			f[LineField(i, "product_id")] = MsgProductRequired
		}
		qtyOK, priceOK := false, false
		switch {
		case l.Quantity == nil || *l.Quantity <= 0:
			f[LineField(i, "quantity")] = MsgQuantity
		case *l.Quantity > bounds.MaxQuantity:
			f[LineField(i, "quantity")] = bounds.MsgQuantity
		default:
			qtyOK = true
		}
		switch {
		case l.PriceCents == nil || *l.PriceCents < 0:
			f[LineField(i, "price_cents")] = MsgPrice
		case *l.PriceCents > bounds.MaxUnitCents:
			f[LineField(i, "price_cents")] = bounds.MsgUnitCents
		default:
			priceOK = true
		}
		if l.DiscountCents < 0 {
			f[LineField(i, "discount_cents")] = MsgDiscount
		}
		if !qtyOK || !priceOK {
			continue
		}
		line, ok := bounds.LineCents(*l.Quantity, *l.PriceCents)
		switch {
		case !ok || line > bounds.MaxDocumentCents-subtotal:
			// One line, or the lines together, beyond a document's bound: nothing computed on
			// them may overflow.
			if _, set := f["lines"]; !set {
				f["lines"] = bounds.MsgDocumentCents
			}
			subtotal = bounds.MaxDocumentCents
		case l.DiscountCents > line:
			f[LineField(i, "discount_cents")] = MsgDiscount
			subtotal += line
		default:
			subtotal += line
		}
	}
	return f
}

// fieldOrder is the form's order: the first invalid field's message becomes the error message.
var fieldOrder = []string{"sale_date", "customer_id", "store_id", "customer_reference", "lines", "note", "images"}

// First returns the message of the first invalid field in form order (lines after the header,
// the first by name).
func (f Fields) First() string { return apperror.FirstMessage(f, fieldOrder...) }

// Take is the units of each product a sale takes from stock (goods only: services hold no
// stock), product id → units.
type Take map[int64]int64

// Add counts quantity units of product id.
func (t Take) Add(id, quantity int64) { t[id] += quantity }

// Move is one product's stock change: Delta units, negative when a sale takes them, positive
// when it gives them back.
type Move struct {
	ProductID, Delta int64
}

// Moves is what stock does when a sale's take goes from before to after: recording a sale is
// from nothing, rejecting or deleting one is to nothing, an edit moves only each product's
// difference. Products whose units do not change are left out, and the moves come in product
// id order, so that two sales touching the same products lock their rows in one order and never
// deadlock each other.
func Moves(before, after Take) []Move {
	var out []Move
	for id, n := range after {
		if d := before[id] - n; d != 0 {
			out = append(out, Move{ProductID: id, Delta: d})
		}
	}
	for id, n := range before {
		if _, ok := after[id]; !ok && n != 0 {
			out = append(out, Move{ProductID: id, Delta: n})
		}
	}
	slices.SortFunc(out, func(a, b Move) int { return cmp.Compare(a.ProductID, b.ProductID) })
	return out
}

// Profit is a line's (or a sale's) profit in centavos: what it sells for before VAT (its base,
// after the discount) less what the units cost when they were sold.
func Profit(baseCents, unitCostCents, quantity int64) int64 {
	return baseCents - unitCostCents*quantity
}
