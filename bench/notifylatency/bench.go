package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

// buyerPassword is the password of the buyers the bench creates (meets the password policy).
const buyerPassword = "Bench-Notify1!"

// result is what one topology measured.
type result struct {
	topology  string
	processes string
	notes     []string

	buyers, buyerTabs, adminTabs int
	tabsPerBuyer                 string

	approvalsOK, approvalsFailed int
	firstApprovalErr             string
	approvalSpan                 time.Duration
	maxLag                       time.Duration
	approveHTTP                  []time.Duration

	expected, received, duplicates, unexpected int
	closedEarly                                int
	firstCloseErr                              string
	invalidates, others                        int
	invalidatesExpected                        int
	slowDropped                                int

	fromOccurred, fromResponse, fromRequest []time.Duration
	eventToStored, storedToFrame            []time.Duration
	occurredResolution                      string
	occurredMismatch                        int

	persistExpected, persistFound, persistMissing, persistExtra int
	createdDrain                                                time.Duration

	memPerSocket string // notifier RSS growth per idle socket
	disconnectsA int    // socket closures during the latency run (resilient tabs reconnect)
	chaos        *chaosResult

	loadBefore, loadAfter string
	procStats             []procStat
	benchCPU              time.Duration
	hostBusy              float64 // share of the host's CPU time busy (anyone's) during approvals and drain
	quiet                 string
	at                    time.Time
}

func (r *result) lost() int { return r.expected - r.received }

// procStat is one server process's resources: CPU during the approval phase, RSS after it.
type procStat struct {
	name         string
	cpu          time.Duration
	rssKiB, hwmK int
}

// deployment is a running topology: where the API and the live channel are.
type deployment struct {
	api   string
	ws    []string
	procs []*proc
	// after runs once the workload is done, while everything still runs (notes for the report).
	after func(r *result)

	// The nats topology's parts, for the chaos scenarios: each restart starts the process again
	// with the same settings and address (and replaces it in procs).
	dbURL                   string
	apiProc, natsProc       *proc
	notifiers               []*proc
	restartAPI, restartNATS func(ctx context.Context) (*proc, error)
	restartNotifier         func(ctx context.Context, i int) (*proc, error)
}

// replace swaps old for p in d.procs.
func (d *deployment) replace(old, p *proc) {
	for i := range d.procs {
		if d.procs[i] == old {
			d.procs[i] = p
		}
	}
}

// runTopology starts the topology's processes, runs the workload and stops everything it started.
func runTopology(ctx context.Context, o options, name string) (r *result, err error) {
	mark := cleanupMark()
	defer runCleanupsTo(mark)
	r = &result{topology: name, at: time.Now().UTC(), loadBefore: loadavg()}
	dir, err := os.MkdirTemp("", "bench-notifylatency-"+name+"-")
	if err != nil {
		return nil, err
	}
	// The logs stay when the topology fails (the error names them) or with -keep-logs.
	addCleanup(func() {
		if err == nil && !o.keepLogs {
			_ = os.RemoveAll(dir)
		} else {
			logf("logs and data of %s kept in %s", name, dir)
		}
	})
	var d *deployment
	switch name {
	case "embedded":
		d, err = startEmbedded(ctx, o, dir, r)
	case "nats":
		d, err = startNATS(ctx, o, dir, r)
	default:
		return nil, fmt.Errorf("unknown topology %q (embedded, nats)", name)
	}
	if err != nil {
		return nil, err
	}
	if err := workload(ctx, o, d, r); err != nil {
		return nil, err
	}
	if d.after != nil {
		d.after(r)
	}
	r.loadAfter = loadavg()
	return r, nil
}

func startEmbedded(ctx context.Context, o options, dir string, r *result) (*deployment, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	env := childEnv("BACKOFFICE_ADDR="+addr, "BACKOFFICE_DATA_DIR="+filepath.Join(dir, "data"),
		"BACKOFFICE_LOG_LEVEL=warn", "BACKOFFICE_SHUTDOWN_TIMEOUT=5s")
	p, err := startProc("backoffice", o.bin, []string{"serve"}, env, addr, filepath.Join(dir, "backoffice.log"))
	if err != nil {
		return nil, err
	}
	if err := p.waitReady(ctx, 90*time.Second); err != nil {
		return nil, err
	}
	r.processes = "1 × backoffice serve (SQLite, embedded NATS, in-process cache), /ws on it"
	return &deployment{api: p.base, ws: []string{"ws://" + addr + "/ws"}, procs: []*proc{p}}, nil
}

