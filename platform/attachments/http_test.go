package attachments_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/httpx"
)

// tokens is a stand-in for the auth module's session check: token → caller.
type tokens map[string]httpx.Principal

func (tk tokens) Authenticate(_ context.Context, token, _ string) (httpx.Principal, error) {
	if p, ok := tk[token]; ok {
		return p, nil
	}
	return httpx.Principal{}, errors.New("unknown token")
}

type answer struct {
	status int
	header http.Header
	body   []byte
}

func get(t *testing.T, srv *httpx.Server, path, token string, header map[string]string) answer {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := srv.App().Test(req, -1)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header, body}
}

func TestGetAttachmentHTTP(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		s := attachments.New(db, func() time.Time { return testNow })
		coA, coB := dbtest.Company(t, db, "A S.A.S."), dbtest.Company(t, db, "B S.A.S.")
		srv := httpx.New(httpx.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Authenticator: tokens{
			"seller-a":  {UserID: 1, CompanyID: coA, Role: "user"},
			"buyer-b":   {UserID: 2, CompanyID: coB, Role: "buyer"},
			"admin-b":   {UserID: 3, CompanyID: coB, Role: "admin"},
			"pending-a": {UserID: 4, CompanyID: coA, Role: "admin", Pending2FA: true},
		}})
		// Products are readable by every role of their company; invoices not by buyers; "orphan"
		// files have no rule.
		s.AllowReads("product", func(context.Context, httpx.Principal, int64) (bool, error) { return true, nil })
		s.AllowReads("invoice", func(_ context.Context, p httpx.Principal, _ int64) (bool, error) { return p.Role != "buyer", nil })
		s.Routes(srv.API())
		srv.Finish()

		img := jpegBytes(t)
		id := save(t, s, db, attachments.Attachment{Info: attachments.Info{CompanyID: coA, Owner: "product", OwnerID: 1,
			Filename: "café del día.jpg", CreatedBy: 1}, Data: img})
		info, err := s.Stat(ctx, id, attachments.Scope{All: true})
		if err != nil {
			t.Fatal(err)
		}
		path := "/api/attachments/" + strconv.FormatInt(id, 10)
		tag := `"` + info.SHA256 + `"`

		a := get(t, srv, path, "seller-a", nil)
		if a.status != http.StatusOK || !bytes.Equal(a.body, img) {
			t.Fatalf("owner company: %d, %d bytes; want 200 with the %d stored", a.status, len(a.body), len(img))
		}
		for k, want := range map[string]string{
			"Content-Type":           "image/jpeg",
			"ETag":                   tag,
			"Cache-Control":          "private, max-age=31536000, immutable",
			"X-Content-Type-Options": "nosniff",
			"Content-Disposition":    `inline; filename="caf_ del d_a.jpg"; filename*=UTF-8''caf%C3%A9%20del%20d%C3%ADa.jpg`,
		} {
			if got := a.header.Get(k); got != want {
				t.Errorf("%s = %q, want %q", k, got, want)
			}
		}

		// Revalidation: a matching tag (plain, weak, in a list, or *) answers 304 with no body.
		for _, inm := range []string{tag, "W/" + tag, `"other", ` + tag, "*"} {
			a := get(t, srv, path, "seller-a", map[string]string{"If-None-Match": inm})
			if a.status != http.StatusNotModified || len(a.body) != 0 {
				t.Errorf("If-None-Match %s: %d with %d bytes, want 304 empty", inm, a.status, len(a.body))
			}
			if a.header.Get("ETag") != tag {
				t.Errorf("If-None-Match %s: ETag %q, want %q", inm, a.header.Get("ETag"), tag)
			}
		}
		if a := get(t, srv, path, "seller-a", map[string]string{"If-None-Match": `"stale"`}); a.status != http.StatusOK || !bytes.Equal(a.body, img) {
			t.Errorf("stale tag: %d, want 200 with the file", a.status)
		}

		// Tenancy: another company's user gets "not found", even with the right tag; an admin of
		// another company reads it.
		for _, inm := range []string{"", tag} {
			a := get(t, srv, path, "buyer-b", map[string]string{"If-None-Match": inm})
			if a.status != http.StatusNotFound || errorMessage(t, a.body) != "The requested information was not found" {
				t.Errorf("other company (If-None-Match %q): %d %s, want 404 not found", inm, a.status, a.body)
			}
		}
		if a := get(t, srv, path, "admin-b", nil); a.status != http.StatusOK || !bytes.Equal(a.body, img) {
			t.Errorf("admin of another company: %d, want 200", a.status)
		}

		// Not signed in, or still owing the one-time code: 401.
		for _, tok := range []string{"", "nope", "pending-a"} {
			if a := get(t, srv, path, tok, nil); a.status != http.StatusUnauthorized {
				t.Errorf("token %q: %d, want 401", tok, a.status)
			}
		}

		// The owner's rule decides: a role that cannot read the owning record, or a kind without a
		// rule, gets 404 like a missing file, revalidating or not; admins follow the rule too.
		invoice := save(t, s, db, attachments.Attachment{Info: attachments.Info{CompanyID: coB, Owner: "invoice", OwnerID: 7,
			Filename: "fv.jpg", CreatedBy: 3}, Data: img})
		orphan := save(t, s, db, attachments.Attachment{Info: attachments.Info{CompanyID: coB, Owner: "orphan", OwnerID: 7,
			Filename: "x.jpg", CreatedBy: 3}, Data: img})
		for _, c := range []struct {
			id       int64
			token    string
			readable bool
		}{{invoice, "admin-b", true}, {invoice, "buyer-b", false}, {orphan, "admin-b", false}, {orphan, "buyer-b", false}} {
			for _, inm := range []string{"", "*"} {
				a := get(t, srv, "/api/attachments/"+strconv.FormatInt(c.id, 10), c.token, map[string]string{"If-None-Match": inm})
				if got := a.status != http.StatusNotFound; got != c.readable {
					t.Errorf("file %d as %s (If-None-Match %q): %d, want readable=%v", c.id, c.token, inm, a.status, c.readable)
				}
			}
		}

		// Missing, malformed and deleted ids.
		if a := get(t, srv, "/api/attachments/999999", "admin-b", nil); a.status != http.StatusNotFound {
			t.Errorf("missing id: %d, want 404", a.status)
		}
		if a := get(t, srv, "/api/attachments/abc", "admin-b", nil); a.status != http.StatusUnprocessableEntity {
			t.Errorf("malformed id: %d, want 422", a.status)
		}
		if err := s.SoftDelete(ctx, db, id, attachments.Scope{CompanyID: coA}, 1); err != nil {
			t.Fatal(err)
		}
		if a := get(t, srv, path, "seller-a", nil); a.status != http.StatusNotFound {
			t.Errorf("deleted: %d, want 404", a.status)
		}
		if a := get(t, srv, path, "seller-a", map[string]string{"If-None-Match": tag}); a.status != http.StatusNotFound {
			t.Errorf("deleted, revalidated: %d, want 404 (not 304)", a.status)
		}
	})
}

func errorMessage(t *testing.T, body []byte) string {
	t.Helper()
	var e struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal(body, &e); err != nil {
		t.Fatalf("error body %q: %v", body, err)
	}
	return e.Error
}
