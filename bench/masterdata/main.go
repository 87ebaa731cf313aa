// Command masterdata measures the master-data lists and the product export of issue 3 against
// the real binary on PostgreSQL: it creates (or reuses) a dedicated database, starts the
// backoffice binary on it (which migrates it and seeds the demo users), bulk-loads products and
// customers with SQL, then has C concurrent clients (demo users "user", scoped to their company,
// and "admin", who lists every company) request the first page, pages deep in the list (following
// next cursors from the middle, and last=true), and name searches of GET /api/products and
// GET /api/customers, printing percentiles per scenario. It also times the first request after a
// write (the cached total is cleared, so the list counts again), and exports products to Excel
// while reading the server's peak RSS. Everything runs on loopback and every phase is bounded.
//
//	go run ./bench/masterdata -bin /tmp/bench-bin/backoffice -pg 'postgres://postgres@127.0.0.1:5432/test?sslmode=disable'
//
// -keep leaves the database for the next run (which then skips the load), -fresh rebuilds it;
// -load-only stops after the load and the indexing of its search words (timed per table);
// -reindex -keep times the indexing alone again on a kept database.
package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
	"github.com/backoffice/backoffice/platform/listing"
)

// target is issue 3's p99 bound for a list request.
const target = 50 * time.Millisecond

// options are the command's flags.
type options struct {
	bin, pg, dbName, natsURL, redisURL, users, password string
	want                                                sizes
	conc, perPage, coldRounds, exportRuns               int
	dur, warm                                           time.Duration
	exportQuery                                         string
	keep, fresh, explain, serial, loadOnly, reindex     bool
}

func main() {
	var o options
	flag.StringVar(&o.bin, "bin", "/tmp/bench-bin/backoffice", "backoffice binary (a copy, so that a rebuild cannot swap it mid-run)")
	flag.StringVar(&o.pg, "pg", "postgres://postgres@127.0.0.1:5432/test?sslmode=disable", "PostgreSQL URL of an existing database, used to create the bench database")
	flag.StringVar(&o.dbName, "db", "bench_backoffice", "bench database (created if missing)")
	flag.StringVar(&o.natsURL, "nats", "nats://127.0.0.1:4222", "NATS URL for the server")
	// Redis keys carry the fixed prefix "backoffice:" whatever the database, so a server on
	// another database would share this one's cached totals and login counters in the same Redis
	// DB; a Redis DB of its own keeps the bench and concurrent test servers apart.
	flag.StringVar(&o.redisURL, "redis", "redis://127.0.0.1:6379/13", "Redis URL for the server (use a Redis DB nobody else uses)")
	flag.StringVar(&o.users, "as", "user,admin", "demo users to measure as (user: one company; admin: every company)")
	flag.StringVar(&o.password, "password", "Demo123!", "demo users' password")
	flag.IntVar(&o.want.Products, "products", 200_000, "products in the demo company")
	flag.IntVar(&o.want.Customers, "customers", 100_000, "customers in the demo company")
	flag.IntVar(&o.want.OtherProducts, "other-products", 20_000, "products in a second company")
	flag.IntVar(&o.want.OtherCustomers, "other-customers", 10_000, "customers in a second company")
	flag.IntVar(&o.conc, "c", 20, "concurrent clients (at most 200)")
	flag.IntVar(&o.perPage, "per-page", 25, "page size")
	flag.DurationVar(&o.dur, "d", 10*time.Second, "measured time per scenario (at most 1m)")
	flag.DurationVar(&o.warm, "warm", 2*time.Second, "unmeasured warm-up per scenario (at most 10s)")
	flag.IntVar(&o.coldRounds, "cold", 10, "write-then-read rounds per list and user (at most 100)")
	flag.StringVar(&o.exportQuery, "export", "kind=goods&lang=es", "query of GET /api/products/export.xlsx (the default selects half the products)")
	flag.IntVar(&o.exportRuns, "export-runs", 2, "export repetitions (at most 5)")
	flag.BoolVar(&o.keep, "keep", false, "keep the bench database for the next run")
	flag.BoolVar(&o.fresh, "fresh", false, "drop the bench database first")
	flag.BoolVar(&o.serial, "serial", true, "also run every scenario with one client first")
	flag.BoolVar(&o.explain, "explain", false, "print EXPLAIN ANALYZE of the lists' queries")
	flag.BoolVar(&o.loadOnly, "load-only", false, "stop after the load and its search words (times the bulk word indexing alone)")
	flag.BoolVar(&o.reindex, "reindex", false, "on a kept database, drop the products' and customers' search words and index them again, timed, with the server stopped (implies -load-only)")
	flag.Parse()
	o.conc = min(max(o.conc, 1), 200)
	o.dur = min(o.dur, time.Minute)
	o.warm = min(o.warm, 10*time.Second)
	o.coldRounds = min(max(o.coldRounds, 1), 100)
	o.exportRuns = min(max(o.exportRuns, 1), 5)
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "masterdata:", err)
		os.Exit(1)
	}
}

