package settings_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

const msgSiteDisabled = "The site is disabled, please try to login later."

type window struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

type siteStatus struct {
	DisableSite       bool     `json:"disable_site"`
	DisableAllDomains bool     `json:"disable_all_domains"`
	DisableTimes      []window `json:"disable_times"`
}

type textBody struct {
	Data string `json:"data"`
}

func login(t *testing.T, s *authtest.Stack, username, password string) *authtest.Response {
	t.Helper()
	return s.Do(t, authtest.Request{Method: http.MethodPost, Path: "/api/auth/login",
		Body: map[string]string{"username": username, "password": password}})
}

func putSite(t *testing.T, s *authtest.Stack, token string, st siteStatus) *authtest.Response {
	t.Helper()
	return s.Send(t, http.MethodPut, "/api/site_setting", token, st)
}

// bogota moves the stack's clock forward to the next hh:mm:ss on the Bogota wall clock.
func bogota(t *testing.T, s *authtest.Stack, hh, mm, ss int) {
	t.Helper()
	loc, err := time.LoadLocation("America/Bogota")
	if err != nil {
		t.Fatal(err)
	}
	now := s.Clock.Now().In(loc)
	at := time.Date(now.Year(), now.Month(), now.Day(), hh, mm, ss, 0, loc)
	if !at.After(now) {
		at = at.AddDate(0, 0, 1)
	}
	s.Clock.Advance(at.Sub(now))
}

func TestSecretaryWindows(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		s.CreateUser(t, "admin", auth.RoleAdmin, false)
		s.CreateUser(t, "sara", auth.RoleSecretary, false)
		admin := s.Login(t, "admin", authtest.Password, "").AuthToken
		blocked := func(t *testing.T) {
			t.Helper()
			login(t, s, "sara", authtest.Password).ExpectError(http.StatusForbidden, "forbidden", msgSiteDisabled)
		}
		allowed := func(t *testing.T) {
			t.Helper()
			login(t, s, "sara", authtest.Password).Expect(http.StatusOK)
		}

		t.Run("window containing now", func(t *testing.T) {
			allowed(t) // 10:00 in Bogota, no windows yet
			var out struct {
				Data siteStatus `json:"data"`
			}
			want := siteStatus{DisableTimes: []window{{"09:00", "10:30"}}}
			putSite(t, s, admin, want).Expect(http.StatusOK).JSON(&out)
			if !slices.Equal(out.Data.DisableTimes, want.DisableTimes) || out.Data.DisableSite || out.Data.DisableAllDomains {
				t.Fatalf("saved %+v", out.Data)
			}
			s.Get(t, "/api/site_setting", admin).Expect(http.StatusOK).JSON(&out)
			if !slices.Equal(out.Data.DisableTimes, want.DisableTimes) {
				t.Fatalf("read back %+v", out.Data)
			}
			var text textBody
			s.Get(t, "/api/site_setting/disable_time", "").Expect(http.StatusOK).JSON(&text)
			var ws []window
			if err := json.Unmarshal([]byte(text.Data), &ws); err != nil || !slices.Equal(ws, want.DisableTimes) {
				t.Fatalf("disable_time %q (%v)", text.Data, err)
			}
			// Windows block secretaries only, and only at sign-in; the site stays enabled.
			s.Get(t, "/api/site_setting/status", "").Expect(http.StatusOK).JSON(&text)
			if text.Data != "enabled" {
				t.Fatalf("status %q", text.Data)
			}
			blocked(t)
			s.Login(t, "admin", authtest.Password, "")
			// Bounds are inclusive to the minute.
			bogota(t, s, 10, 30, 59)
			blocked(t)
			bogota(t, s, 10, 31, 0)
			allowed(t)
		})

		t.Run("window crossing midnight", func(t *testing.T) {
			putSite(t, s, s.Login(t, "admin", authtest.Password, "").AuthToken,
				siteStatus{DisableTimes: []window{{"22:00", "06:00"}, {"12:00", "12:00"}}}).Expect(http.StatusOK)
			allowed(t) // 10:31
			bogota(t, s, 12, 0, 30)
			blocked(t)
			bogota(t, s, 21, 59, 59)
			allowed(t)
			bogota(t, s, 22, 0, 0)
			blocked(t)
			bogota(t, s, 0, 0, 0)
			blocked(t)
			bogota(t, s, 6, 0, 59)
			blocked(t)
			bogota(t, s, 6, 1, 0)
			allowed(t)
		})

		t.Run("bad times", func(t *testing.T) {
			admin := s.Login(t, "admin", authtest.Password, "").AuthToken
			for _, w := range []window{{"9:00", "10:00"}, {"09:00", "24:00"}, {"ab:cd", "10:00"}, {"09:60", "10:00"}, {"", "10:00"}} {
				e := putSite(t, s, admin, siteStatus{DisableTimes: []window{{"01:00", "02:00"}, w}}).
					Expect(http.StatusUnprocessableEntity).Err()
				if e.Code != "invalid" || e.Error != "Time must be HH:MM" || e.Fields["disable_times"] != "Time must be HH:MM" {
					t.Fatalf("window %v: error %+v", w, e)
				}
			}
			// Nothing was saved.
			var out struct {
				Data siteStatus `json:"data"`
			}
			s.Get(t, "/api/site_setting", admin).Expect(http.StatusOK).JSON(&out)
			if len(out.Data.DisableTimes) != 2 || out.Data.DisableTimes[0] != (window{"22:00", "06:00"}) {
				t.Fatalf("windows changed to %+v", out.Data.DisableTimes)
			}
		})
	})
}

