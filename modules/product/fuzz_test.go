package product_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

// fuzzSeed makes every run send the same requests, so that a failure is reproduced by running
// the test again.
const fuzzSeed = 20261124

// fuzzPerOperation is how many bodies each write operation receives per caller: the first third
// generated from its schema, the rest broken on purpose.
const fuzzPerOperation = 24

// TestFuzzWriteOperations sends schema-generated and schema-breaking bodies to every operation
// of the document that takes a body, as an administrator and as a staff user, and fails on any
// 5xx: bad input must be refused with a 4xx in the API's error shape, never crash or leak an
// internal error. Every answer is also checked against the document (authtest's Contract).
// Seeded and bounded: a few thousand requests on SQLite.
func TestFuzzWriteOperations(t *testing.T) {
	s := authtest.New(t, dbtest.SQLite(t))
	doc := s.Server.API().OpenAPI()
	f := &fuzzer{r: rand.New(rand.NewPCG(fuzzSeed, 1)), reg: doc.Components.Schemas, png: tinyPNG(t)}
	start := time.Now()
	sent := 0
	answers := answerCounts{}
	for i, o := range fuzzOrder(operations(doc)) {
		if o.op.RequestBody == nil && !strings.HasSuffix(o.path, "/approve") {
			continue
		}
		// Fresh users per operation: a fuzzed body may change a user's own password, address
		// restriction or role, which must not blind the operations that follow.
		tokens := map[string]string{}
		for _, role := range []string{auth.RoleAdmin, auth.RoleUser} {
			name := fmt.Sprintf("fz%d_%s", i, role)
			s.CreateUser(t, name, role, false)
			tokens[role] = s.Login(t, name, authtest.Password, "").AuthToken
		}
		for _, role := range []string{auth.RoleAdmin, auth.RoleUser} {
			for n := range fuzzPerOperation {
				body, contentType, what := f.request(o.op, n < fuzzPerOperation/3)
				path := concretePath(o.path, f.pathID(o.path, s.CompanyID))
				req := authtest.Request{Method: o.method, Path: path, Token: tokens[role],
					IP: fmt.Sprintf("198.51.100.%d", 1+f.r.IntN(250))}
				if body != nil {
					req.Body, req.Header = body, map[string]string{"Content-Type": contentType}
				}
				r := s.Do(t, req)
				sent++
				answers.add(o.key, r.Status)
				if r.Status == http.StatusServiceUnavailable && r.Err().Code == "site_disabled" {
					// A valid body switched the site off, as it should: switch it back on.
					s.Do(t, authtest.Request{Method: http.MethodPost, Path: "/api/site_setting/activate",
						IP:   fmt.Sprintf("192.0.2.%d", 1+sent%250),
						Body: map[string]string{"username": fmt.Sprintf("fz%d_admin", i), "password": authtest.Password}}).Expect(http.StatusOK)
					continue
				}
				if r.Status >= 500 {
					t.Errorf("%s %s as %s (%s): %d %s\nbody (%s): %s", o.method, path, role, what, r.Status, r.Body, contentType, clipBody(body))
				}
			}
		}
	}
	answers.log(t)
	t.Logf("%d fuzzed requests in %s (seed %d)", sent, time.Since(start).Round(time.Millisecond), fuzzSeed)
}

// answerCounts counts the answers per operation and class (2xx, 4xx…), logged at the end so
// that a reader sees how deep the generated inputs get (2xx) and how the broken ones end.
type answerCounts map[string]map[int]int

func (a answerCounts) add(operation string, status int) {
	if a[operation] == nil {
		a[operation] = map[int]int{}
	}
	a[operation][status/100]++
}

func (a answerCounts) log(t *testing.T) {
	keys := make([]string, 0, len(a))
	for k := range a {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%-45s 2xx %3d  4xx %3d", k, a[k][2], a[k][4])
	}
}

// fuzzOrder puts the operations in the order records depend on each other (categories before
// products, purchase orders before their receipts, received orders before purchases, purchases
// and sales before their payments), so that generated bodies can name records the earlier ones
// created; the approvals (no body) are sent too, so that receipts and purchases find approved
// records to work on, sales products with stock, and payments approved documents.
func fuzzOrder(ops []operation) []operation {
	rank := func(path string) int {
		for i, prefix := range []string{"/api/auth", "/api/site_setting", "/api/tax", "/api/companies", "/api/stores",
			"/api/users", "/api/categories", "/api/products", "/api/suppliers", "/api/customers",
			"/api/purchase-orders", "/api/received-orders", "/api/purchases", "/api/sales", "/api/payments", "/api/returns"} {
			if strings.HasPrefix(path, prefix) {
				return i
			}
		}
		return 100
	}
	sort.SliceStable(ops, func(i, j int) bool { return rank(ops[i].path) < rank(ops[j].path) })
	return ops
}

