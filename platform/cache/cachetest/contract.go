package cachetest

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/backoffice/backoffice/platform/cache"
)

// Durations of the contract. They are short because against Redis Advance
// really sleeps, and far enough apart (≥ 100 ms) that scheduling jitter under
// -race cannot turn "still there" into "expired".
const (
	contractTTL    = 300 * time.Millisecond
	contractWindow = 600 * time.Millisecond
)

// concurrency is how many goroutines race for SetNX and Incr.
const concurrency = 50

// RunStoreContract runs the behaviour every cache.Store must have as subtests
// of t; newHarness is called once per subtest for a fresh, empty store.
func RunStoreContract(t *testing.T, newHarness func(t *testing.T) Harness) {
	tests := []struct {
		name string
		run  func(t *testing.T, h Harness)
	}{
		{"GetMissing", testGetMissing},
		{"SetGet", testSetGet},
		{"ValuesAreCopied", testValuesAreCopied},
		{"TTLExpiry", testTTLExpiry},
		{"NoExpiry", testNoExpiry},
		{"SetReplacesExpiry", testSetReplacesExpiry},
		{"SetNXOnce", testSetNXOnce},
		{"SetNXConcurrent", testSetNXConcurrent},
		{"Delete", testDelete},
		{"IncrFixedWindow", testIncrFixedWindow},
		{"IncrConcurrent", testIncrConcurrent},
		{"IncrEdgeCases", testIncrEdgeCases},
		{"PingAndClose", testPingAndClose},
		{"CanceledContext", testCanceledContext},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, newHarness(t)) })
	}
}

// mustGet fails the test unless key holds want.
func mustGet(t *testing.T, s cache.Store, key string, want []byte) {
	t.Helper()
	got, ok, err := s.Get(context.Background(), key)
	if err != nil {
		t.Fatalf("Get(%q): %v", key, err)
	}
	if !ok {
		t.Fatalf("Get(%q): missing, want %q", key, want)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("Get(%q) = %q, want %q", key, got, want)
	}
}

// mustMiss fails the test unless key is absent for both Get and TTL.
func mustMiss(t *testing.T, s cache.Store, key string) {
	t.Helper()
	ctx := context.Background()
	got, ok, err := s.Get(ctx, key)
	if err != nil || ok || got != nil {
		t.Fatalf("Get(%q) = %q, %v, %v; want nil, false, nil", key, got, ok, err)
	}
	if d, ok, err := s.TTL(ctx, key); err != nil || ok {
		t.Fatalf("TTL(%q) = %v, %v, %v; want absent", key, d, ok, err)
	}
}

// ttlOf returns key's time to live, failing the test if the key is missing.
func ttlOf(t *testing.T, s cache.Store, key string) time.Duration {
	t.Helper()
	d, ok, err := s.TTL(context.Background(), key)
	if err != nil || !ok {
		t.Fatalf("TTL(%q) = %v, %v, %v; want present", key, d, ok, err)
	}
	return d
}

func testGetMissing(t *testing.T, h Harness) {
	mustMiss(t, h.Store, "nobody")
}

func testSetGet(t *testing.T, h Harness) {
	ctx := context.Background()
	s := h.Store
	if err := s.Set(ctx, "k", []byte("v1"), 0); err != nil {
		t.Fatal(err)
	}
	mustGet(t, s, "k", []byte("v1"))
	if err := s.Set(ctx, "k", []byte("v2"), time.Minute); err != nil {
		t.Fatal(err)
	}
	mustGet(t, s, "k", []byte("v2"))
	// Binary data and the empty value survive; empty is not the same as absent.
	bin := []byte{0, 0xff, '\n', 0}
	if err := s.Set(ctx, "bin", bin, 0); err != nil {
		t.Fatal(err)
	}
	mustGet(t, s, "bin", bin)
	if err := s.Set(ctx, "empty", []byte{}, 0); err != nil {
		t.Fatal(err)
	}
	mustGet(t, s, "empty", []byte{})
	mustMiss(t, s, "other")
}

func testValuesAreCopied(t *testing.T, h Harness) {
	ctx := context.Background()
	in := []byte("abc")
	if err := h.Store.Set(ctx, "k", in, 0); err != nil {
		t.Fatal(err)
	}
	in[0] = 'X'
	out, _, err := h.Store.Get(ctx, "k")
	if err != nil {
		t.Fatal(err)
	}
	out[1] = 'Y'
	mustGet(t, h.Store, "k", []byte("abc"))
}