func startNATS(ctx context.Context, o options, dir string, r *result) (*deployment, error) {
	var procs []*proc
	d := &deployment{}
	natsURL := o.natsURL
	if natsURL == "private" {
		addr, err := freeAddr()
		if err != nil {
			return nil, err
		}
		host, port, _ := strings.Cut(addr, ":")
		starts := 0
		d.restartNATS = func(ctx context.Context) (*proc, error) {
			starts++
			// The same port and store dir: the stream and its durable survive the restart.
			ns, err := startProc("nats-server", o.natsServer, []string{"-a", host, "-p", port, "-js", "-sd", filepath.Join(dir, "nats")},
				childEnv(), addr, filepath.Join(dir, fmt.Sprintf("nats-server-%d.log", starts)))
			if err != nil {
				return nil, err
			}
			return ns, ns.waitTCP(ctx, 30*time.Second)
		}
		ns, err := d.restartNATS(ctx)
		if err != nil {
			return nil, err
		}
		d.natsProc = ns
		procs = append(procs, ns)
		natsURL = "nats://" + addr
		r.notes = append(r.notes, "NATS: a private nats-server (JetStream) started by the bench on "+natsURL)
	} else {
		g, err := guardStream(ctx, natsURL)
		if err != nil {
			return nil, err
		}
		// Registered before the servers start, so it runs after they have stopped.
		addCleanup(g.release)
		r.notes = append(r.notes, "NATS: shared server "+natsURL+"; "+g.note)
	}
	if err := checkRedis(ctx, o.redisURL); err != nil {
		return nil, fmt.Errorf("redis %s: %w", o.redisURL, err)
	}
	prefix := fmt.Sprintf("bench-notifylatency-%d-%d:", os.Getpid(), time.Now().Unix())
	before, err := redisKeys(ctx, o.redisURL)
	if err != nil {
		return nil, err
	}
	addCleanup(func() {
		n, prefixed, err := cleanRedis(o.redisURL, prefix, before)
		switch {
		case err != nil:
			logf("redis cleanup: %v", err)
		case prefixed:
			logf("redis: %d keys under %s deleted", n, prefix)
		default:
			logf("redis: the servers wrote no key under BACKOFFICE_REDIS_PREFIX=%s (the setting is not read); the %d keys that appeared in %s during the run deleted", prefix, n, o.redisURL)
		}
	})
	if err := benchkit.EnsureDatabase(ctx, o.pg, o.dbName, true); err != nil {
		return nil, fmt.Errorf("bench database: %w", err)
	}
	dbURL, err := benchkit.DatabaseURL(o.pg, o.dbName)
	if err != nil {
		return nil, err
	}
	if !o.keep {
		addCleanup(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			if err := benchkit.DropDatabase(ctx, o.pg, o.dbName); err != nil {
				logf("drop database %s: %v", o.dbName, err)
			}
		})
	}
	common := []string{"BACKOFFICE_DATABASE_URL=" + dbURL, "BACKOFFICE_NATS_URL=" + natsURL,
		"BACKOFFICE_REDIS_URL=" + o.redisURL, "BACKOFFICE_REDIS_PREFIX=" + prefix,
		"BACKOFFICE_LOG_LEVEL=warn", "BACKOFFICE_SHUTDOWN_TIMEOUT=5s", "BACKOFFICE_DATA_DIR=" + filepath.Join(dir, "data")}
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	env := childEnv(append(common, "BACKOFFICE_ADDR="+addr, "BACKOFFICE_SEED_DEMO=true", "BACKOFFICE_SERVE_LIVE=false")...)
	apiStarts := 0
	d.restartAPI = func(ctx context.Context) (*proc, error) {
		apiStarts++
		p, err := startProc("backoffice", o.bin, []string{"serve"}, env, addr, filepath.Join(dir, fmt.Sprintf("backoffice-%d.log", apiStarts)))
		if err != nil {
			return nil, err
		}
		return p, p.waitReady(ctx, 120*time.Second)
	}
	api, err := d.restartAPI(ctx)
	if err != nil {
		return nil, err
	}
	d.apiProc = api
	procs = append(procs, api)
	// The notifiers start on the migrated database.
	var ws []string
	notifierStarts := map[int]int{}
	d.restartNotifier = func(ctx context.Context, i int) (*proc, error) {
		notifierStarts[i]++
		naddr := strings.TrimSuffix(strings.TrimPrefix(ws[i], "ws://"), "/ws")
		nenv := childEnv(append(common, "BACKOFFICE_NOTIFIER_ADDR="+naddr)...)
		n, err := startProc(fmt.Sprintf("notifier-%d", i+1), o.notifier, nil, nenv, naddr, filepath.Join(dir, fmt.Sprintf("notifier-%d.%d.log", i+1, notifierStarts[i])))
		if err != nil {
			return nil, err
		}
		return n, n.waitReady(ctx, 60*time.Second)
	}
	for i := range 2 {
		naddr, err := freeAddr()
		if err != nil {
			return nil, err
		}
		ws = append(ws, "ws://"+naddr+"/ws")
		n, err := d.restartNotifier(ctx, i)
		if err != nil {
			return nil, err
		}
		procs = append(procs, n)
		d.notifiers = append(d.notifiers, n)
	}
	r.processes = "1 × backoffice serve (PostgreSQL, BACKOFFICE_SERVE_LIVE=false) + 2 × notifier serving /ws, external NATS, Redis"
	r.notes = append(r.notes, fmt.Sprintf("PostgreSQL database %s (fresh), Redis %s under prefix %s", o.dbName, o.redisURL, prefix))
	after := func(r *result) {
		keys, err := redisKeys(context.Background(), o.redisURL)
		if err != nil {
			return
		}
		in, out := 0, 0
		for k := range keys {
			if strings.HasPrefix(k, prefix) {
				in++
			} else if !before[k] {
				out++
			}
		}
		if in == 0 && out > 0 {
			r.notes = append(r.notes, fmt.Sprintf("Redis: BACKOFFICE_REDIS_PREFIX was not honoured: the servers wrote %d keys without it (platform/config does not read the variable); the bench deletes the keys that appeared during the run", out))
		}
	}
	d.api, d.ws, d.procs, d.after, d.dbURL = api.base, ws, procs, after, dbURL
	return d, nil
}

