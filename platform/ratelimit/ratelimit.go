// Package ratelimit is a fixed-window attempt limiter over cache.Store, used
// for login, 2FA and verification-code attempts per IP and per username
// (DESIGN §8: 429 with Retry-After, no account lock-out).
//
// A fixed window is deliberately simple: one atomic counter per rule and key
// that starts at the first attempt and vanishes when the window ends, so it
// costs one round trip on Redis and needs no clock agreement between replicas.
// Its known weakness, up to 2×Limit attempts around a window boundary, is
// acceptable for brute-force throttling.
package ratelimit

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/backoffice/backoffice/platform/cache"
)

// keyPrefix groups the limiter's counters in the shared store.
const keyPrefix = "ratelimit:"

// ErrInvalidRule is returned for a rule that cannot limit anything: empty or
// unsafe name, limit or window not positive.
var ErrInvalidRule = errors.New("ratelimit: invalid rule")

// Rule allows Limit attempts per key in each Window.
type Rule struct {
	// Name identifies the rule in the store's keys. It is a developer-chosen
	// constant (e.g. "login-ip") of letters, digits, '-', '_' and '.'.
	Name  string
	Limit int64
	// Window starts at a key's first attempt; its counter resets when it ends.
	Window time.Duration
}

// Decision is the outcome of one Hit or Peek.
type Decision struct {
	// Allowed reports whether the attempt may go ahead.
	Allowed bool
	// Remaining is how many more attempts the window allows.
	Remaining int64
	// RetryAfter is how long until the window ends; it is positive and at
	// most the rule's window when the attempt is refused, zero otherwise.
	RetryAfter time.Duration
}

// Limiter decides attempts against rules; it holds no state of its own, so
// every replica sharing the store shares the limits.
type Limiter struct {
	store cache.Store
}

// New returns a limiter keeping its counters in store.
func New(store cache.Store) *Limiter {
	return &Limiter{store: store}
}

func (r Rule) validate() error {
	if r.Limit <= 0 || r.Window <= 0 || r.Name == "" {
		return fmt.Errorf("%w: %+v", ErrInvalidRule, r)
	}
	for _, c := range r.Name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return fmt.Errorf("%w: name %q has %q", ErrInvalidRule, r.Name, c)
		}
	}
	return nil
}

// storeKey is the counter's key for rule and the caller's key. The caller's
// key is user input (a username, an IP), so it is hashed: whatever it holds
// it cannot reach into another rule's keys, and its length is bounded. The
// rule name contains no ':', so "ratelimit:<name>:" is an unambiguous prefix.
func storeKey(rule Rule, key string) string {
	sum := sha256.Sum256([]byte(key))
	return keyPrefix + rule.Name + ":" + base64.RawURLEncoding.EncodeToString(sum[:])
}

// Hit counts one attempt against rule for key and decides. The attempt that
// makes the count exceed Limit, and every later one in the window, is refused;
// refused attempts still count, which does not extend a fixed window.
func (l *Limiter) Hit(ctx context.Context, rule Rule, key string) (Decision, error) {
	if err := rule.validate(); err != nil {
		return Decision{}, err
	}
	n, left, err := l.store.Incr(ctx, storeKey(rule, key), rule.Window)
	if err != nil {
		return Decision{}, fmt.Errorf("ratelimit: %s: %w", rule.Name, err)
	}
	if n <= rule.Limit {
		return Decision{Allowed: true, Remaining: rule.Limit - n}, nil
	}
	return Decision{RetryAfter: retryAfter(rule, left)}, nil
}

// Peek tells whether key is currently blocked without counting: it is when
// the window's attempts are used up, i.e. when the next Hit would be refused.
// This lets a login check the limit before spending a password hash and count
// only failures.
func (l *Limiter) Peek(ctx context.Context, rule Rule, key string) (Decision, error) {
	if err := rule.validate(); err != nil {
		return Decision{}, err
	}
	sk := storeKey(rule, key)
	raw, ok, err := l.store.Get(ctx, sk)
	if err != nil {
		return Decision{}, fmt.Errorf("ratelimit: %s: %w", rule.Name, err)
	}
	if !ok {
		return Decision{Allowed: true, Remaining: rule.Limit}, nil
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil {
		return Decision{}, fmt.Errorf("ratelimit: %s: counter %q: %w", rule.Name, raw, cache.ErrNotInteger)
	}
	if n < rule.Limit {
		return Decision{Allowed: true, Remaining: rule.Limit - n}, nil
	}
	left, ok, err := l.store.TTL(ctx, sk)
	if err != nil {
		return Decision{}, fmt.Errorf("ratelimit: %s: %w", rule.Name, err)
	}
	if !ok {
		// The window ended between the two reads.
		return Decision{Allowed: true, Remaining: rule.Limit}, nil
	}
	return Decision{RetryAfter: retryAfter(rule, left)}, nil
}

// Reset clears key's counter for rule, e.g. the per-username+IP failures
// after a successful login.
func (l *Limiter) Reset(ctx context.Context, rule Rule, key string) error {
	if err := rule.validate(); err != nil {
		return err
	}
	if err := l.store.Delete(ctx, storeKey(rule, key)); err != nil {
		return fmt.Errorf("ratelimit: %s: %w", rule.Name, err)
	}
	return nil
}

// retryAfter keeps the promise of Decision.RetryAfter whatever the store
// reports: a counter without expiry (NoExpiry) or a counter left by an
// earlier, longer window of the same rule is answered with one full window.
func retryAfter(rule Rule, left time.Duration) time.Duration {
	if left <= 0 || left > rule.Window {
		return rule.Window
	}
	return left
}
