package ws

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"testing"
	"time"

	fws "github.com/fasthttp/websocket"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/httpx"
)

// idleBus is a bus nothing is published on: these tests call deliver themselves.
type idleBus struct{}

func (idleBus) PublishCore(string, []byte) error { return nil }
func (idleBus) SubscribeCore(string, func(string, []byte)) (func(), error) {
	return func() {}, nil
}

func newTestGateway(t *testing.T) *Gateway {
	t.Helper()
	g, err := NewGateway(idleBus{}, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// tab registers a socketless client of p, as serve would.
func tab(g *Gateway, p httpx.Principal) *client {
	c := newClient(p, func() {})
	g.register(c)
	return c
}

// recorder is a socket that keeps the frames written to it.
type recorder struct{ frames []*fws.PreparedMessage }

func (r *recorder) SetWriteDeadline(time.Time) error { return nil }
func (r *recorder) WritePreparedMessage(pm *fws.PreparedMessage) error {
	r.frames = append(r.frames, pm)
	return nil
}

var buyer = httpx.Principal{UserID: 7, CompanyID: 1, Role: "buyer"}

const ordersInvalidated = `{"type":"invalidate","keys":["purchase-orders"]}`

// TestNotificationOvertakesQueuedInvalidation: when the writer's turn comes with an invalidation
// pending and notifications queued, the notifications are written first.
func TestNotificationOvertakesQueuedInvalidation(t *testing.T) {
	g := newTestGateway(t)
	c := tab(g, buyer)
	g.deliver("live.company.1.role.buyer", []byte(ordersInvalidated))
	first, second := prepared([]byte(`{"type":"notification","data":{"id":1}}`)), prepared([]byte(`{"type":"notification","data":{"id":2}}`))
	g.fanOut("user.7", first)
	g.fanOut("user.7", second)
	w := &recorder{}
	sent, ok := g.writePending(c, w)
	if !ok || !sent {
		t.Fatalf("writePending: sent invalidation %v, ok %v", sent, ok)
	}
	orders, _ := g.lists.set([]string{"purchase-orders"})
	want := []*fws.PreparedMessage{first, second, g.lists.frame(orders)}
	if len(w.frames) != len(want) {
		t.Fatalf("%d frames written, want %d", len(w.frames), len(want))
	}
	for i := range want {
		if w.frames[i] != want[i] {
			t.Fatalf("frame %d is not the expected one: notifications must go before the invalidation", i)
		}
	}
	if c.stale.Load() != 0 || len(c.send) != 0 {
		t.Fatal("something is left pending after writePending")
	}
}

// TestTabShowingOtherListsGetsNoInvalidation: a tab that said it shows the products list gets no
// invalidation of the order lists; a tab showing the orders, and one that never said, get it.
// A tab that starts showing the orders right after their invalidation still gets it.
func TestTabShowingOtherListsGetsNoInvalidation(t *testing.T) {
	g := newTestGateway(t)
	onProducts, onOrders, silent := tab(g, buyer), tab(g, buyer), tab(g, httpx.Principal{UserID: 8, CompanyID: 1, Role: "buyer"})
	g.watch(onProducts, []string{"products", "notifications"})
	g.watch(onOrders, []string{"purchase-orders"})
	g.deliver("live.company.1.role.buyer", []byte(ordersInvalidated))
	orders, _ := g.lists.set([]string{"purchase-orders"})
	if s := onProducts.stale.Load(); s != 0 {
		t.Fatalf("the products tab has pending invalidation %b", s)
	}
	if len(onProducts.staleReady) != 0 {
		t.Fatal("the products tab's writer was woken")
	}
	for name, c := range map[string]*client{"orders tab": onOrders, "tab that never said": silent} {
		if c.stale.Load() != orders {
			t.Fatalf("%s: pending %b, want the orders list %b", name, c.stale.Load(), orders)
		}
	}
	// Navigating to the orders: their invalidation of a moment ago reaches the tab.
	g.watch(onProducts, []string{"purchase-orders", "notifications"})
	if onProducts.stale.Load() != orders || len(onProducts.staleReady) != 1 {
		t.Fatalf("a tab that starts showing a list invalidated %v ago was not sent it", recentEvery)
	}
	// Another company's invalidation never reaches these tabs, whatever they show.
	onOrders.stale.Store(0)
	g.deliver("live.company.2.role.buyer", []byte(ordersInvalidated))
	if onOrders.stale.Load() != 0 {
		t.Fatal("another company's invalidation reached the tab")
	}
}

// TestFrameEncodedOnce: one message to many tabs is one encoded frame, and tabs with the same
// pending lists share that invalidation's frame.
func TestFrameEncodedOnce(t *testing.T) {
	g := newTestGateway(t)
	tabs := []*client{tab(g, buyer), tab(g, buyer), tab(g, buyer)}
	g.deliver("live.user.7", []byte(`{"type":"notification","data":{"id":1}}`))
	var frames []*fws.PreparedMessage
	for _, c := range tabs {
		frames = append(frames, <-c.send)
	}
	if frames[0] != frames[1] || frames[1] != frames[2] {
		t.Fatal("a notification to three tabs was encoded more than once")
	}
	g.deliver("live.company.1.role.buyer", []byte(`{"type":"invalidate","keys":["purchase-orders","received-orders"]}`))
	a, b := g.takeStale(tabs[0]), g.takeStale(tabs[1])
	if a == nil || a != b {
		t.Fatal("the same invalidation for two tabs was encoded twice")
	}
}

// TestUninternableListsStillArrive: when the table of list names is full, an invalidation naming
// a new list goes to every tab of its route as it came rather than being dropped, and a tab
// announcing such a list gets every invalidation again.
func TestUninternableListsStillArrive(t *testing.T) {
	g := newTestGateway(t)
	c := tab(g, buyer)
	for i := range maxLists {
		if _, ok := g.lists.set([]string{"list-" + strconv.Itoa(i)}); !ok {
			t.Fatalf("list %d not interned", i)
		}
	}
	g.watch(c, []string{"list-1"})
	g.deliver("live.company.1.role.buyer", []byte(`{"type":"invalidate","keys":["one-too-many"]}`))
	if len(c.send) != 1 {
		t.Fatalf("the invalidation of a list past the table went to %d frames, want 1 unmerged", len(c.send))
	}
	g.watch(c, []string{"one-too-many"})
	if c.shows.Load() != everyList {
		t.Fatal("a tab naming a list past the table no longer gets every invalidation")
	}
}

// TestRecheckTimeoutKeepsTheSocket: a session check that ran out of time (a database under load)
// is not the session's end; an answer is.
func TestRecheckTimeoutKeepsTheSocket(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	for _, err := range []error{ctx.Err(), fmt.Errorf("session by hash: %w", context.DeadlineExceeded)} {
		if !checkTimedOut(err) {
			t.Fatalf("%v ends the socket", err)
		}
	}
	for _, err := range []error{httpx.ErrAddressBlocked, apperror.Unauthorized("session expired"), errors.New("store: not found")} {
		if checkTimedOut(err) {
			t.Fatalf("%v keeps the socket", err)
		}
	}
}
