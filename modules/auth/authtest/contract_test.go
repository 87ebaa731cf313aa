package authtest_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/platform/httpx"
)

type thingImage struct {
	URL string `json:"url"`
}

type thing struct {
	ID    int64       `json:"id"`
	Name  string      `json:"name"`
	Image *thingImage `json:"image"`
}

type thingOutput struct {
	Body struct {
		Data thing `json:"data"`
	}
}

type thingInput struct {
	ID int64 `path:"id"`
}

// TestContractCatchesDrift proves that the check Stack.Do applies to every answer fails on each
// kind of drift between the server and its document, and passes conforming answers.
func TestContractCatchesDrift(t *testing.T) {
	srv := httpx.New(httpx.Options{Version: "test"})
	httpx.Register(srv.API(), httpx.SignedIn(), huma.Operation{OperationID: "get-thing", Method: http.MethodGet, Path: "/api/things/{id}"},
		func(context.Context, *thingInput) (*thingOutput, error) { return &thingOutput{}, nil })
	httpx.Register(srv.API(), httpx.SignedIn(), huma.Operation{OperationID: "export-things", Method: http.MethodGet, Path: "/api/things/export.xlsx"},
		func(context.Context, *struct{}) (*huma.StreamResponse, error) { return nil, nil })
	c := authtest.NewContract(srv.API().OpenAPI())

	for _, tc := range []struct {
		name, method, path string
		status             int
		contentType, body  string
		problem            string // "" when the answer conforms
	}{
		{"conforming", "GET", "/api/things/7", 200, "application/json", `{"data":{"id":7,"name":"a","image":{"url":"/x"}}}`, ""},
		{"query ignored", "GET", "/api/things/7?x=1", 200, "application/json", `{"data":{"id":7,"name":"a","image":{"url":"/x"}}}`, ""},
		{"declared error", "GET", "/api/things/7", 404, "application/json", `{"error":"Not found","code":"not_found"}`, ""},
		{"blocked page", "GET", "/api/things/7", 404, "text/html; charset=utf-8", `<html></html>`, ""},
		{"unexpected error", "GET", "/api/things/7", 500, "application/json", `{"error":"x","code":"internal"}`, ""},
		{"outside the document", "GET", "/healthz", 200, "application/json", `{}`, ""},
		{"spreadsheet", "GET", "/api/things/export.xlsx", 200, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "PK", ""},
		{"undeclared status", "GET", "/api/things/7", 409, "application/json", `{"error":"x","code":"conflict"}`, "does not declare"},
		{"null where an object is declared", "GET", "/api/things/7", 200, "application/json", `{"data":{"id":7,"name":"a","image":null}}`, "breaks the document's schema"},
		{"missing field", "GET", "/api/things/7", 200, "application/json", `{"data":{"id":7}}`, "breaks the document's schema"},
		{"extra field", "GET", "/api/things/7", 200, "application/json", `{"data":{"id":7,"name":"a","image":{"url":"/x"},"cost":1}}`, "breaks the document's schema"},
		{"error shape", "GET", "/api/things/7", 403, "application/json", `{"message":"no"}`, "breaks the document's schema"},
		{"wrong content type", "GET", "/api/things/export.xlsx", 200, "application/json", `{}`, "Content-Type"},
		{"not JSON", "GET", "/api/things/7", 200, "application/json", `<html>`, "not JSON"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			problems := c.Check(tc.method, tc.path, tc.status, tc.contentType, []byte(tc.body))
			switch {
			case tc.problem == "" && len(problems) > 0:
				t.Errorf("conforming answer flagged: %v", problems)
			case tc.problem != "" && (len(problems) == 0 || !strings.Contains(problems[0], tc.problem)):
				t.Errorf("problems %v, want one saying %q", problems, tc.problem)
			}
		})
	}
}
