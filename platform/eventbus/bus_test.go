package eventbus

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/backoffice/backoffice/platform/db/dbtest"
)

// natsURLEnv points the tests at the machine's NATS server with JetStream.
const natsURLEnv = "BACKOFFICE_TEST_NATS_URL"

// waitFor bounds every wait for a message in these tests.
const waitFor = 10 * time.Second

// testLogger shows only errors, so the warnings that retry tests provoke stay quiet.
func testLogger() *slog.Logger {
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
}

func randomSuffix(t testing.TB) string {
	t.Helper()
	b := make([]byte, 6)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

// startEmbedded runs an embedded server for the test in a temp folder.
func startEmbedded(t testing.TB) *Embedded {
	t.Helper()
	e, err := StartEmbedded(t.TempDir(), testLogger())
	if err != nil {
		t.Fatalf("start embedded: %v", err)
	}
	t.Cleanup(e.Shutdown)
	return e
}

// testBus connects to url with a stream and subject prefix of its own, so runs on a shared
// server never see each other's messages, and deletes the stream afterwards. It returns the
// bus and the subject prefix to publish under.
func testBus(t testing.TB, url string, opts ...Option) (*Bus, string) {
	t.Helper()
	suffix := randomSuffix(t)
	prefix := "t" + suffix
	ctx := context.Background()
	opts = append([]Option{WithStream("T_" + suffix), WithSubjectPrefix(prefix), WithRetryDelays(20 * time.Millisecond)}, opts...)
	b, err := Connect(ctx, url, "eventbus-test", testLogger(), opts...)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	if err := b.EnsureStream(ctx); err != nil {
		_ = b.Close()
		t.Fatalf("ensure stream: %v", err)
	}
	t.Cleanup(func() {
		if err := b.js.DeleteStream(context.Background(), b.Stream()); err != nil {
			t.Errorf("delete stream: %v", err)
		}
		if err := b.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
	})
	return b, prefix
}

// eachServer runs fn against a fresh embedded server and, when BACKOFFICE_TEST_NATS_URL is set,
// the machine's server (skipped without it, failed in CI).
func eachServer(t *testing.T, fn func(t *testing.T, url string)) {
	t.Helper()
	t.Run("embedded", func(t *testing.T) { fn(t, startEmbedded(t).ClientURL()) })
	t.Run("external", func(t *testing.T) { fn(t, dbtest.RequireEnv(t, natsURLEnv)) })
}

// collector gathers what a consumer's handler saw.
type collector struct {
	mu   sync.Mutex
	msgs []Msg
	ch   chan Msg
}

func newCollector() *collector { return &collector{ch: make(chan Msg, 1000)} }

func (c *collector) add(m Msg) {
	c.mu.Lock()
	c.msgs = append(c.msgs, m)
	c.mu.Unlock()
	c.ch <- m
}

func (c *collector) all() []Msg {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.msgs)
}

// next waits for the next message the handler saw.
func (c *collector) next(t testing.TB) Msg {
	t.Helper()
	select {
	case m := <-c.ch:
		return m
	case <-time.After(waitFor):
		t.Fatalf("no message within %s", waitFor)
		return Msg{}
	}
}

// until reads messages until one with id arrives.
func (c *collector) until(t testing.TB, id string) {
	t.Helper()
	for c.next(t).ID != id {
	}
}

func idsOf(msgs []Msg) []string {
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = m.ID
	}
	return out
}

func consume(t testing.TB, b *Bus, durable, filter string, h Handler) func() {
	t.Helper()
	stop, err := b.Consume(context.Background(), durable, filter, h)
	if err != nil {
		t.Fatalf("consume: %v", err)
	}
	t.Cleanup(stop)
	return stop
}

func publish(t testing.TB, b *Bus, subject, id, data string) {
	t.Helper()
	if err := b.Publish(context.Background(), subject, id, []byte(data)); err != nil {
		t.Fatalf("publish %s: %v", id, err)
	}
}