// order is a purchase order created for an approval, with its creator.
type order struct {
	id    int64
	buyer *session
}

// approval is one approve request as the bench saw it.
type approval struct {
	orderID, creator int64
	sent, answered   time.Time
	approvedAt       time.Time
	ok               bool
	err              error
}

// workload sets up buyers and orders, connects the sockets, approves and measures.
func workload(ctx context.Context, o options, d *deployment, r *result) error {
	client := newHTTPClient(o.inflight + 8)
	admin, err := login(ctx, client, d.api, "admin", o.password)
	if err != nil {
		return err
	}
	categoryID, productID, err := admin.createCatalog(ctx)
	if err != nil {
		return fmt.Errorf("catalog: %w", err)
	}

	// Buyers: each creation and each sign-in is one argon2id hash (64 MiB), two at a time.
	t0 := time.Now()
	buyers := make([]*session, o.users)
	err = parallel(ctx, o.users, 2, func(ctx context.Context, i int) error {
		name := fmt.Sprintf("nlbuyer%04d", i+1)
		if _, err := admin.createBuyer(ctx, name, buyerPassword, admin.companyID); err != nil {
			return err
		}
		s, err := login(ctx, client, d.api, name, buyerPassword)
		buyers[i] = s
		return err
	})
	if err != nil {
		return fmt.Errorf("buyers: %w", err)
	}
	logf("%d buyers created and signed in (%v)", o.users, time.Since(t0).Round(time.Millisecond))

	// Orders, round-robin over the buyers, before any socket is open.
	t0 = time.Now()
	orders, err := createOrders(ctx, buyers, o.n, categoryID, productID)
	if err != nil {
		return err
	}
	logf("%d purchase orders created (%v)", o.n, time.Since(t0).Round(time.Millisecond))
	// Their "created" notifications go to the admin; wait until all are stored, so the
	// consumer's backlog is empty when the measurement starts.
	t0 = time.Now()
	if err := waitAdminCreated(ctx, admin, o.n, 90*time.Second); err != nil {
		return err
	}
	r.createdDrain = time.Since(t0)

	// Tabs: tab i belongs to buyer i mod users; a buyer's k-th tab goes to live endpoint k mod
	// endpoints, so with two notifiers every buyer has tabs on both.
	var tabs []*tab
	tabsOf := map[int64][]*tab{}
	for i := range o.sockets {
		b := buyers[i%len(buyers)]
		k := i / len(buyers) // the buyer's k-th tab
		t := &tab{idx: i, userID: b.userID, token: b.token, url: d.ws[k%len(d.ws)]}
		if len(o.watch) > 0 {
			// Every page of the mix on every endpoint: the pairs of tabs k, k+1 share a page.
			t.watch = o.watch[(k/len(d.ws))%len(o.watch)]
		}
		tabs = append(tabs, t)
		tabsOf[b.userID] = append(tabsOf[b.userID], t)
	}
	for i := range o.adminTabs {
		tabs = append(tabs, &tab{idx: o.sockets + i, userID: admin.userID, token: admin.token, url: d.ws[i%len(d.ws)]})
	}
	r.buyers, r.buyerTabs, r.adminTabs = o.users, o.sockets, o.adminTabs
	lo, hi := o.sockets/o.users, (o.sockets+o.users-1)/o.users
	r.tabsPerBuyer = fmt.Sprint(lo)
	if hi != lo {
		r.tabsPerBuyer = fmt.Sprintf("%d–%d", lo, hi)
	}
	if o.chaos != "" {
		if err := makeResilient(ctx, o, d, admin, buyers, tabs); err != nil {
			return err
		}
	}
	rss0 := liveRSS(d)
	t0 = time.Now()
	defer func() { _ = closeAll(tabs) }()
	if err := dialAll(ctx, tabs, o.dialConc, 3*time.Minute); err != nil {
		return err
	}
	logf("%d sockets connected over %d endpoint(s) (%v)", len(tabs), len(d.ws), time.Since(t0).Round(time.Millisecond))
	time.Sleep(2 * time.Second) // let the handshakes' goroutines settle
	r.memPerSocket = memPerSocket(d, tabs, rss0, liveRSS(d))
	logf("memory per idle socket: %s", r.memPerSocket)
	for _, t := range tabs {
		if closed, err := t.closedEarly(); closed {
			return fmt.Errorf("tab %d closed before the approvals: %v", t.idx, err)
		}
	}

	// On a shared host, start when the others are mostly idle (bounded).
	if o.quietWait > 0 {
		r.quiet = "approvals " + benchkit.WaitQuiet(ctx, o.quietWait, o.quietBusy)
		logf("%s", r.quiet)
	}

	// Approvals, open loop.
	cpu0 := make([]time.Duration, len(d.procs))
	for i, p := range d.procs {
		cpu0[i] = p.cpu()
	}
	busy0, total0 := benchkit.HostCPU()
	var ru0 syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	approvedFrames.Store(0)
	apps := make([]approval, o.n)
	actx, cancel := context.WithTimeout(ctx, time.Duration(o.n)*o.interval+2*time.Minute)
	defer cancel()
	sem := make(chan struct{}, o.inflight)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range orders {
		target := start.Add(time.Duration(i) * o.interval)
		if w := time.Until(target); w > 0 {
			time.Sleep(w)
		}
		select {
		case sem <- struct{}{}:
		case <-actx.Done():
		}
		if actx.Err() != nil {
			break
		}
		r.maxLag = max(r.maxLag, time.Since(target))
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			a := &apps[i]
			a.orderID, a.creator = orders[i].id, orders[i].buyer.userID
			a.sent = time.Now()
			res, err := admin.approve(actx, a.orderID)
			a.answered = time.Now()
			switch {
			case err != nil:
				a.err = err
			case res.Data.Status != "approved" || res.Data.CreatedBy != a.creator:
				a.err = fmt.Errorf("order %d: status %q, created_by %d (want approved, %d)", a.orderID, res.Data.Status, res.Data.CreatedBy, a.creator)
			default:
				a.ok = true
				if res.Data.ApprovedAt != nil {
					a.approvedAt = *res.Data.ApprovedAt
				}
			}
		}()
	}
	wg.Wait()
	r.approvalSpan = time.Since(start)
	expected := 0
	for i := range apps {
		a := &apps[i]
		if a.ok {
			r.approvalsOK++
			expected += len(tabsOf[a.creator])
			r.approveHTTP = append(r.approveHTTP, a.answered.Sub(a.sent))
		} else {
			r.approvalsFailed++
			if r.firstApprovalErr == "" {
				if a.err == nil {
					a.err = errors.New("not sent (timeout)")
				}
				r.firstApprovalErr = a.err.Error()
			}
		}
	}
	logf("%d approvals in %v (%d failed); waiting for %d frames", r.approvalsOK, r.approvalSpan.Round(time.Millisecond), r.approvalsFailed, expected)

	// Drain: every expected frame, or -drain after the last approval.
	deadline := time.Now().Add(o.drain)
	for approvedFrames.Load() < int64(expected) && time.Now().Before(deadline) && ctx.Err() == nil {
		if p := deadProc(d.procs); p != nil {
			return fmt.Errorf("%s exited during the run (%v); log: %s", p.name, p.err, p.log)
		}
		time.Sleep(10 * time.Millisecond)
	}
	logf("%d of %d frames after %v; 1 s more for late duplicates", approvedFrames.Load(), expected, time.Since(start).Round(time.Millisecond))
	time.Sleep(time.Second)

	for i, p := range d.procs {
		r.procStats = append(r.procStats, procStat{name: p.name, cpu: p.cpu() - cpu0[i], rssKiB: p.statusKiB("VmRSS"), hwmK: p.statusKiB("VmHWM")})
	}
	if busy1, total1 := benchkit.HostCPU(); total1 > total0 {
		r.hostBusy = benchkit.HostBusy(busy0, total0, busy1, total1)
	}
	var ru1 syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	r.benchCPU = time.Duration(ru1.Utime.Nano()+ru1.Stime.Nano()-ru0.Utime.Nano()-ru0.Stime.Nano()) * time.Nanosecond
	for _, t := range tabs {
		if closed, err := t.closedEarly(); closed {
			r.closedEarly++
			if r.firstCloseErr == "" && err != nil {
				r.firstCloseErr = fmt.Sprintf("tab %d: %v", t.idx, err)
			}
		}
		r.disconnectsA += len(t.book().disconnects)
	}
	latencyEnd := time.Now()

	// Persisted: each buyer's approval notifications against the approvals of their orders.
	if err := checkPersisted(ctx, buyers, apps, r); err != nil {
		return err
	}
	if o.chaos != "" {
		c, err := chaos(ctx, o, d, admin, buyers, tabs, tabsOf, categoryID, productID)
		r.chaos = c
		if err != nil {
			return err
		}
	}
	if err := closeAll(tabs); err != nil {
		return err
	}
	for _, p := range d.procs {
		r.slowDropped += p.countInLog("slow client dropped")
	}
	analyze(tabs, apps, r, latencyEnd)
	r.expected = expected
	// Every approval invalidates the order lists of every buyer tab of the company and of every
	// admin tab, and the notification list of the creator's tabs.
	r.invalidatesExpected = r.approvalsOK*(o.sockets+o.adminTabs) + expected
	return nil
}

