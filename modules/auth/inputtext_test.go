package auth_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/platform/httpx"
)

// A NUL character (the JSON escape \u0000, or %00 in a query) or bytes that are not UTF-8 in any
// text input of any operation answer 422 naming the field, and nothing is stored: these were
// 500s (PostgreSQL refuses NUL in text) or stored as U+FFFD. The table holds the operations and
// fields the issue found; the check itself is one middleware for every operation.
func TestNULAndInvalidUTF8Refused(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		s.CreateUser(t, "admin", "admin", false)
		token := s.Login(t, "admin", authtest.Password, "").AuthToken
		party := func(field, value string) string {
			body := map[string]string{"name": `"Ana Gómez"`, "city": `"Bogotá"`, "address": `"Cra 7"`, "note": `"ok"`}
			body[field] = value
			return `{"name":` + body["name"] + `,"city":` + body["city"] + `,"address":` + body["address"] +
				`,"note":` + body["note"] + `,"company":"Andina S.A.S.","document_number":"800197268-4","person_type":"juridica"}`
		}
		type call struct {
			name, method, path, body, field, table string
		}
		var calls []call
		for _, bad := range []struct{ name, value, query string }{
			{"NUL", `"a\u0000b"`, "a%00b"},
			{"invalid UTF-8", "\"a\xffb\"", "a%FFb"},
		} {
			calls = append(calls,
				call{bad.name + " category name", http.MethodPost, "/api/categories", `{"name":` + bad.value + `}`, "name", "categories"},
				call{bad.name + " profile first_name", http.MethodPut, "/api/auth/user/profile", `{"first_name":` + bad.value + `}`, "first_name", ""},
				call{bad.name + " purchases q", http.MethodGet, "/api/purchases?q=" + bad.query, "", "q", ""},
			)
			for _, base := range []string{"suppliers", "customers"} {
				for _, f := range []string{"name", "city", "address", "note"} {
					calls = append(calls, call{bad.name + " " + base + " " + f, http.MethodPost, "/api/" + base, party(f, bad.value), f, base})
				}
			}
		}
		for _, c := range calls {
			r := authtest.Request{Method: c.method, Path: c.path, Token: token}
			if c.body != "" {
				r.Body = c.body
			}
			e := s.Do(t, r).ExpectError(http.StatusUnprocessableEntity, "invalid", httpx.BadTextMessage)
			if len(e.Fields) != 1 || e.Fields[c.field] != httpx.BadTextMessage {
				t.Fatalf("%s: fields %v, want %q only", c.name, e.Fields, c.field)
			}
			if c.table != "" {
				if n, err := s.DB.NewSelect().Table(c.table).Count(context.Background()); err != nil || n != 0 {
					t.Fatalf("%s: %d rows in %s (%v), want none", c.name, n, c.table, err)
				}
			}
		}
		var profile struct {
			Data struct {
				FirstName string `json:"first_name"`
			} `json:"data"`
		}
		s.Get(t, "/api/auth/user/profile", token).Expect(http.StatusOK).JSON(&profile)
		if profile.Data.FirstName != "First admin" {
			t.Fatalf("first_name %q: the refused updates changed it", profile.Data.FirstName)
		}
		// The same calls with clean text go through, so the refusals above are the check's.
		s.Send(t, http.MethodPost, "/api/categories", token, map[string]string{"name": "Bebidas \uFFFD"}).Expect(http.StatusCreated)
		s.Send(t, http.MethodPost, "/api/suppliers", token, party("name", `"Andina"`)).Expect(http.StatusCreated)
		s.Get(t, "/api/purchases?q=andina", token).Expect(http.StatusOK)
	})
}
