package domain

import (
	"math"
	"testing"
	"time"

	"github.com/backoffice/backoffice/platform/bounds"
	"github.com/backoffice/backoffice/platform/calendar"
)

func ptr(v int64) *int64 { return &v }

// now is 2026-11-23 10:00 in Bogota.
var now = time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)

func validDraft() Draft {
	return Draft{PurchaseDate: "2026-11-23", ReferenceNo: "FV-1", SupplierID: 1, StoreID: 2, DaysOfCredit: 30,
		Lines: []Line{{CategoryID: 1, ProductID: 2, ExpiryDate: "2027-01-01", CostCents: ptr(100), Quantity: ptr(2)}}}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	if f := Validate(validDraft(), now); len(f) != 0 {
		t.Fatalf("valid draft: %v", f)
	}
	for _, tc := range []struct {
		name  string
		edit  func(*Draft)
		field string
		msg   string
	}{
		{"no date", func(d *Draft) { d.PurchaseDate = "" }, "purchase_date", MsgDateRequired},
		{"bad date", func(d *Draft) { d.PurchaseDate = "2026-02-30" }, "purchase_date", MsgDateRequired},
		{"no reference", func(d *Draft) { d.ReferenceNo = "" }, "reference_no", MsgReferenceRequired},
		{"short reference", func(d *Draft) { d.ReferenceNo = "AB" }, "reference_no", MsgReferenceShort},
		{"three letters are enough", func(d *Draft) { d.ReferenceNo = "ÁBC" }, "", ""},
		{"no store", func(d *Draft) { d.StoreID = 0 }, "store_id", MsgStoreRequired},
		{"no supplier", func(d *Draft) { d.SupplierID = 0 }, "supplier_id", MsgSupplierRequired},
		{"no credit", func(d *Draft) { d.DaysOfCredit = 0 }, "days_of_credit", MsgCredit},
		{"negative shipping", func(d *Draft) { d.ShippingCents = -1 }, "shipping_cents", MsgShipping},
		{"negative discount", func(d *Draft) { d.DiscountCents = -1 }, "discount_cents", MsgDiscount},
		{"discount above subtotal", func(d *Draft) { d.DiscountCents = 201 }, "discount_cents", MsgDiscount},
		{"discount equal to subtotal", func(d *Draft) { d.DiscountCents = 200 }, "", ""},
		{"no lines", func(d *Draft) { d.Lines = nil }, "lines", MsgNoLines},
		{"line without product", func(d *Draft) { d.Lines[0].ProductID = 0 }, "lines.0.product_id", MsgLineRequired},
		{"line without category", func(d *Draft) { d.Lines[0].CategoryID = 0 }, "lines", MsgLineRequired},
		{"line without cost", func(d *Draft) { d.Lines[0].CostCents = nil }, "lines.0.product_id", MsgLineRequired},
		{"negative cost", func(d *Draft) { d.Lines[0].CostCents = ptr(-1) }, "lines.0.cost_cents", MsgCost},
		{"zero cost is a gift, allowed", func(d *Draft) { d.Lines[0].CostCents = ptr(0) }, "", ""},
		{"no quantity", func(d *Draft) { d.Lines[0].Quantity = nil }, "lines.0.quantity", MsgQuantity},
		{"zero quantity", func(d *Draft) { d.Lines[0].Quantity = ptr(0) }, "lines.0.quantity", MsgQuantity},
		{"bad expiry", func(d *Draft) { d.Lines[0].ExpiryDate = "soon" }, "lines.0.expiry_date", MsgExpiryRequired},
		// The bounds of platform/bounds, each stated in its message.
		{"credit of ten years", func(d *Draft) { d.DaysOfCredit = 3650 }, "", ""},
		{"credit beyond ten years", func(d *Draft) { d.DaysOfCredit = 3651 }, "days_of_credit", bounds.MsgCreditDays},
		{"credit overflowing dates", func(d *Draft) { d.DaysOfCredit = math.MaxInt64 }, "days_of_credit", bounds.MsgCreditDays},
		{"negative credit", func(d *Draft) { d.DaysOfCredit = -1 }, "days_of_credit", MsgCredit},
		{"date of year 1", func(d *Draft) { d.PurchaseDate = "0001-01-01" }, "purchase_date", bounds.MsgDate},
		{"date before 2000", func(d *Draft) { d.PurchaseDate = "1999-12-31" }, "purchase_date", bounds.MsgDate},
		{"date of 2000", func(d *Draft) { d.PurchaseDate = "2000-01-01" }, "", ""},
		{"date ten years ahead", func(d *Draft) { d.PurchaseDate = "2036-11-23" }, "", ""},
		{"date beyond ten years", func(d *Draft) { d.PurchaseDate = "2036-11-24" }, "purchase_date", bounds.MsgDate},
		{"expiry beyond ten years", func(d *Draft) { d.Lines[0].ExpiryDate = "4764-01-01" }, "lines.0.expiry_date", bounds.MsgDate},
		{"quantity at the bound", func(d *Draft) { d.Lines[0].Quantity = ptr(bounds.MaxQuantity) }, "", ""},
		{"quantity above the bound", func(d *Draft) { d.Lines[0].Quantity = ptr(1_000_000_000_000) }, "lines.0.quantity", bounds.MsgQuantity},
		{"cost above the bound", func(d *Draft) { d.Lines[0].CostCents = ptr(bounds.MaxUnitCents + 1) }, "lines.0.cost_cents", bounds.MsgUnitCents},
		{"shipping above the bound", func(d *Draft) { d.ShippingCents = bounds.MaxDocumentCents + 1 }, "shipping_cents", bounds.MsgDocumentCents},
		{"discount above the bound", func(d *Draft) { d.DiscountCents = math.MaxInt64 }, "discount_cents", bounds.MsgDocumentCents},
		{"line above the document bound", func(d *Draft) {
			d.Lines[0].CostCents, d.Lines[0].Quantity = ptr(bounds.MaxUnitCents), ptr(bounds.MaxQuantity)
		}, "lines", bounds.MsgDocumentCents},
		{"lines adding up above the bound", func(d *Draft) {
			l := Line{CategoryID: 1, ProductID: 2, ExpiryDate: "2027-01-01", CostCents: ptr(bounds.MaxUnitCents), Quantity: ptr(60)}
			d.Lines = []Line{l, l}
		}, "lines", bounds.MsgDocumentCents},
	} {
		d := validDraft()
		d.Lines = append([]Line(nil), d.Lines...)
		tc.edit(&d)
		f := Validate(Normalize(d), now)
		if tc.field == "" {
			if len(f) != 0 {
				t.Errorf("%s: %v", tc.name, f)
			}
			continue
		}
		if f[tc.field] != tc.msg {
			t.Errorf("%s: fields %v, want %s=%q", tc.name, f, tc.field, tc.msg)
		}
	}
}

