package cache

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// incrScript is the fixed-window increment. It runs as one Lua script so that
// the increment, the start of the window and the read of its remaining time
// are atomic: a replica crashing between INCR and PEXPIRE can never leave a
// counter without expiry, which would block its key forever. Setting the
// expiry only when there is none (PEXPIRE NX semantics, written out so it also
// works before Redis 7) keeps later increments from extending the window.
var incrScript = redis.NewScript(`
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`)

// Redis is the production Store, shared by every backoffice replica. All its
// keys carry a prefix so that several deployments (or tests) can share one
// Redis database without seeing each other's keys.
type Redis struct {
	client *redis.Client
	prefix string
}

// NewRedis connects lazily to the Redis at url (redis://[user:pass@]host:port/db,
// or rediss:// for TLS) and prefixes every key with prefix verbatim, so give it
// its own separator, e.g. "backoffice:". The connection is opened on first
// use: call Ping at start-up to fail fast on a wrong address.
func NewRedis(url string, prefix string) (*Redis, error) {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("cache: parse redis url: %w", err)
	}
	return &Redis{client: redis.NewClient(opt), prefix: prefix}, nil
}

func (r *Redis) key(k string) string { return r.prefix + k }

// wrap gives callers one closed-store error whatever the implementation, and
// says which operation failed while keeping context errors visible to errors.Is.
func wrap(op string, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, redis.ErrClosed):
		return ErrClosed
	default:
		return fmt.Errorf("cache: redis %s: %w", op, err)
	}
}

// expiry maps "no expiry" (ttl <= 0) to go-redis's 0; a negative ttl would
// otherwise mean KEEPTTL there and silently keep an old expiry.
func expiry(ttl time.Duration) time.Duration {
	if ttl <= 0 {
		return 0
	}
	return ttl
}

// Get returns the value and whether it exists.
func (r *Redis) Get(ctx context.Context, key string) ([]byte, bool, error) {
	v, err := r.client.Get(ctx, r.key(key)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, wrap("get", err)
	}
	return v, true, nil
}

// Set stores value under key for ttl (no expiry when ttl <= 0).
func (r *Redis) Set(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	return wrap("set", r.client.Set(ctx, r.key(key), value, expiry(ttl)).Err())
}

// SetNX stores value only when key is absent and reports whether it did.
func (r *Redis) SetNX(ctx context.Context, key string, value []byte, ttl time.Duration) (bool, error) {
	ok, err := r.client.SetNX(ctx, r.key(key), value, expiry(ttl)).Result()
	return ok, wrap("setnx", err)
}

// Delete removes key.
func (r *Redis) Delete(ctx context.Context, key string) error {
	return wrap("del", r.client.Del(ctx, r.key(key)).Err())
}

// Incr increments the fixed-window counter under key atomically.
func (r *Redis) Incr(ctx context.Context, key string, window time.Duration) (int64, time.Duration, error) {
	if window <= 0 {
		return 0, 0, ErrInvalidWindow
	}
	// PEXPIRE takes whole milliseconds; round a sub-millisecond window up so it
	// never becomes 0, which Redis would treat as "expire now".
	ms := (window + time.Millisecond - 1).Milliseconds()
	res, err := incrScript.Run(ctx, r.client, []string{r.key(key)}, ms).Int64Slice()
	if err != nil {
		if strings.Contains(err.Error(), "not an integer") {
			return 0, 0, ErrNotInteger
		}
		return 0, 0, wrap("incr", err)
	}
	if len(res) != 2 {
		return 0, 0, fmt.Errorf("cache: redis incr: unexpected reply %v", res)
	}
	return res[0], time.Duration(res[1]) * time.Millisecond, nil
}

// TTL returns the time left before key expires and whether it exists.
func (r *Redis) TTL(ctx context.Context, key string) (time.Duration, bool, error) {
	d, err := r.client.PTTL(ctx, r.key(key)).Result()
	if err != nil {
		return 0, false, wrap("pttl", err)
	}
	// go-redis passes Redis's sentinels through unscaled: -2 missing, -1 no expiry.
	switch d {
	case -2:
		return 0, false, nil
	case -1:
		return NoExpiry, true, nil
	default:
		return d, true, nil
	}
}

// Ping checks that Redis answers.
func (r *Redis) Ping(ctx context.Context) error {
	return wrap("ping", r.client.Ping(ctx).Err())
}

// Close closes the connection pool; a second Close is a no-op.
func (r *Redis) Close() error {
	if err := r.client.Close(); err != nil && !errors.Is(err, redis.ErrClosed) {
		return wrap("close", err)
	}
	return nil
}
