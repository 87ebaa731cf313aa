package tax

import (
	"errors"
	"fmt"
	"math/bits"
	"sort"
	"strings"
	"time"

	"github.com/backoffice/backoffice/platform/bounds"
	"github.com/backoffice/backoffice/platform/calendar"
)

// IVAClass is a product's IVA treatment. Exento and excluido both charge 0% but stay distinct:
// exento goods are taxed at zero (the supplier keeps its IVA credit), excluido goods are outside
// IVA, and invoices report their bases separately.
type IVAClass string

// The IVA classes (the values of catalog products' iva_class).
const (
	IVA19       IVAClass = "19"
	IVA5        IVAClass = "5"
	IVAExento   IVAClass = "exento"
	IVAExcluido IVAClass = "excluido"
)

// Classes lists every IVA class in display order.
var Classes = []IVAClass{IVA19, IVA5, IVAExento, IVAExcluido}

// Concept says whether a line is a purchase of goods or of services: withholding rates and
// minimum bases differ (the values of catalog products' kind).
type Concept string

// The concepts.
const (
	Goods   Concept = "goods"
	Service Concept = "service"
)

// Person types of a supplier (people.Supplier's tax profile).
const (
	PersonNatural  = "natural"
	PersonJuridica = "juridica"
)

// Line is one document line: Quantity units at UnitCostCents each (a purchase's unit cost, a
// sale's unit price), before IVA, less the line's own DiscountCents (a sale line's discount; at
// most Quantity × UnitCostCents).
type Line struct {
	Quantity      int64
	UnitCostCents int64
	DiscountCents int64
	IVA           IVAClass
	Concept       Concept
}

// Supplier is the seller's tax profile.
type Supplier struct {
	PersonType string // PersonNatural or PersonJuridica
	// Declarante: a natural person who files an income tax return (lower ReteFuente rates).
	Declarante bool
	// IVAResponsible suppliers charge IVA; the others invoice no IVA at all.
	IVAResponsible bool
	// GranContribuyente is carried for completeness; DESIGN §5 makes no rule depend on it.
	GranContribuyente bool
	// Autorretenedor suppliers withhold their own income tax: no ReteFuente on them.
	Autorretenedor bool
}

// Buyer is the buying company's tax profile (settings.CompanyTaxProfile).
type Buyer struct {
	HasTaxes, WithholdingAgent, ReteIVAAgent bool
}

// Params are the dated values the rules need: the UVT of the document's year (the tax_uvt
// table, see Module.ParamsFor).
type Params struct {
	Year     int
	UVTCents int64
}

// Input is one document to compute. Date is the document's calendar date, read as given
// (its own Year/Month/Day, so a date at UTC midnight is not shifted to the previous day).
// DiscountCents is an unconditional discount in centavos prorated across the lines; shipping is
// billed by the supplier, taxed at 19% and part of the goods base.
type Input struct {
	Date                         time.Time
	Lines                        []Line
	DiscountCents, ShippingCents int64
	Buyer                        Buyer
	Supplier                     Supplier
	Params                       Params
}

// LineResult is one line's share: subtotal (quantity × unit cost), its discount (its own plus
// its part of the document's), its base (subtotal − discount) and its part of its class's IVA.
type LineResult struct {
	SubtotalCents, DiscountCents, BaseCents, IVACents int64
}

// Result is a computed document, every amount in centavos; taxes are whole pesos.
//
// TaxableBaseCents = Subtotal − Discount + Shipping (the value before IVA, every class);
// InvoiceCents = TaxableBase + IVA; TotalToPayCents = Invoice − ReteFuente − ReteIVA.
// IVAByClass and BaseByClass always hold all four classes (shipping is in class 19), and
// Σ Lines[i].IVACents + ShippingIVACents = IVACents.
type Result struct {
	SubtotalCents, DiscountCents, ShippingCents, TaxableBaseCents, IVACents int64
	IVAByClass                                                              map[IVAClass]int64
	InvoiceCents, ReteFuenteCents, ReteIVACents, TotalToPayCents            int64
	// ReteFuenteRate and ReteIVARate are for display ("2.5%", "2.5% + 4%" with both concepts,
	// "15%"); empty when nothing is withheld.
	ReteFuenteRate, ReteIVARate string
	Lines                       []LineResult

	// BaseByClass is the base of each IVA class (exento and excluido reported apart).
	BaseByClass map[IVAClass]int64
	// ShippingIVACents is the shipping's part of the 19% IVA.
	ShippingIVACents int64
	// GoodsBaseCents (goods lines + shipping) and ServicesBaseCents are the ReteFuente bases;
	// MinGoodsBaseCents and MinServicesBaseCents are the minimums they were compared with
	// (zero when the buyer withholds nothing).
	GoodsBaseCents, ServicesBaseCents, MinGoodsBaseCents, MinServicesBaseCents int64
}

