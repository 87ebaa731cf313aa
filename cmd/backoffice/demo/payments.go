package demo

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// openDocument is what the demo reads of GET /api/payments/documents: an approved document with a
// balance, soonest due first.
type openDocument struct {
	ID             int64  `json:"id"`
	PartyID        int64  `json:"party_id"`
	Date           string `json:"date"`
	AvailableCents int64  `json:"available_cents"`
}

// How the demo treats an open document (paymentPlan), in turn.
const (
	payFull        = iota // the admin pays the balance: approved at once
	payPart               // the admin pays about half: the document stays partial
	payPending            // the user or the secretary records the balance: it awaits the admin
	payApproved           // the user records about half and the admin approves it
	payUnpaid             // nothing yet
	payRejected           // the user records the balance and the admin rejects it (once)
	paySale               // the document of a sale: collected in full by the admin
	paySalePart           // of a sale: half collected by the admin
	paySalePending        // of a sale: the secretary records the balance, awaiting the admin
)

// purchasePlan and salePlan are the turns of the open documents (oldest first): most are paid in
// full, some in part, some wait for an administrator, a few are left unpaid.
var (
	purchasePlan = []int{payFull, payFull, payPart, payFull, payPending, payUnpaid, payFull, payApproved, payFull, payPart}
	salePlan     = []int{paySale, paySale, paySalePart, paySale, paySalePending, payUnpaid}
)

// Request budgets of the payments step: the demo's start to ready is measured (bench/startup),
// so the payments take about sixty requests — the run pays many purchases in one.
const (
	purchaseRequests = 26
	saleRequests     = 30
	runItems         = 20
)

// payments records the demo's payments through the payments API: one run across the two
// suppliers with the most older open purchases (the concurrent-payments form), then the other
// open purchases and sales in the turns of purchasePlan and salePlan, oldest first, within the
// request budgets; the last two weeks' documents are left unpaid (the dashboard's due purchases
// stay due). One payment is rejected with a reason. The open documents are read once per type,
// with what each may still take.
func (s *seeder) payments() error {
	var suppliers []int64
	for _, id := range s.supplierIDs {
		if id > 0 {
			suppliers = append(suppliers, id)
		}
	}
	customers := make([]int64, 0, len(s.customerIDs))
	for _, c := range s.customerIDs {
		customers = append(customers, c.id)
	}
	purchases, err := s.openDocuments("purchase", suppliers)
	if err != nil {
		return err
	}
	sales, err := s.openDocuments("sale", customers)
	if err != nil {
		return err
	}
	cutoff := s.date(14)
	rest, err := s.run(purchases, cutoff)
	if err != nil {
		return err
	}
	rejected, budget := false, purchaseRequests
	for i, d := range older(rest, cutoff) {
		plan := purchasePlan[i%len(purchasePlan)]
		if plan == payUnpaid && !rejected {
			plan, rejected = payRejected, true
		}
		if budget -= requestsOf(plan); budget < 0 {
			break
		}
		if err := s.pay("purchase", d, plan, i); err != nil {
			return err
		}
	}
	budget = saleRequests
	for i, d := range older(sales, cutoff) {
		plan := salePlan[i%len(salePlan)]
		if budget -= requestsOf(plan); budget < 0 {
			break
		}
		if err := s.pay("sale", d, plan, i); err != nil {
			return err
		}
	}
	return nil
}

// requestsOf is how many requests plan takes: none when unpaid, two when an administrator
// decides, else one.
func requestsOf(plan int) int {
	switch plan {
	case payUnpaid:
		return 0
	case payApproved, payRejected:
		return 2
	}
	return 1
}

// openDocuments reads the open documents of type typ of the parties ids (at most 50 a request:
// the demo has fewer).
func (s *seeder) openDocuments(typ string, ids []int64) ([]openDocument, error) {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	var out struct {
		Data []openDocument `json:"data"`
	}
	q := url.Values{"type": {typ}, "party_ids": {strings.Join(parts, ",")}}
	return out.Data, s.admin.getJSON("/api/payments/documents?"+q.Encode(), &out)
}

