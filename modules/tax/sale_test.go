package tax

import (
	"errors"
	"testing"
	"time"
)

// Customers of DESIGN §5 "Sales", by what they withhold from what they pay us.
var (
	granContribuyente = Customer{PersonType: PersonJuridica, GranContribuyente: true}
	legalEntity       = Customer{PersonType: PersonJuridica}
	naturalPerson     = Customer{PersonType: PersonNatural}
	withTaxes         = Seller{HasTaxes: true}
)

// oneLine is a sale of one unit at pesos @19% (goods).
func oneLine(pesos int64) []Line {
	return []Line{{Quantity: 1, UnitCostCents: p(pesos), IVA: IVA19, Concept: Goods}}
}

// TestComputeSale prices sales to the centavo: who withholds, at which minimum bases by date,
// with mixed classes and line discounts, and a company without taxes.
func TestComputeSale(t *testing.T) {
	mixed := []Line{
		{Quantity: 3, UnitCostCents: p(200_000), DiscountCents: p(60_000), IVA: IVA19, Concept: Goods},
		{Quantity: 10, UnitCostCents: p(15_000), IVA: IVA5, Concept: Goods},
		{Quantity: 2, UnitCostCents: p(50_000), DiscountCents: p(10_000), IVA: IVAExcluido, Concept: Goods},
		{Quantity: 1, UnitCostCents: p(300_000), DiscountCents: p(30_000), IVA: IVA19, Concept: Service},
	}
	type want struct{ subtotal, discount, base, vat, reteFuente, reteIVA, total int64 }
	cases := []struct {
		name string
		in   SaleInput
		want want
		rf   string
	}{
		// DESIGN §5's example: a gran contribuyente buys 1 × 1.000.000 @19%.
		{"gran contribuyente (DESIGN example)", SaleInput{Date: day(2026, time.March, 10), Lines: oneLine(1_000_000),
			Seller: withTaxes, Customer: granContribuyente, Params: uvt2026},
			want{p(1_000_000), 0, p(1_000_000), p(190_000), p(25_000), p(28_500), p(1_136_500)}, "2.5%"},
		{"natural person withholds nothing", SaleInput{Date: day(2026, time.March, 10), Lines: oneLine(1_000_000),
			Seller: withTaxes, Customer: naturalPerson, Params: uvt2026},
			want{p(1_000_000), 0, p(1_000_000), p(190_000), 0, 0, p(1_190_000)}, ""},
		{"legal entity: ReteFuente only", SaleInput{Date: day(2026, time.March, 10), Lines: oneLine(1_000_000),
			Seller: withTaxes, Customer: legalEntity, Params: uvt2026},
			want{p(1_000_000), 0, p(1_000_000), p(190_000), p(25_000), 0, p(1_165_000)}, "2.5%"},
		{"autorretenedor company: ReteIVA still", SaleInput{Date: day(2026, time.March, 10), Lines: oneLine(1_000_000),
			Seller: Seller{HasTaxes: true, Autorretenedor: true}, Customer: granContribuyente, Params: uvt2026},
			want{p(1_000_000), 0, p(1_000_000), p(190_000), 0, p(28_500), p(1_161_500)}, ""},
		{"company without taxes charges and suffers nothing", SaleInput{Date: day(2026, time.March, 10), Lines: oneLine(1_000_000),
			Seller: Seller{}, Customer: granContribuyente},
			want{p(1_000_000), 0, p(1_000_000), 0, 0, 0, p(1_000_000)}, ""},
		// 10 UVT of 2026 = 524.000: a base at the minimum is withheld, one peso under is not.
		{"base exactly at 10 UVT", SaleInput{Date: day(2026, time.July, 1), Lines: oneLine(524_000),
			Seller: withTaxes, Customer: granContribuyente, Params: uvt2026},
			want{p(524_000), 0, p(524_000), p(99_560), p(13_100), p(14_934), p(595_526)}, "2.5%"},
		{"one peso under 10 UVT", SaleInput{Date: day(2026, time.July, 1), Lines: oneLine(523_999),
			Seller: withTaxes, Customer: granContribuyente, Params: uvt2026},
			want{p(523_999), 0, p(523_999), p(99_560), 0, 0, p(623_559)}, ""},
		// Until 2025-05-31 the goods minimum was 27 UVT (1.345.000 in 2025), from 2025-06-01 10 UVT.
		{"2025-05-31: under 27 UVT", SaleInput{Date: day(2025, time.May, 31), Lines: oneLine(1_000_000),
			Seller: withTaxes, Customer: granContribuyente, Params: uvt2025},
			want{p(1_000_000), 0, p(1_000_000), p(190_000), 0, 0, p(1_190_000)}, ""},
		{"2025-06-01: over 10 UVT", SaleInput{Date: day(2025, time.June, 1), Lines: oneLine(1_000_000),
			Seller: withTaxes, Customer: granContribuyente, Params: uvt2025},
			want{p(1_000_000), 0, p(1_000_000), p(190_000), p(25_000), p(28_500), p(1_136_500)}, "2.5%"},
		// Goods 780.000 and services 270.000 after the lines' discounts; 19% on 810.000, 5% on
		// 150.000; ReteFuente 2.5% × 780.000 + 4% × 270.000; ReteIVA 15% of 161.400.
		{"mixed classes, goods and services, line discounts", SaleInput{Date: day(2026, time.March, 10), Lines: mixed,
			Seller: withTaxes, Customer: granContribuyente, Params: uvt2026},
			want{p(1_150_000), p(100_000), p(1_050_000), p(161_400), p(30_300), p(24_210), p(1_156_890)}, "2.5% + 4%"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := ComputeSale(c.in)
			if err != nil {
				t.Fatalf("ComputeSale: %v", err)
			}
			got := want{r.SubtotalCents, r.DiscountCents, r.TaxableBaseCents, r.IVACents, r.ReteFuenteCents, r.ReteIVACents, r.TotalToPayCents}
			if got != c.want {
				t.Errorf("got  %+v\nwant %+v", got, c.want)
			}
			if r.InvoiceCents != r.TaxableBaseCents+r.IVACents {
				t.Errorf("invoice %d is not base + VAT", r.InvoiceCents)
			}
			if r.ReteFuenteRate != c.rf {
				t.Errorf("ReteFuente rate %q, want %q", r.ReteFuenteRate, c.rf)
			}
		})
	}
}

