// Package cachetest gives tests a cache.Store to run against: an in-memory
// one on a manual clock, or the machine's Redis under a private key prefix
// that is deleted afterwards. It also holds the contract every Store must
// meet (RunStoreContract), so both implementations are held to the same test.
package cachetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/backoffice/backoffice/platform/cache"
)

// RedisURLEnv names the variable holding the test Redis URL.
const RedisURLEnv = "BACKOFFICE_TEST_REDIS_URL"

// Clock is a manual clock for cache.NewMemory: time moves only when a test
// calls Advance. It is safe for concurrent use.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a clock stopped at start.
func NewClock(start time.Time) *Clock { return &Clock{now: start} }

// Now returns the clock's current time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// Harness is one Store under test with a way to let time pass for it.
type Harness struct {
	Store cache.Store
	// Advance lets d pass as the store sees it: a manual clock moves at once,
	// a real server is waited for.
	Advance func(d time.Duration)
}

// Memory returns a fresh cache.Memory on a manual clock, closed when the test ends.
func Memory(t testing.TB) Harness {
	t.Helper()
	clock := NewClock(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	m := cache.NewMemory(clock.Now)
	t.Cleanup(func() { _ = m.Close() })
	return Harness{Store: m, Advance: clock.Advance}
}

// RedisEnv is a cache.Redis under a private prefix, with a direct client on
// the same database so tests can look at what was really written.
type RedisEnv struct {
	Store  *cache.Redis
	Client *redis.Client
	Prefix string
}

// RedisURL returns BACKOFFICE_TEST_REDIS_URL. Without it the test is
// skipped, except under CI=true where it fails: CI must never silently skip
// the real service. Call it first in a test that runs many Redis subtests, to
// skip once rather than in every subtest.
func RedisURL(t testing.TB) string {
	t.Helper()
	url := os.Getenv(RedisURLEnv)
	if url == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set; CI must test against Redis", RedisURLEnv)
		}
		t.Skipf("%s is not set; skipping the Redis test (e.g. %s=redis://127.0.0.1:6379/0)", RedisURLEnv, RedisURLEnv)
	}
	return url
}

// Redis connects to the Redis named by RedisURL under a random key prefix and
// deletes every key with that prefix when the test ends.
func Redis(t testing.TB) RedisEnv {
	t.Helper()
	url := RedisURL(t)
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatalf("random prefix: %v", err)
	}
	prefix := "backoffice-test:" + hex.EncodeToString(b[:]) + ":"

	store, err := cache.NewRedis(url, prefix)
	if err != nil {
		t.Fatalf("cache.NewRedis: %v", err)
	}
	opt, err := redis.ParseURL(url)
	if err != nil {
		t.Fatalf("parse %s: %v", RedisURLEnv, err)
	}
	client := redis.NewClient(opt)
	t.Cleanup(func() {
		_ = store.Close()
		deletePrefix(t, client, prefix)
		_ = client.Close()
	})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := store.Ping(ctx); err != nil {
		t.Fatalf("ping Redis at %s: %v", url, err)
	}
	return RedisEnv{Store: store, Client: client, Prefix: prefix}
}

// RedisHarness is Redis as a Harness, whose Advance sleeps.
func RedisHarness(t testing.TB) Harness {
	t.Helper()
	return Harness{Store: Redis(t).Store, Advance: time.Sleep}
}

// deletePrefix removes the test's keys; the prefix is hex, so it holds no glob characters.
func deletePrefix(t testing.TB, client *redis.Client, prefix string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	iter := client.Scan(ctx, 0, prefix+"*", 100).Iterator()
	for iter.Next(ctx) {
		if err := client.Del(ctx, iter.Val()).Err(); err != nil {
			t.Errorf("cleanup: delete %s: %v", iter.Val(), err)
		}
	}
	if err := iter.Err(); err != nil {
		t.Errorf("cleanup: scan %s*: %v", prefix, err)
	}
}
