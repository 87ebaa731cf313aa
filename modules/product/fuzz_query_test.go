package product_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
)

// fuzzQueriesPerOperation is how many query strings each GET operation with query parameters
// receives per caller: the first third generated from its parameters' schemas, the rest broken on
// purpose; the cursors of its sort keys come on top (see cursors).
const fuzzQueriesPerOperation = 60

// sortVocabulary are the sort keys the lists may offer: each list is probed with all of them, and
// the ones it accepts get real and forged cursors.
var sortVocabulary = []string{"name", "code", "created_at", "reference_no", "purchase_date", "due_date", "quantity",
	"status", "balance_cents", "total_to_pay_cents", "price_cents", "city", "email", "first_name", "last_name",
	"username", "role", "id"}

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
		answers := map[string]map[int]int{}
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
					if answers[o.key] == nil {
						answers[o.key] = map[int]int{}
					}
					answers[o.key][r.Status/100]++
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
		keys := make([]string, 0, len(answers))
		for k := range answers {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			t.Logf("%-40s 2xx %3d  4xx %3d", k, answers[k][2], answers[k][4])
		}
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
	case "from", "to":
		return fmt.Sprintf("2026-%02d-%02d", 1+f.r.IntN(12), 1+f.r.IntN(28))
	case "approval":
		return []string{"pending", "approved", "rejected"}[f.r.IntN(3)]
	case "status":
		return []string{"pending", "partial", "paid", "received", "approved"}[f.r.IntN(5)]
	case "kind":
		return []string{"purchase", "payment", "purchase_order"}[f.r.IntN(3)]
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
	id := func(r *authtest.Response) int64 {
		t.Helper()
		var out struct {
			Data struct {
				ID int64 `json:"id"`
			} `json:"data"`
		}
		r.JSON(&out)
		return out.Data.ID
	}
	png := tinyPNG(t)
	var categories, products, stores, suppliers []int64
	for i, name := range []string{"Granos", "Aseo"} {
		categories = append(categories, id(s.Send(t, http.MethodPost, "/api/categories", admin, map[string]any{"name": name}).Expect(http.StatusCreated)))
		products = append(products, id(sendForm(t, s, http.MethodPost, "/api/products", admin, map[string]string{
			"code": fmt.Sprintf("ARZ-%d", i+1), "name": []string{"Arroz Diana 500 g", "Jabón Rey"}[i],
			"category_id": fmt.Sprint(categories[i]), "unit": "und", "cost_cents": "250000", "price_cents": "320000",
			"quantity": "5", "alert_quantity": "10", "iva_class": "19", "kind": "goods"}, "", nil).Expect(http.StatusCreated)))
		stores = append(stores, id(s.Send(t, http.MethodPost, "/api/stores", admin, map[string]any{
			"name": []string{"Bodega Principal Bogotá", "Sede Norte"}[i], "company_id": s.CompanyID}).Expect(http.StatusCreated)))
		suppliers = append(suppliers, id(s.Send(t, http.MethodPost, "/api/suppliers", admin, map[string]any{
			"name": []string{"Distribuidora Andina", "Pérez Gómez"}[i], "company": "Distribuidora Andina S.A.S.",
			"person_type": "juridica", "city": "Bogotá", "declarante": true, "iva_responsible": true}).Expect(http.StatusCreated)))
		s.Send(t, http.MethodPost, "/api/customers", user, map[string]any{"name": []string{"María Gómez", "José Pérez"}[i],
			"city": "Bogotá"}).Expect(http.StatusCreated)
	}
	var orders []int64
	for i := range 2 {
		orders = append(orders, id(sendForm(t, s, http.MethodPost, "/api/purchase-orders", user, map[string]string{
			"category_id": fmt.Sprint(categories[i]), "product_id": fmt.Sprint(products[i]), "quantity": "10"}, "", nil).
			Expect(http.StatusCreated)))
	}
	s.Send(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/approve", orders[0]), admin, nil).Expect(http.StatusOK)
	for range 2 {
		sendForm(t, s, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/receive", orders[0]), user,
			map[string]string{"quantity": "3"}, "", nil).Expect(http.StatusCreated)
	}
	for i := range 2 {
		body := mustJSON(map[string]any{"purchase_date": "2026-11-2" + fmt.Sprint(i), "reference_no": fmt.Sprintf("FV-%d", i+1),
			"supplier_id": suppliers[i], "store_id": stores[i], "days_of_credit": 2,
			"lines": []map[string]any{{"category_id": categories[i], "product_id": products[i], "expiry_date": "2027-06-30",
				"cost_cents": 100000, "quantity": 2}}})
		sendForm(t, s, http.MethodPost, "/api/purchases", user, map[string]string{"data": string(body)}, "attachment", png).
			Expect(http.StatusCreated)
	}
	return tokens
}

// sendForm sends fields, and data as the file part fileField when set, as multipart/form-data.
func sendForm(t *testing.T, s *authtest.Stack, method, path, token string, fields map[string]string, fileField string, data []byte) *authtest.Response {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	if fileField != "" {
		part, err := w.CreateFormFile(fileField, "x.png")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = part.Write(data)
	}
	_ = w.Close()
	return s.Do(t, authtest.Request{Method: method, Path: path, Token: token, Body: buf.Bytes(),
		Header: map[string]string{"Content-Type": w.FormDataContentType()}})
}
