package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"

	"github.com/backoffice/backoffice/platform/listing"
)

// This file is payment_report's rows: the payments (pending and approved, live) dated in a range
// per direction, method and party, approved apart from pending. A range's whole months are read,
// for every store (the usual request), from report_payment_years (per type, party, method,
// company and calendar year, each month's figures in its own columns: a year's range is one row
// per key, whatever the number of payments; migrations/20261202020000_reports_payment_years),
// for one store from report_payment_store_years (the same per store; kept from
// report_payment_party_days by triggers on it: migrations/20261204040000_reports_payment_store_years),
// both kept by triggers; the
// days of the months it cuts from report_payment_party_days (per day, type, party, method,
// company and store; migrations/20261204020000_reports_payment_party_days); the rows
// are summed, sorted and paged in SQL (paged.go), the totals' figures summed from
// report_payment_days, the walk's count of rows, every store, from report_payment_keys (a bit per
// month with payments per key; migrations/20261203010000_reports_payment_keys) and, for cut days,
// the keys of report_payment_party_days; for one store from its rows. Sorted by a figure, a
// page's candidates come by index from report_payment_months (per month and key) and
// report_payment_years' bound indexes (boundedTop; migrations/20261204050100_reports_payment_months).

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

// paymentFigures are the keys of paymentSorts that sort by a figure of the row (figureCut).
var paymentFigures = map[string]bool{"count": true, "approved_out_cents": true, "pending_out_cents": true,
	"approved_in_cents": true, "pending_in_cents": true}

// figureCut is the WHERE clause that keeps, of the rows g sorted by the figure c (o's direction),
// those that may be on the page w: the figure as far as the last row of w's, or further. The
// page's rows are among them whatever the ties (the rows of that figure all kept), so the
// party names are joined and the ties sorted only for those (usually about the page) instead of
// for every row: the cut figure itself is a top-N over g's numbers alone. None for every row
// (an export) or when g ends before the page does (the subquery answers no figure).
func figureCut(c sortable, o Order, w Window) string {
	if w.Limit <= 0 {
		return ""
	}
	dir, cmp := c.dir(o), ">="
	if dir == "ASC" {
		cmp = "<="
	}
	return fmt.Sprintf(" WHERE %[1]s %[2]s COALESCE((SELECT %[1]s FROM g ORDER BY 1 %[3]s LIMIT 1 OFFSET %[4]d), %[1]s)",
		c.expr, cmp, dir, w.Offset+w.Limit-1)
}

