// Package domain holds the purchasing rules that need no I/O: the purchase form's validation
// with the spec's messages (§5) and the bounds every document shares (platform/bounds:
// quantities up to 10^9, a unit cost up to 1,000,000,000,000.00, a document's amounts up to
// 100,000,000,000,000.00, days of credit up to 3650, dates from 2000-01-01 to ten years after
// today), business dates in America/Bogota, the due date, the status label and the window of
// the dashboard's 'Expiries in 5 days' card; and the return form's validation (return.go). The
// taxes themselves are modules/tax's.
package domain

import (
	"strconv"
	"strings"
	"time"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/bounds"
	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/payable"
)

// Messages of spec §5 and §8, sent as the English keys the web app translates.
const (
	MsgDateRequired      = "Purchase Date is required"
	MsgReferenceRequired = "Reference No is required"
	MsgReferenceShort    = "Reference No is too short"
	MsgStoreRequired     = "Please select a store"
	MsgSupplierRequired  = "Please select a supplier"
	MsgAttachment        = "Attachment is required"
	MsgCredit            = "Credit must be greater than 0"
	MsgExpiryRequired    = "Expiry Date is required"
	MsgCost              = "Input Product Cost"
	MsgQuantity          = "Input Product Quantity"
	MsgDiscount          = "Input Product Discount"
	MsgShipping          = "Input Product Shipping"
	MsgLineRequired      = "Category, Product Name, and Product Cost are required for each item"
	MsgNoLines           = "Please select order items."
	MsgReferenceTaken    = "Reference Number is already taken."
	MsgNotFound          = "The requested information was not found"
	MsgApprovedNoEdit    = "An approved purchase cannot be edited."
	MsgCannotDelete      = "Purchase cannot be deleted"
	MsgReceivedOrderUsed = "This received order already has a purchase."
	MsgReceivedOrderBad  = "The selected received order is invalid."
	MsgReceivedOrderOpen = "Only approved received orders can become a purchase."
	MsgInvalid           = apperror.MsgMissingFields
)

// MinReferenceLen is the shortest accepted reference number (spec: 'Reference No is too short').
const MinReferenceLen = 3

// MaxLines bounds one purchase's lines (a form, not an import).
const MaxLines = 500

// MaxDocumentCents bounds a purchase's subtotal, shipping, discount and returns
// (platform/bounds), so that no amount, and no tax computed on it, can overflow int64.
const MaxDocumentCents = bounds.MaxDocumentCents

// ExpiringDays is the dashboard card's horizon: 'Expiries in 5 days'.
const ExpiringDays = 5

// Line is one purchase line as typed. CostCents and Quantity are pointers because "not typed"
// (the combined required message) differs from a typed bad value ('Input Product Cost').
type Line struct {
	CategoryID int64
	ProductID  int64
	ExpiryDate string
	CostCents  *int64
	Quantity   *int64
}

// Draft is the purchase form as typed.
type Draft struct {
	PurchaseDate    string
	ReferenceNo     string
	SupplierID      int64
	StoreID         int64
	DaysOfCredit    int64
	Note            string
	ShippingCarrier string
	ShippingCents   int64
	DiscountCents   int64
	Lines           []Line
}

// Fields maps a form field to its message; lines are "lines.<i>.<field>" (i from 0).
type Fields map[string]string

// LineField names field of line i.
func LineField(i int, field string) string { return "lines." + strconv.Itoa(i) + "." + field }

// Normalize trims the texts of d.
func Normalize(d Draft) Draft {
	d.PurchaseDate = strings.TrimSpace(d.PurchaseDate)
	d.ReferenceNo = strings.TrimSpace(d.ReferenceNo)
	d.Note = strings.TrimSpace(d.Note)
	d.ShippingCarrier = strings.TrimSpace(d.ShippingCarrier)
	lines := make([]Line, len(d.Lines))
	for i, l := range d.Lines {
		l.ExpiryDate = strings.TrimSpace(l.ExpiryDate)
		lines[i] = l
	}
	d.Lines = lines
	return d
}

