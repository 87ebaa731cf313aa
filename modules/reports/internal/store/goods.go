package store

// Goods movement types (product_report's received and returned figures) besides Purchase and
// Sale.
const (
	Received = "received"
	Returned = "returned"
)

// goodsParts are the goods received (report_receipts: approved received orders on their
// approval day; they have no store, so a store filter leaves them out) and sent back
// (report_returned_lines: approved purchase returns' lines on the return's date) in f, in
// figures' columns: type Received (quantity only) and Returned (quantity and base).
func (s *Store) goodsParts(f Filter) []any {
	received := f.where(s.db.NewSelect().TableExpr("report_receipts AS g"), "g", "receipt_date").
		ColumnExpr("g.product_id, ? AS type, g.quantity, 0 AS amount_cents, 0 AS cost_cents", Received)
	returned := f.where(s.db.NewSelect().TableExpr("report_returned_lines AS g"), "g", "return_date").
		ColumnExpr("g.product_id, ? AS type, g.quantity, g.amount_cents, 0 AS cost_cents", Returned)
	return []any{received, returned}
}