// PaymentRows calls fn with payment_report's rows of f in o's order (its own: payments out
// first, then by party name, method and party), those of w only, and answers the totals of every
// row.
//
// The totals (t) are the payments' count and amounts from report_payment_days (a row per day,
// store, type and approval status: a month is a few hundred rows whatever the number of parties)
// and the number of rows per direction counted over the range's rows without naming or sorting
// them. The page's rows, for the default order, a page near the top (the bench's and the usual
// request), on PostgreSQL, are read party by party in name order (paymentWalk); otherwise one
// statement names the rows and sorts the page out (by a figure, only those figureCut keeps),
// each row carrying t.
func (s *Store) PaymentRows(ctx context.Context, f Filter, o Order, w Window, fn func(PaymentRow) error) (PaymentTotals, error) {
	order, err := orderBy(o, paymentSorts, "direction DESC, party_name, g.method, g.party_id")
	if err != nil {
		return PaymentTotals{}, err
	}
	parts, keyed := s.paymentParts(f)
	// One part of report_payment_years holds each row's figures already (one row per key): no
	// grouping, only the rows without payments in the range left out. Several parts (years, cut
	// days, or one store's months) are grouped per key; the sums are cast back to BIGINT
	// (PostgreSQL's SUM of a BIGINT is a NUMERIC, slower to sort).
	rows := `SELECT u.type, u.method, u.party_id, CAST(SUM(u.n) AS BIGINT) AS n,
        CAST(SUM(u.approved_cents) AS BIGINT) AS approved_cents, CAST(SUM(u.pending_cents) AS BIGINT) AS pending_cents
    FROM (?) AS u GROUP BY u.type, u.party_id, u.method HAVING SUM(u.n) > 0`
	if keyed {
		rows = `SELECT u.type, u.method, u.party_id, u.n, u.approved_cents, u.pending_cents FROM (?) AS u WHERE u.n > 0`
	}
	if s.walks(f, o, w) {
		// The rows counted from report_payment_keys (paymentKeys), not named: the walk names
		// only the page's. That has no store: one store's rows are counted as computed (its
		// year rows, keyed or grouped, a store's share of the keys).
		keys := s.paymentKeys(f)
		if f.StoreID != 0 {
			keys = s.db.NewRaw("SELECT g.type FROM ("+rows+") AS g", s.unionAll(parts))
		}
		return s.paymentWalk(ctx, f, w, s.paymentTotals(f, keys), fn)
	}
	if b, ok := s.bounds(f, o, w); ok {
		t, done, err := s.boundedTop(ctx, f, o, w, b, fn)
		if err != nil || done {
			return t, err
		}
	}
	// The rows in a MATERIALIZED CTE: counted for t and sorted for the page from one computation;
	// only the page's rows are sorted out (a top-N sort under the LIMIT).
	q := s.db.NewRaw(`WITH g AS MATERIALIZED (`+rows+`),
t AS (?)
SELECT g.type, g.method, g.party_id, COALESCE(p.name, '') AS party_name, g.n, g.approved_cents, g.pending_cents,
    CASE WHEN g.type = 'purchase' THEN 'out' ELSE 'in' END AS direction,
    t.rows_out + t.rows_in, t.sum_n, t.sum_approved_out, t.sum_pending_out, t.sum_approved_in, t.sum_pending_in
FROM g CROSS JOIN t
LEFT JOIN report_party_names AS p ON p.type = g.type AND p.id = g.party_id`, s.unionAll(parts),
		s.paymentTotals(f, s.db.NewRaw(`SELECT g.type FROM g`))).String()
	paged := func(w Window) string { return q + order + limit(w) }
	if c, ok := paymentSorts[o.Key]; ok && paymentFigures[o.Key] {
		paged = func(w Window) string { return q + figureCut(c, o, w) + order + limit(w) }
	}
	var t PaymentTotals
	var r PaymentRow
	var direction string
	read := func(rows *sql.Rows) error {
		return rows.Scan(&r.Type, &r.Method, &r.PartyID, &r.PartyName, &r.Count, &r.ApprovedCents, &r.PendingCents, &direction,
			&t.Rows, &t.Count, &t.ApprovedOut, &t.PendingOut, &t.ApprovedIn, &t.PendingIn)
	}
	err = s.windowed(ctx, paged, w, read, func() error { return fn(r) })
	return t, err
}

// paymentTotals is the one row of payment_report's totals over f: rows_out and rows_in, how many
// of rows' rows (a statement with a type column, one row per row of the page) are of each
// direction, and the payments' count and amounts by direction and approval summed from
// report_payment_days — the same payments as the rows' (report_payments: live, pending and
// approved; a refund negative), so the totals are the rows' sums.
func (s *Store) paymentTotals(f Filter, rows *bun.RawQuery) *bun.RawQuery {
	sums := f.where(s.db.NewSelect().TableExpr("report_payment_days AS y"), "y", "day").
		ColumnExpr("CAST(COALESCE(SUM(y.n), 0) AS BIGINT) AS sum_n")
	for _, c := range []struct{ name, typ, status string }{{"approved_out", Purchase, "approved"}, {"pending_out", Purchase, "pending"},
		{"approved_in", Sale, "approved"}, {"pending_in", Sale, "pending"}} {
		sums = sums.ColumnExpr("CAST(COALESCE(SUM(CASE WHEN y.type = ? AND y.approval_status = ? THEN y.amount_cents ELSE 0 END), 0) AS BIGINT) AS ?",
			c.typ, c.status, bun.Ident("sum_"+c.name))
	}
	return s.db.NewRaw(`SELECT k.rows_out, k.rows_in, s.* FROM
    (SELECT COALESCE(SUM(CASE WHEN k.type = 'purchase' THEN 1 ELSE 0 END), 0) AS rows_out,
        COALESCE(SUM(CASE WHEN k.type = 'sale' THEN 1 ELSE 0 END), 0) AS rows_in FROM (?) AS k) AS k
CROSS JOIN (?) AS s`, rows, sums)
}

// walkRows is how deep a page may end for paymentWalk: it reads the parties one by one (about
// three rows each), cheaper than naming and sorting every row only for the first pages.
const walkRows = 600

