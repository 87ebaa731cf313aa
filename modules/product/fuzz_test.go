package product_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/textproto"
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
	// answers counts the answers per operation and class (2xx, 4xx...), logged at the end so
	// that a reader sees how deep the generated bodies get (2xx) and how the broken ones end.
	answers := map[string]map[int]int{}
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
				if answers[o.key] == nil {
					answers[o.key] = map[int]int{}
				}
				answers[o.key][r.Status/100]++
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
	keys := make([]string, 0, len(answers))
	for k := range answers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%-45s 2xx %3d  4xx %3d", k, answers[k][2], answers[k][4])
	}
	t.Logf("%d fuzzed requests in %s (seed %d)", sent, time.Since(start).Round(time.Millisecond), fuzzSeed)
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
			"/api/purchase-orders", "/api/received-orders", "/api/purchases", "/api/sales", "/api/payments"} {
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
