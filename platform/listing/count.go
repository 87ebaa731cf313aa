package listing

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/backoffice/backoffice/platform/cache"
)

// Counter caches list totals in the shared cache, so that paging through a large list counts it
// once, not on every page. Writes call Bump for their table, which moves every cached total of
// that table out of use at once (the table's version is part of the key), so a new record shows
// in the total straight away.
//
// After a write, the requests that arrive together would all miss and all count; within a
// process only one of them counts and the others wait for its answer.
//
// A nil *Counter caches nothing: Total counts every time and Bump does nothing, for services
// built without a cache.
type Counter struct {
	cache  cache.Store
	ttl    time.Duration
	flight singleflight.Group
}

// NewCounter returns a Counter keeping totals in c for ttl; without a cache (nil), the nil
// Counter, which counts every time.
func NewCounter(c cache.Store, ttl time.Duration) *Counter {
	if c == nil {
		return nil
	}
	return &Counter{cache: c, ttl: ttl}
}

// Total returns the cached total for table and filter (any string that identifies the filters
// and company scope), or runs count and caches its answer.
func (c *Counter) Total(ctx context.Context, table, filter string, count func(context.Context) (int, error)) (int, error) {
	if c == nil {
		return count(ctx)
	}
	version := "0"
	if v, ok, err := c.cache.Get(ctx, "listing:version:"+table); err == nil && ok {
		version = string(v)
	}
	sum := sha256.Sum256([]byte(filter))
	key := "listing:total:" + table + ":" + version + ":" + hex.EncodeToString(sum[:12])
	if v, ok, err := c.cache.Get(ctx, key); err == nil && ok {
		if n, err := strconv.Atoi(string(v)); err == nil {
			return n, nil
		}
	}
	v, err, _ := c.flight.Do(key, func() (any, error) {
		n, err := count(ctx)
		if err != nil {
			return 0, err
		}
		_ = c.cache.Set(ctx, key, []byte(strconv.Itoa(n)), c.ttl)
		return n, nil
	})
	if err != nil {
		return 0, err
	}
	return v.(int), nil
}

// Cached is count behind Total's cache, as a Source's Count.
func (c *Counter) Cached(table, filter string, count func(context.Context) (int, error)) func(context.Context) (int, error) {
	return func(ctx context.Context) (int, error) { return c.Total(ctx, table, filter, count) }
}

// Bump invalidates every cached total of table. Call it after a write commits.
func (c *Counter) Bump(ctx context.Context, table string) {
	if c == nil {
		return
	}
	_, _, _ = c.cache.Incr(ctx, "listing:version:"+table, 24*time.Hour)
}
