package store

import (
	"context"
)

// This file is payment_report's rows.

// PaymentsByParty sums the payments (pending and approved) dated in f per type, method, party
// and approval status, from the payments themselves (its rows are about as many as the range's
// payments: nothing to aggregate per party — bench/RESULTS.md, "Issue 12, session 8"). The
// party's name is the greatest the payments copied.
func (s *Store) PaymentsByParty(ctx context.Context, f Filter) ([]PaymentFigures, error) {
	var out []PaymentFigures
	err := f.where(s.db.NewSelect().TableExpr("report_payments AS y"), "y", "payment_date").
		ColumnExpr("y.type, y.method, y.party_id, y.approval_status").ColumnExpr("MAX(y.party_name) AS party_name").
		ColumnExpr("COUNT(*) AS n").ColumnExpr("COALESCE(SUM(y.amount_cents), 0) AS amount_cents").
		GroupExpr("y.type, y.method, y.party_id, y.approval_status").Scan(ctx, &out)
	return out, err
}
