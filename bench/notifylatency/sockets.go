package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/fasthttp/websocket"
)

// tab is one browser tab: a WebSocket to /ws with its user's session cookie. A resilient tab
// behaves as the web client does (webapp/src/lib/live): when its socket closes it reconnects
// with the same jittered exponential backoff, to the next live endpoint (as a load balancer would
// send it to a notifier that is up), then resumes from the last notification id it saw
// (GET /api/notifications/missed), as it also does on a {"type":"resync"}; it shows a toast once
// per notification id.
type tab struct {
	idx    int
	userID int64
	url    string
	token  string
	conn   *websocket.Conn

	// resilience (set before dialing): the endpoints to reconnect to and the session to resume with.
	resilient bool
	endpoints []string
	sess      *session
	rcvBuf    int // SO_RCVBUF of the socket when > 0 (stalled tabs)
	stalled   bool
	// watch is the lists the tab says it shows ({"type":"watch"}) on every connection, as the web
	// client does; nil: it says nothing and the gateway sends it every invalidation.
	watch []string

	// Written by the tab's goroutines under mu; read under mu or after it stopped.
	mu          sync.Mutex
	frames      []frame
	hello       bool
	invalidates int
	others      int
	badFrames   int
	closedErr   error
	closedAt    time.Time
	stopped     chan struct{}
	closing     atomic.Bool
	live        toastBook
}

// toastBook is what a resilient tab has shown: one toast per notification id.
type toastBook struct {
	lastID      int64
	floor       int64 // the starting point: older ids predate the tab and are not toasts
	toasts      map[int64]toast
	repeats     int // frames or resume rows of an id already shown (dropped)
	disconnects []time.Time
	reconnects  []time.Time
	resumes     int // resume calls that succeeded
	resumeFails int
	resyncs     int
}

// toast is one notification shown by a tab.
type toast struct {
	entityID  int64
	kind      string
	outcome   string
	viaResume bool
	at        time.Time
	createdAt time.Time
}

// frame is one notification frame as received.
type frame struct {
	arrival    time.Time
	id         int64
	kind       string
	outcome    string
	entityID   int64
	occurredAt time.Time
	createdAt  time.Time
}

var notificationPrefix = []byte(`{"type":"notification"`)

type wireMessage struct {
	Type string           `json:"type"`
	Data wireNotification `json:"data"`
}

type wireNotification struct {
	ID         int64     `json:"id"`
	Kind       string    `json:"kind"`
	Outcome    string    `json:"outcome"`
	EntityID   int64     `json:"entity_id"`
	OccurredAt time.Time `json:"occurred_at"`
	CreatedAt  time.Time `json:"created_at"`
}

// approvedFrames counts the approval notification frames received by every tab, for the drain wait.
var approvedFrames atomic.Int64

// dialAll connects every tab, conc handshakes at a time, and waits for each tab's hello frame.
func dialAll(ctx context.Context, tabs []*tab, conc int, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	dialer := &websocket.Dialer{HandshakeTimeout: 10 * time.Second, ReadBufferSize: 4096, WriteBufferSize: 1024}
	sem := make(chan struct{}, conc)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	failures := 0
	for _, t := range tabs {
		if ctx.Err() != nil {
			break
		}
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			err := t.dial(ctx, dialer)
			if err != nil {
				mu.Lock()
				failures++
				if firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return fmt.Errorf("%d of %d sockets failed to connect; first: %w", failures, len(tabs), firstErr)
	}
	return ctx.Err()
}

// dial opens the socket with the session cookie, reads the hello frame and starts the reader.
func (t *tab) dial(ctx context.Context, d *websocket.Dialer) error {
	if t.rcvBuf > 0 {
		small := *d
		small.NetDialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
			nd := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
				var serr error
				if err := c.Control(func(fd uintptr) {
					serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, t.rcvBuf)
				}); err != nil {
					return err
				}
				return serr
			}}
			return nd.DialContext(ctx, network, addr)
		}
		d = &small
	}
	conn, err := t.open(ctx, d)
	if err != nil {
		return err
	}
	t.conn, t.hello, t.stopped = conn, true, make(chan struct{})
	if t.stalled {
		// Reads nothing more: the server's queue for it fills (scenario d).
		close(t.stopped)
		return nil
	}
	go t.read()
	return nil
}

