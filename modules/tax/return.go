package tax

import (
	"fmt"
	"math/big"
)

// PurchaseLineFigures is one line of a purchase as the purchase stored it: its quantity, its
// subtotal, its share of the discount, its base and its share of its class's IVA.
type PurchaseLineFigures struct {
	Quantity, SubtotalCents, DiscountCents, BaseCents, IVACents int64
	IVA                                                         IVAClass
}

// PurchaseFigures are a purchase as a return reads it: what the purchase stored, never priced
// again (the supplier's profile or the UVT may have changed since; a return reverses what was
// invoiced).
type PurchaseFigures struct {
	Lines []PurchaseLineFigures
	// ShippingCents, TaxableBaseCents, IVACents, ReteFuenteCents and ReteIVACents are the
	// purchase's totals (Result's).
	ShippingCents, TaxableBaseCents, IVACents, ReteFuenteCents, ReteIVACents int64
}

// ReturnFigures are the amounts a return reverses, in centavos: Base is its value before IVA,
// IVA its VAT, ReteFuente and ReteIVA the withholdings it gives back to the supplier. Amount is
// what the purchase's balance falls by: Base + IVA − ReteFuente − ReteIVA.
type ReturnFigures struct {
	BaseCents, IVACents, ReteFuenteCents, ReteIVACents int64
}

// AmountCents is Base + IVA − ReteFuente − ReteIVA.
func (f ReturnFigures) AmountCents() int64 {
	return f.BaseCents + f.IVACents - f.ReteFuenteCents - f.ReteIVACents
}

// Add returns f + g.
func (f ReturnFigures) Add(g ReturnFigures) ReturnFigures {
	return ReturnFigures{f.BaseCents + g.BaseCents, f.IVACents + g.IVACents, f.ReteFuenteCents + g.ReteFuenteCents,
		f.ReteIVACents + g.ReteIVACents}
}

// sub returns f − g.
func (f ReturnFigures) sub(g ReturnFigures) ReturnFigures {
	return ReturnFigures{f.BaseCents - g.BaseCents, f.IVACents - g.IVACents, f.ReteFuenteCents - g.ReteFuenteCents,
		f.ReteIVACents - g.ReteIVACents}
}

// atMost returns f with every figure capped at g's.
func (f ReturnFigures) atMost(g ReturnFigures) ReturnFigures {
	return ReturnFigures{min(f.BaseCents, g.BaseCents), min(f.IVACents, g.IVACents),
		min(f.ReteFuenteCents, g.ReteFuenteCents), min(f.ReteIVACents, g.ReteIVACents)}
}

// Returnable is everything the returns of purchase p may reverse together: the lines' base
// (shipping is not returned), the lines' IVA (the shipping's share of the 19% IVA stays), and
// the withholdings less the shipping's share of them — ReteFuente's share is the shipping's
// share of the taxable base, ReteIVA's the shipping IVA's share of the IVA, each rounded
// half-up to pesos. Its amount is the purchase's total to pay less the shipping's share.
func Returnable(p PurchaseFigures) ReturnFigures {
	var base, iva int64
	for _, l := range p.Lines {
		base += l.BaseCents
		iva += l.IVACents
	}
	shippingIVA := p.IVACents - iva
	return ReturnFigures{BaseCents: base, IVACents: iva,
		ReteFuenteCents: p.ReteFuenteCents - shareHalfUp(p.ReteFuenteCents, p.ShippingCents, p.TaxableBaseCents),
		ReteIVACents:    p.ReteIVACents - shareHalfUp(p.ReteIVACents, shippingIVA, p.IVACents)}
}

// ReturnInput is one return to compute.
//
// A goods return names Quantities: units returned per line of the purchase (same order; 0 for a
// line not returned). A value return (a price correction agreed with the supplier) has no
// quantities and ValueCents, the agreed reduction of the base. Claimed are the units of each
// line the purchase's other live returns (approved and pending) take, and Taken their figures:
// what is left to return is Returnable − Taken.
type ReturnInput struct {
	Purchase   PurchaseFigures
	Quantities []int64
	ValueCents int64
	Claimed    []int64
	Taken      ReturnFigures
}

