package httpx

import (
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// Security scheme names of the OpenAPI document: the same opaque session token, sent either as
// the authToken cookie (the web app) or as "Authorization: Bearer" (API clients).
const (
	cookieScheme = "session"
	bearerScheme = "bearer"
)

// securitySchemes are the document's components.securitySchemes.
func securitySchemes() map[string]*huma.SecurityScheme {
	return map[string]*huma.SecurityScheme{
		cookieScheme: {Type: "apiKey", In: "cookie", Name: "authToken",
			Description: "Opaque session token from POST /api/auth/login (or /api/auth/2fa), set as the authToken cookie."},
		bearerScheme: {Type: "http", Scheme: "bearer",
			Description: "The same session token as Authorization: Bearer, for API clients."},
	}
}

// xlsxContentType is the media type of every export.xlsx answer (platform/xlsx.ContentType;
// httpx sits below xlsx and cannot import it).
const xlsxContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// documentOperation declares on op, before huma registers it, what every operation of this API
// can answer besides its success: the security it requires and the error answers that follow
// from its access rule and its input (DESIGN §3's one error shape), so that no module has to
// repeat them and none can forget them. Errors only the module knows (409 conflicts, 429 rate
// limits) come from op.Errors. in is the operation's input type.
func documentOperation(op *huma.Operation, access Access, in reflect.Type, errSchema *huma.Schema) {
	protected := !access.public
	if protected {
		op.Security = []map[string][]string{{cookieScheme: {}}, {bearerScheme: {}}}
	} else {
		op.Security = []map[string][]string{{}} // no requirement: anyone may call
	}
	shape := inputShape(in)
	if strings.HasSuffix(op.Path, ".xlsx") {
		if op.Responses == nil {
			op.Responses = map[string]*huma.Response{}
		}
		op.Responses["200"] = &huma.Response{Description: "The workbook (one sheet, a header row, one row per record)",
			Content: map[string]*huma.MediaType{xlsxContentType: {Schema: &huma.Schema{Type: huma.TypeString, Format: "binary"}}}}
	}

	codes := slices.Clone(op.Errors)
	op.Errors = nil
	if protected {
		codes = append(codes, http.StatusUnauthorized, http.StatusForbidden)
	}
	if shape.body {
		codes = append(codes, http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusUnsupportedMediaType)
	}
	if shape.body || shape.params {
		codes = append(codes, http.StatusUnprocessableEntity)
	}
	slices.Sort(codes)
	codes = slices.Compact(codes)

	if op.Responses == nil {
		op.Responses = map[string]*huma.Response{}
	}
	jsonError := map[string]*huma.MediaType{"application/json": {Schema: errSchema}}
	for _, code := range codes {
		op.Responses[strconv.Itoa(code)] = &huma.Response{Description: errorDescription(code), Content: jsonError}
	}
	// Every operation may answer 404 with the blocked-address page: a session whose user may not
	// connect from the caller's address (spec §8). Operations on a record by id also answer 404
	// in the error shape when there is no such record the caller may see.
	notFound := &huma.Response{Description: "The caller's address is blocked for their user (an HTML page, spec §8)",
		Content: map[string]*huma.MediaType{htmlContentType: {Schema: &huma.Schema{Type: huma.TypeString}}}}
	if shape.pathParams || slices.Contains(codes, http.StatusNotFound) {
		notFound.Description = "No such record the caller may see (JSON); or the caller's address is blocked for their user (an HTML page, spec §8)"
		notFound.Content["application/json"] = &huma.MediaType{Schema: errSchema}
	}
	op.Responses["404"] = notFound
	op.Responses["default"] = &huma.Response{Description: "An unexpected error (500), or the site is disabled (503)", Content: jsonError}
}

// errorDescription says when an operation answers code.
func errorDescription(code int) string {
	switch code {
	case http.StatusBadRequest:
		return "The body could not be read (malformed JSON or multipart, or missing)"
	case http.StatusUnauthorized:
		return "No valid session, or the session still owes its two-factor code"
	case http.StatusForbidden:
		return "The caller's role may not do this, or not at this time"
	case http.StatusConflict:
		return "The record's current state does not allow this (decided, in use, already done)"
	case http.StatusRequestEntityTooLarge:
		return "The body is larger than the server accepts"
	case http.StatusUnsupportedMediaType:
		return "The body's content type is not accepted"
	case http.StatusUnprocessableEntity:
		return "Invalid input: fields names each invalid field with its message"
	case http.StatusTooManyRequests:
		return "Too many attempts: Retry-After says when to try again"
	}
	return http.StatusText(code)
}

// shape is what an operation's input type declares.
type shape struct {
	body, params, pathParams bool
}

// inputShape reads the huma input struct t (and the structs it embeds): a Body or RawBody field,
// and path, query, header or cookie parameters.
func inputShape(t reflect.Type) shape {
	var s shape
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return s
	}
	for i := range t.NumField() {
		f := t.Field(i)
		switch {
		case f.Anonymous:
			in := inputShape(f.Type)
			s.body, s.params, s.pathParams = s.body || in.body, s.params || in.params, s.pathParams || in.pathParams
		case f.Name == "Body" || f.Name == "RawBody":
			s.body = true
		case f.Tag.Get("path") != "":
			s.params, s.pathParams = true, true
		case f.Tag.Get("query") != "" || f.Tag.Get("header") != "" || f.Tag.Get("cookie") != "":
			s.params = true
		}
	}
	return s
}
