// Package app is the reports engine: one answer shape for every page (Report), the range and
// filters every page takes (Params: dates, company, store, grouping, paging, sort), the
// caller's scope, and the pages themselves (pages.go), each a function from a checked query to
// its rows and totals. Paging and sorting happen here over the page's whole rows — or in SQL
// for the pages of many rows (paged.go: the party lists, payment_report; users_report/{id}) —
// so that the totals always cover the whole range and the export writes exactly the rows the
// screen pages through, in the same order.
package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/reports/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/listing"
)

// ReportColumn kinds (Column.Kind): how the web formats a value and the export writes it.
const (
	KindText     = "text"
	KindDate     = "date"  // YYYY-MM-DD
	KindMonth    = "month" // YYYY-MM
	KindMoney    = "money" // integer centavos
	KindInt      = "int"
	KindQuantity = "quantity" // integer units
	KindPercent  = "percent"  // integer basis points: 1234 = 12,34 %
	KindDays     = "days"
)

// ReportColumn is one column of a report: its key in the rows and totals, and its kind. Labels are
// not sent: the web translates reports:columns.<key>, the export uses the same words.
type ReportColumn struct {
	Key  string `json:"key"`
	Kind string `json:"kind" enum:"text,enum,date,month,money,int,quantity,percent,days"`
}

// ReportLink is where a row leads in the web app.
type ReportLink struct {
	Kind string `json:"kind" enum:"customer,supplier,user,product,purchase,sale,payment"`
	ID   int64  `json:"id"`
}

// ReportChart says how the web draws the rows: which column is the x axis and which are the series.
type ReportChart struct {
	Type   string   `json:"type" enum:"bar,line,stacked,none"`
	X      string   `json:"x,omitempty"`
	Series []string `json:"series"`
}

// ReportMeta is the page of rows returned.
type ReportMeta struct {
	Page    int `json:"page"`
	PerPage int `json:"per_page"`
	Total   int `json:"total"`
}

// PartyAgeing splits a balance by how long it is past due, as of today.
type PartyAgeing struct {
	NotDueCents     int64 `json:"not_due_cents"`
	Days1To30Cents  int64 `json:"days_1_30_cents"`
	Days31To60Cents int64 `json:"days_31_60_cents"`
	Days61To90Cents int64 `json:"days_61_90_cents"`
	Over90Cents     int64 `json:"over_90_cents"`
}

// add puts balance, due on dueDate, in its bucket as of today (both YYYY-MM-DD).
func (a *PartyAgeing) add(today, dueDate string, balance int64) {
	switch d := daysBetween(dueDate, today); {
	case d <= 0:
		a.NotDueCents += balance
	case d <= 30:
		a.Days1To30Cents += balance
	case d <= 60:
		a.Days31To60Cents += balance
	case d <= 90:
		a.Days61To90Cents += balance
	default:
		a.Over90Cents += balance
	}
}

// ReportParty is who a /{id} page is about. For a customer or supplier (a statement): its
// balance at the range's end (the statement's last running balance) and the ageing of its
// documents' balances today. For a user (users_report/{id}): the id and name only.
type ReportParty struct {
	ID           int64       `json:"id"`
	Kind         string      `json:"kind" enum:"customer,supplier,user"`
	Name         string      `json:"name"`
	BalanceCents int64       `json:"balance_cents"`
	Ageing       PartyAgeing `json:"ageing"`
}

// Row is one row: column key → value (string, int64), plus "link" (ReportLink) when it leads
// somewhere.
type Row map[string]any

// Report is the answer of every report page.
type Report struct {
	Page string `json:"page"`
	// From and To are the range the figures cover (YYYY-MM-DD, both included).
	From string `json:"from"`
	To   string `json:"to"`
	// Group is the date grouping used (day or month) on pages that group by date.
	Group   string           `json:"group,omitempty" enum:"day,month"`
	Columns []ReportColumn   `json:"columns"`
	Rows    []Row            `json:"rows"`
	Totals  map[string]int64 `json:"totals"`
	Chart   ReportChart      `json:"chart"`
	Meta    ReportMeta       `json:"meta"`
	Party   *ReportParty     `json:"party,omitempty"`
}

// Params are what a report request may say; zero values take the defaults.
type Params struct {
	From, To           string
	CompanyID, StoreID int64
	Group              string
	Page, PerPage      int
	Sort               string
	// ID is the party of a statement (customers_report/{id}, suppliers_report/{id}).
	ID int64
}

// MsgDates is the answer to a range with one end missing or not a date (spec §5).
const MsgDates = listing.MsgDates

// DefaultPerPage is the rows per page when the request names none.
const DefaultPerPage = 50

// Deps is what the engine needs.
type Deps struct {
	DB *bun.DB
	// AdminRole sees every company (with the company filter) and the admin-only pages.
	AdminRole string
	Now       func() time.Time
}