// walks says whether paymentWalk reads the page of o and w over f: the default order, every
// store or one, a page (not an export) ending within walkRows, on PostgreSQL (SQLite has no
// LATERAL; its databases are small). The days of the months a range cuts are probed per party
// too (report_payment_party_days by type, party and day).
func (s *Store) walks(f Filter, o Order, w Window) bool {
	sp := spanOf(f.From, f.To)
	return s.db.Dialect().Name() == dialect.PG && o.Key == "" && (sp.First != "" || len(sp.Days) > 0) &&
		w.Limit > 0 && w.Offset+w.Limit <= walkRows
}

// paymentWalk calls fn with payment_report's rows of w in its own order over f (walks says
// when), and answers the totals (the statement t, paymentTotals). Direction by direction — out
// (suppliers) first, then in (customers), each only if the page reaches it (t counts the rows
// of each) — it walks the direction's parties in name order (report_party_names sorted: a few
// hundred suppliers, thousands of customers) and reads each one's rows of report_payment_years
// and report_payment_party_days by key (LATERAL, a nested loop of index probes); the planner keeps the parties' order and
// sorts only each name's rows by method and id (an incremental sort), so the LIMIT stops the walk
// once the page is full and no other row is named or sorted. The statements run in one
// read-only REPEATABLE READ transaction: one snapshot, as one statement would read.
func (s *Store) paymentWalk(ctx context.Context, f Filter, w Window, t *bun.RawQuery, fn func(PaymentRow) error) (PaymentTotals, error) {
	var tot PaymentTotals
	err := s.db.RunInTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true}, func(ctx context.Context, tx bun.Tx) error {
		// The planner's own page costs: the count reads most of report_payment_keys, which a
		// sequential scan does in ~840 pages at 1M; priced at 1.1 a random page (session 10, for
		// the DISTINCT over report_payment_years this replaced) it walked the key index instead,
		// one heap page per key (42,800) — 43 against 23–28 ms for the totals' statement.
		if err := serial(ctx, tx); err != nil {
			return err
		}
		var out, in int
		if err := tx.QueryRowContext(ctx, t.String()).Scan(&out, &in, &tot.Count, &tot.ApprovedOut, &tot.PendingOut,
			&tot.ApprovedIn, &tot.PendingIn); err != nil {
			return err
		}
		tot.Rows = out + in
		offset, limit := w.Offset, w.Limit
		for _, d := range []struct {
			typ  string
			rows int
		}{{Purchase, out}, {Sale, in}} {
			if offset >= d.rows {
				offset -= d.rows
				continue
			}
			n, err := s.walkType(ctx, tx, f, d.typ, Window{Offset: offset, Limit: limit}, fn)
			if err != nil {
				return err
			}
			offset, limit = 0, limit-n
			if limit <= 0 {
				break
			}
		}
		return nil
	})
	return tot, err
}

// walkType calls fn with the rows of type typ over f within w, in name, method and party order,
// read party by party (paymentWalk), and answers how many.
func (s *Store) walkType(ctx context.Context, tx bun.Tx, f Filter, typ string, w Window, fn func(PaymentRow) error) (int, error) {
	party := func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("y.type = ?", typ).Where("y.party_id = p.id")
	}
	sp := spanOf(f.From, f.To)
	var parts []any
	if sp.First != "" {
		parts = s.yearParts(f.Scope, f.StoreID, sp, party)
	}
	for _, d := range sp.Days {
		parts = append(parts, party(s.dayPart(Filter{Scope: f.Scope, StoreID: f.StoreID, From: d[0], To: d[1]})))
	}
	q := tx.NewRaw(`SELECT r.method, p.id, p.name, r.n, r.approved_cents, r.pending_cents
FROM (SELECT n.id, n.name FROM report_party_names AS n WHERE n.type = ? ORDER BY n.name, n.id) AS p
CROSS JOIN LATERAL (SELECT u.method, CAST(SUM(u.n) AS BIGINT) AS n, CAST(SUM(u.approved_cents) AS BIGINT) AS approved_cents,
        CAST(SUM(u.pending_cents) AS BIGINT) AS pending_cents
    FROM (?) AS u GROUP BY u.method HAVING SUM(u.n) > 0) AS r
ORDER BY p.name, r.method, p.id LIMIT ? OFFSET ?`, typ, s.unionAll(parts), w.Limit, w.Offset)
	rows, err := tx.QueryContext(ctx, q.String())
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		r := PaymentRow{Type: typ}
		if err := rows.Scan(&r.Method, &r.PartyID, &r.PartyName, &r.Count, &r.ApprovedCents, &r.PendingCents); err != nil {
			return n, err
		}
		n++
		if err := fn(r); err != nil {
			return n, err
		}
	}
	return n, rows.Err()
}