// ErrInvalid wraps every rejection of malformed input (negative amounts, unknown classes,
// a discount above the subtotal, amounts too large).
var ErrInvalid = errors.New("tax: invalid input")

// ErrNoUVT is returned when withholdings may apply but Params carries no UVT.
var ErrNoUVT = errors.New("tax: no UVT value")

// maxCents bounds the subtotal, the shipping and the discount: a document's bound
// (platform/bounds, 100,000,000,000,000.00 pesos), so that the integer arithmetic below —
// a base of at most subtotal + shipping times a rate numerator of at most 60 — can never
// overflow int64.
const maxCents = bounds.MaxDocumentCents

// rate is an exact fraction num/den.
type rate struct {
	num, den int64
	label    string
}

// Rates of DESIGN §5. ReteFuente rates share the denominator 1000 so that two concepts can be
// summed exactly before the single per-document rounding.
var (
	rateIVA19          = rate{19, 100, "19%"}
	rateIVA5           = rate{5, 100, "5%"}
	rateGoodsDecl      = rate{25, 1000, "2.5%"}
	rateGoodsNoDecl    = rate{35, 1000, "3.5%"}
	rateServicesDecl   = rate{40, 1000, "4%"}
	rateServicesNoDecl = rate{60, 1000, "6%"}
	rateReteIVA        = rate{15, 100, "15%"}
)

// ivaRate returns a class's rate (zero for exento and excluido).
func ivaRate(c IVAClass) rate {
	switch c {
	case IVA19:
		return rateIVA19
	case IVA5:
		return rateIVA5
	}
	return rate{0, 1, "0%"}
}

// pesosHalfUp rounds num/den centavos half-up to whole pesos and returns centavos. num ≥ 0.
func pesosHalfUp(num, den int64) int64 {
	d := den * 100
	return (num + d/2) / d * 100
}

// apply returns base × r rounded half-up to whole pesos.
func (r rate) apply(baseCents int64) int64 { return pesosHalfUp(baseCents*r.num, r.den) }

// decreto0572 is the first day of the lower minimum bases (Decreto 0572 de 2025).
var decreto0572 = calendar.Day{Year: 2025, Month: time.June, Day: 1}

// MinimumBases returns the ReteFuente (and ReteIVA) minimum bases in centavos for a document
// dated date, given the year's UVT: 27 UVT goods / 4 UVT services until 2025-05-31, 10 / 2 UVT
// from 2025-06-01, each converted to pesos and rounded per Art. 868 E.T. (2026: 524.000 /
// 105.000 pesos). date is read as a calendar date (see Input).
func MinimumBases(date time.Time, uvtCents int64) (goodsCents, servicesCents int64) {
	goodsUVT, servicesUVT := int64(10), int64(2)
	if calendar.Of(date).Before(decreto0572) {
		goodsUVT, servicesUVT = 27, 4
	}
	return art868(goodsUVT * uvtCents), art868(servicesUVT * uvtCents)
}

// art868 rounds a value converted from UVT the way Art. 868 E.T. orders: below 100 pesos to the
// nearest 10, from 100 to 10.000 pesos to the nearest 100, above 10.000 to the nearest 1.000
// (halves up). Input and output in centavos.
func art868(cents int64) int64 {
	var step int64
	switch {
	case cents < 100*100:
		step = 10 * 100
	case cents <= 10_000*100:
		step = 100 * 100
	default:
		step = 1_000 * 100
	}
	return (cents + step/2) / step * step
}

