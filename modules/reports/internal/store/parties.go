package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"

	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/listing"
)

// This file is the party side: customers_report, suppliers_report and their statements. They
// read report_party_months (per company, type, party, month and store: the documents, their
// total, the approved payments and returns on them) and report_party_balances (the same summed
// over every month, and the due date of the oldest document that still owes), which the
// triggers of migrations/20261130010000_reports_party_months keep; and the days a range cuts
// out of a month from report_party_days (the same figures per day, 20261204010000).

// Movement is one line of a party's account: a document (kind purchase or sale) raising what
// is owed, or an approved payment or return lowering it.
type Movement struct {
	Kind        string `bun:"kind"`
	ID          int64  `bun:"id"`
	DocumentID  int64  `bun:"document_id"`
	PartyID     int64  `bun:"party_id"`
	Date        string `bun:"date"`
	DueDate     string `bun:"due_date"`
	Number      string `bun:"number"`
	AmountCents int64  `bun:"amount_cents"`
	// BalanceCents is a document's balance now (documents only).
	BalanceCents int64 `bun:"balance_cents"`
}

// Movement kinds besides the document types.
const (
	KindPayment = "payment"
	KindReturn  = "return"
)

// Movements returns the movements of the party typ partyID in f (scope, store, both dates) in
// date order — documents, then payments, then returns on one day — ids breaking ties. Only the
// approved payments and returns of the approved, live documents count, exactly what the
// documents' paid and returns hold (and what report_party_months sums).
func (s *Store) Movements(ctx context.Context, f Filter, typ string, partyID int64) ([]Movement, error) {
	var out []Movement
	// A compound SELECT written out: SQLite takes no parenthesised members (bun's UnionAll).
	err := s.db.NewRaw("SELECT m.* FROM ? AS m ORDER BY m.date, CASE m.kind WHEN 'payment' THEN 1 WHEN 'return' THEN 2 ELSE 0 END, m.id",
		s.movements(f, typ, partyID)).Scan(ctx, &out)
	return out, err
}

// movements is Movements' rows dated in f (partyID 0: every party's), unordered, as a
// parenthesised compound SELECT.
func (s *Store) movements(f Filter, typ string, partyID int64) *bun.RawQuery {
	docs := f.where(s.db.NewSelect().TableExpr("report_document_heads AS d"), "d", "doc_date").
		ColumnExpr("d.type AS kind, d.id, d.id AS document_id, d.party_id, d.doc_date AS date, d.due_date, d.number").
		ColumnExpr("d.total_cents AS amount_cents, d.balance_cents").Where("d.type = ?", typ)
	pays := f.where(s.db.NewSelect().TableExpr("report_payments AS y"), "y", "payment_date").
		ColumnExpr("'payment' AS kind, y.id, y.document_id, y.party_id, y.payment_date AS date, y.payment_date AS due_date").
		ColumnExpr("y.document_number AS number, y.amount_cents, 0 AS balance_cents").
		Where("y.type = ?", typ).Where("y.approval_status = 'approved'").Where("y.document_counted = 1")
	rets := f.where(s.db.NewSelect().TableExpr("report_returns AS r"), "r", "return_date").
		ColumnExpr("'return' AS kind, r.id, r.document_id, r.party_id, r.return_date AS date, r.return_date AS due_date").
		ColumnExpr("r.document_number AS number, r.amount_cents, 0 AS balance_cents").Where("r.type = ?", typ)
	if partyID != 0 {
		docs = docs.Where("d.party_id = ?", partyID)
		pays = pays.Where("y.party_id = ?", partyID)
		rets = rets.Where("r.party_id = ?", partyID)
	}
	return s.db.NewRaw("(? UNION ALL ? UNION ALL ?)", docs, pays, rets)
}

// PartyFigures are one party's movements summed: in a range (documents, their total, paid and
// returned), its balance at the range's end, and the due date of its oldest document that
// still owes something today ("" none).
type PartyFigures struct {
	PartyID      int64  `bun:"party_id"`
	Documents    int64  `bun:"documents"`
	TotalCents   int64  `bun:"total_cents"`
	PaidCents    int64  `bun:"paid_cents"`
	ReturnsCents int64  `bun:"returns_cents"`
	BalanceCents int64  `bun:"balance_cents"`
	OldestDue    string `bun:"oldest_due"`
}

// net is what the figures leave owed: documents − payments − returns.
func (p PartyFigures) net() int64 { return p.TotalCents - p.PaidCents - p.ReturnsCents }

// partyRows restricts sel on a party aggregate aliased alias to f's scope and store, typ and
// (partyID ≠ 0) one party.
func partyRows(sel *bun.SelectQuery, f Filter, alias, typ string, partyID int64) *bun.SelectQuery {
	sel = listing.Restrict(sel, f.Scope, alias+".company_id").Where(alias+".type = ?", typ)
	if f.StoreID != 0 {
		sel = sel.Where(alias+".store_id = ?", f.StoreID)
	}
	if partyID != 0 {
		sel = sel.Where(alias+".party_id = ?", partyID)
	}
	return sel
}

// months sums report_party_months per party over the months first..last (either "" : open).
func (s *Store) months(ctx context.Context, f Filter, typ string, partyID int64, first, last string) ([]PartyFigures, error) {
	sel := partyRows(s.db.NewSelect().TableExpr("report_party_months AS m"), f, "m", typ, partyID).
		ColumnExpr("m.party_id, SUM(m.n) AS documents, SUM(m.total_cents) AS total_cents").
		ColumnExpr("SUM(m.paid_cents) AS paid_cents, SUM(m.returns_cents) AS returns_cents").GroupExpr("m.party_id")
	if first != "" {
		sel = sel.Where("m.month >= ?", first)
	}
	if last != "" {
		sel = sel.Where("m.month <= ?", last)
	}
	var out []PartyFigures
	return out, sel.Scan(ctx, &out)
}

