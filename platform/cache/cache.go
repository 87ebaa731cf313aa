// Package cache is the ephemeral shared state of the back office: rate-limit
// counters, used TOTP steps and the session cache (DESIGN §1).
//
// Everything here may be lost at any time without harming correctness beyond
// forgetting counters and cached sessions, so nothing durable belongs in a
// Store. Two implementations sit behind one interface: Memory for the
// embedded single-process default and Redis for production, where several
// backoffice replicas must share the same counters and one-time markers.
package cache

import (
	"context"
	"errors"
	"time"
)

// NoExpiry is what Store.TTL reports for a key that exists but was stored
// without a time to live.
const NoExpiry time.Duration = -1

// ErrClosed is returned by every Store method called after Close.
var ErrClosed = errors.New("cache: store is closed")

// ErrNotInteger is returned by Incr when the key holds a value that is not a
// decimal 64-bit integer, i.e. it was written by Set rather than Incr.
var ErrNotInteger = errors.New("cache: value is not an integer")

// ErrInvalidWindow is returned by Incr when the window is not positive: a
// fixed-window counter needs a window to end, or it would never reset.
var ErrInvalidWindow = errors.New("cache: window must be positive")

// Store is the shared ephemeral key-value state. Implementations are safe for
// concurrent use; values are copied in and out, so callers may reuse their
// slices. A ttl of zero or less on Set and SetNX means "no expiry".
type Store interface {
	// Get returns the value and whether it exists.
	Get(ctx context.Context, key string) ([]byte, bool, error)
	// Set stores value under key, replacing any value and any previous expiry.
	Set(ctx context.Context, key string, value []byte, ttl time.Duration) error
	// SetNX sets only when absent; reports whether it set. It is atomic across
	// every client of the store, which is what makes "a TOTP code is never
	// accepted twice" hold with several replicas.
	SetNX(ctx context.Context, key string, value []byte, ttl time.Duration) (bool, error)
	// Delete removes key; deleting a missing key is not an error.
	Delete(ctx context.Context, key string) error
	// Incr increments a counter that lives for window from its first increment
	// (fixed window), returning the new count and the time left in the window.
	// Later increments never extend the window. The counter is readable by Get
	// as a decimal string.
	Incr(ctx context.Context, key string, window time.Duration) (int64, time.Duration, error)
	// TTL returns the time left before key expires and whether key exists;
	// a key stored without expiry reports NoExpiry. It lets a caller tell how
	// long a block lasts without touching the counter (ratelimit.Peek).
	TTL(ctx context.Context, key string) (time.Duration, bool, error)
	// Ping checks that the store is reachable.
	Ping(ctx context.Context) error
	// Close releases the store's resources; calling it again is a no-op.
	Close() error
}
