package httpx_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/platform/httpx"
)

// The session cookie is Secure only when the request came over TLS: X-Forwarded-Proto counts
// from a trusted proxy, never from anyone else.
func TestSessionCookieSecureBehindTrustedProxyOnly(t *testing.T) {
	type out struct {
		SetCookie string `header:"Set-Cookie"`
	}
	for _, c := range []struct {
		name    string
		trusted []string
		secure  bool
	}{
		{"trusted proxy says https", []string{"0.0.0.0"}, true}, // app.Test connects from 0.0.0.0
		{"untrusted client says https", []string{"10.9.9.9"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := httpx.New(httpx.Options{TrustedProxies: c.trusted})
			httpx.Register(srv.API(), httpx.Public(), huma.Operation{OperationID: "cookie", Method: http.MethodGet, Path: "/api/cookie"},
				func(ctx context.Context, _ *struct{}) (*out, error) {
					return &out{SetCookie: httpx.SessionCookie(ctx, "tok", time.Hour)}, nil
				})
			req := httptest.NewRequest(http.MethodGet, "/api/cookie", nil)
			req.Header.Set("X-Forwarded-Proto", "https")
			resp, err := srv.App().Test(req, -1)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			ck, err := http.ParseSetCookie(resp.Header.Get("Set-Cookie"))
			if err != nil {
				t.Fatal(err)
			}
			if ck.Name != httpx.SessionCookieName || ck.Value != "tok" || !ck.HttpOnly || ck.MaxAge != 3600 ||
				ck.SameSite != http.SameSiteStrictMode || ck.Path != "/" || ck.Secure != c.secure {
				t.Fatalf("cookie %q: want HttpOnly, Max-Age=3600, SameSite=Strict, Path=/, Secure=%v", ck.String(), c.secure)
			}
		})
	}
}