// days sums the movements dated from..to per party, one by one (the days a range cuts out of
// a month).
func (s *Store) days(ctx context.Context, f Filter, typ string, partyID int64, from, to string) ([]PartyFigures, error) {
	var out []PartyFigures
	err := s.db.NewRaw(`SELECT d.party_id, SUM(d.documents) AS documents, SUM(d.total_cents) AS total_cents,
		SUM(d.paid_cents) AS paid_cents, SUM(d.returns_cents) AS returns_cents FROM (?) AS d GROUP BY d.party_id`,
		s.dayRows(f, typ, partyKey(partyID), from, to, inRange)).Scan(ctx, &out)
	return out, err
}

// dayPart says what a run of report_party_days rows counts for in a party list.
type dayPart int

const (
	// inRange: the range's figures only.
	inRange dayPart = iota
	// inRangeToEnd: the range's figures, and what they move the balance at its end by — the
	// run that ends the range when its balance is read from the end of the month before.
	inRangeToEnd
	// beforeRange: only what they move the balance by — the days of the range's last month
	// before the range, when its balance is read from the end of the month before.
	beforeRange
	// afterRange: only what they move the balance by, negative — the days of the range's
	// last month after its end, when its balance is read from that month's end.
	afterRange
)

// partyKey is one party's id as the SQL a statement's party argument takes ("" for 0: every
// party).
func partyKey(partyID int64) string {
	if partyID == 0 {
		return ""
	}
	return strconv.FormatInt(partyID, 10)
}

// dayRows are the figures of the parties of typ (party, when not "", the SQL of one party's id:
// a number or an outer query's column) on the days from..to in f's scope and store, from
// report_party_days (one row per party, day and store), in a party list's columns (party_id,
// documents, total_cents, paid_cents, returns_cents, balance_cents, oldest_due), counted as part
// says.
func (s *Store) dayRows(f Filter, typ, party, from, to string, part dayPart) *bun.SelectQuery {
	sel := partyRows(s.db.NewSelect().TableExpr("report_party_days AS d"), f, "d", typ, 0).Where("d.day BETWEEN ? AND ?", from, to)
	if party != "" {
		sel = sel.Where("d.party_id = " + party)
	}
	figures, balance := "d.n AS documents, d.total_cents, d.paid_cents, d.returns_cents", "0"
	if part == beforeRange || part == afterRange {
		figures = "0 AS documents, 0 AS total_cents, 0 AS paid_cents, 0 AS returns_cents"
	}
	switch part {
	case inRangeToEnd, beforeRange:
		balance = "d.total_cents - d.paid_cents - d.returns_cents"
	case afterRange:
		balance = "d.paid_cents + d.returns_cents - d.total_cents"
	}
	return sel.ColumnExpr("d.party_id, " + figures + ", " + balance + " AS balance_cents, '' AS oldest_due")
}

// balanceFrom says where a party list over from..to reads its balances at the range's end:
// at the end of the month it returns (YYYY-MM), then plus the days that month's start (before
// the range: before) and the range's last run of days carry (toEnd), or less the days after the
// range's end in its month (after). Whichever reads fewer days: the days after the end (to the
// month's end), or those before the range in its last month (none when the range starts before
// that month: its last run of days begins on the 1st).
type balanceFrom struct {
	Month         string
	Before, After [2]string // "" none
	ToEnd         bool
}

func balanceFromOf(from, to string) balanceFrom {
	end := monthEnd(to)
	if to == end {
		return balanceFrom{Month: to[:7]}
	}
	first := to[:8] + "01"
	// Days after the end, against the days of the end's month before the range.
	after, before := daysBetween(to, end), 0
	if from > first {
		before = daysBetween(first, from)
	}
	if before >= after {
		return balanceFrom{Month: to[:7], After: [2]string{dayAfter(to), end}}
	}
	b := balanceFrom{Month: addMonths(to[:7], -1), ToEnd: true}
	if before > 0 {
		b.Before = [2]string{first, dayBefore(from)}
	}
	return b
}

// PartyRow is one row of customers_report or suppliers_report: a party, its name and figures.
type PartyRow struct {
	PartyFigures
	Name string
}

// PartyTotals are a party list's figures over every row of the range (BalanceCents: Σ the
// balances at its end) and how many rows there are.
type PartyTotals struct {
	PartyFigures
	Rows int
}

// partySorts are the party lists' column keys as sort expressions: days past due sort as the
// date they count from (today when nothing is overdue), the other way round.
var partySorts = map[string]sortable{
	"party_name": {expr: "party_name"}, "documents": {expr: "g.documents"}, "total_cents": {expr: "g.total_cents"},
	"paid_cents": {expr: "g.paid_cents"}, "returns_cents": {expr: "g.returns_cents"}, "balance_cents": {expr: "g.balance_cents"},
	"oldest_overdue_days": {expr: "overdue_since", reversed: true},
}

