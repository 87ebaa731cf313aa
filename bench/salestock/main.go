// Command salestock measures issue 10's hot product: C clients selling one product at once
// through the real HTTP API until its stock is gone, on the embedded default (SQLite, embedded
// NATS) and on PostgreSQL (with NATS and Redis), against the real binary.
//
// For each backend it starts the binary (the embedded default on a fresh data dir; PostgreSQL on
// a database of its own, dropped at the end), which seeds the demo company; the admin creates the
// hot product with -units units in stock; then -c clients — the demo's sellers "user" and
// "secretary", half each — record sales of 1 to -max-qty units of it to one demo customer, back
// to back (POST /api/sales, multipart with the sale's JSON), each until the API refuses a sale
// with "Not enough stock of <product>: 0 available." (a refusal naming n > 0 units left is
// retried for those n). A monitor reads the product's stock through the API every 50 ms
// meanwhile. It reports the throughput (sales and units per second until the last sale), the
// latency of recorded and of refused sales (p50/p90/p99/max), and checks:
//
//   - units sold (Σ the recorded sales' quantities) = units available: the product's stock is 0;
//   - the stock never read below zero;
//   - every refusal is a 422 with the product's message and the units available;
//   - the customer's sales in the list grew by exactly the recorded sales (nothing stored for a
//     refused one).
//
// Then the last units: the admin creates a product with -last units, and -last-c clients each
// sell one unit at the same moment: exactly -last sales are recorded, the rest refused.
//
//	CGO_ENABLED=0 go build -o /tmp/ss-bin/backoffice ./cmd/backoffice
//	go run ./bench/salestock -bin /tmp/ss-bin/backoffice
//
// -units 200 is a quick run. Everything runs on loopback and every phase is bounded.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

// options are the command's flags: the server's (binary, PostgreSQL, NATS, Redis), and the
// selling's.
type options struct {
	benchkit.ServerFlags
	backends                         string
	conc, units, maxQty, last, lastC int
	timeout                          time.Duration
}

func main() {
	var o options
	o.Register(flag.CommandLine, "/tmp/ss-bin/backoffice", "bench_salestock", "redis://127.0.0.1:6379/8")
	flag.StringVar(&o.backends, "backends", "sqlite,postgres", "backends to measure: sqlite (the embedded default), postgres (a database of this run's own, -db and a time stamp, dropped at the end)")
	flag.IntVar(&o.conc, "c", 20, "concurrent sellers (at most 200)")
	flag.IntVar(&o.units, "units", 3000, "units of the hot product in stock (at most 1,000,000)")
	flag.IntVar(&o.maxQty, "max-qty", 3, "units per sale: 1 to this (at most 100)")
	flag.IntVar(&o.last, "last", 10, "units of the last-units race (0: none)")
	flag.IntVar(&o.lastC, "last-c", 50, "clients of the last-units race, each selling one unit at the same moment (at most 200)")
	flag.DurationVar(&o.timeout, "timeout", 10*time.Minute, "bound of one backend's selling (at most 1h)")
	flag.Parse()
	o.conc = min(max(o.conc, 1), 200)
	o.units = min(max(o.units, 1), 1_000_000)
	o.maxQty = min(max(o.maxQty, 1), 100)
	o.last = min(max(o.last, 0), 10_000)
	o.lastC = min(max(o.lastC, 1), 200)
	o.timeout = min(o.timeout, time.Hour)
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "salestock:", err)
		os.Exit(1)
	}
}

func run(o options) error {
	ctx := context.Background()
	started := time.Now()
	reports, err := benchkit.OnBackends(ctx, o.ServerFlags, o.backends, false, func(b benchkit.Backend) (*report, error) {
		return measure(o, b.Name, b.Server)
	})
	if err != nil {
		return err
	}
	fmt.Printf("# hot product bench %s\n\n", started.UTC().Format(time.RFC3339))
	fmt.Printf("%d sellers (the demo's user and secretary, half each) selling one product of %d units, 1 to %d units a sale, "+
		"until it is sold out; then %d clients at once for the last %d units. %d CPUs.\n\n",
		o.conc, o.units, o.maxQty, o.lastC, o.last, runtime.NumCPU())
	printReports(reports)
	for _, r := range reports {
		if err := r.Err(r.backend); err != nil {
			return err
		}
	}
	return nil
}
