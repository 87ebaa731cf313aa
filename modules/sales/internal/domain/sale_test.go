package domain

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/backoffice/backoffice/platform/bounds"
)

func ptr(v int64) *int64 { return &v }

// now is 2026-11-23 10:00 in Bogota.
var now = time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)

func valid() Draft {
	return Draft{SaleDate: "2026-11-23", CustomerID: 1, StoreID: 2, CustomerReference: "OC-77",
		Lines: []Line{{ProductID: 3, Quantity: ptr(2), PriceCents: ptr(100_000), DiscountCents: 200_000}}}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	edit := func(f func(d *Draft)) Draft {
		d := valid()
		d.Lines = append([]Line{}, d.Lines...)
		f(&d)
		return d
	}
	for _, c := range []struct {
		name  string
		d     Draft
		field string
		msg   string
	}{
		{"no date", edit(func(d *Draft) { d.SaleDate = "" }), "sale_date", MsgDateRequired},
		{"bad date", edit(func(d *Draft) { d.SaleDate = "2026-02-30" }), "sale_date", MsgDateRequired},
		{"date before 2000", edit(func(d *Draft) { d.SaleDate = "1999-12-31" }), "sale_date", bounds.MsgDate},
		{"date too far", edit(func(d *Draft) { d.SaleDate = "2036-11-24" }), "sale_date", bounds.MsgDate},
		{"no customer", edit(func(d *Draft) { d.CustomerID = 0 }), "customer_id", MsgCustomerRequired},
		{"no store", edit(func(d *Draft) { d.StoreID = -1 }), "store_id", MsgStoreRequired},
		{"long reference", edit(func(d *Draft) { d.CustomerReference = strings.Repeat("ñ", 101) }), "customer_reference", MsgReferenceTooLong},
		{"long note", edit(func(d *Draft) { d.Note = strings.Repeat("x", 5001) }), "note", MsgNoteTooLong},
		{"no lines", edit(func(d *Draft) { d.Lines = nil }), "lines", MsgNoLines},
		{"too many lines", edit(func(d *Draft) { d.Lines = make([]Line, MaxLines+1) }), "lines", MsgNoLines},
		{"no product", edit(func(d *Draft) { d.Lines[0].ProductID = 0 }), "lines.0.product_id", MsgProductRequired},
		{"no quantity", edit(func(d *Draft) { d.Lines[0].Quantity = nil }), "lines.0.quantity", MsgQuantity},
		{"zero quantity", edit(func(d *Draft) { d.Lines[0].Quantity = ptr(0) }), "lines.0.quantity", MsgQuantity},
		{"huge quantity", edit(func(d *Draft) { d.Lines[0].Quantity = ptr(bounds.MaxQuantity + 1) }), "lines.0.quantity", bounds.MsgQuantity},
		{"no price", edit(func(d *Draft) { d.Lines[0].PriceCents = nil }), "lines.0.price_cents", MsgPrice},
		{"negative price", edit(func(d *Draft) { d.Lines[0].PriceCents = ptr(-1) }), "lines.0.price_cents", MsgPrice},
		{"huge price", edit(func(d *Draft) { d.Lines[0].PriceCents = ptr(bounds.MaxUnitCents + 1) }), "lines.0.price_cents", bounds.MsgUnitCents},
		{"negative discount", edit(func(d *Draft) { d.Lines[0].DiscountCents = -1 }), "lines.0.discount_cents", MsgDiscount},
		{"discount above the line", edit(func(d *Draft) { d.Lines[0].DiscountCents = 200_001 }), "lines.0.discount_cents", MsgDiscount},
		{"line above a document", edit(func(d *Draft) {
			d.Lines[0] = Line{ProductID: 3, Quantity: ptr(bounds.MaxQuantity), PriceCents: ptr(bounds.MaxUnitCents)}
		}), "lines", bounds.MsgDocumentCents},
		{"lines above a document together", edit(func(d *Draft) {
			big := Line{ProductID: 3, Quantity: ptr(100_000), PriceCents: ptr(bounds.MaxUnitCents)}
			d.Lines = []Line{big, big}
		}), "lines", bounds.MsgDocumentCents},
	} {
		f := Validate(Normalize(c.d), now)
		if f[c.field] != c.msg {
			t.Errorf("%s: %v, want %s=%q", c.name, f, c.field, c.msg)
		}
	}
	if f := Validate(Normalize(valid()), now); len(f) != 0 {
		t.Fatalf("valid draft refused: %v", f)
	}
	// The whole line discounted, a price of 0: allowed (a gift is still a sale of stock).
	d := valid()
	d.Lines = []Line{{ProductID: 3, Quantity: ptr(2), PriceCents: ptr(100_000), DiscountCents: 200_000},
		{ProductID: 4, Quantity: ptr(1), PriceCents: ptr(0)}}
	if f := Validate(d, now); len(f) != 0 {
		t.Fatalf("whole discount, zero price: %v", f)
	}
}

func TestFirstMessageFollowsTheForm(t *testing.T) {
	t.Parallel()
	f := Validate(Draft{Lines: []Line{{}}}, now)
	if got := f.First(); got != MsgDateRequired {
		t.Fatalf("first %q of %v", got, f)
	}
	f = Validate(Draft{SaleDate: "2026-11-23", CustomerID: 1, StoreID: 1}, now)
	if got := f.First(); got != MsgNoLines {
		t.Fatalf("first %q of %v", got, f)
	}
}

func TestMoves(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name          string
		before, after Take
		want          []Move
	}{
		{"record", nil, Take{7: 3, 2: 1}, []Move{{2, -1}, {7, -3}}},
		{"give back", Take{7: 3, 2: 1}, nil, []Move{{2, 1}, {7, 3}}},
		{"edit moves only the difference", Take{1: 5, 2: 2, 3: 4}, Take{1: 5, 2: 6, 4: 1},
			[]Move{{2, -4}, {3, 4}, {4, -1}}},
		{"nothing changes", Take{1: 5}, Take{1: 5}, nil},
	} {
		if got := Moves(c.before, c.after); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	take := Take{}
	take.Add(9, 2)
	take.Add(9, 3)
	if take[9] != 5 {
		t.Fatalf("two lines of one product: %v", take)
	}
}

func TestNotEnoughStockAndProfit(t *testing.T) {
	t.Parallel()
	if got := MsgNotEnoughStock("Arroz Diana 500 g", 3); got != "Not enough stock of Arroz Diana 500 g: 3 available." {
		t.Fatal(got)
	}
	if got := Profit(150_000, 40_000, 3); got != 30_000 {
		t.Fatalf("profit %d", got)
	}
	if got := Profit(100_000, 40_000, 3); got != -20_000 {
		t.Fatalf("loss %d", got)
	}
}
