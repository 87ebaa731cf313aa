package main

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/uptrace/bun/driver/pgdriver"
)

// The chaos scenarios of issue 14, run on the nats topology after the latency measurement, on
// the same sockets (every tab resilient, as the web client is):
//
//   - kill: -n approvals like the latency run's; when half have started, notifier-1 is killed
//     with SIGKILL. Its tabs reconnect to notifier-2 with the web client's jittered backoff and
//     resume; each tab must show every approval of its buyer exactly once (0 missed, 0 shown
//     twice). The reconnections' spread is the thundering-herd measure.
//   - relay: -burst purchase orders created by the buyers (each one event, one "created"
//     notification per administrator, shown by the -admin-tabs tabs). When a quarter exist the
//     backoffice (the outbox relay, and one of the notification consumers) is killed with SIGKILL,
//     then the bench's NATS server is killed and started again on the same port and store, then
//     the backoffice starts again. Every order must have exactly one notification per
//     administrator in the table and every admin tab must show each exactly once.
//   - stalled: -stalled more admin tabs that read nothing after their hello, with a 4 KiB
//     receive buffer, present during the burst: the gateway must cut them off (platform/ws
//     SendBuffer) while the other tabs keep receiving.

// chaosResult is what the chaos scenarios measured.
type chaosResult struct {
	notes []string

	// kill
	killRan                            bool
	killApprovals, killFailed          int
	killExpected, killShown            int
	killMissed, killTwice, killRepeats int
	killViaResume                      int
	killTabs, killMoved                int
	killReconnect                      []time.Duration // kill → each moved tab's first reconnection
	killPeak100ms                      int             // most reconnections in one 100 ms window
	killResumes, killResumeFails       int
	killShownAfter                     time.Duration // kill → last missing toast shown
	killMisses                         []string      // the first few missed toasts, described

	// relay
	relayRan                        bool
	burstOK, burstFailed            int
	events                          int // orders of the burst in the database
	stored, storedTwice, storedNone int // per event and administrator
	unpublished                     int
	adminTabs                       int
	relayExpected, relayShown       int
	relayMissed, relayTwice         int
	relayRepeats, relayViaResume    int
	relayResyncs                    int
	relayDisconnects                int
	relaySpan                       time.Duration
	timeline                        []string
	relayDrain                      time.Duration

	// stalled
	stalled, stalledCut int
	stalledCutLog       int
	healthyP99          time.Duration
}

// chaos runs the kill, relay and stalled scenarios (those named in -chaos).
func chaos(ctx context.Context, o options, d *deployment, admin *session, buyers []*session, tabs []*tab,
	tabsOf map[int64][]*tab, categoryID, productID int64) (*chaosResult, error) {
	c := &chaosResult{}
	if d.restartNotifier == nil {
		c.notes = append(c.notes, "chaos scenarios need the nats topology")
		return c, nil
	}
	if strings.Contains(o.chaos, "kill") {
		if err := c.kill(ctx, o, d, admin, buyers, tabs, tabsOf, categoryID, productID); err != nil {
			return c, fmt.Errorf("kill scenario: %w", err)
		}
	}
	if strings.Contains(o.chaos, "relay") {
		if d.restartNATS == nil {
			c.notes = append(c.notes, "relay scenario skipped: it restarts NATS, so it needs -nats private (never the machine's NATS)")
		} else if err := c.relay(ctx, o, d, admin, buyers, tabs, categoryID, productID); err != nil {
			return c, fmt.Errorf("relay scenario: %w", err)
		}
	}
	return c, nil
}

// shownOf counts, over tabs, the toasts of the entities in want (kind/outcome) and those shown
// under two notification ids (the same event stored twice); books are the tabs' books at the
// start, so that only this scenario's repeats and resumes count.
func shownOf(tabs []*tab, before map[*tab]toastBook, want func(t *tab) map[int64]bool, kind, outcome string) (expected, shown, twice, repeats, viaResume int, last time.Time) {
	for _, t := range tabs {
		w := want(t)
		if len(w) == 0 {
			continue
		}
		expected += len(w)
		b := t.book()
		repeats += b.repeats - before[t].repeats
		per := map[int64]int{}
		for _, to := range b.toasts {
			if to.kind != kind || to.outcome != outcome || !w[to.entityID] {
				continue
			}
			per[to.entityID]++
			if to.viaResume {
				viaResume++
			}
			if to.at.After(last) {
				last = to.at
			}
		}
		for _, n := range per {
			shown++
			if n > 1 {
				twice += n - 1
			}
		}
	}
	return
}

