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
	DueDate        string `json:"due_date"`
	DaysOverdue    int    `json:"days_overdue"`
	AvailableCents int64  `json:"available_cents"`
}

// How the demo treats an open document older than two weeks, in turn (purchasePlan, salePlan).
const (
	payRun         = iota // paid in full in the month's run (the concurrent-payments form), by the admin
	payFull               // the admin pays the balance on its own, the transfer's proof attached
	payPart               // the admin pays about half, proof attached: the document stays partial
	payPending            // the user records the balance: it awaits the admin
	payApproved           // the user records about half and the admin approves it
	payRejected           // the user records the balance and the admin rejects it
	payUnpaid             // nothing yet
	paySalePending        // of a sale: the secretary records the balance, awaiting the admin
)

// purchasePlan and salePlan are the turns of the older open documents (newest first): most
// are paid in the month's run, some on their own — in full or in part, by the admin or awaiting
// one —, a few sales are left unpaid. The first pending purchase payment is rejected instead.
var (
	purchasePlan = []int{payRun, payRun, payPart, payRun, payRun, payPending, payRun, payApproved, payRun, payFull}
	salePlan     = []int{payRun, payRun, payFull, payRun, payPart, payRun, paySalePending, payRun, payUnpaid, payRun}
)

// Request budgets of the documents paid on their own (start to ready is measured: bench/startup);
// once spent, a document's turn is the run. overduePerBucket purchases of each ageing bucket
// (1–30, 31–60, 61–90 and over 90 days past due) are left unpaid: the payables ageing report.
const (
	purchaseRequests = 24
	saleRequests     = 20
	overduePerBucket = 2
)

// payments records a year of payments through the payments API: every month's run of supplier
// invoices and of customer collections (one request pays many documents), and the documents
// whose turn is to be paid on their own; the last two weeks' documents and the purchases not due
// yet are left unpaid (the dashboard's due purchases stay due), and so are a few overdue
// purchases in every ageing bucket.
// The open documents are read once per type, with what each may still take.
func (s *seeder) payments() error {
	d := newDice(6)
	var supplierIDs []int64
	for _, id := range s.supplierIDs {
		if id > 0 {
			supplierIDs = append(supplierIDs, id)
		}
	}
	customerIDs := make([]int64, 0, len(s.customerIDs))
	for _, c := range s.customerIDs {
		customerIDs = append(customerIDs, c.id)
	}
	purchases, err := s.openDocuments("purchase", supplierIDs)
	if err != nil {
		return err
	}
	sales, err := s.openDocuments("sale", customerIDs)
	if err != nil {
		return err
	}
	cutoff := s.date(14)
	kept := map[int]int{}
	var run []openDocument
	rejected, budget := false, purchaseRequests
	today := s.date(0)
	// Newest first: the payments on their own, some still waiting for the admin, are the recent
	// invoices'; the kept overdue ones are the newest of each bucket.
	olderPurchases := older(purchases, cutoff)
	slices.Reverse(olderPurchases)
	for i, doc := range olderPurchases {
		if doc.DueDate >= today {
			continue // not due yet: paid when it is
		}
		if b := ageingBucket(doc.DaysOverdue); b > 0 && kept[b] < overduePerBucket {
			kept[b]++
			continue
		}
		plan := purchasePlan[i%len(purchasePlan)]
		if plan == payPending && !rejected {
			plan, rejected = payRejected, true
		}
		if plan = spend(plan, &budget); plan == payRun {
			run = append(run, doc)
			continue
		}
		if err := s.pay(d, "purchase", doc, plan, i); err != nil {
			return err
		}
	}
	if err := s.runs(d, "purchase", run); err != nil {
		return err
	}
	run, budget = nil, saleRequests
	olderSales := older(sales, cutoff)
	slices.Reverse(olderSales)
	for i, doc := range olderSales {
		plan := spend(salePlan[i%len(salePlan)], &budget)
		if plan == payRun {
			run = append(run, doc)
			continue
		}
		if err := s.pay(d, "sale", doc, plan, i); err != nil {
			return err
		}
	}
	return s.runs(d, "sale", run)
}

// spend takes plan's requests from budget and returns plan, or payRun (the month's run, which
// costs no request of its own) once the budget is spent.
func spend(plan int, budget *int) int {
	if plan == payRun {
		return plan
	}
	if *budget -= requestsOf(plan); *budget < 0 {
		return payRun
	}
	return plan
}

