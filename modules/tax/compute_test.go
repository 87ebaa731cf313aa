package tax

import (
	"errors"
	"testing"
	"time"
)

// p converts whole pesos to centavos.
func p(pesos int64) int64 { return pesos * 100 }

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

var (
	uvt2025 = Params{Year: 2025, UVTCents: 4_979_900}
	uvt2026 = Params{Year: 2026, UVTCents: 5_237_400}

	agent       = Buyer{HasTaxes: true, WithholdingAgent: true, ReteIVAAgent: true}
	withholder  = Buyer{HasTaxes: true, WithholdingAgent: true}
	juridicaIVA = Supplier{PersonType: PersonJuridica, IVAResponsible: true}
)

// workedExample is DESIGN §5's example (2026, buyer a ReteIVA agent).
func workedExample() Input {
	return Input{Date: day(2026, time.March, 10), Lines: []Line{
		{Quantity: 10, UnitCostCents: p(85_000), IVA: IVA19, Concept: Goods},
		{Quantity: 20, UnitCostCents: p(12_500), IVA: IVA5, Concept: Goods},
		{Quantity: 5, UnitCostCents: p(40_000), IVA: IVAExcluido, Concept: Goods},
	}, DiscountCents: p(65_000), ShippingCents: p(60_000), Buyer: agent, Supplier: juridicaIVA, Params: uvt2026}
}

func mustCompute(t *testing.T, in Input) Result {
	t.Helper()
	r, err := Compute(in)
	if err != nil {
		t.Fatalf("Compute: %v", err)
	}
	return r
}

func TestWorkedExample(t *testing.T) {
	r := mustCompute(t, workedExample())
	checks := []struct {
		name      string
		got, want int64
	}{
		{"subtotal", r.SubtotalCents, p(1_300_000)},
		{"discount", r.DiscountCents, p(65_000)},
		{"shipping", r.ShippingCents, p(60_000)},
		{"taxable base", r.TaxableBaseCents, p(1_295_000)},
		{"IVA 19", r.IVAByClass[IVA19], p(164_825)},
		{"IVA 5", r.IVAByClass[IVA5], p(11_875)},
		{"IVA excluido", r.IVAByClass[IVAExcluido], 0},
		{"IVA", r.IVACents, p(176_700)},
		{"invoice", r.InvoiceCents, p(1_471_700)},
		{"ReteFuente", r.ReteFuenteCents, p(32_375)},
		{"ReteIVA", r.ReteIVACents, p(26_505)},
		{"total to pay", r.TotalToPayCents, p(1_412_820)},
		{"line 1 discount", r.Lines[0].DiscountCents, p(42_500)},
		{"line 2 discount", r.Lines[1].DiscountCents, p(12_500)},
		{"line 3 discount", r.Lines[2].DiscountCents, p(10_000)},
		{"line 1 base", r.Lines[0].BaseCents, p(807_500)},
		{"line 3 base", r.Lines[2].BaseCents, p(190_000)},
		{"line 1 IVA", r.Lines[0].IVACents, p(153_425)},
		{"shipping IVA", r.ShippingIVACents, p(11_400)},
		{"line 2 IVA", r.Lines[1].IVACents, p(11_875)},
		{"line 3 IVA", r.Lines[2].IVACents, 0},
		{"base 19", r.BaseByClass[IVA19], p(867_500)},
		{"base excluido", r.BaseByClass[IVAExcluido], p(190_000)},
		{"goods base", r.GoodsBaseCents, p(1_295_000)},
		{"min goods", r.MinGoodsBaseCents, p(524_000)},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.name, c.got, c.want)
		}
	}
	if r.ReteFuenteRate != "2.5%" || r.ReteIVARate != "15%" {
		t.Errorf("rates %q %q", r.ReteFuenteRate, r.ReteIVARate)
	}

	in := workedExample()
	in.Buyer.ReteIVAAgent = false
	if r := mustCompute(t, in); r.TotalToPayCents != p(1_439_325) || r.ReteIVACents != 0 || r.ReteIVARate != "" {
		t.Errorf("not a ReteIVA agent: total %d ReteIVA %d %q, want 1.439.325", r.TotalToPayCents, r.ReteIVACents, r.ReteIVARate)
	}
}

