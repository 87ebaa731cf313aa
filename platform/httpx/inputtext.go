package httpx

import (
	"bytes"
	"cmp"
	"encoding/json"
	"mime"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/danielgtaylor/huma/v2"
	"github.com/gofiber/fiber/v2"

	"github.com/backoffice/backoffice/platform/apperror"
)

// BadTextMessage is the answer for a text input holding a NUL character or bytes that are not
// UTF-8: PostgreSQL refuses NUL in text (a 500 before this check) and invalid UTF-8 would be
// stored as U+FFFD, so neither is accepted anywhere.
const BadTextMessage = "Contains characters that are not allowed."

// textCheckMiddleware refuses, before any handler runs, an operation whose path parameters, query
// parameters, JSON body (string values and keys, escapes decoded) or multipart text parts (a JSON
// part's escapes decoded too) hold a NUL character or invalid UTF-8: 422 naming every such field. It is the one place this is
// checked, so a new operation cannot forget it. Uploaded files are bytes, not text: their
// contents are not looked at, and their names are cleaned by platform/attachments.
func textCheckMiddleware(api huma.API) func(ctx huma.Context, next func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		fields := badTextFields(ctx)
		if len(fields) == 0 {
			next(ctx)
			return
		}
		body := ToErrorBody(ctx.Context(), loggerFrom(api), apperror.Invalid(BadTextMessage, fields))
		b, _ := json.Marshal(body)
		ctx.SetHeader(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
		ctx.SetStatus(body.status)
		_, _ = ctx.BodyWriter().Write(b)
	}
}

// badTextFields names the inputs of the request that badText refuses, each with BadTextMessage.
func badTextFields(ctx huma.Context) map[string]string {
	var fields map[string]string
	add := func(field string) {
		if fields == nil {
			fields = map[string]string{}
		}
		fields[field] = BadTextMessage
	}
	for _, p := range ctx.Operation().Parameters {
		if p.In != "path" {
			continue
		}
		v := ctx.Param(p.Name)
		if u, err := url.PathUnescape(v); err == nil {
			v = u
		}
		if badText(v) {
			add(p.Name)
		}
	}
	fc, ok := ctx.(interface{ Unwrap() *fiber.Ctx })
	if !ok {
		return fields
	}
	c := fc.Unwrap()
	for k, v := range c.Request().URI().QueryArgs().All() {
		switch {
		case badText(string(k)):
			add("query")
		case badText(string(v)):
			add(string(k))
		}
	}
	mediaType, _, _ := mime.ParseMediaType(c.Get(fiber.HeaderContentType))
	switch {
	case mediaType == fiber.MIMEMultipartForm:
		form, err := c.MultipartForm()
		if err != nil {
			return fields // malformed: huma answers it
		}
		for k, vs := range form.Value {
			if badText(k) {
				add("form")
				continue
			}
			for _, v := range vs {
				switch {
				case badText(v):
					add(k)
				case !plainJSON([]byte(v)):
					// A JSON part (the modules' "data"): its escapes are decoded like a JSON
					// body's, its fields named as the modules name them; not JSON, nothing more.
					walkJSONStrings([]byte(v), func(field string) {
						if field == "body" {
							field = k
						}
						add(field)
					})
				}
			}
		}
	case mediaType == "" || mediaType == fiber.MIMEApplicationJSON || strings.HasSuffix(mediaType, "+json"):
		if body := c.Body(); len(body) > 0 && !plainJSON(body) {
			walkJSONStrings(body, add)
		}
	}
	return fields
}

// badText reports a NUL character or bytes that are not UTF-8.
func badText(s string) bool {
	return strings.IndexByte(s, 0) >= 0 || !utf8.ValidString(s)
}

// plainJSON reports a body that cannot hold a refused string: UTF-8 throughout, no raw NUL and
// no \u escape (the only way JSON writes NUL or a lone surrogate; browsers send non-ASCII
// letters as themselves). Such bodies, nearly all, skip the token walk and its allocations.
func plainJSON(body []byte) bool {
	return bytes.IndexByte(body, 0) < 0 && !bytes.Contains(body, []byte(`\u`)) && utf8.Valid(body)
}

// walkJSONStrings decodes body token by token and calls bad with the path of every string value
// (lines.0.note, as the modules name line fields) or key (its object's path) that holds NUL — raw or as the escape \u0000 —,
// bytes that are not UTF-8, or a lone UTF-16 surrogate escape (\ud800), which encoding/json
// turns into U+FFFD silently. A malformed body stops the walk: huma answers it.
func walkJSONStrings(body []byte, bad func(field string)) {
	type container struct {
		path    string
		array   bool
		index   int
		key     string
		wantKey bool
	}
	var stack []*container
	here := func() string { // path of the value about to be read
		if len(stack) == 0 {
			return "body"
		}
		top := stack[len(stack)-1]
		name := top.key
		if top.array {
			name = strconv.Itoa(top.index)
		}
		if top.path == "" {
			return name
		}
		return top.path + "." + name
	}
	done := func() { // a value of the top container has been read
		if len(stack) == 0 {
			return
		}
		top := stack[len(stack)-1]
		if top.array {
			top.index++
		} else {
			top.wantKey = true
		}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return
		}
		// The span holds the token and the separators before it, which are ASCII: any byte that
		// is not UTF-8 in it belongs to this token.
		raw := body[start:dec.InputOffset()]
		if len(stack) > 0 && stack[len(stack)-1].wantKey {
			if key, ok := tok.(string); ok {
				top := stack[len(stack)-1]
				if badJSONString(key, raw) {
					bad(cmp.Or(top.path, "body"))
				}
				top.key, top.wantKey = key, false
				continue
			}
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				path := ""
				if len(stack) > 0 {
					path = here()
				}
				stack = append(stack, &container{path: path, array: t == '[', wantKey: t == '{'})
			default:
				stack = stack[:len(stack)-1]
				done()
			}
		case string:
			if badJSONString(t, raw) {
				bad(here())
			}
			done()
		default:
			done()
		}
	}
}

// badJSONString tells whether the decoded string s, read from raw, is refused: NUL, bytes that
// are not UTF-8, or more U+FFFD than raw writes literally (a lone surrogate escape decoded).
func badJSONString(s string, raw []byte) bool {
	if strings.IndexByte(s, 0) >= 0 || !utf8.Valid(raw) {
		return true
	}
	replaced := strings.Count(s, "\uFFFD")
	if replaced == 0 {
		return false
	}
	literal := bytes.Count(raw, []byte("\uFFFD")) + bytes.Count(bytes.ToLower(raw), []byte(`\ufffd`))
	return replaced > literal
}