func testTTLExpiry(t *testing.T, h Harness) {
	ctx := context.Background()
	if err := h.Store.Set(ctx, "k", []byte("v"), contractTTL); err != nil {
		t.Fatal(err)
	}
	h.Advance(contractTTL / 3)
	mustGet(t, h.Store, "k", []byte("v"))
	if d := ttlOf(t, h.Store, "k"); d <= 0 || d > contractTTL-contractTTL/3 {
		t.Fatalf("TTL after %v = %v, want in (0, %v]", contractTTL/3, d, contractTTL-contractTTL/3)
	}
	h.Advance(contractTTL)
	mustMiss(t, h.Store, "k")
}

func testNoExpiry(t *testing.T, h Harness) {
	ctx := context.Background()
	if err := h.Store.Set(ctx, "zero", []byte("v"), 0); err != nil {
		t.Fatal(err)
	}
	// A negative ttl must not mean "keep the old expiry" (Redis KEEPTTL).
	if err := h.Store.Set(ctx, "negative", []byte("old"), contractTTL); err != nil {
		t.Fatal(err)
	}
	if err := h.Store.Set(ctx, "negative", []byte("v"), -1); err != nil {
		t.Fatal(err)
	}
	h.Advance(2 * contractTTL)
	for _, k := range []string{"zero", "negative"} {
		mustGet(t, h.Store, k, []byte("v"))
		if d := ttlOf(t, h.Store, k); d != cache.NoExpiry {
			t.Fatalf("TTL(%q) = %v, want NoExpiry", k, d)
		}
	}
}

func testSetReplacesExpiry(t *testing.T, h Harness) {
	ctx := context.Background()
	if err := h.Store.Set(ctx, "k", []byte("v1"), contractTTL); err != nil {
		t.Fatal(err)
	}
	if err := h.Store.Set(ctx, "k", []byte("v2"), 0); err != nil {
		t.Fatal(err)
	}
	h.Advance(2 * contractTTL)
	mustGet(t, h.Store, "k", []byte("v2"))
}

func testSetNXOnce(t *testing.T, h Harness) {
	ctx := context.Background()
	s := h.Store
	setNX := func(value string, want bool) {
		t.Helper()
		ok, err := s.SetNX(ctx, "totp:used:42", []byte(value), contractTTL)
		if err != nil {
			t.Fatal(err)
		}
		if ok != want {
			t.Fatalf("SetNX(%q) = %v, want %v", value, ok, want)
		}
	}
	setNX("first", true)
	setNX("second", false)
	mustGet(t, s, "totp:used:42", []byte("first"))
	if d := ttlOf(t, s, "totp:used:42"); d <= 0 || d > contractTTL {
		t.Fatalf("TTL after SetNX = %v, want in (0, %v]", d, contractTTL)
	}
	// Once the marker expires the key is free again.
	h.Advance(contractTTL + contractTTL/3)
	setNX("third", true)
	mustGet(t, s, "totp:used:42", []byte("third"))
	// And after a delete.
	if err := s.Delete(ctx, "totp:used:42"); err != nil {
		t.Fatal(err)
	}
	setNX("fourth", true)
	setNX("fifth", false)
}

func testSetNXConcurrent(t *testing.T, h Harness) {
	ctx := context.Background()
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		winners []int
	)
	start := make(chan struct{})
	for i := range concurrency {
		wg.Go(func() {
			<-start
			ok, err := h.Store.SetNX(ctx, "race", []byte(strconv.Itoa(i)), time.Minute)
			if err != nil {
				t.Error(err)
				return
			}
			if ok {
				mu.Lock()
				winners = append(winners, i)
				mu.Unlock()
			}
		})
	}
	close(start)
	wg.Wait()
	if len(winners) != 1 {
		t.Fatalf("%d of %d goroutines won SetNX (%v), want exactly 1", len(winners), concurrency, winners)
	}
	mustGet(t, h.Store, "race", []byte(strconv.Itoa(winners[0])))
}

func testDelete(t *testing.T, h Harness) {
	ctx := context.Background()
	if err := h.Store.Set(ctx, "k", []byte("v"), 0); err != nil {
		t.Fatal(err)
	}
	if err := h.Store.Set(ctx, "keep", []byte("v"), 0); err != nil {
		t.Fatal(err)
	}
	if err := h.Store.Delete(ctx, "k"); err != nil {
		t.Fatal(err)
	}
	mustMiss(t, h.Store, "k")
	mustGet(t, h.Store, "keep", []byte("v"))
	if err := h.Store.Delete(ctx, "never-there"); err != nil {
		t.Fatalf("Delete of a missing key: %v", err)
	}
}