func TestSiteDisabled(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		s.CreateUser(t, "admin", auth.RoleAdmin, false)
		s.CreateUser(t, "uma", auth.RoleUser, false)
		admin := s.Login(t, "admin", authtest.Password, "").AuthToken
		user := s.Login(t, "uma", authtest.Password, "").AuthToken
		status := func(t *testing.T) string {
			t.Helper()
			var out textBody
			s.Get(t, "/api/site_setting/status", "").Expect(http.StatusOK).JSON(&out)
			return out.Data
		}
		activate := func(t *testing.T, username, password string) *authtest.Response {
			t.Helper()
			return s.Send(t, http.MethodPost, "/api/site_setting/activate", "", map[string]string{"username": username, "password": password})
		}
		windows := []window{{"22:00", "06:00"}}

		for _, flag := range []string{"disable_site", "disable_all_domains"} {
			t.Run(flag, func(t *testing.T) {
				st := siteStatus{DisableTimes: windows, DisableSite: flag == "disable_site", DisableAllDomains: flag == "disable_all_domains"}
				putSite(t, s, admin, st).Expect(http.StatusOK)
				if got := status(t); got != "disabled" {
					t.Fatalf("status %q", got)
				}
				closed := []authtest.Request{
					{Method: http.MethodGet, Path: "/api/auth/user/profile", Token: admin},
					{Method: http.MethodGet, Path: "/api/auth/user/profile", Token: user},
					{Method: http.MethodGet, Path: "/api/auth/user/profile"},
					{Method: http.MethodPost, Path: "/api/auth/login", Body: map[string]string{"username": "admin", "password": authtest.Password}},
					{Method: http.MethodPost, Path: "/api/auth/logout", Token: admin},
					{Method: http.MethodGet, Path: "/api/site_setting", Token: admin},
					{Method: http.MethodPut, Path: "/api/site_setting", Token: admin, Body: siteStatus{}},
					{Method: http.MethodPost, Path: "/api/auth/2fa/qr", Token: admin},
					{Method: http.MethodGet, Path: "/api/no-such-thing"},
				}
				for _, r := range closed {
					s.Do(t, r).ExpectError(http.StatusServiceUnavailable, "site_disabled", msgSiteDisabled)
				}
				var text textBody
				s.Get(t, "/api/site_setting/disable_time", "").Expect(http.StatusOK).JSON(&text)
				if text.Data != `[{"start":"22:00","end":"06:00"}]` {
					t.Fatalf("disable_time %q", text.Data)
				}
				s.Get(t, "/api/openapi.json", "").Expect(http.StatusOK)
				s.Get(t, "/healthz", "").Expect(http.StatusOK)

				activate(t, "", "").Expect(http.StatusUnprocessableEntity)
				activate(t, "uma", authtest.Password).ExpectError(http.StatusForbidden, "forbidden", "Only an administrator can activate the site.")
				activate(t, "admin", "Wrong123!").ExpectError(http.StatusUnauthorized, "unauthorized", "Invalid username or password")
				activate(t, "nobody", "Wrong123!").ExpectError(http.StatusUnauthorized, "unauthorized", "Invalid username or password")
				if got := status(t); got != "disabled" {
					t.Fatalf("status after refused activations %q", got)
				}
				activate(t, "admin", authtest.Password).Expect(http.StatusOK).JSON(&text)
				if text.Data != "enabled" || status(t) != "enabled" {
					t.Fatalf("activate %q, status %q", text.Data, status(t))
				}
				// Sessions survive the pause; the secretary's windows survive the activation.
				s.Get(t, "/api/auth/user/profile", user).Expect(http.StatusOK)
				var out struct {
					Data siteStatus `json:"data"`
				}
				s.Get(t, "/api/site_setting", admin).Expect(http.StatusOK).JSON(&out)
				if out.Data.DisableSite || out.Data.DisableAllDomains || !slices.Equal(out.Data.DisableTimes, windows) {
					t.Fatalf("after activation %+v", out.Data)
				}
			})
		}
	})
}