// fuzzer generates request bodies from the document's schemas.
type fuzzer struct {
	r   *rand.Rand
	reg huma.Registry
	png []byte
}

// pathID picks an id that may match a record the fuzzing created (or not), never the caller's
// own company (an administrator switching it off would end the test's sessions).
func (f *fuzzer) pathID(path string, companyID int64) int64 {
	id := int64(1 + f.r.IntN(4))
	if strings.HasPrefix(path, "/api/companies/") && id == companyID {
		id++
	}
	return id
}

// request returns a body for op, valid-ish per its schema or broken, its content type, and a
// short description of what was done to it.
func (f *fuzzer) request(op *huma.Operation, valid bool) (body []byte, contentType, what string) {
	if op.RequestBody == nil {
		return nil, "", "no body"
	}
	if mt, ok := op.RequestBody.Content["multipart/form-data"]; ok {
		return f.multipart(mt.Schema, valid)
	}
	mt := op.RequestBody.Content["application/json"]
	if mt == nil {
		for _, m := range op.RequestBody.Content {
			mt = m
		}
	}
	if valid {
		return mustJSON(f.value(mt.Schema, 0)), "application/json", "generated"
	}
	switch f.r.IntN(12) {
	case 0:
		raw := []string{"", "null", "[]", `"text"`, "{", `{"a":`, "1e999", "\xff\xfe", "{}{}", strings.Repeat("[", 5000)}
		return []byte(raw[f.r.IntN(len(raw))]), "application/json", "malformed JSON"
	case 1:
		return mustJSON(f.value(mt.Schema, 0)), "text/plain", "wrong content type"
	default:
		v := f.value(mt.Schema, 0)
		what = f.breakValue(&v, 1+f.r.IntN(3))
		return mustJSON(v), "application/json", what
	}
}