// Compute applies DESIGN §5 to one document. It is pure: the caller supplies the buyer's and
// supplier's profiles and the UVT.
//
// Order: line subtotals less their own discounts; the document's discount prorated by those
// (largest remainder, so the parts sum exactly); bases; IVA per class on the class's base (shipping in 19%), each rounded half-up to
// whole pesos, then shared out to the lines; ReteFuente on the goods base (goods lines +
// shipping) and the services base, each only when it reaches its minimum, the sum rounded once;
// ReteIVA 15% of the IVA of the concepts whose base reached the minimum, rounded once.
func Compute(in Input) (Result, error) {
	if err := validate(in); err != nil {
		return Result{}, err
	}
	res := Result{ShippingCents: in.ShippingCents, DiscountCents: in.DiscountCents,
		IVAByClass: map[IVAClass]int64{}, BaseByClass: map[IVAClass]int64{}, Lines: make([]LineResult, len(in.Lines))}
	for _, c := range Classes {
		res.IVAByClass[c], res.BaseByClass[c] = 0, 0
	}

	subtotals := make([]int64, len(in.Lines))
	nets := make([]int64, len(in.Lines)) // subtotal less the line's own discount
	var net int64
	for i, l := range in.Lines {
		if l.Quantity != 0 && l.UnitCostCents > maxCents/l.Quantity {
			return Result{}, fmt.Errorf("%w: line %d amount too large", ErrInvalid, i+1)
		}
		subtotals[i] = l.Quantity * l.UnitCostCents
		if l.DiscountCents > subtotals[i] {
			return Result{}, fmt.Errorf("%w: line %d discount exceeds its subtotal", ErrInvalid, i+1)
		}
		nets[i] = subtotals[i] - l.DiscountCents
		res.SubtotalCents += subtotals[i]
		if res.SubtotalCents > maxCents {
			return Result{}, fmt.Errorf("%w: subtotal too large", ErrInvalid)
		}
		net += nets[i]
	}
	if in.DiscountCents > net {
		return Result{}, fmt.Errorf("%w: discount exceeds the subtotal", ErrInvalid)
	}
	res.DiscountCents += res.SubtotalCents - net // the lines' own discounts
	discounts := prorate(in.DiscountCents, nets)
	for i, l := range in.Lines {
		base := nets[i] - discounts[i]
		res.Lines[i] = LineResult{SubtotalCents: subtotals[i], DiscountCents: l.DiscountCents + discounts[i], BaseCents: base}
		res.BaseByClass[l.IVA] += base
		if concept(l) == Service {
			res.ServicesBaseCents += base
		} else {
			res.GoodsBaseCents += base
		}
	}
	res.BaseByClass[IVA19] += in.ShippingCents
	res.GoodsBaseCents += in.ShippingCents
	res.TaxableBaseCents = res.SubtotalCents - res.DiscountCents + res.ShippingCents

	chargesIVA := in.Buyer.HasTaxes && in.Supplier.IVAResponsible
	var ivaGoods, ivaServices int64
	if chargesIVA {
		for _, c := range Classes {
			r := ivaRate(c)
			if r.num == 0 {
				continue
			}
			classIVA := r.apply(res.BaseByClass[c])
			res.IVAByClass[c] = classIVA
			res.IVACents += classIVA
			// Share the rounded class IVA among its members (lines, and shipping for 19%) so
			// that the lines add up to the document.
			var idx []int
			var bases []int64
			for i, l := range in.Lines {
				if l.IVA == c {
					idx, bases = append(idx, i), append(bases, res.Lines[i].BaseCents)
				}
			}
			if c == IVA19 {
				bases = append(bases, in.ShippingCents)
			}
			parts := prorate(classIVA, bases)
			for k, i := range idx {
				res.Lines[i].IVACents = parts[k]
			}
			if c == IVA19 {
				res.ShippingIVACents = parts[len(parts)-1]
			}
		}
		ivaGoods = res.ShippingIVACents
		for i, l := range in.Lines {
			if concept(l) == Service {
				ivaServices += res.Lines[i].IVACents
			} else {
				ivaGoods += res.Lines[i].IVACents
			}
		}
	}
	res.InvoiceCents = res.TaxableBaseCents + res.IVACents

	if in.Buyer.HasTaxes && (in.Buyer.WithholdingAgent || in.Buyer.ReteIVAAgent) {
		res.MinGoodsBaseCents, res.MinServicesBaseCents = MinimumBases(in.Date, in.Params.UVTCents)
		goodsOK := res.GoodsBaseCents > 0 && res.GoodsBaseCents >= res.MinGoodsBaseCents
		servicesOK := res.ServicesBaseCents > 0 && res.ServicesBaseCents >= res.MinServicesBaseCents

		if in.Buyer.WithholdingAgent && !in.Supplier.Autorretenedor {
			lowRate := in.Supplier.Declarante || in.Supplier.PersonType == PersonJuridica
			goodsRate, servicesRate := rateGoodsNoDecl, rateServicesNoDecl
			if lowRate {
				goodsRate, servicesRate = rateGoodsDecl, rateServicesDecl
			}
			var num int64 // over the shared denominator 1000
			var labels []string
			if goodsOK {
				num += res.GoodsBaseCents * goodsRate.num
				labels = append(labels, goodsRate.label)
			}
			if servicesOK {
				num += res.ServicesBaseCents * servicesRate.num
				labels = append(labels, servicesRate.label)
			}
			res.ReteFuenteCents = pesosHalfUp(num, 1000)
			res.ReteFuenteRate = strings.Join(labels, " + ")
		}
		if in.Buyer.ReteIVAAgent && chargesIVA {
			var iva int64
			if goodsOK {
				iva += ivaGoods
			}
			if servicesOK {
				iva += ivaServices
			}
			if iva > 0 {
				res.ReteIVACents = rateReteIVA.apply(iva)
				res.ReteIVARate = rateReteIVA.label
			}
		}
	}
	res.TotalToPayCents = res.InvoiceCents - res.ReteFuenteCents - res.ReteIVACents
	return res, nil
}