func TestSiteSettingRoles(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		s.CreateUser(t, "admin", auth.RoleAdmin, false)
		admin := s.Login(t, "admin", authtest.Password, "").AuthToken
		for _, role := range []string{auth.RoleSecretary, auth.RoleUser, auth.RoleBuyer} {
			t.Run(role, func(t *testing.T) {
				s.CreateUser(t, "u-"+role, role, false)
				tok := s.Login(t, "u-"+role, authtest.Password, "").AuthToken
				const msg = "You are not allowed to perform this action."
				s.Get(t, "/api/site_setting", tok).ExpectError(http.StatusForbidden, "forbidden", msg)
				putSite(t, s, tok, siteStatus{DisableSite: true}).ExpectError(http.StatusForbidden, "forbidden", msg)
			})
		}
		s.Get(t, "/api/site_setting", "").ExpectError(http.StatusUnauthorized, "unauthorized", "Your session has expired. Please sign in again.")
		putSite(t, s, "", siteStatus{DisableSite: true}).Expect(http.StatusUnauthorized)
		var text textBody
		s.Get(t, "/api/site_setting/status", "").Expect(http.StatusOK).JSON(&text)
		if text.Data != "enabled" {
			t.Fatalf("a refused PUT changed the status to %q", text.Data)
		}
		s.Get(t, "/api/site_setting", admin).Expect(http.StatusOK)
	})
}

// TestEveryOperationHasAnAccessRule walks the OpenAPI description of the whole stack: every
// operation must have been registered through httpx.Register, which writes its rule there.
func TestEveryOperationHasAnAccessRule(t *testing.T) {
	t.Parallel()
	s := authtest.New(t, dbtest.SQLite(t))
	n := 0
	for path, item := range s.Server.API().OpenAPI().Paths {
		for method, op := range map[string]*huma.Operation{"GET": item.Get, "PUT": item.Put, "POST": item.Post,
			"DELETE": item.Delete, "PATCH": item.Patch, "HEAD": item.Head, "OPTIONS": item.Options, "TRACE": item.Trace} {
			if op == nil {
				continue
			}
			n++
			if !strings.Contains(op.Description, "Access:") {
				t.Errorf("%s %s has no access rule: %q", method, path, op.Description)
			}
		}
	}
	if n < 16 {
		t.Fatalf("only %d operations found", n)
	}
}

func TestOpenAPIDocument(t *testing.T) {
	t.Parallel()
	s := authtest.New(t, dbtest.SQLite(t))
	var doc struct {
		OpenAPI string                    `json:"openapi"`
		Paths   map[string]map[string]any `json:"paths"`
	}
	s.Get(t, "/api/openapi.json", "").Expect(http.StatusOK).JSON(&doc)
	if !strings.HasPrefix(doc.OpenAPI, "3.1") {
		t.Fatalf("openapi %q", doc.OpenAPI)
	}
	for path, method := range map[string]string{
		"/api/auth/login": "post", "/api/auth/2fa": "post", "/api/auth/logout": "post",
		"/api/auth/user/profile": "get", "/api/site_setting/status": "get", "/api/site_setting/disable_time": "get",
	} {
		if _, ok := doc.Paths[path][method]; !ok {
			t.Errorf("OpenAPI document lacks %s %s", strings.ToUpper(method), path)
		}
	}
	s.Get(t, "/api/docs", "").Expect(http.StatusOK)
}

// TestBrowserAccept calls the API the way a browser tab does (Accept prefers text/html): the
// answers stay JSON.
func TestBrowserAccept(t *testing.T) {
	t.Parallel()
	s := authtest.New(t, dbtest.SQLite(t))
	const accept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
	for _, tc := range []struct {
		path   string
		status int
	}{
		{"/api/site_setting/status", http.StatusOK},
		{"/api/auth/user/profile", http.StatusUnauthorized},
	} {
		r := s.Do(t, authtest.Request{Method: http.MethodGet, Path: tc.path, Header: map[string]string{"Accept": accept}})
		r.Expect(tc.status)
		if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
			t.Fatalf("%s: Content-Type %q, body %s", tc.path, ct, r.Body)
		}
		var body map[string]any
		r.JSON(&body)
	}
}
