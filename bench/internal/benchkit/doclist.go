package benchkit

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/redis/go-redis/v9"
	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/listing"
)

// DocTable says which document list a bench measures: purchases, sales — lists whose default
// order is a business date, newest first, then the id (keyset pages).
type DocTable struct {
	// Path is the list's API path ("/api/sales").
	Path string
	// Table is the documents' table, which also names the list's cached totals
	// (listing.Counter's version key).
	Table string
	// DateColumn is the default sort's column (a 'YYYY-MM-DD' text), and its sort key.
	DateColumn string
}

// SortKey is a row's place in the default order.
type SortKey struct {
	Value string
	ID    int64
}

// DocList is a document list as one demo user sees it, and what the scenarios of a list bench
// need: the user's scope, deep cursors made with the product's own encoder, pages checked for
// their size.
type DocList struct {
	DocTable
	S *Session
	// All is set for an administrator (every company); Company is the user's own otherwise.
	All     bool
	Company int64
	// Size is how many live documents the user sees.
	Size, PerPage, Walk int
	// Deep holds one cursor per client, spread over the middle half of the default order; Mid is
	// the sort key at the middle (for EXPLAIN).
	Deep []string
	Mid  SortKey
	// Window is a calendar month for the date-range filter (from, to).
	Window [2]string
}

// NewDocList reads what user s may see of t and places conc deep cursors between 25 % and 75 %
// of it. Each client's deep walk follows the server's next cursors for walk pages.
func NewDocList(ctx context.Context, bdb *bun.DB, t DocTable, s *Session, conc, perPage, walk int) (*DocList, error) {
	l := &DocList{DocTable: t, S: s, PerPage: perPage, Walk: walk}
	var role string
	if err := bdb.NewRaw("SELECT role, company_id FROM users WHERE lower(username) = lower(?) AND deleted_at IS NULL", s.User).
		Scan(ctx, &role, &l.Company); err != nil {
		return nil, fmt.Errorf("user %s: %w", s.User, err)
	}
	l.All = role == "admin"
	where, args := l.Scope()
	if err := bdb.NewRaw("SELECT count(*) FROM "+t.Table+" WHERE "+where, args...).Scan(ctx, &l.Size); err != nil {
		return nil, err
	}
	if l.Size < 2*perPage {
		return nil, fmt.Errorf("user %s sees %d rows of %s: too few to page", s.User, l.Size, t.Table)
	}
	spec := listing.Spec{Columns: map[string]listing.Column{t.DateColumn: {Kind: listing.String}},
		Default: t.DateColumn, DefaultDesc: true}
	plan, err := listing.NewPlan(spec, listing.Query{PerPage: 1})
	if err != nil {
		return nil, err
	}
	at := func(offset int) (SortKey, error) {
		var k SortKey
		// Offsets are slow, which is why the list uses cursors: the bench pays them once here.
		err := bdb.NewRaw("SELECT "+t.DateColumn+", id FROM "+t.Table+" WHERE "+where+
			" ORDER BY "+t.DateColumn+" DESC, id DESC OFFSET ? LIMIT 1", append(append([]any{}, args...), offset)...).Scan(ctx, &k.Value, &k.ID)
		return k, err
	}
	for w := 0; w < conc; w++ {
		k, err := at(l.Size/4 + w*(l.Size/2)/conc)
		if err != nil {
			return nil, err
		}
		// The product's own encoder makes the cursor: a page of two rows of which one is shown
		// has a next cursor at the shown row.
		page := listing.Finish(plan, []SortKey{k, k}, 2, func(k SortKey) (any, int64) { return k.Value, k.ID })
		l.Deep = append(l.Deep, page.Meta.NextCursor)
	}
	l.Mid, err = at(l.Size / 2)
	return l, err
}

// Scope is the SQL condition (and its arguments) of the live documents the user sees, for the
// bench's own statements on the table.
func (l *DocList) Scope() (string, []any) {
	if l.All {
		return "deleted_at IS NULL", nil
	}
	return "deleted_at IS NULL AND company_id = ?", []any{l.Company}
}

// Label names a scenario of this user.
func (l *DocList) Label(what string) string { return fmt.Sprintf("%s as %s", what, l.S.User) }

// Base is the list's path with the page size.
func (l *DocList) Base() string { return fmt.Sprintf("%s?per_page=%d", l.Path, l.PerPage) }

// Page GETs a list page and checks its size: full unless short is allowed (the last page, a
// filter's), never empty.
func (l *DocList) Page(path string, short bool) (ListPage, error) {
	m, err := l.S.List(path)
	switch {
	case err != nil:
	case len(m.Data) == 0 || len(m.Data) > l.PerPage:
		err = fmt.Errorf("%s: page has %d rows", path, len(m.Data))
	case !short && len(m.Data) != l.PerPage:
		err = fmt.Errorf("%s: page has %d rows", path, len(m.Data))
	}
	return m, err
}

// Control is a request that reads no document (GET /api/auth/user/profile), interleaved with a
// group of list scenarios: it tells what the list costs from what any authenticated request
// costs on this machine at this concurrency.
func (l *DocList) Control(what string) Scenario {
	return Scenario{Name: l.Label(what), Fn: func(int, int) error {
		_, err := l.S.Do(http.MethodGet, "/api/auth/user/profile", "", nil, http.StatusOK, false)
		return err
	}}
}