func books(tabs []*tab) map[*tab]toastBook {
	out := make(map[*tab]toastBook, len(tabs))
	for _, t := range tabs {
		out[t] = t.book()
	}
	return out
}

func (c *chaosResult) kill(ctx context.Context, o options, d *deployment, admin *session, buyers []*session, tabs []*tab,
	tabsOf map[int64][]*tab, categoryID, productID int64) error {
	c.killRan = true
	victim := d.notifiers[0]
	victimURL := d.ws[0]
	orders, err := createOrders(ctx, buyers, o.n, categoryID, productID)
	if err != nil {
		return err
	}
	for _, t := range tabs {
		if t.url == victimURL {
			c.killTabs++
		}
	}
	before := books(tabs)
	logf("kill: %d orders created; approving them, notifier-1 (%d tabs) killed at the half", o.n, c.killTabs)
	want := map[int64]map[int64]bool{} // user → approved orders
	answered := map[int64]time.Time{}  // order → approve answer
	var wantMu sync.Mutex
	sem := make(chan struct{}, o.inflight)
	var wg sync.WaitGroup
	var killAt time.Time
	start := time.Now()
	var failed atomic.Int64
	for i := range orders {
		if i == len(orders)/2 {
			killAt = time.Now()
			_ = victim.cmd.Process.Signal(syscall.SIGKILL)
			logf("kill: notifier-1 killed (SIGKILL) after %d approvals started", i)
		}
		if w := time.Until(start.Add(time.Duration(i) * o.interval)); w > 0 {
			time.Sleep(w)
		}
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			res, err := admin.approve(ctx, orders[i].id)
			if err != nil || res.Data.Status != "approved" {
				failed.Add(1)
				return
			}
			wantMu.Lock()
			u := orders[i].buyer.userID
			if want[u] == nil {
				want[u] = map[int64]bool{}
			}
			want[u][orders[i].id] = true
			answered[orders[i].id] = time.Now()
			wantMu.Unlock()
		}()
	}
	wg.Wait()
	c.killFailed = int(failed.Load())
	c.killApprovals = len(orders) - c.killFailed
	wantOf := func(t *tab) map[int64]bool { return want[t.userID] }
	deadline := time.Now().Add(o.drain + time.Minute)
	for {
		exp, shown, _, _, _, _ := shownOf(tabs, before, wantOf, "purchase_order", "approved")
		if shown >= exp || time.Now().After(deadline) || ctx.Err() != nil {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	time.Sleep(time.Second) // late repeats
	var last time.Time
	c.killExpected, c.killShown, c.killTwice, c.killRepeats, c.killViaResume, last = shownOf(tabs, before, wantOf, "purchase_order", "approved")
	c.killMissed = c.killExpected - c.killShown
	if !last.IsZero() {
		c.killShownAfter = last.Sub(killAt)
	}
	var times []time.Time
	for _, t := range tabs {
		b := t.book()
		shownEntities := map[int64]bool{}
		for _, to := range b.toasts {
			if to.kind == "purchase_order" && to.outcome == "approved" {
				shownEntities[to.entityID] = true
			}
		}
		for id := range want[t.userID] {
			if !shownEntities[id] && len(c.killMisses) < 10 {
				var rec []string
				for _, at := range b.reconnects[len(before[t].reconnects):] {
					rec = append(rec, fmt.Sprintf("%+.3fs", at.Sub(killAt).Seconds()))
				}
				c.killMisses = append(c.killMisses, fmt.Sprintf("tab %d (user %d, now on %s, reconnected at %v after the kill, %d resumes) missed order %d answered %+.3fs after the kill",
					t.idx, t.userID, t.url, rec, b.resumes-before[t].resumes, id, answered[id].Sub(killAt).Seconds()))
			}
		}
		c.killResumes += b.resumes - before[t].resumes
		c.killResumeFails += b.resumeFails - before[t].resumeFails
		for _, at := range b.reconnects[len(before[t].reconnects):] {
			if at.After(killAt) {
				c.killMoved++
				c.killReconnect = append(c.killReconnect, at.Sub(killAt))
				times = append(times, at)
				break
			}
		}
	}
	c.killPeak100ms = peakWindow(times, 100*time.Millisecond)
	logf("kill: %d of %d toasts shown (%d missed, %d twice, %d via resume, %d repeated frames dropped); %d tabs moved",
		c.killShown, c.killExpected, c.killMissed, c.killTwice, c.killViaResume, c.killRepeats, c.killMoved)
	// notifier-1 comes back (empty: its tabs stay on notifier-2) for the next scenario.
	p, err := d.restartNotifier(ctx, 0)
	if err != nil {
		return err
	}
	d.replace(victim, p)
	d.notifiers[0] = p
	return nil
}

// peakWindow is the most times falling in one window of width w.
func peakWindow(times []time.Time, w time.Duration) int {
	slices.SortFunc(times, func(a, b time.Time) int { return a.Compare(b) })
	best, j := 0, 0
	for i := range times {
		for times[i].Sub(times[j]) >= w {
			j++
		}
		best = max(best, i-j+1)
	}
	return best
}

func (c *chaosResult) relay(ctx context.Context, o options, d *deployment, admin *session, buyers []*session, tabs []*tab,
	categoryID, productID int64) error {
	c.relayRan = true
	db := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(d.dbURL)))
	defer db.Close()
	var before int64
	if err := db.QueryRowContext(ctx, "SELECT COALESCE(MAX(id), 0) FROM purchase_orders").Scan(&before); err != nil {
		return err
	}
	var adminTabs []*tab
	for _, t := range tabs {
		if t.userID == admin.userID && !t.stalled {
			adminTabs = append(adminTabs, t)
		}
	}
	c.adminTabs = len(adminTabs)
	// Stalled tabs (scenario d): the admin's, reading nothing after the hello.
	var stalled []*tab
	for i := range o.stalled {
		stalled = append(stalled, &tab{idx: 100000 + i, userID: admin.userID, token: admin.token, url: d.ws[i%len(d.ws)],
			stalled: true, rcvBuf: 4096})
	}
	if len(stalled) > 0 {
		if err := dialAll(ctx, stalled, 8, time.Minute); err != nil {
			return err
		}
		defer func() { _ = closeAll(stalled) }()
	}
	c.stalled = len(stalled)
	cutBefore := 0
	for _, p := range d.procs {
		cutBefore += p.countInLog("slow client dropped")
	}
	booksBefore := books(tabs)
	logf("relay: burst of %d orders; backoffice killed at 25%%, NATS killed and restarted, backoffice restarted", o.burst)

	// The burst: -burst-inflight workers (each a buyer's) create orders until the bench has -burst
	// answers; the requests that fail while the backoffice is down are retried.
	var ok, failed, answered atomic.Int64
	bctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	start := time.Now()
	for w := range o.burstInflight {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := buyers[w%len(buyers)]
			for i := 0; bctx.Err() == nil; i++ {
				if ok.Add(1) > int64(o.burst) {
					ok.Add(-1)
					return
				}
				cctx, ccancel := context.WithTimeout(bctx, 20*time.Second)
				_, err := b.createOrder(cctx, categoryID, productID, 1+i%50)
				ccancel()
				if err != nil {
					ok.Add(-1)
					failed.Add(1)
					time.Sleep(200 * time.Millisecond)
				} else {
					answered.Add(1)
				}
			}
		}()
	}
	mark := func(what string) {
		c.timeline = append(c.timeline, fmt.Sprintf("+%.1f s %s (%d orders answered)", time.Since(start).Seconds(), what, answered.Load()))
		logf("relay: %s", c.timeline[len(c.timeline)-1])
	}
	for answered.Load() < int64(o.burst/4) && ctx.Err() == nil {
		time.Sleep(20 * time.Millisecond)
	}
	_ = d.apiProc.cmd.Process.Signal(syscall.SIGKILL)
	mark("backoffice killed (SIGKILL)")
	time.Sleep(2 * time.Second)
	_ = d.natsProc.cmd.Process.Signal(syscall.SIGKILL)
	mark("nats-server killed (SIGKILL)")
	time.Sleep(2 * time.Second)
	ns, err := d.restartNATS(ctx)
	if err != nil {
		return fmt.Errorf("restart NATS: %w", err)
	}
	d.replace(d.natsProc, ns)
	d.natsProc = ns
	mark("nats-server started again (same port and store)")
	api, err := d.restartAPI(ctx)
	if err != nil {
		return fmt.Errorf("restart backoffice: %w", err)
	}
	d.replace(d.apiProc, api)
	d.apiProc = api
	mark("backoffice ready again")
	wg.Wait()
	c.relaySpan = time.Since(start)
	c.burstOK, c.burstFailed = int(ok.Load()), int(failed.Load())
	mark("burst done")

	// Drain: every order of the burst stored once per administrator and shown by every admin
	// tab (redeliveries of what the killed backoffice held wait out AckWait, 30 s).
	var events []int64
	t0 := time.Now()
	deadline := t0.Add(o.drain + 2*time.Minute)
	for {
		events = events[:0]
		rows, err := db.QueryContext(ctx, "SELECT id FROM purchase_orders WHERE id > $1 ORDER BY id", before)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id int64
			_ = rows.Scan(&id)
			events = append(events, id)
		}
		rows.Close()
		want := map[int64]bool{}
		for _, id := range events {
			want[id] = true
		}
		exp, shown, _, _, _, _ := shownOf(adminTabs, booksBefore, func(*tab) map[int64]bool { return want }, "purchase_order", "created")
		var unpublished int
		_ = db.QueryRowContext(ctx, "SELECT count(*) FROM outbox_events WHERE published_at IS NULL").Scan(&unpublished)
		if (shown >= exp && unpublished == 0) || time.Now().After(deadline) || ctx.Err() != nil {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	c.relayDrain = time.Since(t0)
	time.Sleep(time.Second)
	c.events = len(events)
	want := map[int64]bool{}
	for _, id := range events {
		want[id] = true
	}
	// The table: one "created" notification per order and administrator.
	var admins int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE role = 'admin' AND active AND approval_status = 'approved' AND deleted_at IS NULL`).Scan(&admins); err != nil {
		return err
	}
	rows, err := db.QueryContext(ctx, `SELECT entity_id, user_id, count(*) FROM notifications
		WHERE kind = 'purchase_order' AND outcome = 'created' AND entity_id > $1 GROUP BY entity_id, user_id`, before)
	if err != nil {
		return err
	}
	per := map[int64]int{}
	for rows.Next() {
		var e, u int64
		var n int
		_ = rows.Scan(&e, &u, &n)
		per[e]++
		c.stored++
		if n > 1 {
			c.storedTwice += n - 1
		}
	}
	rows.Close()
	for _, id := range events {
		if per[id] < admins {
			c.storedNone += admins - per[id]
		}
	}
	_ = db.QueryRowContext(ctx, "SELECT count(*) FROM outbox_events WHERE published_at IS NULL").Scan(&c.unpublished)
	c.notes = append(c.notes, fmt.Sprintf("relay: %d active administrators receive each order's notification", admins))
	c.relayExpected, c.relayShown, c.relayTwice, c.relayRepeats, c.relayViaResume, _ = shownOf(adminTabs, booksBefore, func(*tab) map[int64]bool { return want }, "purchase_order", "created")
	c.relayMissed = c.relayExpected - c.relayShown
	for _, t := range tabs {
		b := t.book()
		c.relayResyncs += b.resyncs - booksBefore[t].resyncs
		c.relayDisconnects += len(b.disconnects) - len(booksBefore[t].disconnects)
	}

	// Stalled tabs: cut off by the gateway (its log) and seen closed by the bench.
	for _, p := range d.procs {
		c.stalledCutLog += p.countInLog("slow client dropped")
	}
	c.stalledCutLog -= cutBefore
	for _, t := range stalled {
		if t.conn == nil {
			continue
		}
		// Read what the kernel holds: a cut-off socket ends with an error other than a timeout.
		_ = t.conn.SetReadDeadline(time.Now().Add(3 * time.Second))
		for {
			if _, _, err := t.conn.ReadMessage(); err != nil {
				if !strings.Contains(err.Error(), "timeout") {
					c.stalledCut++
				}
				break
			}
		}
	}
	// The healthy admin tabs' stored → frame latency during the burst, stalled tabs present.
	var lat []time.Duration
	for _, t := range adminTabs {
		for _, to := range t.book().toasts {
			if !to.viaResume && want[to.entityID] && to.kind == "purchase_order" {
				lat = append(lat, to.at.Sub(to.createdAt))
			}
		}
	}
	if len(lat) > 0 {
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		c.healthyP99 = lat[len(lat)*99/100]
	}
	logf("relay: %d events, %d stored (%d twice, %d missing), %d unpublished; admin tabs %d of %d shown (%d missed, %d twice, %d via resume); stalled %d, cut %d",
		c.events, c.stored, c.storedTwice, c.storedNone, c.unpublished, c.relayShown, c.relayExpected, c.relayMissed, c.relayTwice, c.relayViaResume, c.stalled, c.stalledCut)
	return nil
}

// makeResilient turns the tabs into web-client-like tabs (see tab): every live endpoint to
// reconnect to, a session to resume with (on an HTTP client of their own, so that thousands of
// resumes do not queue behind the approvals), and each user's newest notification id as the
// starting point.
func makeResilient(ctx context.Context, o options, d *deployment, admin *session, buyers []*session, tabs []*tab) error {
	client := newHTTPClient(64)
	sessOf := map[int64]*session{}
	for _, s := range append([]*session{admin}, buyers...) {
		cp := *s
		cp.client = client
		sessOf[s.userID] = &cp
	}
	last := map[int64]int64{}
	var mu sync.Mutex
	users := make([]*session, 0, len(sessOf))
	for _, s := range sessOf {
		users = append(users, s)
	}
	err := parallel(ctx, len(users), 8, func(ctx context.Context, i int) error {
		var page struct {
			LastID int64 `json:"last_id"`
		}
		if err := users[i].do(ctx, "GET", "/api/notifications/missed?after=0", "", nil, &page); err != nil {
			return err
		}
		mu.Lock()
		last[users[i].userID] = page.LastID
		mu.Unlock()
		return nil
	})
	if err != nil {
		return fmt.Errorf("starting points: %w", err)
	}
	for _, t := range tabs {
		t.resilient, t.endpoints, t.sess = true, d.ws, sessOf[t.userID]
		t.live.lastID, t.live.floor = last[t.userID], last[t.userID]
	}
	return nil
}

// liveRSS reads the RSS (KiB) of the processes serving /ws.
func liveRSS(d *deployment) map[*proc]int {
	out := map[*proc]int{}
	for _, p := range d.procs {
		if strings.HasPrefix(p.name, "notifier") || (len(d.notifiers) == 0 && p.name == "backoffice") {
			out[p] = p.statusKiB("VmRSS")
		}
	}
	return out
}

// memPerSocket is each live process's RSS growth divided by the sockets it holds.
func memPerSocket(d *deployment, tabs []*tab, before, after map[*proc]int) string {
	var parts []string
	for i, url := range d.ws {
		n := 0
		for _, t := range tabs {
			if t.url == url {
				n++
			}
		}
		var p *proc
		if len(d.notifiers) > i {
			p = d.notifiers[i]
		} else {
			for q := range after {
				p = q
			}
		}
		if p == nil || n == 0 {
			continue
		}
		delta := after[p] - before[p]
		parts = append(parts, fmt.Sprintf("%s %d sockets, RSS %d → %d MiB, %.1f KiB per socket",
			p.name, n, before[p]/1024, after[p]/1024, float64(delta)/float64(n)))
	}
	return strings.Join(parts, "; ")
}
