package store

import (
	"context"
	"database/sql"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"

	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/listing"
)

// Product figures (product_report, product_expiry_alert) read the aggregates
// 20261130020000_reports_product_months keeps: report_product_months (lines per company, month,
// store, type and product), report_product_bought (purchase lines per company, store and product,
// all time) and report_lot_lines with report_lot_totals (the lots and where each stands in its
// product's units, 20261202030100_reports_lot_positions). A range is read as its
// whole months from report_product_months and the days of a month it covers only in part from
// report_lines, so the figures are exactly the lines' whatever the range.

// figures are the columns the parts of a product sum select, negated when sign is "-".
func figures(alias, sign string) string {
	return alias + ".product_id, " + alias + ".type, " + sign + alias + ".quantity AS quantity, " + sign + alias + ".amount_cents AS amount_cents, " +
		sign + alias + ".cost_cents AS cost_cents"
}

// productMonths selects report_product_months' rows in f's scope and store that meet cond, in
// figures' columns.
func (s *Store) productMonths(f Filter, sign, cond string, args ...any) *bun.SelectQuery {
	sel := listing.Restrict(s.db.NewSelect().TableExpr("report_product_months AS m"), f.Scope, "m.company_id").
		ColumnExpr(figures("m", sign)).Where(cond, args...)
	if f.StoreID != 0 {
		sel = sel.Where("m.store_id = ?", f.StoreID)
	}
	return sel
}

// lineDays selects the lines (report_lines) dated from..to in f's scope and store, in figures'
// columns.
func (s *Store) lineDays(f Filter, sign, from, to string) *bun.SelectQuery {
	return Filter{Scope: f.Scope, StoreID: f.StoreID, From: from, To: to}.where(s.db.NewSelect().TableExpr("report_lines AS l"), "l", "doc_date").
		ColumnExpr(figures("l", sign))
}

// sumLines sums parts (selects in figures' columns) per product and type.
func (s *Store) sumLines(ctx context.Context, parts []*bun.SelectQuery) ([]LineFigures, error) {
	var out []LineFigures
	// A compound SELECT written out: SQLite takes no parenthesised members (bun's UnionAll).
	expr, args := "?", []any{parts[0]}
	for _, p := range parts[1:] {
		expr, args = expr+" UNION ALL ?", append(args, p)
	}
	err := s.db.NewRaw("SELECT m.product_id, m.type, COALESCE(SUM(m.quantity), 0) AS quantity, COALESCE(SUM(m.amount_cents), 0) AS amount_cents, "+
		"COALESCE(SUM(m.cost_cents), 0) AS cost_cents FROM ("+expr+") AS m GROUP BY m.product_id, m.type", args...).Scan(ctx, &out)
	return out, err
}

// ProductLines sums the approved documents' lines dated in f (both ends set) per product and
// type, as Lines does: its whole months from report_product_months, the rest from the lines.
func (s *Store) ProductLines(ctx context.Context, f Filter) ([]LineFigures, error) {
	sp := spanOf(f.From, f.To)
	var parts []*bun.SelectQuery
	if sp.First != "" {
		parts = append(parts, s.productMonths(f, "", "m.month BETWEEN ? AND ?", sp.First, sp.Last))
	}
	for _, d := range sp.Days {
		parts = append(parts, s.lineDays(f, "", d[0], d[1]))
	}
	return s.sumLines(ctx, parts)
}

// BoughtUpTo sums the approved purchases' lines in f's scope and store dated up to f.To (set)
// per product, as LineFigures of type Purchase (the weighted average cost's base): every
// purchase ever (report_product_bought) less the whole months after f.To's month and the days
// after f.To in its month — few rows for the ranges people ask for, which end near today.
func (s *Store) BoughtUpTo(ctx context.Context, f Filter) ([]LineFigures, error) {
	ever := listing.Restrict(s.db.NewSelect().TableExpr("report_product_bought AS b"), f.Scope, "b.company_id").
		ColumnExpr("b.product_id, ? AS type, b.quantity, b.amount_cents, b.amount_cents AS cost_cents", Purchase)
	if f.StoreID != 0 {
		ever = ever.Where("b.store_id = ?", f.StoreID)
	}
	parts := []*bun.SelectQuery{ever, s.productMonths(f, "-", "m.type = ? AND m.month > ?", Purchase, f.To[:min(len(f.To), 7)])}
	if end := monthEnd(f.To); end > f.To {
		parts = append(parts, s.lineDays(f, "-", addDay(f.To), end).Where("l.type = ?", Purchase))
	}
	return s.sumLines(ctx, parts)
}

// addDay is the day after day (YYYY-MM-DD).
func addDay(day string) string {
	d, err := calendar.ParseDate(day)
	if err != nil {
		return day
	}
	return d.AddDate(0, 0, 1).Format(calendar.DateLayout)
}

