package people_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/uptrace/bun"
	"github.com/xuri/excelize/v2"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/people"
	"github.com/backoffice/backoffice/modules/product"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

// partyKeys are the fields of a supplier in the API; a customer has totalKeys too.
var (
	partyKeys = []string{"address", "approval_reason", "approval_status", "approved_at", "approved_by", "autorretenedor",
		"city", "company", "company_id", "company_name", "created_at", "created_by", "declarante", "display_name", "document_number",
		"document_type", "email", "gran_contribuyente", "id", "iva_responsible", "name", "note", "person_type", "phone",
		"updated_at", "verification_digit"}
	totalKeys         = []string{"balance_cents", "paid_cents", "total_amount_cents", "total_sales"}
	supplierTotalKeys = []string{"balance_cents", "credit_cents", "paid_cents", "pending_return_cents", "return_cents",
		"total_amount_cents", "total_purchases"}
)

// world is a Stack with one signed-in user per role in the Stack's company, and a user of a
// second company.
type world struct {
	*authtest.Stack
	admin, user, secretary, buyer, other string
	adminID                              int64
	otherCompany                         int64
	// store and service are what sell records sales with (made at the first sale).
	store, service int64
}

func newWorld(t *testing.T, s *authtest.Stack) *world {
	t.Helper()
	w := &world{Stack: s}
	w.adminID = s.CreateUser(t, "admin1", auth.RoleAdmin, false).ID
	s.CreateUser(t, "user1", auth.RoleUser, false)
	s.CreateUser(t, "secretary1", auth.RoleSecretary, false)
	s.CreateUser(t, "buyer1", auth.RoleBuyer, false)
	var err error
	if w.otherCompany, err = s.Settings.EnsureCompany(context.Background(), "Otra Empresa S.A.S."); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Auth.CreateUser(context.Background(), auth.NewUser{CompanyID: w.otherCompany, Username: "other1",
		Password: authtest.Password, FirstName: "O", LastName: "T", Role: auth.RoleUser}); err != nil {
		t.Fatal(err)
	}
	w.admin = s.Login(t, "admin1", authtest.Password, "").AuthToken
	w.user = s.Login(t, "user1", authtest.Password, "").AuthToken
	w.secretary = s.Login(t, "secretary1", authtest.Password, "").AuthToken
	w.buyer = s.Login(t, "buyer1", authtest.Password, "").AuthToken
	w.other = s.Login(t, "other1", authtest.Password, "").AuthToken
	return w
}

type obj = map[string]any

func data(t *testing.T, r *authtest.Response) obj {
	t.Helper()
	var body struct {
		Data obj `json:"data"`
	}
	r.JSON(&body)
	return body.Data
}

type page struct {
	Data []obj `json:"data"`
	Meta struct {
		Total      int    `json:"total"`
		TotalPages int    `json:"total_pages"`
		NextCursor string `json:"next_cursor"`
		PrevCursor string `json:"prev_cursor"`
	} `json:"meta"`
}

func list(t *testing.T, w *world, token, path string) page {
	t.Helper()
	var p page
	w.Get(t, path, token).Expect(http.StatusOK).JSON(&p)
	return p
}

func names(p page) []string {
	var out []string
	for _, o := range p.Data {
		out = append(out, o["name"].(string))
	}
	return out
}

func id(o obj) int64 { return int64(o["id"].(float64)) }

func keys(m obj) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// kinds runs fn for customers and suppliers: they share every rule.
func kinds(t *testing.T, fn func(t *testing.T, w *world, base, entity string)) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		for _, k := range []struct{ base, entity string }{{"/api/customers", "customer"}, {"/api/suppliers", "supplier"}} {
			t.Run(k.entity, func(t *testing.T) { fn(t, w, k.base, k.entity) })
		}
	})
}