// older keeps the documents dated before cutoff (a 'YYYY-MM-DD' day).
func older(docs []openDocument, cutoff string) []openDocument {
	var out []openDocument
	for _, d := range docs {
		if d.Date < cutoff {
			out = append(out, d)
		}
	}
	return out
}

// run pays, in one run by the admin (the concurrent-payments form), the older open purchases of
// the two suppliers that have the most (at most runItems), in full; it returns the purchases it
// left.
func (s *seeder) run(docs []openDocument, cutoff string) ([]openDocument, error) {
	count := map[int64]int{}
	var order []int64
	for _, d := range older(docs, cutoff) {
		if count[d.PartyID] == 0 {
			order = append(order, d.PartyID)
		}
		count[d.PartyID]++
	}
	// The two with the most, the first seen on a tie (the order is the answer's: deterministic).
	slices.SortStableFunc(order, func(a, b int64) int { return count[b] - count[a] })
	picked := map[int64]bool{}
	for _, id := range order[:min(2, len(order))] {
		if count[id] >= 2 {
			picked[id] = true
		}
	}
	var items []map[string]int64
	var rest []openDocument
	for _, d := range docs {
		if picked[d.PartyID] && d.Date < cutoff && len(items) < runItems {
			items = append(items, map[string]int64{"document_id": d.ID, "amount_cents": d.AvailableCents})
			continue
		}
		rest = append(rest, d)
	}
	if len(picked) < 2 {
		return docs, fmt.Errorf("no two suppliers with two open purchases for the run")
	}
	_, err := s.admin.postJSON("/api/payments/batch", map[string]any{"type": "purchase", "date": s.date(15),
		"reference_no": "TR-LOTE-0001", "method": "transfer", "note": "Pago quincenal a proveedores", "items": items})
	return rest, err
}

// paidOn is the day a document dated date (a 'YYYY-MM-DD' day) is paid: 3 to 20 days later,
// yesterday at the latest.
func (s *seeder) paidOn(date string) string {
	day, err := time.ParseInLocation(time.DateOnly, date, bogota)
	if err != nil {
		return s.date(1)
	}
	paid := day.AddDate(0, 0, int(s.between(3, 20)))
	if yesterday := s.now.AddDate(0, 0, -1); paid.After(yesterday) {
		paid = yesterday
	}
	return paid.Format(time.DateOnly)
}

// pay records plan's payment on document d of type typ, the i-th of its type. Amounts are whole
// pesos.
func (s *seeder) pay(typ string, d openDocument, plan, i int) error {
	half := d.AvailableCents / 2 / 100 * 100
	methods := []string{"transfer", "cash", "transfer", "cheque", "card"}
	body := map[string]any{"type": typ, "document_id": d.ID, "date": s.paidOn(d.Date), "amount_cents": d.AvailableCents,
		"method": methods[i%len(methods)], "reference_no": fmt.Sprintf("%s-%05d", map[string]string{"purchase": "TR", "sale": "RC"}[typ], 20000+i*13+int(d.ID)),
		"note": ""}
	by := s.admin
	switch plan {
	case payUnpaid:
		return nil
	case payPart, paySalePart:
		body["amount_cents"], body["note"] = half, "Abono"
	case payPending:
		by = s.user
	case paySalePending:
		by = s.secretary
	case payApproved:
		by, body["amount_cents"], body["note"] = s.user, half, "Abono"
	case payRejected:
		by = s.user
	}
	if body["amount_cents"].(int64) <= 0 {
		return nil
	}
	data := string(jsonBody(body))
	id, err := by.postForm("/api/payments", map[string]string{"data": data}, file{})
	if err != nil {
		return fmt.Errorf("%s %d: %w", typ, d.ID, err)
	}
	switch plan {
	case payApproved:
		_, err = s.admin.postJSON(fmt.Sprintf("/api/payments/%d/approve", id), map[string]any{})
	case payRejected:
		_, err = s.admin.postJSON(fmt.Sprintf("/api/payments/%d/reject", id), map[string]string{"reason": "El soporte no corresponde a la factura"})
	}
	return err
}