// TestVariants changes one thing in the worked example at a time.
func TestVariants(t *testing.T) {
	cases := []struct {
		name                            string
		mod                             func(*Input)
		iva, reteFuente, reteIVA, toPay int64
		reteFuenteRate                  string
	}{
		{"company without taxes", func(in *Input) { in.Buyer.HasTaxes = false },
			0, 0, 0, p(1_295_000), ""},
		{"without taxes needs no UVT", func(in *Input) { in.Buyer.HasTaxes = false; in.Params = Params{} },
			0, 0, 0, p(1_295_000), ""},
		{"supplier not IVA responsible", func(in *Input) { in.Supplier.IVAResponsible = false },
			0, p(32_375), 0, p(1_295_000 - 32_375), "2.5%"},
		{"autorretenedor", func(in *Input) { in.Supplier.Autorretenedor = true },
			p(176_700), 0, p(26_505), p(1_471_700 - 26_505), ""},
		{"buyer not a withholding agent", func(in *Input) { in.Buyer.WithholdingAgent = false },
			p(176_700), 0, p(26_505), p(1_471_700 - 26_505), ""},
		{"natural no declarante 3.5%", func(in *Input) { in.Supplier.PersonType = PersonNatural },
			p(176_700), p(45_325), p(26_505), p(1_471_700 - 45_325 - 26_505), "3.5%"},
		{"natural declarante 2.5%", func(in *Input) { in.Supplier.PersonType = PersonNatural; in.Supplier.Declarante = true },
			p(176_700), p(32_375), p(26_505), p(1_412_820), "2.5%"},
		{"gran contribuyente supplier changes nothing", func(in *Input) { in.Supplier.GranContribuyente = true },
			p(176_700), p(32_375), p(26_505), p(1_412_820), "2.5%"},
		// All lines services: the goods base is only the shipping (60.000 < 524.000), so only
		// the services are withheld, and ReteIVA takes the services' IVA (176.700 − 11.400).
		{"services juridica 4%", func(in *Input) { setConcept(in, Service) },
			p(176_700), p(49_400), p(24_795), p(1_471_700 - 49_400 - 24_795), "4%"},
		{"services no declarante 6%", func(in *Input) { setConcept(in, Service); in.Supplier.PersonType = PersonNatural },
			p(176_700), p(74_100), p(24_795), p(1_471_700 - 74_100 - 24_795), "6%"},
		// Line 1 a service (base 807.500), shipping 100.000: goods base 527.500 reaches the
		// minimum too; 13.187,5 + 32.300 = 45.487,5 rounded once → 45.488.
		{"both concepts withheld, rounded once", func(in *Input) { in.Lines[0].Concept = Service; in.ShippingCents = p(100_000) },
			p(184_300), p(45_488), p(27_645), p(1_519_300 - 45_488 - 27_645), "2.5% + 4%"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := workedExample()
			c.mod(&in)
			r := mustCompute(t, in)
			if r.IVACents != c.iva || r.ReteFuenteCents != c.reteFuente || r.ReteIVACents != c.reteIVA ||
				r.TotalToPayCents != c.toPay || r.ReteFuenteRate != c.reteFuenteRate {
				t.Errorf("IVA %d ReteFuente %d (%q) ReteIVA %d to pay %d; want %d %d (%q) %d %d",
					r.IVACents, r.ReteFuenteCents, r.ReteFuenteRate, r.ReteIVACents, r.TotalToPayCents,
					c.iva, c.reteFuente, c.reteFuenteRate, c.reteIVA, c.toPay)
			}
			if r.InvoiceCents != r.TaxableBaseCents+r.IVACents {
				t.Errorf("invoice %d != base %d + IVA %d", r.InvoiceCents, r.TaxableBaseCents, r.IVACents)
			}
		})
	}
}

