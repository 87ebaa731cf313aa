package app

import (
	"context"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/backoffice/backoffice/modules/auth/internal/store"
)

// The session cache keeps, per token hash, the session row and its user's row as last read, so
// that a request does not read both again when the same token was resolved a moment ago.
const (
	// sessionCacheTTL is how long a read is reused. Changes made through this process evict the
	// user's entries at once, so it only bounds how long a change made on ANOTHER replica (a
	// logout, a revocation, a deactivation, a role, company or approval change, a new IP allow
	// list, a pending session verified there) takes to apply here: at most two seconds, which is
	// shorter than a person takes to turn from the admin page to the other browser, and still
	// saves the two queries for all but one request of a page's burst (a page load sends several
	// requests together, and a busy session sends many per second). It is not what keeps
	// sessions short: expiry, idle time, the pending-2FA limit, the user's state and the IP list
	// are checked on every request against the cached rows and the current time.
	sessionCacheTTL = 2 * time.Second
	// sessionCacheMax bounds the entries (a few hundred bytes each, about 5 MB when full). More live sessions than this in
	// one 2-second window only means more reads, never a wrong answer.
	sessionCacheMax = 10_000
)

// sessionRows is what resolve needs from a session row and its user's row. It keeps no password
// hash and no two-factor secret: only the session's lifetimes and state and the user's standing.
type sessionRows struct {
	SessionID                        int64
	State                            string
	CreatedAt, LastSeenAt, ExpiresAt time.Time
	UserID, CompanyID                int64
	Role, ApprovalStatus, IPAddress  string
	Active                           bool
	// CompanyActive is the user's company's standing (settings), read with the rows.
	CompanyActive bool
}

func rowsOf(sess *store.Session, u *store.User) sessionRows {
	return sessionRows{SessionID: sess.ID, State: sess.State, CreatedAt: sess.CreatedAt, LastSeenAt: sess.LastSeenAt,
		ExpiresAt: sess.ExpiresAt, UserID: u.ID, CompanyID: u.CompanyID, Role: u.Role,
		ApprovalStatus: u.ApprovalStatus, IPAddress: u.IPAddress, Active: u.Active}
}

// cachedSession is one entry: the rows and when they were read. Only LastSeenAt ever changes
// after the entry is stored (touched), under the cache's lock.
type cachedSession struct {
	rows   sessionRows
	readAt time.Time
}

// queued is an entry in read order; it is out of date when entries no longer holds that entry
// under that hash (re-read or evicted since).
type queued struct {
	hash  string
	entry *cachedSession
}

// sessionCache is the process's cache of resolved sessions (see sessionCacheTTL). Only
// successful reads are stored, so unknown, revoked or deleted tokens always go to the database
// and cannot push real sessions out. Every change to a user or to their sessions in this process
// evicts that user's entries, and moves the generation on so that a read which was under way
// during the change is not stored.
type sessionCache struct {
	ttl time.Duration
	max int

	mu      sync.Mutex
	entries map[string]*cachedSession // by token hash
	byUser  map[int64]map[string]bool // user id → token hashes in entries
	queue   []queued                  // every entry once, in read order, from head on; plus out-of-date records
	head    int
	gen     uint64 // moves on at every eviction by change
	flight  singleflight.Group
}

func newSessionCache(ttl time.Duration, max int) *sessionCache {
	return &sessionCache{ttl: ttl, max: max, entries: map[string]*cachedSession{}, byUser: map[int64]map[string]bool{}}
}

// fresh reports whether e may still be used at now; a clock that went back counts as stale.
func (c *sessionCache) fresh(e *cachedSession, now time.Time) bool {
	return !now.Before(e.readAt) && now.Sub(e.readAt) < c.ttl
}

