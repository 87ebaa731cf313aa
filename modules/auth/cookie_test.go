package auth_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
)

// sessionCookie returns the authToken cookie r sets, or nil.
func sessionCookie(t *testing.T, r *authtest.Response) *http.Cookie {
	t.Helper()
	var found *http.Cookie
	for _, line := range r.Header.Values("Set-Cookie") {
		c, err := http.ParseSetCookie(line)
		if err != nil {
			t.Fatalf("Set-Cookie %q: %v", line, err)
		}
		if c.Name == "authToken" {
			if found != nil {
				t.Fatalf("two authToken cookies: %q", r.Header.Values("Set-Cookie"))
			}
			found = c
		}
	}
	return found
}

// wantSessionCookie fails unless c hands token to the browser as the spec's hardening says:
// HttpOnly (no script reads it), SameSite=Strict, Path=/, Max-Age = the session's lifetime, and
// Secure exactly when the request came over TLS.
func wantSessionCookie(t *testing.T, c *http.Cookie, token string, secure bool) {
	t.Helper()
	if c == nil {
		t.Fatal("no authToken cookie set")
	}
	if c.Value != token || !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Path != "/" ||
		c.MaxAge != int(authtest.SessionTTL/time.Second) || c.Secure != secure {
		t.Fatalf("cookie %q: want value %q, HttpOnly, SameSite=Strict, Path=/, Max-Age=%d, Secure=%v",
			c.String(), token, int(authtest.SessionTTL/time.Second), secure)
	}
}

// The server sets the session cookie itself (the web app no longer writes it): at sign-in, and
// after the two-factor check for a pending sign-in, which gets none before; logout expires it.
func TestSessionCookieSetByServer(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		s.CreateUser(t, "ana", auth.RoleUser, false)
		creds := map[string]string{"username": "ana", "password": authtest.Password}

		t.Run("sign-in over plain HTTP", func(t *testing.T) {
			r := s.Do(t, authtest.Request{Method: http.MethodPost, Path: "/api/auth/login", Body: creds}).Expect(http.StatusOK)
			var body authtest.LoginBody
			r.JSON(&body)
			c := sessionCookie(t, r)
			wantSessionCookie(t, c, body.AuthToken, false)
			// The cookie alone is the session, and logout expires it.
			s.Do(t, authtest.Request{Method: http.MethodGet, Path: "/api/auth/user/profile", Cookie: c.Value}).Expect(http.StatusOK)
			out := s.Do(t, authtest.Request{Method: http.MethodPost, Path: "/api/auth/logout", Cookie: c.Value}).Expect(http.StatusNoContent)
			gone := sessionCookie(t, out)
			if gone == nil || gone.Value != "" || gone.MaxAge >= 0 || !gone.HttpOnly || gone.Path != "/" {
				t.Fatalf("logout cookie %v: want authToken expired on path /", gone)
			}
			s.Do(t, authtest.Request{Method: http.MethodGet, Path: "/api/auth/user/profile", Cookie: c.Value}).Expect(http.StatusUnauthorized)
		})

		t.Run("sign-in through a TLS-terminating trusted proxy", func(t *testing.T) {
			r := s.Do(t, authtest.Request{Method: http.MethodPost, Path: "/api/auth/login", Body: creds,
				Header: map[string]string{"X-Forwarded-Proto": "https"}}).Expect(http.StatusOK)
			var body authtest.LoginBody
			r.JSON(&body)
			wantSessionCookie(t, sessionCookie(t, r), body.AuthToken, true)
			out := s.Do(t, authtest.Request{Method: http.MethodPost, Path: "/api/auth/logout", Token: body.AuthToken,
				Header: map[string]string{"X-Forwarded-Proto": "https"}}).Expect(http.StatusNoContent)
			if c := sessionCookie(t, out); c == nil || !c.Secure || c.MaxAge >= 0 {
				t.Fatalf("logout cookie %v: want a Secure expired authToken", c)
			}
		})

		t.Run("two-factor sign-in", func(t *testing.T) {
			s.CreateUser(t, "eva", auth.RoleUser, true)
			r := s.Do(t, authtest.Request{Method: http.MethodPost, Path: "/api/auth/login",
				Body: map[string]string{"username": "eva", "password": authtest.Password}}).Expect(http.StatusOK)
			// The pending token stays with the client (spec §4), sent as Bearer to the 2FA calls.
			if c := sessionCookie(t, r); c != nil {
				t.Fatalf("a pending sign-in set the session cookie %q", c.String())
			}
			var body authtest.LoginBody
			r.JSON(&body)
			secret := enroll(t, s, body.AuthToken)
			v := verify(t, s, body.AuthToken, s.Code(t, secret, 0)).Expect(http.StatusOK)
			c := sessionCookie(t, v)
			wantSessionCookie(t, c, body.AuthToken, false)
			s.Do(t, authtest.Request{Method: http.MethodGet, Path: "/api/auth/user/profile", Cookie: c.Value}).Expect(http.StatusOK)
		})

		t.Run("failed sign-in sets nothing", func(t *testing.T) {
			r := s.Do(t, authtest.Request{Method: http.MethodPost, Path: "/api/auth/login",
				Body: map[string]string{"username": "ana", "password": "wrong"}}).Expect(http.StatusUnauthorized)
			if c := sessionCookie(t, r); c != nil {
				t.Fatalf("failed sign-in set %q", c.String())
			}
		})
	})
}