// setConcept gives every line concept c (the shipping stays goods).
func setConcept(in *Input, c Concept) {
	for i := range in.Lines {
		in.Lines[i].Concept = c
	}
}

func TestMinimumBases(t *testing.T) {
	cases := []struct {
		date            time.Time
		uvt             int64
		goods, services int64
	}{
		{day(2026, time.January, 1), uvt2026.UVTCents, p(524_000), p(105_000)},
		{day(2025, time.May, 31), uvt2025.UVTCents, p(1_345_000), p(199_000)},
		{day(2025, time.June, 1), uvt2025.UVTCents, p(498_000), p(100_000)},
		// 23:30 in Bogota on 2025-05-31 is 2025-06-01 in UTC: the date is read as given.
		{time.Date(2025, time.May, 31, 23, 30, 0, 0, time.FixedZone("COT", -5*3600)), uvt2025.UVTCents, p(1_345_000), p(199_000)},
		// Art. 868 small values: 10×37 = 370 → 400 (nearest 100); 2×37 = 74 → 70 (nearest 10);
		// 10×1.234 = 12.340 → 12.000 (nearest 1.000); 2×1.234 = 2.468 → 2.500.
		{day(2026, time.January, 1), p(37), p(400), p(70)},
		{day(2026, time.January, 1), p(1_234), p(12_000), p(2_500)},
	}
	for _, c := range cases {
		g, s := MinimumBases(c.date, c.uvt)
		if g != c.goods || s != c.services {
			t.Errorf("MinimumBases(%s, %d) = %d, %d; want %d, %d", c.date, c.uvt, g, s, c.goods, c.services)
		}
	}
}

func goodsDoc(date time.Time, params Params, baseCents int64) Input {
	return Input{Date: date, Lines: []Line{{Quantity: 1, UnitCostCents: baseCents, IVA: IVA19, Concept: Goods}},
		Buyer: agent, Supplier: juridicaIVA, Params: params}
}

func TestThresholds(t *testing.T) {
	svc := func(in Input) Input { in.Lines[0].Concept = Service; return in }
	cases := []struct {
		name                string
		in                  Input
		reteFuente, reteIVA int64
	}{
		{"goods exactly at 10 UVT 2026", goodsDoc(day(2026, 5, 1), uvt2026, p(524_000)), p(13_100), p(14_934)},
		{"goods one centavo below", goodsDoc(day(2026, 5, 1), uvt2026, p(524_000)-1), 0, 0},
		{"services exactly at 2 UVT 2026", svc(goodsDoc(day(2026, 5, 1), uvt2026, p(105_000))), p(4_200), p(2_993)},
		{"services one centavo below", svc(goodsDoc(day(2026, 5, 1), uvt2026, p(105_000)-1)), 0, 0},
		{"2025-05-31 under 27 UVT", goodsDoc(day(2025, 5, 31), uvt2025, p(1_000_000)), 0, 0},
		{"2025-06-01 over 10 UVT", goodsDoc(day(2025, 6, 1), uvt2025, p(1_000_000)), p(25_000), p(28_500)},
		{"2025-05-31 at 27 UVT", goodsDoc(day(2025, 5, 31), uvt2025, p(1_345_000)), p(33_625), p(38_333)},
		{"2025-05-31 services under 4 UVT", svc(goodsDoc(day(2025, 5, 31), uvt2025, p(198_999))), 0, 0},
		{"2025-06-01 services at 2 UVT", svc(goodsDoc(day(2025, 6, 1), uvt2025, p(100_000))), p(4_000), p(2_850)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := mustCompute(t, c.in)
			if r.ReteFuenteCents != c.reteFuente || r.ReteIVACents != c.reteIVA {
				t.Errorf("ReteFuente %d ReteIVA %d, want %d %d", r.ReteFuenteCents, r.ReteIVACents, c.reteFuente, c.reteIVA)
			}
		})
	}
}