// analyze matches the frames to the approvals: one frame per creator's tab and approval.
func analyze(tabs []*tab, apps []approval, r *result, end time.Time) {
	byOrder := make(map[int64]*approval, len(apps))
	for i := range apps {
		if apps[i].ok {
			byOrder[apps[i].orderID] = &apps[i]
		}
	}
	res := map[string]bool{}
	for _, t := range tabs {
		r.invalidates += t.invalidates
		r.others += t.others
		seen := map[int64]bool{}
		for _, f := range t.frames {
			if f.arrival.After(end) {
				break // the chaos scenarios' frames
			}
			a := byOrder[f.entityID]
			if f.kind != "purchase_order" || f.outcome != "approved" || a == nil || a.creator != t.userID {
				r.unexpected++
				continue
			}
			if seen[f.entityID] {
				r.duplicates++
				continue
			}
			seen[f.entityID] = true
			r.received++
			r.fromOccurred = append(r.fromOccurred, f.arrival.Sub(f.occurredAt))
			r.fromResponse = append(r.fromResponse, f.arrival.Sub(a.answered))
			r.fromRequest = append(r.fromRequest, f.arrival.Sub(a.sent))
			r.eventToStored = append(r.eventToStored, f.createdAt.Sub(f.occurredAt))
			r.storedToFrame = append(r.storedToFrame, f.arrival.Sub(f.createdAt))
			switch ns := f.occurredAt.Nanosecond(); {
			case ns%1e6 != 0 && ns%1e3 != 0:
				res["ns"] = true
			case ns%1e6 != 0:
				res["µs"] = true
			default:
				res["ms or coarser"] = true
			}
			if !a.approvedAt.IsZero() {
				if d := f.occurredAt.Sub(a.approvedAt); d > time.Millisecond || d < -time.Millisecond {
					r.occurredMismatch++
				}
			}
		}
	}
	// The finest resolution seen is the timestamps' (a µs value ends in 000 one time in a thousand).
	for _, k := range []string{"ns", "µs", "ms or coarser"} {
		if res[k] {
			r.occurredResolution = k
			break
		}
	}
}

