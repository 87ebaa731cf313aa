package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"

	"github.com/redis/go-redis/v9"
	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
	"github.com/backoffice/backoffice/platform/listing"
)

// list is the purchases list as one demo user sees it, and what its scenarios need.
type list struct {
	s *benchkit.Session
	// all is set for an administrator (every company); company is the user's own otherwise.
	all     bool
	company int64
	size    int
	perPage int
	walk    int
	// deep holds one cursor per client, spread over the middle half of the default order; mid is
	// the sort key at the middle (for -explain).
	deep []string
	mid  sortKey
	// window is the date-range filter (from, to), a calendar month.
	window [2]string
	// refs are reference numbers of random purchases in scope, suppliers the names of the
	// suppliers in scope: searched one after another, so that most searches count anew.
	refs, suppliers []string
}

// cursorSpec is the list's default sort as platform/listing encodes its cursors
// (modules/purchasing/internal/store.Spec: purchase_date descending, then id).
var cursorSpec = listing.Spec{Columns: map[string]listing.Column{"purchase_date": {Kind: listing.String}},
	Default: "purchase_date", DefaultDesc: true}

type sortKey struct {
	value string
	id    int64
}

// monthWindow is the calendar month about 18 months back (America/Bogota dates): the date-range
// filter's from and to.
func monthWindow(ctx context.Context, bdb *bun.DB) ([2]string, error) {
	var w [2]string
	err := bdb.NewRaw(`WITH m AS (SELECT date_trunc('month', (now() AT TIME ZONE 'America/Bogota')::date - 540)::date AS d)
		SELECT to_char(d, 'YYYY-MM-DD'), to_char((d + interval '1 month - 1 day')::date, 'YYYY-MM-DD') FROM m`).Scan(ctx, &w[0], &w[1])
	return w, err
}

// prepare reads what user s may see and places conc deep cursors between 25 % and 75 % of it.
func prepare(ctx context.Context, bdb *bun.DB, s *benchkit.Session, conc, perPage, walk int, window [2]string) (*list, error) {
	l := &list{s: s, perPage: perPage, walk: walk, window: window}
	var role string
	if err := bdb.NewRaw("SELECT role, company_id FROM users WHERE lower(username) = lower(?) AND deleted_at IS NULL", s.User).
		Scan(ctx, &role, &l.company); err != nil {
		return nil, fmt.Errorf("user %s: %w", s.User, err)
	}
	l.all = role == "admin"
	where, args := "deleted_at IS NULL", []any{}
	if !l.all {
		where, args = "deleted_at IS NULL AND company_id = ?", []any{l.company}
	}
	if err := bdb.NewRaw("SELECT count(*) FROM purchases WHERE "+where, args...).Scan(ctx, &l.size); err != nil {
		return nil, err
	}
	if l.size < 2*perPage {
		return nil, fmt.Errorf("user %s sees %d purchases: too few to page", s.User, l.size)
	}
	plan, err := listing.NewPlan(cursorSpec, listing.Query{PerPage: 1})
	if err != nil {
		return nil, err
	}
	at := func(offset int) (sortKey, error) {
		var k sortKey
		// Offsets are slow, which is why the list uses cursors: the bench pays them once here.
		err := bdb.NewRaw("SELECT purchase_date, id FROM purchases WHERE "+where+" ORDER BY purchase_date DESC, id DESC OFFSET ? LIMIT 1",
			append(append([]any{}, args...), offset)...).Scan(ctx, &k.value, &k.id)
		return k, err
	}
	for w := 0; w < conc; w++ {
		k, err := at(l.size/4 + w*(l.size/2)/conc)
		if err != nil {
			return nil, err
		}
		// The product's own encoder makes the cursor: a page of two rows of which one is shown
		// has a next cursor at the shown row.
		page := listing.Finish(plan, []sortKey{k, k}, 2, func(k sortKey) (any, int64) { return k.value, k.id })
		l.deep = append(l.deep, page.Meta.NextCursor)
	}
	if l.mid, err = at(l.size / 2); err != nil {
		return nil, err
	}
	if err := bdb.NewRaw("SELECT reference_no FROM purchases WHERE "+where+" ORDER BY random() LIMIT 5000", args...).Scan(ctx, &l.refs); err != nil {
		return nil, err
	}
	err = bdb.NewRaw("SELECT DISTINCT supplier_name FROM purchases WHERE "+where, args...).Scan(ctx, &l.suppliers)
	return l, err
}

func (l *list) label(what string) string { return fmt.Sprintf("%s as %s", what, l.s.User) }

func (l *list) base() string { return fmt.Sprintf("/api/purchases?per_page=%d", l.perPage) }

// page GETs a list page and checks its size: full unless short is allowed (the last page, a
// filter's), never empty.
func (l *list) page(path string, short bool) (benchkit.ListPage, error) {
	m, err := l.s.List(path)
	switch {
	case err != nil:
	case len(m.Data) == 0 || len(m.Data) > l.perPage:
		err = fmt.Errorf("%s: page has %d rows", path, len(m.Data))
	case !short && len(m.Data) != l.perPage:
		err = fmt.Errorf("%s: page has %d rows", path, len(m.Data))
	}
	return m, err
}