// ReturnResult is a computed return. Lines (goods returns, one per purchase line) are each
// line's returned subtotal, discount, base and IVA; SubtotalCents and DiscountCents are the
// return's (for a value return, Subtotal = Base = ValueCents and no discount), with
// Base = Subtotal − Discount.
type ReturnResult struct {
	ReturnFigures
	SubtotalCents, DiscountCents int64
	Lines                        []LineResult
}

// ComputeReturn computes a purchase return in proportion to the purchase (DESIGN §5: returns
// reverse IVA and withholdings in proportion). It is pure and exact.
//
// A goods return takes, of each line, the returned units' share q/Q of the line's subtotal
// (exact), of its prorated discount (half-up to the centavo) and so of its base; the IVA of each
// class is the returned share of the class's lines' IVA, summed exactly and rounded half-up to
// pesos once per class, as the purchase rounds it, then shared out to the lines by their bases
// (largest remainder). A value return's IVA is its base's share of the lines' IVA, rounded
// half-up to pesos. Both reverse ReteFuente by the base's share of the returnable ReteFuente and
// ReteIVA by the IVA's share of the returnable ReteIVA, half-up to pesos: what the purchase
// withheld, in the proportion it withheld it, whatever the minimum bases say today (a purchase
// that withheld nothing gives nothing back).
//
// The last return absorbs the rounding: a return after which every unit of every line is
// claimed (goods), or that takes all the base still returnable (value), is the remainder —
// Returnable − Taken, figure by figure — and any other return is capped, figure by figure, at
// that remainder. By induction no live return ever exceeds what was left when it was made, so
// the returns of a purchase never add up to more than Returnable, and returning everything
// returns exactly Returnable: the total to pay less the shipping's share. (A price correction
// taken before some goods are returned comes off those goods' figures through the cap.)
//
// Quantities above what is left of a line, or a value above the base left, are ErrInvalid: the
// caller refuses them first with its own messages.
func ComputeReturn(in ReturnInput) (ReturnResult, error) {
	p := in.Purchase
	left := Returnable(p).sub(in.Taken)
	if left.BaseCents < 0 || left.IVACents < 0 || left.ReteFuenteCents < 0 || left.ReteIVACents < 0 {
		return ReturnResult{}, fmt.Errorf("%w: other returns take more than the purchase", ErrInvalid)
	}
	var res ReturnResult
	var raw ReturnFigures
	last := false
	if in.Quantities == nil {
		if in.ValueCents <= 0 || in.ValueCents > left.BaseCents {
			return ReturnResult{}, fmt.Errorf("%w: value %d outside (0, %d]", ErrInvalid, in.ValueCents, left.BaseCents)
		}
		raw.BaseCents = in.ValueCents
		raw.IVACents = shareHalfUp(Returnable(p).IVACents, in.ValueCents, Returnable(p).BaseCents)
		res.SubtotalCents = in.ValueCents
		last = in.ValueCents == left.BaseCents
	} else {
		var err error
		if raw, last, err = goodsReturn(p, in, &res); err != nil {
			return ReturnResult{}, err
		}
	}
	pool := Returnable(p)
	raw.ReteFuenteCents = shareHalfUp(pool.ReteFuenteCents, raw.BaseCents, pool.BaseCents)
	raw.ReteIVACents = shareHalfUp(pool.ReteIVACents, raw.IVACents, pool.IVACents)
	if last {
		res.ReturnFigures = left
	} else {
		res.ReturnFigures = raw.atMost(left)
	}
	res.DiscountCents = res.SubtotalCents - res.BaseCents
	return res, nil
}

