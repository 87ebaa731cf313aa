package tax

import "time"

// Seller is our company as it sells (settings.CompanyTaxProfile): whether it has taxes at all,
// and whether it is autorretenedor (it withholds its own income tax, so its customers practise
// no ReteFuente on it).
type Seller struct {
	HasTaxes, Autorretenedor bool
}

// Customer is the tax profile of the customer a sale is made to (people): a legal entity
// (PersonJuridica) is a withholding agent and practises ReteFuente on what it buys; a gran
// contribuyente also practises ReteIVA.
type Customer struct {
	PersonType        string
	GranContribuyente bool
}

// SaleInput is one sale to compute. Lines carry the unit price in UnitCostCents and each line's
// own discount in DiscountCents; a sale has no document discount and no shipping.
type SaleInput struct {
	Date     time.Time
	Lines    []Line
	Seller   Seller
	Customer Customer
	Params   Params
}

// ComputeSale applies DESIGN §5 "Sales": the purchase engine with the roles swapped, so both
// sides of a trade are priced by one set of rules. Our company is the supplier — a legal entity,
// hence a declarante (ReteFuente 2.5% on goods, 4% on services), charging IVA by the products'
// classes when it has taxes —, and the customer is the buyer: a withholding agent when it is a
// legal entity, a ReteIVA agent when it is a gran contribuyente, at the same minimum bases by
// date. Without taxes our company charges and suffers nothing. TotalToPayCents is what the
// customer owes us: the invoice less the withholdings it practises.
func ComputeSale(in SaleInput) (Result, error) {
	return Compute(Input{
		Date:  in.Date,
		Lines: in.Lines,
		Buyer: Buyer{HasTaxes: in.Seller.HasTaxes,
			WithholdingAgent: in.Customer.PersonType == PersonJuridica,
			ReteIVAAgent:     in.Customer.GranContribuyente},
		Supplier: Supplier{PersonType: PersonJuridica, Declarante: true, IVAResponsible: true,
			Autorretenedor: in.Seller.Autorretenedor},
		Params: in.Params,
	})
}
