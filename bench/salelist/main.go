// Command salelist measures the sales list of issue 10 ("the sales list at 1,000,000 sales —
// first page, deep page, every filter and search p99 < 100 ms at 20 clients on PostgreSQL")
// against the real binary. It creates (or reuses) a dedicated PostgreSQL database, starts the
// backoffice binary on it (which migrates it and seeds the demo company, its own sales
// included) with NATS and a Redis DB of its own, bulk-loads customers and sales with SQL (1–4
// lines each, four IVA classes, line discounts, legal-entity customers' withholdings, approval
// and payment states, three years of dates; 90 % in the demo company, 10 % in a second one),
// indexes their search words with the modules' own indexers (the customers' through
// modules/people, the sales' numbers and references through modules/sales), clears the
// server's cached list totals, and then, as the demo users "user" (one company) and "admin"
// (every company), with one client and with C closed-loop clients, requests GET /api/sales in
// three interleaved groups, each with a control request that reads no sale:
//
//   - pages: the first page (newest sale first), deep pages (each client starts from its own
//     cursor between 25 % and 75 % of the order, made with platform/listing's encoder, and
//     follows next_cursor for -walk pages), the last page, a month's date range;
//   - filters: approval=pending, approval=rejected, status=partial, and customer_id, store_id
//     and seller, each a random one of those in scope at every request;
//   - sorts and searches: sort by total, customer name, number, balance and creation time, and
//     q= a whole sale number or a whole customer name of a random sale in scope.
//
// It prints p50/p90/p99/max, req/s and errors per scenario as Markdown with the verdict against
// the 100 ms target, then the first page right after a write (the cached total invalidated as a
// write does, so the list counts again). -explain prints EXPLAIN (ANALYZE, BUFFERS) of the SQL
// behind the pages and counts (-explain-only: nothing else). Everything runs on loopback and
// every phase is bounded.
//
//	CGO_ENABLED=0 go build -o /tmp/sl-bin/backoffice ./cmd/backoffice
//	go run ./bench/salelist -bin /tmp/sl-bin/backoffice -pg 'postgres://postgres@127.0.0.1:5432/test?sslmode=disable'
//
// Build the binary aside first so that a rebuild cannot swap it mid-run. -sales 50000 -d 2s is a
// quick run; -keep leaves the database for the next run (which then skips the load when the row
// counts match), -fresh rebuilds it. The whole 1,000,000 takes about 25 minutes, load included.
package main

import (
	"fmt"
	"time"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
	"github.com/backoffice/backoffice/modules/people"
	salesmod "github.com/backoffice/backoffice/modules/sales"
)

// target is issue 10's p99 bound for the sales list.
const target = 100 * time.Millisecond

func main() {
	// Numbers have six digits: VTA-999999 at most.
	benchkit.ListMain("salelist", benchkit.ListDefaults{Bin: "/tmp/sl-bin/backoffice", DBName: "bench_sales",
		RedisURL: "redis://127.0.0.1:6379/10", Docs: "sales", MaxDocs: 1_000_000}, benchkit.ListBench[*list]{
		Title: "sales list", Table: sales, Target: target, Issue: "issue 10: every scenario",
		Seed: seed, Lines: "sale_lines",
		Describe: func(t benchkit.Tenants, want benchkit.Split, lines int) string {
			return fmt.Sprintf("%d bench sales (%d lines in all) — %d in %q (id %d, after the demo's own), %d in %q (id %d); "+
				"%d/%d customers, %d/%d bench stores", want.Demo+want.Other, lines, want.Demo, benchkit.DemoCompany, t.Company,
				want.Other, otherCompany, t.Other, customersDemo, customersOther, len(benchkit.DemoStores), len(benchkit.OtherStores))
		},
		// A load straight into the tables writes no search words: index them as serve would at
		// its next start, with the modules' own code. The customers' words serve the search by
		// customer name, the sales' the search by number.
		Words: []benchkit.WordIndex{
			{What: "suppliers and customers", Table: "customer_words", Index: people.IndexSearchWords},
			{What: "sales", Table: "sale_words", Index: salesmod.IndexSearchWords},
		},
		Open:    prepare,
		Groups:  func(l *list) [][]benchkit.Scenario { return [][]benchkit.Scenario{l.pages(), l.filters(), l.sorts()} },
		Cold:    []benchkit.PageQuery{{What: "first page"}, {What: "approval=pending, first page", Query: "&approval=pending"}},
		Explain: explain,
	})
}

func logf(format string, args ...any) { benchkit.Logf(format, args...) }