// PartyRows calls fn with the rows of the party list of typ over f — every party with a
// movement in f's range or a balance at its end: its documents and their total, paid and
// returned in the range, its balance at the range's end and the due date of its oldest document
// that still owes today ("" none) — in o's order (its own: by name, then id), those of w only,
// and answers the totals of every row. today is the business date (overdue days).
//
// The sums per party are read from the aggregates, never from every movement (partySums).
func (s *Store) PartyRows(ctx context.Context, f Filter, typ, today string, o Order, w Window, fn func(PartyRow) error) (PartyTotals, error) {
	order, err := orderBy(o, partySorts, "party_name, g.party_id")
	if err != nil {
		return PartyTotals{}, err
	}
	// For one store the rows carry their oldest due date (report_party_balances'). For every
	// store it is report_party_totals': joined to every row when the list sorts by it, else to
	// the page's rows only (after the LIMIT), as most requests sort by name.
	due, join, args := "g.oldest_due", "", []any{}
	late := f.StoreID == 0 && o.Key != "oldest_overdue_days"
	if f.StoreID == 0 && !late {
		due, join, args = "COALESCE(d.oldest_due, '')", "\nLEFT JOIN report_party_totals AS d ON d.type = ? AND d.party_id = g.party_id", []any{typ}
	}
	inner := s.db.NewRaw(fmt.Sprintf(`SELECT g.party_id, COALESCE(p.name, '') AS party_name, g.documents, g.total_cents, g.paid_cents,
    g.returns_cents, g.balance_cents, %[1]s AS oldest_due, CASE WHEN %[1]s = '' OR %[1]s >= ? THEN ? ELSE %[1]s END AS overdue_since,
    COUNT(*) OVER () AS row_count, SUM(g.documents) OVER () AS sum_documents, SUM(g.total_cents) OVER () AS sum_total,
    SUM(g.paid_cents) OVER () AS sum_paid, SUM(g.returns_cents) OVER () AS sum_returns, SUM(g.balance_cents) OVER () AS sum_balance
FROM (?) AS g
LEFT JOIN report_party_names AS p ON p.type = ? AND p.id = g.party_id%[2]s`, due, join)+order,
		append([]any{today, today, s.partySums(f, typ), typ}, args...)...)
	q := limitAtEnd(inner)
	if late {
		q = func(w Window) string {
			return s.db.NewRaw(`SELECT w.party_id, w.party_name, w.documents, w.total_cents, w.paid_cents, w.returns_cents, w.balance_cents,
    COALESCE(d.oldest_due, '') AS oldest_due, w.overdue_since, w.row_count, w.sum_documents, w.sum_total, w.sum_paid, w.sum_returns,
    w.sum_balance
FROM (?) AS w
LEFT JOIN report_party_totals AS d ON d.type = ? AND d.party_id = w.party_id`+strings.ReplaceAll(order, "g.", "w."),
				bun.Safe(inner.String()+limit(w)), typ).String()
		}
	}
	switch {
	case s.byName(f, o):
		q = s.partiesByName(f, typ, o.Desc)
	case s.byFigure(o):
		q = s.partiesByFigure(f, typ, o, order, q)
	}
	var t PartyTotals
	var r PartyRow
	var since string
	read := func(rows *sql.Rows) error {
		return rows.Scan(&r.PartyID, &r.Name, &r.Documents, &r.TotalCents, &r.PaidCents, &r.ReturnsCents, &r.BalanceCents, &r.OldestDue,
			&since, &t.Rows, &t.Documents, &t.TotalCents, &t.PaidCents, &t.ReturnsCents, &t.BalanceCents)
	}
	err = s.windowed(ctx, q, w, read, func() error { return fn(r) })
	return t, err
}

// byName tells whether PartyRows answers f in o by partiesByName: every store, by name (the
// lists' own order), on PostgreSQL (SQLite has no LATERAL).
func (s *Store) byName(f Filter, o Order) bool {
	return f.StoreID == 0 && (o.Key == "" || o.Key == "party_name") && s.db.Dialect().Name() == dialect.PG
}

// byFigure tells whether PartyRows answers o by partiesByFigure: a sort by a figure of the
// rows themselves (not the name, not the days past due, which need a join to every row), on
// PostgreSQL (SQLite has no FETCH ... WITH TIES).
func (s *Store) byFigure(o Order) bool {
	return o.Key != "" && o.Key != "party_name" && o.Key != "oldest_overdue_days" && s.db.Dialect().Name() == dialect.PG
}

// partiesByFigure is PartyRows' statement for a byFigure request (all: the general one, which
// answers an export's every row): the count and totals of every row are summed apart from the
// page (no window aggregates over rows joined to their names), and only the rows up to the
// page's end in the figure's order — with those that tie with the last of them, as ties sort by
// name — are joined to their names and sorted again for the page. At 1,000,000 sales that is
// 10 ms of PostgreSQL's CPU for a month sorted by balance, against 22 ms for every customer
// joined to its name, summed over and sorted.
func (s *Store) partiesByFigure(f Filter, typ string, o Order, order string, all paged) paged {
	c := partySorts[o.Key]
	due, join, args := "g.oldest_due", "", []any{s.partySums(f, typ), typ}
	if f.StoreID == 0 {
		// Every store's rows carry no due date: report_party_totals', for the page's rows.
		due, join = "COALESCE(d.oldest_due, '')", "\nLEFT JOIN report_party_totals AS d ON d.type = ? AND d.party_id = g.party_id"
		args = append(args, typ)
	}
	return func(w Window) string {
		if w.Limit <= 0 {
			return all(w)
		}
		return s.db.NewRaw(fmt.Sprintf(`WITH g AS MATERIALIZED (?),
tot AS MATERIALIZED (%[1]s),
top AS MATERIALIZED (SELECT * FROM g ORDER BY %[2]s %[3]s FETCH FIRST %[4]d ROWS WITH TIES)
SELECT g.party_id, COALESCE(p.name, '') AS party_name, g.documents, g.total_cents, g.paid_cents, g.returns_cents, g.balance_cents,
    %[5]s AS oldest_due, '', tot.row_count, tot.sum_documents, tot.sum_total, tot.sum_paid, tot.sum_returns, tot.sum_balance
FROM top AS g CROSS JOIN tot
LEFT JOIN report_party_names AS p ON p.type = ? AND p.id = g.party_id%[6]s`, s.partyTotals("g"), c.expr, c.dir(o), w.Offset+w.Limit,
			due, join)+order+limit(w), args...).String()
	}
}

// partyTotals is the statement of a party list's count and totals (row_count, sum_documents,
// sum_total, sum_paid, sum_returns, sum_balance; zeros for no rows) over rel, an SQL relation of
// its rows in PartyRows' columns: what partiesByName and partiesByFigure sum apart from the page.
func (s *Store) partyTotals(rel string) string {
	sum := func(col string) string { return "COALESCE(" + s.sum("g."+col) + ", 0)" }
	return "SELECT COUNT(*) AS row_count, " + sum("documents") + " AS sum_documents, " + sum("total_cents") + " AS sum_total, " +
		sum("paid_cents") + " AS sum_paid, " + sum("returns_cents") + " AS sum_returns, " + sum("balance_cents") +
		" AS sum_balance FROM " + rel + " AS g"
}

