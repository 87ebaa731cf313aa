package app

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/cache/cachetest"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

// sqlCounter counts the SQL the service sends about sessions: the session look-ups (a SELECT on
// sessions, always followed by the user's row) and the last_seen_at writes.
type sqlCounter struct{ reads, touches atomic.Int64 }

func (c *sqlCounter) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }

func (c *sqlCounter) AfterQuery(_ context.Context, e *bun.QueryEvent) {
	if !strings.Contains(e.Query, `"sessions"`) {
		return
	}
	switch e.Operation() {
	case "SELECT":
		c.reads.Add(1)
	case "UPDATE":
		if strings.Contains(e.Query, "last_seen_at") && !strings.Contains(e.Query, "state") {
			c.touches.Add(1)
		}
	}
}

// sessionEnv is a Service on a test database with a manual clock and counted session SQL.
type sessionEnv struct {
	svc   *Service
	db    *bun.DB
	clock *cachetest.Clock
	sql   *sqlCounter
	admin caller.Principal
}

const envIP = "203.0.113.9"

func newSessionEnv(t *testing.T, db *bun.DB, cfg Config) *sessionEnv {
	t.Helper()
	for _, name := range []string{"Alfa", "Beta"} {
		dbtest.Company(t, db, name)
	}
	clock := cachetest.NewClock(time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC))
	mem := cache.NewMemory(clock.Now)
	t.Cleanup(func() { _ = mem.Close() })
	if cfg.SessionTTL == 0 {
		cfg.SessionTTL = 8 * time.Hour
	}
	if cfg.IdleTimeout == 0 {
		cfg.IdleTimeout = 15 * time.Minute
	}
	counter := &sqlCounter{}
	db.AddQueryHook(counter)
	svc := New(db, mem, nil, companies{}, clock.Now, slog.New(slog.NewTextHandler(io.Discard, nil)), cfg)
	return &sessionEnv{svc: svc, db: db, clock: clock, sql: counter,
		admin: caller.Principal{UserID: 0, CompanyID: 1, Role: "admin"}}
}

func (e *sessionEnv) user(t *testing.T, username string, twoFactor bool) User {
	t.Helper()
	u, err := e.svc.CreateUser(context.Background(), NewUser{CompanyID: 1, Username: username, FirstName: username,
		Password: "Demo123!", Role: "user", Enable2FA: twoFactor})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func (e *sessionEnv) login(t *testing.T, username string) string {
	t.Helper()
	res, err := e.svc.Login(context.Background(), username, "Demo123!", envIP, "test")
	if err != nil {
		t.Fatal(err)
	}
	return res.Token
}

// auth authenticates tok from envIP and reports how many session reads it cost.
func (e *sessionEnv) auth(t *testing.T, tok string) (caller.Principal, error, int64) {
	t.Helper()
	before := e.sql.reads.Load()
	p, err := e.svc.Authenticate(context.Background(), tok, envIP)
	return p, err, e.sql.reads.Load() - before
}

func (e *sessionEnv) mustAuth(t *testing.T, tok string, wantReads int64) caller.Principal {
	t.Helper()
	p, err, reads := e.auth(t, tok)
	if err != nil {
		t.Fatalf("authenticate: %v", err)
	}
	if reads != wantReads {
		t.Fatalf("authenticate read the session %d times, want %d", reads, wantReads)
	}
	return p
}

func (e *sessionEnv) mustFail(t *testing.T, tok string) {
	t.Helper()
	if _, err, _ := e.auth(t, tok); !apperror.IsCode(err, apperror.CodeUnauthorized) && !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("authenticate: %v, want refused", err)
	}
}

func (e *sessionEnv) update(t *testing.T, u User, change func(*UserInput)) {
	t.Helper()
	in := UserInput{Username: u.Username, FirstName: u.FirstName, CompanyID: u.CompanyID, Role: u.Role,
		IPAddress: u.IPAddress}
	change(&in)
	if _, err := e.svc.UpdateUser(context.Background(), e.admin, u.ID, in); err != nil {
		t.Fatal(err)
	}
}

