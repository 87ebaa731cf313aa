// Package bounds holds the limits of the numbers and dates people type into business documents
// — purchases, purchase orders, received orders, products, and the sales and payments to come —
// one bound per kind, defined here once, so that a document's quote, create and edit give the
// same answer, every module answers the same for the same kind, and no arithmetic on an
// accepted value can overflow. Each bound comes with the message that states it (English, the
// key the web app translates).
//
// The bounds, and why:
//   - quantities (a line, an order, a receipt, stock): 1 … 1,000,000,000 units;
//   - money per unit (a cost or a price): at most 1,000,000,000,000.00 pesos (10^14 centavos);
//   - money of a document (its subtotal, and each of shipping, discount and returns): at most
//     100,000,000,000,000.00 pesos (10^16 centavos). The tax engine multiplies a base (at most
//     subtotal + shipping, 2·10^16) by a rate numerator of at most 60 (ReteFuente 6% over
//     1000): 1.2·10^18, well inside int64 (9.2·10^18); a line's quantity × unit cost is checked
//     against this bound before it is multiplied;
//   - days of credit: 1 … 3650 (ten years), so a due date is a real date;
//   - business dates (a purchase date, an expiry date): from 2000-01-01 to ten years after
//     today (America/Bogota), both included — earlier dates are typing mistakes for this
//     company (no UVT, no documents), later ones too (an expiry ten years ahead is the longest
//     a product keeps).
//
// A value below a bound's floor keeps each form's own message (the spec's 'Input Product
// Quantity', 'Credit must be greater than 0'…): only the ceilings and the date range are here.
package bounds

import (
	"time"

	"github.com/backoffice/backoffice/platform/calendar"
)

// The ceilings.
const (
	// MaxQuantity bounds units: a document line, an order, a receipt, a product's stock.
	MaxQuantity int64 = 1_000_000_000
	// MaxUnitCents bounds money per unit (a cost, a price): 1,000,000,000,000.00 pesos.
	MaxUnitCents int64 = 100_000_000_000_000
	// MaxDocumentCents bounds a document's subtotal and each of its shipping, discount and
	// returns: 100,000,000,000,000.00 pesos.
	MaxDocumentCents int64 = 10_000_000_000_000_000
	// MaxCreditDays bounds days of credit (ten years).
	MaxCreditDays int64 = 3650
	// YearsAhead is how far after today a business date may be.
	YearsAhead = 10
)

// Messages stating the bounds.
const (
	MsgQuantity      = "Quantity may be at most 1,000,000,000."
	MsgUnitCents     = "Amounts per unit may be at most 1,000,000,000,000.00."
	MsgDocumentCents = "Amounts may be at most 100,000,000,000,000.00."
	MsgCreditDays    = "Credit may be at most 3650 days."
	MsgDate          = "Dates must be between 2000-01-01 and ten years from today."
)

// MinDate is the earliest business date: 2000-01-01.
var MinDate = calendar.Day{Year: 2000, Month: time.January, Day: 1}

// DateInRange reports whether the calendar date of date (read in its own location, as business
// dates are parsed) lies from MinDate to YearsAhead years after today's calendar date (read in
// today's location: the business time zone), both included.
func DateInRange(date, today time.Time) bool {
	d := calendar.Of(date)
	return !d.Before(MinDate) && !calendar.Of(today.AddDate(YearsAhead, 0, 0)).Before(d)
}

// LineCents is quantity × unitCents when both are ≥ 0 and the product is at most
// MaxDocumentCents; ok is false otherwise. The check is made before multiplying, so nothing
// overflows whatever the inputs.
func LineCents(quantity, unitCents int64) (cents int64, ok bool) {
	if quantity < 0 || unitCents < 0 || (quantity > 0 && unitCents > MaxDocumentCents/quantity) {
		return 0, false
	}
	return quantity * unitCents, true
}
