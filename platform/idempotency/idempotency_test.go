package idempotency_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/cache/cachetest"
	"github.com/backoffice/backoffice/platform/idempotency"
)

type answer struct {
	ID    int64     `json:"id"`
	Label string    `json:"label"`
	At    time.Time `json:"at"`
}

// Every behaviour on the in-process cache and on Redis.
func TestKeys(t *testing.T) {
	for name, harness := range map[string]func(t *testing.T) cachetest.Harness{
		"memory": func(t *testing.T) cachetest.Harness { return cachetest.Memory(t) },
		"redis":  func(t *testing.T) cachetest.Harness { return cachetest.RedisHarness(t) },
	} {
		t.Run(name, func(t *testing.T) {
			if name == "redis" {
				cachetest.RedisURL(t)
			}
			t.Run("ReplayAndReuse", func(t *testing.T) { testReplayAndReuse(t, harness(t)) })
			t.Run("ErrorsKeptOrForgotten", func(t *testing.T) { testErrors(t, harness(t)) })
			t.Run("InFlight", func(t *testing.T) { testInFlight(t, harness(t)) })
			t.Run("Concurrent", func(t *testing.T) { testConcurrent(t, harness(t)) })
			t.Run("Expiry", func(t *testing.T) { testExpiry(t, harness(t)) })
		})
	}
}

func testReplayAndReuse(t *testing.T, h cachetest.Harness) {
	ctx := context.Background()
	k := idempotency.New(h.Store, idempotency.TTL)
	calls := 0
	fn := func(context.Context) (answer, error) {
		calls++
		return answer{ID: int64(calls), Label: "pago", At: time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)}, nil
	}
	fp := idempotency.Fingerprint([]byte(`{"amount_cents":100}`), []byte("image"))
	first, err := idempotency.Do(ctx, k, "payments.create", 7, "key-1", fp, fn)
	if err != nil || first.ID != 1 {
		t.Fatalf("first run: %+v, %v", first, err)
	}
	again, err := idempotency.Do(ctx, k, "payments.create", 7, "key-1", fp, fn)
	if err != nil || again != first || calls != 1 {
		t.Fatalf("replay: %+v, %v (calls %d), want %+v and one call", again, err, calls, first)
	}
	// The same key with another request: refused, nothing run.
	other := idempotency.Fingerprint([]byte(`{"amount_cents":200}`), []byte("image"))
	if _, err := idempotency.Do(ctx, k, "payments.create", 7, "key-1", other, fn); !apperror.IsCode(err, apperror.CodeInvalid) ||
		apperror.As(err).Message != idempotency.MsgKeyReused || calls != 1 {
		t.Fatalf("reused key: %v (calls %d)", err, calls)
	}
	// Parts do not run into each other.
	if idempotency.Fingerprint([]byte("ab"), []byte("c")) == idempotency.Fingerprint([]byte("a"), []byte("bc")) {
		t.Fatal("fingerprints of different parts are equal")
	}
	// Another user, another operation, or no key: a run of its own.
	for _, c := range []struct {
		op   string
		user int64
		key  string
	}{{"payments.create", 8, "key-1"}, {"payments.batch", 7, "key-1"}, {"payments.create", 7, ""}} {
		if _, err := idempotency.Do(ctx, k, c.op, c.user, c.key, fp, fn); err != nil {
			t.Fatal(err)
		}
	}
	if calls != 4 {
		t.Fatalf("calls = %d, want 4", calls)
	}
}