func TestSessionCacheReads(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		e := newSessionEnv(t, db, Config{})
		e.user(t, "lia", false)
		tok := e.login(t, "lia")

		p := e.mustAuth(t, tok, 1)
		if p.Role != "user" || p.Pending2FA || p.SessionID == 0 {
			t.Fatalf("principal %+v", p)
		}
		// Within the TTL: no read at all, for Authenticate and for Recheck alike.
		e.clock.Advance(sessionCacheTTL - time.Millisecond)
		e.mustAuth(t, tok, 0)
		if _, err := e.svc.Recheck(context.Background(), tok, envIP); err != nil || e.sql.reads.Load() != 1 {
			t.Fatalf("recheck: %v, reads %d", err, e.sql.reads.Load())
		}
		// At the TTL the rows are read again, once, and cached again.
		e.clock.Advance(time.Millisecond)
		e.mustAuth(t, tok, 1)
		e.mustAuth(t, tok, 0)

		// A change made on another replica (here: straight in the table) shows within the TTL.
		if _, err := db.NewUpdate().Table("users").Set("active = ?", false).Where("username = ?", "lia").
			Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		e.mustAuth(t, tok, 0) // still the cached rows: the staleness sessionCacheTTL allows
		e.clock.Advance(sessionCacheTTL)
		e.mustFail(t, tok)
	})
}

func TestSessionCacheChangesApplyAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		e := newSessionEnv(t, db, Config{})

		t.Run("logout", func(t *testing.T) {
			e.user(t, "lou", false)
			a, b := e.login(t, "lou"), e.login(t, "lou")
			pa := e.mustAuth(t, a, 1)
			e.mustAuth(t, b, 1)
			if err := e.svc.Logout(ctx, pa); err != nil {
				t.Fatal(err)
			}
			e.mustFail(t, a)
			e.mustAuth(t, b, 0) // the user's other session stays cached
		})

		t.Run("deactivate", func(t *testing.T) {
			u := e.user(t, "dee", false)
			tok := e.login(t, "dee")
			e.mustAuth(t, tok, 1)
			e.mustAuth(t, tok, 0)
			e.update(t, u, func(in *UserInput) { in.Active = new(bool) })
			e.mustFail(t, tok)
		})

		t.Run("role", func(t *testing.T) {
			u := e.user(t, "rob", false)
			tok := e.login(t, "rob")
			e.mustAuth(t, tok, 1)
			e.update(t, u, func(in *UserInput) { in.Role = "buyer" })
			if p := e.mustAuth(t, tok, 1); p.Role != "buyer" {
				t.Fatalf("role %q after the change", p.Role)
			}
		})

		t.Run("ip list by an administrator", func(t *testing.T) {
			u := e.user(t, "ivo", false)
			tok := e.login(t, "ivo")
			e.mustAuth(t, tok, 1)
			e.update(t, u, func(in *UserInput) { in.IPAddress = "198.51.100.0/24" })
			if _, err, _ := e.auth(t, tok); !errors.Is(err, caller.ErrAddressBlocked) {
				t.Fatalf("authenticate: %v, want blocked", err)
			}
		})

		t.Run("own ip list", func(t *testing.T) {
			e.user(t, "ian", false)
			tok := e.login(t, "ian")
			p := e.mustAuth(t, tok, 1)
			if _, err := e.svc.SetIPRestriction(caller.WithClientIP(ctx, envIP), p, envIP); err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.Recheck(ctx, tok, "198.51.100.1"); !errors.Is(err, caller.ErrAddressBlocked) {
				t.Fatalf("recheck from elsewhere: %v, want blocked", err)
			}
			e.mustAuth(t, tok, 0)
		})

		t.Run("delete", func(t *testing.T) {
			u := e.user(t, "del", false)
			tok := e.login(t, "del")
			e.mustAuth(t, tok, 1)
			if err := e.svc.DeleteUser(ctx, e.admin, u.ID); err != nil {
				t.Fatal(err)
			}
			e.mustFail(t, tok)
		})

		t.Run("password change ends the other sessions", func(t *testing.T) {
			e.user(t, "pam", false)
			mine, other := e.login(t, "pam"), e.login(t, "pam")
			p := e.mustAuth(t, mine, 1)
			e.mustAuth(t, other, 1)
			if err := e.svc.ChangePassword(ctx, p, PasswordInput{Current: "Demo123!", Password: "Nueva123!",
				Confirmation: "Nueva123!"}); err != nil {
				t.Fatal(err)
			}
			e.mustFail(t, other)
			e.mustAuth(t, mine, 1)
		})

		t.Run("pending two-factor session becomes active", func(t *testing.T) {
			e.user(t, "tom", true)
			tok := e.login(t, "tom")
			p := e.mustAuth(t, tok, 1)
			if !p.Pending2FA {
				t.Fatalf("principal %+v, want pending", p)
			}
			e.mustAuth(t, tok, 0)
			en, err := e.svc.StartEnrollment(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			code, err := totp.GenerateCodeCustom(en.Secret, e.clock.Now(),
				totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.Verify2FA(ctx, p, code); err != nil {
				t.Fatal(err)
			}
			if p := e.mustAuth(t, tok, 1); p.Pending2FA {
				t.Fatalf("principal %+v right after verification, want active", p)
			}
		})
	})
}