// paymentKeys is one row (a type column) per row of payment_report over f, every store: the
// keys of report_payment_keys in f's scope whose months meet the range's whole months (monthKeys),
// and those of report_payment_party_days with payments on the days of the months it cuts, each
// key once: the cut days' keys (a UNION of their parts, a few days' rows) that are not among the
// months' already (a probe of report_payment_keys by key each), added to the months' rows as
// they are — not a UNION of both, which hashed every key of a year's range again.
func (s *Store) paymentKeys(f Filter) *bun.RawQuery {
	sp := spanOf(f.From, f.To)
	if len(sp.Days) == 0 {
		return s.monthKeys(f.Scope, sp)
	}
	var days []any
	for _, d := range sp.Days {
		days = append(days, Filter{Scope: f.Scope, From: d[0], To: d[1]}.where(s.db.NewSelect().TableExpr("report_payment_party_days AS y"), "y", "day").
			ColumnExpr("y.type, y.party_id, y.method").Where("y.n > 0"))
	}
	// UNION (not ALL): a key with payments on both ends' days is one row.
	cut := s.db.NewRaw("SELECT d.type FROM ("+strings.TrimSuffix(strings.Repeat("? UNION ", len(days)), " UNION ")+") AS d", days...)
	if sp.First == "" {
		return cut
	}
	inMonths := s.monthKeys(f.Scope, sp, "k.type = d.type AND k.party_id = d.party_id AND k.method = d.method")
	return s.db.NewRaw("SELECT m.type FROM (?) AS m UNION ALL ? WHERE NOT EXISTS (?)", s.monthKeys(f.Scope, sp), cut, inMonths)
}

// monthKeys is one row (type, party_id, method) per row of payment_report over sp's whole months,
// every store: the keys of report_payment_keys in scope whose months meet the range's. A range
// within one block of five years is one row per key already; across two (a year's range at
// most two) a key's rows are one row of the page (DISTINCT, but for of). of narrows them to one
// key (paymentKeys' probe: its conditions on k), where a key of both blocks may answer twice.
func (s *Store) monthKeys(scope listing.Scope, sp span, of ...string) *bun.RawQuery {
	var blocks []int
	bits := map[int]int64{}
	for m := sp.First; m != "" && m <= sp.Last && len(m) == 7; m = addMonths(m, 1) {
		year, month := atoi(m[:4]), atoi(m[5:])
		b := year / paymentKeyYears
		if _, ok := bits[b]; !ok {
			blocks = append(blocks, b)
		}
		bits[b] |= 1 << ((year%paymentKeyYears)*12 + month - 1)
	}
	q := listing.Restrict(s.db.NewSelect().TableExpr("report_payment_keys AS k"), scope, "k.company_id")
	for _, w := range of {
		q = q.Where(w)
	}
	if len(blocks) == 1 {
		return s.db.NewRaw("?", q.ColumnExpr("k.type, k.party_id, k.method").Where("k.block = ?", blocks[0]).Where("(k.months & ?) <> 0", bits[blocks[0]]))
	}
	if len(of) == 0 {
		q = q.Distinct()
	}
	q = q.ColumnExpr("k.type, k.party_id, k.method").WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
		for _, b := range blocks {
			q = q.WhereOr("k.block = ? AND (k.months & ?) <> 0", b, bits[b])
		}
		return q
	})
	return s.db.NewRaw("?", q)
}

// paymentKeyYears is how many calendar years a row of report_payment_keys holds, 12 bits each
// (60 of a BIGINT's 63; migrations/20261203010000_reports_payment_keys).
const paymentKeyYears = 5

// paymentParts are the payments of f's range as rows of type, method, party_id, n,
// approved_cents and pending_cents. For every store its whole months come from
// report_payment_years, for one store from report_payment_store_years (yearParts: a part per
// calendar year, its months' columns added); the days of the months it cuts from
// report_payment_party_days (dayPart). keyed says that the one part is a year's, one row per
// (type, method, party_id).
func (s *Store) paymentParts(f Filter) (parts []any, keyed bool) {
	sp := spanOf(f.From, f.To)
	if sp.First != "" {
		parts = s.yearParts(f.Scope, f.StoreID, sp, func(q *bun.SelectQuery) *bun.SelectQuery { return q })
	}
	keyed = len(parts) == 1 && len(sp.Days) == 0
	for _, d := range sp.Days {
		parts = append(parts, s.dayPart(Filter{Scope: f.Scope, StoreID: f.StoreID, From: d[0], To: d[1]}))
	}
	return parts, keyed
}