// Service answers the report pages.
type Service struct {
	store     *store.Store
	adminRole string
	now       func() time.Time
}

// New returns the engine.
func New(d Deps) *Service {
	return &Service{store: store.New(d.DB), adminRole: d.AdminRole, now: d.Now}
}

// Now is the service's clock (export file names).
func (s *Service) Now() time.Time { return s.now() }

// query is a checked request: what a page builds from.
type query struct {
	filter store.Filter
	group  store.Period
	// today is the business date now (ageing, overdue days).
	today string
	id    int64
	// periodKey is the key of a dated page's first column: "date" by day, "month" by month.
	periodKey string
	// order is the sort asked for (a column of the page; none on a statement).
	order store.Order
}

// checkRange applies the range rule: both ends or neither (this month in Bogota); each a
// business date; from not after to. The field named is the end that is missing or wrong.
func checkRange(from, to string, now time.Time) (string, string, error) {
	if from == "" && to == "" {
		first := calendar.Today(now).AddDate(0, 0, 1-calendar.Today(now).Day())
		return first.Format(calendar.DateLayout), first.AddDate(0, 1, -1).Format(calendar.DateLayout), nil
	}
	if err := listing.CheckRange(from, to); err != nil {
		return "", "", err
	}
	return from, to, nil
}

// groupOf is the date grouping asked for, or by day for ranges up to two months and by month
// beyond (a year by day is 365 bars nobody reads).
func groupOf(group, from, to string) (store.Period, string) {
	switch {
	case group == "day":
		return store.ByDay, group
	case group == "month":
		return store.ByMonth, group
	case daysBetween(from, to) <= 62:
		return store.ByDay, "day"
	default:
		return store.ByMonth, "month"
	}
}

// daysBetween is b − a in days (business dates YYYY-MM-DD; 0 when either is not a date).
func daysBetween(a, b string) int64 {
	ta, errA := calendar.ParseDate(a)
	tb, errB := calendar.ParseDate(b)
	if errA != nil || errB != nil {
		return 0
	}
	// Rounded, not truncated: truncating toward zero made every negative count a day short (a lot
	// expired yesterday had 0 days left).
	return int64(math.Round(tb.Sub(ta).Hours() / 24))
}

// ErrNoPage answers a page name the engine does not have.
var ErrNoPage = apperror.NotFound("The requested information was not found")

// Report answers page name: its rows of in's page, sorted, and the totals of every row.
func (s *Service) Report(ctx context.Context, p caller.Principal, name string, in Params) (Report, error) {
	per := cmp.Or(in.PerPage, DefaultPerPage)
	pg := max(in.Page, 1)
	if page, ok := pageNamed(name, in.ID != 0); ok && page.paged != nil {
		return s.paged(ctx, p, name, in, page, pg, per)
	}
	r, err := s.Whole(ctx, p, name, in)
	if err != nil {
		return r, err
	}
	r.Meta = ReportMeta{Page: pg, PerPage: per, Total: len(r.Rows)}
	start := min((pg-1)*per, len(r.Rows))
	r.Rows = r.Rows[start:min(start+per, len(r.Rows))]
	return r, nil
}

// paged answers a page that pages in SQL (one of millions of rows): only the rows of page pg
// are read; its totals and row count come from the aggregates.
func (s *Service) paged(ctx context.Context, p caller.Principal, name string, in Params, pg page, num, per int) (Report, error) {
	_, q, r, err := s.prepare(p, name, in)
	if err != nil {
		return r, err
	}
	out, total, err := pg.paged(ctx, s.store, q, (num-1)*per, per)
	if errors.Is(err, store.ErrNotFound) {
		return Report{}, ErrNoPage
	}
	if err != nil {
		return Report{}, apperror.Internal(err)
	}
	r.Rows, r.Totals, r.Party = out.rows, out.totals, out.party
	if r.Rows == nil {
		r.Rows = []Row{}
	}
	r.Meta = ReportMeta{Page: num, PerPage: per, Total: total}
	return r, nil
}

// Whole answers page name with every row, sorted as Report sorts them.
func (s *Service) Whole(ctx context.Context, p caller.Principal, name string, in Params) (Report, error) {
	pg, q, r, err := s.prepare(p, name, in)
	if err != nil {
		return r, err
	}
	build := pg.build
	if build == nil { // a page read in SQL: its export's rows, in its order
		build = func(ctx context.Context, st *store.Store, q query) (built, error) {
			return collect(ctx, st, q, pg.stream)
		}
	}
	out, err := build(ctx, s.store, q)
	if errors.Is(err, store.ErrNotFound) {
		return Report{}, ErrNoPage
	}
	if err != nil {
		return Report{}, apperror.Internal(err)
	}
	sortRows(out.rows, q.order)
	r.Rows, r.Party = out.rows, out.party
	if r.Rows == nil {
		r.Rows = []Row{}
	}
	r.Totals = out.totals
	if r.Totals == nil {
		r.Totals = sum(out.rows, pg.sums)
	}
	return r, nil
}