// The verdict is not cached: with rows that stay cached (a long TTL), every expiry is still
// judged against the current time, and a written touch moves the cached last_seen_at.
func TestSessionCacheJudgesEveryRequest(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		e := newSessionEnv(t, db, Config{SessionTTL: time.Hour})
		e.svc.sessions = newSessionCache(24*time.Hour, 100)
		e.user(t, "ida", false)
		e.user(t, "pia", true)

		t.Run("idle", func(t *testing.T) {
			tok := e.login(t, "ida")
			reads, touches := e.sql.reads.Load(), e.sql.touches.Load()
			e.mustAuth(t, tok, 1)
			e.clock.Advance(e.svc.cfg.IdleTimeout)
			e.mustAuth(t, tok, 0) // within idle time + touch granularity; touches
			if n := e.sql.touches.Load() - touches; n != 1 {
				t.Fatalf("%d touches, want 1", n)
			}
			e.clock.Advance(e.svc.cfg.IdleTimeout + sessionTouchEvery - time.Second)
			e.mustAuth(t, tok, 0) // the touch moved the cached last_seen_at: not idle
			e.clock.Advance(e.svc.cfg.IdleTimeout + sessionTouchEvery)
			e.mustFail(t, tok)
			if n := e.sql.reads.Load() - reads; n != 1 {
				t.Fatalf("%d reads, want 1 (judged on the cached rows)", n)
			}
		})

		t.Run("touch is not repeated", func(t *testing.T) {
			tok := e.login(t, "ida")
			before := e.sql.touches.Load()
			e.mustAuth(t, tok, 1)
			for range 65 {
				e.clock.Advance(time.Second)
				e.mustAuth(t, tok, 0)
			}
			if n := e.sql.touches.Load() - before; n != 2 {
				t.Fatalf("%d touches in 65 s of calls, want 2 (every %v)", n, sessionTouchEvery)
			}
			// Recheck never touches.
			e.clock.Advance(time.Minute)
			if _, err := e.svc.Recheck(context.Background(), tok, envIP); err != nil {
				t.Fatal(err)
			}
			if n := e.sql.touches.Load() - before; n != 2 {
				t.Fatalf("recheck touched the session")
			}
		})

		t.Run("absolute", func(t *testing.T) {
			tok := e.login(t, "ida")
			e.mustAuth(t, tok, 1)
			for range 5 {
				e.clock.Advance(10 * time.Minute)
				e.mustAuth(t, tok, 0)
			}
			e.clock.Advance(10 * time.Minute)
			e.mustFail(t, tok)
		})

		t.Run("pending two-factor", func(t *testing.T) {
			tok := e.login(t, "pia")
			e.mustAuth(t, tok, 1)
			e.clock.Advance(e.svc.cfg.PendingTTL)
			e.mustFail(t, tok)
		})
	})
}