// A line's own discount stays on that line; its VAT is on what is left.
func TestSaleLineDiscounts(t *testing.T) {
	r, err := ComputeSale(SaleInput{Date: day(2026, time.March, 10), Seller: withTaxes, Customer: naturalPerson, Lines: []Line{
		{Quantity: 3, UnitCostCents: p(200_000), DiscountCents: p(60_000), IVA: IVA19},
		{Quantity: 10, UnitCostCents: p(15_000), IVA: IVA5},
	}})
	if err != nil {
		t.Fatal(err)
	}
	wantLines := []LineResult{
		{SubtotalCents: p(600_000), DiscountCents: p(60_000), BaseCents: p(540_000), IVACents: p(102_600)},
		{SubtotalCents: p(150_000), DiscountCents: 0, BaseCents: p(150_000), IVACents: p(7_500)},
	}
	for i, w := range wantLines {
		if r.Lines[i] != w {
			t.Errorf("line %d: got %+v, want %+v", i+1, r.Lines[i], w)
		}
	}
}

// A purchase's document discount is prorated over what the lines' own discounts leave.
func TestDocumentDiscountAfterLineDiscounts(t *testing.T) {
	r, err := Compute(Input{Date: day(2026, time.March, 10), Buyer: Buyer{HasTaxes: true}, Supplier: juridicaIVA,
		DiscountCents: p(30_000), Lines: []Line{
			{Quantity: 1, UnitCostCents: p(200_000), DiscountCents: p(100_000), IVA: IVA19},
			{Quantity: 1, UnitCostCents: p(200_000), IVA: IVA19},
		}})
	if err != nil {
		t.Fatal(err)
	}
	// Nets 100.000 and 200.000 share the 30.000 as 10.000 and 20.000.
	if r.Lines[0].DiscountCents != p(110_000) || r.Lines[1].DiscountCents != p(20_000) {
		t.Errorf("line discounts %d, %d", r.Lines[0].DiscountCents, r.Lines[1].DiscountCents)
	}
	if r.DiscountCents != p(130_000) || r.TaxableBaseCents != p(270_000) || r.IVACents != p(51_300) {
		t.Errorf("discount %d, base %d, VAT %d", r.DiscountCents, r.TaxableBaseCents, r.IVACents)
	}
}

// A line discount above its subtotal, or negative, is malformed input.
func TestSaleInvalidDiscounts(t *testing.T) {
	for name, d := range map[string]int64{"above the subtotal": p(100_001), "negative": -1} {
		_, err := ComputeSale(SaleInput{Date: day(2026, time.March, 10), Seller: withTaxes, Customer: naturalPerson,
			Lines: []Line{{Quantity: 1, UnitCostCents: p(100_000), DiscountCents: d, IVA: IVA19}}})
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: got %v, want ErrInvalid", name, err)
		}
	}
}
