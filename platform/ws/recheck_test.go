package ws

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/backoffice/backoffice/platform/httpx"
)

// countingAuth answers every recheck with err and counts the questions per token.
type countingAuth struct {
	mu    sync.Mutex
	asked map[string]int
	err   error
}

func (a *countingAuth) Authenticate(context.Context, string, string) (httpx.Principal, error) {
	return httpx.Principal{}, nil
}

func (a *countingAuth) Recheck(_ context.Context, token, _ string) (httpx.Principal, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.asked[token]++
	return httpx.Principal{}, a.err
}

func (a *countingAuth) answer(err error) { a.mu.Lock(); a.err = err; a.mu.Unlock() }
func (a *countingAuth) times(token string) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.asked[token]
}

// TestSessionTabsShareOneRecheck: the tabs of one session from one address share its check: a
// fresh answer (the upgrade's authentication, or another tab's check) is not asked again, an old
// one is; an ended session's answer reaches its other tabs without asking; a check that timed
// out is not kept; the entry goes with the session's last socket.
func TestSessionTabsShareOneRecheck(t *testing.T) {
	auth := &countingAuth{asked: map[string]int{}}
	g, err := NewGateway(idleBus{}, auth, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	p := buyer
	p.Token = "s1"
	open := func(ip string) *client {
		c := newClient(p, func() {})
		c.ip = ip
		g.register(c)
		return c
	}
	tabs := []*client{open("10.0.0.1"), open("10.0.0.1"), open("10.0.0.1")}
	other := open("10.0.0.2") // the same session from another address is asked about on its own
	if tabs[0].check != tabs[2].check || tabs[0].check == other.check {
		t.Fatal("sockets not grouped by session and address")
	}

	for _, c := range tabs {
		if err := g.recheck(c); err != nil {
			t.Fatal(err)
		}
	}
	if n := auth.times("s1"); n != 0 {
		t.Fatalf("asked %d times right after the upgrade authenticated the session, want 0", n)
	}
	age := func(c *client) { c.check.mu.Lock(); c.check.at = time.Now().Add(-recheckShare); c.check.mu.Unlock() }
	age(tabs[0])
	for _, c := range tabs {
		if err := g.recheck(c); err != nil {
			t.Fatal(err)
		}
	}
	if n := auth.times("s1"); n != 1 {
		t.Fatalf("three tabs with an old answer asked %d times, want 1", n)
	}

	// Timed out: not an answer, so not kept.
	auth.answer(fmt.Errorf("session by hash: %w", context.DeadlineExceeded))
	age(tabs[0])
	for _, c := range tabs[:2] {
		if err := g.recheck(c); !checkTimedOut(err) {
			t.Fatalf("recheck = %v, want a timeout", err)
		}
	}
	if n := auth.times("s1"); n != 3 {
		t.Fatalf("asked %d times in all, want 3 (a timeout is asked again)", n)
	}

	// Ended: one tab asks, the others get the answer without asking.
	ended := errors.New("session expired")
	auth.answer(ended)
	for _, c := range tabs {
		if err := g.recheck(c); !errors.Is(err, ended) {
			t.Fatalf("recheck = %v, want the session's end", err)
		}
	}
	if n := auth.times("s1"); n != 4 {
		t.Fatalf("asked %d times in all, want 4 (the end is shared)", n)
	}

	// While one tab asks, another does not wait for it: it skips its turn.
	tabs[0].check.mu.Lock()
	if err := g.recheck(tabs[1]); err != nil {
		t.Fatalf("recheck during another tab's check = %v, want nil (skipped)", err)
	}
	tabs[0].check.mu.Unlock()

	for _, c := range append(tabs, other) {
		g.unregister(c)
	}
	if len(g.checks) != 0 {
		t.Fatalf("%d session checks left after every socket closed", len(g.checks))
	}
}

// TestRecheckDelaySpread: the waits between a socket's checks spread over 3/4 to 5/4 of
// recheckEvery, so the sockets connected in the same second do not check in the same second.
func TestRecheckDelaySpread(t *testing.T) {
	lo, hi := recheckEvery, time.Duration(0)
	for range 1000 {
		d := recheckDelay()
		if d < recheckEvery*3/4 || d >= recheckEvery*5/4 {
			t.Fatalf("delay %s outside [%s, %s)", d, recheckEvery*3/4, recheckEvery*5/4)
		}
		lo, hi = min(lo, d), max(hi, d)
	}
	if hi-lo < recheckEvery*9/20 {
		t.Fatalf("1,000 delays spread over %s only", hi-lo)
	}
}
