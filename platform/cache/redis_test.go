package cache_test

import (
	"context"
	"testing"
	"time"

	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/cache/cachetest"
)

func TestRedisContract(t *testing.T) {
	cachetest.RedisURL(t)
	cachetest.RunStoreContract(t, func(t *testing.T) cachetest.Harness { return cachetest.RedisHarness(t) })
}

// TestRedisPrefix checks that keys really land under the prefix, so that
// deployments and tests sharing one database cannot see each other's keys.
func TestRedisPrefix(t *testing.T) {
	env := cachetest.Redis(t)
	ctx := context.Background()
	if err := env.Store.Set(ctx, "session:abc", []byte("v"), time.Minute); err != nil {
		t.Fatal(err)
	}
	if _, _, err := env.Store.Incr(ctx, "hits", time.Minute); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"session:abc", "hits"} {
		if n := env.Client.Exists(ctx, env.Prefix+k).Val(); n != 1 {
			t.Errorf("raw key %q exists = %d, want 1", env.Prefix+k, n)
		}
		if n := env.Client.Exists(ctx, k).Val(); n != 0 {
			t.Errorf("unprefixed key %q exists", k)
		}
	}
	// A second store under another prefix on the same database sees nothing.
	other := cachetest.Redis(t)
	if _, ok, err := other.Store.Get(ctx, "session:abc"); err != nil || ok {
		t.Fatalf("other prefix Get = %v, %v; want absent", ok, err)
	}
}

func TestNewRedisRejectsBadURL(t *testing.T) {
	if _, err := cache.NewRedis("http://127.0.0.1:6379", "x:"); err == nil {
		t.Fatal("NewRedis accepted an http URL")
	}
}

// TestRedisUnreachable checks that Ping reports a dead server instead of
// hanging; nothing listens on port 1.
func TestRedisUnreachable(t *testing.T) {
	r, err := cache.NewRedis("redis://127.0.0.1:1/0", "x:")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := r.Ping(ctx); err == nil {
		t.Fatal("Ping of an unreachable Redis succeeded")
	}
}