func run(o options) error {
	ctx := context.Background()
	setup, err := benchkit.Prepare(ctx, benchkit.SetupOptions{PG: o.pg, DBName: o.dbName, Fresh: o.fresh, Keep: o.keep,
		Bin: o.bin, NATSURL: o.natsURL, RedisURL: o.redisURL})
	if err != nil {
		return err
	}
	defer setup.Close()
	srv, bdb := setup.Server, setup.DB
	if o.reindex {
		// The server indexes at start whatever lacks words, and would race this process for the
		// words dropped here (and deadlock with it: both delete and insert the same records'
		// words): it has migrated the database, which is all a timing of the indexing needs.
		srv.Stop()
		o.loadOnly = true
	}

	t0 := time.Now()
	ten, reused, err := seed(ctx, bdb, o.want, o.reindex)
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	if reused {
		benchkit.Logf("reusing %s: %+v", o.dbName, o.want)
	} else {
		benchkit.Logf("loaded %+v in %v (SQL generate_series, one transaction, then VACUUM ANALYZE)", o.want, time.Since(t0).Round(time.Millisecond))
	}
	if o.loadOnly {
		return nil
	}
	// A load straight into the tables bypasses the cached totals' invalidation.
	if err := benchkit.ClearTotals(ctx, o.redisURL); err != nil {
		return err
	}

	client := &http.Client{Timeout: 30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: o.conc + 2, MaxConnsPerHost: o.conc + 2}}
	sessions := map[string]*benchkit.Session{}
	for _, u := range strings.Split(o.users, ",") {
		s, err := benchkit.Login(srv.Base, strings.TrimSpace(u), o.password, client)
		if err != nil {
			return err
		}
		sessions[s.User] = s
	}
	first := sessions[strings.TrimSpace(strings.Split(o.users, ",")[0])]

	fmt.Printf("# masterdata bench %s\n\n", time.Now().UTC().Format(time.RFC3339))
	fmt.Printf("data: %d products + %d customers in %q, %d + %d in %q; %d clients, %v per scenario after %v warm-up, per_page %d; load average at start %s\n\n",
		o.want.Products, o.want.Customers, benchkit.DemoCompany, o.want.OtherProducts, o.want.OtherCustomers, otherCompany,
		o.conc, o.dur, o.warm, o.perPage, benchkit.LoadAvg())

	lists := []listSpec{
		{path: "/api/products", table: "products", company: ten.Company, size: o.want.Products,
			words: []string{"arroz", "café", "leche", "aceite", "panela", "atún", "chocolate", "jabón", "gaseosa", "queso",
				"galletas", "cerveza", "ñame", "arepa", "águila", "colanta", "sello rojo", "zenú", "alpina", "diana"}},
		{path: "/api/customers", table: "customers", company: ten.Company, size: o.want.Customers,
			words: []string{"gómez", "rodríguez", "martínez", "lópez", "maría", "josé", "valencia", "ospina", "londoño", "restrepo",
				"ángela", "muñoz", "ríos", "andrés", "catalina", "zapata", "castro", "patiño", "óscar", "cárdenas"}},
	}
	for i := range lists {
		if err := lists[i].prepare(ctx, bdb, o.conc); err != nil {
			return err
		}
	}
	// One client first (what a request costs without queueing), then the target concurrency.
	concs := []int{o.conc}
	if o.serial && o.conc > 1 {
		concs = []int{1, o.conc}
	}
	var rows []*benchkit.Result
	for _, c := range concs {
		for _, u := range strings.Split(o.users, ",") {
			s := sessions[strings.TrimSpace(u)]
			// Each list's page navigation runs interleaved with a control, an authenticated
			// request that reads no master data: it tells what the list costs from what any
			// request costs on this machine at this concurrency.
			control := benchkit.Scenario{Name: "/api/auth/user/profile (control) as " + s.User, Fn: func(int, int) error {
				_, err := s.Do(http.MethodGet, "/api/auth/user/profile", "", nil, http.StatusOK, false)
				return err
			}}
			var groups [][]benchkit.Scenario
			for _, l := range lists {
				pages, searches := l.scenarios(s, o.perPage)
				groups = append(groups, append([]benchkit.Scenario{control}, pages...))
				// Searches run one at a time: the slow ones would take the machine from the others.
				for _, sc := range searches {
					groups = append(groups, []benchkit.Scenario{sc})
				}
			}
			for _, g := range groups {
				for _, r := range benchkit.Load(g, c, o.warm, o.dur) {
					rows = append(rows, r)
					benchkit.Logf("%s", benchkit.Line(r))
				}
			}
		}
	}
	var cold []*benchkit.Result
	for _, u := range strings.Split(o.users, ",") {
		s := sessions[strings.TrimSpace(u)]
		for _, l := range lists {
			one, many, err := l.cold(ctx, bdb, s, o.perPage, o.conc, o.coldRounds)
			if err != nil {
				return err
			}
			cold = append(cold, one, many)
			benchkit.Logf("%s", benchkit.Line(one))
			benchkit.Logf("%s", benchkit.Line(many))
		}
	}
	// The export last: by now the runtime has collected the sign-ins' argon2id buffers (64 MiB
	// each), which would otherwise stand in the RSS before and during the export.
	exports, err := measureExport(srv, first, o.exportQuery, o.exportRuns)
	if err != nil {
		return err
	}
	hwm, _ := srv.MemKiB("VmHWM")
	fmt.Printf("## Lists (warm totals)\n\n")
	benchkit.Table(rows, true, target)
	fmt.Printf("\n## First page right after a write (total counted again), %d rounds\n\n", o.coldRounds)
	benchkit.Table(cold, false, target)
	fmt.Printf("\n## Excel export GET /api/products/export.xlsx?%s (user %q)\n\n", o.exportQuery, first.User)
	fmt.Println("| run | rows | bytes | first byte | wall time | RSS before | peak RSS (VmHWM) | peak sampled VmRSS |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for i, e := range exports {
		fmt.Printf("| %d | %d | %d | %v | %v | %.1f MiB | %.1f MiB | %.1f MiB |\n", i+1, e.rows, e.bytes,
			e.firstByte.Round(time.Millisecond), e.wall.Round(time.Millisecond), mib(e.rssBefore), mib(e.peakHWM), mib(e.peakSampled))
	}
	fmt.Printf("\nserver peak RSS over the whole run (sign-ins included) %.1f MiB; load average at the end %s\n", mib(hwm), benchkit.LoadAvg())

	if o.explain {
		return explain(ctx, bdb, ten, lists)
	}
	return nil
}