// scenarios are the measured requests of the list, interleaved in one group with a control
// request that reads no purchase: it tells what the list costs from what any authenticated
// request costs on this machine at this concurrency.
func (l *list) scenarios() []benchkit.Scenario {
	base := l.base()
	walk := make([]string, len(l.deep))
	walked := make([]int, len(l.deep))
	return []benchkit.Scenario{
		{Name: l.label("/api/auth/user/profile (control)"), Fn: func(int, int) error {
			_, err := l.s.Do(http.MethodGet, "/api/auth/user/profile", "", nil, http.StatusOK, false)
			return err
		}},
		{Name: l.label("first page"), Fn: func(int, int) error { _, err := l.page(base, false); return err }},
		// Each client walks forward from its own deep cursor by the server's next cursors, and
		// starts over after l.walk pages.
		{Name: l.label(fmt.Sprintf("deep page (%d next cursors from 25–75 %%)", l.walk)), Fn: func(w, _ int) error {
			if walk[w] == "" || walked[w] >= l.walk {
				walk[w], walked[w] = l.deep[w], 0
			}
			m, err := l.page(base+"&after="+url.QueryEscape(walk[w]), true)
			if err != nil {
				return err
			}
			// Only the list's end may be short.
			if len(m.Data) < l.perPage && m.Meta.NextCursor != "" {
				return fmt.Errorf("deep page has %d rows", len(m.Data))
			}
			walk[w], walked[w] = m.Meta.NextCursor, walked[w]+1
			return nil
		}},
		{Name: l.label("last page (last=true)"), Fn: func(int, int) error { _, err := l.page(base+"&last=true", true); return err }},
		{Name: l.label("status=pending, first page"), Fn: func(int, int) error {
			_, err := l.page(base+"&status=pending", true)
			return err
		}},
		{Name: l.label(fmt.Sprintf("from=%s&to=%s, first page", l.window[0], l.window[1])), Fn: func(int, int) error {
			_, err := l.page(base+"&from="+l.window[0]+"&to="+l.window[1], true)
			return err
		}},
	}
}

// extras are the list's other filters and sorts, interleaved with the same control: the approval
// filter (an administrator's /pending-data/purchase), the search (q: reference number and supplier
// name; whole reference numbers and whole supplier names of random purchases, mostly counted
// anew), and sorts other than the default.
func (l *list) extras() []benchkit.Scenario {
	base := l.base()
	get := func(query string) func(int, int) error {
		return func(int, int) error { _, err := l.page(base+query, true); return err }
	}
	return []benchkit.Scenario{
		{Name: l.label("/api/auth/user/profile (control of the filters and sorts)"), Fn: func(int, int) error {
			_, err := l.s.Do(http.MethodGet, "/api/auth/user/profile", "", nil, http.StatusOK, false)
			return err
		}},
		{Name: l.label("approval=pending, first page"), Fn: get("&approval=pending")},
		{Name: l.label("q=<reference number>, first page"), Fn: func(int, int) error {
			_, err := l.page(base+"&q="+url.QueryEscape(l.refs[rand.IntN(len(l.refs))]), true)
			return err
		}},
		{Name: l.label("q=<supplier name>, first page"), Fn: func(int, int) error {
			_, err := l.page(base+"&q="+url.QueryEscape(l.suppliers[rand.IntN(len(l.suppliers))]), true)
			return err
		}},
		{Name: l.label("sort=-balance_cents, first page"), Fn: get("&sort=-balance_cents")},
		{Name: l.label("sort=due_date, first page"), Fn: get("&sort=due_date")},
	}
}

// cold times first pages right after a write. It invalidates the cached totals the way a write
// does (the Counter's version key of the purchases table goes up, listing.Counter.Bump), so that
// the list counts again: the default list and the status filter, with one client, and with conc
// clients asking at the same moment.
func (l *list) cold(ctx context.Context, redisURL string, conc, rounds int) ([]*benchkit.Result, error) {
	opt, err := redis.ParseURL(redisURL)
	if err != nil {
		return nil, err
	}
	rc := redis.NewClient(opt)
	defer rc.Close()
	// The server's key prefix is read off a cached total rather than assumed: a list request
	// caches "<prefix>listing:total:purchases:<version>:<filter hash>".
	if _, err := l.page(l.base(), false); err != nil {
		return nil, err
	}
	iter := rc.Scan(ctx, 0, "*listing:total:purchases:*", 1000).Iterator()
	if !iter.Next(ctx) {
		return nil, fmt.Errorf("no cached purchases total in %s (%v)", redisURL, iter.Err())
	}
	key := iter.Val()
	version := key[:strings.Index(key, "listing:total:")] + "listing:version:purchases"
	bump := func() error { return rc.Incr(ctx, version).Err() }
	var out []*benchkit.Result
	for _, q := range []struct{ what, query string }{{"first page", ""}, {"status=pending, first page", "&status=pending"}} {
		path := l.base() + q.query
		one := &benchkit.Result{Name: l.label(q.what + " after a write"), Conc: 1}
		many := &benchkit.Result{Name: l.label(q.what + " after a write, all at once"), Conc: conc}
		get := func(int) error { _, err := l.page(path, true); return err }
		for r := 0; r < rounds; r++ {
			if err := bump(); err != nil {
				return nil, err
			}
			one.Merge(benchkit.Burst(1, get))
			if err := bump(); err != nil {
				return nil, err
			}
			many.Merge(benchkit.Burst(conc, get))
		}
		out = append(out, one, many)
	}
	return out, nil
}
