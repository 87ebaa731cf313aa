// Command paystorm measures issue 11's two money rules under concurrency through the real HTTP
// API, on the embedded default (SQLite, embedded NATS, the in-process cache) and on PostgreSQL
// (with NATS, and Redis keeping the Idempotency-Keys), against the real binary.
//
// For each backend it starts the binary on fresh data (a new data dir; a PostgreSQL database
// created with a name of this run's own and dropped at the end unless -keep), which seeds the
// demo company. The admin creates a service product and the purchases through the API, so they
// are approved at once and every rule of the payments module applies to what follows.
//
// Never overpaid (-attempts over -purchases purchases from -c clients): each attempt is one of
//
//   - a pending payment by the demo's "user" or "secretary" (POST /api/payments),
//   - an approved payment by the admin (POST /api/payments),
//   - an admin's decision on a pending payment of the run (POST /api/payments/{id}/approve or
//     reject): an approval; two approvals of one payment at the same moment (one 200, the other
//     409 'Only pending records…' — never 422, never both); or a rejection (1 in 5), which frees
//     room again.
//
// Amounts are log-uniform between 1/2000 and 1/5 of the purchase's total, so that the purchases
// fill up early and most later payments exceed what is left (422 'The payment exceeds the
// balance due (…)'), while small ones keep fitting into the gaps; one payment in twenty is the
// purchase's whole balance as just read, the boundary to the centavo. Any 5xx fails the run.
// Afterwards, for every purchase, from the API and from SQL: approved paid + pending ≤ total to
// pay, paid = Σ approved payments, balance = total − paid − returns, status as payable.StatusOf,
// and paid = what the bench itself saw approved (nothing approved is lost or counted twice).
//
// Retry storm (-keys keys × -retries sends from -c clients): each key is one submission — a
// payment, a run (POST /api/payments/batch over 2–3 purchases) or a payment that exceeds its
// purchase (refused every time) — by one demo user with its own reference number. The first
// half of a key's sends go out at the same moment (most answer 409 'still being processed'
// while the first runs), the second half afterwards, interleaved with the other keys; one key in
// ten is also sent with another body after it was answered (422, 'already used with another
// request'). It prints the payments stored per key (exactly 1 — or the run's items, or 0 for a
// refused one: anything else is a duplicate), the answers that differ from the key's first
// answer, and the latencies by answer.
//
//	go tool task build
//	cp bin/backoffice /tmp/paystorm-bin/backoffice
//	go run ./bench/paystorm -bin /tmp/paystorm-bin/backoffice
//
// -attempts 1000 -keys 40 is a quick run. Everything runs on loopback and every phase is bounded.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

// options are the command's flags: the server's (binary, PostgreSQL, NATS, Redis) and the runs'.
type options struct {
	benchkit.ServerFlags
	backends             string
	conc, attempts, docs int
	keys, retries        int
	keep                 bool
	timeout              time.Duration
}

func main() {
	var o options
	o.Register(flag.CommandLine, "/tmp/paystorm-bin/backoffice", "bench_paystorm", "redis://127.0.0.1:6379/9")
	flag.StringVar(&o.backends, "backends", "postgres,sqlite", "backends to measure: sqlite (the embedded default), postgres (a database of this run's own, -db and a time stamp)")
	flag.IntVar(&o.conc, "c", 50, "concurrent clients (at most 200)")
	flag.IntVar(&o.attempts, "attempts", 10_000, "payment attempts of the concurrency run (at most 100,000)")
	flag.IntVar(&o.docs, "purchases", 20, "purchases the attempts pay (at most 1,000)")
	flag.IntVar(&o.keys, "keys", 200, "Idempotency-Keys of the retry storm (at most 5,000; 0: no storm)")
	flag.IntVar(&o.retries, "retries", 20, "sends of each key (at most 200)")
	flag.BoolVar(&o.keep, "keep", false, "keep the PostgreSQL database (its name is printed)")
	flag.DurationVar(&o.timeout, "timeout", 20*time.Minute, "bound of each backend's phases (at most 1h)")
	flag.Parse()
	o.conc = min(max(o.conc, 1), 200)
	o.attempts = min(max(o.attempts, 1), 100_000)
	o.docs = min(max(o.docs, 1), 1000)
	o.keys = min(max(o.keys, 0), 5000)
	o.retries = min(max(o.retries, 2), 200)
	o.timeout = min(o.timeout, time.Hour)
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "paystorm:", err)
		os.Exit(1)
	}
}

func run(o options) error {
	ctx := context.Background()
	started := time.Now()
	cpus, load := benchkit.Machine(), benchkit.LoadAvg()
	reports, err := benchkit.OnBackends(ctx, o.ServerFlags, o.backends, o.keep, func(b benchkit.Backend) (*report, error) {
		return measure(ctx, o, b)
	})
	if err != nil {
		return err
	}
	fmt.Printf("# payments under concurrency %s\n\n", started.UTC().Format(time.RFC3339))
	fmt.Printf("Machine: %s; load average at the start %s (a shared machine: other engineers' builds and tests ran meanwhile).\n\n",
		cpus, load)
	printReports(o, reports)
	for _, r := range reports {
		if err := r.Err(r.backend); err != nil {
			return err
		}
	}
	return nil
}

// measure runs both phases on backend b and checks them.
func measure(ctx context.Context, o options, b benchkit.Backend) (*report, error) {
	backend, srv, bdb := b.Name, b.Server, b.DB
	w, err := open(o, srv)
	if err != nil {
		return nil, err
	}
	r := &report{backend: backend}
	benchkit.Logf("%s: creating %d purchases", backend, o.docs)
	docs, err := w.purchases("STORM", o.docs)
	if err != nil {
		return nil, err
	}
	benchkit.Logf("%s: %d attempts from %d clients over %d purchases", backend, o.attempts, o.conc, o.docs)
	r.loadStart = benchkit.LoadAvg()
	cpu0 := srv.CPU()
	busy0, total0 := benchkit.HostCPU()
	r.storm = w.storm(docs, o.conc, o.attempts, o.timeout)
	busy1, total1 := benchkit.HostCPU()
	r.serverCPU, r.hostBusy, r.loadEnd = srv.CPU()-cpu0, benchkit.HostBusy(busy0, total0, busy1, total1), benchkit.LoadAvg()
	s := r.storm
	benchkit.Logf("%s: %d attempts in %v: %v", backend, s.attempts(), s.dur.Round(time.Millisecond), s.counts())
	r.Check(s.fives == 0, "no 5xx answer (%d%s)", s.fives, benchkit.FirstErr(s.firstFive))
	r.Check(s.errors == 0, "no other unexpected answer or transport error (%d%s)", s.errors, benchkit.FirstErr(s.firstErr))
	r.Check(s.attempts() == o.attempts, "every attempt answered: %d of %d", s.attempts(), o.attempts)
	if err := r.checkDocs(ctx, w, bdb, docs, s.approvedByDoc()); err != nil {
		return nil, err
	}
	if o.keys > 0 {
		benchkit.Logf("%s: retry storm, %d keys × %d sends from %d clients", backend, o.keys, o.retries, o.conc)
		rdocs, err := w.purchases("RETRY", max(o.keys/10, 3))
		if err != nil {
			return nil, err
		}
		r.retry = w.retryStorm(rdocs, o.conc, o.keys, o.retries, o.timeout)
		if err := r.checkRetry(ctx, w, bdb, rdocs); err != nil {
			return nil, err
		}
	}
	return r, nil
}
