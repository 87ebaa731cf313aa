package eventbus

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

const testSubject = "backoffice.purchasing.purchase.approved.v1"

// published is one call a recordingPublisher received.
type published struct {
	subject, msgID, data string
}

// recordingPublisher keeps what it is asked to publish; while failWith is set it fails instead.
type recordingPublisher struct {
	mu       sync.Mutex
	calls    []published
	failWith error
	delay    time.Duration
}

func (p *recordingPublisher) Publish(_ context.Context, subject, msgID string, data []byte) error {
	time.Sleep(p.delay)
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.failWith != nil {
		return p.failWith
	}
	p.calls = append(p.calls, published{subject, msgID, string(data)})
	return nil
}

func (p *recordingPublisher) msgIDs() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]string, len(p.calls))
	for i, c := range p.calls {
		out[i] = c.msgID
	}
	return out
}

// addEvents commits n events, each in its own transaction, and returns their ids in order.
func addEvents(t testing.TB, bdb *bun.DB, n int) []string {
	t.Helper()
	var out []string
	for i := range n {
		ev := NewEvent(testSubject, 1, 2, approvedPayload{PurchaseID: int64(i + 1), Number: fmt.Sprintf("OC-%04d", i+1)}, time.Now())
		err := db.InTx(context.Background(), bdb, func(ctx context.Context, tx bun.Tx) error {
			return Outbox{}.Add(ctx, tx, ev)
		})
		if err != nil {
			t.Fatalf("add event: %v", err)
		}
		out = append(out, ev.ID)
	}
	return out
}

func outboxRows(t testing.TB, bdb *bun.DB) []outboxRow {
	t.Helper()
	var rows []outboxRow
	if err := bdb.NewSelect().Model(&rows).Order("id").Scan(context.Background()); err != nil {
		t.Fatalf("read outbox: %v", err)
	}
	return rows
}

func quickRelay(bdb *bun.DB, pub Publisher, opts RelayOptions) *Relay {
	if opts.MinBackoff == 0 {
		opts.MinBackoff, opts.MaxBackoff = 5*time.Millisecond, 20*time.Millisecond
	}
	return NewRelay(bdb, pub, testLogger(), opts)
}

// runRelay runs r.Run until the returned stop is called, which waits for Run to return.
func runRelay(t testing.TB, r *Relay) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.Run(ctx) }()
	stop = sync.OnceFunc(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("relay run: %v", err)
		}
	})
	t.Cleanup(stop)
	return stop
}

// eventually polls cond until it holds or waitFor passes.
func eventually(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(waitFor)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestOutboxAdd(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, bdb *bun.DB) {
		ctx := context.Background()
		rollback := errors.New("business rule failed")
		err := db.InTx(ctx, bdb, func(ctx context.Context, tx bun.Tx) error {
			if err := (Outbox{}).Add(ctx, tx, NewEvent(testSubject, 1, 2, nil, time.Now())); err != nil {
				return err
			}
			return rollback
		})
		if !errors.Is(err, rollback) {
			t.Fatalf("InTx = %v", err)
		}
		if rows := outboxRows(t, bdb); len(rows) != 0 {
			t.Fatalf("rolled-back transaction left %d outbox rows", len(rows))
		}

		ids := addEvents(t, bdb, 1)
		rows := outboxRows(t, bdb)
		if len(rows) != 1 {
			t.Fatalf("%d rows after one committed event", len(rows))
		}
		row := rows[0]
		if row.EventID != ids[0] || row.Subject != testSubject || row.PublishedAt != nil || row.Attempts != 0 || row.LastError != "" {
			t.Fatalf("row %+v", row)
		}
		env, err := DecodeEvent[approvedPayload]([]byte(row.Payload))
		if err != nil || env.EventID != ids[0] || env.Data.Number != "OC-0001" || env.CompanyID != 1 || env.ActorID != 2 {
			t.Fatalf("payload %s: %+v, %v", row.Payload, env, err)
		}

		for _, bad := range []Event{
			NewEvent("backoffice.purchase.approved", 1, 2, nil, time.Now()),
			{Subject: testSubject, OccurredAt: time.Now()},
		} {
			if err := (Outbox{}).Add(ctx, bdb, bad); err == nil {
				t.Errorf("Add accepted %+v", bad)
			}
		}
	})
}

