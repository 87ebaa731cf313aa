package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
	"github.com/backoffice/backoffice/platform/payable"
)

// report is one backend's figures and checks.
type report struct {
	backend            string
	storm              *stormRun
	retry              *retryRun
	docs               []docFigures
	overpaid           []int64
	duplicates         []string
	verdicts           map[string]int // retry storm: keys by verdict
	differ, inFlight   int
	hostBusy           float64
	loadStart, loadEnd string
	serverCPU          time.Duration
	benchkit.Checks
}

// docFigures are a purchase's figures after the run, as the API answers them.
type docFigures struct {
	id, total, paid, pending, returns int64
}

// ledger is a purchase's figures from one source: the purchase's own columns, and the sums of
// its payments by approval.
type ledger struct {
	total, returns, paid, balance int64
	status                        string
	approved, pending             int64
}

// problems lists what is wrong with l (empty: nothing): the rules of issue 11.
func (l ledger) problems() []string {
	var out []string
	if l.paid+l.pending+l.returns > l.total {
		out = append(out, fmt.Sprintf("OVERPAID: paid %d + pending %d + returns %d > total %d", l.paid, l.pending, l.returns, l.total))
	}
	if l.paid != l.approved {
		out = append(out, fmt.Sprintf("paid %d ≠ Σ approved payments %d", l.paid, l.approved))
	}
	if l.balance != l.total-l.paid-l.returns {
		out = append(out, fmt.Sprintf("balance %d ≠ total %d − paid %d − returns %d", l.balance, l.total, l.paid, l.returns))
	}
	if want := payable.StatusOf(l.total, l.paid, l.returns); l.status != want {
		out = append(out, fmt.Sprintf("status %s, want %s", l.status, want))
	}
	return out
}

// checkDocs checks every purchase of the concurrency run from the API and from SQL, and against
// what the bench saw approved.
func (r *report) checkDocs(ctx context.Context, w *world, bdb *bun.DB, docs []doc, seen map[int64]int64) error {
	fromSQL, err := sqlLedgers(ctx, bdb, docs)
	if err != nil {
		return err
	}
	var apiBad, sqlBad, lost []string
	over := map[int64]bool{}
	for _, d := range docs {
		var p struct {
			Data purchase `json:"data"`
		}
		if err := w.admin.GetJSON(fmt.Sprintf("/api/purchases/%d", d.id), &p); err != nil {
			return err
		}
		pays, err := w.paymentsOf(d.id)
		if err != nil {
			return err
		}
		t := p.Data.Totals
		api := ledger{total: t.TotalToPayCents, returns: t.ReturnCents, paid: t.PaidCents, balance: t.BalanceCents, status: p.Data.Status}
		for _, pm := range pays {
			switch pm.ApprovalStatus {
			case "approved":
				api.approved += pm.AmountCents
			case "pending":
				api.pending += pm.AmountCents
			}
		}
		for _, pr := range api.problems() {
			apiBad = append(apiBad, fmt.Sprintf("purchase %d (API): %s", d.id, pr))
			over[d.id] = over[d.id] || strings.HasPrefix(pr, "OVERPAID")
		}
		sq := fromSQL[d.id]
		for _, pr := range sq.problems() {
			sqlBad = append(sqlBad, fmt.Sprintf("purchase %d (SQL): %s", d.id, pr))
			over[d.id] = over[d.id] || strings.HasPrefix(pr, "OVERPAID")
		}
		if sq != api {
			sqlBad = append(sqlBad, fmt.Sprintf("purchase %d: SQL %+v ≠ API %+v", d.id, sq, api))
		}
		if api.paid != seen[d.id] {
			lost = append(lost, fmt.Sprintf("purchase %d: paid %d, the bench saw %d approved", d.id, api.paid, seen[d.id]))
		}
		r.docs = append(r.docs, docFigures{id: d.id, total: api.total, paid: api.paid, pending: api.pending, returns: api.returns})
	}
	for id := range over {
		r.overpaid = append(r.overpaid, id)
	}
	r.Check(len(r.overpaid) == 0, "overpaid purchases: %d %v", len(r.overpaid), r.overpaid)
	r.Check(len(apiBad) == 0, "every purchase, from the API: paid + pending + returns ≤ total to pay, paid = Σ approved payments, balance = total − paid − returns, status consistent%s", listed(apiBad))
	r.Check(len(sqlBad) == 0, "the same from SQL (purchases and payments tables), equal to the API's figures%s", listed(sqlBad))
	r.Check(len(lost) == 0, "paid = Σ what the bench saw approved (admin's 201s, approvals' 200s): nothing approved lost or counted twice%s", listed(lost))
	r.Check(len(r.storm.doubleApproved) == 0, "a payment approved twice at the same moment: one 200, the other 409 (%d approved twice %v)",
		len(r.storm.doubleApproved), r.storm.doubleApproved)
	r.Check(len(r.storm.misanswered) == 0, "a raced approval that lost answers 409 (already decided), not 422 (exceeds the balance) for a payment the winner just approved: %d misanswered%s",
		len(r.storm.misanswered), ids(r.storm.misanswered))
	return nil
}

