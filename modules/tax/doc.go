// Package tax computes Colombian purchase and sales taxes (DESIGN §5) and keeps the yearly UVT.
//
// Compute prices a purchase; ComputeSale prices a sale with the same engine, the roles swapped
// (our company is the supplier, the customer the buyer who withholds), so that both sides of a
// trade follow one set of rules.
//
// Compute is pure and exact: money is integer centavos, rates are fractions, every tax is rounded
// half-up to whole pesos once per document (IVA once per class), and shared-out amounts (the
// discount across lines, a class's IVA across its lines) use the largest remainder method so the
// parts add up to the document. Every rate and threshold is data: the minimum bases change by
// date (Decreto 0572 de 2025) and are priced with the document year's UVT, which lives in the
// tax_uvt table (Module.ParamsFor, GET /api/tax/uvt, PUT /api/tax/uvt/{year}).
//
// Rules not spelled out by DESIGN §5, decided here:
//   - the withholding minimum is compared per concept: goods base (goods lines + shipping) with
//     the goods minimum, services base with the services minimum; ReteIVA takes 15% of the IVA
//     of the concepts that reached their minimum;
//   - a line without a concept is goods;
//   - the supplier's GranContribuyente flag changes nothing (DESIGN §5 names no rule for it);
//   - returns are not computed here (the purchase stores them apart);
//   - a line may carry its own discount (sales); a document discount (purchases) is prorated
//     over what the lines' own discounts leave.
package tax
