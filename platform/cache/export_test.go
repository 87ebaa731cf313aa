package cache

import "time"

// Test-only access to the janitor, so its test can live in cache_test beside
// the other Memory tests and use cachetest's clock.

// NewMemoryWithJanitor is NewMemory with a chosen janitor interval.
func NewMemoryWithJanitor(now func() time.Time, interval time.Duration) *Memory {
	return newMemory(now, interval)
}

// Len counts the entries held, expired or not.
func (m *Memory) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.entries)
}

// JanitorDone is closed when the janitor goroutine has exited.
func (m *Memory) JanitorDone() <-chan struct{} { return m.done }