// StockLot is a lot (report_lot_lines) that holds some of its product's stock today: Holds units
// of it, first in, first out (the newest lots hold the stock, so a lot holds what is left after
// the newer ones); with its product's code and name.
type StockLot struct {
	Lot
	Holds int64  `bun:"holds"`
	Code  string `bun:"code"`
	Name  string `bun:"name"`
}

// StockLots answers the lots of the products in scope that hold some of their product's stock
// today and expire by expiresBy (YYYY-MM-DD). A lot's cum_end is its units and every older
// lot's of the product, report_lot_totals the product's lots' units
// (migrations/20261202030100_reports_lot_positions): the lots that hold stock are those with
// cum_end above the total less the stock, one range of report_lot_lines_cum_idx per product (on
// PostgreSQL from the index alone), and the oldest of them holds only the part above it.
func (s *Store) StockLots(ctx context.Context, scope listing.Scope, expiresBy string) ([]StockLot, error) {
	var out []StockLot
	return out, s.stockLots(scope, expiresBy).Scan(ctx, &out)
}

// stockLots is StockLots' statement (StockLot's columns).
func (s *Store) stockLots(scope listing.Scope, expiresBy string) *bun.SelectQuery {
	const cols = "y.line_id, y.product_id, y.doc_date, y.expiry_date, y.quantity, y.base_cents, y.cum_end"
	lots := "JOIN report_lot_lines AS y ON y.product_id = p.id AND y.cum_end > t.quantity - p.quantity"
	if s.db.Dialect().Name() == dialect.PG {
		// A range per product: joined plainly, PostgreSQL reads every lot (the expiry date is
		// not selective: most lots have expired) and drops those below the cut. OFFSET 0 keeps
		// the subquery from being pulled up into that join.
		lots = "CROSS JOIN LATERAL (SELECT " + cols + " FROM report_lot_lines AS y " +
			"WHERE y.product_id = p.id AND y.cum_end > t.quantity - p.quantity OFFSET 0) AS y"
	}
	return listing.Restrict(s.db.NewSelect().TableExpr("report_products AS p"), scope, "p.company_id").
		Join("JOIN report_lot_totals AS t ON t.product_id = p.id").Join(lots).
		ColumnExpr("y.line_id AS id, y.product_id, y.doc_date, y.expiry_date, y.quantity, y.base_cents, p.code, p.name").
		ColumnExpr("CASE WHEN y.cum_end - (t.quantity - p.quantity) < y.quantity THEN y.cum_end - (t.quantity - p.quantity) "+
			"ELSE y.quantity END AS holds").
		Where("p.quantity > 0").Where("y.expiry_date <= ?", expiresBy)
}

// ExpiryRow is a row of product_expiry_alert: a lot that holds stock and expires within 90 days
// (or has expired), the days it has left, its bucket, the units it holds and their cost.
type ExpiryRow struct {
	ProductID    int64
	Code, Name   string
	ExpiryDate   string
	DaysLeft     int64
	Bucket       string
	Quantity     int64
	LotCostCents int64
}

// ExpiryTotals are the count of every row of product_expiry_alert and their sums.
type ExpiryTotals struct {
	Rows                   int
	Quantity, LotCostCents int64
}

// expirySorts are product_expiry_alert's column keys as sort expressions.
var expirySorts = map[string]sortable{
	"code": {expr: "e.code"}, "name": {expr: "e.name"}, "expiry_date": {expr: "e.expiry_date"}, "days_left": {expr: "e.days_left"},
	"bucket": {expr: "e.bucket"}, "quantity": {expr: "e.quantity"}, "lot_cost_cents": {expr: "e.lot_cost_cents"},
}