func TestRelayPublishesInOrderAndMarks(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, bdb *bun.DB) {
		ctx := context.Background()
		ids := addEvents(t, bdb, 5)
		pub := &recordingPublisher{}
		r := quickRelay(bdb, pub, RelayOptions{BatchSize: 2})
		var counts []int
		for {
			n, err := r.PublishPending(ctx)
			if err != nil {
				t.Fatal(err)
			}
			counts = append(counts, n)
			if n == 0 {
				break
			}
		}
		if !slices.Equal(counts, []int{2, 2, 1, 0}) {
			t.Fatalf("passes published %v, want [2 2 1 0]", counts)
		}
		if got := pub.msgIDs(); !slices.Equal(got, ids) {
			t.Fatalf("published %v, want %v in order", got, ids)
		}
		rows := outboxRows(t, bdb)
		for i, row := range rows {
			call := pub.calls[i]
			if call.subject != row.Subject || call.data != row.Payload {
				t.Errorf("call %d = %+v, row %+v", i, call, row)
			}
			if row.PublishedAt == nil || time.Since(*row.PublishedAt) > time.Minute || row.Attempts != 1 {
				t.Errorf("row %d not marked: published_at %v attempts %d", i, row.PublishedAt, row.Attempts)
			}
		}
	})
}

func TestRelayNotifyWakesBeforePoll(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, bdb *bun.DB) {
		before := addEvents(t, bdb, 1)
		pub := &recordingPublisher{}
		r := quickRelay(bdb, pub, RelayOptions{PollInterval: time.Hour})
		stop := runRelay(t, r)
		// The first pass at start picks up rows committed while no relay ran.
		eventually(t, "the pre-existing row", func() bool { return len(pub.msgIDs()) == 1 })

		after := addEvents(t, bdb, 1)
		start := time.Now()
		r.Notify()
		eventually(t, "the notified row", func() bool { return len(pub.msgIDs()) == 2 })
		if waited := time.Since(start); waited > 2*time.Second {
			t.Fatalf("Notify took %s to publish", waited)
		}
		stop()
		if got := pub.msgIDs(); !slices.Equal(got, append(before, after...)) {
			t.Fatalf("published %v", got)
		}
	})
}

func TestRelayFailingPublisherKeepsRows(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, bdb *bun.DB) {
		ctx := context.Background()
		ids := addEvents(t, bdb, 3)
		pub := &recordingPublisher{failWith: errors.New("nats: no responders available")}
		r := quickRelay(bdb, pub, RelayOptions{})

		n, err := r.PublishPending(ctx)
		if err == nil || n != 0 || !strings.Contains(err.Error(), ids[0]) {
			t.Fatalf("PublishPending = %d, %v; want an error naming the first event", n, err)
		}
		rows := outboxRows(t, bdb)
		if rows[0].Attempts != 1 || !strings.Contains(rows[0].LastError, "no responders") {
			t.Fatalf("first row %+v, want attempts 1 and the error", rows[0])
		}
		// The pass stops at the first failure so later events never overtake it.
		if rows[1].Attempts != 0 || rows[2].Attempts != 0 {
			t.Fatalf("later rows were tried: %+v", rows[1:])
		}

		// Run keeps retrying with backoff; the rows stay unpublished and attempts grow.
		stop := runRelay(t, r)
		eventually(t, "more attempts", func() bool { return outboxRows(t, bdb)[0].Attempts >= 3 })
		stop()
		for _, row := range outboxRows(t, bdb) {
			if row.PublishedAt != nil {
				t.Fatalf("row %s marked published though every publish failed", row.EventID)
			}
		}

		// Once the bus is back the same rows go out, in order.
		pub.mu.Lock()
		pub.failWith = nil
		pub.mu.Unlock()
		if n, err := r.PublishPending(ctx); err != nil || n != 3 {
			t.Fatalf("after recovery PublishPending = %d, %v", n, err)
		}
		if got := pub.msgIDs(); !slices.Equal(got, ids) {
			t.Fatalf("published %v, want %v", got, ids)
		}
	})
}