// multipart builds a form for schema: every part generated, then (unless valid) some broken: a
// wrong value, a JSON "data" part that is not the JSON it should be, junk instead of an image.
func (f *fuzzer) multipart(schema *huma.Schema, valid bool) ([]byte, string, string) {
	schema = f.resolve(schema)
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	names := make([]string, 0, len(schema.Properties))
	for name := range schema.Properties {
		names = append(names, name)
	}
	sort.Strings(names)
	broken := map[string]bool{}
	if !valid {
		for range 1 + f.r.IntN(2) {
			broken[names[f.r.IntN(len(names))]] = true
		}
	}
	var what []string
	for _, name := range names {
		p := f.resolve(schema.Properties[name])
		if !valid && !broken[name] && f.r.IntN(4) == 0 {
			continue // leave it out
		}
		if p.Format == "binary" || (p.Items != nil && f.resolve(p.Items).Format == "binary") {
			n := 1
			if p.Type == huma.TypeArray {
				n = f.r.IntN(3)
			}
			for range n {
				data := f.png
				if broken[name] {
					junk := [][]byte{[]byte("not an image"), {}, bytes.Repeat([]byte{0x89}, 5<<20), f.png[:len(f.png)/2]}
					data = junk[f.r.IntN(len(junk))]
					what = append(what, "junk "+name)
				}
				h := textproto.MIMEHeader{}
				h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename="x.png"`, name))
				h.Set("Content-Type", "image/png")
				part, _ := w.CreatePart(h)
				_, _ = part.Write(data)
			}
			continue
		}
		values := []string{f.text(name, p)}
		if p.Type == huma.TypeArray {
			values = values[:0]
			for range f.r.IntN(3) {
				values = append(values, f.text(name, f.resolve(p.Items)))
			}
		}
		if broken[name] {
			bad := []string{"", "abc", "-1", "0", "1.5", "99999999999999999999", "-9223372036854775808", "true",
				strings.Repeat("x", 70_000), "{", "null", "[]", `{"lines":"x"}`, "2026-02-30", "😀\u202e"}
			values = []string{bad[f.r.IntN(len(bad))]}
			if name == "data" && f.r.IntN(2) == 0 {
				if ds := f.dataSchema(p); ds != nil {
					v := f.value(ds, 0)
					what = append(what, "data: "+f.breakValue(&v, 1+f.r.IntN(3)))
					values = []string{string(mustJSON(v))}
				}
			}
			what = append(what, "broken "+name)
		}
		for _, v := range values {
			_ = w.WriteField(name, v)
		}
	}
	_ = w.Close()
	// A form cut short is refused by fasthttp while it reads the request (400 from Fiber's error
	// handler), before any operation runs; app.Test reports it as a transport error, so it is not
	// sent here.
	body := buf.Bytes()
	if valid {
		return body, w.FormDataContentType(), "generated form"
	}
	return body, w.FormDataContentType(), strings.Join(what, ", ")
}

// text is a form value for p: a JSON document for a "data" part that names its schema, else the
// value's text.
func (f *fuzzer) text(name string, p *huma.Schema) string {
	if name == "data" {
		if ds := f.dataSchema(p); ds != nil {
			return string(mustJSON(f.value(ds, 0)))
		}
	}
	switch v := f.fieldValue(name, p, 0).(type) {
	case string:
		return v
	default:
		return string(mustJSON(v))
	}
}

// dataRef finds the component a JSON "data" part carries, named in its description:
// "The purchase as JSON (PurchaseBody)".
var dataRef = regexp.MustCompile(`\(([A-Z]\w+)\)`)

func (f *fuzzer) dataSchema(p *huma.Schema) *huma.Schema {
	m := dataRef.FindStringSubmatch(p.Description)
	if m == nil {
		return nil
	}
	return f.reg.Map()[m[1]]
}

func (f *fuzzer) resolve(s *huma.Schema) *huma.Schema {
	if s != nil && s.Ref != "" {
		return f.reg.SchemaFromRef(s.Ref)
	}
	return s
}

// value generates a value the schema accepts (as far as a schema can tell).
func (f *fuzzer) value(s *huma.Schema, depth int) any {
	s = f.resolve(s)
	if s == nil {
		return nil
	}
	if len(s.Enum) > 0 {
		return s.Enum[f.r.IntN(len(s.Enum))]
	}
	switch s.Type {
	case huma.TypeObject:
		m := map[string]any{}
		for name, p := range s.Properties {
			// The API's bodies state few fields as required and check the rest in the rules:
			// leave one out now and then only.
			if slices.Contains(s.Required, name) || (depth < 4 && f.r.IntN(20) != 0) {
				m[name] = f.fieldValue(name, p, depth+1)
			}
		}
		return m
	case huma.TypeArray:
		lo, hi := 1, 3
		if s.MinItems != nil {
			lo = *s.MinItems
			hi = max(hi, lo)
		}
		if s.MaxItems != nil {
			hi = min(hi, *s.MaxItems)
		}
		items := []any{}
		for range lo + f.r.IntN(hi-lo+1) {
			items = append(items, f.value(s.Items, depth+1))
		}
		return items
	case huma.TypeString:
		return f.str(s)
	case huma.TypeInteger:
		lo, hi := 1.0, 1000.0
		if s.Minimum != nil {
			lo = *s.Minimum
		}
		if s.Maximum != nil {
			hi = min(*s.Maximum, lo+1000)
		}
		hi = max(hi, lo)
		return int64(lo) + f.r.Int64N(int64(hi-lo)+1)
	case huma.TypeNumber:
		return float64(f.r.IntN(100_000)) / 100
	case huma.TypeBoolean:
		return f.r.IntN(2) == 0
	}
	return "x"
}

// fieldValue is value with the field's name as a hint, so that generated bodies get past the
// first rule and reach the code behind it: references to records the fuzzing created (small
// ids, the caller's company), the API's words for choices its schema states only in prose,
// dates, phones and passwords as the rules want them, whole pesos.
func (f *fuzzer) fieldValue(name string, p *huma.Schema, depth int) any {
	rs := f.resolve(p)
	if rs == nil || len(rs.Enum) > 0 {
		return f.value(p, depth)
	}
	pick := func(words ...string) any { return words[f.r.IntN(len(words))] }
	switch rs.Type {
	case huma.TypeInteger:
		switch {
		case name == "company_id":
			return int64(1 + f.r.IntN(2))
		case strings.HasSuffix(name, "_id"):
			return int64(1 + f.r.IntN(4))
		case strings.HasSuffix(name, "_cents"):
			return int64(100 * (1 + f.r.IntN(100_000)))
		case name == "days_of_credit":
			return int64(f.r.IntN(90))
		}
	case huma.TypeString:
		switch {
		case strings.HasSuffix(name, "_date") || name == "date":
			return fmt.Sprintf("2026-%02d-%02d", 1+f.r.IntN(11), 1+f.r.IntN(28))
		case name == "start" || name == "end" || strings.HasSuffix(name, "_time"):
			return fmt.Sprintf("%02d:%02d", f.r.IntN(24), f.r.IntN(60))
		case name == "email":
			return fmt.Sprintf("p%d@demo.co", f.r.IntN(1000))
		case name == "phone":
			return fmt.Sprintf("300%07d", f.r.IntN(10_000_000))
		case strings.Contains(name, "password"):
			return authtest.Password
		case name == "one_time_password":
			return fmt.Sprintf("%06d", f.r.IntN(1_000_000))
		case name == "document_type":
			return pick("CC", "NIT", "CE", "PAS")
		case name == "document_number":
			return fmt.Sprintf("%d", 10_000_000+f.r.IntN(90_000_000))
		case name == "person_type":
			return pick("natural", "juridica")
		case name == "iva_class":
			return pick("19", "5", "exento", "excluido")
		case name == "kind":
			return pick("goods", "service")
		case name == "role":
			return pick(auth.RoleAdmin, auth.RoleSecretary, auth.RoleUser, auth.RoleBuyer)
		case name == "unit":
			return pick("und", "kg")
		case name == "ip_address":
			return pick("", "198.51.100.0/24", "203.0.113.10")
		}
	}
	return f.value(p, depth)
}

func (f *fuzzer) str(s *huma.Schema) string {
	switch s.Format {
	case "date-time":
		return time.Date(2026, time.Month(1+f.r.IntN(12)), 1+f.r.IntN(28), 12, 0, 0, 0, time.UTC).Format(time.RFC3339)
	case "date":
		return fmt.Sprintf("2026-%02d-%02d", 1+f.r.IntN(12), 1+f.r.IntN(28))
	}
	lo, hi := 1, 12
	if s.MinLength != nil {
		lo = *s.MinLength
		hi = max(hi, lo)
	}
	if s.MaxLength != nil {
		hi = min(hi, *s.MaxLength)
	}
	const letters = "abcdefghijklmnopqrstuvwxyzñáéABCDEFGHIJ0123456789 "
	runes := []rune(letters)
	var b strings.Builder
	for range lo + f.r.IntN(max(hi-lo, 0)+1) {
		b.WriteRune(runes[f.r.IntN(len(runes))])
	}
	return b.String()
}

// breakValue replaces n places of *v (the whole value, or a field or item anywhere inside it)
// with values the schema refuses, and says what it did.
func (f *fuzzer) breakValue(v *any, n int) string {
	var what []string
	for range n {
		what = append(what, f.breakOne(v, 0))
	}
	return strings.Join(what, "; ")
}

func (f *fuzzer) breakOne(v *any, depth int) string {
	switch cur := (*v).(type) {
	case map[string]any:
		if len(cur) > 0 && f.r.IntN(4) != 0 {
			keys := make([]string, 0, len(cur))
			for k := range cur {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			k := keys[f.r.IntN(len(keys))]
			switch f.r.IntN(6) {
			case 0:
				delete(cur, k)
				return "dropped " + k
			default:
				x := cur[k]
				what := f.breakOne(&x, depth+1)
				cur[k] = x
				return k + ": " + what
			}
		}
		if f.r.IntN(2) == 0 {
			cur["unexpected_field"] = "x"
			return "extra field"
		}
	case []any:
		if len(cur) > 0 && f.r.IntN(3) != 0 {
			i := f.r.IntN(len(cur))
			what := f.breakOne(&cur[i], depth+1)
			return fmt.Sprintf("[%d]: %s", i, what)
		}
		if f.r.IntN(2) == 0 {
			many := make([]any, 2000)
			for i := range many {
				many[i] = 1
			}
			*v = many
			return "2000 items"
		}
	}
	bad := f.badValue()
	*v = bad
	return fmt.Sprintf("%.60v", bad)
}

// badValue is one of the values that break schemas and the code behind them.
func (f *fuzzer) badValue() any {
	deep := any("bottom")
	for range 300 {
		deep = []any{deep}
	}
	values := []any{
		nil, true, false, "", " ", "abc", -1, 0, 1.5, -0.5, 1e308, -1e308,
		json.Number("9223372036854775807"), json.Number("-9223372036854775808"), json.Number("18446744073709551616"),
		json.Number("1e400"), 1_000_000, 1_000_000_000_000,
		"2026-02-30", "0001-01-01", "9999-12-31", "2026-13-01", "24/11/2026", "2026-11-24T25:61:00Z", "25:99",
		strings.Repeat("ñ", 70_000), "😀\u202e\u200b", "'; DROP TABLE users; --", "<script>alert(1)</script>",
		"\u00a0", "%00", "a\x00b", "\x00", "../../etc/passwd", []any{}, map[string]any{}, []any{nil}, map[string]any{"a": nil}, deep,
	}
	return values[f.r.IntN(len(values))]
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func clipBody(b []byte) string {
	if len(b) > 800 {
		return strconv.Quote(string(b[:800])) + "…"
	}
	return strconv.Quote(string(b))
}

// tinyPNG is a valid 2×2 PNG, so that generated forms carry an image the server accepts.
func tinyPNG(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// fuzzQueriesPerOperation is how many query strings each GET operation with query parameters
// receives per caller: the first third generated from its parameters' schemas, the rest broken on
// purpose; the cursors of its sort keys come on top (see cursors).
const fuzzQueriesPerOperation = 60

// sortVocabulary are the sort keys the lists may offer: each list is probed with all of them, and
// the ones it accepts get real and forged cursors.
var sortVocabulary = []string{"name", "code", "created_at", "reference_no", "purchase_date", "due_date", "quantity",
	"status", "balance_cents", "total_to_pay_cents", "price_cents", "city", "email", "first_name", "last_name",
	"username", "role", "id", "return_date", "amount_cents"}

// TestFuzzQueryParameters sends schema-generated and schema-breaking query strings to every GET
// operation that takes query parameters (lists, exports, choices, alerts, expiring), as an
// administrator and as a staff user, on every dialect, and fails on any 5xx: a query string is
// input like a body, refused with a 4xx in the API's error shape, never a crash or a database
// error. The broken values are those that reach the code behind the schema: numbers beyond
// int64 and negative ones, NUL and invalid UTF-8, wrong types, unknown enum values, very long
// strings, repeated and unknown parameters, and cursors — real ones, tampered ones and forged
// ones carrying such values — since a cursor's value goes to the database as it is. Every answer
// is also checked against the document (authtest's Contract). Seeded and bounded: a few thousand
// requests per dialect, over a small data set made through the API so that pages, searches and
// cursors have rows to walk.
func TestFuzzQueryParameters(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		doc := s.Server.API().OpenAPI()
		tokens := listFixture(t, s)
		f := &fuzzer{r: rand.New(rand.NewPCG(fuzzSeed, 2)), reg: doc.Components.Schemas}
		start, sent := time.Now(), 0
		answers := answerCounts{}
		for _, o := range operations(doc) {
			params := queryParams(o.op)
			if o.method != http.MethodGet || len(params) == 0 {
				continue
			}
			for _, role := range []string{auth.RoleAdmin, auth.RoleUser} {
				send := func(query, what string) {
					t.Helper()
					path := o.path
					if query != "" {
						path += "?" + query
					}
					r := s.Do(t, authtest.Request{Method: http.MethodGet, Path: path, Token: tokens[role]})
					sent++
					answers.add(o.key, r.Status)
					if r.Status >= 500 {
						t.Errorf("GET %s as %s (%s): %d %s", path, role, what, r.Status, clipBody(r.Body))
					}
				}
				for _, c := range f.cursors(t, s, o.path, params, tokens[role]) {
					send(c.query, c.what)
				}
				for n := range fuzzQueriesPerOperation {
					query, what := f.query(params, n < fuzzQueriesPerOperation/3)
					send(query, what)
				}
			}
		}
		answers.log(t)
		t.Logf("%d fuzzed query strings in %s (seed %d)", sent, time.Since(start).Round(time.Millisecond), fuzzSeed)
	})
}

// queryParams are op's query parameters, in the document's order.
func queryParams(op *huma.Operation) []*huma.Param {
	var out []*huma.Param
	for _, p := range op.Parameters {
		if p.In == "query" {
			out = append(out, p)
		}
	}
	return out
}

// query returns a query string for params, generated from their schemas or (unless valid)
// with one to three places broken, and what was done to it. Values are sent percent-encoded, as
// a client must; the broken ones are written encoded already, so that they can carry any byte.
func (f *fuzzer) query(params []*huma.Param, valid bool) (string, string) {
	var parts, what []string
	for _, p := range params {
		if f.r.IntN(2) == 0 {
			parts = append(parts, p.Name+"="+url.QueryEscape(f.paramValue(p)))
		}
	}
	if valid {
		return strings.Join(parts, "&"), "generated"
	}
	for range 1 + f.r.IntN(3) {
		p := params[f.r.IntN(len(params))]
		switch f.r.IntN(8) {
		case 0:
			// The same parameter twice, the second time broken.
			parts = append(parts, p.Name+"="+url.QueryEscape(f.paramValue(p)))
			fallthrough
		default:
			bad := badQueryValues[f.r.IntN(len(badQueryValues))]
			parts = append(parts, p.Name+"="+bad)
			what = append(what, fmt.Sprintf("%s=%.40s", p.Name, bad))
		case 1:
			odd := []string{"unknown=1", "Q=x", "q%00=1", "%FF=1", "q[]=a", "=", "&", "sort", "a=%", "%zz=1"}
			pick := odd[f.r.IntN(len(odd))]
			parts = append(parts, pick)
			what = append(what, pick)
		}
	}
	// Order matters to some parsers (the first or the last of a repeated parameter wins).
	f.r.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
	// A request line over fasthttp's 4 KiB read buffer is refused while the request is read,
	// before any operation runs (431), and app.Test reports it as a transport error: the longest
	// parts go until the line fits.
	for len(parts) > 1 && len(strings.Join(parts, "&")) > maxQueryBytes {
		longest := 0
		for i, p := range parts {
			if len(p) > len(parts[longest]) {
				longest = i
			}
		}
		parts = append(parts[:longest], parts[longest+1:]...)
	}
	return strings.Join(parts, "&"), strings.Join(what, ", ")
}

// maxQueryBytes keeps a fuzzed request line within fasthttp's read buffer (4 KiB with the path
// and the headers' first line).
const maxQueryBytes = 3800

// badQueryValues break a parameter's schema, or pass it and reach the rules behind it.
var badQueryValues = []string{
	"", "%20", "-1", "0", "1", "-0", "1.5", "1e3", "0x10", "NaN", "Infinity", "true", "yes", "null", "[]", "{}",
	"9223372036854775807", "-9223372036854775808", "9223372036854775808", "18446744073709551616",
	"99999999999999999999999999999999", "2147483648", "-2147483649",
	"%00", "a%00b", "%00%00%00", "%FF", "%FF%FE", "%C0%AF", "%ED%A0%80", "%F4%90%80%80", "a%C3", "%E2%80%AE%E2%80%8B",
	"pending%00", "PENDING", "Pending", "zz", "approved,rejected", "19%2C5", "es-CO", "EN",
	"2026-02-30", "0000-00-00", "0001-01-01", "9999-12-31", "2026-13-01", "24%2F11%2F2026", "2026-11-24T10%3A00%3A00Z",
	"-", "--name", "-%00", "name%00", "name,id", "name%20desc", "%27%3B%20DROP%20TABLE%20users%3B--",
	"%25", "%5F", "%5C", "%25%25%25", "a%25b_c%5C", "%2A", "%3Cscript%3E",
	strings.Repeat("a", 3000), strings.Repeat("%C3%B1", 500), strings.Repeat("x%20", 700), strings.Repeat("1", 400),
	"!!!", "AAAA", strings.Repeat("A", 600), "eyJrIjoibmFtZSJ9", // base64 of {"k":"name"}
}

// paramValue is a value p's schema accepts, with the parameter's name as a hint (ids of the
// fixture's records, dates, words that find something).
func (f *fuzzer) paramValue(p *huma.Param) string {
	s := f.resolve(p.Schema)
	switch {
	case s == nil:
		return "x"
	case len(s.Enum) > 0:
		return fmt.Sprint(s.Enum[f.r.IntN(len(s.Enum))])
	case s.Type == huma.TypeBoolean:
		return fmt.Sprint(f.r.IntN(2) == 0)
	case s.Type == huma.TypeInteger:
		switch p.Name {
		case "page":
			return fmt.Sprint(1 + f.r.IntN(3))
		case "per_page":
			return fmt.Sprint([]int{1, 2, 25, 100}[f.r.IntN(4)])
		}
		return fmt.Sprint(1 + f.r.IntN(4)) // an id, of the fixture's or not
	}
	switch p.Name {
	case "q":
		return []string{"arroz", "Arroz Diana", "gómez", "FV-1", "PO-000001", "a", "12", "ñ", "andina s.a.s."}[f.r.IntN(9)]
	case "sort":
		key := sortVocabulary[f.r.IntN(len(sortVocabulary))]
		if f.r.IntN(2) == 0 {
			key = "-" + key
		}
		return key
	case "from", "to", "date_from", "date_to":
		return fmt.Sprintf("2026-%02d-%02d", 1+f.r.IntN(12), 1+f.r.IntN(28))
	case "approval":
		return []string{"pending", "approved", "rejected"}[f.r.IntN(3)]
	case "status":
		return []string{"pending", "partial", "paid", "received", "approved"}[f.r.IntN(5)]
	case "kind":
		return []string{"purchase", "payment", "purchase_order", "goods", "value", "return"}[f.r.IntN(6)]
	case "city":
		return "Bogotá"
	case "after", "before":
		return "" // cursors are sent by cursors()
	}
	return f.str(s)
}

// fuzzCursor is one query string with a cursor and what it carries.
type fuzzCursor struct{ query, what string }

// cursors finds the sort keys the list at path accepts (from sortVocabulary), reads the real
// next-page cursor of each where the fixture has two rows, and returns query strings with that
// cursor, tampered copies of it, and forged cursors of every value type carrying the values that
// break databases: NUL, lone surrogates, very long text, the extremes of int64, years 0 and
// 9999, negative ids.
func (f *fuzzer) cursors(t *testing.T, s *authtest.Stack, path string, params []*huma.Param, token string) []fuzzCursor {
	t.Helper()
	has := map[string]bool{}
	for _, p := range params {
		has[p.Name] = true
	}
	if !has["sort"] || !has["after"] {
		return nil
	}
	var out []fuzzCursor
	for _, key := range sortVocabulary {
		for _, sortParam := range []string{key, "-" + key} {
			r := s.Do(t, authtest.Request{Method: http.MethodGet, Path: path + "?per_page=1&sort=" + sortParam, Token: token})
			if r.Status != http.StatusOK {
				break // the list does not sort by key (or the caller may not list)
			}
			var page struct {
				Meta struct {
					NextCursor string `json:"next_cursor"`
				} `json:"meta"`
			}
			_ = json.Unmarshal(r.Body, &page) // an export answers a workbook: no cursor to read
			add := func(cursor, what string) {
				dir := []string{"after", "before"}[f.r.IntN(2)]
				out = append(out, fuzzCursor{query: "per_page=" + fmt.Sprint(1+f.r.IntN(3)) + "&sort=" + sortParam + "&" + dir + "=" +
					url.QueryEscape(cursor), what: fmt.Sprintf("sort=%s %s %s", sortParam, dir, what)})
			}
			if real := page.Meta.NextCursor; real != "" {
				add(real, "real cursor")
				for range 3 {
					add(f.tamper(real))
				}
			}
			// Forged: a value of each type the cursor may hold, one of them the key's.
			for range 4 {
				v := cursorValues[f.r.IntN(len(cursorValues))]
				id := []int64{1, 0, -1, 1 << 62, -1 << 63, 1<<63 - 1}[f.r.IntN(6)]
				add(encodeFuzzCursor(map[string]any{"k": key, "v": v, "i": id}), fmt.Sprintf("forged v=%.40v i=%d", v, id))
			}
		}
	}
	return out
}

// cursorValues are the values a forged cursor carries: right or wrong for the key's type.
var cursorValues = []any{
	"", "arroz", "\x00", "a\x00b", "\xed\xa0\x80", "\uffff", strings.Repeat("ñ", 150), "%", "_", `\`,
	json.Number("0"), json.Number("-1"), json.Number("9223372036854775807"), json.Number("-9223372036854775808"),
	json.Number("9223372036854775808"), json.Number("1e400"), 1.5, true, nil, []any{1}, map[string]any{"a": 1},
	"2026-11-23T15:00:00Z", "0000-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z",
	"2026-11-23T15:00:00+14:00", "2026-11-23T15:00:00-23:59", "2026-02-30T00:00:00Z", "2026-11-23",
}

// tamper changes one field of a real cursor (its key, value or id) to a breaking value.
func (f *fuzzer) tamper(cursor string) (string, string) {
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	var c map[string]any
	if err != nil || json.Unmarshal(raw, &c) != nil {
		return cursor + "x", "cursor + x"
	}
	field := []string{"k", "v", "i"}[f.r.IntN(3)]
	v := cursorValues[f.r.IntN(len(cursorValues))]
	c[field] = v
	return encodeFuzzCursor(c), fmt.Sprintf("tampered %s=%.40v", field, v)
}

func encodeFuzzCursor(c map[string]any) string {
	return base64.RawURLEncoding.EncodeToString(mustJSON(c))
}

// listFixture makes, through the API, two records of each list the fuzzing reads (categories,
// products, stores, suppliers, customers, purchase orders, received orders, purchases, a second
// company), so that pages have rows, searches find some and cursors exist; it returns the
// sessions of an administrator and a staff user.
func listFixture(t *testing.T, s *authtest.Stack) map[string]string {
	t.Helper()
	tokens := map[string]string{}
	for _, role := range []string{auth.RoleAdmin, auth.RoleUser} {
		s.CreateUser(t, "fq_"+role, role, false)
		tokens[role] = s.Login(t, "fq_"+role, authtest.Password, "").AuthToken
	}
	admin, user := tokens[auth.RoleAdmin], tokens[auth.RoleUser]
	if _, err := s.Settings.EnsureCompany(t.Context(), "Otra Empresa S.A.S."); err != nil {
		t.Fatal(err)
	}
	png := tinyPNG(t)
	form := func(token, path string, fields ...[2]string) *authtest.Response {
		t.Helper()
		return s.Multipart(t, http.MethodPost, path, token, fields, nil, nil)
	}
	var categories, products, stores, suppliers []int64
	for i, name := range []string{"Granos", "Aseo"} {
		categories = append(categories, s.Send(t, http.MethodPost, "/api/categories", admin, map[string]any{"name": name}).CreatedID())
		products = append(products, form(admin, "/api/products", [2]string{"code", fmt.Sprintf("ARZ-%d", i+1)},
			[2]string{"name", []string{"Arroz Diana 500 g", "Jabón Rey"}[i]}, [2]string{"category_id", fmt.Sprint(categories[i])},
			[2]string{"unit", "und"}, [2]string{"cost_cents", "250000"}, [2]string{"price_cents", "320000"}, [2]string{"quantity", "5"},
			[2]string{"alert_quantity", "10"}, [2]string{"iva_class", "19"}, [2]string{"kind", "goods"}).CreatedID())
		stores = append(stores, s.Send(t, http.MethodPost, "/api/stores", admin, map[string]any{
			"name": []string{"Bodega Principal Bogotá", "Sede Norte"}[i], "company_id": s.CompanyID}).CreatedID())
		suppliers = append(suppliers, s.Send(t, http.MethodPost, "/api/suppliers", admin, map[string]any{
			"name": []string{"Distribuidora Andina", "Pérez Gómez"}[i], "company": "Distribuidora Andina S.A.S.",
			"person_type": "juridica", "city": "Bogotá", "declarante": true, "iva_responsible": true}).CreatedID())
		s.Send(t, http.MethodPost, "/api/customers", user, map[string]any{"name": []string{"María Gómez", "José Pérez"}[i],
			"city": "Bogotá"}).CreatedID()
	}
	var orders []int64
	for i := range 2 {
		orders = append(orders, form(user, "/api/purchase-orders", [2]string{"category_id", fmt.Sprint(categories[i])},
			[2]string{"product_id", fmt.Sprint(products[i])}, [2]string{"quantity", "10"}).CreatedID())
	}
	s.Send(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/approve", orders[0]), admin, nil).Expect(http.StatusOK)
	for range 2 {
		form(user, fmt.Sprintf("/api/purchase-orders/%d/receive", orders[0]), [2]string{"quantity", "3"}).CreatedID()
	}
	for i := range 2 {
		body := mustJSON(map[string]any{"purchase_date": "2026-11-2" + fmt.Sprint(i), "reference_no": fmt.Sprintf("FV-%d", i+1),
			"supplier_id": suppliers[i], "store_id": stores[i], "days_of_credit": 2,
			"lines": []map[string]any{{"category_id": categories[i], "product_id": products[i], "expiry_date": "2027-06-30",
				"cost_cents": 100000, "quantity": 2}}})
		s.Multipart(t, http.MethodPost, "/api/purchases", user, [][2]string{{"data", string(body)}},
			[]authtest.File{{Field: "attachment", Name: "invoice.png", Data: png}}, nil).CreatedID()
	}
	return tokens
}
