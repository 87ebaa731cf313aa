package store

import (
	"context"
	"database/sql"
	"slices"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"

	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/listing"
)

// Product figures (product_report, product_expiry_alert) read the aggregates
// 20261130020000_reports_product_months keeps — report_product_months (lines per company, month,
// store, type and product), report_product_bought (purchase lines per company, store and
// product, all time) and report_lot_lines with report_lot_totals (the lots and where each stands
// in its product's units, 20261202030100_reports_lot_positions) — and their sums over the
// stores, report_product_company_months and report_product_company_bought
// (20261202040000_reports_product_company_months), which a request for every store reads, and the
// same per day, report_product_days and report_product_company_days, and for every store per half
// month, report_product_company_halves (20261204030000_reports_product_days). A range is read as
// its whole months from the monthly sums and each month it covers only in part from its smaller
// sides (cutsOf): its days in the range from the daily sums, or the month (for every store each
// half) less its days out of the range — so the figures are exactly the lines' whatever the
// range, and the lines themselves are never read.

// figures are the columns the parts of a product sum select, negated when sign is "-".
func figures(alias, sign string) string {
	return alias + ".product_id, " + alias + ".type, " + sign + alias + ".quantity AS quantity, " + sign + alias + ".amount_cents AS amount_cents, " +
		sign + alias + ".cost_cents AS cost_cents"
}

// productMonths selects the product months in f's scope and store that meet cond, in figures'
// columns: every store's from report_product_company_months (one row per product and type a
// month, not one per store too), one store's from report_product_months.
func (s *Store) productMonths(f Filter, sign, cond string, args ...any) *bun.SelectQuery {
	return s.storeOr(f, "report_product_months", "report_product_company_months", "m").ColumnExpr(figures("m", sign)).Where(cond, args...)
}

// storeOr selects from storeTable (aliased alias) limited to f's scope and store when f names
// one, else from companyTable, the same sums without the store: the usual request, every store,
// reads a row per company where storeTable has one per store.
func (s *Store) storeOr(f Filter, storeTable, companyTable, alias string) *bun.SelectQuery {
	if f.StoreID == 0 {
		return listing.Restrict(s.db.NewSelect().TableExpr(companyTable+" AS "+alias), f.Scope, alias+".company_id")
	}
	return listing.Restrict(s.db.NewSelect().TableExpr(storeTable+" AS "+alias), f.Scope, alias+".company_id").
		Where(alias+".store_id = ?", f.StoreID)
}

// productDays selects the product days from..to in f's scope and store, in figures' columns:
// every store's from report_product_company_days, one store's from report_product_days.
func (s *Store) productDays(f Filter, sign, from, to string) *bun.SelectQuery {
	return s.storeOr(f, "report_product_days", "report_product_company_days", "d").ColumnExpr(figures("d", sign)).
		Where("d.day BETWEEN ? AND ?", from, to)
}

// dayParts are the lines dated from..to (any days) in f's scope and store, of type typ ("" every
// type), in figures' columns negated when sign is "-": per month (cutsOf) the month's sums, its
// halves' (report_product_company_halves, every store only: there are none per store) and its
// days', each added or taken off.
func (s *Store) dayParts(f Filter, sign, typ, from, to string) []any {
	var parts []any
	for _, p := range cutsOf(from, to, f.StoreID == 0) {
		sg := sign
		if p.Neg {
			sg = map[string]string{"": "-", "-": ""}[sign]
		}
		var q *bun.SelectQuery
		alias := "d"
		switch {
		case p.Month != "":
			q, alias = s.productMonths(f, sg, "m.month = ?", p.Month), "m"
		case p.Half != "":
			q = listing.Restrict(s.db.NewSelect().TableExpr("report_product_company_halves AS d"), f.Scope, "d.company_id").
				ColumnExpr(figures("d", sg)).Where("d.half = ?", p.Half)
		default:
			q = s.productDays(f, sg, p.From, p.To)
		}
		if typ != "" {
			q = q.Where(alias+".type = ?", typ)
		}
		parts = append(parts, q)
	}
	return parts
}

