package auth_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
)

// userKeys are the fields of the API's user object (API contract), no more and no less.
var userKeys = []string{"active", "company_id", "company_name", "created_at", "email", "enable_google2fa", "first_name",
	"google2fa_secret", "id", "ip_address", "last_name", "phone", "role", "username"}

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// noSecrets fails when a response body carries anything that must stay on the server.
func noSecrets(t *testing.T, r *authtest.Response, secrets ...string) {
	t.Helper()
	body := string(r.Body)
	for _, s := range append(secrets, "$argon2id", "password_hash", authtest.Password, "pending_secret", "totp_last_step") {
		if s != "" && strings.Contains(body, s) {
			t.Fatalf("response leaks %q: %s", s, body)
		}
	}
}

func login(t *testing.T, s *authtest.Stack, username, password, ip string) *authtest.Response {
	t.Helper()
	return s.Do(t, authtest.Request{Method: http.MethodPost, Path: "/api/auth/login", IP: ip,
		Body: map[string]string{"username": username, "password": password}})
}

func TestLogin(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		s.CreateUser(t, "ana", auth.RoleAdmin, false)

		t.Run("success shape", func(t *testing.T) {
			r := login(t, s, "ana", authtest.Password, "").Expect(http.StatusOK)
			noSecrets(t, r)
			var body map[string]any
			r.JSON(&body)
			if got := keys(body); !slices.Equal(got, []string{"authToken", "expires_in", "user"}) {
				t.Fatalf("login keys %v", got)
			}
			if tok, _ := body["authToken"].(string); len(tok) < 22 {
				t.Fatalf("authToken %q is shorter than 128 bits", tok)
			}
			if body["expires_in"] != float64(authtest.SessionTTL/time.Second) {
				t.Fatalf("expires_in %v, want %d", body["expires_in"], authtest.SessionTTL/time.Second)
			}
			user := body["user"].(map[string]any)
			if got := keys(user); !slices.Equal(got, userKeys) {
				t.Fatalf("user keys %v, want %v", got, userKeys)
			}
			if user["username"] != "ana" || user["role"] != "admin" || user["company_name"] != authtest.CompanyName ||
				user["active"] != true || user["enable_google2fa"] != false || user["google2fa_secret"] != false {
				t.Fatalf("user %v", user)
			}
			// Usernames are case-insensitive, as the unique index is.
			login(t, s, " ANA ", authtest.Password, "").Expect(http.StatusOK)
		})

		t.Run("required fields", func(t *testing.T) {
			for _, tc := range []struct {
				name   string
				body   any
				fields map[string]string
			}{
				{"both empty", map[string]string{"username": "", "password": ""},
					map[string]string{"username": "Username Required", "password": "Password Required"}},
				{"both missing", map[string]string{}, map[string]string{"username": "Username Required", "password": "Password Required"}},
				{"blank username", map[string]string{"username": "  ", "password": "x"}, map[string]string{"username": "Username Required"}},
				{"no password", map[string]string{"username": "ana"}, map[string]string{"password": "Password Required"}},
			} {
				t.Run(tc.name, func(t *testing.T) {
					r := s.Do(t, authtest.Request{Method: http.MethodPost, Path: "/api/auth/login", Body: tc.body})
					e := r.Expect(http.StatusUnprocessableEntity).Err()
					if e.Code != "invalid" || len(e.Fields) != len(tc.fields) {
						t.Fatalf("error %+v, want fields %v", e, tc.fields)
					}
					for f, m := range tc.fields {
						if e.Fields[f] != m {
							t.Fatalf("field %s = %q, want %q", f, e.Fields[f], m)
						}
					}
					if _, ok := tc.fields["username"]; ok && e.Error != "Username Required" {
						t.Fatalf("message %q", e.Error)
					}
				})
			}
		})

		t.Run("wrong password and unknown user answer alike", func(t *testing.T) {
			wrong := login(t, s, "ana", "Wrong123!", "198.51.100.20")
			unknown := login(t, s, "nobody", "Wrong123!", "198.51.100.20")
			wrong.ExpectError(http.StatusUnauthorized, "unauthorized", "Invalid username or password")
			unknown.ExpectError(http.StatusUnauthorized, "unauthorized", "Invalid username or password")
			if string(wrong.Body) != string(unknown.Body) {
				t.Fatalf("bodies differ: %s vs %s", wrong.Body, unknown.Body)
			}
			if wrong.Header.Get("Content-Type") != unknown.Header.Get("Content-Type") {
				t.Fatal("content types differ")
			}
		})

		t.Run("inactive user", func(t *testing.T) {
			s.CreateUser(t, "ines", auth.RoleUser, false)
			tok := s.Login(t, "ines", authtest.Password, "").AuthToken
			setActive(t, s, "ines", false)
			// Her open session ends at once.
			s.Get(t, "/api/auth/user/profile", tok).Expect(http.StatusUnauthorized)
			login(t, s, "ines", authtest.Password, "").ExpectError(http.StatusForbidden, "forbidden",
				"Your account is inactive. Please contact an administrator.")
			// Without the right password nothing tells the account apart from a missing one.
			login(t, s, "ines", "Wrong123!", "").ExpectError(http.StatusUnauthorized, "unauthorized", "Invalid username or password")
			setActive(t, s, "ines", true)
			login(t, s, "ines", authtest.Password, "").Expect(http.StatusOK)
		})
	})
}

