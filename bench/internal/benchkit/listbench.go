package benchkit

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/uptrace/bun"
)

// ServerFlags are the flags of a bench that runs the binary on a database, NATS and Redis of
// its own.
type ServerFlags struct {
	Bin, PG, DBName, NATSURL, RedisURL, Password string
}

// Register declares the flags on fs, with the bench's own defaults for its binary, its database
// and its Redis DB (one nobody else uses: the benches clear the cached totals there).
func (o *ServerFlags) Register(fs *flag.FlagSet, bin, dbName, redisURL string) {
	fs.StringVar(&o.Bin, "bin", bin, "backoffice binary (a copy, so that a rebuild cannot swap it mid-run)")
	fs.StringVar(&o.PG, "pg", "postgres://postgres@127.0.0.1:5432/test?sslmode=disable", "PostgreSQL URL of an existing database, used to create the bench database")
	fs.StringVar(&o.DBName, "db", dbName, "bench database")
	fs.StringVar(&o.NATSURL, "nats", "nats://127.0.0.1:4222", "NATS URL for the server")
	fs.StringVar(&o.RedisURL, "redis", redisURL, "Redis URL for the server (a Redis DB nobody else uses)")
	fs.StringVar(&o.Password, "password", "Demo123!", "demo users' password")
}

// ListOptions are the flags every document-list bench takes (bench/purchaselist,
// bench/salelist).
type ListOptions struct {
	ServerFlags
	Users                                     string
	Docs, Conc, PerPage, Walk                 int
	ColdRounds                                int
	Dur, Warm                                 time.Duration
	Keep, Fresh, Explain, ExplainOnly, Serial bool
	maxDocs                                   int
}

// ListDefaults are a list bench's own defaults: its binary, database and Redis DB, and the
// flag that says how many documents to load (-purchases, -sales) with its bound.
type ListDefaults struct {
	Bin, DBName, RedisURL string
	Docs                  string
	MaxDocs               int
}

// Register declares the flags on fs.
func (o *ListOptions) Register(fs *flag.FlagSet, d ListDefaults) {
	o.ServerFlags.Register(fs, d.Bin, d.DBName, d.RedisURL)
	o.maxDocs = d.MaxDocs
	fs.IntVar(&o.Docs, d.Docs, 1_000_000, fmt.Sprintf("%s in all (90 %% in the demo company, 10 %% in a second one; at most %d)", d.Docs, d.MaxDocs))
	fs.StringVar(&o.Users, "as", "user,admin", "demo users to measure as (user: one company; admin: every company)")
	fs.IntVar(&o.Conc, "c", 20, "concurrent clients (at most 200)")
	fs.IntVar(&o.PerPage, "per-page", 25, "page size")
	fs.IntVar(&o.Walk, "walk", 40, "pages each client follows from its deep cursor before starting over")
	fs.DurationVar(&o.Dur, "d", 10*time.Second, "measured time per scenario group (at most 1m)")
	fs.DurationVar(&o.Warm, "warm", 2*time.Second, "unmeasured warm-up per scenario group (at most 10s)")
	fs.IntVar(&o.ColdRounds, "cold", 5, "rounds of the first page right after a write, per user (at most 50)")
	fs.BoolVar(&o.Keep, "keep", false, "keep the bench database for the next run")
	fs.BoolVar(&o.Fresh, "fresh", false, "drop the bench database first")
	fs.BoolVar(&o.Serial, "serial", true, "also run every scenario with one client first")
	fs.BoolVar(&o.Explain, "explain", false, "print EXPLAIN (ANALYZE, BUFFERS) of the list's queries")
	fs.BoolVar(&o.ExplainOnly, "explain-only", false, "load or reuse the data, print the EXPLAINs and stop (no load phases)")
}

// Clamp bounds the parsed values: every phase of a bench is bounded.
func (o *ListOptions) Clamp() {
	o.Docs = min(max(o.Docs, 100), o.maxDocs)
	o.Conc = min(max(o.Conc, 1), 200)
	o.PerPage = min(max(o.PerPage, 1), 100)
	o.Walk = min(max(o.Walk, 1), 1000)
	o.Dur = min(o.Dur, time.Minute)
	o.Warm = min(o.Warm, 10*time.Second)
	o.ColdRounds = min(max(o.ColdRounds, 0), 50)
}

// Split is how many documents a list bench loads in each company.
type Split struct {
	Demo, Other int
}

// Split is o.Docs shared out: 90 % in the demo company, 10 % in the other.
func (o *ListOptions) Split() Split { return Split{Demo: o.Docs - o.Docs/10, Other: o.Docs / 10} }

// Setup is where the bench runs: its database and the server on it.
func (o *ListOptions) Setup() SetupOptions {
	return SetupOptions{PG: o.PG, DBName: o.DBName, Fresh: o.Fresh, Keep: o.Keep, Bin: o.Bin, NATSURL: o.NATSURL, RedisURL: o.RedisURL}
}

