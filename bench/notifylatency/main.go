// Command notifylatency measures the live-notification latency of issue 4: from the commit of an
// admin's approval of a purchase order to the arrival of the {"type":"notification"} WebSocket
// frame on every open tab of the order's creator, with 1,000 sockets connected, on two topologies:
//
//   - embedded: `backoffice serve` alone on a fresh data dir (SQLite, embedded NATS with
//     JetStream, in-process cache, demo seed), serving /ws itself;
//   - nats: `backoffice serve` (BACKOFFICE_SERVE_LIVE=false) on a PostgreSQL database of its own
//     (-db, dropped at the end unless -keep), the external NATS (-nats) and Redis (-redis, under a
//     key prefix of this run), plus two `notifier` processes; the sockets alternate between the two
//     notifiers, so each buyer has tabs on both.
//
// Per topology it creates -users buyers through POST /api/users (as the demo admin), signs each in
// once and opens -sockets tabs in all (about sockets/users per buyer, sharing the buyer's session
// cookie authToken like browser tabs do). Every buyer creates orders (POST /api/purchase-orders)
// before the sockets connect (so the "created" fan-out to the admin is not measured), then the admin
// approves -n of them, round-robin over the buyers, one every -interval (open loop, at most
// -inflight at once). Each approval must produce one notification frame on each tab of the creator.
//
// Latency is taken per expected frame (tab × approval) and reported from three starting points:
//   - occurred_at: the server's time of the change, carried by the frame (the notification's
//     occurred_at is the domain event's, taken just before the approving transaction begins, so it
//     precedes the commit by the transaction's own duration: an upper bound of commit → frame);
//   - the approve HTTP response's arrival at the bench (the server answers after the commit and a
//     re-read: a lower bound; negative when the frame beats the response);
//   - the approve request's departure from the bench (the whole user-visible wait).
//
// The frame's created_at (when a notifications consumer stored it) splits the first into event →
// stored and stored → frame. The bench and the servers share the host clock. It also counts lost
// frames (must be 0), duplicates, frames it did not expect, sockets that closed, "slow client
// dropped" warnings in the server logs, and the notifications persisted for each buyer
// (GET /api/notifications) against the approvals made.
//
// Isolation: the product names its JetStream stream (BACKOFFICE), its durable ("notifications") and
// its live subjects (live.>) with fixed names that no setting changes, so two installations on
// one NATS would share events. On the external NATS the bench therefore refuses to start when that
// stream is in use or holds events its durable has not consumed, and deletes the stream afterwards
// when it was the one to create it. -nats private instead starts a nats-server of its own (with
// JetStream, on a free loopback port, store in a temp dir) for complete isolation.
//
// With -chaos (nats topology), the same sockets then go through the scenarios of issue 14
// (chaos.go): kill (notifier-1 SIGKILLed in the middle of -n more approvals: its tabs reconnect to
// notifier-2 with the web client's jittered backoff and resume from GET /api/notifications/missed;
// 0 missed and 0 doubled toasts, and the reconnections' spread), relay (the backoffice SIGKILLed
// and the bench's own NATS server SIGKILLed and restarted during a -burst of orders: each event
// stored once per administrator and shown once by every admin tab; needs -nats private, the
// machine's NATS is never touched) and stalled (-stalled admin tabs that stop reading during that
// burst are cut off while the others go on). The tabs then behave as the web client does: they
// reconnect, resume, and drop a notification id they have shown. The report also gives the
// notifiers' memory per idle socket. The 10,000-tab run of issue 14:
//
//	notifylatency -topologies nats -nats private -sockets 10000 -users 50 -n 300 -admin-tabs 20 \
//	  -chaos kill,relay -burst 10000 -stalled 5
//
// The bench raises RLIMIT_NOFILE (soft, up to the hard limit) for itself and the servers.
//
// Run both topologies with the binaries copied aside (so a rebuild of bin/ cannot swap them):
//
//	go build -o /tmp/nl-bin/backoffice ./cmd/backoffice && go build -o /tmp/nl-bin/notifier ./cmd/notifier && \
//	go run ./bench/notifylatency -bin /tmp/nl-bin/backoffice -notifier /tmp/nl-bin/notifier
//
// Smaller while developing: -sockets 100 -users 10 -n 20. Everything runs on loopback; every
// phase has a timeout and -timeout bounds the whole run. On a shared machine the approvals wait
// (at most -quiet-wait) for a moment when the host's CPU is mostly idle; the report gives the host's
// CPU use during the measurement either way.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"
)

