package store

import (
	"context"
	"database/sql"
)

// This file is payment_report's rows: the payments (pending and approved, live) dated in a range
// per direction, method and party, approved apart from pending. A range's whole months are read
// from report_party_payments (per month, type, party, method, company, store and approval
// status, kept by the triggers of migrations/20261201030000_reports_party_payments), the days of
// the months it cuts from the payments themselves (report_payments, by date); the rows are
// summed, sorted and paged in SQL (paged.go).

// PaymentRow is one row of payment_report: the payments of one party of type (purchase: out,
// sale: in) by one method, how many, and their amount approved and pending.
type PaymentRow struct {
	Type          string
	Method        string
	PartyID       int64
	PartyName     string
	Count         int64
	ApprovedCents int64
	PendingCents  int64
}

// PaymentTotals are payment_report's figures over every row of the range: how many rows, how
// many payments, and their amounts by direction and approval.
type PaymentTotals struct {
	Rows                    int
	Count                   int64
	ApprovedOut, PendingOut int64
	ApprovedIn, PendingIn   int64
}

// paymentSorts are payment_report's column keys as sort expressions (its count of payments
// is "count" here: the page's key is the payments module's table name, which this package's
// SQL never names).
var paymentSorts = map[string]sortable{
	"direction": {expr: "direction"}, "method": {expr: "g.method"}, "party_name": {expr: "party_name"}, "count": {expr: "g.n"},
	"approved_out_cents": {expr: "CASE WHEN g.type = 'purchase' THEN g.approved_cents ELSE 0 END"},
	"pending_out_cents":  {expr: "CASE WHEN g.type = 'purchase' THEN g.pending_cents ELSE 0 END"},
	"approved_in_cents":  {expr: "CASE WHEN g.type = 'sale' THEN g.approved_cents ELSE 0 END"},
	"pending_in_cents":   {expr: "CASE WHEN g.type = 'sale' THEN g.pending_cents ELSE 0 END"},
}

// PaymentRows calls fn with payment_report's rows of f in o's order (its own: payments out
// first, then by party name, method and party), those of w only, and answers the totals of every
// row.
func (s *Store) PaymentRows(ctx context.Context, f Filter, o Order, w Window, fn func(PaymentRow) error) (PaymentTotals, error) {
	order, err := orderBy(o, paymentSorts, "direction DESC, party_name, g.method, g.party_id")
	if err != nil {
		return PaymentTotals{}, err
	}
	q := s.db.NewRaw(`SELECT g.type, g.method, g.party_id, COALESCE(p.name, '') AS party_name, g.n, g.approved_cents, g.pending_cents,
    CASE WHEN g.type = 'purchase' THEN 'out' ELSE 'in' END AS direction,
    COUNT(*) OVER () AS row_count, SUM(g.n) OVER () AS sum_n,
    SUM(CASE WHEN g.type = 'purchase' THEN g.approved_cents ELSE 0 END) OVER () AS sum_approved_out,
    SUM(CASE WHEN g.type = 'purchase' THEN g.pending_cents ELSE 0 END) OVER () AS sum_pending_out,
    SUM(CASE WHEN g.type = 'sale' THEN g.approved_cents ELSE 0 END) OVER () AS sum_approved_in,
    SUM(CASE WHEN g.type = 'sale' THEN g.pending_cents ELSE 0 END) OVER () AS sum_pending_in
FROM (SELECT u.type, u.method, u.party_id, SUM(u.n) AS n,
        SUM(CASE WHEN u.approval_status = 'approved' THEN u.amount_cents ELSE 0 END) AS approved_cents,
        SUM(CASE WHEN u.approval_status = 'pending' THEN u.amount_cents ELSE 0 END) AS pending_cents
    FROM (?) AS u GROUP BY u.type, u.method, u.party_id HAVING SUM(u.n) > 0) AS g
LEFT JOIN report_party_names AS p ON p.type = g.type AND p.id = g.party_id`+order, s.unionAll(s.paymentParts(f)))
	var t PaymentTotals
	var r PaymentRow
	var direction string
	read := func(rows *sql.Rows) error {
		return rows.Scan(&r.Type, &r.Method, &r.PartyID, &r.PartyName, &r.Count, &r.ApprovedCents, &r.PendingCents, &direction,
			&t.Rows, &t.Count, &t.ApprovedOut, &t.PendingOut, &t.ApprovedIn, &t.PendingIn)
	}
	err = s.windowed(ctx, limitAtEnd(q), w, read, func() error { return fn(r) })
	return t, err
}

// paymentParts are the payments of f's range as rows of type, method, party_id,
// approval_status, n and amount_cents: its whole months from report_party_payments, the days of
// the months it cuts one payment a row.
func (s *Store) paymentParts(f Filter) []any {
	var parts []any
	sp := spanOf(f.From, f.To)
	if sp.First != "" {
		months := Filter{Scope: f.Scope, StoreID: f.StoreID, From: sp.First, To: sp.Last}
		parts = append(parts, months.where(s.db.NewSelect().TableExpr("report_party_payments AS y"), "y", "month").
			ColumnExpr("y.type, y.method, y.party_id, y.approval_status, y.n, y.amount_cents").Where("y.n <> 0"))
	}
	for _, d := range sp.Days {
		days := Filter{Scope: f.Scope, StoreID: f.StoreID, From: d[0], To: d[1]}
		parts = append(parts, days.where(s.db.NewSelect().TableExpr("report_payments AS y"), "y", "payment_date").
			ColumnExpr("y.type, y.method, y.party_id, y.approval_status, 1 AS n, y.amount_cents"))
	}
	return parts
}

// paymentRebuild is report_party_payments computed afresh from report_payments — what the
// migration's backfill writes and the triggers keep from then on.
var paymentRebuild = []string{
	"DELETE FROM report_party_payments",
	`INSERT INTO report_party_payments (month, type, party_id, method, company_id, store_id, approval_status, n, amount_cents)
SELECT substr(y.payment_date, 1, 7), y.type, y.party_id, y.method, y.company_id, COALESCE(y.store_id, 0), y.approval_status,
    COUNT(*), SUM(y.amount_cents)
FROM report_payments y
GROUP BY substr(y.payment_date, 1, 7), y.type, y.party_id, y.method, y.company_id, COALESCE(y.store_id, 0), y.approval_status`,
}