func TestFirstFollowsTheForm(t *testing.T) {
	t.Parallel()
	f := Validate(Draft{Lines: []Line{{}}}, now)
	if got := f.First(); got != MsgDateRequired {
		t.Fatalf("first %q of %v", got, f)
	}
	if got := (Fields{"lines.1.quantity": MsgQuantity, "lines.0.cost_cents": MsgCost}).First(); got != MsgCost {
		t.Fatalf("first line message %q", got)
	}
}

func TestCheckExpiry(t *testing.T) {
	t.Parallel()
	d := Draft{Lines: []Line{{ProductID: 1}, {ProductID: 2}, {ProductID: 1, ExpiryDate: "2027-01-01"}}}
	f := Fields{}
	CheckExpiry(d, func(id int64) bool { return id == 1 }, f)
	if len(f) != 1 || f["lines.0.expiry_date"] != MsgExpiryRequired {
		t.Fatalf("%v", f)
	}
}

func TestStatus(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		total, paid, ret int64
		received         bool
		want             string
	}{
		{100, 0, 0, false, StatusPending},
		{100, 0, 0, true, StatusReceived},
		{100, 1, 0, false, StatusPartial},
		{100, 1, 0, true, StatusPartial},
		{100, 99, 0, false, StatusPartial},
		{100, 100, 0, false, StatusPaid},
		{100, 60, 40, true, StatusPaid},
		{100, 0, 100, false, StatusPaid},
		{100, 0, 30, false, StatusPending},
		{0, 0, 0, false, StatusPaid},
	} {
		if got := Status(tc.total, tc.paid, tc.ret, tc.received); got != tc.want {
			t.Errorf("Status(%d, %d, %d, %t) = %s, want %s", tc.total, tc.paid, tc.ret, tc.received, got, tc.want)
		}
	}
}

func TestDatesInBogota(t *testing.T) {
	t.Parallel()
	// 2026-11-24 03:00 UTC is still the 23rd in Bogota (UTC−5).
	now := time.Date(2026, 11, 24, 3, 0, 0, 0, time.UTC)
	from, to := ExpiringWindow(now)
	if from != "2026-11-23" || to != "2026-11-28" {
		t.Fatalf("window %s..%s", from, to)
	}
	// Month and year boundaries.
	d, _ := calendar.ParseDate("2026-12-20")
	if got := DueDate(d, 30).Format(calendar.DateLayout); got != "2027-01-19" {
		t.Fatalf("due %s", got)
	}
	d, _ = calendar.ParseDate("2028-02-28")
	if got := DueDate(d, 1).Format(calendar.DateLayout); got != "2028-02-29" {
		t.Fatalf("leap due %s", got)
	}
}