// embeddedBus is a bus on a fresh embedded server with the product's stream, since outbox
// subjects are always backoffice.….
func embeddedBus(t testing.TB) *Bus {
	t.Helper()
	ctx := context.Background()
	e := startEmbedded(t)
	b, err := Connect(ctx, e.ClientURL(), "outbox-test", testLogger(), WithRetryDelays(20*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	if err := b.EnsureStream(ctx); err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRelayRestartPublishesPendingRows(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, bdb *bun.DB) {
		b := embeddedBus(t)
		ids := addEvents(t, bdb, 3)

		// The first relay cannot reach the bus, then the process stops.
		down := &recordingPublisher{failWith: errors.New("nats: connection closed")}
		stop := runRelay(t, quickRelay(bdb, down, RelayOptions{}))
		eventually(t, "a failed attempt", func() bool { return outboxRows(t, bdb)[0].Attempts >= 1 })
		stop()

		c := newCollector()
		consume(t, b, "notifications", "backoffice.>", func(_ context.Context, m Msg) error { c.add(m); return nil })
		runRelay(t, quickRelay(bdb, b, RelayOptions{}))
		c.until(t, ids[2])
		if got := idsOf(c.all()); !slices.Equal(got, ids) {
			t.Fatalf("consumer got %v, want %v", got, ids)
		}
		eventually(t, "rows marked", func() bool {
			for _, row := range outboxRows(t, bdb) {
				if row.PublishedAt == nil {
					return false
				}
			}
			return true
		})
	})
}

func TestRelayRepublishAfterCrashIsDeduplicated(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, bdb *bun.DB) {
		ctx := context.Background()
		b := embeddedBus(t)
		c := newCollector()
		consume(t, b, "notifications", "backoffice.>", func(_ context.Context, m Msg) error { c.add(m); return nil })

		first := addEvents(t, bdb, 2)
		if n, err := quickRelay(bdb, b, RelayOptions{}).PublishPending(ctx); err != nil || n != 2 {
			t.Fatalf("first relay: %d, %v", n, err)
		}
		// The relay died after publishing but before its mark reached the database.
		if _, err := bdb.NewUpdate().Table("outbox_events").Set("published_at = NULL").Where("1 = 1").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		restarted := quickRelay(bdb, b, RelayOptions{})
		if n, err := restarted.PublishPending(ctx); err != nil || n != 2 {
			t.Fatalf("restarted relay republished %d, %v; want both rows again", n, err)
		}
		marker := addEvents(t, bdb, 1)
		if n, err := restarted.PublishPending(ctx); err != nil || n != 1 {
			t.Fatalf("marker: %d, %v", n, err)
		}
		c.until(t, marker[0])
		if got, want := idsOf(c.all()), append(first, marker...); !slices.Equal(got, want) {
			t.Fatalf("consumer got %v, want each event once: %v", got, want)
		}
		for _, row := range outboxRows(t, bdb)[:2] {
			if row.PublishedAt == nil || row.Attempts != 2 {
				t.Fatalf("republished row %+v, want marked with 2 attempts", row)
			}
		}
	})
}

func TestRelaysOnPostgresClaimEachRowOnce(t *testing.T) {
	bdb := dbtest.Postgres(t)
	ctx := context.Background()
	want := addEvents(t, bdb, 120)
	// A slow publisher keeps each claim open long enough for the relays to overlap.
	pub := &recordingPublisher{delay: time.Millisecond}
	var wg sync.WaitGroup
	errs := make(chan error, 3)
	for range 3 {
		r := quickRelay(bdb, pub, RelayOptions{BatchSize: 10})
		wg.Go(func() {
			for {
				n, err := r.PublishPending(ctx)
				if err != nil {
					errs <- err
					return
				}
				if n == 0 {
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	got := pub.msgIDs()
	seen := map[string]int{}
	for _, id := range got {
		seen[id]++
	}
	for _, id := range want {
		if seen[id] != 1 {
			t.Errorf("event %s published %d times, want once", id, seen[id])
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d publishes for %d events", len(got), len(want))
	}
}