// TestShippingCountsTowardsGoodsMinimum: lines under the minimum plus shipping reach it.
func TestShippingCountsTowardsGoodsMinimum(t *testing.T) {
	in := goodsDoc(day(2026, 5, 1), uvt2026, p(500_000))
	if r := mustCompute(t, in); r.ReteFuenteCents != 0 {
		t.Fatalf("500.000 withheld %d", r.ReteFuenteCents)
	}
	in.ShippingCents = p(24_000)
	if r := mustCompute(t, in); r.ReteFuenteCents != p(13_100) || r.GoodsBaseCents != p(524_000) {
		t.Fatalf("with shipping: ReteFuente %d base %d", r.ReteFuenteCents, r.GoodsBaseCents)
	}
}

func TestRoundingHalfUp(t *testing.T) {
	// IVA 5% of 10 pesos = 0,50 → 1 peso; of 9,90 pesos = 0,495 → 0.
	for _, c := range []struct{ base, iva int64 }{{1_000, 100}, {990, 0}, {1_100, 100}, {3_000, 200}} {
		in := Input{Date: day(2026, 1, 2), Lines: []Line{{Quantity: 1, UnitCostCents: c.base, IVA: IVA5}},
			Buyer: Buyer{HasTaxes: true}, Supplier: juridicaIVA}
		if r := mustCompute(t, in); r.IVACents != c.iva {
			t.Errorf("IVA 5%% of %d centavos = %d, want %d", c.base, r.IVACents, c.iva)
		}
	}
	// ReteFuente 2.5% of 524.020 = 13.100,5 → 13.101; of 524.019,99 → 13.100,4997 → 13.100.
	in := goodsDoc(day(2026, 5, 1), uvt2026, p(524_020))
	in.Buyer.ReteIVAAgent = false
	if r := mustCompute(t, in); r.ReteFuenteCents != p(13_101) {
		t.Errorf("ReteFuente of 524.020 = %d", r.ReteFuenteCents)
	}
	in.Lines[0].UnitCostCents = p(524_020) - 1
	if r := mustCompute(t, in); r.ReteFuenteCents != p(13_100) {
		t.Errorf("ReteFuente of 524.019,99 = %d", r.ReteFuenteCents)
	}
	// ReteIVA: base 524.053 → IVA 99.570,07 → 99.570 → 15% = 14.935,5 → 14.936.
	in = goodsDoc(day(2026, 5, 1), uvt2026, p(524_053))
	if r := mustCompute(t, in); r.IVACents != p(99_570) || r.ReteIVACents != p(14_936) {
		t.Errorf("IVA %d ReteIVA %d, want 99.570 14.936", r.IVACents, r.ReteIVACents)
	}
}

func TestExentoVersusExcluido(t *testing.T) {
	in := Input{Date: day(2026, 7, 1), Lines: []Line{
		{Quantity: 2, UnitCostCents: p(300_000), IVA: IVAExento},
		{Quantity: 4, UnitCostCents: p(100_000), IVA: IVAExcluido},
	}, Buyer: agent, Supplier: juridicaIVA, Params: uvt2026}
	r := mustCompute(t, in)
	if r.IVACents != 0 || r.IVAByClass[IVAExento] != 0 || r.IVAByClass[IVAExcluido] != 0 {
		t.Errorf("IVA %v", r.IVAByClass)
	}
	if r.BaseByClass[IVAExento] != p(600_000) || r.BaseByClass[IVAExcluido] != p(400_000) || r.BaseByClass[IVA19] != 0 {
		t.Errorf("bases %v", r.BaseByClass)
	}
	// No IVA charged → nothing to withhold as ReteIVA; ReteFuente on the whole value.
	if r.ReteIVACents != 0 || r.ReteIVARate != "" || r.ReteFuenteCents != p(25_000) || r.TotalToPayCents != p(975_000) {
		t.Errorf("ReteIVA %d ReteFuente %d to pay %d", r.ReteIVACents, r.ReteFuenteCents, r.TotalToPayCents)
	}
	if len(r.IVAByClass) != 4 || len(r.BaseByClass) != 4 {
		t.Errorf("maps must hold every class: %v %v", r.IVAByClass, r.BaseByClass)
	}
}

