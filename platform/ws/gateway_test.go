package ws_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	fws "github.com/fasthttp/websocket"

	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/ws"
)

// sessions is a fake authenticator: token → principal.
type sessions map[string]httpx.Principal

func (s sessions) Authenticate(_ context.Context, token, _ string) (httpx.Principal, error) {
	p, ok := s[token]
	if !ok {
		return httpx.Principal{}, errors.New("no session")
	}
	return p, nil
}

func (s sessions) Recheck(ctx context.Context, token, ip string) (httpx.Principal, error) {
	return s.Authenticate(ctx, token, ip)
}

// busURL is the machine's NATS when configured, else an embedded server.
func busURL(t *testing.T) string {
	if u := os.Getenv("BACKOFFICE_TEST_NATS_URL"); u != "" {
		return u
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("BACKOFFICE_TEST_NATS_URL is not set; CI must run the live channel through the real NATS server")
	}
	emb, err := eventbus.StartEmbedded(t.TempDir(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(emb.Shutdown)
	return emb.ClientURL()
}

// process is one process serving /ws (a backoffice or a notifier replica).
type process struct {
	addr string
	gw   *ws.Gateway
}

func startProcess(t *testing.T, url string, auth sessions) process {
	t.Helper()
	bus, err := eventbus.Connect(context.Background(), url, "ws-test", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = bus.Close() })
	return startOn(t, bus, auth)
}

func dial(t *testing.T, p process, token string) *fws.Conn {
	t.Helper()
	h := http.Header{}
	h.Set("Cookie", "authToken="+token)
	c, resp, err := fws.DefaultDialer.Dial("ws://"+p.addr+"/ws", h)
	if err != nil {
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		t.Fatalf("dial: %v (status %d)", err, status)
	}
	t.Cleanup(func() { _ = c.Close() })
	expectType(t, c, "hello")
	return c
}

func expectType(t *testing.T, c *fws.Conn, typ string) ws.Message {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(3 * time.Second))
	_, b, err := c.ReadMessage()
	if err != nil {
		t.Fatalf("read (want %q): %v", typ, err)
	}
	var m ws.Message
	if err := json.Unmarshal(b, &m); err != nil || m.Type != typ {
		t.Fatalf("got %s, want type %q", b, typ)
	}
	return m
}

func expectSilence(t *testing.T, c *fws.Conn) {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	if _, b, err := c.ReadMessage(); err == nil {
		t.Fatalf("unexpected message %s", b)
	}
}

