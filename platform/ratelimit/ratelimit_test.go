package ratelimit_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/backoffice/backoffice/platform/cache/cachetest"
	"github.com/backoffice/backoffice/platform/ratelimit"
)

// window is short because against Redis the test really waits for it.
const window = 600 * time.Millisecond

var (
	login = ratelimit.Rule{Name: "login-user", Limit: 3, Window: window}
	otp   = ratelimit.Rule{Name: "2fa.ip", Limit: 3, Window: window}
)

// step is one action of a scenario and, for hit and peek, the decision expected.
type step struct {
	op   string // "hit", "peek", "reset" or "wait"
	rule ratelimit.Rule
	key  string
	wait time.Duration

	allowed   bool
	remaining int64
	// maxRetry bounds RetryAfter for a refusal; 0 means the rule's window.
	maxRetry time.Duration
}

func hit(r ratelimit.Rule, key string, remaining int64) step {
	return step{op: "hit", rule: r, key: key, allowed: true, remaining: remaining}
}

func hitRefused(r ratelimit.Rule, key string, maxRetry time.Duration) step {
	return step{op: "hit", rule: r, key: key, maxRetry: maxRetry}
}

func peek(r ratelimit.Rule, key string, remaining int64) step {
	return step{op: "peek", rule: r, key: key, allowed: true, remaining: remaining}
}

func peekRefused(r ratelimit.Rule, key string, maxRetry time.Duration) step {
	return step{op: "peek", rule: r, key: key, maxRetry: maxRetry}
}

func reset(r ratelimit.Rule, key string) step { return step{op: "reset", rule: r, key: key} }

func wait(d time.Duration) step { return step{op: "wait", wait: d} }

var scenarios = []struct {
	name  string
	steps []step
}{
	{"under limit allowed", []step{
		peek(login, "alice", 3),
		hit(login, "alice", 2),
		hit(login, "alice", 1),
		peek(login, "alice", 1),
		hit(login, "alice", 0),
	}},
	{"limit+1 refused", []step{
		hit(login, "alice", 2), hit(login, "alice", 1), hit(login, "alice", 0),
		// Attempts are used up: Peek already blocks, the next Hit is refused.
		peekRefused(login, "alice", 0),
		hitRefused(login, "alice", 0),
		hitRefused(login, "alice", 0),
		peekRefused(login, "alice", 0),
	}},
	{"retry after shrinks, refusals do not extend the window", []step{
		hit(login, "alice", 2), hit(login, "alice", 1), hit(login, "alice", 0),
		wait(window / 3),
		hitRefused(login, "alice", window-window/3),
		peekRefused(login, "alice", window-window/3),
	}},
	{"window reset", []step{
		hit(login, "alice", 2), hit(login, "alice", 1), hit(login, "alice", 0),
		hitRefused(login, "alice", 0),
		wait(window + window/3),
		peek(login, "alice", 3),
		hit(login, "alice", 2),
	}},
	{"reset clears the key", []step{
		hit(login, "alice", 2), hit(login, "alice", 1), hit(login, "alice", 0),
		hitRefused(login, "alice", 0),
		reset(login, "alice"),
		peek(login, "alice", 3),
		hit(login, "alice", 2),
		reset(login, "nobody"), // resetting an unknown key is fine
	}},
	{"separate keys independent", []step{
		hit(login, "alice", 2), hit(login, "alice", 1), hit(login, "alice", 0),
		hitRefused(login, "alice", 0),
		peek(login, "bob", 3),
		hit(login, "bob", 2),
		reset(login, "bob"),
		hitRefused(login, "alice", 0),
	}},
	{"separate rules independent for the same key", []step{
		hit(login, "10.0.0.1", 2), hit(login, "10.0.0.1", 1), hit(login, "10.0.0.1", 0),
		hitRefused(login, "10.0.0.1", 0),
		hit(otp, "10.0.0.1", 2),
		reset(otp, "10.0.0.1"),
		hitRefused(login, "10.0.0.1", 0),
	}},
	{"user input cannot reach another key", []step{
		// Keys that would collide if joined naively with ':' or truncated.
		hit(login, "a:b", 2), hit(login, "a:b", 1), hit(login, "a:b", 0),
		peek(login, "a", 3),
		peek(login, "a:", 3),
		peek(login, "a:b ", 3),
		peek(login, "A:B", 3),
		peekRefused(login, "a:b", 0),
	}},
	{"peek does not count", []step{
		peek(login, "alice", 3), peek(login, "alice", 3), peek(login, "alice", 3), peek(login, "alice", 3),
		hit(login, "alice", 2), hit(login, "alice", 1), hit(login, "alice", 0),
	}},
	{"limit of one", []step{
		hit(ratelimit.Rule{Name: "once", Limit: 1, Window: window}, "k", 0),
		hitRefused(ratelimit.Rule{Name: "once", Limit: 1, Window: window}, "k", 0),
	}},
}