// setActive switches a user on or off. The auth module has no use case for it yet (the admins'
// user pages come later), so the test writes the module's own table.
func setActive(t *testing.T, s *authtest.Stack, username string, active bool) {
	t.Helper()
	_, err := s.DB.NewUpdate().Table("users").Set("active = ?", active).Where("username = ?", username).Exec(context.Background())
	if err != nil {
		t.Fatalf("set active: %v", err)
	}
}

func TestSessions(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		s.CreateUser(t, "sam", auth.RoleUser, false)
		profile := func(t *testing.T, tok string) *authtest.Response {
			t.Helper()
			return s.Get(t, "/api/auth/user/profile", tok)
		}

		t.Run("bearer, cookie, logout", func(t *testing.T) {
			a := s.Login(t, "sam", authtest.Password, "").AuthToken
			b := s.Login(t, "sam", authtest.Password, "").AuthToken
			if a == b {
				t.Fatal("two logins got the same token")
			}
			var out struct {
				Data map[string]any `json:"data"`
			}
			r := profile(t, a).Expect(http.StatusOK)
			noSecrets(t, r)
			r.JSON(&out)
			if out.Data["username"] != "sam" || !slices.Equal(keys(out.Data), userKeys) {
				t.Fatalf("profile %v", out.Data)
			}
			s.Do(t, authtest.Request{Method: http.MethodGet, Path: "/api/auth/user/profile", Cookie: b}).Expect(http.StatusOK)

			profile(t, "").ExpectError(http.StatusUnauthorized, "unauthorized", "Your session has expired. Please sign in again.")
			profile(t, "not-a-token").Expect(http.StatusUnauthorized)

			s.Send(t, http.MethodPost, "/api/auth/logout", a, nil).Expect(http.StatusNoContent)
			profile(t, a).Expect(http.StatusUnauthorized)
			s.Send(t, http.MethodPost, "/api/auth/logout", a, nil).Expect(http.StatusUnauthorized)
			// Logging one session out leaves the others alone; the cookie logs out too.
			s.Do(t, authtest.Request{Method: http.MethodPost, Path: "/api/auth/logout", Cookie: b}).Expect(http.StatusNoContent)
			s.Do(t, authtest.Request{Method: http.MethodGet, Path: "/api/auth/user/profile", Cookie: b}).Expect(http.StatusUnauthorized)
			// A stale cookie does not stop a new sign-in.
			s.Do(t, authtest.Request{Method: http.MethodPost, Path: "/api/auth/login", Cookie: b,
				Body: map[string]string{"username": "sam", "password": authtest.Password}}).Expect(http.StatusOK)
		})

		t.Run("idle expiry", func(t *testing.T) {
			tok := s.Login(t, "sam", authtest.Password, "").AuthToken
			s.Clock.Advance(authtest.IdleTimeout - time.Second)
			profile(t, tok).Expect(http.StatusOK)
			// Calls a few seconds apart: the server records activity at most every 30 s, and must
			// still count the last call, not the last recorded one.
			s.Clock.Advance(20 * time.Second)
			profile(t, tok).Expect(http.StatusOK)
			s.Clock.Advance(authtest.IdleTimeout - time.Second)
			profile(t, tok).Expect(http.StatusOK)
			// Fifteen minutes (plus the recording granularity) without a call end the session.
			s.Clock.Advance(authtest.IdleTimeout + 30*time.Second)
			profile(t, tok).Expect(http.StatusUnauthorized)
			s.Clock.Advance(time.Minute)
			profile(t, tok).Expect(http.StatusUnauthorized)
		})

		t.Run("absolute expiry", func(t *testing.T) {
			tok := s.Login(t, "sam", authtest.Password, "").AuthToken
			used := time.Duration(0)
			for used+10*time.Minute < authtest.SessionTTL {
				s.Clock.Advance(10 * time.Minute)
				used += 10 * time.Minute
				profile(t, tok).Expect(http.StatusOK)
			}
			s.Clock.Advance(authtest.SessionTTL - used)
			profile(t, tok).Expect(http.StatusUnauthorized)
		})
	})
}