// partiesByName is PartyRows' statement for a byName request: the parties are walked in name
// order (report_customers_name_idx, report_suppliers_name_idx: migrations/20261202010100),
// each party's row read by key (partyOf) until the page is full, and the count and totals of
// every row summed apart (partySums) in the same statement — instead of every party's row
// joined to its name and sorted for 50 of them.
func (s *Store) partiesByName(f Filter, typ string, desc bool) paged {
	dir := ""
	if desc {
		dir = " DESC"
	}
	scope := ""
	if !f.Scope.All {
		scope = fmt.Sprintf(" AND c.company_id = %d", f.Scope.CompanyID)
	}
	return func(w Window) string {
		return s.db.NewRaw(`WITH tot AS MATERIALIZED (`+s.partyTotals("(?)")+`)
SELECT c.id, c.name, x.documents, x.total_cents, x.paid_cents, x.returns_cents, x.balance_cents, COALESCE(d.oldest_due, ''), '',
    tot.row_count, tot.sum_documents, tot.sum_total, tot.sum_paid, tot.sum_returns, tot.sum_balance
FROM report_party_names AS c CROSS JOIN LATERAL (?) AS x CROSS JOIN tot
LEFT JOIN report_party_totals AS d ON d.type = c.type AND d.party_id = c.id
WHERE c.type = ?`+scope+` AND (x.documents <> 0 OR x.paid_cents <> 0 OR x.returns_cents <> 0 OR x.balance_cents <> 0)
ORDER BY c.name`+dir+`, c.id`+limit(w), s.partySums(f, typ), s.partyOf(f, typ, "c.id"), typ).String()
	}
}

// partyOf is partySums' row of one party (party: the SQL of its id, an outer query's column),
// oldest_due empty: its running rows and, when the range cuts days, its days (cutDays) summed —
// read by key, a handful of rows. It answers no row, or one of zeros, for a party with nothing
// to show.
func (s *Store) partyOf(f Filter, typ, party string) *bun.RawQuery {
	parts := s.everyStore(f, typ, party)
	if len(parts) == 1 {
		return parts[0].(*bun.RawQuery)
	}
	return s.db.NewRaw(`SELECT COALESCE(SUM(u.documents), 0) AS documents, COALESCE(SUM(u.total_cents), 0) AS total_cents,
        COALESCE(SUM(u.paid_cents), 0) AS paid_cents, COALESCE(SUM(u.returns_cents), 0) AS returns_cents,
        COALESCE(SUM(u.balance_cents), 0) AS balance_cents
    FROM (?) AS u`, s.unionAll(parts))
}

// everyStore are the rows whose sums per party are the party list of typ over f for every
// store (party: as partyRunning's): the running rows (partyRunning), then the cut days (cutDays).
func (s *Store) everyStore(f Filter, typ, party string) []any {
	sp, b := spanOf(f.From, f.To), balanceFromOf(f.From, f.To)
	return append([]any{s.partyRunning(f, typ, sp, b.Month, party)}, s.cutDays(f, typ, party, sp, b)...)
}

// partySums is the party list of typ over f, one row per party in PartyRows' columns (party_id,
// documents, total_cents, paid_cents, returns_cents, balance_cents, oldest_due), the parties
// that moved nothing in the range and owe nothing at its end left out.
//
// For every store (the usual request) each party's range of whole months is its
// report_party_running row of the last month less its row of the first before that month's own
// movements, and its balance at the end of a month its row of that month (report_party_totals,
// one row per party, joined to at most three of its running rows by key; a month's range reads
// one): what is read is bounded by the parties, whatever the range's length or the number of
// documents. For one store, the store's rows of report_party_months and report_party_balances
// (partyParts). The days of the months the range cuts come from report_party_days, and so do the
// days that move the balance at the end of a month to the range's end (cutDays: the days after
// the end, or those of its month before it, whichever is fewer — a range that starts before
// its last month reads its balance at the end of the month before plus its last run of days,
// no more days than its own).
func (s *Store) partySums(f Filter, typ string) *bun.RawQuery {
	var parts []any
	if f.StoreID == 0 {
		parts = s.everyStore(f, typ, "")
	} else {
		sp, b := spanOf(f.From, f.To), balanceFromOf(f.From, f.To)
		parts = append(s.partyParts(f, typ, sp, b.Month), s.cutDays(f, typ, "", sp, b)...)
	}
	if len(parts) == 1 {
		// One row per party already: no grouping.
		return s.db.NewRaw(`SELECT u.* FROM (?) AS u
    WHERE u.documents <> 0 OR u.paid_cents <> 0 OR u.returns_cents <> 0 OR u.balance_cents <> 0`, parts[0])
	}
	documents, paid, returns, balance := s.sum("u.documents"), s.sum("u.paid_cents"), s.sum("u.returns_cents"), s.sum("u.balance_cents")
	return s.db.NewRaw(`SELECT u.party_id, `+documents+` AS documents, `+s.sum("u.total_cents")+` AS total_cents, `+paid+` AS paid_cents,
        `+returns+` AS returns_cents, `+balance+` AS balance_cents, COALESCE(MIN(NULLIF(u.oldest_due, '')), '') AS oldest_due
    FROM (?) AS u GROUP BY u.party_id
    HAVING `+documents+` <> 0 OR `+paid+` <> 0 OR `+returns+` <> 0 OR `+balance+` <> 0`, s.unionAll(parts))
}

// cutDays are the rows of the days of sp (the range's cut months) and of the days b adds to or
// takes from the balances at its month's end, for partySums (party: as dayRows').
func (s *Store) cutDays(f Filter, typ, party string, sp span, b balanceFrom) []any {
	var parts []any
	for i, d := range sp.Days {
		if b.ToEnd && i == len(sp.Days)-1 {
			// The run that ends the range moves its balance from the end's month's first day
			// on: a run across two months (no whole month between them) is split there.
			if first := d[1][:8] + "01"; d[0] < first {
				parts = append(parts, s.dayRows(f, typ, party, d[0], dayBefore(first), inRange))
				d[0] = first
			}
			parts = append(parts, s.dayRows(f, typ, party, d[0], d[1], inRangeToEnd))
			continue
		}
		parts = append(parts, s.dayRows(f, typ, party, d[0], d[1], inRange))
	}
	if b.Before[0] != "" {
		parts = append(parts, s.dayRows(f, typ, party, b.Before[0], b.Before[1], beforeRange))
	}
	if b.After[0] != "" {
		parts = append(parts, s.dayRows(f, typ, party, b.After[0], b.After[1], afterRange))
	}
	return parts
}