// get returns the rows of hash, as cached when read less than ttl before now, or else from read.
// Concurrent misses for the same token share one read. A failed read is returned, not stored.
func (c *sessionCache) get(ctx context.Context, hash string, now time.Time,
	read func(context.Context) (sessionRows, error)) (sessionRows, error) {
	c.mu.Lock()
	if e, ok := c.entries[hash]; ok && c.fresh(e, now) {
		rows := e.rows
		c.mu.Unlock()
		return rows, nil
	}
	gen := c.gen
	c.mu.Unlock()
	// The generation is part of the key: a request that arrives after a change does not wait
	// for (and take the answer of) a read that started before it.
	ch := c.flight.DoChan(hash+"|"+strconv.FormatUint(gen, 10), func() (any, error) {
		// The read is shared, so one caller going away must not fail it for the others.
		rows, err := read(context.WithoutCancel(ctx))
		if err != nil {
			return sessionRows{}, err
		}
		c.put(hash, rows, now, gen)
		return rows, nil
	})
	select {
	case res := <-ch:
		if res.Err != nil {
			return sessionRows{}, res.Err
		}
		return res.Val.(sessionRows), nil
	case <-ctx.Done():
		return sessionRows{}, ctx.Err()
	}
}

// put stores rows read at readAt, unless a change was made (gen moved on) since the read began.
func (c *sessionCache) put(hash string, rows sessionRows, readAt time.Time, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		return
	}
	if old, ok := c.entries[hash]; ok {
		c.remove(hash, old)
	}
	// Drop, oldest first, out-of-date records, expired entries, and live entries while full.
	for c.head < len(c.queue) {
		q := c.queue[c.head]
		cur, ok := c.entries[q.hash]
		if ok && cur == q.entry {
			if c.fresh(cur, readAt) && len(c.entries) < c.max {
				break
			}
			c.remove(q.hash, cur)
		}
		c.queue[c.head] = queued{}
		c.head++
	}
	e := &cachedSession{rows: rows, readAt: readAt}
	c.entries[hash] = e
	if c.byUser[rows.UserID] == nil {
		c.byUser[rows.UserID] = map[string]bool{}
	}
	c.byUser[rows.UserID][hash] = true
	c.queue = append(c.queue, queued{hash: hash, entry: e})
	c.compact()
}

// compact keeps the queue's memory proportional to the entries: it drops the consumed front once
// it is half the slice, and out-of-date records once they outnumber the cap. Either copies at
// most 2×max records after at least max appends, so put stays O(1) amortised.
func (c *sessionCache) compact() {
	switch {
	case len(c.queue)-c.head > 2*c.max:
		live := make([]queued, 0, len(c.entries)+1)
		for _, q := range c.queue[c.head:] {
			if cur, ok := c.entries[q.hash]; ok && cur == q.entry {
				live = append(live, q)
			}
		}
		c.queue, c.head = live, 0
	case c.head > 64 && c.head*2 >= len(c.queue):
		n := copy(c.queue, c.queue[c.head:])
		clear(c.queue[n:])
		c.queue, c.head = c.queue[:n], 0
	}
}

// remove deletes the entry e of hash and its index record. The caller holds the lock.
func (c *sessionCache) remove(hash string, e *cachedSession) {
	delete(c.entries, hash)
	if set := c.byUser[e.rows.UserID]; set != nil {
		delete(set, hash)
		if len(set) == 0 {
			delete(c.byUser, e.rows.UserID)
		}
	}
}

// touched records that last_seen_at of the session was written as at, so that the next requests
// do not write it again.
func (c *sessionCache) touched(hash string, sessionID int64, at time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[hash]; ok && e.rows.SessionID == sessionID && at.After(e.rows.LastSeenAt) {
		e.rows.LastSeenAt = at
	}
}

// forgetUser evicts every entry of the user. Call it after a change to the user or to any of their
// sessions is written (after the commit).
func (c *sessionCache) forgetUser(userID int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for hash := range c.byUser[userID] {
		delete(c.entries, hash)
	}
	delete(c.byUser, userID)
}

// forgetSession evicts the entry of one session of the user (logout).
func (c *sessionCache) forgetSession(userID, sessionID int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for hash := range c.byUser[userID] {
		if e := c.entries[hash]; e != nil && e.rows.SessionID == sessionID {
			c.remove(hash, e)
		}
	}
}