func TestLoginRateLimits(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		s.CreateUser(t, "rita", auth.RoleUser, false)
		const attacker, home, office = "198.51.100.66", "203.0.113.5", "192.0.2.44"

		expect429 := func(t *testing.T, r *authtest.Response) {
			t.Helper()
			e := r.Expect(http.StatusTooManyRequests).Err()
			secs, err := strconv.Atoi(r.Header.Get("Retry-After"))
			if err != nil || secs < 1 || secs > int((15*time.Minute)/time.Second) {
				t.Fatalf("Retry-After %q", r.Header.Get("Retry-After"))
			}
			want := "Too many attempts. Please try again in " + strconv.Itoa(secs) + " seconds."
			if e.Code != "rate_limited" || e.Error != want {
				t.Fatalf("error %+v, want %q", e, want)
			}
		}

		t.Run("per username and address, no lock-out", func(t *testing.T) {
			for i := 0; i < 5; i++ {
				login(t, s, "rita", "Wrong123!", attacker).Expect(http.StatusUnauthorized)
			}
			expect429(t, login(t, s, "rita", "Wrong123!", attacker))
			// Blocked for that address even with the right password…
			expect429(t, login(t, s, "RITA", authtest.Password, attacker))
			// …and a forged X-Forwarded-For entry in front of the one our proxy appends is no way out.
			expect429(t, login(t, s, "rita", "Wrong123!", "192.0.2.200, "+attacker))
			// …while the real user signs in from elsewhere.
			s.Login(t, "rita", authtest.Password, home)
		})

		t.Run("per address", func(t *testing.T) {
			// 30 failures per address in 5 minutes, whatever the usernames (4 each, under the
			// per-user limit): the 31st attempt is refused, even for a username never tried there.
			for i := 0; i < 30; i++ {
				login(t, s, fmt.Sprintf("ghost%d", i/4), "Wrong123!", office).Expect(http.StatusUnauthorized)
			}
			expect429(t, login(t, s, "someone-else", "Wrong123!", office))
			login(t, s, "someone-else", "Wrong123!", "192.0.2.45").Expect(http.StatusUnauthorized)
		})

		t.Run("successes do not count against an address", func(t *testing.T) {
			// An office behind one NAT address: 40 sign-ins in a row all succeed.
			for i := 0; i < 40; i++ {
				s.Login(t, "rita", authtest.Password, "192.0.2.77")
			}
		})

		t.Run("limits end with their window", func(t *testing.T) {
			s.Clock.Advance(5*time.Minute + time.Second)
			// The address window (5 min) is over; rita's failures from the attacker's address still
			// count (15 min).
			login(t, s, "someone-else", "Wrong123!", office).Expect(http.StatusUnauthorized)
			expect429(t, login(t, s, "rita", authtest.Password, attacker))
			s.Clock.Advance(10 * time.Minute)
			s.Login(t, "rita", authtest.Password, office)
			s.Login(t, "rita", authtest.Password, attacker)
		})
	})
}

