package store

import (
	"context"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"
	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/listing"
)

// Product figures (product_report, product_expiry_alert) read the aggregates
// 20261130020000_reports_product_months keeps: report_product_months (lines per company, month,
// store, type and product) and its sum over the stores report_product_company_months
// (20261202040000_reports_product_company_months), report_product_bought (purchase lines per company, store and product,
// all time) and report_lot_lines (the lots, newest first per product). A range is read as its
// whole months from report_product_months and the days of a month it covers only in part from
// report_lines, so the figures are exactly the lines' whatever the range.

// figures are the columns the parts of a product sum select, negated when sign is "-".
func figures(alias, sign string) string {
	return alias + ".product_id, " + alias + ".type, " + sign + alias + ".quantity AS quantity, " + sign + alias + ".amount_cents AS amount_cents, " +
		sign + alias + ".cost_cents AS cost_cents"
}

// productMonths selects the product months in f's scope and store that meet cond, in figures'
// columns: every store's from report_product_company_months (one row per product and type a
// month, not one per store too), one store's from report_product_months.
func (s *Store) productMonths(f Filter, sign, cond string, args ...any) *bun.SelectQuery {
	table := "report_product_company_months"
	if f.StoreID != 0 {
		table = "report_product_months"
	}
	sel := listing.Restrict(s.db.NewSelect().TableExpr(table+" AS m"), f.Scope, "m.company_id").
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

// StockLot is a lot (report_lot_lines) with what its product holds: Stock is the product's
// stock today, Upto the units of this lot and every newer one of the product, Rank its place
// among them (1: the newest).
type StockLot struct {
	Lot
	Stock int64 `bun:"stock"`
	Upto  int64 `bun:"upto"`
	Rank  int64 `bun:"rn"`
}

// Holds is how many of its product's units the lot holds, first in, first out: the newest lots
// hold the stock, so a lot holds what is left after the newer ones.
func (l StockLot) Holds() int64 { return max(0, min(l.Quantity, l.Stock-(l.Upto-l.Quantity))) }

// Covered says whether the lots read (limit of the newest) hold the product's whole stock:
// false on the last lot read when older ones may hold the rest.
func (l StockLot) Covered(limit int) bool { return l.Rank < int64(limit) || l.Upto >= l.Stock }

// StockLots reads, of each product of ids with stock, its limit newest lots (by purchase date,
// then line) and answers those that hold some of its stock today and expire by expiresBy
// (YYYY-MM-DD), and the last lot read of a product whose stock they do not cover (Covered
// false: read it again with a larger limit). Only the newest lots are read, by the index (from
// the index alone on PostgreSQL), and only those rows come back.
func (s *Store) StockLots(ctx context.Context, ids []int64, limit int, expiresBy string) ([]StockLot, error) {
	var out []StockLot
	if len(ids) == 0 {
		return out, nil
	}
	// The window runs over the lots read, newest first: Upto counts the units up to each lot.
	const cols = "x.line_id AS id, x.product_id, x.doc_date, x.expiry_date, x.quantity, x.base_cents, p.quantity AS stock, " +
		"SUM(x.quantity) OVER w AS upto, ROW_NUMBER() OVER w AS rn"
	const window = " WINDOW w AS (PARTITION BY x.product_id ORDER BY x.doc_date DESC, x.line_id DESC ROWS UNBOUNDED PRECEDING)"
	var lots *bun.RawQuery
	if s.db.Dialect().Name() == dialect.PG {
		// One index range per product, stopped after limit rows.
		lots = s.db.NewRaw("SELECT "+cols+" FROM report_products p CROSS JOIN LATERAL (SELECT y.line_id, y.product_id, y.doc_date, "+
			"y.expiry_date, y.quantity, y.base_cents FROM report_lot_lines y WHERE y.product_id = p.id "+
			"ORDER BY y.doc_date DESC, y.line_id DESC LIMIT ?) AS x WHERE p.id = ANY(?)"+window, limit, pgdialect.Array(ids))
	} else {
		// SQLite has no LATERAL: every lot of the products is ranked (the embedded default's are few).
		lots = s.db.NewRaw("SELECT "+cols+" FROM report_lot_lines x JOIN report_products p ON p.id = x.product_id "+
			"WHERE x.product_id IN (?)"+window, bun.In(ids))
	}
	err := s.db.NewRaw("SELECT l.* FROM (?) AS l WHERE l.rn <= ? AND l.upto - l.quantity < l.stock AND "+
		"(l.expiry_date <= ? OR (l.rn = ? AND l.upto < l.stock))", lots, limit, expiresBy, limit).Scan(ctx, &out)
	return out, err
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
	// report_product_months' trigger has summed its rows into report_product_company_months
	// when it is on: cleared again, so that the sum is the same whether the triggers are on or off.
	"DELETE FROM report_product_company_months",
	`INSERT INTO report_product_company_months (company_id, month, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT m.company_id, m.month, m.type, m.product_id, SUM(m.n), SUM(m.quantity), SUM(m.amount_cents), SUM(m.cost_cents)
FROM report_product_months m
GROUP BY m.company_id, m.month, m.type, m.product_id
ORDER BY m.month, m.company_id, m.type, m.product_id`,
	`INSERT INTO report_product_bought (company_id, store_id, product_id, n, quantity, amount_cents)
SELECT l.company_id, l.store_id, l.product_id, COUNT(*), SUM(l.quantity), SUM(l.amount_cents)
FROM report_lines l WHERE l.type = 'purchase'
GROUP BY l.company_id, l.store_id, l.product_id`,
	`INSERT INTO report_lot_lines (line_id, purchase_id, company_id, product_id, doc_date, expiry_date, quantity, base_cents)
SELECT line_id, purchase_id, company_id, product_id, doc_date, expiry_date, quantity, base_cents
FROM report_lot_sources ORDER BY product_id, doc_date`,
}