func TestPublishConsume(t *testing.T) {
	eachServer(t, func(t *testing.T, url string) {
		b, prefix := testBus(t, url)
		for i := 1; i <= 3; i++ {
			publish(t, b, prefix+".sales.sale.created.v1", fmt.Sprint("m", i), fmt.Sprint("body", i))
		}
		// A subject outside the filter must not reach the consumer.
		publish(t, b, prefix+".other.thing.created.v1", "other", "x")

		c := newCollector()
		consume(t, b, "sales", prefix+".sales.>", func(_ context.Context, m Msg) error { c.add(m); return nil })
		for i := 1; i <= 3; i++ {
			m := c.next(t)
			want := Msg{Subject: prefix + ".sales.sale.created.v1", Data: []byte(fmt.Sprint("body", i)), ID: fmt.Sprint("m", i), NumDelivered: 1}
			if m.Subject != want.Subject || string(m.Data) != string(want.Data) || m.ID != want.ID || m.NumDelivered != 1 {
				t.Fatalf("message %d = %+v, want %+v", i, m, want)
			}
		}
		select {
		case m := <-c.ch:
			t.Fatalf("unexpected message %+v", m)
		case <-time.After(200 * time.Millisecond):
		}
	})
}

func TestPublishSameIDDeliveredOnce(t *testing.T) {
	eachServer(t, func(t *testing.T, url string) {
		b, prefix := testBus(t, url)
		subject := prefix + ".sales.sale.created.v1"
		publish(t, b, subject, "dup", "first")
		publish(t, b, subject, "dup", "second") // a relay's republish: acked, not stored
		publish(t, b, subject, "after", "x")

		c := newCollector()
		consume(t, b, "dedup", subject, func(_ context.Context, m Msg) error { c.add(m); return nil })
		c.until(t, "after")
		got := c.all()
		if !slices.Equal(idsOf(got), []string{"dup", "after"}) || string(got[0].Data) != "first" {
			t.Fatalf("delivered %v (first body %q), want [dup after] with the first body", idsOf(got), got[0].Data)
		}
		info, err := b.js.Stream(context.Background(), b.Stream())
		if err != nil {
			t.Fatal(err)
		}
		if n := info.CachedInfo().State.Msgs; n != 2 {
			t.Fatalf("stream holds %d messages, want 2", n)
		}
	})
}

func TestHandlerErrorRedelivers(t *testing.T) {
	eachServer(t, func(t *testing.T, url string) {
		b, prefix := testBus(t, url)
		subject := prefix + ".sales.sale.created.v1"
		publish(t, b, subject, "flaky", "x")

		c := newCollector()
		consume(t, b, "retry", subject, func(_ context.Context, m Msg) error {
			c.add(m)
			if m.NumDelivered == 1 {
				return errors.New("transient failure")
			}
			return nil
		})
		first, second := c.next(t), c.next(t)
		if first.ID != "flaky" || second.ID != "flaky" || first.NumDelivered != 1 || second.NumDelivered != 2 {
			t.Fatalf("deliveries %+v then %+v, want flaky twice, delivered 1 then 2", first, second)
		}
		// Acked on the second delivery: a later message comes next, not a third copy.
		publish(t, b, subject, "later", "y")
		if m := c.next(t); m.ID != "later" {
			t.Fatalf("after the ack got %+v, want later", m)
		}
	})
}

func TestHandlerPanicIsRetriedAndGivenUpAfterMaxDeliver(t *testing.T) {
	b, prefix := testBus(t, startEmbedded(t).ClientURL(), WithRetryDelays(time.Millisecond))
	subject := prefix + ".sales.sale.created.v1"
	publish(t, b, subject, "poison", "x")

	c := newCollector()
	consume(t, b, "poison", subject, func(_ context.Context, m Msg) error {
		c.add(m)
		if m.ID == "poison" {
			panic("bad message")
		}
		return nil
	})
	for i := 1; i <= MaxDeliver; i++ {
		if m := c.next(t); m.ID != "poison" || m.NumDelivered != uint64(i) {
			t.Fatalf("delivery %d = %+v", i, m)
		}
	}
	// The consumer survives the panics and moves on; the poison message is not offered again.
	publish(t, b, subject, "good", "y")
	if m := c.next(t); m.ID != "good" {
		t.Fatalf("after %d failed deliveries got %+v, want good", MaxDeliver, m)
	}
}