func TestIPRestriction(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		s.CreateUser(t, "ivan", auth.RoleUser, false)
		const here, lan, elsewhere = "203.0.113.7", "10.9.8.7", "198.51.100.1"
		tok := s.Login(t, "ivan", authtest.Password, here).AuthToken
		do := func(method, path, ip string, body any) *authtest.Response {
			return s.Do(t, authtest.Request{Method: method, Path: path, Token: tok, IP: ip, Body: body})
		}
		put := func(list string) *authtest.Response {
			return do(http.MethodPut, "/api/auth/user/ip_restriction", here, map[string]string{"ip_address": list})
		}
		blocked := func(t *testing.T, r *authtest.Response) {
			t.Helper()
			r.Expect(http.StatusNotFound)
			if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
				t.Fatalf("Content-Type %q, want text/html", ct)
			}
			if !strings.Contains(string(r.Body), "IP bloqueada") {
				t.Fatalf("body %s", r.Body)
			}
		}

		var got struct {
			Data struct {
				IPAddress string `json:"ip_address"`
				CurrentIP string `json:"current_ip"`
			} `json:"data"`
		}
		do(http.MethodGet, "/api/auth/user/ip_restriction", here, nil).Expect(http.StatusOK).JSON(&got)
		if got.Data.IPAddress != "" || got.Data.CurrentIP != here {
			t.Fatalf("ip_restriction %+v", got.Data)
		}

		e := put("198.51.100.0/24").Expect(http.StatusUnprocessableEntity).Err()
		if e.Fields["ip_address"] != "Your current address "+here+" must be in the list." {
			t.Fatalf("fields %v", e.Fields)
		}
		e = put("203.0.113.7, nonsense").Expect(http.StatusUnprocessableEntity).Err()
		if e.Fields["ip_address"] != "Invalid IP address: nonsense" {
			t.Fatalf("fields %v", e.Fields)
		}
		var user struct {
			Data auth.User `json:"data"`
		}
		put(here + ",10.0.0.0/8").Expect(http.StatusOK).JSON(&user)
		if user.Data.IPAddress != here+", 10.0.0.0/8" {
			t.Fatalf("stored list %q", user.Data.IPAddress)
		}

		do(http.MethodGet, "/api/auth/user/profile", here, nil).Expect(http.StatusOK)
		do(http.MethodGet, "/api/auth/user/profile", lan, nil).Expect(http.StatusOK)
		blocked(t, do(http.MethodGet, "/api/auth/user/profile", elsewhere, nil))
		// An allowed address forged in front of the real one does not open the door.
		blocked(t, do(http.MethodGet, "/api/auth/user/profile", here+", "+elsewhere, nil))
		blocked(t, do(http.MethodPut, "/api/auth/user/ip_restriction", elsewhere, map[string]string{"ip_address": ""}))

		// Sign-in: the right password from outside the list gets the blocked page; a wrong one
		// gets the usual answer, so the page does not confirm a guessed username.
		blocked(t, login(t, s, "ivan", authtest.Password, elsewhere))
		login(t, s, "ivan", "Wrong123!", elsewhere).ExpectError(http.StatusUnauthorized, "unauthorized", "Invalid username or password")
		s.Login(t, "ivan", authtest.Password, "10.1.2.3")

		// An empty list lifts the restriction.
		put("").Expect(http.StatusOK)
		do(http.MethodGet, "/api/auth/user/profile", elsewhere, nil).Expect(http.StatusOK)
	})
}