func TestCreateReadUpdate(t *testing.T) {
	t.Parallel()
	kinds(t, func(t *testing.T, w *world, base, entity string) {
		body := obj{"name": " Ana Gómez ", "company": "Gómez & Cía", "email": "ana@example.co", "phone": "+57 300 123 4567",
			"city": "Bogotá", "address": "Cra 7 # 12-34", "note": "pays on time", "person_type": "juridica",
			"declarante": true, "iva_responsible": true, "gran_contribuyente": false, "autorretenedor": true,
			"document_number": "800.197.268-4"}
		r := w.Send(t, http.MethodPost, base, w.secretary, body).Expect(http.StatusCreated)
		got := data(t, r)
		// Customers carry their sales figures, suppliers their purchase figures with returns and
		// credits.
		want := append(slices.Clone(partyKeys), totalKeys...)
		if entity == "supplier" {
			want = append(slices.Clone(partyKeys), supplierTotalKeys...)
		}
		slices.Sort(want)
		if !slices.Equal(keys(got), want) {
			t.Fatalf("keys %v, want %v", keys(got), want)
		}
		if got["name"] != "Ana Gómez" || got["document_type"] != "NIT" || got["document_number"] != "800197268" ||
			got["verification_digit"] != "4" || got["approval_status"] != "pending" || got["approved_by"] != nil ||
			got["company_name"] != authtest.CompanyName || got["declarante"] != true || got["autorretenedor"] != true {
			t.Fatalf("created %v", got)
		}
		if entity == "customer" && (got["total_sales"] != 0.0 || got["balance_cents"] != 0.0) {
			t.Fatalf("totals of a customer without sales: %v", got)
		}
		path := fmt.Sprintf("%s/%d", base, id(got))
		if g := data(t, w.Get(t, path, w.user)); g["email"] != "ana@example.co" {
			t.Fatalf("get %v", g)
		}

		// An admin's record is approved at once, by the admin.
		adm := data(t, w.Send(t, http.MethodPost, base, w.admin, obj{"name": "Beto"}).Expect(http.StatusCreated))
		if adm["approval_status"] != "approved" || adm["approved_by"] != float64(w.adminID) || adm["person_type"] != "natural" ||
			adm["document_type"] != "CC" || adm["verification_digit"] != "" {
			t.Fatalf("admin's record %v", adm)
		}

		// Validation answers with the form's messages.
		for _, tc := range []struct {
			body       obj
			field, msg string
		}{
			{body: obj{"name": ""}, field: "name", msg: "Name is required."},
			{body: obj{"name": "X", "document_type": "NIT", "document_number": "800197268-5"}, field: "document_number", msg: "The NIT check digit does not match."},
			{body: obj{"name": "X", "person_type": "juridica"}, field: "company", msg: "Company is required for a legal entity."},
			{body: obj{"name": "X", "email": "nope"}, field: "email", msg: "The email must be a valid email address."},
			{body: obj{"name": "X", "document_type": "RUT"}, field: "document_type", msg: "Choose a document type: CC, NIT, CE or PAS."},
			// Same number, typed differently, in the same company.
			{body: obj{"name": "X", "document_type": "NIT", "document_number": "800 197 268"}, field: "document_number", msg: "The document number has already been taken."},
		} {
			e := w.Send(t, http.MethodPost, base, w.user, tc.body).ExpectError(http.StatusUnprocessableEntity, "invalid", tc.msg)
			if e.Fields[tc.field] != tc.msg {
				t.Errorf("%v: fields %v", tc.body, e.Fields)
			}
		}
		// Another company may hold the same number.
		w.Send(t, http.MethodPost, base, w.other, obj{"name": "Ana en otra", "document_type": "NIT", "document_number": "800197268"}).
			Expect(http.StatusCreated)

		// Update: new details; company_id never moves the record.
		body["name"], body["city"], body["company_id"] = "Ana G.", "Medellín", w.otherCompany
		up := data(t, w.Send(t, http.MethodPut, path, w.user, body).Expect(http.StatusOK))
		if up["name"] != "Ana G." || up["city"] != "Medellín" || up["company_id"] != float64(w.CompanyID) || up["approval_status"] != "pending" {
			t.Fatalf("updated %v", up)
		}
		// Keeping its own number is not a clash.
		body["document_number"] = "800197268"
		w.Send(t, http.MethodPut, path, w.user, body).Expect(http.StatusOK)
		// Taking another record's number is.
		w.Send(t, http.MethodPut, fmt.Sprintf("%s/%d", base, id(adm)), w.user, body).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "The document number has already been taken.")

		w.Get(t, base+"/999999", w.user).ExpectError(http.StatusNotFound, "not_found", "The requested information was not found")
	})
}