// concept defaults an empty concept to goods (purchases of products).
func concept(l Line) Concept {
	if l.Concept == "" {
		return Goods
	}
	return l.Concept
}

func validate(in Input) error {
	if in.DiscountCents < 0 || in.ShippingCents < 0 {
		return fmt.Errorf("%w: negative discount or shipping", ErrInvalid)
	}
	if in.DiscountCents > maxCents || in.ShippingCents > maxCents {
		return fmt.Errorf("%w: discount or shipping too large", ErrInvalid)
	}
	for i, l := range in.Lines {
		if l.Quantity < 0 || l.UnitCostCents < 0 || l.DiscountCents < 0 {
			return fmt.Errorf("%w: line %d has a negative quantity, cost or discount", ErrInvalid, i+1)
		}
		switch l.IVA {
		case IVA19, IVA5, IVAExento, IVAExcluido:
		default:
			return fmt.Errorf("%w: line %d has unknown IVA class %q", ErrInvalid, i+1, l.IVA)
		}
		switch l.Concept {
		case "", Goods, Service:
		default:
			return fmt.Errorf("%w: line %d has unknown concept %q", ErrInvalid, i+1, l.Concept)
		}
	}
	if in.Buyer.HasTaxes && in.Buyer.WithholdingAgent {
		switch in.Supplier.PersonType {
		case PersonNatural, PersonJuridica:
		default:
			return fmt.Errorf("%w: unknown supplier person type %q", ErrInvalid, in.Supplier.PersonType)
		}
	}
	if in.Buyer.HasTaxes && (in.Buyer.WithholdingAgent || in.Buyer.ReteIVAAgent) {
		if in.Params.UVTCents <= 0 {
			return fmt.Errorf("%w for %d", ErrNoUVT, in.Date.Year())
		}
		if in.Params.Year != 0 && in.Params.Year != in.Date.Year() {
			return fmt.Errorf("%w: UVT of %d for a document of %d", ErrInvalid, in.Params.Year, in.Date.Year())
		}
	}
	return nil
}

// prorate splits total (≥ 0, ≤ Σ weights unless the weights are all zero) in proportion to
// weights by the largest remainder method: each part is floored, then the units left go to the
// largest remainders (earlier index first on ties), so the parts sum to total exactly. With
// all-zero weights everything goes to the last part (only reachable for shipping IVA, where the
// last weight is the shipping itself and total is then zero).
func prorate(total int64, weights []int64) []int64 {
	parts := make([]int64, len(weights))
	if len(weights) == 0 || total == 0 {
		return parts
	}
	var sum int64
	for _, w := range weights {
		sum += w
	}
	if sum == 0 {
		parts[len(parts)-1] = total
		return parts
	}
	rems := make([]uint64, len(weights))
	left := total
	for i, w := range weights {
		// total × w can exceed int64; total ≤ sum keeps the 128-bit quotient within 64 bits
		// (IVA totals are far below their bases).
		hi, lo := bits.Mul64(uint64(total), uint64(w))
		q, r := bits.Div64(hi, lo, uint64(sum))
		parts[i], rems[i] = int64(q), r
		left -= int64(q)
	}
	order := make([]int, len(weights))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return rems[order[a]] > rems[order[b]] })
	for k := 0; left > 0; k++ {
		parts[order[k%len(order)]]++
		left--
	}
	return parts
}
