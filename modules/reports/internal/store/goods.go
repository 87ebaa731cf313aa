package store

import "context"

// Goods movement types (GoodsMoved's LineFigures.Type) besides Purchase and Sale.
const (
	Received = "received"
	Returned = "returned"
)

// GoodsMoved sums per product the goods received (report_receipts: approved received orders on
// their approval day; they have no store, so a store filter leaves them out) and sent back
// (report_returned_lines: approved purchase returns' lines on the return's date) in f, as
// LineFigures of type Received (quantity only) and Returned (quantity and base).
func (s *Store) GoodsMoved(ctx context.Context, f Filter) ([]LineFigures, error) {
	received := f.where(s.db.NewSelect().TableExpr("report_receipts AS g"), "g", "receipt_date").
		ColumnExpr("g.product_id, ? AS type, g.quantity, 0 AS amount_cents", Received)
	returned := f.where(s.db.NewSelect().TableExpr("report_returned_lines AS g"), "g", "return_date").
		ColumnExpr("g.product_id, ? AS type, g.quantity, g.amount_cents", Returned)
	var out []LineFigures
	// A compound SELECT written out: SQLite takes no parenthesised members (bun's UnionAll).
	err := s.db.NewRaw("SELECT m.product_id, m.type, COALESCE(SUM(m.quantity), 0) AS quantity, "+
		"COALESCE(SUM(m.amount_cents), 0) AS amount_cents, 0 AS cost_cents FROM (? UNION ALL ?) AS m GROUP BY m.product_id, m.type",
		received, returned).Scan(ctx, &out)
	return out, err
}