// listSpec is one list endpoint and what its scenarios need: the table behind it, deep cursors
// and search terms.
type listSpec struct {
	path, table string
	company     int64
	size        int
	words       []string
	// deep holds one cursor per client, spread over the middle half of the name order.
	deep []string
	// names are whole names of random rows (lower case), searched one after another so that
	// most searches have no cached total.
	names []string
}

// cursorSpec is the lists' default sort as listing encodes its cursors.
var cursorSpec = listing.Spec{Columns: map[string]listing.Column{"name": {Kind: listing.String}}, Default: "name"}

type sortKey struct {
	value string
	id    int64
}

func (l *listSpec) prepare(ctx context.Context, bdb *bun.DB, conc int) error {
	plan, err := listing.NewPlan(cursorSpec, listing.Query{PerPage: 1})
	if err != nil {
		return err
	}
	for w := 0; w < conc; w++ {
		var k sortKey
		// Offsets are slow, which is why the lists use cursors: the bench pays them once here.
		err := bdb.NewRaw("SELECT lower(name), id FROM ? WHERE company_id = ? AND deleted_at IS NULL ORDER BY lower(name), id OFFSET ? LIMIT 1",
			bun.Ident(l.table), l.company, l.size/4+w*(l.size/2)/conc).Scan(ctx, &k.value, &k.id)
		if err != nil {
			return err
		}
		// The product's own encoder makes the cursor: a page of two rows of which one is shown
		// has a next cursor at the shown row.
		page := listing.Finish(plan, []sortKey{k, k}, 2, func(k sortKey) (any, int64) { return k.value, k.id })
		l.deep = append(l.deep, page.Meta.NextCursor)
	}
	return bdb.NewRaw("SELECT lower(name) FROM ? WHERE company_id = ? AND deleted_at IS NULL ORDER BY random() LIMIT 5000",
		bun.Ident(l.table), l.company).Scan(ctx, &l.names)
}