// read records frames until the socket closes (a resilient tab reconnects instead, until
// closeAll). The arrival time is taken as soon as the frame is read, before any decoding. The
// default ping handler answers the server's pings.
func (t *tab) read() {
	defer close(t.stopped)
	for {
		_, msg, err := t.conn.ReadMessage()
		now := time.Now()
		if err != nil {
			if t.resilient && !t.closing.Load() && t.reconnect(now) {
				continue
			}
			t.mu.Lock()
			t.closedErr, t.closedAt = err, now
			t.mu.Unlock()
			return
		}
		if !bytes.HasPrefix(msg, notificationPrefix) {
			t.mu.Lock()
			switch {
			case bytes.HasPrefix(msg, []byte(`{"type":"invalidate"`)):
				t.invalidates++
			case bytes.Equal(msg, []byte(`{"type":"resync"}`)):
				t.live.resyncs++
				// Spread as the web client does (RESYNC_SPREAD_MS), from what the tab had seen then.
				after := t.live.lastID
				go func() {
					time.Sleep(time.Duration(rand.Int64N(int64(3 * time.Second))))
					t.resume(after)
				}()
			default:
				t.others++
			}
			t.mu.Unlock()
			continue
		}
		var m wireMessage
		if err := json.Unmarshal(msg, &m); err != nil {
			t.mu.Lock()
			t.badFrames++
			t.mu.Unlock()
			continue
		}
		f := frame{arrival: now, id: m.Data.ID, kind: m.Data.Kind, outcome: m.Data.Outcome,
			entityID: m.Data.EntityID, occurredAt: m.Data.OccurredAt, createdAt: m.Data.CreatedAt}
		t.mu.Lock()
		t.frames = append(t.frames, f)
		t.show(f, false)
		t.mu.Unlock()
		if m.Data.Kind == "purchase_order" && m.Data.Outcome == "approved" {
			approvedFrames.Add(1)
		}
	}
}

// show records a notification as the web client toasts it: once per id (t.mu held).
func (t *tab) show(f frame, viaResume bool) {
	b := &t.live
	if b.toasts == nil {
		b.toasts = map[int64]toast{}
	}
	if _, ok := b.toasts[f.id]; ok {
		b.repeats++
		return
	}
	if f.id <= b.floor {
		return
	}
	b.toasts[f.id] = toast{entityID: f.entityID, kind: f.kind, outcome: f.outcome, viaResume: viaResume, at: f.arrival, createdAt: f.createdAt}
	b.lastID = max(b.lastID, f.id)
}

// reconnect dials the next endpoints with the web client's backoff (1 s doubling to 30 s, a
// random half kept) until one answers or the tab is closed, then resumes. It reports whether
// the tab is connected again.
func (t *tab) reconnect(lost time.Time) bool {
	t.mu.Lock()
	t.live.disconnects = append(t.live.disconnects, lost)
	// The resume starts from what the tab had seen when its socket closed, as the web client's
	// does (it reads its position before a frame of the new socket can move it).
	after := t.live.lastID
	t.mu.Unlock()
	_ = t.conn.Close()
	cur := slices.Index(t.endpoints, t.url)
	for attempt := 0; ; attempt++ {
		step := min(30*time.Second, time.Second<<min(attempt, 5))
		time.Sleep(step/2 + time.Duration(rand.Int64N(int64(step/2)+1)))
		if t.closing.Load() {
			return false
		}
		t.url = t.endpoints[(cur+1+attempt)%len(t.endpoints)]
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		conn, err := t.open(ctx, reconnectDialer)
		cancel()
		if err != nil {
			continue
		}
		t.conn = conn
		t.mu.Lock()
		t.live.reconnects = append(t.live.reconnects, time.Now())
		t.mu.Unlock()
		go t.resume(after)
		return true
	}
}

var reconnectDialer = &websocket.Dialer{HandshakeTimeout: 10 * time.Second, ReadBufferSize: 4096, WriteBufferSize: 1024}