// watchIssue14 is the page mix of issue 14's buyer tabs (-watch issue14): a quarter on the
// purchase orders, a quarter on the dashboard (which the web client reports as every list the
// dashboard sums, purchase orders included), a quarter on the products and a quarter on the
// suppliers; every tab's notification list too. An approval's order-list invalidation therefore
// concerns half the tabs.
const watchIssue14 = "purchase-orders,notifications;" +
	"dashboard,purchases,sales,payments,returns,products,purchase-orders,received-orders,customers,suppliers,notifications;" +
	"products,notifications;suppliers,notifications"

// options are the command's flags.
type options struct {
	bin, notifier, natsServer    string
	topologies                   string
	pg, dbName, natsURL          string
	redisURL, password           string
	sockets, users, adminTabs, n int
	inflight, dialConc           int
	interval, drain, timeout     time.Duration
	quietWait                    time.Duration
	quietBusy                    float64
	keep, keepLogs               bool
	chaos                        string
	burst, stalled               int
	burstInflight                int
	watch                        [][]string
}

func main() {
	var o options
	flag.StringVar(&o.bin, "bin", "/tmp/nl-bin/backoffice", "backoffice binary (a copy, so that a rebuild cannot swap it mid-run)")
	flag.StringVar(&o.notifier, "notifier", "/tmp/nl-bin/notifier", "notifier binary (a copy)")
	flag.StringVar(&o.topologies, "topologies", "embedded,nats", "comma-separated: embedded, nats")
	flag.StringVar(&o.pg, "pg", "postgres://postgres@127.0.0.1:5432/test?sslmode=disable", "PostgreSQL URL of an existing database, used to create the bench database (nats topology)")
	flag.StringVar(&o.dbName, "db", "bench_notify", "bench database (nats topology; dropped and created fresh, dropped at the end unless -keep)")
	flag.StringVar(&o.natsURL, "nats", "nats://127.0.0.1:4222", "external NATS with JetStream (nats topology), or \"private\" to start a nats-server of the bench's own")
	flag.StringVar(&o.natsServer, "nats-server", "/usr/sbin/nats-server", "nats-server binary for -nats private")
	flag.StringVar(&o.redisURL, "redis", "redis://127.0.0.1:6379/12", "Redis URL (nats topology); keys go under a prefix of this run and are deleted at the end")
	flag.StringVar(&o.password, "password", "Demo123!", "demo admin's password")
	flag.IntVar(&o.sockets, "sockets", 1000, "buyer WebSockets (tabs) in all, spread evenly over the buyers")
	flag.IntVar(&o.users, "users", 50, "buyers created for the run (one sign-in each)")
	flag.IntVar(&o.adminTabs, "admin-tabs", 0, "extra tabs of the approving admin (they receive list invalidations only)")
	flag.IntVar(&o.n, "n", 300, "approvals (= purchase orders created beforehand)")
	flag.DurationVar(&o.interval, "interval", 25*time.Millisecond, "time between approval starts (open loop)")
	flag.IntVar(&o.inflight, "inflight", 8, "approvals in flight at most")
	flag.IntVar(&o.dialConc, "dial-concurrency", 32, "WebSocket handshakes in parallel")
	flag.DurationVar(&o.drain, "drain", 30*time.Second, "wait for the last expected frames after the last approval")
	flag.DurationVar(&o.timeout, "timeout", 15*time.Minute, "bound of the whole run")
	flag.DurationVar(&o.quietWait, "quiet-wait", 3*time.Minute, "before the approvals, wait up to this long for a 2 s window in which the host's CPU is less than -quiet-busy busy (0: start at once)")
	flag.Float64Var(&o.quietBusy, "quiet-busy", 0.35, "host CPU share (0–1) below which the host counts as quiet")
	flag.StringVar(&o.chaos, "chaos", "", "after the latency run, on the nats topology: kill (SIGKILL notifier-1 mid-burst of -n approvals), relay (SIGKILL the backoffice and restart NATS during a -burst of orders; needs -nats private); comma-separated")
	flag.IntVar(&o.burst, "burst", 10000, "orders (events) of the relay scenario")
	flag.IntVar(&o.burstInflight, "burst-inflight", 8, "orders of the relay scenario's burst in flight at once (one worker each)")
	flag.IntVar(&o.stalled, "stalled", 5, "admin tabs that stop reading during the relay scenario's burst")
	watchMix := flag.String("watch", "", "what the buyer tabs say they show, as the web client does ({\"type\":\"watch\"}): pages separated by ';', each a comma-separated list of list names, spread evenly over each buyer's tabs (\"\": the tabs say nothing and get every invalidation). "+
		"The issue 14 mix: "+watchIssue14)
	flag.BoolVar(&o.keep, "keep", false, "keep the PostgreSQL bench database")
	flag.BoolVar(&o.keepLogs, "keep-logs", false, "keep the servers' data dirs and logs (kept anyway when a topology fails)")
	flag.Parse()
	o.sockets = min(max(o.sockets, 1), 20000)
	o.users = min(max(o.users, 1), min(o.sockets, 1000))
	o.adminTabs = min(max(o.adminTabs, 0), 5000)
	o.n = min(max(o.n, 1), 5000)
	o.inflight = min(max(o.inflight, 1), 64)
	o.dialConc = min(max(o.dialConc, 1), 256)
	o.interval = max(o.interval, time.Millisecond)
	o.drain = min(max(o.drain, time.Second), 5*time.Minute)
	o.timeout = min(max(o.timeout, time.Minute), time.Hour)
	o.quietWait = min(max(o.quietWait, 0), 30*time.Minute)
	o.burst = min(max(o.burst, 1), 50000)
	o.stalled = min(max(o.stalled, 0), 100)
	o.burstInflight = min(max(o.burstInflight, 1), 64)
	if *watchMix == "issue14" {
		*watchMix = watchIssue14
	}
	for _, page := range strings.Split(*watchMix, ";") {
		if page = strings.TrimSpace(page); page != "" {
			o.watch = append(o.watch, strings.Split(page, ","))
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	// A last resort should a phase ignore its context: the children are ended by cleanup.
	watchdog := time.AfterFunc(o.timeout+2*time.Minute, func() {
		fmt.Fprintln(os.Stderr, "notifylatency: watchdog: run exceeded -timeout, giving up")
		runCleanups()
		os.Exit(2)
	})
	defer watchdog.Stop()

	code := 0
	if err := run(ctx, o); err != nil {
		fmt.Fprintln(os.Stderr, "notifylatency:", err)
		code = 1
	}
	runCleanups()
	os.Exit(code)
}

func run(ctx context.Context, o options) error {
	lim, err := raiseNoFile(o.sockets*2 + o.adminTabs*2 + 4096)
	if err != nil {
		return fmt.Errorf("raise RLIMIT_NOFILE: %w", err)
	}
	var results []*result
	var failed []string
	for _, t := range strings.Split(o.topologies, ",") {
		t = strings.TrimSpace(t)
		if t == "" {
			continue
		}
		if ctx.Err() != nil {
			break
		}
		logf("topology %s: start", t)
		r, err := runTopology(ctx, o, t)
		if err != nil {
			logf("topology %s failed: %v", t, err)
			failed = append(failed, t+": "+err.Error())
			continue
		}
		results = append(results, r)
	}
	printReport(o, lim, results)
	if len(failed) > 0 {
		return fmt.Errorf("failed: %s", strings.Join(failed, "; "))
	}
	for _, r := range results {
		if r.lost() > 0 || r.persistMissing > 0 {
			return fmt.Errorf("%s: %d frames lost, %d notifications not persisted", r.topology, r.lost(), r.persistMissing)
		}
		if c := r.chaos; c != nil && (c.killMissed+c.killTwice+c.relayMissed+c.relayTwice+c.storedTwice+c.storedNone > 0) {
			return fmt.Errorf("%s chaos: kill %d missed %d twice; relay %d missed %d twice, table %d twice %d missing",
				r.topology, c.killMissed, c.killTwice, c.relayMissed, c.relayTwice, c.storedTwice, c.storedNone)
		}
	}
	return nil
}

// raiseNoFile sets RLIMIT_NOFILE's soft limit to at least want (bounded by the hard limit, raised
// too when allowed). Calling Setrlimit also makes os/exec hand the raised limit to the servers.
func raiseNoFile(want int) (uint64, error) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0, err
	}
	w := uint64(want)
	if r.Max < w {
		// Only root may raise the hard limit; try, then settle for what there is.
		nr := syscall.Rlimit{Cur: w, Max: w}
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &nr); err == nil {
			return w, nil
		}
	}
	r.Cur = max(r.Cur, min(w, r.Max))
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0, err
	}
	if r.Cur < w {
		logf("warning: RLIMIT_NOFILE is %d, below the %d this run wants", r.Cur, w)
	}
	return r.Cur, nil
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, time.Now().Format("15:04:05.000 ")+format+"\n", args...)
}

// machine describes where the run happened.
func machine() string {
	model := "?"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "model name") {
				if i := strings.Index(line, ":"); i >= 0 {
					model = strings.TrimSpace(line[i+1:])
				}
				break
			}
		}
	}
	kernel := "?"
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		kernel = strings.TrimSpace(string(b))
	}
	return fmt.Sprintf("%d CPUs (%s), Linux %s, bench built with %s", runtime.NumCPU(), model, kernel, runtime.Version())
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:3], " ")
}
