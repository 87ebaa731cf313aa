package ws

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"
)

// Session rechecks. Every open socket asks, about once a minute, whether its session still holds
// (a logout, a revoked session, a blocked address end it). At 10,000 tabs two things made that a
// cost of its own:
//
//   - the checks came as a wave: each socket's minute started at its connection, and the tabs of a
//     burst of reconnections (a notifier killed, a deploy) connect within seconds of each other,
//     so their checks fell within the same seconds of every minute, on top of whatever the
//     notifier was writing then. Each socket now waits a random 3/4 to 5/4 of recheckEvery between
//     checks (a minute on average), so the checks spread out and a wave does not form again;
//   - each tab asked for itself, though a browser's tabs share one session cookie (the bench's
//     10,000 tabs share 50 sessions). The sockets of one session from one address now share its
//     answer (sessionCheck): a check answered less than recheckShare ago is not asked again, and
//     while one tab asks, the others do not wait for it but skip their turn. An answer that the
//     session ended is kept, so each of its other tabs closes at its next turn without asking.
//
// A socket thus outlives its session's end by at most recheckShare + 5/4 recheckEvery and the auth
// module's 2 s session cache, 92 s (it was 62 s), and a session's sockets on one process cost at
// most four checks a minute whatever their number.
const (
	recheckShare   = recheckEvery / 4
	recheckTimeout = 5 * time.Second
)

// recheckDelay is the wait before a socket's next session check.
func recheckDelay() time.Duration {
	return recheckEvery*3/4 + rand.N(recheckEvery/2)
}

// sessionCheck is the latest answer about one session seen from one address, shared by its
// sockets.
type sessionCheck struct {
	// mu is held while a check runs and while at and err are read or written.
	mu  sync.Mutex
	at  time.Time
	err error
	// sockets counts the sockets sharing it (guarded by the gateway's mu): the entry goes with
	// the last one.
	sockets int
}

func checkKey(c *client) string { return c.p.Token + "\x00" + c.ip }

// shareCheck files c under its session's check (g.mu held). The upgrade has just authenticated
// the session, which is an answer too: the entry starts from it (unless a check is running,
// whose answer will do).
func (g *Gateway) shareCheck(c *client) {
	k := checkKey(c)
	s := g.checks[k]
	if s == nil {
		s = &sessionCheck{}
		g.checks[k] = s
	}
	s.sockets++
	c.check = s
	if s.mu.TryLock() {
		s.at, s.err = time.Now(), nil
		s.mu.Unlock()
	}
}

// unshareCheck takes c out of its session's check (g.mu held).
func (g *Gateway) unshareCheck(c *client) {
	k := checkKey(c)
	if s := g.checks[k]; s != nil {
		if s.sockets--; s.sockets <= 0 {
			delete(g.checks, k)
		}
	}
}

// recheck answers whether c's session still holds: nil when it does, or when another socket of
// the session is asking right now (this one asks again at its next turn); the session's error
// when it ended; an error for which checkTimedOut is true when the check did not answer in time
// (not kept: the next socket to ask asks again).
func (g *Gateway) recheck(c *client) error {
	s := c.check
	if !s.mu.TryLock() {
		return nil
	}
	defer s.mu.Unlock()
	if !s.at.IsZero() && (s.err != nil || time.Since(s.at) < recheckShare) {
		return s.err
	}
	ctx, cancel := context.WithTimeout(context.Background(), recheckTimeout)
	defer cancel()
	_, err := g.auth.Recheck(ctx, c.p.Token, c.ip)
	if err != nil && checkTimedOut(err) {
		return err
	}
	s.at, s.err = time.Now(), err
	return err
}