// Firsts are the first pages of the list with each query, in order.
func (l *DocList) Firsts(qs ...PageQuery) []Scenario {
	out := make([]Scenario, len(qs))
	for i, q := range qs {
		out[i] = l.First(q.What, q.Query)
	}
	return out
}

// WindowQuery is the date-range filter of the list's month.
func (l *DocList) WindowQuery() PageQuery {
	return PageQuery{What: fmt.Sprintf("from=%s&to=%s, first page", l.Window[0], l.Window[1]),
		Query: "&from=" + l.Window[0] + "&to=" + l.Window[1]}
}

// First is the first page of the list with query ("&status=pending"; "" for the default list),
// which may be short when query is set.
func (l *DocList) First(what, query string) Scenario {
	return Scenario{Name: l.Label(what), Fn: func(int, int) error { _, err := l.Page(l.Base()+query, query != ""); return err }}
}

// Varied is the first page of one of queries at a time, chosen by pick: a search for one of many
// texts (a new text at most requests, so that their totals are mostly counted anew), a filter
// by one of many customers.
func (l *DocList) Varied(what string, queries []string, pick func(n int) int) Scenario {
	return Scenario{Name: l.Label(what), Fn: func(int, int) error {
		_, err := l.Page(l.Base()+queries[pick(len(queries))], true)
		return err
	}}
}

// Queries are the query strings "&param=value" of values, escaped.
func Queries[V any](param string, values []V) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = "&" + param + "=" + url.QueryEscape(fmt.Sprint(v))
	}
	return out
}

// DeepWalk is the deep page: each client walks forward from its own deep cursor by the server's
// next cursors, and starts over after Walk pages.
func (l *DocList) DeepWalk() Scenario {
	walk := make([]string, len(l.Deep))
	walked := make([]int, len(l.Deep))
	return Scenario{Name: l.Label(fmt.Sprintf("deep page (%d next cursors from 25–75 %%)", l.Walk)), Fn: func(w, _ int) error {
		if walk[w] == "" || walked[w] >= l.Walk {
			walk[w], walked[w] = l.Deep[w], 0
		}
		m, err := l.Page(l.Base()+"&after="+url.QueryEscape(walk[w]), true)
		if err != nil {
			return err
		}
		// Only the list's end may be short.
		if len(m.Data) < l.PerPage && m.Meta.NextCursor != "" {
			return fmt.Errorf("deep page has %d rows", len(m.Data))
		}
		walk[w], walked[w] = m.Meta.NextCursor, walked[w]+1
		return nil
	}}
}

// PageQuery is a first page of the list: what it is, and its query string.
type PageQuery struct{ What, Query string }

// Cold times first pages right after a write. It invalidates the cached totals the way a write
// does (the Counter's version key of the table goes up, listing.Counter.Bump), so that the list
// counts again: each query with one client, and with conc clients asking at the same moment.
func (l *DocList) Cold(ctx context.Context, redisURL string, conc, rounds int, queries ...PageQuery) ([]*Result, error) {
	opt, err := redis.ParseURL(redisURL)
	if err != nil {
		return nil, err
	}
	rc := redis.NewClient(opt)
	defer rc.Close()
	// The server's key prefix is read off a cached total rather than assumed: a list request
	// caches "<prefix>listing:total:<table>:<version>:<filter hash>".
	if _, err := l.Page(l.Base(), false); err != nil {
		return nil, err
	}
	iter := rc.Scan(ctx, 0, "*listing:total:"+l.Table+":*", 1000).Iterator()
	if !iter.Next(ctx) {
		return nil, fmt.Errorf("no cached %s total in %s (%v)", l.Table, redisURL, iter.Err())
	}
	key := iter.Val()
	version := key[:strings.Index(key, "listing:total:")] + "listing:version:" + l.Table
	bump := func() error { return rc.Incr(ctx, version).Err() }
	var out []*Result
	for _, q := range queries {
		path := l.Base() + q.Query
		one := &Result{Name: l.Label(q.What + " after a write"), Conc: 1}
		many := &Result{Name: l.Label(q.What + " after a write, all at once"), Conc: conc}
		get := func(int) error { _, err := l.Page(path, true); return err }
		for r := 0; r < rounds; r++ {
			if err := bump(); err != nil {
				return nil, err
			}
			one.Merge(Burst(1, get))
			if err := bump(); err != nil {
				return nil, err
			}
			many.Merge(Burst(conc, get))
		}
		out = append(out, one, many)
	}
	return out, nil
}

// MonthWindow is the calendar month about daysBack days back (America/Bogota dates): a date-range
// filter's from and to.
func MonthWindow(ctx context.Context, bdb *bun.DB, daysBack int) ([2]string, error) {
	var w [2]string
	err := bdb.NewRaw(`WITH m AS (SELECT date_trunc('month', (now() AT TIME ZONE 'America/Bogota')::date - ?)::date AS d)
		SELECT to_char(d, 'YYYY-MM-DD'), to_char((d + interval '1 month - 1 day')::date, 'YYYY-MM-DD') FROM m`, daysBack).Scan(ctx, &w[0], &w[1])
	return w, err
}