func TestChangePassword(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		s.CreateUser(t, "paula", auth.RoleUser, false)
		current := s.Login(t, "paula", authtest.Password, "").AuthToken
		other := s.Login(t, "paula", authtest.Password, "192.0.2.9").AuthToken
		change := func(t *testing.T, cur, pw, confirm string) *authtest.Response {
			t.Helper()
			return s.Send(t, http.MethodPut, "/api/auth/user/password", current,
				map[string]string{"current_password": cur, "password": pw, "password_confirmation": confirm})
		}
		const newPassword = "Nuev@Clave9"

		for _, tc := range []struct {
			name, cur, pw, confirm, field, msg string
		}{
			{"no special character", authtest.Password, "Abcdefgh1", "Abcdefgh1", "password",
				"Password must include uppercase, lowercase, and special character."},
			{"no uppercase", authtest.Password, "abcdefg!", "abcdefg!", "password",
				"Password must include uppercase, lowercase, and special character."},
			{"too short", authtest.Password, "Ab!1", "Ab!1", "password", "Password must be at least 8 characters."},
			{"mismatch", authtest.Password, newPassword, newPassword + "x", "password_confirmation", "Passwords do not match."},
			{"wrong current", "Wrong123!", newPassword, newPassword, "current_password", "Current password is incorrect."},
			{"no current", "", newPassword, newPassword, "current_password", "Password Required"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				e := change(t, tc.cur, tc.pw, tc.confirm).Expect(http.StatusUnprocessableEntity).Err()
				if e.Code != "invalid" || e.Fields[tc.field] != tc.msg {
					t.Fatalf("error %+v, want %s: %q", e, tc.field, tc.msg)
				}
			})
		}

		change(t, authtest.Password, newPassword, newPassword).Expect(http.StatusNoContent)
		s.Get(t, "/api/auth/user/profile", current).Expect(http.StatusOK)
		s.Get(t, "/api/auth/user/profile", other).Expect(http.StatusUnauthorized)
		login(t, s, "paula", authtest.Password, "").ExpectError(http.StatusUnauthorized, "unauthorized", "Invalid username or password")
		s.Login(t, "paula", newPassword, "")
		s.Send(t, http.MethodPut, "/api/auth/user/password", "", map[string]string{}).Expect(http.StatusUnauthorized)
	})
}

func TestUpdateProfile(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		s.CreateUser(t, "pablo", auth.RoleBuyer, false)
		tok := s.Login(t, "pablo", authtest.Password, "").AuthToken
		update := func(t *testing.T, body map[string]string) *authtest.Response {
			t.Helper()
			return s.Send(t, http.MethodPut, "/api/auth/user/profile", tok, body)
		}
		valid := map[string]string{"first_name": "Pablo", "last_name": "Pérez", "email": "pablo@demo.co", "phone": "+57 300 123 4567"}
		with := func(k, v string) map[string]string {
			m := map[string]string{}
			for kk, vv := range valid {
				m[kk] = vv
			}
			m[k] = v
			return m
		}
		for _, tc := range []struct {
			name  string
			body  map[string]string
			field string
			msg   string
		}{
			{"first name required", with("first_name", "  "), "first_name", "First name is required."},
			{"name too long", with("last_name", strings.Repeat("x", 101)), "first_name", "Names must be at most 100 characters."},
			{"bad email", with("email", "pablo@"), "email", "Enter a valid email address."},
			{"email with display name", with("email", "Pablo <pablo@demo.co>"), "email", "Enter a valid email address."},
			{"bad phone", with("phone", "call me"), "phone", "Enter a valid phone number."},
			{"short phone", with("phone", "123"), "phone", "Enter a valid phone number."},
		} {
			t.Run(tc.name, func(t *testing.T) {
				e := update(t, tc.body).Expect(http.StatusUnprocessableEntity).Err()
				if e.Code != "invalid" || e.Fields[tc.field] != tc.msg {
					t.Fatalf("error %+v, want %s: %q", e, tc.field, tc.msg)
				}
			})
		}

		var out struct {
			Data auth.User `json:"data"`
		}
		update(t, valid).Expect(http.StatusOK).JSON(&out)
		if out.Data.FirstName != "Pablo" || out.Data.LastName != "Pérez" || out.Data.Phone != "+57 300 123 4567" || out.Data.Role != "buyer" {
			t.Fatalf("updated %+v", out.Data)
		}
		var got struct {
			Data auth.User `json:"data"`
		}
		s.Get(t, "/api/auth/user/profile", tok).Expect(http.StatusOK).JSON(&got)
		if got.Data != out.Data {
			t.Fatalf("profile %+v, want %+v", got.Data, out.Data)
		}
		// Only the listed fields change: the role cannot be raised through the profile.
		if r := s.Send(t, http.MethodPut, "/api/auth/user/profile", tok, map[string]any{"first_name": "P", "role": "admin"}); r.Status != http.StatusOK &&
			r.Status != http.StatusUnprocessableEntity {
			t.Fatalf("status %d: %s", r.Status, r.Body)
		}
		s.Get(t, "/api/auth/user/profile", tok).JSON(&got)
		if got.Data.Role != "buyer" {
			t.Fatalf("role became %q", got.Data.Role)
		}
		s.Send(t, http.MethodPut, "/api/auth/user/profile", "", valid).Expect(http.StatusUnauthorized)
	})
}