func testErrors(t *testing.T, h cachetest.Harness) {
	ctx := context.Background()
	k := idempotency.New(h.Store, idempotency.TTL)
	fp := idempotency.Fingerprint([]byte("x"))
	const refusal = "The payment exceeds the balance due ($ 10)."
	for _, c := range []struct {
		name string
		fn   func(context.Context) (answer, error)
		// runs is how many of two calls with one key run fn: an application error is the
		// answer (one run); an internal error or a panic forgets the key (two).
		runs int
	}{
		{"refused", func(context.Context) (answer, error) {
			return answer{}, apperror.Invalid(refusal, map[string]string{"amount_cents": refusal})
		}, 1},
		{"failed", func(context.Context) (answer, error) { return answer{}, errors.New("database gone") }, 2},
		{"panicked", func(context.Context) (answer, error) { panic("boom") }, 2},
	} {
		runs := 0
		for range 2 {
			func() {
				defer func() { _ = recover() }()
				_, err := idempotency.Do(ctx, k, "op", 1, c.name, fp, func(ctx context.Context) (answer, error) {
					runs++
					return c.fn(ctx)
				})
				if ae := apperror.As(err); c.name == "refused" && (ae == nil || ae.Fields["amount_cents"] != refusal) {
					t.Errorf("refusal answered %v", err)
				}
			}()
		}
		if runs != c.runs {
			t.Errorf("%s: %d runs, want %d", c.name, runs, c.runs)
		}
	}
}

func testInFlight(t *testing.T, h cachetest.Harness) {
	ctx := context.Background()
	k := idempotency.New(h.Store, idempotency.TTL)
	started, release := make(chan struct{}), make(chan struct{})
	done := make(chan error)
	fp := idempotency.Fingerprint([]byte("x"))
	go func() {
		_, err := idempotency.Do(ctx, k, "op", 1, "slow", fp, func(context.Context) (answer, error) {
			close(started)
			<-release
			return answer{ID: 1}, nil
		})
		done <- err
	}()
	<-started
	never := func(context.Context) (answer, error) {
		t.Error("ran while the first run was in flight")
		return answer{}, nil
	}
	if _, err := idempotency.Do(ctx, k, "op", 1, "slow", fp, never); !apperror.IsCode(err, apperror.CodeConflict) {
		t.Fatalf("in flight: %v, want conflict", err)
	}
	if _, err := idempotency.Do(ctx, k, "op", 1, "slow", idempotency.Fingerprint([]byte("y")), never); !apperror.IsCode(err, apperror.CodeInvalid) {
		t.Fatalf("in flight, another request: %v, want invalid", err)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got, err := idempotency.Do(ctx, k, "op", 1, "slow", fp, never); err != nil || got.ID != 1 {
		t.Fatalf("after the run: %+v, %v", got, err)
	}
}

// A retry storm: one run, and every caller answered either with its answer or with 409.
func testConcurrent(t *testing.T, h cachetest.Harness) {
	ctx := context.Background()
	k := idempotency.New(h.Store, idempotency.TTL)
	var runs atomic.Int64
	var wg sync.WaitGroup
	fp := idempotency.Fingerprint([]byte("x"))
	for range 30 {
		wg.Go(func() {
			got, err := idempotency.Do(ctx, k, "op", 1, "storm", fp, func(context.Context) (answer, error) {
				return answer{ID: runs.Add(1)}, nil
			})
			if err != nil && !apperror.IsCode(err, apperror.CodeConflict) || err == nil && got.ID != 1 {
				t.Errorf("storm: %+v, %v", got, err)
			}
		})
	}
	wg.Wait()
	if runs.Load() != 1 {
		t.Fatalf("runs = %d, want 1", runs.Load())
	}
}

func testExpiry(t *testing.T, h cachetest.Harness) {
	ctx := context.Background()
	ttl := 300 * time.Millisecond
	k := idempotency.New(h.Store, ttl)
	calls := 0
	fn := func(context.Context) (answer, error) { calls++; return answer{ID: int64(calls)}, nil }
	fp := idempotency.Fingerprint([]byte("x"))
	if _, err := idempotency.Do(ctx, k, "op", 1, "k", fp, fn); err != nil {
		t.Fatal(err)
	}
	h.Advance(2 * ttl)
	got, err := idempotency.Do(ctx, k, "op", 1, "k", idempotency.Fingerprint([]byte("other")), fn)
	if err != nil || got.ID != 2 {
		t.Fatalf("after expiry the key is new: %+v, %v", got, err)
	}
}