func runScenarios(t *testing.T, newHarness func(t *testing.T) cachetest.Harness) {
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t)
			l := ratelimit.New(h.Store)
			ctx := context.Background()
			for i, s := range sc.steps {
				where := fmt.Sprintf("step %d: %s %s %q", i, s.op, s.rule.Name, s.key)
				var (
					got ratelimit.Decision
					err error
				)
				switch s.op {
				case "wait":
					h.Advance(s.wait)
					continue
				case "reset":
					if err := l.Reset(ctx, s.rule, s.key); err != nil {
						t.Fatalf("%s: %v", where, err)
					}
					continue
				case "hit":
					got, err = l.Hit(ctx, s.rule, s.key)
				case "peek":
					got, err = l.Peek(ctx, s.rule, s.key)
				}
				if err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				checkDecision(t, where, s, got)
			}
		})
	}
}

func checkDecision(t *testing.T, where string, s step, got ratelimit.Decision) {
	t.Helper()
	if s.allowed {
		want := ratelimit.Decision{Allowed: true, Remaining: s.remaining}
		if got != want {
			t.Fatalf("%s: got %+v, want %+v", where, got, want)
		}
		return
	}
	maxRetry := s.maxRetry
	if maxRetry == 0 {
		maxRetry = s.rule.Window
	}
	if got.Allowed || got.Remaining != 0 || got.RetryAfter <= 0 || got.RetryAfter > maxRetry {
		t.Fatalf("%s: got %+v, want refused with 0 remaining and RetryAfter in (0, %v]", where, got, maxRetry)
	}
}

func TestLimiterMemory(t *testing.T) {
	runScenarios(t, func(t *testing.T) cachetest.Harness { return cachetest.Memory(t) })
}

func TestLimiterRedis(t *testing.T) {
	cachetest.RedisURL(t)
	runScenarios(t, func(t *testing.T) cachetest.Harness { return cachetest.RedisHarness(t) })
}

func TestInvalidRules(t *testing.T) {
	l := ratelimit.New(cachetest.Memory(t).Store)
	ctx := context.Background()
	for _, r := range []ratelimit.Rule{
		{Name: "", Limit: 1, Window: time.Minute},
		{Name: "login:ip", Limit: 1, Window: time.Minute}, // ':' would make keys ambiguous
		{Name: "login ip", Limit: 1, Window: time.Minute},
		{Name: "login", Limit: 0, Window: time.Minute},
		{Name: "login", Limit: -1, Window: time.Minute},
		{Name: "login", Limit: 1, Window: 0},
	} {
		if _, err := l.Hit(ctx, r, "k"); !errors.Is(err, ratelimit.ErrInvalidRule) {
			t.Errorf("Hit(%+v): err = %v, want ErrInvalidRule", r, err)
		}
		if _, err := l.Peek(ctx, r, "k"); !errors.Is(err, ratelimit.ErrInvalidRule) {
			t.Errorf("Peek(%+v): err = %v, want ErrInvalidRule", r, err)
		}
		if err := l.Reset(ctx, r, "k"); !errors.Is(err, ratelimit.ErrInvalidRule) {
			t.Errorf("Reset(%+v): err = %v, want ErrInvalidRule", r, err)
		}
	}
}

// TestStoreErrorsSurface checks that a broken store is reported, never taken
// for "allowed": failing open would switch brute-force protection off.
func TestStoreErrorsSurface(t *testing.T) {
	h := cachetest.Memory(t)
	l := ratelimit.New(h.Store)
	if err := h.Store.Close(); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if d, err := l.Hit(ctx, login, "alice"); err == nil || d.Allowed {
		t.Errorf("Hit on a closed store = %+v, %v; want an error", d, err)
	}
	if d, err := l.Peek(ctx, login, "alice"); err == nil || d.Allowed {
		t.Errorf("Peek on a closed store = %+v, %v; want an error", d, err)
	}
	if err := l.Reset(ctx, login, "alice"); err == nil {
		t.Error("Reset on a closed store: want an error")
	}
}