// Rows yields an export's rows one at a time and answers the totals after the last.
type Rows func(yield func(Row) error) (map[string]int64, error)

// Export answers page name's head (its columns and range, no rows) and its rows in the order
// Report sorts them, then its totals: the pages that can reach millions of rows (stream set)
// read them from a cursor, never holding them all; the others are computed whole. Every check
// (access, range, the party) happens here, before the first byte of the file is sent.
func (s *Service) Export(ctx context.Context, p caller.Principal, name string, in Params) (Report, Rows, error) {
	pg, q, r, err := s.prepare(p, name, in)
	if err != nil {
		return r, nil, err
	}
	if pg.stream == nil {
		whole, err := s.Whole(ctx, p, name, in)
		if err != nil {
			return whole, nil, err
		}
		rows := whole.Rows
		whole.Rows = nil
		return whole, func(yield func(Row) error) (map[string]int64, error) {
			for _, row := range rows {
				if err := yield(row); err != nil {
					return nil, err
				}
			}
			return whole.Totals, nil
		}, nil
	}
	each, err := pg.stream(ctx, s.store, q)
	if errors.Is(err, store.ErrNotFound) {
		return Report{}, nil, ErrNoPage
	}
	if err != nil {
		return Report{}, nil, apperror.Internal(err)
	}
	return r, each, nil
}

// prepare checks a request for page name and answers the page, the checked query and the
// answer's head.
func (s *Service) prepare(p caller.Principal, name string, in Params) (page, query, Report, error) {
	pg, ok := pageNamed(name, in.ID != 0)
	if !ok {
		return page{}, query{}, Report{}, ErrNoPage
	}
	if pg.adminOnly && p.Role != s.adminRole {
		return page{}, query{}, Report{}, apperror.Forbidden("You are not allowed to perform this action.")
	}
	from, to, err := checkRange(in.From, in.To, s.now())
	if err != nil {
		return page{}, query{}, Report{}, err
	}
	q := query{filter: store.Filter{Scope: listing.ScopeFor(p.Role == s.adminRole, p.CompanyID, in.CompanyID),
		StoreID: in.StoreID, From: from, To: to}, today: calendar.Today(s.now()).Format(calendar.DateLayout), id: in.ID}
	r := Report{Page: name, From: from, To: to, Columns: pg.columns, Chart: pg.chart}
	if pg.dated {
		group := in.Group
		if group == "" && pg.byMonth {
			group = "month"
		}
		q.group, r.Group = groupOf(group, from, to)
		r.Columns = slices.Clone(pg.columns)
		if q.group == store.ByMonth {
			r.Columns[0] = ReportColumn{Key: "month", Kind: KindMonth}
		}
		r.Chart.X = r.Columns[0].Key
		q.periodKey = r.Columns[0].Key
	}
	if q.order, err = orderOf(in.Sort, r.Columns, pg.statement); err != nil {
		return page{}, query{}, Report{}, err
	}
	return pg, q, r, nil
}

// sum totals the columns keys over rows.
func sum(rows []Row, keys []string) map[string]int64 {
	out := make(map[string]int64, len(keys))
	for _, k := range keys {
		out[k] = 0
		for _, r := range rows {
			v, _ := r[k].(int64)
			out[k] += v
		}
	}
	return out
}

// orderOf reads sort ("key", "-key"; "" keeps the page's own order) against the page's
// columns. A statement keeps its date order (its running balance reads down the rows).
func orderOf(sort string, columns []ReportColumn, statement bool) (store.Order, error) {
	if sort == "" {
		return store.Order{}, nil
	}
	o := store.Order{Key: strings.TrimPrefix(sort, "-"), Desc: strings.HasPrefix(sort, "-")}
	if statement || !slices.ContainsFunc(columns, func(c ReportColumn) bool { return c.Key == o.Key }) {
		return store.Order{}, apperror.Field("sort", fmt.Sprintf("Cannot sort by %q.", o.Key))
	}
	return o, nil
}

// sortRows orders rows by o's column (the rows of a page built whole); ties keep the page's
// own order.
func sortRows(rows []Row, o store.Order) {
	if o.Key == "" {
		return
	}
	slices.SortStableFunc(rows, func(a, b Row) int {
		c := compare(a[o.Key], b[o.Key])
		if o.Desc {
			return -c
		}
		return c
	})
}

func compare(a, b any) int {
	switch a := a.(type) {
	case int64:
		b, _ := b.(int64)
		return cmp.Compare(a, b)
	case string:
		b, _ := b.(string)
		return cmp.Compare(a, b)
	}
	return 0
}
