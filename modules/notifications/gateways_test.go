package notifications_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	fws "github.com/fasthttp/websocket"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/notifications"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/ws"
)

// nsCore puts the live channel's core subjects under a test namespace, so that this test's pushes
// (user ids 1, 2… of a fresh database, role "admin") never reach the sockets of another test
// running on the same NATS server at the same time, nor theirs ours.
type nsCore struct {
	bus *eventbus.Bus
	ns  string
}

func (c nsCore) PublishCore(subject string, data []byte) error {
	return c.bus.PublishCore(c.ns+subject, data)
}

func (c nsCore) SubscribeCore(subject string, handler func(string, []byte)) (func(), error) {
	return c.bus.SubscribeCore(c.ns+subject, func(s string, d []byte) { handler(strings.TrimPrefix(s, c.ns), d) })
}

// notifier is one cmd/notifier process: its own NATS connection, its live gateway serving /ws on
// a port, and the notifications consumer on the shared durable.
type notifier struct {
	addr string
	gw   *ws.Gateway
	stop func()
}

func startNotifier(t *testing.T, s *authtest.Stack, st stream, ns, name string) *notifier {
	t.Helper()
	bus := st.connect(t, name)
	core := nsCore{bus: bus, ns: ns}
	gw, err := ws.NewGateway(core, s.Auth.Authenticator(), quiet())
	if err != nil {
		t.Fatal(err)
	}
	mod := notifications.New(notifications.Deps{DB: s.DB, Users: s.Auth, Events: bus, Filter: st.prefix + ".>", Push: ws.NewPusher(core),
		AdminRole: auth.RoleAdmin, OtherRoles: []string{auth.RoleUser, auth.RoleSecretary, auth.RoleBuyer}, Logger: quiet()})
	if err := mod.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	srv := httpx.New(httpx.Options{Logger: quiet(), Version: "notifier-test"})
	srv.App().Get("/ws", gw.Handler())
	srv.Finish()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.App().Listener(l) }()
	n := &notifier{addr: l.Addr().String(), gw: gw}
	// Stopping, as on SIGTERM: the consumer finishes what it holds, sockets close, the bus drains.
	n.stop = sync.OnceFunc(func() {
		mod.Close()
		gw.Close()
		_ = srv.App().ShutdownWithTimeout(5 * time.Second)
		_ = bus.Close()
	})
	t.Cleanup(n.stop)
	return n
}

// tab is one browser tab's socket.
func (n *notifier) tab(t *testing.T, token string) *fws.Conn {
	t.Helper()
	h := http.Header{}
	h.Set("Cookie", "authToken="+token)
	c, resp, err := fws.DefaultDialer.Dial("ws://"+n.addr+"/ws", h)
	if err != nil {
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		t.Fatalf("dial %s: %v (status %d)", n.addr, err, status)
	}
	t.Cleanup(func() { _ = c.Close() })
	if m := read(t, c); m.Type != "hello" {
		t.Fatalf("first message %+v, want hello", m)
	}
	return c
}

func read(t *testing.T, c *fws.Conn) ws.Message {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, b, err := c.ReadMessage()
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	var m ws.Message
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("message %s: %v", b, err)
	}
	return m
}

// notification reads until the notification of eventID arrives, skipping invalidations.
func notification(t *testing.T, c *fws.Conn, eventID string) notifications.Notification {
	t.Helper()
	for {
		m := read(t, c)
		if m.Type != "notification" {
			continue
		}
		var n notifications.Notification
		if err := json.Unmarshal(m.Data, &n); err != nil {
			t.Fatal(err)
		}
		if n.EventID != eventID {
			t.Fatalf("notification of event %s, want %s", n.EventID, eventID)
		}
		return n
	}
}

func TestTwoNotifiersLoseNothing(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		ctx := context.Background()
		admin := s.CreateUser(t, "admin1", auth.RoleAdmin, false)
		buyer := s.CreateUser(t, "buyer1", auth.RoleBuyer, false)
		token := s.Login(t, "buyer1", authtest.Password, "").AuthToken
		st := newStream(t)
		ns := "tl" + randomToken(t) + "."
		a := startNotifier(t, s, st, ns, "notifier-a")
		b := startNotifier(t, s, st, ns, "notifier-b")

		// The API replica that commits the approvals: outbox + relay onto the stream.
		relay := eventbus.NewRelay(s.DB, publisher{bus: st.connect(t, "backoffice-api"), st: st}, quiet(), eventbus.RelayOptions{})
		approve := func(ref string) eventbus.Event {
			t.Helper()
			ev := emit(t, s, approvedSubject, s.CompanyID, admin.ID, order{ID: 1, ReferenceNo: ref, CreatedBy: buyer.ID})
			if _, err := relay.PublishPending(ctx); err != nil {
				t.Fatal(err)
			}
			return ev
		}

		// One user, one tab on each notifier: both tabs get the toast, whichever process consumed it.
		onA, onB := a.tab(t, token), b.tab(t, token)
		waitFor(t, "both sockets registered", func() bool { return a.gw.Connections() == 1 && b.gw.Connections() == 1 })
		start := time.Now()
		first := approve("PO-1")
		na, nb := notification(t, onA, first.ID), notification(t, onB, first.ID)
		t.Logf("commit → toast frame on both notifiers in %v", time.Since(start).Round(time.Millisecond))
		if na.ID != nb.ID || na.ReferenceNo != "PO-1" || na.Message != "Purchase Order {{label}} was approved." {
			t.Fatalf("tabs got %+v and %+v", na, nb)
		}

		// Notifier B stops: its tab is cut off.
		b.stop()
		_ = onB.SetReadDeadline(time.Now().Add(5 * time.Second))
		for {
			if _, _, err := onB.ReadMessage(); err != nil {
				break
			}
		}
		// Approvals go on while that tab is away; the consumer on A takes every event.
		missed := approve("PO-2")
		if m := notification(t, onA, missed.ID); m.ReferenceNo != "PO-2" {
			t.Fatalf("tab on A got %+v", m)
		}
		// The tab reconnects (to A, the one left behind the proxy), catches up from the list, and
		// gets what follows live.
		again := a.tab(t, token)
		waitFor(t, "the reconnected socket registered", func() bool { return a.gw.Connections() == 2 })
		var list listBody
		s.Get(t, "/api/notifications", token).Expect(http.StatusOK).JSON(&list)
		if got := refsOf(list); got != "[PO-2 PO-1]" || list.Meta.Total != 2 {
			t.Fatalf("after reconnecting the list has %s (total %d), want [PO-2 PO-1]", got, list.Meta.Total)
		}
		later := approve("PO-3")
		if m := notification(t, again, later.ID); m.ReferenceNo != "PO-3" {
			t.Fatalf("reconnected tab got %+v", m)
		}
		s.Get(t, "/api/notifications", token).Expect(http.StatusOK).JSON(&list)
		if got := refsOf(list); got != "[PO-3 PO-2 PO-1]" {
			t.Fatalf("list %s", got)
		}
	})
}

func refsOf(l listBody) string {
	refs := make([]string, len(l.Data))
	for i, n := range l.Data {
		refs[i] = n.ReferenceNo
	}
	return fmt.Sprint(refs)
}