func TestAccessAndTenancy(t *testing.T) {
	t.Parallel()
	kinds(t, func(t *testing.T, w *world, base, entity string) {
		mine := data(t, w.Send(t, http.MethodPost, base, w.user, obj{"name": "Mine " + entity}).Expect(http.StatusCreated))
		theirs := data(t, w.Send(t, http.MethodPost, base, w.other, obj{"name": "Theirs " + entity}).Expect(http.StatusCreated))
		if theirs["company_id"] == mine["company_id"] {
			t.Fatal("both in one company")
		}
		theirPath := fmt.Sprintf("%s/%d", base, id(theirs))

		// The buyer has no access at all; nobody signed out has.
		w.Get(t, base, w.buyer).ExpectError(http.StatusForbidden, "forbidden", "You are not allowed to perform this action.")
		w.Send(t, http.MethodPost, base, w.buyer, obj{"name": "x"}).Expect(http.StatusForbidden)
		w.Get(t, base, "").Expect(http.StatusUnauthorized)

		// Another company's record does not exist for a user.
		for _, r := range []*authtest.Response{
			w.Get(t, theirPath, w.user),
			w.Send(t, http.MethodPut, theirPath, w.secretary, obj{"name": "hijack"}),
			w.Send(t, http.MethodDelete, theirPath, w.user, nil),
		} {
			r.ExpectError(http.StatusNotFound, "not_found", "The requested information was not found")
		}
		if got := names(list(t, w, w.user, base)); !slices.Equal(got, []string{"Mine " + entity}) {
			t.Fatalf("user's list %v", got)
		}
		if got := names(list(t, w, w.other, base+"?company_id="+fmt.Sprint(w.CompanyID))); !slices.Equal(got, []string{"Theirs " + entity}) {
			t.Fatalf("a non-admin's company_id filter must be ignored: %v", got)
		}

		// Admins see every company, or one.
		if got := list(t, w, w.admin, base); got.Meta.Total != 2 {
			t.Fatalf("admin's list %v", names(got))
		}
		if got := names(list(t, w, w.admin, fmt.Sprintf("%s?company_id=%d", base, w.otherCompany))); !slices.Equal(got, []string{"Theirs " + entity}) {
			t.Fatalf("admin's company filter %v", got)
		}
		if g := data(t, w.Get(t, theirPath, w.admin)); g["company_name"] != "Otra Empresa S.A.S." {
			t.Fatalf("admin get %v", g)
		}
		// An admin creates for another company, never for one that does not exist.
		forOther := data(t, w.Send(t, http.MethodPost, base, w.admin, obj{"name": "By admin", "company_id": w.otherCompany}).Expect(http.StatusCreated))
		if forOther["company_id"] != float64(w.otherCompany) {
			t.Fatalf("admin create for company: %v", forOther)
		}
		w.Send(t, http.MethodPost, base, w.admin, obj{"name": "x", "company_id": 987654}).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "The selected company is invalid.")
		// A user's company_id is ignored.
		if g := data(t, w.Send(t, http.MethodPost, base, w.user, obj{"name": "Sneaky", "company_id": w.otherCompany}).Expect(http.StatusCreated)); g["company_id"] != float64(w.CompanyID) {
			t.Fatalf("user created in company %v", g["company_id"])
		}
	})
}

