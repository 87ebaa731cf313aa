package tax

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// figuresOf is a computed purchase as a return reads it (what purchasing stores).
func figuresOf(in Input, r Result) PurchaseFigures {
	f := PurchaseFigures{ShippingCents: r.ShippingCents, TaxableBaseCents: r.TaxableBaseCents, IVACents: r.IVACents,
		ReteFuenteCents: r.ReteFuenteCents, ReteIVACents: r.ReteIVACents}
	for i, l := range r.Lines {
		f.Lines = append(f.Lines, PurchaseLineFigures{Quantity: in.Lines[i].Quantity, SubtotalCents: l.SubtotalCents,
			DiscountCents: l.DiscountCents, BaseCents: l.BaseCents, IVACents: l.IVACents, IVA: in.Lines[i].IVA})
	}
	return f
}

func workedFigures(t *testing.T) PurchaseFigures {
	in := workedExample()
	return figuresOf(in, mustCompute(t, in))
}

// DESIGN §5's worked example with 2 of its 10 units at 85.000 returned (the package doc's
// figures).
func TestReturnWorkedExample(t *testing.T) {
	r, err := ComputeReturn(ReturnInput{Purchase: workedFigures(t), Quantities: []int64{2, 0, 0}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		got, want int64
	}{
		{"subtotal", r.SubtotalCents, p(170_000)},
		{"discount", r.DiscountCents, p(8_500)},
		{"base", r.BaseCents, p(161_500)},
		{"IVA", r.IVACents, p(30_685)},
		{"ReteFuente", r.ReteFuenteCents, p(4_038)},
		{"ReteIVA", r.ReteIVACents, p(4_603)},
		{"amount", r.AmountCents(), p(183_544)},
		{"line 1 subtotal", r.Lines[0].SubtotalCents, p(170_000)},
		{"line 1 discount", r.Lines[0].DiscountCents, p(8_500)},
		{"line 1 base", r.Lines[0].BaseCents, p(161_500)},
		{"line 1 IVA", r.Lines[0].IVACents, p(30_685)},
		{"line 2", r.Lines[1].BaseCents + r.Lines[1].IVACents, 0},
		// The purchase's total to pay, 1.412.820, less the return: what is still owed.
		{"owed after", p(1_412_820) - r.AmountCents(), p(1_229_276)},
		// Priced again with 8 units the purchase would be a peso less: a return reverses what was
		// invoiced, it does not re-price.
		{"re-priced with 8 units", repriced(t), p(1_229_275)},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.name, c.got, c.want)
		}
	}
}

func repriced(t *testing.T) int64 {
	in := workedExample()
	in.Lines[0].Quantity = 8
	in.DiscountCents = p(56_500) // 5 % of the new subtotal
	return mustCompute(t, in).TotalToPayCents
}

// Returning everything returns the total to pay less the shipping's share: 1.412.820 −
// (60.000 + 11.400 IVA − 1.500 ReteFuente − 1.710 ReteIVA) = 1.344.630.
func TestReturnEverything(t *testing.T) {
	f := workedFigures(t)
	pool := Returnable(f)
	if got, want := pool.AmountCents(), p(1_344_630); got != want {
		t.Fatalf("returnable = %d, want %d", got, want)
	}
	if got, want := pool, (ReturnFigures{p(1_235_000), p(165_300), p(30_875), p(24_795)}); got != want {
		t.Fatalf("returnable = %+v, want %+v", got, want)
	}
	r, err := ComputeReturn(ReturnInput{Purchase: f, Quantities: []int64{10, 20, 5}})
	if err != nil {
		t.Fatal(err)
	}
	if r.ReturnFigures != pool {
		t.Fatalf("everything = %+v, want %+v", r.ReturnFigures, pool)
	}
	if r.SubtotalCents != p(1_300_000) || r.DiscountCents != p(65_000) {
		t.Fatalf("subtotal %d discount %d", r.SubtotalCents, r.DiscountCents)
	}
}

