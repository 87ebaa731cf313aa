package httpx_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/platform/httpx"
)

type textLine struct {
	Note string `json:"note"`
}

type textInput struct {
	Code string `path:"code"`
	Q    string `query:"q"`
	Body struct {
		Name  string            `json:"name"`
		Lines []textLine        `json:"lines,omitempty"`
		Tags  map[string]string `json:"tags,omitempty"`
	}
}

type textFormInput struct {
	RawBody huma.MultipartFormFiles[struct {
		Name string `form:"name"`
	}]
}

// textServer has one JSON operation and one multipart operation; calls counts the handler runs.
func textServer(t *testing.T) (*httpx.Server, *int) {
	t.Helper()
	srv := httpx.New(httpx.Options{})
	calls := 0
	httpx.Register(srv.API(), httpx.Public(), huma.Operation{OperationID: "text-json", Method: http.MethodPost, Path: "/api/text/{code}"},
		func(_ context.Context, _ *textInput) (*struct{}, error) { calls++; return nil, nil })
	httpx.Register(srv.API(), httpx.Public(), huma.Operation{OperationID: "text-form", Method: http.MethodPost, Path: "/api/text-form"},
		func(_ context.Context, _ *textFormInput) (*struct{}, error) { calls++; return nil, nil })
	srv.Finish()
	return srv, &calls
}

func callText(t *testing.T, srv *httpx.Server, req *http.Request) (int, map[string]any) {
	t.Helper()
	resp, err := srv.App().Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var body map[string]any
	if len(b) > 0 {
		if err := json.Unmarshal(b, &body); err != nil {
			t.Fatalf("%s %s: body %q is not JSON", req.Method, req.URL, b)
		}
	}
	return resp.StatusCode, body
}

// NUL (raw, escaped as \u0000 or %00) and invalid UTF-8 (raw bytes or a lone surrogate escape)
// in any text input are refused with 422 naming the field, before the handler runs; clean text,
// including a literal U+FFFD, passes.
func TestTextCheckRefusesNULAndInvalidUTF8(t *testing.T) {
	srv, calls := textServer(t)
	jsonReq := func(path, body string) *http.Request {
		req := httptest.NewRequest(http.MethodPost, path, bytes.NewBufferString(body))
		req.Header.Set("Content-Type", "application/json")
		return req
	}
	formReq := func(field, value, filename string) *http.Request {
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		_ = w.WriteField(field, value)
		if filename != "" {
			fw, _ := w.CreateFormFile("images", filename)
			_, _ = fw.Write([]byte("\x89PNG\x00\x00\xff")) // binary content with NUL
		}
		_ = w.Close()
		req := httptest.NewRequest(http.MethodPost, "/api/text-form", &buf)
		req.Header.Set("Content-Type", w.FormDataContentType())
		return req
	}
	for _, c := range []struct {
		name  string
		req   *http.Request
		field string // "" = accepted
	}{
		{"clean", jsonReq("/api/text/a?q=ok", `{"name":"Café \ufffd �","lines":[{"note":"ñ"}]}`), ""},
		{"json escape NUL", jsonReq("/api/text/a", `{"name":"a\u0000b"}`), "name"},
		{"json raw invalid UTF-8", jsonReq("/api/text/a", "{\"name\":\"a\xffb\"}"), "name"},
		{"json lone surrogate", jsonReq("/api/text/a", `{"name":"a\ud800b"}`), "name"},
		{"json nested", jsonReq("/api/text/a", `{"name":"x","lines":[{"note":"ok"},{"note":"a\u0000"}]}`), "lines.1.note"},
		{"json key", jsonReq("/api/text/a", `{"name":"x","tags":{"k\u0000":"v"}}`), "tags"},
		{"json map value", jsonReq("/api/text/a", `{"name":"x","tags":{"k":"\u0000"}}`), "tags.k"},
		{"query NUL", jsonReq("/api/text/a?q=a%00b", `{"name":"x"}`), "q"},
		{"query invalid UTF-8", jsonReq("/api/text/a?q=a%FFb", `{"name":"x"}`), "q"},
		{"path NUL", jsonReq("/api/text/a%00b", `{"name":"x"}`), "code"},
		{"multipart clean", formReq("name", "Ñandú", "photo.png"), ""},
		{"multipart NUL", formReq("name", "a\x00b", ""), "name"},
		{"multipart invalid UTF-8", formReq("name", "a\xc3", ""), "name"},
		{"multipart file: bytes, not text", formReq("name", "x", "a\xff.png"), ""},
		{"multipart JSON part: escape NUL", formReq("name", `{"note":"ok","reference":"\u0000"}`, ""), "reference"},
		{"multipart JSON part: clean escapes", formReq("name", `{"note":"\u00f1"}`, ""), ""},
		{"multipart text with a backslash u", formReq("name", `C:\users`, ""), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := *calls
			status, body := callText(t, srv, c.req)
			if c.field == "" {
				if status >= 300 || *calls != before+1 {
					t.Fatalf("status %d, body %v, handler runs %d: want accepted", status, body, *calls-before)
				}
				return
			}
			fields, _ := body["fields"].(map[string]any)
			if status != http.StatusUnprocessableEntity || body["code"] != "invalid" || body["error"] != httpx.BadTextMessage ||
				len(fields) != 1 || fields[c.field] != httpx.BadTextMessage {
				t.Fatalf("status %d, body %v: want 422 invalid naming %q", status, body, c.field)
			}
			if *calls != before {
				t.Fatal("the handler ran")
			}
		})
	}
}