func TestDiscountProratedExactly(t *testing.T) {
	in := Input{Date: day(2026, 1, 2), Lines: []Line{
		{Quantity: 1, UnitCostCents: 100, IVA: IVA19},
		{Quantity: 1, UnitCostCents: 100, IVA: IVA19},
		{Quantity: 1, UnitCostCents: 100, IVA: IVA19},
	}, DiscountCents: 100, Buyer: Buyer{HasTaxes: true}, Supplier: juridicaIVA}
	r := mustCompute(t, in)
	got := []int64{r.Lines[0].DiscountCents, r.Lines[1].DiscountCents, r.Lines[2].DiscountCents}
	if got[0] != 34 || got[1] != 33 || got[2] != 33 {
		t.Errorf("discount parts %v, want [34 33 33]", got)
	}
	// Largest remainder, not first-come: 1/6, 2/6, 3/6 of 5 centavos = 0,83 1,67 2,5 → 1 2 2.
	in.Lines[0].UnitCostCents, in.Lines[1].UnitCostCents, in.Lines[2].UnitCostCents = 100, 200, 300
	in.DiscountCents = 5
	r = mustCompute(t, in)
	got = []int64{r.Lines[0].DiscountCents, r.Lines[1].DiscountCents, r.Lines[2].DiscountCents}
	if got[0] != 1 || got[1] != 2 || got[2] != 2 {
		t.Errorf("discount parts %v, want [1 2 2]", got)
	}
	// A 100% discount leaves nothing.
	in.DiscountCents = 600
	r = mustCompute(t, in)
	if r.TaxableBaseCents != 0 || r.IVACents != 0 || r.TotalToPayCents != 0 {
		t.Errorf("full discount: %+v", r)
	}
}

func TestLineIVAAddsUp(t *testing.T) {
	in := Input{Date: day(2026, 1, 2), Lines: []Line{
		{Quantity: 3, UnitCostCents: 33_333, IVA: IVA19},
		{Quantity: 7, UnitCostCents: 14_285, IVA: IVA19},
		{Quantity: 1, UnitCostCents: 99_999, IVA: IVA5},
		{Quantity: 1, UnitCostCents: 12_345, IVA: IVA5, Concept: Service},
	}, DiscountCents: 777, ShippingCents: 12_345, Buyer: Buyer{HasTaxes: true}, Supplier: juridicaIVA}
	r := mustCompute(t, in)
	sum, disc := r.ShippingIVACents, int64(0)
	for _, l := range r.Lines {
		sum += l.IVACents
		disc += l.DiscountCents
	}
	if sum != r.IVACents || disc != r.DiscountCents {
		t.Errorf("lines IVA %d vs %d, discount %d vs %d", sum, r.IVACents, disc, r.DiscountCents)
	}
	if r.IVACents%100 != 0 || r.IVAByClass[IVA19]+r.IVAByClass[IVA5] != r.IVACents {
		t.Errorf("IVA %d by class %v", r.IVACents, r.IVAByClass)
	}
}

func TestEmptyDocument(t *testing.T) {
	r := mustCompute(t, Input{Date: day(2026, 1, 2), Buyer: agent, Supplier: juridicaIVA, Params: uvt2026})
	if r.TotalToPayCents != 0 || len(r.Lines) != 0 {
		t.Errorf("%+v", r)
	}
}