func listed(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	if len(lines) > 10 {
		lines = append(lines[:10:10], fmt.Sprintf("… %d more", len(lines)-10))
	}
	return ":\n  - " + strings.Join(lines, "\n  - ")
}

// sqlLedgers reads the purchases of docs and the sums of their live payments by approval
// straight from the tables.
func sqlLedgers(ctx context.Context, bdb *bun.DB, docs []doc) (map[int64]ledger, error) {
	ids := make([]int64, len(docs))
	for i, d := range docs {
		ids[i] = d.id
	}
	out := map[int64]ledger{}
	var rows []struct {
		ID              int64  `bun:"id"`
		TotalToPayCents int64  `bun:"total_to_pay_cents"`
		ReturnCents     int64  `bun:"return_cents"`
		PaidCents       int64  `bun:"paid_cents"`
		BalanceCents    int64  `bun:"balance_cents"`
		Status          string `bun:"status"`
	}
	if err := bdb.NewRaw("SELECT id, total_to_pay_cents, return_cents, paid_cents, balance_cents, status FROM purchases WHERE id IN (?)",
		bun.In(ids)).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	for _, p := range rows {
		out[p.ID] = ledger{total: p.TotalToPayCents, returns: p.ReturnCents, paid: p.PaidCents, balance: p.BalanceCents, status: p.Status}
	}
	var sums []struct {
		DocumentID     int64  `bun:"document_id"`
		ApprovalStatus string `bun:"approval_status"`
		Sum            int64  `bun:"sum"`
	}
	if err := bdb.NewRaw(`SELECT document_id, approval_status, SUM(amount_cents) AS sum FROM payments
		WHERE type = 'purchase' AND deleted_at IS NULL AND document_id IN (?) GROUP BY document_id, approval_status`,
		bun.In(ids)).Scan(ctx, &sums); err != nil {
		return nil, err
	}
	for _, s := range sums {
		l := out[s.DocumentID]
		switch s.ApprovalStatus {
		case "approved":
			l.approved = s.Sum
		case "pending":
			l.pending = s.Sum
		}
		out[s.DocumentID] = l
	}
	return out, nil
}