// rangeParts are the approved documents' lines dated in f (both ends set), in figures' columns:
// the range's whole months from the product months, the months it cuts from their smaller sides
// (dayParts).
func (s *Store) rangeParts(f Filter) []any {
	sp := spanOf(f.From, f.To)
	var parts []any
	if sp.First != "" {
		parts = append(parts, s.productMonths(f, "", "m.month BETWEEN ? AND ?", sp.First, sp.Last))
	}
	for _, d := range sp.Days {
		parts = append(parts, s.dayParts(f, "", "", d[0], d[1])...)
	}
	return parts
}

// boughtParts are the approved purchases' lines in f's scope and store dated up to f.To (set),
// in figures' columns (the weighted average cost's base): every purchase ever
// (report_product_bought, or report_product_company_bought for every store) less the whole
// months after f.To's month and the days after f.To in its month (dayParts) — few rows for the
// ranges people ask for, which end near today.
func (s *Store) boughtParts(f Filter) []any {
	ever := s.storeOr(f, "report_product_bought", "report_product_company_bought", "b").
		ColumnExpr("b.product_id, ? AS type, b.quantity, b.amount_cents, b.amount_cents AS cost_cents", Purchase)
	parts := []any{ever, s.productMonths(f, "-", "m.type = ? AND m.month > ?", Purchase, f.To[:min(len(f.To), 7)])}
	if end := monthEnd(f.To); end > f.To {
		parts = append(parts, s.dayParts(f, "-", Purchase, dayAfter(f.To), end)...)
	}
	return parts
}

// ProductRow is a row of product_report: a product's figures in the range, its stock today and
// its weighted average purchase cost up to the range's end.
type ProductRow struct {
	ID                                 int64
	Code, Name                         string
	PurchasedQuantity, PurchasedCents  int64
	ReceivedQuantity                   int64
	ReturnedQuantity, ReturnedCents    int64
	SoldQuantity, SoldCents, CostCents int64
	StockQuantity, AverageCostCents    int64
	ProfitCents, StockValueCents       int64
}

// ProductTotals are product_report's totals over every row, and how many rows there are.
type ProductTotals struct {
	PurchasedCents, ReturnedCents, SoldCents, CostCents, ProfitCents, StockValueCents int64
	Rows                                                                              int
}

// productSorts are product_report's column keys as sort expressions (ProductRows' columns).
var productSorts = map[string]sortable{
	"code": {expr: "r.code"}, "name": {expr: "r.name"}, "purchased_quantity": {expr: "r.purchased_quantity"},
	"purchased_cents": {expr: "r.purchased_cents"}, "received_quantity": {expr: "r.received_quantity"},
	"returned_quantity": {expr: "r.returned_quantity"}, "returned_cents": {expr: "r.returned_cents"},
	"sold_quantity": {expr: "r.sold_quantity"}, "sold_cents": {expr: "r.sold_cents"}, "cost_of_sales_cents": {expr: "r.cost_cents"},
	"profit_cents": {expr: "profit_cents"}, "stock_quantity": {expr: "r.stock_quantity"},
	"average_cost_cents": {expr: "r.average_cost_cents"}, "stock_value_cents": {expr: "stock_value_cents"},
}