func TestApproval(t *testing.T) {
	t.Parallel()
	kinds(t, func(t *testing.T, w *world, base, entity string) {
		rec := data(t, w.Send(t, http.MethodPost, base, w.secretary, obj{"name": "Pending one"}).Expect(http.StatusCreated))
		path := fmt.Sprintf("%s/%d", base, id(rec))

		// Only admins decide.
		w.Send(t, http.MethodPost, path+"/approve", w.user, nil).Expect(http.StatusForbidden)
		w.Send(t, http.MethodPost, path+"/reject", w.secretary, obj{"reason": "no"}).Expect(http.StatusForbidden)

		e := w.Send(t, http.MethodPost, path+"/reject", w.admin, obj{"reason": "  "}).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "A reason is required.")
		if e.Fields["reason"] != "A reason is required." {
			t.Fatalf("fields %v", e.Fields)
		}
		w.Send(t, http.MethodPost, path+"/reject", w.admin, nil).Expect(http.StatusUnprocessableEntity)

		rej := data(t, w.Send(t, http.MethodPost, path+"/reject", w.admin, obj{"reason": " Duplicate of #3 "}).Expect(http.StatusOK))
		if rej["approval_status"] != "rejected" || rej["approval_reason"] != "Duplicate of #3" || rej["approved_by"] != float64(w.adminID) || rej["approved_at"] == nil {
			t.Fatalf("rejected %v", rej)
		}
		w.Send(t, http.MethodPost, path+"/approve", w.admin, nil).
			ExpectError(http.StatusConflict, "conflict", "Only pending records can be approved or rejected.")

		if got := names(list(t, w, w.user, base+"?approval=rejected")); !slices.Equal(got, []string{"Pending one"}) {
			t.Fatalf("rejected filter %v", got)
		}
		w.Get(t, base+"?approval=maybe", w.user).ExpectError(http.StatusUnprocessableEntity, "invalid", "Unknown approval status.")

		// The secretary fixes it: it goes back to pending, and the admin approves it.
		again := data(t, w.Send(t, http.MethodPut, path, w.secretary, obj{"name": "Pending one, fixed"}).Expect(http.StatusOK))
		if again["approval_status"] != "pending" || again["approval_reason"] != "" || again["approved_by"] != nil {
			t.Fatalf("resubmitted %v", again)
		}
		ok := data(t, w.Send(t, http.MethodPost, path+"/approve", w.admin, nil).Expect(http.StatusOK))
		if ok["approval_status"] != "approved" || ok["approval_reason"] != "" {
			t.Fatalf("approved %v", ok)
		}
		// Editing an approved record keeps it approved.
		if g := data(t, w.Send(t, http.MethodPut, path, w.secretary, obj{"name": "Renamed"}).Expect(http.StatusOK)); g["approval_status"] != "approved" {
			t.Fatalf("edit of approved %v", g)
		}

		// Every change is in the outbox, in the same transaction, with the contract's payload.
		var events []struct {
			Subject string `bun:"subject"`
			Payload string `bun:"payload"`
		}
		if err := w.DB.NewSelect().Table("outbox_events").Column("subject", "payload").
			Where("subject LIKE ?", "backoffice.people."+entity+".%").OrderExpr("id").Scan(context.Background(), &events); err != nil {
			t.Fatal(err)
		}
		var subjects []string
		for _, ev := range events {
			subjects = append(subjects, ev.Subject)
		}
		pre := "backoffice.people." + entity + "."
		if !slices.Equal(subjects, []string{pre + "created.v1", pre + "rejected.v1", pre + "approved.v1"}) {
			t.Fatalf("subjects %v", subjects)
		}
		var env struct {
			CompanyID int64        `json:"company_id"`
			ActorID   int64        `json:"actor_id"`
			Data      people.Event `json:"data"`
		}
		if err := json.Unmarshal([]byte(events[1].Payload), &env); err != nil {
			t.Fatal(err)
		}
		creator := int64(rec["created_by"].(float64))
		if env.Data != (people.Event{ID: id(rec), Name: "Pending one", ApprovalStatus: "rejected", Reason: "Duplicate of #3", CreatedBy: creator}) ||
			creator == 0 ||
			env.CompanyID != w.CompanyID || env.ActorID != w.adminID {
			t.Fatalf("rejected event %+v", env)
		}

		var actions []string
		if err := w.DB.NewSelect().Table("audit_log").Column("action").Where("entity = ? AND entity_id = ?", entity, fmt.Sprint(id(rec))).
			OrderExpr("id").Scan(context.Background(), &actions); err != nil {
			t.Fatal(err)
		}
		want := []string{"created", "rejected", "updated", "approved", "updated"}
		for i := range want {
			want[i] = entity + "_" + want[i]
		}
		if !slices.Equal(actions, want) {
			t.Fatalf("audit %v, want %v", actions, want)
		}
	})
}

