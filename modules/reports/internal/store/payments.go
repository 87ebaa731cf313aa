package store

import (
	"context"

	"github.com/uptrace/bun"
)

// This file is payment_report's rows.

// PaymentsByParty sums the payments (pending and approved) dated in f per type, method, party
// and approval status, from the payments themselves (report_payments_party_idx holds every
// column it reads, so PostgreSQL answers from the index alone). PartyName is left "": the page
// names parties as the lists do (Parties), and PartyNames those no longer live.
func (s *Store) PaymentsByParty(ctx context.Context, f Filter) ([]PaymentFigures, error) {
	var out []PaymentFigures
	err := f.where(s.db.NewSelect().TableExpr("report_payments AS y"), "y", "payment_date").
		ColumnExpr("y.type, y.method, y.party_id, y.approval_status").
		ColumnExpr("COUNT(*) AS n").ColumnExpr("COALESCE(SUM(y.amount_cents), 0) AS amount_cents").
		GroupExpr("y.type, y.method, y.party_id, y.approval_status").Scan(ctx, &out)
	return out, err
}

// PartyNames returns the names the payments of typ copied for the parties ids (the latest by
// payment id): for parties deleted since, whom report_parties no longer holds.
func (s *Store) PartyNames(ctx context.Context, f Filter, typ string, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID   int64  `bun:"party_id"`
		Name string `bun:"party_name"`
	}
	err := Filter{Scope: f.Scope}.where(s.db.NewSelect().TableExpr("report_payments AS y"), "y", "payment_date").
		ColumnExpr("y.party_id, y.party_name").Where("y.type = ?", typ).Where("y.party_id IN (?)", bun.In(ids)).
		OrderExpr("y.id").Scan(ctx, &rows)
	for _, r := range rows {
		out[r.ID] = r.Name
	}
	return out, err
}