// ExpiryRows calls fn with product_expiry_alert's rows as of today (YYYY-MM-DD) — the lots of
// StockLots expiring by today + 90 days — in o's order (its own: by expiry date, code, then
// line), those of w only, and answers the count and sums of every row: sorted and paged in
// SQL like the party lists, so that only the page's rows reach Go (thousands of lots hold
// stock: built whole in Go they cost more CPU than their read).
func (s *Store) ExpiryRows(ctx context.Context, scope listing.Scope, today string, o Order, w Window, fn func(ExpiryRow) error) (ExpiryTotals, error) {
	order, err := orderBy(o, expirySorts, "e.expiry_date, e.code, e.id")
	if err != nil {
		return ExpiryTotals{}, err
	}
	t, err := calendar.ParseDate(today)
	if err != nil {
		return ExpiryTotals{}, err
	}
	// Days between two dates: whole days, as the pages count them (America/Bogota has no DST).
	days := "CAST(julianday(l.expiry_date) - julianday(?) AS INTEGER)"
	if s.db.Dialect().Name() == dialect.PG {
		days = "(CAST(l.expiry_date AS date) - CAST(? AS date))"
	}
	q := s.db.NewRaw(`SELECT e.product_id, e.code, e.name, e.expiry_date, e.days_left, e.bucket, e.quantity, e.lot_cost_cents,
    COUNT(*) OVER () AS row_count, SUM(e.quantity) OVER () AS sum_quantity, SUM(e.lot_cost_cents) OVER () AS sum_cost
FROM (SELECT d.id, d.product_id, d.code, d.name, d.expiry_date, d.days_left,
        CASE WHEN d.days_left > 60 THEN 'days_61_90' WHEN d.days_left > 30 THEN 'days_31_60'
            WHEN d.days_left >= 0 THEN 'days_0_30' ELSE 'expired' END AS bucket,
        d.holds AS quantity, (d.base_cents * d.holds * 2 + d.quantity) / (2 * d.quantity) AS lot_cost_cents
    FROM (SELECT l.*, `+days+` AS days_left FROM (?) AS l) AS d) AS e`+order,
		today, s.stockLots(scope, t.AddDate(0, 0, 90).Format(calendar.DateLayout)))
	var tot ExpiryTotals
	var r ExpiryRow
	read := func(rows *sql.Rows) error {
		return rows.Scan(&r.ProductID, &r.Code, &r.Name, &r.ExpiryDate, &r.DaysLeft, &r.Bucket, &r.Quantity, &r.LotCostCents,
			&tot.Rows, &tot.Quantity, &tot.LotCostCents)
	}
	err = s.windowed(ctx, q, w, read, func() error { return fn(r) })
	return tot, err
}

// lotPositions is what 20261202030100_reports_lot_positions' backfill writes and its triggers
// keep: each lot's cum_end, and report_lot_totals. The triggers place the lots productRebuild
// inserts when they are on; this sets the same figures when they are not (a bulk load).
func lotPositions(d bun.IDB) []string {
	cum := `UPDATE report_lot_lines SET cum_end = (SELECT w.cum_end FROM (SELECT x.line_id,
    SUM(x.quantity) OVER (ORDER BY x.doc_date, x.line_id ROWS UNBOUNDED PRECEDING) AS cum_end
    FROM report_lot_lines x WHERE x.product_id = report_lot_lines.product_id) AS w WHERE w.line_id = report_lot_lines.line_id)`
	if d.Dialect().Name() == dialect.PG {
		// One pass (the correlated form ranks a product's lots once per lot).
		cum = `UPDATE report_lot_lines AS x SET cum_end = w.cum_end
FROM (SELECT line_id, SUM(quantity) OVER (PARTITION BY product_id ORDER BY doc_date, line_id ROWS UNBOUNDED PRECEDING) AS cum_end
    FROM report_lot_lines) AS w
WHERE x.line_id = w.line_id AND x.cum_end IS DISTINCT FROM w.cum_end`
	}
	return []string{cum, "DELETE FROM report_lot_totals",
		"INSERT INTO report_lot_totals (product_id, n, quantity) SELECT product_id, COUNT(*), SUM(quantity) FROM report_lot_lines GROUP BY product_id"}
}

// productRebuild is the product aggregates' content computed afresh from the owners' tables —
// what 20261130020000_reports_product_months' backfill writes and its triggers keep.
var productRebuild = []string{
	"DELETE FROM report_product_months",
	"DELETE FROM report_product_bought",
	"DELETE FROM report_lot_lines",
	`INSERT INTO report_product_months (company_id, month, store_id, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT l.company_id, substr(l.doc_date, 1, 7), l.store_id, l.type, l.product_id, COUNT(*), SUM(l.quantity), SUM(l.amount_cents),
    SUM(l.cost_cents)
FROM report_lines l
GROUP BY l.company_id, substr(l.doc_date, 1, 7), l.store_id, l.type, l.product_id
ORDER BY substr(l.doc_date, 1, 7), l.company_id, l.type, l.store_id, l.product_id`,
	`INSERT INTO report_product_bought (company_id, store_id, product_id, n, quantity, amount_cents)
SELECT l.company_id, l.store_id, l.product_id, COUNT(*), SUM(l.quantity), SUM(l.amount_cents)
FROM report_lines l WHERE l.type = 'purchase'
GROUP BY l.company_id, l.store_id, l.product_id`,
	`INSERT INTO report_lot_lines (line_id, purchase_id, company_id, product_id, doc_date, expiry_date, quantity, base_cents)
SELECT line_id, purchase_id, company_id, product_id, doc_date, expiry_date, quantity, base_cents
FROM report_lot_sources ORDER BY product_id, doc_date`,
}