func TestConsumerRestartResumesFromDurablePosition(t *testing.T) {
	eachServer(t, func(t *testing.T, url string) {
		b, prefix := testBus(t, url)
		subject := prefix + ".purchasing.purchase.approved.v1"
		for i := 1; i <= 3; i++ {
			publish(t, b, subject, fmt.Sprint("m", i), "x")
		}
		c1 := newCollector()
		stop := consume(t, b, "restart", subject, func(_ context.Context, m Msg) error { c1.add(m); return nil })
		c1.until(t, "m3")
		stop()

		// Published while no consumer runs: must not be lost.
		for i := 4; i <= 6; i++ {
			publish(t, b, subject, fmt.Sprint("m", i), "x")
		}
		c2 := newCollector()
		consume(t, b, "restart", subject, func(_ context.Context, m Msg) error { c2.add(m); return nil })
		c2.until(t, "m6")
		time.Sleep(200 * time.Millisecond) // room for a wrong redelivery to show up
		if got := idsOf(c2.all()); !slices.Equal(got, []string{"m4", "m5", "m6"}) {
			t.Fatalf("after restart got %v, want [m4 m5 m6]", got)
		}
		if got := idsOf(c1.all()); !slices.Equal(got, []string{"m1", "m2", "m3"}) {
			t.Fatalf("before restart got %v, want [m1 m2 m3]", got)
		}
	})
}

func TestCorePubSub(t *testing.T) {
	eachServer(t, func(t *testing.T, url string) {
		b, prefix := testBus(t, url)
		// Outside the stream's subjects: core messages are not stored.
		subject := "core." + prefix + ".ws.user.7"
		got := make(chan string, 10)
		unsubscribe, err := b.SubscribeCore("core."+prefix+".ws.>", func(subject string, data []byte) {
			got <- subject + "=" + string(data)
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := b.PublishCore(subject, []byte("hello")); err != nil {
			t.Fatal(err)
		}
		select {
		case m := <-got:
			if m != subject+"=hello" {
				t.Fatalf("got %q", m)
			}
		case <-time.After(waitFor):
			t.Fatal("core message not received")
		}
		unsubscribe()
		if err := b.PublishCore(subject, []byte("again")); err != nil {
			t.Fatal(err)
		}
		if err := b.nc.Flush(); err != nil {
			t.Fatal(err)
		}
		select {
		case m := <-got:
			t.Fatalf("received %q after unsubscribe", m)
		case <-time.After(200 * time.Millisecond):
		}
	})
}

func TestPingReportsServerLoss(t *testing.T) {
	e, err := StartEmbedded(t.TempDir(), testLogger())
	if err != nil {
		t.Fatal(err)
	}
	b, err := Connect(context.Background(), e.ClientURL(), "ping-test", testLogger())
	if err != nil {
		e.Shutdown()
		t.Fatal(err)
	}
	defer func() { _ = b.Close() }()
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	if err := b.Ping(ctx); err != nil {
		t.Fatalf("ping with the server up: %v", err)
	}
	e.Shutdown()
	// /readyz gives Ping a short deadline: a server that vanished before the client noticed
	// shows up as a JetStream request timing out.
	downCtx, downCancel := context.WithTimeout(context.Background(), time.Second)
	defer downCancel()
	if err := b.Ping(downCtx); err == nil {
		t.Fatal("ping succeeded with the server down")
	}
}

func TestEmbeddedStoreSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	run := func(publishID string, wantIDs []string) {
		e, err := StartEmbedded(dir, testLogger())
		if err != nil {
			t.Fatal(err)
		}
		defer e.Shutdown()
		b, err := Connect(ctx, e.ClientURL(), "restart-test", testLogger())
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = b.Close() }()
		if err := b.EnsureStream(ctx); err != nil {
			t.Fatal(err)
		}
		publish(t, b, "backoffice.sales.sale.created.v1", publishID, "x")
		c := newCollector()
		stop, err := b.Consume(ctx, "notifications", "backoffice.>", func(_ context.Context, m Msg) error { c.add(m); return nil })
		if err != nil {
			t.Fatal(err)
		}
		defer stop()
		c.until(t, publishID)
		if got := idsOf(c.all()); !slices.Equal(got, wantIDs) {
			t.Fatalf("got %v, want %v", got, wantIDs)
		}
	}
	run("first", []string{"first"})
	// Same folder, new process in effect: the stream, its messages and the durable's position
	// are recovered from disk, so only the new message is delivered.
	run("second", []string{"second"})
}