// checkRetry checks the retry storm: the payments stored under each key's reference number,
// from the API and from SQL, and the answers.
func (r *report) checkRetry(ctx context.Context, w *world, bdb *bun.DB, docs []doc) error {
	rr := r.retry
	r.Check(rr.fives == 0, "retry storm: no 5xx answer (%d%s)", rr.fives, benchkit.FirstErr(rr.firstFive))
	r.Check(rr.errors == 0, "retry storm: no transport error (%d%s)", rr.errors, benchkit.FirstErr(rr.firstErr))
	byRef := map[string]int{}
	runsByRef := map[string]map[int64]bool{}
	for _, d := range docs {
		pays, err := w.paymentsOf(d.id)
		if err != nil {
			return err
		}
		for _, pm := range pays {
			byRef[pm.ReferenceNo]++
			if pm.BatchID != nil {
				if runsByRef[pm.ReferenceNo] == nil {
					runsByRef[pm.ReferenceNo] = map[int64]bool{}
				}
				runsByRef[pm.ReferenceNo][*pm.BatchID] = true
			}
		}
	}
	bySQL, err := countByRef(ctx, bdb, "payments WHERE deleted_at IS NULL AND", "RS-"+w.tag+"-%")
	if err != nil {
		return err
	}
	runsSQL, err := countByRef(ctx, bdb, "payment_batches WHERE", "RS-"+w.tag+"-%")
	if err != nil {
		return err
	}
	r.verdicts = map[string]int{}
	var wrong, badOther, late []string
	for _, sub := range rr.subs {
		if sub.kind == kindRun {
			if sub.payments > 0 && (len(runsByRef[sub.ref]) != 1 || runsSQL[sub.ref] != 1) {
				r.duplicates = append(r.duplicates, fmt.Sprintf("%s (%s): %d runs in the API, %d in SQL, want 1", sub.key, sub.kind, len(runsByRef[sub.ref]), runsSQL[sub.ref]))
			}
		}
		if byRef[sub.ref] != sub.payments || bySQL[sub.ref] != sub.payments {
			r.duplicates = append(r.duplicates, fmt.Sprintf("%s (%s): %d payments in the API, %d in SQL, want %d",
				sub.key, sub.kind, byRef[sub.ref], bySQL[sub.ref], sub.payments))
		}
		v := sub.judge()
		r.differ += v.differ
		r.inFlight += v.inFlight
		r.verdicts[sub.kind]++
		if v.wrong != "" {
			wrong = append(wrong, sub.key+": "+v.wrong)
		}
		if v.badOther > 0 {
			badOther = append(badOther, fmt.Sprintf("%s: %d answers to another body were not the 422 of a reused key", sub.key, v.badOther))
		}
		if sub.late409 > 0 {
			late = append(late, fmt.Sprintf("%s: %d × 409 after it had been answered", sub.key, sub.late409))
		}
	}
	r.Check(len(r.duplicates) == 0, "retry storm: payments stored per key exactly as submitted once (1 payment; a run's items in 1 run; 0 for a refused one), from the API and SQL: %d duplicates%s",
		len(r.duplicates), listed(r.duplicates))
	r.Check(r.differ == 0, "retry storm: every answer (but 409 in flight) identical to the key's first answer, status and body: %d differ", r.differ)
	r.Check(len(wrong) == 0, "retry storm: first answers as expected (201, or the balance's 422 for a payment over it)%s", listed(wrong))
	r.Check(len(badOther) == 0, "retry storm: another body under a used key answers 422 %q%s", msgKeyReuse, listed(badOther))
	r.Check(len(late) == 0, "retry storm: no key still 'in flight' once answered%s", listed(late))
	return nil
}

// ids lists the first ids of a failed check.
func ids(list []int64) string {
	if len(list) == 0 {
		return ""
	}
	return fmt.Sprintf(" (payments %v)", list[:min(len(list), 10)])
}

// countByRef counts the rows of from (a table and the start of its WHERE clause) whose
// reference number is like pattern, by reference number.
func countByRef(ctx context.Context, bdb *bun.DB, from, pattern string) (map[string]int, error) {
	var rows []struct {
		ReferenceNo string `bun:"reference_no"`
		N           int    `bun:"n"`
	}
	err := bdb.NewRaw("SELECT reference_no, count(*) AS n FROM "+from+" reference_no LIKE ? GROUP BY reference_no", pattern).Scan(ctx, &rows)
	out := map[string]int{}
	for _, row := range rows {
		out[row.ReferenceNo] = row.N
	}
	return out, err
}