// goodsReturn fills res's lines and subtotal for a goods return and returns its figures before
// withholdings, and whether it claims the last unit of every line.
func goodsReturn(p PurchaseFigures, in ReturnInput, res *ReturnResult) (ReturnFigures, bool, error) {
	if len(in.Quantities) != len(p.Lines) || (in.Claimed != nil && len(in.Claimed) != len(p.Lines)) {
		return ReturnFigures{}, false, fmt.Errorf("%w: %d quantities for %d lines", ErrInvalid, len(in.Quantities), len(p.Lines))
	}
	res.Lines = make([]LineResult, len(p.Lines))
	last, some := true, false
	classIVA := map[IVAClass]*big.Rat{}
	var out ReturnFigures
	for i, l := range p.Lines {
		q := in.Quantities[i]
		var claimed int64
		if in.Claimed != nil {
			claimed = in.Claimed[i]
		}
		if q < 0 || claimed < 0 || q > l.Quantity-claimed {
			return ReturnFigures{}, false, fmt.Errorf("%w: line %d returns %d of %d (%d claimed)", ErrInvalid, i+1, q, l.Quantity, claimed)
		}
		if q+claimed < l.Quantity {
			last = false
		}
		if q == 0 {
			continue
		}
		some = true
		sub := mulDiv(l.SubtotalCents, q, l.Quantity, 1)
		disc := mulDiv(l.DiscountCents, q, l.Quantity, 1)
		res.Lines[i] = LineResult{SubtotalCents: sub, DiscountCents: disc, BaseCents: sub - disc}
		res.SubtotalCents += sub
		out.BaseCents += sub - disc
		if classIVA[l.IVA] == nil {
			classIVA[l.IVA] = new(big.Rat)
		}
		classIVA[l.IVA].Add(classIVA[l.IVA], new(big.Rat).SetFrac(new(big.Int).Mul(big.NewInt(l.IVACents), big.NewInt(q)),
			big.NewInt(l.Quantity)))
	}
	if !some {
		return ReturnFigures{}, false, fmt.Errorf("%w: nothing returned", ErrInvalid)
	}
	for _, c := range Classes {
		sum := classIVA[c]
		if sum == nil {
			continue
		}
		iva := ratPesosHalfUp(sum)
		out.IVACents += iva
		var idx []int
		var bases []int64
		for i, l := range p.Lines {
			if l.IVA == c && in.Quantities[i] > 0 {
				idx, bases = append(idx, i), append(bases, res.Lines[i].BaseCents)
			}
		}
		for k, part := range prorate(iva, bases) {
			res.Lines[idx[k]].IVACents = part
		}
	}
	return out, last, nil
}

// shareHalfUp is amount × part / whole rounded half-up to whole pesos, in centavos; 0 when whole
// is 0. Exact for any int64 inputs (big integers).
func shareHalfUp(amount, part, whole int64) int64 {
	if whole == 0 || amount == 0 || part == 0 {
		return 0
	}
	return mulDiv(amount, part, whole, 100)
}

// mulDiv is a × b / c rounded half-up to a multiple of unit (1: centavos, 100: pesos), for
// a, b ≥ 0 and c > 0.
func mulDiv(a, b, c, unit int64) int64 {
	r := new(big.Rat).SetFrac(new(big.Int).Mul(big.NewInt(a), big.NewInt(b)), big.NewInt(c))
	return roundRat(r, unit)
}

// ratPesosHalfUp rounds r centavos (≥ 0) half-up to whole pesos.
func ratPesosHalfUp(r *big.Rat) int64 { return roundRat(r, 100) }

// roundRat rounds r (≥ 0) half-up to a multiple of unit: floor((num + unit·den/2) / (unit·den)) × unit.
func roundRat(r *big.Rat, unit int64) int64 {
	den := new(big.Int).Mul(r.Denom(), big.NewInt(unit))
	num := new(big.Int).Mul(r.Num(), big.NewInt(2))
	num.Add(num, den)
	den.Mul(den, big.NewInt(2))
	q := new(big.Int).Quo(num, den)
	return q.Int64() * unit
}