func waitConnections(t *testing.T, ps ...process) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for _, p := range ps {
		for p.gw.Connections() == 0 {
			if time.Now().After(deadline) {
				t.Fatal("connection not registered")
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
}

func TestPushReachesEveryTabOnEveryProcess(t *testing.T) {
	url := busURL(t)
	auth := sessions{
		"buyer-tab": {UserID: 7, CompanyID: 1, Role: "buyer"},
		"admin-a":   {UserID: 1, CompanyID: 1, Role: "admin"},
		"admin-b":   {UserID: 2, CompanyID: 2, Role: "admin"},
		"other":     {UserID: 9, CompanyID: 1, Role: "user"},
	}
	backoffice, notifier := startProcess(t, url, auth), startProcess(t, url, auth)
	buyerOnBackoffice := dial(t, backoffice, "buyer-tab")
	buyerOnNotifier := dial(t, notifier, "buyer-tab")
	adminA := dial(t, notifier, "admin-a")
	adminB := dial(t, backoffice, "admin-b")
	other := dial(t, notifier, "other")
	waitConnections(t, backoffice, notifier)

	pushBus, err := eventbus.Connect(context.Background(), url, "ws-test-pusher", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer pushBus.Close()
	push := ws.NewPusher(pushBus)
	ctx := context.Background()

	note := ws.Message{Type: "notification", Data: json.RawMessage(`{"message":"Purchase order approved"}`)}
	if err := push.ToUser(ctx, 7, note); err != nil {
		t.Fatal(err)
	}
	for i, c := range []*fws.Conn{buyerOnBackoffice, buyerOnNotifier} {
		m := expectType(t, c, "notification")
		if string(m.Data) != `{"message":"Purchase order approved"}` {
			t.Fatalf("tab %d got %s", i, m.Data)
		}
	}
	expectSilence(t, other)

	if err := push.ToCompanyRole(ctx, 1, "admin", ws.Message{Type: "invalidate", Keys: []string{"purchase-orders"}}); err != nil {
		t.Fatal(err)
	}
	if m := expectType(t, adminA, "invalidate"); len(m.Keys) != 1 || m.Keys[0] != "purchase-orders" {
		t.Fatalf("keys %v", m.Keys)
	}
	expectSilence(t, adminB) // another company's admin
	expectSilence(t, buyerOnNotifier)

	// Everyone: every tab of every user and company, on both processes (new tabs: a read that
	// timed out above leaves its connection unusable).
	var everyone []*fws.Conn
	for _, tab := range []struct {
		p     process
		token string
	}{{backoffice, "buyer-tab"}, {notifier, "buyer-tab"}, {notifier, "admin-a"}, {backoffice, "admin-b"}, {notifier, "other"}} {
		everyone = append(everyone, dial(t, tab.p, tab.token))
	}
	for deadline := time.Now().Add(3 * time.Second); backoffice.gw.Connections()+notifier.gw.Connections() < 10; {
		if time.Now().After(deadline) {
			t.Fatal("new tabs not registered")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := push.ToAll(ctx, ws.Message{Type: "site_status", Data: json.RawMessage(`{"status":"disabled"}`)}); err != nil {
		t.Fatal(err)
	}
	for i, c := range everyone {
		if m := expectType(t, c, "site_status"); string(m.Data) != `{"status":"disabled"}` {
			t.Fatalf("tab %d got %s", i, m.Data)
		}
	}
}

func TestUpgradeNeedsAValidSession(t *testing.T) {
	p := startProcess(t, busURL(t), sessions{"ok": {UserID: 1, CompanyID: 1, Role: "user"}, "pending": {UserID: 2, Pending2FA: true}})
	for _, token := range []string{"", "nope", "pending"} {
		h := http.Header{}
		if token != "" {
			h.Set("Cookie", "authToken="+token)
		}
		_, resp, err := fws.DefaultDialer.Dial("ws://"+p.addr+"/ws", h)
		if err == nil {
			t.Fatalf("token %q: upgrade accepted", token)
		}
		if resp == nil || resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("token %q: want 401, got %v", token, resp)
		}
	}
	resp, err := http.Get("http://" + p.addr + "/ws")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUpgradeRequired {
		t.Fatalf("plain GET: status %s, want %d", strconv.Itoa(resp.StatusCode), http.StatusUpgradeRequired)
	}
}

// memBus is an in-process bus: what is published reaches the subscribers at once, and
// reconnect plays a NATS reconnection.
type memBus struct {
	mu        sync.Mutex
	subs      []func(subject string, data []byte)
	reconnect []func()
}

func (b *memBus) PublishCore(subject string, data []byte) error {
	b.mu.Lock()
	subs := slices.Clone(b.subs)
	b.mu.Unlock()
	for _, h := range subs {
		h(subject, data)
	}
	return nil
}

func (b *memBus) SubscribeCore(_ string, h func(subject string, data []byte)) (func(), error) {
	b.mu.Lock()
	b.subs = append(b.subs, h)
	b.mu.Unlock()
	return func() {}, nil
}

func (b *memBus) OnReconnect(f func()) { b.reconnect = append(b.reconnect, f) }

func (b *memBus) reconnected() {
	for _, f := range b.reconnect {
		f()
	}
}

func startOn(t *testing.T, bus ws.CoreBus, auth sessions) process {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	gw, err := ws.NewGateway(bus, auth, logger)
	if err != nil {
		t.Fatal(err)
	}
	srv := httpx.New(httpx.Options{Logger: logger, Version: "test"})
	srv.App().Get("/ws", gw.Handler())
	srv.Finish()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.App().Listener(l) }()
	t.Cleanup(func() { gw.Close(); _ = srv.App().Shutdown() })
	return process{addr: l.Addr().String(), gw: gw}
}

// TestStalledSocketIsCutOff: a tab that stops reading is cut off once SendBuffer messages wait
// for it (after the kernel's socket buffers filled), while a tab of another user receives every
// message of the same burst without waiting for it.
func TestStalledSocketIsCutOff(t *testing.T) {
	bus := &memBus{}
	p := startOn(t, bus, sessions{"stalled": {UserID: 1, CompanyID: 1, Role: "user"}, "reader": {UserID: 2, CompanyID: 1, Role: "user"}})
	stalled := dial(t, p, "stalled")
	reader := dial(t, p, "reader")
	waitConnections(t, p)
	for p.gw.Connections() < 2 {
		time.Sleep(5 * time.Millisecond)
	}
	push := ws.NewPusher(bus)
	// 16 KiB messages: the few MB of kernel buffers hold a few hundred, fewer than the burst.
	big := json.RawMessage(`"` + strings.Repeat("x", 16<<10) + `"`)
	const burst = 1000
	got := make(chan int, 1)
	var read atomic.Int64
	go func() {
		_ = reader.SetReadDeadline(time.Now().Add(20 * time.Second))
		for read.Load() < burst {
			if _, _, err := reader.ReadMessage(); err != nil {
				break
			}
			read.Add(1)
		}
		got <- int(read.Load())
	}()
	start := time.Now()
	for i := range burst {
		// At the reading tab's pace (a tab that keeps up has a few messages in flight, never
		// SendBuffer); the stalled tab gets the same messages and reads none.
		for int64(i)-read.Load() > 16 && time.Since(start) < 20*time.Second {
			time.Sleep(50 * time.Microsecond)
		}
		_ = push.ToUser(context.Background(), 1, ws.Message{Type: "notification", Data: big})
		_ = push.ToUser(context.Background(), 2, ws.Message{Type: "notification", Data: big})
	}
	pushed := time.Since(start)
	if n := <-got; n != burst {
		t.Fatalf("the reading tab got %d of %d messages", n, burst)
	}
	t.Logf("burst of %d × 16 KiB pushed in %v, the reading tab had them all after %v", burst, pushed.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	// Fan-out never waits for the stalled tab: if it did, a message past the kernel's buffers
	// would wait for the blocked write's deadline (10 s).
	if pushed > 10*time.Second {
		t.Fatalf("pushing took %v: the stalled tab slowed the others", pushed)
	}
	if p.gw.CutOff() != 1 {
		t.Fatalf("cut off %d sockets, want 1", p.gw.CutOff())
	}
	// The stalled tab reads what the kernel held, then finds its connection closed.
	_ = stalled.SetReadDeadline(time.Now().Add(10 * time.Second))
	n := 0
	for {
		if _, _, err := stalled.ReadMessage(); err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				t.Fatal("the stalled tab's connection is still open")
			}
			break
		}
		n++
	}
	if n >= burst {
		t.Fatalf("the stalled tab got all %d messages: not cut off", n)
	}
	t.Logf("the stalled tab got %d of %d before the cut-off", n, burst)
	for deadline := time.Now().Add(3 * time.Second); p.gw.Connections() != 1; {
		if time.Now().After(deadline) {
			t.Fatalf("%d connections registered, want the reader's only", p.gw.Connections())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestInvalidationsMerge: list invalidations a tab has not been sent yet merge into one message
// naming every list, at most one per InvalidateEvery; none is lost.
func TestInvalidationsMerge(t *testing.T) {
	bus := &memBus{}
	p := startOn(t, bus, sessions{"tab": {UserID: 1, CompanyID: 3, Role: "buyer"}})
	c := dial(t, p, "tab")
	waitConnections(t, p)
	push := ws.NewPusher(bus)
	const n = 200
	for i := range n {
		_ = push.ToCompanyRole(context.Background(), 3, "buyer", ws.Message{Type: "invalidate", Keys: []string{fmt.Sprintf("list-%d", i%7)}})
	}
	_ = push.ToUser(context.Background(), 1, ws.Message{Type: "notification", Data: json.RawMessage(`{"id":1}`)})
	keys, frames, note := map[string]bool{}, 0, false
	_ = c.SetReadDeadline(time.Now().Add(3 * time.Second))
	for len(keys) < 7 || !note {
		_, b, err := c.ReadMessage()
		if err != nil {
			t.Fatalf("after %d invalidations (%d lists) and note=%v: %v", frames, len(keys), note, err)
		}
		var m ws.Message
		_ = json.Unmarshal(b, &m)
		switch m.Type {
		case "invalidate":
			frames++
			for _, k := range m.Keys {
				keys[k] = true
			}
		case "notification":
			note = true
		}
	}
	// The first goes at once, the rest wait InvalidateEvery and go together.
	if frames > 2 {
		t.Fatalf("%d invalidation frames for %d invalidations within %v", frames, n, ws.InvalidateEvery)
	}
	t.Logf("%d invalidations of 7 lists arrived as %d frames", n, frames)
}

// TestReconnectAsksTabsToResync: after the process's bus connection came back, every tab is
// told to catch up (messages published meanwhile never reached the gateway).
func TestReconnectAsksTabsToResync(t *testing.T) {
	bus := &memBus{}
	p := startOn(t, bus, sessions{"a": {UserID: 1, CompanyID: 1, Role: "user"}, "b": {UserID: 2, CompanyID: 2, Role: "admin"}})
	a, b := dial(t, p, "a"), dial(t, p, "b")
	for deadline := time.Now().Add(3 * time.Second); p.gw.Connections() < 2; {
		if time.Now().After(deadline) {
			t.Fatal("connections not registered")
		}
		time.Sleep(5 * time.Millisecond)
	}
	bus.reconnected()
	expectType(t, a, "resync")
	expectType(t, b, "resync")
}