// A value return reverses IVA and withholdings in the purchase's proportion: 100.000 of base
// carry 100.000 × 165.300 / 1.235.000 = 13.384,6… → 13.385 of IVA, 2.500 of ReteFuente and
// 13.385 × 24.795 / 165.300 = 2.007,75 → 2.008 of ReteIVA.
func TestReturnValue(t *testing.T) {
	r, err := ComputeReturn(ReturnInput{Purchase: workedFigures(t), ValueCents: p(100_000)})
	if err != nil {
		t.Fatal(err)
	}
	want := ReturnFigures{p(100_000), p(13_385), p(2_500), p(2_008)}
	if r.ReturnFigures != want || r.SubtotalCents != p(100_000) || r.DiscountCents != 0 || r.Lines != nil {
		t.Fatalf("value return = %+v, want %+v", r, want)
	}
	if _, err := ComputeReturn(ReturnInput{Purchase: workedFigures(t), ValueCents: p(1_235_000) + 1}); !errors.Is(err, ErrInvalid) {
		t.Fatalf("a value above the base: %v", err)
	}
}

// A purchase that withheld nothing gives nothing back, whatever the return's size.
func TestReturnNothingWithheld(t *testing.T) {
	in := workedExample()
	in.Buyer = Buyer{HasTaxes: true}
	r, err := ComputeReturn(ReturnInput{Purchase: figuresOf(in, mustCompute(t, in)), Quantities: []int64{2, 0, 0}})
	if err != nil {
		t.Fatal(err)
	}
	if r.ReteFuenteCents != 0 || r.ReteIVACents != 0 || r.AmountCents() != p(161_500+30_685) {
		t.Fatalf("%+v", r)
	}
}

// Returns taken one unit at a time, in any order, with value returns among them, never add up
// to more than the returnable figures, and the one that claims the last unit brings the sum to
// them exactly.
func TestReturnsNeverExceedThePurchase(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for round := range 200 {
		in := Input{Date: day(2026, 3, 10), Buyer: agent, Supplier: juridicaIVA, Params: uvt2026,
			ShippingCents: rng.Int64N(p(50_000)), DiscountCents: rng.Int64N(p(1_000))}
		for range 1 + rng.IntN(4) {
			in.Lines = append(in.Lines, Line{Quantity: 1 + rng.Int64N(7), UnitCostCents: 1 + rng.Int64N(p(400_000)),
				IVA: Classes[rng.IntN(len(Classes))], Concept: Goods})
		}
		f := figuresOf(in, mustCompute(t, in))
		pool := Returnable(f)
		claimed := make([]int64, len(f.Lines))
		var taken ReturnFigures
		for {
			var open []int
			for i, l := range f.Lines {
				if claimed[i] < l.Quantity {
					open = append(open, i)
				}
			}
			if len(open) == 0 {
				break
			}
			ri := ReturnInput{Purchase: f, Claimed: claimed, Taken: taken}
			if left := pool.BaseCents - taken.BaseCents; rng.IntN(5) == 0 && left > 1 {
				ri.ValueCents = 1 + rng.Int64N(left/2)
			} else {
				ri.Quantities = make([]int64, len(f.Lines))
				i := open[rng.IntN(len(open))]
				ri.Quantities[i] = 1 + rng.Int64N(f.Lines[i].Quantity-claimed[i])
			}
			r, err := ComputeReturn(ri)
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
			if r.BaseCents < 0 || r.IVACents < 0 || r.ReteFuenteCents < 0 || r.ReteIVACents < 0 {
				t.Fatalf("round %d: negative figures %+v", round, r)
			}
			for i, q := range ri.Quantities {
				claimed[i] += q
			}
			taken = taken.Add(r.ReturnFigures)
			if taken.atMost(pool) != taken {
				t.Fatalf("round %d: returns %+v exceed the purchase's %+v", round, taken, pool)
			}
		}
		if taken != pool {
			t.Fatalf("round %d: everything returned = %+v, want %+v", round, taken, pool)
		}
	}
}

func TestReturnRefusesMoreThanLeft(t *testing.T) {
	f := workedFigures(t)
	for _, in := range []ReturnInput{
		{Purchase: f, Quantities: []int64{11, 0, 0}},
		{Purchase: f, Quantities: []int64{3, 0, 0}, Claimed: []int64{8, 0, 0}},
		{Purchase: f, Quantities: []int64{0, 0, 0}},
		{Purchase: f, Quantities: []int64{1}},
		{Purchase: f, ValueCents: 0},
	} {
		if _, err := ComputeReturn(in); !errors.Is(err, ErrInvalid) {
			t.Errorf("%+v: %v, want ErrInvalid", in, err)
		}
	}
}