// scenarios are the measured requests of list l as s: page navigation, and searches.
func (l *listSpec) scenarios(s *benchkit.Session, perPage int) (pages, searches []benchkit.Scenario) {
	base := fmt.Sprintf("%s?per_page=%d", l.path, perPage)
	get := func(path string) error {
		_, err := s.Do(http.MethodGet, path, "", nil, http.StatusOK, false)
		return err
	}
	// Page navigation decodes every answer, as the deep walk must to find its next cursor.
	page := func(path string) error {
		m, err := s.List(path)
		if err == nil && len(m.Data) != perPage {
			err = fmt.Errorf("page has %d rows", len(m.Data))
		}
		return err
	}
	label := func(what string) string { return fmt.Sprintf("%s %s as %s", l.path, what, s.User) }
	// Each client walks forward from its own deep cursor by the server's next cursors, and starts
	// over after 40 pages.
	walk := make([]string, len(l.deep))
	walked := make([]int, len(l.deep))
	return []benchkit.Scenario{
			{Name: label("first page"), Fn: func(int, int) error { return page(base) }},
			{Name: label("deep page (next cursors from the middle)"), Fn: func(w, _ int) error {
				if walk[w] == "" || walked[w] >= 40 {
					walk[w], walked[w] = l.deep[w], 0
				}
				m, err := s.List(base + "&after=" + url.QueryEscape(walk[w]))
				if err != nil {
					return err
				}
				// Only the list's end may be short (small -products runs walk into it).
				if len(m.Data) == 0 || len(m.Data) < perPage && m.Meta.NextCursor != "" {
					return fmt.Errorf("deep page has %d rows", len(m.Data))
				}
				walk[w], walked[w] = m.Meta.NextCursor, walked[w]+1
				return nil
			}},
			{Name: label("last page (last=true)"), Fn: func(int, int) error { return page(base + "&last=true") }},
		}, []benchkit.Scenario{
			{Name: label("search, 20 words (cached totals)"), Fn: func(w, i int) error {
				return get(base + "&q=" + url.QueryEscape(l.words[(w+i)%len(l.words)]))
			}, Prime: func() error {
				for _, w := range l.words {
					if err := get(base + "&q=" + url.QueryEscape(w)); err != nil {
						return err
					}
				}
				return nil
			}},
			{Name: label("search, whole names (new totals)"), Fn: func(int, int) error {
				return get(base + "&q=" + url.QueryEscape(l.names[rand.IntN(len(l.names))]))
			}},
		}
}

// cold times the first page right after a write, which clears the cached totals: once with one
// client, and once with conc clients asking at the same moment (the total is counted by each).
func (l *listSpec) cold(ctx context.Context, bdb *bun.DB, s *benchkit.Session, perPage, conc, rounds int) (*benchkit.Result, *benchkit.Result, error) {
	one := &benchkit.Result{Name: fmt.Sprintf("%s first page after a write, as %s", l.path, s.User), Conc: 1}
	many := &benchkit.Result{Name: fmt.Sprintf("%s first page after a write, all at once, as %s", l.path, s.User), Conc: conc}
	var categoryID int64
	if l.table == "products" {
		if err := bdb.NewRaw("SELECT min(id) FROM categories WHERE company_id = ? AND deleted_at IS NULL", l.company).Scan(ctx, &categoryID); err != nil {
			return nil, nil, err
		}
	}
	page := fmt.Sprintf("%s?per_page=%d", l.path, perPage)
	get := func(int) error { _, err := s.Do(http.MethodGet, page, "", nil, http.StatusOK, false); return err }
	for r := 0; r < rounds; r++ {
		// A 10-digit cédula that the loaded data (documents 1… and 2…) does not use.
		tag := fmt.Sprintf("9%06d%03d", time.Now().UnixNano()/1e3%1e6, r)
		var id int64
		var err error
		if l.table == "products" {
			id, err = createProduct(s, tag, categoryID)
		} else {
			id, err = createCustomer(s, tag)
		}
		if err != nil {
			return nil, nil, err
		}
		t0 := time.Now()
		err = get(0)
		one.Add(time.Since(t0), err)
		// The delete clears the totals again (and keeps the row count as loaded).
		if err := remove(s, fmt.Sprintf("%s/%d", l.path, id)); err != nil {
			return nil, nil, err
		}
		many.Merge(benchkit.Burst(conc, get))
	}
	return one, many, nil
}

func mib(kib int) float64 { return float64(kib) / 1024 }