// dayPart is the rows of report_payment_party_days over f (a run of days, one store or every
// store) as paymentParts' rows, one per type, method, party, company, store and day, those
// netting to no payment left out (migrations/20261204020000_reports_payment_party_days).
func (s *Store) dayPart(f Filter) *bun.SelectQuery {
	return f.where(s.db.NewSelect().TableExpr("report_payment_party_days AS y"), "y", "day").
		ColumnExpr("y.type, y.method, y.party_id, y.n, y.approved_cents, y.pending_cents").Where("y.n <> 0")
}

// yearParts is sp's whole months (sp.First..sp.Last) of store (0: every store) as yearPart's,
// one per calendar year, each narrowed by also (the walk's one party).
func (s *Store) yearParts(scope listing.Scope, store int64, sp span, also func(*bun.SelectQuery) *bun.SelectQuery) []any {
	var parts []any
	for first := sp.First; first <= sp.Last; first = addMonths(first[:4]+"-12", 1) {
		last := min(sp.Last, first[:4]+"-12")
		parts = append(parts, also(s.yearPart(scope, store, first[:4], first[5:], last[5:])))
	}
	return parts
}

// yearPart is the rows of year in scope over its months from..to (MM, both included), of
// report_payment_years for every store (store 0) or of report_payment_store_years for one
// (migrations/20261204040000_reports_payment_store_years: the same columns, per store): each
// key's figures of those months added, the keys without a payment in them left out.
func (s *Store) yearPart(scope listing.Scope, store int64, year, from, to string) *bun.SelectQuery {
	var n, approved, pending []string
	for m := from; m <= to; m = fmt.Sprintf("%02d", atoi(m)+1) {
		n = append(n, "y.n_"+m)
		approved = append(approved, "y.approved_"+m+"_cents")
		pending = append(pending, "y.pending_"+m+"_cents")
	}
	sum := func(cols []string) string { return "(" + strings.Join(cols, " + ") + ")" }
	q := s.db.NewSelect().TableExpr("report_payment_years AS y")
	if store != 0 {
		q = s.db.NewSelect().TableExpr("report_payment_store_years AS y").Where("y.store_id = ?", store)
	}
	return listing.Restrict(q, scope, "y.company_id").
		ColumnExpr("y.type, y.method, y.party_id").ColumnExpr(sum(n)+" AS n").
		ColumnExpr(sum(approved)+" AS approved_cents").ColumnExpr(sum(pending)+" AS pending_cents").
		Where("y.year = ?", year).Where(sum(n) + " <> 0")
}

// figureBound is, for a figure sort of payment_report, the rows whose figure it is (typ; ""
// both types), its column of report_payment_months (col) and its bound over any of a year's
// months in report_payment_years: the sum of its months' positive figures (expr). Both are
// what migrations/20261204050100_reports_payment_months indexes, after the month or year and
// typ.
type figureBound struct{ typ, col, expr string }

// figureBounds are paymentFigures' bounds.
var figureBounds = func() map[string]figureBound {
	bound := func(col func(mm string) string) string {
		var ms []string
		for m := 1; m <= 12; m++ {
			ms = append(ms, "GREATEST(y."+col(fmt.Sprintf("%02d", m))+", 0)")
		}
		return "(" + strings.Join(ms, " + ") + ")"
	}
	n := bound(func(mm string) string { return "n_" + mm })
	approved := bound(func(mm string) string { return "approved_" + mm + "_cents" })
	pending := bound(func(mm string) string { return "pending_" + mm + "_cents" })
	return map[string]figureBound{"count": {"", "n", n}, "approved_out_cents": {Purchase, "approved_cents", approved},
		"pending_out_cents": {Purchase, "pending_cents", pending}, "approved_in_cents": {Sale, "approved_cents", approved},
		"pending_in_cents": {Sale, "pending_cents", pending}}
}()