// partyRunning is one row per party of typ in f's scope (every store) in PartyRows' columns
// (oldest_due empty): the figures of sp's whole months (none: zeros) and the balance at the end of
// month end (YYYY-MM: f.To's, or the one before, balanceFromOf), from the parties' report_party_running rows of the range's first and last months
// and report_party_totals. A party has a running row for every month from its first to its last
// (report_party_totals.last_month); no row for a month means none moved yet (before its first:
// zeros) or it moved no more (after its last: it stands as today, its totals). party, when not
// "", is the SQL of one party's id (an outer query's column): that party's row only.
func (s *Store) partyRunning(f Filter, typ string, sp span, end, party string) *bun.RawQuery {
	if sp.First == "" || (sp.First == end && sp.Last == end) {
		return s.partyMonth(f, typ, end, sp.First != "", party)
	}
	var joins strings.Builder
	var sel, on []any // the placeholders' values of the select list and of the joins, in the text's order
	aliases := map[string]string{}
	// figure is the running figure col of every party at the end of month (YYYY-MM) — or, before,
	// at the end of the month before it: the row's figure less the month's own — joining its row.
	figure := func(month, col string, before bool) string {
		a, ok := aliases[month]
		if !ok {
			a = fmt.Sprintf("r%d", len(aliases))
			aliases[month] = a
			fmt.Fprintf(&joins, "\nLEFT JOIN report_party_running AS %[1]s ON %[1]s.type = t.type AND %[1]s.party_id = t.party_id"+
				" AND %[1]s.company_id = t.company_id AND %[1]s.month = ?", a)
			on = append(on, month)
		}
		sel = append(sel, month)
		row := a + "." + col
		if before {
			row += " - " + a + ".month_" + col
		}
		return fmt.Sprintf("COALESCE(%s, CASE WHEN t.last_month < ? THEN t.%s ELSE 0 END)", row, col)
	}
	figures := make([]string, 4)
	for i, c := range []string{"n", "total_cents", "paid_cents", "returns_cents"} {
		figures[i] = figure(sp.Last, c, false) + " - " + figure(sp.First, c, true)
	}
	balance := figure(end, "total_cents", false) + " - " + figure(end, "paid_cents", false) + " - " + figure(end, "returns_cents", false)
	q := fmt.Sprintf(`SELECT t.party_id, %s AS documents, %s AS total_cents, %s AS paid_cents, %s AS returns_cents,
    %s AS balance_cents, '' AS oldest_due
FROM report_party_totals AS t%s
WHERE t.type = ?`, figures[0], figures[1], figures[2], figures[3], balance, joins.String())
	args := append(append(sel, on...), typ)
	if !f.Scope.All {
		q += " AND t.company_id = ?"
		args = append(args, f.Scope.CompanyID)
	}
	if party != "" {
		q += " AND t.party_id = " + party
	}
	return s.db.NewRaw(q, args...)
}

// partyMonth is partyRunning for a range whose figures are the month's own (whole: the month
// is the range) or none (whole false: the range cuts it, its days are read apart): each party's
// running row of the month, or, for a party that moved no more since an earlier month, its
// balance today (report_party_totals) — no join: every party is in one part or the other, or
// in neither (its first movement is later: nothing to show).
func (s *Store) partyMonth(f Filter, typ, month string, whole bool, party string) *bun.RawQuery {
	figures := "0 AS documents, 0 AS total_cents, 0 AS paid_cents, 0 AS returns_cents"
	if whole {
		figures = "r.month_n AS documents, r.month_total_cents AS total_cents, r.month_paid_cents AS paid_cents, " +
			"r.month_returns_cents AS returns_cents"
	}
	running := listing.Restrict(s.db.NewSelect().TableExpr("report_party_running AS r"), f.Scope, "r.company_id").
		ColumnExpr("r.party_id, "+figures+", r.total_cents - r.paid_cents - r.returns_cents AS balance_cents, '' AS oldest_due").
		Where("r.type = ?", typ).Where("r.month = ?", month)
	if !whole {
		// Only the balance counts: a settled party adds nothing to what its days sum to.
		running = running.Where("r.total_cents - r.paid_cents - r.returns_cents <> 0")
	}
	before := listing.Restrict(s.db.NewSelect().TableExpr("report_party_totals AS t"), f.Scope, "t.company_id").
		ColumnExpr("t.party_id, 0, 0, 0, 0, t.total_cents - t.paid_cents - t.returns_cents, ''").
		Where("t.type = ?", typ).Where("t.last_month < ?", month).Where("t.total_cents - t.paid_cents - t.returns_cents <> 0")
	if party != "" {
		running, before = running.Where("r.party_id = "+party), before.Where("t.party_id = "+party)
	}
	return s.db.NewRaw("? UNION ALL ?", running, before)
}