// Login signs in every user of -as at base, sharing one HTTP client sized for -c clients.
func (o *ListOptions) Login(base string) ([]*Session, error) {
	client := &http.Client{Timeout: 30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: o.Conc + 2, MaxConnsPerHost: o.Conc + 2}}
	var out []*Session
	for _, u := range strings.Split(o.Users, ",") {
		s, err := Login(base, strings.TrimSpace(u), o.Password, client)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// Measure runs every scenario group of every list (a bench's own type, around a DocList) — with
// one client first when o.Serial, then with o.Conc clients — and returns the results in that
// order, logging each as it ends.
func Measure[L any](o *ListOptions, lists []L, groups func(L) [][]Scenario) []*Result {
	concs := []int{o.Conc}
	if o.Serial && o.Conc > 1 {
		concs = []int{1, o.Conc}
	}
	var rows []*Result
	for _, c := range concs {
		for _, l := range lists {
			for _, g := range groups(l) {
				for _, r := range Load(g, c, o.Warm, o.Dur) {
					rows = append(rows, r)
					Logf("%s", Line(r))
				}
			}
		}
	}
	return rows
}

// Verdict prints the p99 of the scenarios keep selects (every one when keep is nil) at the
// highest concurrency measured, against target; the controls are printed as the reference.
func Verdict(title string, rows []*Result, target time.Duration, keep func(name string) bool) {
	top := 0
	for _, r := range rows {
		top = max(top, r.Conc)
	}
	fmt.Printf("## Verdict (%s: p99 at %d clients < %s)\n\n", title, top, Ms(target))
	fmt.Println("| scenario | p50 | p99 | verdict |")
	fmt.Println("|---|---|---|---|")
	for _, r := range rows {
		control := strings.Contains(r.Name, "(control")
		if r.Conc != top || !(control || keep == nil || keep(r.Name)) {
			continue
		}
		v := "met"
		switch {
		case control:
			v = "(reference)"
		case r.Errors > 0 || r.Pct(0.99) >= target:
			v = "**not met**"
		}
		fmt.Printf("| %s | %s | %s | %s |\n", r.Name, Ms(r.Pct(0.5)), Ms(r.Pct(0.99)), v)
	}
}

// WordIndex is a module's indexer of the search words of rows written without them (the same
// code serve runs at start for rows loaded straight into the tables).
type WordIndex struct {
	// What the rows are (for the log) and the word table (analysed afterwards).
	What, Table string
	Index       func(context.Context, bun.IDB) (int, error)
}

// IndexWords runs each indexer in turn, timed, and then does what autovacuum would on a live
// system to the word tables that grew: planner statistics and the visibility map.
func IndexWords(ctx context.Context, bdb *bun.DB, ixs ...WordIndex) error {
	for _, ix := range ixs {
		t := time.Now()
		n, err := ix.Index(ctx, bdb)
		if err != nil {
			return fmt.Errorf("index search words of %s: %w", ix.What, err)
		}
		if n == 0 {
			continue
		}
		Logf("indexed the search words of %d %s in %v", n, ix.What, time.Since(t).Round(time.Millisecond))
		if _, err := bdb.ExecContext(ctx, "VACUUM ANALYZE "+ix.Table); err != nil {
			return err
		}
	}
	return nil
}

// Statement is a statement the server runs behind a request, written out for EXPLAIN.
type Statement struct {
	Label, SQL string
	Args       []any
}

// Explain prints EXPLAIN (ANALYZE, BUFFERS) of each statement as a Markdown section.
func Explain(ctx context.Context, bdb *bun.DB, stmts []Statement) error {
	for _, s := range stmts {
		var plan []string
		if err := bdb.NewRaw("EXPLAIN (ANALYZE, BUFFERS) "+s.SQL, s.Args...).Scan(ctx, &plan); err != nil {
			return fmt.Errorf("explain %s: %w", s.Label, err)
		}
		fmt.Printf("\n### EXPLAIN %s\n\n```\n", s.Label)
		for _, line := range plan {
			fmt.Println(line)
		}
		fmt.Println("```")
	}
	return nil
}

// Stmt is a Statement.
func Stmt(label, sql string, args []any) Statement {
	return Statement{Label: label, SQL: sql, Args: args}
}

// Doc is the list itself: the types of the benches that embed a DocList give it to RunList.
func (l *DocList) Doc() *DocList { return l }

// ListBench is what a document-list bench (bench/purchaselist, bench/salelist) gives RunList;
// the rest of the run — the database, the server, the word index, the measurement and the
// report — is every list bench's. L is the bench's list type, around a DocList.
type ListBench[L interface{ Doc() *DocList }] struct {
	// Title names the bench in its report ("sales list"); Table is the list measured.
	Title string
	Table DocTable
	// Target is the p99 bound of the verdict, which Issue names and which covers the scenarios
	// Keep selects (every one when nil).
	Target time.Duration
	Issue  string
	Keep   func(name string) bool
	// Seed fills the migrated database with want documents with SQL, or finds it filled by an
	// earlier run (reused); Describe says what it holds for the report, lines being the rows of
	// the documents' Lines table.
	Seed     func(ctx context.Context, bdb *bun.DB, want Split) (t Tenants, reused bool, err error)
	Lines    string
	Describe func(t Tenants, want Split, lines int) string
	// Words index the search words of the loaded rows, as serve would at its next start.
	Words []WordIndex
	// Open reads what the bench needs of the list d (a signed-in user's, its deep cursors
	// placed, its date-range month in d.Window).
	Open func(ctx context.Context, bdb *bun.DB, d *DocList) (L, error)
	// Groups are the list's scenario groups, each interleaved with its control.
	Groups func(L) [][]Scenario
	// Cold are the first pages timed right after a write.
	Cold []PageQuery
	// Explain prints EXPLAIN (ANALYZE, BUFFERS) of the lists' statements.
	Explain func(ctx context.Context, bdb *bun.DB, lists []L) error
}

// RunList runs a document-list bench: its database and the server on it (Prepare), the load,
// the search words, the cached totals cleared, the demo users signed in, every scenario group
// at one client and at o.Conc, the first pages after a write; then the report (Markdown on
// stdout) and, with o.Explain, the plans.
func RunList[L interface{ Doc() *DocList }](o *ListOptions, b ListBench[L]) error {
	ctx := context.Background()
	setup, err := Prepare(ctx, o.Setup())
	if err != nil {
		return err
	}
	defer setup.Close()
	srv, bdb := setup.Server, setup.DB
	t0 := time.Now()
	want := o.Split()
	ten, reused, err := b.Seed(ctx, bdb, want)
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	var lines int
	if err := bdb.NewRaw("SELECT count(*) FROM "+b.Lines).Scan(ctx, &lines); err != nil {
		return err
	}
	data := b.Describe(ten, want, lines)
	if reused {
		Logf("reusing %s: %s", o.DBName, data)
	} else {
		Logf("loaded %s in %v (SQL generate_series, one transaction, then VACUUM ANALYZE)", data, time.Since(t0).Round(time.Millisecond))
	}
	if err := IndexWords(ctx, bdb, b.Words...); err != nil {
		return err
	}
	// A load straight into the tables bypasses the cached totals' invalidation.
	if err := ClearTotals(ctx, o.RedisURL); err != nil {
		return err
	}
	users, err := o.Login(srv.Base)
	if err != nil {
		return err
	}
	// About 18 months back: inside the three years the benches load.
	window, err := MonthWindow(ctx, bdb, 540)
	if err != nil {
		return err
	}
	lists := make([]L, len(users))
	for i, s := range users {
		d, err := NewDocList(ctx, bdb, b.Table, s, o.Conc, o.PerPage, o.Walk)
		if err != nil {
			return err
		}
		d.Window = window
		if lists[i], err = b.Open(ctx, bdb, d); err != nil {
			return err
		}
	}
	if o.ExplainOnly {
		return b.Explain(ctx, bdb, lists)
	}

	started := time.Now()
	loadStart := LoadAvg()
	busy0, total0 := HostCPU()
	rows := Measure(o, lists, b.Groups)
	var cold []*Result
	if o.ColdRounds > 0 {
		for _, l := range lists {
			rs, err := l.Doc().Cold(ctx, o.RedisURL, o.Conc, o.ColdRounds, b.Cold...)
			if err != nil {
				return err
			}
			for _, r := range rs {
				Logf("%s", Line(r))
			}
			cold = append(cold, rs...)
		}
	}
	busy1, total1 := HostCPU()

	fmt.Printf("# %s bench %s\n\n", b.Title, started.UTC().Format(time.RFC3339))
	fmt.Printf("data: %s; per_page %d; %v per scenario group after %v warm-up; deep walks of %d pages; date range %s..%s; "+
		"%d CPUs; host CPU %.0f%% busy during the measurement (bench, server and databases included); load average at start %s, at the end %s\n\n",
		data, o.PerPage, o.Dur, o.Warm, o.Walk, window[0], window[1], runtime.NumCPU(), 100*HostBusy(busy0, total0, busy1, total1),
		loadStart, LoadAvg())
	fmt.Printf("## GET %s (each group of a user interleaved with its control; totals cached except new search texts and filter values)\n\n", b.Table.Path)
	Table(rows, true, b.Target)
	if len(cold) > 0 {
		fmt.Printf("\n## First page right after a write (cached total invalidated, the list counts again), %d rounds\n\n", o.ColdRounds)
		Table(cold, false, b.Target)
	}
	fmt.Println()
	Verdict(b.Issue, rows, b.Target, b.Keep)
	if o.Explain {
		return b.Explain(ctx, bdb, lists)
	}
	return nil
}

// ListMain is a list bench's main: its flags (with d's defaults) parsed and bounded, and b run
// with them (RunList); an error ends the process with status 1, prefixed with the command's
// name.
func ListMain[L interface{ Doc() *DocList }](name string, d ListDefaults, b ListBench[L]) {
	var o ListOptions
	o.Register(flag.CommandLine, d)
	flag.Parse()
	o.Clamp()
	if err := RunList(&o, b); err != nil {
		fmt.Fprintln(os.Stderr, name+":", err)
		os.Exit(1)
	}
}