// bounds says whether boundedTop reads the page of o and w over f, and with which bound: a
// figure sort, largest first, of a page (not an export), for every store, over whole months
// (report_payment_years' rows: cut days and one store's rows have no bound index), on
// PostgreSQL (the indexes are its own).
func (s *Store) bounds(f Filter, o Order, w Window) (figureBound, bool) {
	b, ok := figureBounds[o.Key]
	sp := spanOf(f.From, f.To)
	if !ok || s.db.Dialect().Name() != dialect.PG || paymentSorts[o.Key].dir(o) != "DESC" || w.Limit <= 0 ||
		f.StoreID != 0 || len(sp.Days) > 0 || sp.First == "" {
		return figureBound{}, false
	}
	return b, true
}

// boundFirst and boundLast are how many keys per year boundedTop first takes as candidates (a
// multiple of the page's end) and at most; each miss takes four times as many.
const (
	boundFirst = 4
	boundLast  = 4000
)

// boundedTop calls fn with payment_report's rows of w over f sorted by b's figure, largest
// first (bounds says when), from candidates instead of every key, and answers the totals; done
// is false (nothing called) when the candidates cannot be shown to hold the page, for the
// statement over every key to answer instead.
//
// The bound: each calendar year of the range is a part; a key's figure over the range is the
// sum of its parts' figures over the range's months, each at most that part's bound of the key:
// for a part of one month its figure there (report_payment_months), for several months its
// year's positive monthly figures summed (report_payment_years, b.expr); at least 0 for a key
// without a row, or of the other type for an amount. The candidates are the first K keys of
// each part by bound (an index scan, migrations/20261204050100_reports_payment_months);
// a key that is none of them is, in every part, at most the part's K-th bound (0 for a part of
// fewer than K rows: every key of it is a candidate), so its figure is at most B, their sum;
// for an amount the other type's keys are never candidates, their figure 0, at most B too.
// The candidates' figures are summed exactly (their rows only, by key); if the page's last
// row among them (row offset+limit, in the figure's order) has a figure above B, every row that
// is not a candidate sorts after it, ties included, so the page is the candidates' page. If
// not, K grows (four times) up to boundLast, then done is false. The statements run in one
// read-only REPEATABLE READ transaction (one snapshot), the totals as paymentWalk's.
func (s *Store) boundedTop(ctx context.Context, f Filter, o Order, w Window, b figureBound, fn func(PaymentRow) error) (tot PaymentTotals, done bool, err error) {
	c := paymentSorts[o.Key]
	order, err := orderBy(o, paymentSorts, "direction DESC, party_name, g.method, g.party_id")
	if err != nil {
		return tot, false, err
	}
	sp := spanOf(f.From, f.To)
	// Each year's months in the range: its first and last.
	var years [][2]string
	for first := sp.First; first <= sp.Last; first = addMonths(first[:4]+"-12", 1) {
		years = append(years, [2]string{first, min(sp.Last, first[:4]+"-12")})
	}
	end := w.Offset + w.Limit
	var rows []PaymentRow
	err = s.db.RunInTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true}, func(ctx context.Context, tx bun.Tx) error {
		if err := serial(ctx, tx); err != nil {
			return err
		}
		for k := boundFirst * end; k <= boundLast && !done; k *= 4 {
			var tops []string
			var args []any
			for i, y := range years {
				q := s.db.NewSelect().TableExpr("report_payment_years AS y").Where("y.year = ?", y[0][:4])
				bound := b.expr
				if y[0] == y[1] {
					q, bound = s.db.NewSelect().TableExpr("report_payment_months AS y").Where("y.month = ?", y[0]), "y."+b.col
				}
				q = listing.Restrict(q, f.Scope, "y.company_id").ColumnExpr("y.type, y.party_id, y.method").ColumnExpr(bound + " AS u")
				if b.typ != "" {
					q = q.Where("y.type = ?", b.typ)
				}
				tops = append(tops, fmt.Sprintf("c%d AS (?)", i))
				args = append(args, q.OrderExpr(bound+" DESC").Limit(int64(k)))
			}
			var cands, cuts []string
			for i := range years {
				cands = append(cands, fmt.Sprintf("SELECT c.type, c.party_id, c.method FROM c%d AS c", i))
				cuts = append(cuts, fmt.Sprintf("SELECT COUNT(*) AS n, CASE WHEN COUNT(*) < %d THEN 0 ELSE GREATEST(MIN(c.u), 0) END AS t FROM c%d AS c", k, i))
			}
			// The candidates' figures, each part's by key: a month's narrow row of
			// report_payment_months, several months' of report_payment_years.
			var parts []any
			for _, y := range years {
				q := s.yearPart(f.Scope, 0, y[0][:4], y[0][5:], y[1][5:])
				if y[0] == y[1] {
					q = listing.Restrict(s.db.NewSelect().TableExpr("report_payment_months AS y"), f.Scope, "y.company_id").
						ColumnExpr("y.type, y.method, y.party_id, y.n, y.approved_cents, y.pending_cents").
						Where("y.month = ?", y[0]).Where("y.n <> 0")
				}
				parts = append(parts, q.Where("(y.type, y.party_id, y.method) IN (SELECT k.type, k.party_id, k.method FROM k)"))
			}
			args = append(args, s.unionAll(parts))
			// Every part of fewer than K rows: every key is a candidate — for the count (both
			// types); for an amount the other type's keys are none, their figure 0 (B, then).
			all := "false"
			if b.typ == "" {
				all = fmt.Sprintf("(SELECT MAX(b.n) FROM b) < %d", k)
			}
			q := tx.NewRaw(`WITH `+strings.Join(tops, ", ")+`,
k AS (`+strings.Join(cands, " UNION ")+`),
b AS (`+strings.Join(cuts, " UNION ALL ")+`),
g AS MATERIALIZED (SELECT u.type, u.method, u.party_id, CAST(SUM(u.n) AS BIGINT) AS n,
        CAST(SUM(u.approved_cents) AS BIGINT) AS approved_cents, CAST(SUM(u.pending_cents) AS BIGINT) AS pending_cents
    FROM (?) AS u GROUP BY u.type, u.party_id, u.method HAVING SUM(u.n) > 0),
ok AS (SELECT COALESCE((SELECT `+c.expr+` FROM g ORDER BY 1 DESC LIMIT 1 OFFSET `+fmt.Sprint(end-1)+`) > (SELECT SUM(b.t) FROM b), false)
    OR `+all+` AS ok)
SELECT ok.ok, g.type, g.method, g.party_id, COALESCE(p.name, '') AS party_name, g.n, g.approved_cents, g.pending_cents,
    CASE WHEN g.type = 'purchase' THEN 'out' ELSE 'in' END AS direction
FROM g CROSS JOIN ok
LEFT JOIN report_party_names AS p ON p.type = g.type AND p.id = g.party_id`, args...).String()
			res, err := tx.QueryContext(ctx, q+figureCut(c, o, w)+order+limit(w))
			if err != nil {
				return err
			}
			rows = rows[:0]
			for res.Next() {
				var r PaymentRow
				var direction string
				if err := res.Scan(&done, &r.Type, &r.Method, &r.PartyID, &r.PartyName, &r.Count, &r.ApprovedCents, &r.PendingCents, &direction); err != nil {
					res.Close()
					return err
				}
				rows = append(rows, r)
			}
			res.Close()
			if err := res.Err(); err != nil {
				return err
			}
			// No row: a page past the end (or no candidate in the range), which the statement
			// over every key answers.
			done = done && len(rows) > 0
		}
		if !done {
			return nil
		}
		var out, in int
		if err := tx.QueryRowContext(ctx, s.paymentTotals(f, s.paymentKeys(f)).String()).Scan(&out, &in, &tot.Count, &tot.ApprovedOut,
			&tot.PendingOut, &tot.ApprovedIn, &tot.PendingIn); err != nil {
			return err
		}
		tot.Rows = out + in
		return nil
	})
	if err != nil || !done {
		return PaymentTotals{}, false, err
	}
	for _, r := range rows {
		if err := fn(r); err != nil {
			return tot, true, err
		}
	}
	return tot, true, nil
}