// partyParts are the rows whose sums per party are the party list of typ over f for f's store
// (PartyRows' columns), but for the cut days (cutDays): the range's whole months, the store's
// balances today and oldest due dates, and what the months after end (YYYY-MM) moved the
// balances by (negative) — the balances at end's end.
func (s *Store) partyParts(f Filter, typ string, sp span, end string) []any {
	months := func(first, last string, after bool) *bun.SelectQuery {
		sel := partyRows(s.db.NewSelect().TableExpr("report_party_months AS m"), f, "m", typ, 0)
		// Rows that add nothing are left out before the sums (a document's month keeps a row
		// of zeros when it goes; a settled month moves no balance).
		if after {
			sel = sel.ColumnExpr("m.party_id, 0 AS documents, 0 AS total_cents, 0 AS paid_cents, 0 AS returns_cents").
				ColumnExpr("m.paid_cents + m.returns_cents - m.total_cents AS balance_cents, '' AS oldest_due").
				Where("m.paid_cents + m.returns_cents - m.total_cents <> 0")
		} else {
			sel = sel.ColumnExpr("m.party_id, m.n AS documents, m.total_cents, m.paid_cents, m.returns_cents").
				ColumnExpr("0 AS balance_cents, '' AS oldest_due").
				Where("m.n <> 0 OR m.total_cents <> 0 OR m.paid_cents <> 0 OR m.returns_cents <> 0")
		}
		if first != "" {
			sel = sel.Where("m.month >= ?", first)
		}
		if last != "" {
			sel = sel.Where("m.month <= ?", last)
		}
		return sel
	}
	var parts []any
	if sp.First != "" {
		parts = append(parts, months(sp.First, sp.Last, false))
	}
	// Most parties owe nothing (at 100,000 sales, 8,201 of 29,509 customer-store rows owe or
	// hold a document that does): the others add nothing.
	parts = append(parts, partyRows(s.db.NewSelect().TableExpr("report_party_balances AS b"), f, "b", typ, 0).
		ColumnExpr("b.party_id, 0 AS documents, 0 AS total_cents, 0 AS paid_cents, 0 AS returns_cents, b.balance_cents, b.oldest_due").
		Where("b.balance_cents <> 0 OR b.oldest_due <> ''"),
		months(addMonths(end, 1), "", true))
	return parts
}

// Opening is the party typ partyID's balance at the start of day f.From (f's scope and store):
// every month before From's month, and the days of that month before From.
func (s *Store) Opening(ctx context.Context, f Filter, typ string, partyID int64) (int64, error) {
	before, err := s.months(ctx, f, typ, partyID, "", addMonths(f.From[:7], -1))
	if err != nil {
		return 0, err
	}
	if f.From[8:] != "01" {
		prev, err := calendar.ParseDate(f.From)
		if err != nil {
			return 0, err
		}
		days, err := s.days(ctx, f, typ, partyID, f.From[:7]+"-01", prev.AddDate(0, 0, -1).Format(calendar.DateLayout))
		if err != nil {
			return 0, err
		}
		before = append(before, days...)
	}
	var balance int64
	for _, p := range before {
		balance += p.net()
	}
	return balance, nil
}

// Open returns the approved documents of the party typ partyID in f's scope and store (f's
// dates are ignored) that still owe something today, as movements of kind typ: a statement's
// ageing (report_purchases_party_open_idx, report_sales_party_open_idx).
func (s *Store) Open(ctx context.Context, f Filter, typ string, partyID int64) ([]Movement, error) {
	var out []Movement
	err := Filter{Scope: f.Scope, StoreID: f.StoreID}.where(s.db.NewSelect().TableExpr("report_document_heads AS d"), "d", "doc_date").
		ColumnExpr("d.type AS kind, d.id, d.id AS document_id, d.party_id, d.doc_date AS date, d.due_date, d.number").
		ColumnExpr("d.total_cents AS amount_cents, d.balance_cents").
		Where("d.type = ?", typ).Where("d.party_id = ?", partyID).Where("d.balance_cents > 0").Scan(ctx, &out)
	return out, err
}

// AgeingFigures are one party's documents past due today with a balance: how many, their
// balances by days past due, the oldest one's due date, and the party's name (archived
// parties' too: report_party_names).
type AgeingFigures struct {
	PartyID         int64  `bun:"party_id"`
	Name            string `bun:"party_name"`
	Documents       int64  `bun:"documents"`
	Days1To30Cents  int64  `bun:"days_1_30_cents"`
	Days31To60Cents int64  `bun:"days_31_60_cents"`
	Days61To90Cents int64  `bun:"days_61_90_cents"`
	Over90Cents     int64  `bun:"over_90_cents"`
	OldestDue       string `bun:"oldest_due"`
}