func testIncrFixedWindow(t *testing.T, h Harness) {
	ctx := context.Background()
	s := h.Store
	incr := func(want int64, maxTTL, minTTL time.Duration) {
		t.Helper()
		n, d, err := s.Incr(ctx, "hits", contractWindow)
		if err != nil {
			t.Fatal(err)
		}
		if n != want {
			t.Fatalf("Incr = %d, want %d", n, want)
		}
		if d < minTTL || d > maxTTL {
			t.Fatalf("Incr #%d time left = %v, want in [%v, %v]", n, d, minTTL, maxTTL)
		}
	}
	incr(1, contractWindow, time.Millisecond)
	incr(2, contractWindow, time.Millisecond)
	mustGet(t, s, "hits", []byte("2"))

	// Later increments do not extend the window: it lives from the first one.
	step := contractWindow / 3
	h.Advance(step)
	incr(3, contractWindow-step, time.Millisecond)
	if d := ttlOf(t, s, "hits"); d > contractWindow-step {
		t.Fatalf("TTL = %v, want ≤ %v", d, contractWindow-step)
	}

	// After the window the count starts again with a full window.
	h.Advance(contractWindow)
	mustMiss(t, s, "hits")
	incr(1, contractWindow, contractWindow-step)
	mustGet(t, s, "hits", []byte("1"))
}

func testIncrConcurrent(t *testing.T, h Harness) {
	ctx := context.Background()
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		counts []int64
	)
	start := make(chan struct{})
	for range concurrency {
		wg.Go(func() {
			<-start
			n, d, err := h.Store.Incr(ctx, "hits", time.Minute)
			if err != nil {
				t.Error(err)
				return
			}
			if d <= 0 || d > time.Minute {
				t.Errorf("Incr time left = %v, want in (0, 1m]", d)
			}
			mu.Lock()
			counts = append(counts, n)
			mu.Unlock()
		})
	}
	close(start)
	wg.Wait()
	slices.Sort(counts)
	for i, n := range counts {
		if n != int64(i+1) {
			t.Fatalf("sorted counts = %v, want 1..%d each once", counts, concurrency)
		}
	}
	if len(counts) != concurrency {
		t.Fatalf("%d counts, want %d", len(counts), concurrency)
	}
	mustGet(t, h.Store, "hits", []byte(strconv.Itoa(concurrency)))
}

func testIncrEdgeCases(t *testing.T, h Harness) {
	ctx := context.Background()
	s := h.Store
	if _, _, err := s.Incr(ctx, "k", 0); !errors.Is(err, cache.ErrInvalidWindow) {
		t.Fatalf("Incr with zero window: err = %v, want ErrInvalidWindow", err)
	}
	mustMiss(t, s, "k")

	if err := s.Set(ctx, "text", []byte("abc"), 0); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Incr(ctx, "text", time.Minute); !errors.Is(err, cache.ErrNotInteger) {
		t.Fatalf("Incr of a text value: err = %v, want ErrNotInteger", err)
	}
	mustGet(t, s, "text", []byte("abc"))

	// A counter left without expiry gets the window, so it can never block forever.
	if err := s.Set(ctx, "n", []byte("41"), 0); err != nil {
		t.Fatal(err)
	}
	n, d, err := s.Incr(ctx, "n", contractWindow)
	if err != nil || n != 42 || d <= 0 || d > contractWindow {
		t.Fatalf("Incr of a counter without expiry = %d, %v, %v; want 42, (0, %v]", n, d, err, contractWindow)
	}
	if d := ttlOf(t, s, "n"); d <= 0 || d > contractWindow {
		t.Fatalf("TTL = %v, want in (0, %v]", d, contractWindow)
	}
}

func testPingAndClose(t *testing.T, h Harness) {
	ctx := context.Background()
	if err := h.Store.Ping(ctx); err != nil {
		t.Fatalf("Ping: %v", err)
	}
	if err := h.Store.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := h.Store.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if err := h.Store.Ping(ctx); !errors.Is(err, cache.ErrClosed) {
		t.Fatalf("Ping after Close: err = %v, want ErrClosed", err)
	}
	if _, _, err := h.Store.Get(ctx, "k"); !errors.Is(err, cache.ErrClosed) {
		t.Fatalf("Get after Close: err = %v, want ErrClosed", err)
	}
	if _, _, err := h.Store.Incr(ctx, "k", time.Minute); !errors.Is(err, cache.ErrClosed) {
		t.Fatalf("Incr after Close: err = %v, want ErrClosed", err)
	}
}

func testCanceledContext(t *testing.T, h Harness) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := h.Store.Set(ctx, "k", []byte("v"), 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("Set with a canceled context: err = %v, want context.Canceled", err)
	}
	if _, _, err := h.Store.Get(ctx, "k"); !errors.Is(err, context.Canceled) {
		t.Fatalf("Get with a canceled context: err = %v, want context.Canceled", err)
	}
	mustMiss(t, h.Store, "k")
}