func TestSessionCacheUnknownTokens(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		e := newSessionEnv(t, db, Config{})
		e.svc.sessions = newSessionCache(sessionCacheTTL, 3)
		e.user(t, "uma", false)
		tok := e.login(t, "uma")
		e.mustAuth(t, tok, 1)
		for i := range 20 {
			b := make([]byte, 32)
			_, _ = rand.Read(b)
			if _, err, reads := e.auth(t, hex.EncodeToString(b)); !errors.Is(err, store.ErrNotFound) || reads != 1 {
				t.Fatalf("random token %d: %v, %d reads", i, err, reads)
			}
		}
		// Again: each unknown token goes to the database, none took a place in the cache.
		e.mustAuth(t, tok, 0)
		if n := len(e.svc.sessions.entries); n != 1 {
			t.Fatalf("%d entries, want 1", n)
		}
		// A revoked session is not found either, so not cached.
		p := e.mustAuth(t, tok, 0)
		if err := e.svc.Logout(context.Background(), p); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if _, err, reads := e.auth(t, tok); err == nil || reads != 1 {
				t.Fatalf("revoked token: %v, %d reads", err, reads)
			}
		}
	})
}

// loader is a fake session read for the cache on its own: it counts calls per hash.
type loader struct {
	mu    sync.Mutex
	calls map[string]int
}

func (l *loader) read(hash string, user int64) func(context.Context) (sessionRows, error) {
	return func(context.Context) (sessionRows, error) {
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.calls == nil {
			l.calls = map[string]int{}
		}
		l.calls[hash]++
		return sessionRows{SessionID: int64(len(hash)), UserID: user, State: store.SessionActive}, nil
	}
}

func (l *loader) count(hash string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.calls[hash]
}

// checkIndex verifies the cache's invariants: byUser indexes exactly the entries, and the queue
// holds each entry once and no more than the bound allows.
func checkIndex(t *testing.T, c *sessionCache) {
	t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for user, set := range c.byUser {
		if len(set) == 0 {
			t.Fatalf("empty index set for user %d", user)
		}
		for h := range set {
			if e, ok := c.entries[h]; !ok || e.rows.UserID != user {
				t.Fatalf("index %d → %s has no entry", user, h)
			}
			n++
		}
	}
	if n != len(c.entries) {
		t.Fatalf("index holds %d hashes, entries %d", n, len(c.entries))
	}
	if len(c.entries) > c.max {
		t.Fatalf("%d entries over the cap %d", len(c.entries), c.max)
	}
	if q := len(c.queue) - c.head; q > 2*c.max+1 {
		t.Fatalf("queue of %d records for a cap of %d", q, c.max)
	}
	live := map[string]bool{}
	for _, q := range c.queue[c.head:] {
		if e, ok := c.entries[q.hash]; ok && e == q.entry {
			live[q.hash] = true
		}
	}
	if len(live) != len(c.entries) {
		t.Fatalf("queue has %d live records for %d entries", len(live), len(c.entries))
	}
}

func TestSessionCacheCap(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	c := newSessionCache(time.Minute, 3)
	var l loader
	get := func(h string) {
		t.Helper()
		if _, err := c.get(ctx, h, now, l.read(h, int64(h[0]))); err != nil {
			t.Fatal(err)
		}
	}
	for _, h := range []string{"a1", "b1", "c1", "d1", "e1"} {
		get(h)
		checkIndex(t, c)
	}
	if len(c.entries) != 3 {
		t.Fatalf("%d entries, want 3", len(c.entries))
	}
	// The oldest went: a1 and b1 are read again, e1 is not.
	get("e1")
	get("a1")
	if l.count("e1") != 1 || l.count("a1") != 2 {
		t.Fatalf("calls %v", l.calls)
	}
	// Expired entries go before live ones.
	now = now.Add(30 * time.Second)
	get("f1") // d1, e1 and a1 were all read at the start: f1 pushes out the oldest, d1
	now = now.Add(31 * time.Second)
	get("g1") // e1 and a1 have expired and go, though the cache is not full without them
	checkIndex(t, c)
	if len(c.entries) != 2 || c.entries["f1"] == nil || c.entries["g1"] == nil {
		t.Fatalf("entries %v", c.entries)
	}
	// Many re-reads and evictions keep the queue bounded.
	for i := range 10_000 {
		now = now.Add(time.Duration(i%3) * 40 * time.Second)
		get(fmt.Sprintf("%c%d", 'a'+i%7, i%11))
		if i%5 == 0 {
			c.forgetUser(int64('a' + i%7))
		}
		if i%997 == 0 {
			checkIndex(t, c)
		}
	}
	checkIndex(t, c)
}