// Ageing sums, per party, the approved documents of typ in f's scope and store (f's dates are
// ignored) that still owe something and were due before today, by days past due (1–30, 31–60,
// 61–90, over 90), and gives the oldest one's due date. Only purchases are kept for it
// (report_payable_dues, migrations/20261202030000_reports_payable_dues): each bucket is the
// difference of two "due on or after x" sums (dueFromOf) and over 90 the supplier's total less
// what is due from today − 90 on, so that a request reads per supplier one total, the months
// from today − 90 on and the days of the four months the boundaries cut (the shorter side of
// each) — a bound in suppliers × days, whatever the number of purchases. The oldest due date is
// report_party_balances' (the oldest document that still owes: when one is past due, it is).
func (s *Store) Ageing(ctx context.Context, f Filter, typ, today string) ([]AgeingFigures, error) {
	var out []AgeingFigures
	if typ != Purchase {
		return out, fmt.Errorf("reports: no ageing is kept for %q", typ)
	}
	t, err := calendar.ParseDate(today)
	if err != nil {
		return nil, err
	}
	// from[0..3]: due on or after today − 90, − 60, − 30 and today.
	var from [4]dueFrom
	for i, n := range []int{90, 60, 30, 0} {
		from[i] = dueFromOf(t.AddDate(0, 0, -n))
	}
	// Every part is one index range whose rows count the same way, so that the sums are plain
	// column sums (comparing each row's due date per boundary in the sums cost more than
	// reading the rows): tn and tc the totals' count and balance, s0..s3 the balance due on or
	// after from[0..3] (a run of days that is taken back counts negative), n3 the count due
	// from today.
	part := func(tn, tc int, due [4]int, n3 int) *bun.SelectQuery {
		return listing.Restrict(s.db.NewSelect().TableExpr("report_payable_dues AS r"), f.Scope, "r.company_id").
			ColumnExpr("r.company_id, r.party_id").
			ColumnExpr(fmt.Sprintf("%d * r.n AS tn, %d * r.balance_cents AS tc, %d * r.balance_cents AS s0, %d * r.balance_cents AS s1, "+
				"%d * r.balance_cents AS s2, %d * r.balance_cents AS s3, %d * r.n AS n3", tn, tc, due[0], due[1], due[2], due[3], n3)).
			Where("r.store_id = ?", f.StoreID)
	}
	parts := []*bun.SelectQuery{part(1, 1, [4]int{}, 0).Where("r.grain = 't'")}
	// The months from from[k].Month up to the next boundary's count for from[0..k].
	for k := range from {
		var in [4]int
		for i := range k + 1 {
			in[i] = 1
		}
		sel := part(0, 0, in, in[3]).Where("r.grain = 'm' AND r.due >= ?", from[k].Month)
		if k < len(from)-1 {
			if from[k+1].Month == from[k].Month {
				continue
			}
			sel = sel.Where("r.due < ?", from[k+1].Month)
		}
		parts = append(parts, sel)
	}
	// The days of each boundary's month: each run lies in its boundary's month, and two
	// boundaries 30 days apart share a month only as its 1st (no run) and its 31st, so the runs
	// never overlap and each row is read once.
	for k, d := range from {
		if d.From == "" {
			continue
		}
		var in [4]int
		in[k] = d.Sign
		parts = append(parts, part(0, 0, in, in[3]).Where("r.grain = 'd' AND r.due BETWEEN ? AND ?", d.From, d.To))
	}
	// A compound SELECT written out: SQLite takes no parenthesised members (bun's UnionAll).
	expr, args := "?", []any{parts[0]}
	for _, p := range parts[1:] {
		expr, args = expr+" UNION ALL ?", append(args, p)
	}
	// The oldest due dates in one read of the suppliers' balances (a lookup per supplier cost
	// more than the sums: ~0.1 ms each, five store rows apiece, at 100,000 purchases).
	oldest := listing.Restrict(s.db.NewSelect().TableExpr("report_party_balances AS b"), f.Scope, "b.company_id").
		ColumnExpr("b.company_id, b.party_id, MIN(b.oldest_due) AS oldest_due").
		Where("b.type = ?", Purchase).Where("b.oldest_due <> ''").GroupExpr("b.company_id, b.party_id")
	if f.StoreID != 0 {
		oldest = oldest.Where("b.store_id = ?", f.StoreID)
	}
	// Each bucket is the difference of two sums: over 90 the total less due from today − 90 on,
	// then each "due from" less the next.
	q := s.db.NewRaw("SELECT a.party_id, a.documents, a.days_1_30_cents, a.days_31_60_cents, a.days_61_90_cents, a.over_90_cents, "+
		"COALESCE(o.oldest_due, '') AS oldest_due, COALESCE(n.name, '') AS party_name FROM (SELECT r.company_id, r.party_id, "+
		"SUM(r.tn) - SUM(r.n3) AS documents, SUM(r.tc) - SUM(r.s0) AS over_90_cents, SUM(r.s0) - SUM(r.s1) AS days_61_90_cents, "+
		"SUM(r.s1) - SUM(r.s2) AS days_31_60_cents, SUM(r.s2) - SUM(r.s3) AS days_1_30_cents "+
		"FROM ("+expr+") AS r GROUP BY r.company_id, r.party_id) AS a "+
		"LEFT JOIN (?) AS o ON o.company_id = a.company_id AND o.party_id = a.party_id "+
		"LEFT JOIN report_party_names AS n ON n.type = 'purchase' AND n.id = a.party_id WHERE a.documents > 0", append(args, oldest)...)
	err = s.serially(ctx, func(ctx context.Context, db bun.IDB) error { return db.NewRaw(q.String()).Scan(ctx, &out) })
	return out, err
}

// dueFrom is how "what is due on or after a day" is read from report_payable_dues: the month
// rows from Month on, plus (Sign 1) or less (Sign −1) the day rows From..To ("" none).
type dueFrom struct {
	Month    string
	From, To string
	Sign     int
}

// dueFromOf reads "due on or after x" by the shorter side of x's month: the months after it
// and its days from x to its end, or the months from it less its days before x.
func dueFromOf(x time.Time) dueFrom {
	first := time.Date(x.Year(), x.Month(), 1, 0, 0, 0, 0, x.Location())
	next := first.AddDate(0, 1, 0)
	last := next.AddDate(0, 0, -1)
	if before, after := x.Day()-1, last.Day()-x.Day()+1; before < after {
		d := dueFrom{Month: first.Format("2006-01"), Sign: -1}
		if before > 0 {
			d.From, d.To = first.Format(calendar.DateLayout), x.AddDate(0, 0, -1).Format(calendar.DateLayout)
		}
		return d
	}
	return dueFrom{Month: next.Format("2006-01"), From: x.Format(calendar.DateLayout), To: last.Format(calendar.DateLayout), Sign: 1}
}

// duesRebuild is report_payable_dues computed afresh from report_document_heads — what
// 20261202030000_reports_payable_dues' backfill writes and its trigger keeps.
var duesRebuild = []string{
	"DELETE FROM report_payable_dues",
	`INSERT INTO report_payable_dues (store_id, grain, due, company_id, party_id, n, balance_cents)
SELECT CASE WHEN s.every = 1 THEN 0 ELSE d.store_id END, g.grain,
    CASE g.grain WHEN 't' THEN '' WHEN 'm' THEN substr(d.due_date, 1, 7) ELSE d.due_date END,
    d.company_id, d.party_id, COUNT(*), SUM(d.balance_cents)
FROM report_document_heads d, (SELECT 0 AS every UNION ALL SELECT 1) AS s,
    (SELECT 't' AS grain UNION ALL SELECT 'm' UNION ALL SELECT 'd') AS g
WHERE d.type = 'purchase' AND d.balance_cents > 0
GROUP BY CASE WHEN s.every = 1 THEN 0 ELSE d.store_id END, g.grain,
    CASE g.grain WHEN 't' THEN '' WHEN 'm' THEN substr(d.due_date, 1, 7) ELSE d.due_date END, d.company_id, d.party_id`,
}

