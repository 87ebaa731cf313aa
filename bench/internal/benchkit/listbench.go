package benchkit

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/uptrace/bun"
)

// ListOptions are the flags every document-list bench takes (bench/purchaselist,
// bench/salelist); each adds its own sizes.
type ListOptions struct {
	Bin, PG, DBName, NATSURL, RedisURL, Users, Password string
	Conc, PerPage, Walk, ColdRounds                     int
	Dur, Warm                                           time.Duration
	Keep, Fresh, Explain, ExplainOnly, Serial           bool
}

// Register declares the flags on fs, with the bench's own defaults for its binary, its database
// and its Redis DB (one nobody else uses: the bench clears the cached totals there).
func (o *ListOptions) Register(fs *flag.FlagSet, bin, dbName, redisURL string) {
	fs.StringVar(&o.Bin, "bin", bin, "backoffice binary (a copy, so that a rebuild cannot swap it mid-run)")
	fs.StringVar(&o.PG, "pg", "postgres://postgres@127.0.0.1:5432/test?sslmode=disable", "PostgreSQL URL of an existing database, used to create the bench database")
	fs.StringVar(&o.DBName, "db", dbName, "bench database (created if missing)")
	fs.StringVar(&o.NATSURL, "nats", "nats://127.0.0.1:4222", "NATS URL for the server")
	fs.StringVar(&o.RedisURL, "redis", redisURL, "Redis URL for the server (a Redis DB nobody else uses)")
	fs.StringVar(&o.Users, "as", "user,admin", "demo users to measure as (user: one company; admin: every company)")
	fs.StringVar(&o.Password, "password", "Demo123!", "demo users' password")
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
	o.Conc = min(max(o.Conc, 1), 200)
	o.PerPage = min(max(o.PerPage, 1), 100)
	o.Walk = min(max(o.Walk, 1), 1000)
	o.Dur = min(o.Dur, time.Minute)
	o.Warm = min(o.Warm, 10*time.Second)
	o.ColdRounds = min(max(o.ColdRounds, 0), 50)
}

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