func TestInvalidInput(t *testing.T) {
	cases := []struct {
		name string
		mod  func(*Input)
		want error
	}{
		{"discount above subtotal", func(in *Input) { in.DiscountCents = p(1_300_000) + 1 }, ErrInvalid},
		{"negative discount", func(in *Input) { in.DiscountCents = -1 }, ErrInvalid},
		{"negative shipping", func(in *Input) { in.ShippingCents = -1 }, ErrInvalid},
		{"negative quantity", func(in *Input) { in.Lines[0].Quantity = -1 }, ErrInvalid},
		{"negative cost", func(in *Input) { in.Lines[0].UnitCostCents = -1 }, ErrInvalid},
		{"unknown IVA class", func(in *Input) { in.Lines[0].IVA = "16" }, ErrInvalid},
		{"empty IVA class", func(in *Input) { in.Lines[0].IVA = "" }, ErrInvalid},
		{"unknown concept", func(in *Input) { in.Lines[0].Concept = "rental" }, ErrInvalid},
		{"unknown person type", func(in *Input) { in.Supplier.PersonType = "" }, ErrInvalid},
		{"overflow", func(in *Input) { in.Lines[0].Quantity, in.Lines[0].UnitCostCents = 1<<40, 1<<40 }, ErrInvalid},
		{"no UVT", func(in *Input) { in.Params = Params{} }, ErrNoUVT},
		{"UVT of another year", func(in *Input) { in.Params = uvt2025 }, ErrInvalid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := workedExample()
			c.mod(&in)
			if _, err := Compute(in); !errors.Is(err, c.want) {
				t.Errorf("err = %v, want %v", err, c.want)
			}
		})
	}
}

// The largest document the bounds accept is computed exactly (nothing overflows, with every
// tax and withholding at its highest rate), and anything larger is refused.
func TestLargestDocument(t *testing.T) {
	t.Parallel()
	max := Input{Date: day(2026, time.March, 10), Lines: []Line{{Quantity: 1, UnitCostCents: maxCents, IVA: IVA19, Concept: Service}},
		ShippingCents: maxCents, Buyer: agent, Supplier: Supplier{PersonType: PersonNatural, IVAResponsible: true}, Params: uvt2026}
	r := mustCompute(t, max)
	const base = 10_000_000_000_000_000 // 10^16 centavos, each of services and shipping (goods)
	want := Result{SubtotalCents: base, ShippingCents: base, TaxableBaseCents: 2 * base, IVACents: 2 * base * 19 / 100,
		InvoiceCents: 2*base + 2*base*19/100, ReteFuenteCents: base*35/1000 + base*60/1000, ReteIVACents: 2 * base * 19 / 100 * 15 / 100}
	want.TotalToPayCents = want.InvoiceCents - want.ReteFuenteCents - want.ReteIVACents
	if r.SubtotalCents != want.SubtotalCents || r.TaxableBaseCents != want.TaxableBaseCents || r.IVACents != want.IVACents ||
		r.InvoiceCents != want.InvoiceCents || r.ReteFuenteCents != want.ReteFuenteCents || r.ReteIVACents != want.ReteIVACents ||
		r.TotalToPayCents != want.TotalToPayCents {
		t.Fatalf("largest document %+v\nwant %+v", r, want)
	}
	for name, edit := range map[string]func(*Input){
		"subtotal": func(in *Input) { in.Lines[0].UnitCostCents++ },
		"shipping": func(in *Input) { in.ShippingCents++ },
		"lines":    func(in *Input) { in.Lines = append(in.Lines, Line{Quantity: 1, UnitCostCents: 1, IVA: IVA19}) },
	} {
		in := max
		in.Lines = append([]Line(nil), max.Lines...)
		edit(&in)
		if _, err := Compute(in); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s above the bound: %v, want ErrInvalid", name, err)
		}
	}
}
