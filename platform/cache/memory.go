package cache

import (
	"context"
	"strconv"
	"sync"
	"time"
)

// janitorInterval is how often Memory sweeps expired entries. Reads already
// ignore expired entries, so the sweep only bounds memory held by keys that
// are never read again (e.g. counters of one-off client IPs).
const janitorInterval = time.Minute

// Memory is the in-process Store of the embedded default. Expired entries are
// dropped lazily when touched and by a periodic janitor that Close stops.
// Time comes from an injectable clock so tests can move it forward.
type Memory struct {
	now func() time.Time

	mu      sync.Mutex
	entries map[string]memoryEntry
	closed  bool

	stop      chan struct{}
	done      chan struct{}
	closeOnce sync.Once
}

// memoryEntry is one stored value; a zero expiresAt means no expiry.
type memoryEntry struct {
	value     []byte
	expiresAt time.Time
}

func (e memoryEntry) expired(now time.Time) bool {
	return !e.expiresAt.IsZero() && !now.Before(e.expiresAt)
}

// NewMemory returns an empty in-process store reading time from now
// (time.Now when nil) and starts its janitor; call Close to stop it.
func NewMemory(now func() time.Time) *Memory {
	return newMemory(now, janitorInterval)
}

// newMemory lets tests run the janitor at a short interval.
func newMemory(now func() time.Time, interval time.Duration) *Memory {
	if now == nil {
		now = time.Now
	}
	m := &Memory{
		now:     now,
		entries: make(map[string]memoryEntry),
		stop:    make(chan struct{}),
		done:    make(chan struct{}),
	}
	go m.janitor(interval)
	return m
}

func (m *Memory) janitor(interval time.Duration) {
	defer close(m.done)
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		select {
		case <-m.stop:
			return
		case <-ticker.C:
			m.sweep()
		}
	}
}

// sweep deletes every expired entry.
func (m *Memory) sweep() {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	for k, e := range m.entries {
		if e.expired(now) {
			delete(m.entries, k)
		}
	}
}

// begin locks the store for one operation after checking that the caller
// still wants the answer and that the store is open; on success the caller
// must unlock m.mu.
func (m *Memory) begin(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return ErrClosed
	}
	return nil
}

// live returns the unexpired entry under key, dropping it if it has expired.
// m.mu must be held.
func (m *Memory) live(key string, now time.Time) (memoryEntry, bool) {
	e, ok := m.entries[key]
	if !ok {
		return memoryEntry{}, false
	}
	if e.expired(now) {
		delete(m.entries, key)
		return memoryEntry{}, false
	}
	return e, true
}

// put stores a copy of value so that callers may reuse their slice. m.mu must be held.
func (m *Memory) put(key string, value []byte, ttl time.Duration, now time.Time) {
	e := memoryEntry{value: append([]byte{}, value...)}
	if ttl > 0 {
		e.expiresAt = now.Add(ttl)
	}
	m.entries[key] = e
}

// Get returns a copy of the value and whether it exists.
func (m *Memory) Get(ctx context.Context, key string) ([]byte, bool, error) {
	if err := m.begin(ctx); err != nil {
		return nil, false, err
	}
	defer m.mu.Unlock()
	e, ok := m.live(key, m.now())
	if !ok {
		return nil, false, nil
	}
	return append([]byte{}, e.value...), true, nil
}

// Set stores value under key for ttl (no expiry when ttl <= 0).
func (m *Memory) Set(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	if err := m.begin(ctx); err != nil {
		return err
	}
	defer m.mu.Unlock()
	m.put(key, value, ttl, m.now())
	return nil
}

// SetNX stores value only when key is absent or expired and reports whether it did.
func (m *Memory) SetNX(ctx context.Context, key string, value []byte, ttl time.Duration) (bool, error) {
	if err := m.begin(ctx); err != nil {
		return false, err
	}
	defer m.mu.Unlock()
	now := m.now()
	if _, ok := m.live(key, now); ok {
		return false, nil
	}
	m.put(key, value, ttl, now)
	return true, nil
}

// Delete removes key.
func (m *Memory) Delete(ctx context.Context, key string) error {
	if err := m.begin(ctx); err != nil {
		return err
	}
	defer m.mu.Unlock()
	delete(m.entries, key)
	return nil
}

// Incr increments the fixed-window counter under key. Like Redis INCR, the
// count is kept as decimal text, so Get and Incr see the same value on both
// implementations.
func (m *Memory) Incr(ctx context.Context, key string, window time.Duration) (int64, time.Duration, error) {
	if window <= 0 {
		return 0, 0, ErrInvalidWindow
	}
	if err := m.begin(ctx); err != nil {
		return 0, 0, err
	}
	defer m.mu.Unlock()
	now := m.now()
	e, ok := m.live(key, now)
	var n int64
	if ok {
		var err error
		if n, err = strconv.ParseInt(string(e.value), 10, 64); err != nil {
			return 0, 0, ErrNotInteger
		}
	}
	n++
	e.value = strconv.AppendInt(nil, n, 10)
	// The window starts at the first increment; a counter that somehow lives
	// without expiry gets one now, as the Redis script does, so it cannot
	// block forever.
	if e.expiresAt.IsZero() {
		e.expiresAt = now.Add(window)
	}
	m.entries[key] = e
	return n, e.expiresAt.Sub(now), nil
}

// TTL returns the time left before key expires and whether it exists.
func (m *Memory) TTL(ctx context.Context, key string) (time.Duration, bool, error) {
	if err := m.begin(ctx); err != nil {
		return 0, false, err
	}
	defer m.mu.Unlock()
	now := m.now()
	e, ok := m.live(key, now)
	switch {
	case !ok:
		return 0, false, nil
	case e.expiresAt.IsZero():
		return NoExpiry, true, nil
	default:
		return e.expiresAt.Sub(now), true, nil
	}
}

// Ping reports ErrClosed after Close and nil otherwise.
func (m *Memory) Ping(ctx context.Context) error {
	if err := m.begin(ctx); err != nil {
		return err
	}
	m.mu.Unlock()
	return nil
}

// Close stops the janitor, waits for it to exit and drops every entry.
func (m *Memory) Close() error {
	m.closeOnce.Do(func() {
		close(m.stop)
		<-m.done
		m.mu.Lock()
		m.closed = true
		m.entries = nil
		m.mu.Unlock()
	})
	return nil
}