// atoi is a month's number (MM); malformed text is 13, past every month.
func atoi(mm string) int {
	n, err := strconv.Atoi(mm)
	if err != nil {
		return 13
	}
	return n
}

// paymentRebuild is report_payment_years, report_payment_keys and report_payment_party_days
// computed afresh from report_payments, and report_payment_store_years and report_payment_months
// from report_payment_party_days (after it: the triggers that keep them from there fire on the
// rebuild's rows too, and are overwritten) — what the migrations' backfills write and the
// triggers keep from then on.
var paymentRebuild = []string{
	"DELETE FROM report_payment_party_days",
	`INSERT INTO report_payment_party_days (day, type, party_id, method, company_id, store_id, n, approved_cents, pending_cents)
SELECT y.payment_date, y.type, y.party_id, y.method, y.company_id, COALESCE(y.store_id, 0), COUNT(*),
    SUM(CASE WHEN y.approval_status = 'approved' THEN y.amount_cents ELSE 0 END),
    SUM(CASE WHEN y.approval_status = 'pending' THEN y.amount_cents ELSE 0 END)
FROM report_payments y
GROUP BY y.payment_date, y.type, y.party_id, y.method, y.company_id, COALESCE(y.store_id, 0)`,
	"DELETE FROM report_payment_store_years",
	monthColumnsRebuild("report_payment_store_years", "x.store_id, x.yr, x.type, x.party_id, x.method, x.company_id",
		`SELECT y.store_id, substr(y.day, 1, 4) AS yr, substr(y.day, 6, 2) AS m, y.type, y.party_id, y.method, y.company_id,
        y.n, y.approved_cents AS a, y.pending_cents AS p
    FROM report_payment_party_days y`),
	"DELETE FROM report_payment_months",
	`INSERT INTO report_payment_months (month, type, party_id, method, company_id, n, approved_cents, pending_cents)
SELECT substr(y.day, 1, 7), y.type, y.party_id, y.method, y.company_id, SUM(y.n), SUM(y.approved_cents), SUM(y.pending_cents)
FROM report_payment_party_days y
GROUP BY substr(y.day, 1, 7), y.type, y.party_id, y.method, y.company_id`,
	"DELETE FROM report_payment_years",
	monthColumnsRebuild("report_payment_years", "x.yr, x.type, x.party_id, x.method, x.company_id",
		`SELECT substr(y.payment_date, 1, 4) AS yr, substr(y.payment_date, 6, 2) AS m, y.type, y.party_id, y.method, y.company_id,
        1 AS n, CASE WHEN y.approval_status = 'approved' THEN y.amount_cents ELSE 0 END AS a,
        CASE WHEN y.approval_status = 'pending' THEN y.amount_cents ELSE 0 END AS p
    FROM report_payments y`),
	"DELETE FROM report_payment_keys",
	keysRebuild(),
}