// refs reports the ids in it as referenced.
type refs map[int64]bool

func (r refs) CustomersInUse(_ context.Context, _ bun.IDB, ids []int64) ([]int64, error) {
	var used []int64
	for _, id := range ids {
		if r[id] {
			used = append(used, id)
		}
	}
	return used, nil
}

func (r refs) SuppliersInUse(ctx context.Context, db bun.IDB, ids []int64) ([]int64, error) {
	return r.CustomersInUse(ctx, db, ids)
}

func TestDelete(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		used := refs{}
		w := newWorld(t, authtest.NewWith(t, db, func(d *product.Deps) {
			d.Later.CustomerRefs = []people.CustomerReferences{used}
			d.Later.SupplierRefs = []people.SupplierReferences{used}
		}))
		for _, k := range []struct{ base, label string }{{"/api/customers", "Customer"}, {"/api/suppliers", "Supplier"}} {
			a := data(t, w.Send(t, http.MethodPost, k.base, w.user, obj{"name": "A", "document_number": "123456"}).Expect(http.StatusCreated))
			b := data(t, w.Send(t, http.MethodPost, k.base, w.user, obj{"name": "B"}).Expect(http.StatusCreated))
			used[id(b)] = true
			pa, pb := fmt.Sprintf("%s/%d", k.base, id(a)), fmt.Sprintf("%s/%d", k.base, id(b))

			w.Send(t, http.MethodDelete, pb, w.user, nil).ExpectError(http.StatusConflict, "conflict", k.label+" cannot be deleted")
			w.Get(t, pb, w.user).Expect(http.StatusOK)

			before := list(t, w, w.user, k.base).Meta.Total
			w.Send(t, http.MethodDelete, pa, w.secretary, nil).Expect(http.StatusNoContent)
			w.Get(t, pa, w.user).Expect(http.StatusNotFound)
			w.Send(t, http.MethodDelete, pa, w.user, nil).Expect(http.StatusNotFound)
			if after := list(t, w, w.user, k.base).Meta.Total; after != before-1 {
				t.Fatalf("%s: total %d after delete, was %d (cached total not refreshed?)", k.base, after, before)
			}
			// Its document number is free again.
			w.Send(t, http.MethodPost, k.base, w.user, obj{"name": "A again", "document_number": "123456"}).Expect(http.StatusCreated)
			delete(used, id(b))
		}
	})
}

func TestListPagesAndFilters(t *testing.T) {
	t.Parallel()
	kinds(t, func(t *testing.T, w *world, base, entity string) {
		for i, n := range []string{"Zoe", "ana", "Ángel", "beto", "Carla", "dora", "Eva"} {
			city := []string{"Bogotá", "Cali"}[i%2]
			w.Send(t, http.MethodPost, base, w.admin, obj{"name": n, "city": city, "email": strings.ToLower(n) + "@x.co",
				"company": "Co " + n}).Expect(http.StatusCreated)
		}
		var all []string
		q := url.Values{"per_page": {"3"}, "sort": {"-name"}}
		for range 10 {
			p := list(t, w, w.secretary, base+"?"+q.Encode())
			if p.Meta.Total != 7 || p.Meta.TotalPages != 3 {
				t.Fatalf("meta %+v", p.Meta)
			}
			all = append(all, names(p)...)
			if p.Meta.NextCursor == "" {
				break
			}
			q.Set("after", p.Meta.NextCursor)
		}
		if len(all) != 7 || all[len(all)-1] != "ana" {
			t.Fatalf("walk %v", all)
		}
		if got := names(list(t, w, w.user, base+"?q=CO+EVA")); !slices.Equal(got, []string{"Eva"}) {
			t.Fatalf("search company %v", got)
		}
		if got := names(list(t, w, w.user, base+"?city=cali&sort=name")); !slices.Equal(got, []string{"ana", "beto", "dora"}) {
			t.Fatalf("city filter %v", got)
		}
		w.Get(t, base+"?sort=phone", w.user).ExpectError(http.StatusUnprocessableEntity, "invalid", `Cannot sort by "phone".`)
		w.Get(t, base+"?sort=name&after=garbage", w.user).Expect(http.StatusUnprocessableEntity)
	})
}

