package httpx_test

import (
	"context"
	"net/http"
	"slices"
	"sort"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/platform/httpx"
)

type docItemInput struct {
	ID int64 `path:"id"`
}

type docCreateInput struct {
	Body struct {
		Name string `json:"name"`
	}
}

type docOutput struct {
	Body struct {
		Name string `json:"name"`
	}
}

// TestRegisterDocumentsSecurityAndErrors checks what Register writes into the OpenAPI document
// for every operation: both security schemes, a relative server, the requirement of protected
// operations (none on public ones) and the error answers that follow from the access rule, the
// input and op.Errors, in the API's error shape.
func TestRegisterDocumentsSecurityAndErrors(t *testing.T) {
	srv := httpx.New(httpx.Options{Version: "test"})
	api := srv.API()
	noop := func(context.Context, *struct{}) (*docOutput, error) { return &docOutput{}, nil }
	httpx.Register(api, httpx.Public(), huma.Operation{OperationID: "public", Method: http.MethodGet, Path: "/api/public"}, noop)
	httpx.Register(api, httpx.SignedIn("admin"), huma.Operation{OperationID: "item", Method: http.MethodDelete, Path: "/api/items/{id}",
		Errors: []int{http.StatusConflict}},
		func(context.Context, *docItemInput) (*struct{}, error) { return nil, nil })
	httpx.Register(api, httpx.SignedIn(), huma.Operation{OperationID: "create", Method: http.MethodPost, Path: "/api/items"},
		func(context.Context, *docCreateInput) (*docOutput, error) { return &docOutput{}, nil })
	httpx.Register(api, httpx.SignedIn(), huma.Operation{OperationID: "export", Method: http.MethodGet, Path: "/api/items/export.xlsx"},
		func(context.Context, *struct{}) (*huma.StreamResponse, error) { return nil, nil })
	doc := api.OpenAPI()

	schemes := doc.Components.SecuritySchemes
	if c := schemes["session"]; c == nil || c.Type != "apiKey" || c.In != "cookie" || c.Name != "authToken" {
		t.Errorf("cookie scheme: %+v", c)
	}
	if b := schemes["bearer"]; b == nil || b.Type != "http" || b.Scheme != "bearer" {
		t.Errorf("bearer scheme: %+v", b)
	}
	if len(doc.Servers) != 1 || doc.Servers[0].URL != "/" {
		t.Errorf("servers: %+v", doc.Servers)
	}

	public := doc.Paths["/api/public"].Get
	if len(public.Security) != 1 || len(public.Security[0]) != 0 {
		t.Errorf("public operation's security %v, want [{}]", public.Security)
	}
	if got, want := statuses(public), []string{"200", "404", "default"}; !slices.Equal(got, want) {
		t.Errorf("public operation answers %v, want %v", got, want)
	}
	if _, ok := public.Responses["404"].Content["application/json"]; ok {
		t.Error("an operation without a path parameter declares a JSON 404")
	}

	item := doc.Paths["/api/items/{id}"].Delete
	wantSecurity := []map[string][]string{{"session": {}}, {"bearer": {}}}
	if len(item.Security) != 2 || item.Security[0]["session"] == nil || item.Security[1]["bearer"] == nil {
		t.Errorf("protected operation's security %v, want %v", item.Security, wantSecurity)
	}
	if got, want := statuses(item), []string{"204", "401", "403", "404", "409", "422", "default"}; !slices.Equal(got, want) {
		t.Errorf("delete by id answers %v, want %v", got, want)
	}
	notFound := item.Responses["404"].Content
	if notFound["application/json"] == nil || notFound["text/html; charset=utf-8"] == nil {
		t.Errorf("404 of an operation by id: %v, want the error shape and the blocked-address page", notFound)
	}
	if ref := item.Responses["409"].Content["application/json"].Schema.Ref; ref != "#/components/schemas/ErrorBody" {
		t.Errorf("409 schema %q, want the error shape", ref)
	}

	create := doc.Paths["/api/items"].Post
	if got, want := statuses(create), []string{"200", "400", "401", "403", "404", "413", "415", "422", "default"}; !slices.Equal(got, want) {
		t.Errorf("create answers %v, want %v", got, want)
	}

	export := doc.Paths["/api/items/export.xlsx"].Get.Responses["200"].Content
	if _, ok := export["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]; !ok || len(export) != 1 {
		t.Errorf("export content %v, want the spreadsheet type only", export)
	}
}

func statuses(op *huma.Operation) []string {
	out := make([]string, 0, len(op.Responses))
	for s := range op.Responses {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}