// partyRebuild is report_party_days, report_party_months and report_party_balances computed
// afresh from the views — what the migrations' backfills write and the triggers keep from then
// on. The months are summed from the days and the balances from the months after these are
// written (the days' and months' triggers, when they run, filled them already: they are cleared
// again), so that each is the sum of the finer one whether the triggers are on or off.
var partyRebuild = []string{
	"DELETE FROM report_party_days",
	`INSERT INTO report_party_days (company_id, type, party_id, day, store_id, n, total_cents, paid_cents, returns_cents)
SELECT m.company_id, m.type, m.party_id, m.day, m.store_id, SUM(m.n), SUM(m.total_cents), SUM(m.paid_cents), SUM(m.returns_cents) FROM (
    SELECT d.company_id, d.type, d.party_id, substr(d.doc_date, 1, 10) AS day, d.store_id, 1 AS n, d.total_cents,
        0 AS paid_cents, 0 AS returns_cents
    FROM report_document_heads d
    UNION ALL
    SELECT y.company_id, y.type, y.party_id, substr(y.payment_date, 1, 10), y.store_id, 0, 0, y.amount_cents, 0
    FROM report_payments y WHERE y.approval_status = 'approved' AND y.document_counted = 1
    UNION ALL
    SELECT r.company_id, r.type, r.party_id, substr(r.return_date, 1, 10), r.store_id, 0, 0, 0, r.amount_cents
    FROM report_returns r) AS m
GROUP BY m.company_id, m.type, m.party_id, m.day, m.store_id`,
	"DELETE FROM report_party_months",
	`INSERT INTO report_party_months (company_id, type, party_id, month, store_id, n, total_cents, paid_cents, returns_cents)
SELECT d.company_id, d.type, d.party_id, substr(d.day, 1, 7), d.store_id, SUM(d.n), SUM(d.total_cents), SUM(d.paid_cents), SUM(d.returns_cents)
FROM report_party_days d GROUP BY d.company_id, d.type, d.party_id, substr(d.day, 1, 7), d.store_id`,
	"DELETE FROM report_party_balances",
	`INSERT INTO report_party_balances (company_id, type, party_id, store_id, n, balance_cents, oldest_due)
SELECT b.company_id, b.type, b.party_id, b.store_id, b.n, b.balance_cents, COALESCE((SELECT MIN(d.due_date) FROM report_document_heads d
    WHERE d.type = b.type AND d.party_id = b.party_id AND d.company_id = b.company_id AND d.store_id = b.store_id AND d.balance_cents > 0), '')
FROM (SELECT m.company_id, m.type, m.party_id, m.store_id, SUM(m.n) AS n, SUM(m.total_cents - m.paid_cents - m.returns_cents) AS balance_cents
    FROM report_party_months m GROUP BY m.company_id, m.type, m.party_id, m.store_id) AS b`,
}

// nextMonth is, in SQL both dialects run, the month after the month (YYYY-MM) expr.
func nextMonth(expr string) string {
	return strings.NewReplacer("M", expr).Replace(`(CASE WHEN substr(M, 6, 2) = '12' THEN CAST(CAST(substr(M, 1, 4) AS INTEGER) + 1 AS TEXT) || '-01'
    ELSE substr(M, 1, 5) || CASE WHEN CAST(substr(M, 6, 2) AS INTEGER) < 9 THEN '0' ELSE '' END
        || CAST(CAST(substr(M, 6, 2) AS INTEGER) + 1 AS TEXT) END)`)
}

// partyRunningRebuild is report_party_running and report_party_totals computed afresh from
// report_party_months and report_party_balances (after partyRebuild) — what
// migrations/20261202010000_reports_party_running's backfill writes and its triggers keep: a
// running row for every month from a party's first to its last, each the sum of the months up
// to it over every store.
var partyRunningRebuild = []string{
	"DELETE FROM report_party_running",
	`INSERT INTO report_party_running (company_id, type, party_id, month, n, total_cents, paid_cents, returns_cents,
    month_n, month_total_cents, month_paid_cents, month_returns_cents)
WITH RECURSIVE s(company_id, type, party_id, month, last) AS (
    SELECT m.company_id, m.type, m.party_id, MIN(m.month), MAX(m.month) FROM report_party_months m GROUP BY m.company_id, m.type, m.party_id
    UNION ALL
    SELECT s.company_id, s.type, s.party_id, ` + nextMonth("s.month") + `, s.last FROM s WHERE s.month < s.last),
ms AS (SELECT m.company_id, m.type, m.party_id, m.month, SUM(m.n) AS n, SUM(m.total_cents) AS total_cents, SUM(m.paid_cents) AS paid_cents,
        SUM(m.returns_cents) AS returns_cents
    FROM report_party_months m GROUP BY m.company_id, m.type, m.party_id, m.month)
SELECT s.company_id, s.type, s.party_id, s.month, SUM(COALESCE(ms.n, 0)) OVER w, SUM(COALESCE(ms.total_cents, 0)) OVER w,
    SUM(COALESCE(ms.paid_cents, 0)) OVER w, SUM(COALESCE(ms.returns_cents, 0)) OVER w,
    COALESCE(ms.n, 0), COALESCE(ms.total_cents, 0), COALESCE(ms.paid_cents, 0), COALESCE(ms.returns_cents, 0)
FROM s LEFT JOIN ms ON ms.company_id = s.company_id AND ms.type = s.type AND ms.party_id = s.party_id AND ms.month = s.month
WINDOW w AS (PARTITION BY s.company_id, s.type, s.party_id ORDER BY s.month ROWS UNBOUNDED PRECEDING)
ORDER BY s.month, s.type, s.party_id`,
	"DELETE FROM report_party_totals",
	`INSERT INTO report_party_totals (company_id, type, party_id, last_month, oldest_due, n, total_cents, paid_cents, returns_cents)
SELECT m.company_id, m.type, m.party_id, MAX(m.month), COALESCE((SELECT MIN(b.oldest_due) FROM report_party_balances b
        WHERE b.type = m.type AND b.party_id = m.party_id AND b.company_id = m.company_id AND b.oldest_due <> ''), ''),
    SUM(m.n), SUM(m.total_cents), SUM(m.paid_cents), SUM(m.returns_cents)
FROM report_party_months m GROUP BY m.company_id, m.type, m.party_id`,
}