// sell records a sale of one unit of a new service at price (centavos) to customer, as the
// user, through the sales module, approved by the administrator when approve is set.
func (w *world) sell(t *testing.T, customer, price int64, approve bool) {
	t.Helper()
	if w.store == 0 {
		w.store = id(data(t, w.Send(t, http.MethodPost, "/api/stores", w.admin, obj{"name": "Principal", "company_id": w.CompanyID}).Expect(http.StatusCreated)))
		cat := id(data(t, w.Send(t, http.MethodPost, "/api/categories", w.user, obj{"name": "Servicios"}).Expect(http.StatusCreated)))
		w.service = id(data(t, w.form(t, http.MethodPost, "/api/products", w.user, map[string]string{"code": "SRV-1",
			"name": "Asesoría", "category_id": fmt.Sprint(cat), "unit": "und", "cost_cents": "0", "price_cents": "100",
			"iva_class": "exento", "kind": "service"}).Expect(http.StatusCreated)))
	}
	body, _ := json.Marshal(obj{"sale_date": "2026-11-23", "customer_id": customer, "store_id": w.store,
		"lines": []obj{{"product_id": w.service, "quantity": 1, "price_cents": price}}})
	sale := id(data(t, w.form(t, http.MethodPost, "/api/sales", w.user, map[string]string{"data": string(body)}).Expect(http.StatusCreated)))
	if approve {
		w.Send(t, http.MethodPost, fmt.Sprintf("/api/sales/%d/approve", sale), w.admin, nil).Expect(http.StatusOK)
	}
}

// form sends fields as multipart/form-data.
func (w *world) form(t *testing.T, method, path, token string, fields map[string]string) *authtest.Response {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	_ = mw.Close()
	return w.Do(t, authtest.Request{Method: method, Path: path, Token: token, Body: buf.Bytes(),
		Header: map[string]string{"Content-Type": mw.FormDataContentType()}})
}

func TestExportAndTotals(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		w := newWorld(t, authtest.New(t, db))
		a := data(t, w.Send(t, http.MethodPost, "/api/customers", w.user, obj{"name": "=HYPERLINK(\"http://evil\")",
			"city": "Cali", "document_type": "NIT", "document_number": "800197268"}).Expect(http.StatusCreated))
		w.Send(t, http.MethodPost, "/api/customers", w.user, obj{"name": "Beto", "city": "Bogotá"}).Expect(http.StatusCreated)
		w.Send(t, http.MethodPost, "/api/customers", w.other, obj{"name": "Not mine"}).Expect(http.StatusCreated)
		// The sales module's figures: approved sales only (a pending sale is not yet a debt).
		w.sell(t, id(a), 60_000_000, true)
		w.sell(t, id(a), 40_000_000, true)
		w.sell(t, id(a), 12_345_600, false)

		got := data(t, w.Get(t, fmt.Sprintf("/api/customers/%d", id(a)), w.user))
		if got["total_sales"] != 2.0 || got["total_amount_cents"] != 100000000.0 || got["paid_cents"] != 0.0 || got["balance_cents"] != 100000000.0 {
			t.Fatalf("totals %v", got)
		}

		r := w.Get(t, "/api/customers/export.xlsx?lang=en&city=cali", w.user).Expect(http.StatusOK)
		if ct := r.Header.Get("Content-Type"); ct != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
			t.Fatalf("content type %q", ct)
		}
		if cd := r.Header.Get("Content-Disposition"); cd != `attachment; filename="customers-20261123.xlsx"` {
			t.Fatalf("content disposition %q", cd)
		}
		rows := sheetRows(t, r.Body, "Customers")
		if len(rows) != 2 || rows[0][1] != "Name" || rows[0][5] != "DV" || rows[0][len(rows[0])-1] != "Balance" {
			t.Fatalf("rows %v", rows)
		}
		row := rows[1]
		if row[1] != `'=HYPERLINK("http://evil")` || row[4] != "800197268" || row[5] != "4" || row[13] != "Cali" ||
			row[len(row)-4] != "2" || row[len(row)-1] != "1,000,000.00" {
			t.Fatalf("row %q", row)
		}

		// Spanish headers, every row of my company, none of another's.
		es := sheetRows(t, w.Get(t, "/api/customers/export.xlsx?sort=-name", w.secretary).Expect(http.StatusOK).Body, "Clientes")
		if es[0][1] != "Nombre" || len(es) != 3 || es[1][1] != "Beto" || es[1][16] != "Pendiente" || es[1][6] != "Natural" || es[2][1] != `'=HYPERLINK("http://evil")` {
			t.Fatalf("spanish export %q", es)
		}
		sup := sheetRows(t, w.Get(t, "/api/suppliers/export.xlsx?lang=en", w.admin).Expect(http.StatusOK).Body, "Suppliers")
		if len(sup) != 1 || !slices.Contains(sup[0], "Total purchases") || !slices.Contains(sup[0], "Credit") || slices.Contains(sup[0], "Total sales") {
			t.Fatalf("supplier export %q", sup)
		}
		w.Get(t, "/api/customers/export.xlsx", w.buyer).Expect(http.StatusForbidden)
		w.Get(t, "/api/customers/export.xlsx?sort=nope", w.user).Expect(http.StatusUnprocessableEntity)
	})
}