// resume asks for the notifications created after notification after (the last the tab had
// seen) and shows those it has not shown, retrying with the backoff while the API does not
// answer (it may be down).
func (t *tab) resume(after int64) {
	for attempt := 0; attempt < 12 && !t.closing.Load(); attempt++ {
		if err := t.resumeOnce(after); err == nil {
			return
		}
		t.mu.Lock()
		t.live.resumeFails++
		t.mu.Unlock()
		step := min(30*time.Second, time.Second<<min(attempt, 5))
		time.Sleep(step/2 + time.Duration(rand.Int64N(int64(step/2)+1)))
	}
}

func (t *tab) resumeOnce(after int64) error {
	for range 20 { // pages of 500
		var page struct {
			Data   []wireNotification `json:"data"`
			More   bool               `json:"more"`
			LastID int64              `json:"last_id"`
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		err := t.sess.do(ctx, http.MethodGet, fmt.Sprintf("/api/notifications/missed?after=%d&limit=500", after), "", nil, &page)
		cancel()
		if err != nil {
			return err
		}
		now := time.Now()
		t.mu.Lock()
		t.live.resumes++
		if after == 0 {
			t.live.lastID = max(t.live.lastID, page.LastID)
		}
		for _, n := range page.Data {
			t.show(frame{arrival: now, id: n.ID, kind: n.Kind, outcome: n.Outcome, entityID: n.EntityID,
				occurredAt: n.OccurredAt, createdAt: n.CreatedAt}, true)
		}
		t.mu.Unlock()
		if !page.More || len(page.Data) == 0 {
			return nil
		}
		after = page.Data[len(page.Data)-1].ID
	}
	return nil
}

// book returns a copy of what the tab has shown so far.
func (t *tab) book() toastBook {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.live
	b.toasts = maps.Clone(b.toasts)
	b.disconnects = slices.Clone(b.disconnects)
	b.reconnects = slices.Clone(b.reconnects)
	return b
}

// framesSnapshot returns the notification frames received so far.
func (t *tab) framesSnapshot() []frame {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.frames)
}

// open dials t.url with the session cookie and reads the hello frame.
func (t *tab) open(ctx context.Context, d *websocket.Dialer) (*websocket.Conn, error) {
	h := http.Header{}
	h.Set("Cookie", "authToken="+t.token)
	h.Set("Origin", strings.Replace(strings.Replace(t.url, "ws://", "http://", 1), "/ws", "", 1))
	conn, resp, err := d.DialContext(ctx, t.url, h)
	if err != nil {
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		return nil, fmt.Errorf("tab %d: dial %s (HTTP %d): %w", t.idx, t.url, status, err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, msg, err := conn.ReadMessage()
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("tab %d: no hello: %w", t.idx, err)
	}
	if !bytes.Contains(msg, []byte(`"hello"`)) {
		conn.Close()
		return nil, fmt.Errorf("tab %d: first frame is not hello: %s", t.idx, msg)
	}
	_ = conn.SetReadDeadline(time.Time{})
	if t.watch != nil {
		b, _ := json.Marshal(map[string]any{"type": "watch", "lists": t.watch})
		if err := conn.WriteMessage(websocket.TextMessage, b); err != nil {
			conn.Close()
			return nil, fmt.Errorf("tab %d: watch: %w", t.idx, err)
		}
	}
	return conn, nil
}

// closeAll closes every socket (a normal closure) and waits for the readers; after it returns
// nil the tabs' records may be read.
func closeAll(tabs []*tab) error {
	for _, t := range tabs {
		t.closing.Store(true)
	}
	for _, t := range tabs {
		if t.conn == nil {
			continue
		}
		_ = t.conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""),
			time.Now().Add(time.Second))
		_ = t.conn.Close()
	}
	deadline := time.After(10 * time.Second)
	for _, t := range tabs {
		if t.stopped == nil {
			continue
		}
		select {
		case <-t.stopped:
		case <-deadline:
			return fmt.Errorf("tab %d: reader still running 10 s after close", t.idx)
		}
	}
	return nil
}

// closedEarly reports whether the tab's socket has already closed (safe to call while the reader
// runs: closedErr is read only after the reader has stopped).
func (t *tab) closedEarly() (bool, error) {
	if t.stopped == nil {
		return false, nil
	}
	select {
	case <-t.stopped:
		if t.stalled {
			return false, nil
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		return true, t.closedErr
	default:
		return false, nil
	}
}
