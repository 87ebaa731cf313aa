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
// tax_uvt table (Module.ParamsFor, GET /api/tax/uvt, PUT /api/tax/uvt/{year}); administrators
// keep it on the web app's /setting/uvt page, which the list feeds with who last set each year
// (named through Deps.Users).
//
// ComputeReturn prices a purchase return in proportion to the purchase, from the purchase's own
// stored figures (never priced again):
//   - a goods return takes, of each line, the returned units' share of its subtotal (exact), of
//     its prorated discount (half-up to the centavo) and so of its base; the IVA of each class is
//     the returned share of that class's lines' IVA, rounded half-up to whole pesos once per class
//     as the purchase rounds it. Shipping is not returned.
//   - a value return (a price correction: value = the agreed reduction of the base) carries IVA
//     in the proportion of the lines' IVA to the lines' base, half-up to pesos.
//   - both give back ReteFuente and ReteIVA in the proportion the purchase withheld them:
//     ReteFuente by the return base's share of the returnable base, ReteIVA by its IVA's share of
//     the returnable IVA, half-up to pesos. The minimum bases are not applied again: a purchase
//     that withheld gives back its share, one that withheld nothing gives back nothing.
//   - the returnable total (Returnable) is the lines' base and IVA and the withholdings less the
//     shipping's share (ReteFuente: shipping / taxable base; ReteIVA: shipping IVA / IVA, each
//     half-up): its amount is the total to pay less the shipping's share.
//   - the last return absorbs the rounding: the return after which every unit of every line is
//     claimed (goods), or that takes all the base left (value), is the remainder — Returnable less
//     the other live (approved and pending) returns, figure by figure — and any other return is
//     capped figure by figure at that remainder. So the returns of a purchase never add up to more
//     than Returnable, and returning everything returns it exactly.
//   - amount = base + IVA − ReteFuente − ReteIVA: what the purchase's balance falls by.
//
// DESIGN §5's worked example (2026, buyer a ReteIVA agent, total to pay 1.412.820) with 2 of its
// 10 units at 85.000 returned: subtotal 170.000; discount 8.500 (2/10 of the line's 42.500);
// base 161.500; IVA 30.685 (2/10 of the line's 153.425); ReteFuente 4.038 (161.500 ×
// 30.875 / 1.235.000 = 4.037,5); ReteIVA 4.603 (30.685 × 24.795 / 165.300 = 4.602,75); amount
// 183.544, so 1.229.276 is still owed before payments. Returning everything returns 1.344.630:
// 1.412.820 less the shipping's share (60.000 + 11.400 IVA − 1.500 ReteFuente − 1.710 ReteIVA =
// 68.190). A value return of 100.000 carries 13.385 of IVA and gives back 2.500 of ReteFuente and
// 2.008 of ReteIVA: 108.877. (Pricing the purchase again with 8 units would give 1.229.275: a
// return reverses what was invoiced, it does not re-price the purchase.)
//
// Rules not spelled out by DESIGN §5, decided here:
//   - the withholding minimum is compared per concept: goods base (goods lines + shipping) with
//     the goods minimum, services base with the services minimum; ReteIVA takes 15% of the IVA
//     of the concepts that reached their minimum;
//   - a line without a concept is goods;
//   - the supplier's GranContribuyente flag changes nothing (DESIGN §5 names no rule for it);
//   - a line may carry its own discount (sales); a document discount (purchases) is prorated
//     over what the lines' own discounts leave.
package tax