func sheetRows(t *testing.T, file []byte, sheet string) [][]string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(file))
	if err != nil {
		t.Fatalf("open workbook: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows(sheet)
	if err != nil {
		t.Fatalf("sheet %s: %v (sheets %v)", sheet, err, f.GetSheetList())
	}
	return rows
}

func TestRaces(t *testing.T) {
	t.Parallel()
	kinds(t, func(t *testing.T, w *world, base, entity string) {
		const n = 6
		statuses := func(do func(i int) *authtest.Response) map[int]int {
			out := map[int]int{}
			var mu sync.Mutex
			var wg sync.WaitGroup
			for i := range n {
				wg.Go(func() {
					r := do(i)
					mu.Lock()
					out[r.Status]++
					mu.Unlock()
				})
			}
			wg.Wait()
			return out
		}
		// The same document number created at once: exactly one wins, the others are told why.
		got := statuses(func(i int) *authtest.Response {
			return w.Send(t, http.MethodPost, base, w.user, obj{"name": fmt.Sprint("racer ", i), "document_number": "99887766"})
		})
		if got[http.StatusCreated] != 1 || got[http.StatusUnprocessableEntity] != n-1 {
			t.Fatalf("concurrent creates: %v", got)
		}
		// Admins deciding the same record at once: one decision stands.
		rec := data(t, w.Send(t, http.MethodPost, base, w.user, obj{"name": "decide me"}).Expect(http.StatusCreated))
		path := fmt.Sprintf("%s/%d", base, id(rec))
		got = statuses(func(i int) *authtest.Response {
			if i%2 == 0 {
				return w.Send(t, http.MethodPost, path+"/approve", w.admin, nil)
			}
			return w.Send(t, http.MethodPost, path+"/reject", w.admin, obj{"reason": "race"})
		})
		if got[http.StatusOK] != 1 || got[http.StatusConflict] != n-1 {
			t.Fatalf("concurrent decisions: %v", got)
		}
	})
}

func TestSubjects(t *testing.T) {
	t.Parallel()
	for got, want := range map[string]string{
		people.SubjectCustomerCreated:  "backoffice.people.customer.created.v1",
		people.SubjectCustomerApproved: "backoffice.people.customer.approved.v1",
		people.SubjectCustomerRejected: "backoffice.people.customer.rejected.v1",
		people.SubjectSupplierCreated:  "backoffice.people.supplier.created.v1",
		people.SubjectSupplierApproved: "backoffice.people.supplier.approved.v1",
		people.SubjectSupplierRejected: "backoffice.people.supplier.rejected.v1",
	} {
		if got != want {
			t.Errorf("subject %q, want %q", got, want)
		}
	}
}
