package notifications_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/notifications"
	"github.com/backoffice/backoffice/platform/eventbus"
)

// These tests run the event flow through a real NATS server with JetStream: the machine's when
// BACKOFFICE_TEST_NATS_URL is set (required in CI), an embedded one otherwise. Each test gets its
// own stream and subject prefix, so that parallel tests — and other packages' tests on the same
// server — never share a stream or the "notifications" durable.

func natsURL(t testing.TB) string {
	t.Helper()
	if u := os.Getenv("BACKOFFICE_TEST_NATS_URL"); u != "" {
		return u
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("BACKOFFICE_TEST_NATS_URL is not set; CI must run the event flow through the real NATS server")
	}
	emb, err := eventbus.StartEmbedded(t.TempDir(), quiet())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(emb.Shutdown)
	return emb.ClientURL()
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func randomToken(t testing.TB) string {
	b := make([]byte, 5)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

// stream is one test's JetStream stream: subjects <prefix>.> instead of backoffice.>.
type stream struct {
	url, name, prefix string
}

func newStream(t testing.TB) stream {
	t.Helper()
	tok := randomToken(t)
	st := stream{url: natsURL(t), name: "NOTIF_" + tok, prefix: "tn" + tok}
	b := st.connect(t, "notifications-test-setup")
	if err := b.EnsureStream(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		nc, err := nats.Connect(st.url)
		if err != nil {
			return
		}
		defer nc.Close()
		if js, err := jetstream.New(nc); err == nil {
			_ = js.DeleteStream(context.Background(), st.name)
		}
	})
	return st
}

// connect opens a bus on the stream, as one process would; closed at the end of the test.
func (st stream) connect(t testing.TB, name string) *eventbus.Bus {
	t.Helper()
	b, err := eventbus.Connect(context.Background(), st.url, name, quiet(), eventbus.WithStream(st.name),
		eventbus.WithSubjectPrefix(st.prefix), eventbus.WithRetryDelays(50*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	return b
}

// subject moves a product subject (backoffice.…) to the test stream's prefix.
func (st stream) subject(s string) string {
	return st.prefix + strings.TrimPrefix(s, eventbus.DefaultSubjectPrefix)
}

// messages is how many messages the stream holds.
func (st stream) messages(t testing.TB) uint64 {
	t.Helper()
	nc, err := nats.Connect(st.url)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, _ := jetstream.New(nc)
	s, err := js.Stream(context.Background(), st.name)
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return info.State.Msgs
}

// publisher is the relay's publisher onto the test stream: the outbox holds product subjects.
type publisher struct {
	bus *eventbus.Bus
	st  stream
}

func (p publisher) Publish(ctx context.Context, subject, msgID string, data []byte) error {
	return p.bus.Publish(ctx, p.st.subject(subject), msgID, data)
}

// consumer starts a notifications module consuming the stream (one process's consumer).
func consumer(t testing.TB, s *authtest.Stack, b *eventbus.Bus, st stream, push notifications.Pusher) *notifications.Module {
	t.Helper()
	m := notifications.New(notifications.Deps{DB: s.DB, Users: s.Auth, Events: b, Filter: st.prefix + ".>", Push: push,
		AdminRole: auth.RoleAdmin, OtherRoles: []string{auth.RoleUser, auth.RoleSecretary, auth.RoleBuyer}, Logger: quiet()})
	if err := m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	return m
}

// emit writes an event to the outbox as a module does inside its transaction.
func emit(t testing.TB, s *authtest.Stack, subject string, companyID, actorID int64, data any) eventbus.Event {
	t.Helper()
	ev := eventbus.NewEvent(subject, companyID, actorID, data, time.Now())
	if err := (eventbus.Outbox{}).Add(context.Background(), s.DB, ev); err != nil {
		t.Fatal(err)
	}
	return ev
}

// rowsOf counts the notifications stored for an event.
func rowsOf(t testing.TB, s *authtest.Stack, eventID string) int {
	t.Helper()
	var n int
	if err := s.DB.NewRaw("SELECT count(*) FROM notifications WHERE event_id = ?", eventID).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// waitFor polls cond until it holds or 10 s pass.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// pushesOf counts the notification pushes of an event.
// pushesOf counts the distinct notifications of eventID pushed to userID: the toasts a tab shows,
// since a redelivered event pushes its stored notifications again and tabs drop an id they have
// shown.
func pushesOf(t testing.TB, rec *recorder, userID int64, eventID string) int {
	t.Helper()
	ids := map[int64]bool{}
	for _, x := range rec.notificationsTo(t, userID) {
		if x.EventID == eventID {
			ids[x.ID] = true
		}
	}
	return len(ids)
}

const approvedSubject = "backoffice.procurement.purchase_order.approved.v1"

func TestFlowThroughNATS(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		ctx := context.Background()
		admin := s.CreateUser(t, "admin1", auth.RoleAdmin, false)
		buyer := s.CreateUser(t, "buyer1", auth.RoleBuyer, false)
		st := newStream(t)
		bus := st.connect(t, "backoffice-test")
		relay := eventbus.NewRelay(s.DB, publisher{bus: bus, st: st}, quiet(), eventbus.RelayOptions{})
		// Creating the users wrote auth events (they notify nobody): out of the way first.
		if _, err := relay.PublishPending(ctx); err != nil {
			t.Fatal(err)
		}
		rec := &recorder{}
		m := consumer(t, s, bus, st, rec)
		approve := func(ref string) eventbus.Event {
			return emit(t, s, approvedSubject, s.CompanyID, admin.ID, order{ID: 9, ReferenceNo: ref, CreatedBy: buyer.ID})
		}
		delivered := func(evs ...eventbus.Event) {
			t.Helper()
			for _, ev := range evs {
				waitFor(t, "the notification of "+ev.ID, func() bool { return rowsOf(t, s, ev.ID) == 1 && pushesOf(t, rec, buyer.ID, ev.ID) == 1 })
			}
		}

		t.Run("event becomes a row and a push", func(t *testing.T) {
			ev := approve("PO-1")
			start := time.Now()
			if n, err := relay.PublishPending(ctx); err != nil || n != 1 {
				t.Fatalf("relay published %d: %v", n, err)
			}
			delivered(ev)
			t.Logf("outbox → notification row + push in %v", time.Since(start).Round(time.Millisecond))
		})

		t.Run("duplicate delivery stores once and toasts once", func(t *testing.T) {
			ev := approve("PO-2")
			if _, err := relay.PublishPending(ctx); err != nil {
				t.Fatal(err)
			}
			// The same event again under another Nats-Msg-Id, as after JetStream's duplicate window:
			// the stream keeps both copies and the consumer gets both.
			raw, _ := ev.MarshalJSON()
			if err := bus.Publish(ctx, st.subject(approvedSubject), ev.ID+"-again", raw); err != nil {
				t.Fatal(err)
			}
			sentinel := approve("PO-2-sentinel")
			if _, err := relay.PublishPending(ctx); err != nil {
				t.Fatal(err)
			}
			delivered(sentinel) // handled in order: the copy is behind us
			if rowsOf(t, s, ev.ID) != 1 || pushesOf(t, rec, buyer.ID, ev.ID) != 1 {
				t.Fatalf("duplicate: %d rows, %d pushes", rowsOf(t, s, ev.ID), pushesOf(t, rec, buyer.ID, ev.ID))
			}
			// A redelivery straight to the handler (an ack lost on the wire) is just as harmless.
			if err := m.HandleMessage(ctx, eventbus.Msg{Subject: st.subject(approvedSubject), Data: raw, ID: ev.ID, NumDelivered: 2}); err != nil {
				t.Fatal(err)
			}
			if rowsOf(t, s, ev.ID) != 1 || pushesOf(t, rec, buyer.ID, ev.ID) != 1 {
				t.Fatal("a redelivery stored again or pushed another notification")
			}
		})

		t.Run("relay restart with unpublished outbox rows delivers once", func(t *testing.T) {
			evs := []eventbus.Event{approve("PO-3"), approve("PO-4"), approve("PO-5")}
			before := st.messages(t)
			if n, err := relay.PublishPending(ctx); err != nil || n != 3 {
				t.Fatalf("published %d: %v", n, err)
			}
			// The relay died after publishing and before marking the rows: they are unpublished again.
			if _, err := s.DB.NewRaw("UPDATE outbox_events SET published_at = NULL WHERE event_id IN (?, ?, ?)",
				evs[0].ID, evs[1].ID, evs[2].ID).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			// More events committed while no relay runs.
			evs = append(evs, approve("PO-6"))
			restarted := eventbus.NewRelay(s.DB, publisher{bus: bus, st: st}, quiet(), eventbus.RelayOptions{PollInterval: 20 * time.Millisecond})
			rctx, stop := context.WithCancel(ctx)
			done := make(chan struct{})
			go func() { defer close(done); _ = restarted.Run(rctx) }()
			defer func() { stop(); <-done }()
			delivered(evs...)
			if got := st.messages(t) - before; got != 4 {
				t.Fatalf("stream grew by %d messages, want 4 (the republished copies dropped by Nats-Msg-Id)", got)
			}
			time.Sleep(200 * time.Millisecond) // room for a wrong second delivery
			for _, ev := range evs {
				if rowsOf(t, s, ev.ID) != 1 || pushesOf(t, rec, buyer.ID, ev.ID) != 1 {
					t.Fatalf("event %s: %d rows, %d pushes", ev.ID, rowsOf(t, s, ev.ID), pushesOf(t, rec, buyer.ID, ev.ID))
				}
			}
		})

		t.Run("consumer restart resumes where it stopped", func(t *testing.T) {
			m.Close()
			evs := []eventbus.Event{approve("PO-7"), approve("PO-8")}
			if _, err := relay.PublishPending(ctx); err != nil {
				t.Fatal(err)
			}
			time.Sleep(200 * time.Millisecond)
			if rowsOf(t, s, evs[0].ID) != 0 {
				t.Fatal("a stopped consumer handled an event")
			}
			var stored int
			_ = s.DB.NewRaw("SELECT count(*) FROM notifications").Scan(ctx, &stored)
			consumer(t, s, st.connect(t, "backoffice-test-restarted"), st, rec)
			delivered(evs...)
			var after int
			_ = s.DB.NewRaw("SELECT count(*) FROM notifications").Scan(ctx, &after)
			if after != stored+2 {
				t.Fatalf("%d notifications after the restart, want %d (nothing replayed twice)", after, stored+2)
			}
			// Distinct ids: the duplicate deliveries above pushed their notification again.
			ids := map[int64]bool{}
			for _, n := range rec.notificationsTo(t, buyer.ID) {
				ids[n.ID] = true
			}
			if len(ids) != 9 {
				t.Fatalf("the buyer got %d distinct notifications over the whole flow, want 9 (PO-1…PO-8 and the sentinel)", len(ids))
			}
		})
	})
}