// keysRebuild is the statement that fills report_payment_keys from report_payment_years
// (migrations/20261203010000_reports_payment_keys' backfill): per key and block of five years,
// a bit per month whose year row counts payments (each year's 12 bits in a place of their own,
// so their sum is their union).
func keysRebuild() string {
	var bits []string
	for m := 1; m <= 12; m++ {
		bits = append(bits, fmt.Sprintf("CASE WHEN y.n_%02d > 0 THEN %d ELSE 0 END", m, 1<<(m-1)))
	}
	months := fmt.Sprintf("CAST((%s) AS BIGINT) << ((CAST(y.year AS INTEGER) %% %d) * 12)", strings.Join(bits, " + "), paymentKeyYears)
	block := fmt.Sprintf("CAST(y.year AS INTEGER) / %d", paymentKeyYears)
	return `INSERT INTO report_payment_keys (block, type, party_id, method, company_id, months)
SELECT ` + block + `, y.type, y.party_id, y.method, y.company_id, CAST(SUM(` + months + `) AS BIGINT)
FROM report_payment_years y
GROUP BY ` + block + `, y.type, y.party_id, y.method, y.company_id
HAVING SUM(` + months + `) <> 0`
}

// monthColumnsRebuild is the statement that fills table, report_payment_years from
// report_payments or report_payment_store_years from report_payment_party_days (their
// migrations' backfills, 20261202020000 and 20261204040000): per key (keys, x's columns in the
// table's key order) and year, each month's count, approved and pending amounts in its columns,
// written in the key's order (a year's rows together in the table). rows has x's columns: the
// key's (yr for the year), m (the month, MM), n, a and p (the figures).
func monthColumnsRebuild(table, keys, rows string) string {
	var cols, sums []string
	for m := 1; m <= 12; m++ {
		mm := fmt.Sprintf("%02d", m)
		cols = append(cols, "n_"+mm, "approved_"+mm+"_cents", "pending_"+mm+"_cents")
		for _, v := range []string{"n", "a", "p"} {
			sums = append(sums, "SUM(CASE WHEN x.m = '"+mm+"' THEN x."+v+" ELSE 0 END)")
		}
	}
	return `INSERT INTO ` + table + ` (` + strings.ReplaceAll(strings.ReplaceAll(keys, "x.yr", "year"), "x.", "") + `, ` + strings.Join(cols, ", ") + `)
SELECT ` + keys + `, ` + strings.Join(sums, ", ") + `
FROM (` + rows + `) AS x
GROUP BY ` + keys + `
ORDER BY ` + keys
}
