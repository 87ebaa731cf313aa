package authtest

import (
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// Contract checks answers against the server's own OpenAPI document: every answer a Stack
// receives for an operation of the document must have a status the operation declares, one of
// that status's content types, and, for JSON, a body its schema accepts. Stack.Do applies it to
// every response, so each module's API suite also proves that the document tells the truth;
// drift fails the test that met it.
type Contract struct {
	registry huma.Registry
	routes   []route
}

// route is one operation of the document, its path split into segments ("" for a parameter).
type route struct {
	method   string
	template string
	segments []string
	literals int
	op       *huma.Operation
}

// NewContract reads the operations of doc.
func NewContract(doc *huma.OpenAPI) *Contract {
	c := &Contract{registry: doc.Components.Schemas}
	for path, item := range doc.Paths {
		for method, op := range map[string]*huma.Operation{
			http.MethodGet: item.Get, http.MethodPost: item.Post, http.MethodPut: item.Put,
			http.MethodPatch: item.Patch, http.MethodDelete: item.Delete, http.MethodHead: item.Head,
		} {
			if op == nil {
				continue
			}
			r := route{method: method, template: path, op: op}
			for _, seg := range strings.Split(strings.Trim(path, "/"), "/") {
				if strings.HasPrefix(seg, "{") {
					seg = ""
				} else {
					r.literals++
				}
				r.segments = append(r.segments, seg)
			}
			c.routes = append(c.routes, r)
		}
	}
	// The most literal template wins: /api/users/export.xlsx before /api/users/{id}.
	sort.Slice(c.routes, func(i, j int) bool { return c.routes[i].literals > c.routes[j].literals })
	return c
}

// Operation finds the operation serving method and path (a query string is ignored); ok is false
// for a path outside the document (health checks, the web UI, an unknown /api path).
func (c *Contract) Operation(method, path string) (op *huma.Operation, template string, ok bool) {
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path = path[:i]
	}
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for _, r := range c.routes {
		if r.method != method || len(r.segments) != len(segs) {
			continue
		}
		match := true
		for i, s := range r.segments {
			if s != "" && s != segs[i] {
				match = false
				break
			}
		}
		if match {
			return r.op, r.template, true
		}
	}
	return nil, "", false
}

// Check returns what is wrong with an answer (status, Content-Type header, body) to method path
// according to the document; nil when it conforms or the path is outside the document.
func (c *Contract) Check(method, path string, status int, contentType string, body []byte) []string {
	op, template, ok := c.Operation(method, path)
	if !ok {
		return nil
	}
	where := fmt.Sprintf("%s %s (%s) answered %d", method, template, op.OperationID, status)
	resp := op.Responses[strconv.Itoa(status)]
	if resp == nil && status >= 500 {
		resp = op.Responses["default"] // the unexpected and the disabled site, on every operation
	}
	if resp == nil {
		return []string{where + ", a status the document does not declare for it; body: " + clip(body)}
	}
	if len(resp.Content) == 0 {
		if len(body) > 0 {
			return []string{where + " with a body where the document declares none: " + clip(body)}
		}
		return nil
	}
	if len(body) == 0 {
		return nil // e.g. a download's HEAD, or a body the client did not read
	}
	got, _, _ := mime.ParseMediaType(contentType)
	var media *huma.MediaType
	declared := make([]string, 0, len(resp.Content))
	for ct, m := range resp.Content {
		bare, _, _ := mime.ParseMediaType(ct)
		declared = append(declared, ct)
		if strings.EqualFold(bare, got) {
			media = m
		}
	}
	if media == nil {
		sort.Strings(declared)
		return []string{fmt.Sprintf("%s with Content-Type %q; the document declares %s", where, contentType, strings.Join(declared, ", "))}
	}
	if got != "application/json" || media.Schema == nil {
		return nil
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return []string{fmt.Sprintf("%s with a body that is not JSON (%v): %s", where, err, clip(body))}
	}
	res := &huma.ValidateResult{}
	huma.Validate(c.registry, media.Schema, huma.NewPathBuffer([]byte{}, 0), huma.ModeReadFromServer, v, res)
	if len(res.Errors) == 0 {
		return nil
	}
	problems := make([]string, 0, len(res.Errors))
	for _, e := range res.Errors {
		problems = append(problems, fmt.Sprintf("%s: the body breaks the document's schema: %v; body: %s", where, e, clip(body)))
	}
	return problems
}

func clip(b []byte) string {
	const max = 600
	if len(b) > max {
		return string(b[:max]) + "…"
	}
	return string(b)
}