// ageingBucket is the ageing bucket of a document daysOverdue days past due: 1 (1–30 days),
// 2 (31–60), 3 (61–90), 4 (over 90), or 0 when not overdue.
func ageingBucket(daysOverdue int) int {
	switch {
	case daysOverdue <= 0:
		return 0
	case daysOverdue > 90:
		return 4
	}
	return (daysOverdue + 29) / 30
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

// paidOn is the day the demo pays document doc: a purchase a few days before it is due, a sale 1
// to 20 days after its date — never before the document's day, yesterday at the latest.
func (s *seeder) paidOn(d dice, doc openDocument) string {
	day, err := time.ParseInLocation(time.DateOnly, doc.Date, bogota)
	if err != nil {
		return s.date(1)
	}
	paid := day.AddDate(0, 0, int(d.between(1, 20)))
	if due, err := time.ParseInLocation(time.DateOnly, doc.DueDate, bogota); err == nil {
		paid = due.AddDate(0, 0, -int(d.between(0, 5)))
	}
	if paid.Before(day) {
		paid = day
	}
	if yesterday := s.now.AddDate(0, 0, -1); paid.After(yesterday) {
		paid = yesterday
	}
	return paid.Format(time.DateOnly)
}

// runs pays docs in full in one run by the admin per month of the day each is paid, dated the
// month's last such day: the supplier invoices paid together (transfers), or the customers'
// payments collected together (bank deposits).
func (s *seeder) runs(d dice, typ string, docs []openDocument) error {
	type month struct {
		date  string
		items []map[string]int64
	}
	var months []*month
	byMonth := map[string]*month{}
	for _, doc := range docs {
		day := s.paidOn(d, doc)
		m := byMonth[day[:7]]
		if m == nil {
			m = &month{}
			byMonth[day[:7]] = m
			months = append(months, m)
		}
		m.date = max(m.date, day)
		m.items = append(m.items, map[string]int64{"document_id": doc.ID, "amount_cents": doc.AvailableCents})
		if typ == "purchase" {
			s.paidInFull = append(s.paidInFull, doc.ID)
		}
	}
	slices.SortFunc(months, func(a, b *month) int { return strings.Compare(a.date, b.date) })
	note := map[string]string{"purchase": "Pago mensual a proveedores", "sale": "Consignaciones de clientes del mes"}[typ]
	prefix := map[string]string{"purchase": "TR-LOTE-", "sale": "CONS-"}[typ]
	for _, m := range months {
		if _, err := s.admin.postJSON("/api/payments/batch", map[string]any{"type": typ, "date": m.date,
			"reference_no": prefix + strings.ReplaceAll(m.date[:7], "-", ""), "method": "transfer", "note": note,
			"items": m.items}); err != nil {
			return err
		}
		s.paymentCount += len(m.items)
	}
	return nil
}

// pay records plan's payment on document doc of type typ, the i-th of its type. Amounts are
// whole pesos.
func (s *seeder) pay(d dice, typ string, doc openDocument, plan, i int) error {
	half := doc.AvailableCents / 2 / 100 * 100
	methods := []string{"transfer", "cash", "transfer", "cheque", "card"}
	body := map[string]any{"type": typ, "document_id": doc.ID, "date": s.paidOn(d, doc), "amount_cents": doc.AvailableCents,
		"method": methods[i%len(methods)], "reference_no": fmt.Sprintf("%s-%05d", map[string]string{"purchase": "TR", "sale": "RC"}[typ], 20000+i*13+int(doc.ID)),
		"note": ""}
	by, proof := s.admin, file{}
	switch plan {
	case payUnpaid:
		return nil
	case payFull:
		proof = paymentProof(doc.ID)
	case payPart:
		body["amount_cents"], body["note"], proof = half, "Abono", paymentProof(doc.ID)
	case payPending, payRejected:
		by = s.user
	case paySalePending:
		by = s.secretary
	case payApproved:
		by, body["amount_cents"], body["note"] = s.user, half, "Abono"
	}
	if body["amount_cents"].(int64) <= 0 {
		return nil
	}
	id, err := by.postForm("/api/payments", map[string]string{"data": string(jsonBody(body))}, proof)
	if err != nil {
		return fmt.Errorf("%s %d: %w", typ, doc.ID, err)
	}
	s.paymentCount++
	if typ == "purchase" {
		switch plan {
		case payFull:
			s.paidInFull = append(s.paidInFull, doc.ID)
		case payPart:
			s.paidInPart = append(s.paidInPart, doc.ID)
		}
	}
	switch plan {
	case payApproved:
		_, err = s.admin.postJSON(fmt.Sprintf("/api/payments/%d/approve", id), map[string]any{})
	case payRejected:
		_, err = s.admin.postJSON(fmt.Sprintf("/api/payments/%d/reject", id), map[string]string{"reason": "El soporte no corresponde a la factura"})
	}
	return err
}

// paymentProof is the image a payment carries: the bank's proof of the transfer, a small PNG.
func paymentProof(documentID int64) file {
	return file{field: "images", name: fmt.Sprintf("comprobante-%d.png", documentID), data: invoiceImage()}
}
