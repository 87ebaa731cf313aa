package cache_test

import (
	"context"
	"testing"
	"time"

	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/cache/cachetest"
)

func TestMemoryContract(t *testing.T) {
	cachetest.RunStoreContract(t, func(t *testing.T) cachetest.Harness { return cachetest.Memory(t) })
}

// TestMemoryJanitorSweeps checks that expired keys nobody reads again are
// freed by the janitor, and that Close stops it.
func TestMemoryJanitorSweeps(t *testing.T) {
	clock := cachetest.NewClock(time.Unix(1_700_000_000, 0))
	m := cache.NewMemoryWithJanitor(clock.Now, 5*time.Millisecond)
	ctx := context.Background()
	for _, k := range []string{"a", "b", "c"} {
		if err := m.Set(ctx, k, []byte("v"), time.Second); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Set(ctx, "forever", []byte("v"), 0); err != nil {
		t.Fatal(err)
	}
	if _, _, err := m.Incr(ctx, "counter", 2*time.Second); err != nil {
		t.Fatal(err)
	}
	clock.Advance(1500 * time.Millisecond)

	deadline := time.Now().Add(5 * time.Second)
	for m.Len() != 2 {
		if time.Now().After(deadline) {
			t.Fatalf("janitor left %d entries, want 2 (forever, counter)", m.Len())
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-m.JanitorDone():
	default:
		t.Fatal("janitor still running after Close returned")
	}
}

// TestMemoryExpiresLazily checks that an expired entry is dropped when read,
// without waiting for the janitor.
func TestMemoryExpiresLazily(t *testing.T) {
	clock := cachetest.NewClock(time.Unix(1_700_000_000, 0))
	m := cache.NewMemoryWithJanitor(clock.Now, time.Hour)
	defer m.Close()
	ctx := context.Background()
	if err := m.Set(ctx, "k", []byte("v"), time.Second); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Second) // expiry is exclusive: at exactly ttl the key is gone
	if _, ok, _ := m.Get(ctx, "k"); ok {
		t.Fatal("key still readable at its expiry instant")
	}
	if n := m.Len(); n != 0 {
		t.Fatalf("%d entries after reading an expired key, want 0", n)
	}
}