// Validate checks what the form alone can tell (no database): required fields, formats, signs
// and the bounds of platform/bounds (quantities, money per unit and per document, days of
// credit, dates from 2000-01-01 to ten years after today — today is the business date at
// instant now). The expiry date, which only goods need, is checked by CheckExpiry once the
// products' kinds are known.
func Validate(d Draft, now time.Time) Fields {
	f := Fields{}
	today := calendar.Today(now)
	checkDate := func(field, value, malformed string) {
		switch t, err := calendar.ParseDate(value); {
		case err != nil:
			f[field] = malformed
		case !bounds.DateInRange(t, today):
			f[field] = bounds.MsgDate
		}
	}
	if d.PurchaseDate == "" {
		f["purchase_date"] = MsgDateRequired
	} else {
		checkDate("purchase_date", d.PurchaseDate, MsgDateRequired)
	}
	switch n := len([]rune(d.ReferenceNo)); {
	case n == 0:
		f["reference_no"] = MsgReferenceRequired
	case n < MinReferenceLen:
		f["reference_no"] = MsgReferenceShort
	}
	if d.StoreID <= 0 {
		f["store_id"] = MsgStoreRequired
	}
	if d.SupplierID <= 0 {
		f["supplier_id"] = MsgSupplierRequired
	}
	switch {
	case d.DaysOfCredit <= 0:
		f["days_of_credit"] = MsgCredit
	case d.DaysOfCredit > bounds.MaxCreditDays:
		f["days_of_credit"] = bounds.MsgCreditDays
	}
	for _, a := range []struct {
		field, negative string
		cents           int64
	}{{"shipping_cents", MsgShipping, d.ShippingCents}, {"discount_cents", MsgDiscount, d.DiscountCents}} {
		switch {
		case a.cents < 0:
			f[a.field] = a.negative
		case a.cents > MaxDocumentCents:
			f[a.field] = bounds.MsgDocumentCents
		}
	}
	if len(d.Lines) == 0 || len(d.Lines) > MaxLines {
		f["lines"] = MsgNoLines
	}
	for i, l := range d.Lines {
		if l.CategoryID <= 0 || l.ProductID <= 0 || l.CostCents == nil {
			f[LineField(i, "product_id")] = MsgLineRequired
			if _, ok := f["lines"]; !ok {
				f["lines"] = MsgLineRequired
			}
		}
		switch {
		case l.CostCents == nil:
		case *l.CostCents < 0:
			f[LineField(i, "cost_cents")] = MsgCost
		case *l.CostCents > bounds.MaxUnitCents:
			f[LineField(i, "cost_cents")] = bounds.MsgUnitCents
		}
		switch {
		case l.Quantity == nil || *l.Quantity <= 0:
			f[LineField(i, "quantity")] = MsgQuantity
		case *l.Quantity > bounds.MaxQuantity:
			f[LineField(i, "quantity")] = bounds.MsgQuantity
		}
		if l.ExpiryDate != "" {
			checkDate(LineField(i, "expiry_date"), l.ExpiryDate, MsgExpiryRequired)
		}
	}
	if len(f) == 0 {
		// Every line is well formed: the discount cannot exceed what it discounts.
		subtotal, ok := Subtotal(d.Lines)
		switch {
		case !ok:
			f["lines"] = bounds.MsgDocumentCents
		case d.DiscountCents > subtotal:
			f["discount_cents"] = MsgDiscount
		}
	}
	return f
}

// Subtotal is Σ quantity × cost of well-formed lines; ok is false when a line or the sum would
// exceed MaxDocumentCents (checked before multiplying and adding, so nothing overflows).
func Subtotal(lines []Line) (cents int64, ok bool) {
	for _, l := range lines {
		line, ok := bounds.LineCents(*l.Quantity, *l.CostCents)
		if !ok || line > MaxDocumentCents-cents {
			return 0, false
		}
		cents += line
	}
	return cents, true
}

// CheckExpiry adds 'Expiry Date is required' for each goods line without one; isGoods tells a
// line's product kind.
func CheckExpiry(d Draft, isGoods func(productID int64) bool, f Fields) {
	for i, l := range d.Lines {
		if l.ExpiryDate == "" && l.ProductID > 0 && isGoods(l.ProductID) {
			f[LineField(i, "expiry_date")] = MsgExpiryRequired
		}
	}
}

// fieldOrder is the form's order: the first invalid field's message becomes the error message.
var fieldOrder = []string{"purchase_date", "reference_no", "supplier_id", "store_id", "days_of_credit", "attachment",
	"lines", "shipping_cents", "discount_cents"}

// First returns the message of the first invalid field in form order (lines after the header,
// the first by name).
func (f Fields) First() string { return apperror.FirstMessage(f, fieldOrder...) }

// DueDate is the purchase date plus the days of credit.
func DueDate(purchaseDate time.Time, daysOfCredit int64) time.Time {
	return purchaseDate.AddDate(0, 0, int(daysOfCredit))
}

// ExpiringWindow is the range of due dates the 'Expiries in 5 days' card shows at instant now:
// from today to today + 5 days, both included, in Bogota. Overdue purchases (due before today)
// are left out on purpose: they are no longer "expiring" and have their own report
// (expired_purchases_report in spec §2).
func ExpiringWindow(now time.Time) (from, to string) {
	today := calendar.Today(now)
	return today.Format(calendar.DateLayout), today.AddDate(0, 0, ExpiringDays).Format(calendar.DateLayout)
}

// Status labels of a purchase (spec §4): platform/payable's, and received.
const (
	StatusPending  = payable.StatusPending
	StatusPartial  = payable.StatusPartial
	StatusPaid     = payable.StatusPaid
	StatusReceived = "received"
)

// Balance is what is still owed: total to pay − paid − returned.
func Balance(totalToPay, paid, returned int64) int64 {
	return payable.Balance(totalToPay, paid, returned)
}

// Status is a purchase's label: platform/payable's (paid when nothing is owed any more, returns
// included; partial when something but not everything is paid; pending when nothing is paid
// yet), except received when nothing is paid yet and the purchase was made from a received
// order (the goods are in, the invoice is open).
func Status(totalToPay, paid, returned int64, fromReceivedOrder bool) string {
	st := payable.StatusOf(totalToPay, paid, returned)
	if st == StatusPending && fromReceivedOrder {
		return StatusReceived
	}
	return st
}
