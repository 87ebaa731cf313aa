package httpx_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/platform/httpx"
)

type ipOutput struct {
	Body struct {
		IP string `json:"ip"`
	}
}

// newEchoServer is a Server with one public operation that answers the client address it sees.
func newEchoServer(trusted ...string) *httpx.Server {
	srv := httpx.New(httpx.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), TrustedProxies: trusted})
	httpx.Register(srv.API(), httpx.Public(), huma.Operation{OperationID: "ip", Method: http.MethodGet, Path: "/api/ip"},
		func(ctx context.Context, _ *struct{}) (*ipOutput, error) {
			out := &ipOutput{}
			out.Body.IP = httpx.ClientIP(ctx)
			return out, nil
		})
	srv.Finish()
	return srv
}

func clientIP(t *testing.T, srv *httpx.Server, xff string) string {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/api/ip", nil)
	if xff != "" {
		req.Header.Set("X-Forwarded-For", xff)
	}
	resp, err := srv.App().Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", resp.StatusCode, body)
	}
	var out struct {
		IP string `json:"ip"`
	}
	if err := huma.DefaultJSONFormat.Unmarshal(body, &out); err != nil {
		t.Fatal(err)
	}
	return out.IP
}

// app.Test connects from 0.0.0.0, which plays the trusted reverse proxy here.
func TestClientIPBehindTrustedProxies(t *testing.T) {
	t.Parallel()
	srv := newEchoServer("0.0.0.0", "10.0.0.0/8")
	for _, tc := range []struct{ xff, want string }{
		{"", "0.0.0.0"},
		{"198.51.100.1", "198.51.100.1"},
		{" 198.51.100.1 ", "198.51.100.1"},
		// The client wrote the left entries; the proxy appended the address it saw.
		{"1.2.3.4, 198.51.100.1", "198.51.100.1"},
		{"1.2.3.4,5.6.7.8, 198.51.100.1", "198.51.100.1"},
		// Trusted hops (an inner proxy in 10/8) are skipped.
		{"1.2.3.4, 198.51.100.1, 10.1.1.1", "198.51.100.1"},
		{"::ffff:198.51.100.9", "198.51.100.9"},
		{"2001:db8::1", "2001:db8::1"},
		// Garbage stops the walk at the last trusted hop.
		{"198.51.100.1, not-an-ip", "0.0.0.0"},
		{"not-an-ip, 10.0.0.5", "10.0.0.5"},
	} {
		if got := clientIP(t, srv, tc.xff); got != tc.want {
			t.Errorf("X-Forwarded-For %q: client %q, want %q", tc.xff, got, tc.want)
		}
	}
}

func TestClientIPWithoutTrustedProxies(t *testing.T) {
	t.Parallel()
	srv := newEchoServer()
	if got := clientIP(t, srv, "198.51.100.1"); got != "0.0.0.0" {
		t.Fatalf("an untrusted peer's X-Forwarded-For was believed: %q", got)
	}
}

// Servers are built concurrently by parallel tests; with -race this fails if New writes shared
// package state (huma's DefaultFormats map, huma.NewError) without synchronisation.
func TestNewConcurrently(t *testing.T) {
	t.Parallel()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() { _ = newEchoServer("0.0.0.0") })
	}
	wg.Wait()
	for ct := range huma.DefaultFormats {
		if ct != "application/json" && ct != "json" {
			t.Fatalf("New added %q to huma's shared DefaultFormats", ct)
		}
	}
}