// checkPersisted lists every buyer's purchase-order notifications (GET /api/notifications) and
// compares the approved ones with the approvals of the buyer's orders.
func checkPersisted(ctx context.Context, buyers []*session, apps []approval, r *result) error {
	want := map[int64]map[int64]bool{}
	for _, a := range apps {
		if a.ok {
			if want[a.creator] == nil {
				want[a.creator] = map[int64]bool{}
			}
			want[a.creator][a.orderID] = true
			r.persistExpected++
		}
	}
	var mu sync.Mutex
	return parallel(ctx, len(buyers), 4, func(ctx context.Context, i int) error {
		b := buyers[i]
		rows, _, err := b.notifications(ctx, "purchase_order")
		if err != nil {
			return err
		}
		got := map[int64]int{}
		for _, n := range rows {
			if n.Outcome == "approved" {
				got[n.EntityID]++
			}
		}
		mu.Lock()
		defer mu.Unlock()
		for id := range want[b.userID] {
			if got[id] > 0 {
				r.persistFound++
			} else {
				r.persistMissing++
			}
		}
		for id, c := range got {
			if !want[b.userID][id] {
				r.persistExtra += c
			} else if c > 1 {
				r.persistExtra += c - 1
			}
		}
		return nil
	})
}

// waitAdminCreated waits until the admin holds n "created" purchase-order notifications.
func waitAdminCreated(ctx context.Context, admin *session, n int, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	last := -1
	for {
		var page struct {
			Meta struct {
				Total int `json:"total"`
			} `json:"meta"`
		}
		q := url.Values{"kind": {"purchase_order"}, "per_page": {"1"}}
		if err := admin.do(ctx, http.MethodGet, "/api/notifications?"+q.Encode(), "", nil, &page); err != nil {
			return err
		}
		last = page.Meta.Total
		if last >= n {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("admin holds %d of %d order-created notifications after %v", last, n, timeout)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// createOrders creates n purchase orders, round-robin over the buyers, 4 at a time.
func createOrders(ctx context.Context, buyers []*session, n int, categoryID, productID int64) ([]order, error) {
	orders := make([]order, n)
	err := parallel(ctx, n, 4, func(ctx context.Context, i int) error {
		b := buyers[i%len(buyers)]
		id, err := b.createOrder(ctx, categoryID, productID, 1+i%50)
		orders[i] = order{id: id, buyer: b}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("orders: %w", err)
	}
	return orders, nil
}

// parallel runs f(0..n-1), conc at a time, and returns the first error (the others are cancelled).
func parallel(ctx context.Context, n, conc int, f func(ctx context.Context, i int) error) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	sem := make(chan struct{}, conc)
	var wg sync.WaitGroup
	for i := range n {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			if err := f(ctx, i); err != nil {
				cancel(err)
			}
		}()
	}
	wg.Wait()
	if err := context.Cause(ctx); err != nil && ctx.Err() != nil {
		return err
	}
	return nil
}

func deadProc(ps []*proc) *proc {
	for _, p := range ps {
		if !p.alive() {
			return p
		}
	}
	return nil
}