// ProductRows calls fn with product_report's rows over f in o's order (its own: by code, then
// id), those of w only, and answers the totals of every row. A row is a live product in f's
// scope that moved in the range or holds stock: what approved purchases brought and approved
// sales took in the range (quantities, amounts before VAT, the sales' kept cost), the goods
// received and sent back (goodsParts), its stock today, its weighted average purchase cost up
// to f.To (rounded half up; the catalog's cost when nothing was bought) and the stock's value
// at that cost.
//
// One statement sums the aggregates per product, joins the products, sorts every row and
// answers only the page's, each with the count and totals of every row (paged.go): what reaches
// Go is the page, not the ~2,000 products and their ~4,000 sums.
func (s *Store) ProductRows(ctx context.Context, f Filter, o Order, w Window, fn func(ProductRow) error) (ProductTotals, error) {
	order, err := orderBy(o, productSorts, "r.code, r.id")
	if err != nil {
		return ProductTotals{}, err
	}
	// Per product, the range's figures of each type side by side.
	moved := s.db.NewRaw(`SELECT m.product_id,
    CAST(SUM(CASE WHEN m.type = ? THEN m.quantity ELSE 0 END) AS BIGINT) AS purchased_quantity,
    CAST(SUM(CASE WHEN m.type = ? THEN m.amount_cents ELSE 0 END) AS BIGINT) AS purchased_cents,
    CAST(SUM(CASE WHEN m.type = ? THEN m.quantity ELSE 0 END) AS BIGINT) AS received_quantity,
    CAST(SUM(CASE WHEN m.type = ? THEN m.quantity ELSE 0 END) AS BIGINT) AS returned_quantity,
    CAST(SUM(CASE WHEN m.type = ? THEN m.amount_cents ELSE 0 END) AS BIGINT) AS returned_cents,
    CAST(SUM(CASE WHEN m.type = ? THEN m.quantity ELSE 0 END) AS BIGINT) AS sold_quantity,
    CAST(SUM(CASE WHEN m.type = ? THEN m.amount_cents ELSE 0 END) AS BIGINT) AS sold_cents,
    CAST(SUM(CASE WHEN m.type = ? THEN m.cost_cents ELSE 0 END) AS BIGINT) AS cost_cents
FROM (?) AS m GROUP BY m.product_id`, Purchase, Purchase, Received, Returned, Returned, Sale, Sale, Sale,
		s.unionAll(slices.Concat(s.rangeParts(f), s.goodsParts(f))))
	bought := s.db.NewRaw(`SELECT b.product_id, CAST(SUM(b.quantity) AS BIGINT) AS quantity,
    CAST(SUM(b.amount_cents) AS BIGINT) AS amount_cents
FROM (?) AS b GROUP BY b.product_id`, s.unionAll(s.boughtParts(f)))
	rows := listing.Restrict(s.db.NewSelect().TableExpr("report_products AS p"), f.Scope, "p.company_id").
		ColumnExpr("p.id, p.code, p.name").
		ColumnExpr("COALESCE(g.purchased_quantity, 0) AS purchased_quantity, COALESCE(g.purchased_cents, 0) AS purchased_cents").
		ColumnExpr("COALESCE(g.received_quantity, 0) AS received_quantity").
		ColumnExpr("COALESCE(g.returned_quantity, 0) AS returned_quantity, COALESCE(g.returned_cents, 0) AS returned_cents").
		ColumnExpr("COALESCE(g.sold_quantity, 0) AS sold_quantity, COALESCE(g.sold_cents, 0) AS sold_cents").
		ColumnExpr("COALESCE(g.cost_cents, 0) AS cost_cents, p.quantity AS stock_quantity").
		// Integer division truncates, as Go's does: half up for the positive sums of what was bought.
		ColumnExpr("CASE WHEN b.quantity > 0 THEN (b.amount_cents + b.quantity / 2) / b.quantity ELSE p.cost_cents END AS average_cost_cents").
		Join("LEFT JOIN (?) AS g ON g.product_id = p.id", moved).
		Join("LEFT JOIN (?) AS b ON b.product_id = p.id", bought).
		Where("COALESCE(g.purchased_quantity, 0) <> 0 OR COALESCE(g.sold_quantity, 0) <> 0 OR COALESCE(g.received_quantity, 0) <> 0 " +
			"OR COALESCE(g.returned_quantity, 0) <> 0 OR p.quantity <> 0")
	q := s.db.NewRaw(`SELECT r.id, r.code, r.name, r.purchased_quantity, r.purchased_cents, r.received_quantity, r.returned_quantity,
    r.returned_cents, r.sold_quantity, r.sold_cents, r.cost_cents, r.stock_quantity, r.average_cost_cents,
    r.sold_cents - r.cost_cents AS profit_cents, r.average_cost_cents * r.stock_quantity AS stock_value_cents,
    COUNT(*) OVER () AS row_count, SUM(r.purchased_cents) OVER () AS sum_purchased, SUM(r.returned_cents) OVER () AS sum_returned,
    SUM(r.sold_cents) OVER () AS sum_sold, SUM(r.cost_cents) OVER () AS sum_cost,
    SUM(r.sold_cents - r.cost_cents) OVER () AS sum_profit, SUM(r.average_cost_cents * r.stock_quantity) OVER () AS sum_value
FROM (?) AS r`+order, rows)
	var t ProductTotals
	var r ProductRow
	read := func(rows *sql.Rows) error {
		return rows.Scan(&r.ID, &r.Code, &r.Name, &r.PurchasedQuantity, &r.PurchasedCents, &r.ReceivedQuantity, &r.ReturnedQuantity,
			&r.ReturnedCents, &r.SoldQuantity, &r.SoldCents, &r.CostCents, &r.StockQuantity, &r.AverageCostCents, &r.ProfitCents,
			&r.StockValueCents, &t.Rows, &t.PurchasedCents, &t.ReturnedCents, &t.SoldCents, &t.CostCents, &t.ProfitCents, &t.StockValueCents)
	}
	err = s.windowed(ctx, limitAtEnd(q), w, read, func() error { return fn(r) })
	return t, err
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
	err = s.windowed(ctx, limitAtEnd(q), w, read, func() error { return fn(r) })
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
// what 20261130020000_reports_product_months' and 20261204030000_reports_product_days' backfills
// write and their triggers keep.
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
	// report_product_months' and report_product_bought's triggers have summed their rows into
	// the company tables when they are on: cleared again, so that the sums are the same whether
	// the triggers are on or off.
	"DELETE FROM report_product_company_months",
	"DELETE FROM report_product_company_bought",
	`INSERT INTO report_product_company_months (company_id, month, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT m.company_id, m.month, m.type, m.product_id, SUM(m.n), SUM(m.quantity), SUM(m.amount_cents), SUM(m.cost_cents)
FROM report_product_months m
GROUP BY m.company_id, m.month, m.type, m.product_id
ORDER BY m.month, m.company_id, m.type, m.product_id`,
	`INSERT INTO report_product_company_bought (company_id, product_id, n, quantity, amount_cents)
SELECT b.company_id, b.product_id, SUM(b.n), SUM(b.quantity), SUM(b.amount_cents)
FROM report_product_bought b
GROUP BY b.company_id, b.product_id`,
	`INSERT INTO report_lot_lines (line_id, purchase_id, company_id, product_id, doc_date, expiry_date, quantity, base_cents)
SELECT line_id, purchase_id, company_id, product_id, doc_date, expiry_date, quantity, base_cents
FROM report_lot_sources ORDER BY product_id, doc_date`,
	// 20261204030000_reports_product_days: the same per day, its company sums (per day and per
	// half month) cleared after the days' inserts as the months' are.
	"DELETE FROM report_product_days",
	`INSERT INTO report_product_days (company_id, day, store_id, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT l.company_id, l.doc_date, l.store_id, l.type, l.product_id, COUNT(*), SUM(l.quantity), SUM(l.amount_cents), SUM(l.cost_cents)
FROM report_lines l
GROUP BY l.company_id, l.doc_date, l.store_id, l.type, l.product_id
ORDER BY l.doc_date, l.company_id, l.type, l.store_id, l.product_id`,
	"DELETE FROM report_product_company_days",
	`INSERT INTO report_product_company_days (company_id, day, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT d.company_id, d.day, d.type, d.product_id, SUM(d.n), SUM(d.quantity), SUM(d.amount_cents), SUM(d.cost_cents)
FROM report_product_days d
GROUP BY d.company_id, d.day, d.type, d.product_id
ORDER BY d.day, d.company_id, d.type, d.product_id`,
	"DELETE FROM report_product_company_halves",
	`INSERT INTO report_product_company_halves (company_id, half, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT d.company_id, d.half, d.type, d.product_id, SUM(d.n), SUM(d.quantity), SUM(d.amount_cents), SUM(d.cost_cents)
FROM (SELECT x.*, substr(x.day, 1, 8) || CASE WHEN substr(x.day, 9, 2) <= '15' THEN '01' ELSE '16' END AS half
    FROM report_product_company_days x) AS d
GROUP BY d.company_id, d.half, d.type, d.product_id
ORDER BY d.half, d.company_id, d.type, d.product_id`,
}