func TestSessionCacheExpiryAndClock(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	c := newSessionCache(2*time.Second, 10)
	var l loader
	for _, tc := range []struct {
		advance time.Duration
		calls   int
	}{{0, 1}, {time.Second, 1}, {time.Second, 2}, {time.Second, 2}, {-2 * time.Second, 3}} {
		now = now.Add(tc.advance)
		if _, err := c.get(ctx, "x", now, l.read("x", 1)); err != nil {
			t.Fatal(err)
		}
		if got := l.count("x"); got != tc.calls {
			t.Fatalf("after %v: %d reads, want %d (a clock going back counts as stale)", tc.advance, got, tc.calls)
		}
	}
	// touched moves last_seen_at forward only, and only for the same session.
	c.touched("x", 1, now.Add(time.Second))
	c.touched("x", 99, now.Add(time.Hour))
	c.touched("x", 1, now.Add(-time.Hour))
	r, _ := c.get(ctx, "x", now, l.read("x", 1))
	if !r.LastSeenAt.Equal(now.Add(time.Second)) {
		t.Fatalf("last seen %v", r.LastSeenAt)
	}
	// A failed read is returned, not stored.
	boom := errors.New("boom")
	for range 2 {
		if _, err := c.get(ctx, "y", now, func(context.Context) (sessionRows, error) { return sessionRows{}, boom }); !errors.Is(err, boom) {
			t.Fatalf("error %v", err)
		}
	}
	if _, ok := c.entries["y"]; ok {
		t.Fatal("failed read cached")
	}
}

// Concurrent misses for one token share a read; a caller that goes away does not fail the read
// for the others; a change during the read keeps its answer out of the cache.
func TestSessionCacheSingleFlight(t *testing.T) {
	now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	c := newSessionCache(time.Minute, 10)
	var calls atomic.Int64
	release := make(chan struct{})
	started := make(chan struct{}, 100)
	read := func(ctx context.Context) (sessionRows, error) {
		calls.Add(1)
		started <- struct{}{}
		<-release
		if ctx.Err() != nil {
			return sessionRows{}, ctx.Err()
		}
		return sessionRows{SessionID: 7, UserID: 3}, nil
	}

	// The first caller leaves before the read ends.
	leaderCtx, cancel := context.WithCancel(context.Background())
	leaderErr := make(chan error, 1)
	go func() {
		_, err := c.get(leaderCtx, "t", now, read)
		leaderErr <- err
	}()
	<-started
	const n = 20
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := c.get(context.Background(), "t", now, read)
			if err == nil && r.SessionID != 7 {
				err = fmt.Errorf("rows %+v", r)
			}
			errs <- err
		}()
	}
	cancel()
	if err := <-leaderErr; !errors.Is(err, context.Canceled) {
		t.Fatalf("leader: %v", err)
	}
	time.Sleep(50 * time.Millisecond) // let the others join the read under way
	close(release)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if calls.Load() != 1 {
		t.Fatalf("%d reads for %d concurrent misses, want 1", calls.Load(), n+1)
	}
	if _, err := c.get(context.Background(), "t", now, read); err != nil || calls.Load() != 1 {
		t.Fatalf("not cached: %v, %d reads", err, calls.Load())
	}

	// A change to the user while a read is under way: the read's answer is not stored, and a
	// request arriving after the change does not wait for the old read but makes its own.
	c.forgetUser(3)
	release2 := make(chan struct{})
	var calls2 atomic.Int64
	slow := func(context.Context) (sessionRows, error) {
		calls2.Add(1)
		started <- struct{}{}
		<-release2
		return sessionRows{SessionID: 7, UserID: 3, Role: "old"}, nil
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = c.get(context.Background(), "t", now, slow)
	}()
	<-started
	c.forgetUser(3)
	fresh := func(context.Context) (sessionRows, error) {
		return sessionRows{SessionID: 7, UserID: 3, Role: "new"}, nil
	}
	ctx, cancelWait := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancelWait()
	if r, err := c.get(ctx, "t", now, fresh); err != nil || r.Role != "new" {
		close(release2)
		t.Fatalf("after the change: %+v %v (waited for the read from before it?)", r, err)
	}
	close(release2)
	<-done
	if r, _ := c.get(context.Background(), "t", now, fresh); r.Role != "new" {
		t.Fatalf("the read from before the change was cached: %+v", r)
	}
}
