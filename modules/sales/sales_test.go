package sales_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"testing"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/sales"
	"github.com/backoffice/backoffice/platform/listing"
)

// pngBytes sniffs as PNG (the signature is what the check reads).
var pngBytes = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{7}, 64)...)

type obj = map[string]any

type one[T any] struct {
	Data T `json:"data"`
}

// world is a Stack with one user per role, a user of another company, a store, customers of
// every tax profile and products with stock: "a" goods at 19% (10 units, cost 400.000), "b"
// goods at 5% (5 units), "s" a service at 19%.
type world struct {
	*authtest.Stack
	admin, user, secretary, buyer, other string
	adminID, userID, secretaryID         int64
	store, otherCompany                  int64
	gran, juridica, natural              int64 // customers
	products                             map[string]int64
}

func newWorld(t *testing.T, s *authtest.Stack) *world {
	t.Helper()
	ctx := context.Background()
	w := &world{Stack: s, products: map[string]int64{}}
	w.adminID = s.CreateUser(t, "admin1", auth.RoleAdmin, false).ID
	w.userID = s.CreateUser(t, "user1", auth.RoleUser, false).ID
	w.secretaryID = s.CreateUser(t, "secretary1", auth.RoleSecretary, false).ID
	s.CreateUser(t, "buyer1", auth.RoleBuyer, false)
	otherCompany, err := s.Settings.EnsureCompany(ctx, "Otra Empresa S.A.S.")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Auth.CreateUser(ctx, auth.NewUser{CompanyID: otherCompany, Username: "other1",
		Password: authtest.Password, FirstName: "O", LastName: "T", Role: auth.RoleUser}); err != nil {
		t.Fatal(err)
	}
	w.admin = s.Login(t, "admin1", authtest.Password, "").AuthToken
	w.user = s.Login(t, "user1", authtest.Password, "").AuthToken
	w.secretary = s.Login(t, "secretary1", authtest.Password, "").AuthToken
	w.buyer = s.Login(t, "buyer1", authtest.Password, "").AuthToken
	w.other = s.Login(t, "other1", authtest.Password, "").AuthToken
	w.otherCompany = otherCompany
	if _, err := w.DB.NewUpdate().Table("companies").Set("has_taxes = TRUE").Where("id = ?", w.CompanyID).Exec(ctx); err != nil {
		t.Fatal(err)
	}

	w.store = w.id(t, s.Send(t, http.MethodPost, "/api/stores", w.admin, obj{"name": "Principal", "company_id": s.CompanyID}))
	w.gran = w.id(t, s.Send(t, http.MethodPost, "/api/customers", w.admin, obj{"name": "Compras", "company": "Grandes Superficies S.A.",
		"person_type": "juridica", "gran_contribuyente": true, "document_type": "NIT", "document_number": "800197268"}))
	w.juridica = w.id(t, s.Send(t, http.MethodPost, "/api/customers", w.admin, obj{"name": "Tienda", "company": "Tienda La Esquina S.A.S.",
		"person_type": "juridica"}))
	w.natural = w.id(t, s.Send(t, http.MethodPost, "/api/customers", w.admin, obj{"name": "Carlos Pérez", "person_type": "natural"}))
	for _, p := range []struct {
		key, iva, kind string
		stock          int
	}{{"a", "19", "goods", 10}, {"b", "5", "goods", 5}, {"s", "19", "service", 0}} {
		cat := w.id(t, s.Send(t, http.MethodPost, "/api/categories", w.admin, obj{"name": "Cat " + p.key}))
		w.products[p.key] = w.id(t, w.multipart(t, http.MethodPost, "/api/products", w.admin, [][2]string{
			{"code", "P-" + p.key}, {"name", "Product " + p.key}, {"category_id", fmt.Sprint(cat)}, {"unit", "und"},
			{"cost_cents", "40000000"}, {"price_cents", "100000000"}, {"iva_class", p.iva}, {"kind", p.kind},
			{"quantity", fmt.Sprint(p.stock)}}, 0))
	}
	return w
}

func (w *world) id(t *testing.T, r *authtest.Response) int64 {
	t.Helper()
	r.Expect(http.StatusCreated)
	var out one[struct {
		ID int64 `json:"id"`
	}]
	r.JSON(&out)
	return out.Data.ID
}

// multipart sends fields and images PNG files as "images" parts.
func (w *world) multipart(t *testing.T, method, path, token string, fields [][2]string, images int) *authtest.Response {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, kv := range fields {
		_ = mw.WriteField(kv[0], kv[1])
	}
	for i := range images {
		part, err := mw.CreateFormFile("images", fmt.Sprintf("photo%d.png", i))
		if err != nil {
			t.Fatal(err)
		}
		_, _ = part.Write(pngBytes)
	}
	_ = mw.Close()
	return w.Do(t, authtest.Request{Method: method, Path: path, Token: token, Body: buf.Bytes(),
		Header: map[string]string{"Content-Type": mw.FormDataContentType()}})
}

// line is one form line of product key.
func (w *world) line(key string, qty, price, discount int64) obj {
	return obj{"product_id": w.products[key], "quantity": qty, "price_cents": price, "discount_cents": discount}
}

// form is a sale to customer of the given lines.
func (w *world) form(customer int64, lines ...obj) obj {
	return obj{"sale_date": "2026-11-23", "customer_id": customer, "store_id": w.store, "customer_reference": "OC-4411",
		"note": "mostrador", "lines": lines}
}

// save posts (or puts) the form with images.
func (w *world) save(t *testing.T, method, path, token string, body obj, images int) *authtest.Response {
	t.Helper()
	raw, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return w.multipart(t, method, path, token, [][2]string{{"data", string(raw)}}, images)
}

func (w *world) create(t *testing.T, token string, body obj, images int) sales.Sale {
	t.Helper()
	var out one[sales.Sale]
	w.save(t, http.MethodPost, "/api/sales", token, body, images).Expect(http.StatusCreated).JSON(&out)
	return out.Data
}

// stock is product key's stock now.
func (w *world) stock(t *testing.T, key string) int64 {
	t.Helper()
	var out one[struct {
		Quantity int64 `json:"quantity"`
	}]
	w.Get(t, fmt.Sprintf("/api/products/%d", w.products[key]), w.admin).Expect(http.StatusOK).JSON(&out)
	return out.Data.Quantity
}

func (w *world) count(t *testing.T, token, query string) int {
	t.Helper()
	var page listing.Page[sales.Sale]
	w.Get(t, "/api/sales"+query, token).Expect(http.StatusOK).JSON(&page)
	return page.Meta.Total
}

// events are the sales events in the outbox, in order.
func (w *world) events(t *testing.T) (subjects []string, payloads []sales.Event) {
	t.Helper()
	var rows []struct {
		Subject string `bun:"subject"`
		Payload string `bun:"payload"`
	}
	if err := w.DB.NewSelect().Table("outbox_events").Column("subject", "payload").
		Where("subject LIKE 'backoffice.sales.%'").OrderExpr("id").Scan(context.Background(), &rows); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		var env struct {
			Data sales.Event `json:"data"`
		}
		if err := json.Unmarshal([]byte(r.Payload), &env); err != nil {
			t.Fatal(err)
		}
		subjects, payloads = append(subjects, r.Subject), append(payloads, env.Data)
	}
	return subjects, payloads
}

// DESIGN §5's sales example: a gran contribuyente buys 1 × 1.000.000 @19% in 2026 → VAT
// 190.000, ReteFuente 25.000, ReteIVA 28.500, total 1.136.500; the quote is what is stored.
func TestDesignSalesExample(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		want := sales.Totals{SubtotalCents: 100_000_000, TaxableBaseCents: 100_000_000, VATCents: 19_000_000,
			InvoiceCents: 119_000_000, WithholdingIncomeCents: 2_500_000, WithholdingIncomeRate: "2.5%",
			WithholdingVATCents: 2_850_000, WithholdingVATRate: "15%", TotalCents: 113_650_000, CostCents: 40_000_000,
			ProfitCents: 60_000_000, BalanceCents: 113_650_000}
		body := w.form(w.gran, w.line("a", 1, 100_000_000, 0))

		var q one[struct {
			Totals sales.Totals `json:"totals"`
			Lines  []obj        `json:"lines"`
		}]
		w.Send(t, http.MethodPost, "/api/sales/quote", w.user, body).Expect(http.StatusOK).JSON(&q)
		if q.Data.Totals != want || len(q.Data.Lines) != 1 || q.Data.Lines[0]["vat_cents"] != 19_000_000.0 ||
			q.Data.Lines[0]["profit_cents"] != 60_000_000.0 {
			t.Fatalf("quote %+v\nwant %+v", q.Data, want)
		}
		sale := w.create(t, w.user, body, 0)
		if sale.Totals != want || sale.Number != "VTA-000001" || sale.ApprovalStatus != "pending" || sale.Status != "pending" ||
			sale.CustomerName != "Grandes Superficies S.A." || sale.StoreName != "Principal" || sale.CustomerReference != "OC-4411" {
			t.Fatalf("saved %+v", sale)
		}
		if l := sale.Lines[0]; l.ProductCode != "P-a" || l.IVAClass != "19" || l.CostCents != 40_000_000 || l.PriceCents != 100_000_000 ||
			l.ProfitCents != 60_000_000 {
			t.Fatalf("line %+v", l)
		}

		// A legal entity that is not a gran contribuyente practises ReteFuente only; a natural
		// person neither; a line's discount lowers the base.
		body = w.form(w.juridica, w.line("a", 1, 100_000_000, 0))
		w.Send(t, http.MethodPost, "/api/sales/quote", w.user, body).Expect(http.StatusOK).JSON(&q)
		if q.Data.Totals.TotalCents != 116_500_000 || q.Data.Totals.WithholdingVATCents != 0 {
			t.Fatalf("juridica %+v", q.Data.Totals)
		}
		body = w.form(w.natural, w.line("a", 2, 100_000_000, 50_000_000), w.line("s", 1, 10_000_000, 0))
		w.Send(t, http.MethodPost, "/api/sales/quote", w.user, body).Expect(http.StatusOK).JSON(&q)
		if tt := q.Data.Totals; tt.SubtotalCents != 210_000_000 || tt.DiscountCents != 50_000_000 || tt.TaxableBaseCents != 160_000_000 ||
			tt.VATCents != 30_400_000 || tt.TotalCents != 190_400_000 || tt.WithholdingIncomeCents != 0 {
			t.Fatalf("natural with a discount %+v", tt)
		}
		// An autorretenedor company suffers no ReteFuente; ReteIVA still applies.
		if _, err := w.DB.NewUpdate().Table("companies").Set("autorretenedor = TRUE").Where("id = ?", w.CompanyID).Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		w.Send(t, http.MethodPost, "/api/sales/quote", w.user, w.form(w.gran, w.line("a", 1, 100_000_000, 0))).Expect(http.StatusOK).JSON(&q)
		if tt := q.Data.Totals; tt.WithholdingIncomeCents != 0 || tt.WithholdingVATCents != 2_850_000 || tt.TotalCents != 116_150_000 {
			t.Fatalf("autorretenedor %+v", tt)
		}
		// A company without taxes charges and suffers nothing.
		if _, err := w.DB.NewUpdate().Table("companies").Set("has_taxes = FALSE").Where("id = ?", w.CompanyID).Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		w.Send(t, http.MethodPost, "/api/sales/quote", w.user, w.form(w.gran, w.line("a", 1, 100_000_000, 0))).Expect(http.StatusOK).JSON(&q)
		if q.Data.Totals.TotalCents != 100_000_000 || q.Data.Totals.VATCents != 0 {
			t.Fatalf("no taxes %+v", q.Data.Totals)
		}
	})
}

func TestValidationMessages(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		edit := func(f func(b obj)) obj {
			b := w.form(w.natural, w.line("a", 1, 100_000, 0))
			f(b)
			return b
		}
		rejected := w.id(t, w.Send(t, http.MethodPost, "/api/customers", w.user, obj{"name": "Moroso"}))
		w.Send(t, http.MethodPost, fmt.Sprintf("/api/customers/%d/reject", rejected), w.admin, obj{"reason": "Debe"}).Expect(http.StatusOK)
		for _, tc := range []struct {
			name       string
			body       obj
			images     int
			field, msg string
		}{
			{"date", edit(func(b obj) { delete(b, "sale_date") }), 0, "sale_date", "Sale Date is required"},
			{"date out of bounds", edit(func(b obj) { b["sale_date"] = "1999-12-31" }), 0, "sale_date", "Dates must be between 2000-01-01 and ten years from today."},
			{"store", edit(func(b obj) { delete(b, "store_id") }), 0, "store_id", "Please select a store"},
			{"another company's store", edit(func(b obj) { b["store_id"] = 99999 }), 0, "store_id", "Please select a store"},
			{"customer", edit(func(b obj) { delete(b, "customer_id") }), 0, "customer_id", "Customer is required"},
			{"rejected customer", edit(func(b obj) { b["customer_id"] = rejected }), 0, "customer_id", "Customer is required"},
			{"no lines", edit(func(b obj) { b["lines"] = []obj{} }), 0, "lines", "Select at least one product."},
			{"product", edit(func(b obj) { b["lines"].([]obj)[0]["product_id"] = 99999 }), 0, "lines.0.product_id", "Product Name is required"},
			{"quantity", edit(func(b obj) { b["lines"].([]obj)[0]["quantity"] = 0 }), 0, "lines.0.quantity", "Input Product Quantity"},
			{"price", edit(func(b obj) { delete(b["lines"].([]obj)[0], "price_cents") }), 0, "lines.0.price_cents", "Input Product Price"},
			{"discount", edit(func(b obj) { b["lines"].([]obj)[0]["discount_cents"] = 100_001 }), 0, "lines.0.discount_cents", "Input Product Discount"},
			{"quantity bound", edit(func(b obj) { b["lines"].([]obj)[0]["quantity"] = 1_000_000_001 }), 0, "lines.0.quantity", "Quantity may be at most 1,000,000,000."},
			{"too many images", w.form(w.natural, w.line("a", 1, 100_000, 0)), 11, "images", "A sale may have at most 10 images."},
		} {
			e := w.save(t, http.MethodPost, "/api/sales", w.user, tc.body, tc.images).Expect(http.StatusUnprocessableEntity).Err()
			if e.Fields[tc.field] != tc.msg {
				t.Errorf("%s: %q %v, want %s=%q", tc.name, e.Error, e.Fields, tc.field, tc.msg)
			}
			// The quote answers the same, but for the store, which it does not need yet.
			if tc.images == 0 && tc.field != "store_id" {
				e := w.Send(t, http.MethodPost, "/api/sales/quote", w.user, tc.body).Expect(http.StatusUnprocessableEntity).Err()
				if e.Fields[tc.field] != tc.msg {
					t.Errorf("quote %s: %q %v, want %s=%q", tc.name, e.Error, e.Fields, tc.field, tc.msg)
				}
			}
		}
		b := edit(func(b obj) { delete(b, "store_id") })
		w.Send(t, http.MethodPost, "/api/sales/quote", w.user, b).Expect(http.StatusOK)
		w.multipart(t, http.MethodPost, "/api/sales", w.user, [][2]string{{"data", "{"}}, 0).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "Missing required fields.")
		if n := w.count(t, w.user, ""); n != 0 || w.stock(t, "a") != 10 {
			t.Fatalf("refused sales stored: %d sales, stock %d", n, w.stock(t, "a"))
		}
	})
}

func TestRolesNumbersApprovalAndEvents(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		body := w.form(w.natural, w.line("a", 2, 100_000, 0))
		a := w.create(t, w.user, body, 0)
		b := w.create(t, w.secretary, body, 0)
		if a.Number != "VTA-000001" || b.Number != "VTA-000002" || a.ApprovalStatus != "pending" || *b.CreatedBy != w.secretaryID {
			t.Fatalf("numbers %s %s, %+v", a.Number, b.Number, b)
		}
		// Another company numbers its own sales from 1, and never sees ours.
		otherStore := w.id(t, w.Send(t, http.MethodPost, "/api/stores", w.admin, obj{"name": "Otra", "company_id": w.otherCompany}))
		otherCustomer := w.id(t, w.Send(t, http.MethodPost, "/api/customers", w.other, obj{"name": "Cliente otro"}))
		otherCat := w.id(t, w.Send(t, http.MethodPost, "/api/categories", w.other, obj{"name": "Otra"}))
		otherProduct := w.id(t, w.multipart(t, http.MethodPost, "/api/products", w.other, [][2]string{{"code", "O-1"}, {"name", "Otro"},
			{"category_id", fmt.Sprint(otherCat)}, {"unit", "und"}, {"cost_cents", "1"}, {"price_cents", "2"}, {"iva_class", "19"},
			{"kind", "service"}}, 0))
		o := w.create(t, w.other, obj{"sale_date": "2026-11-23", "customer_id": otherCustomer, "store_id": otherStore,
			"lines": []obj{{"product_id": otherProduct, "quantity": 1, "price_cents": 100}}}, 0)
		if o.Number != "VTA-000001" {
			t.Fatalf("other company's first number %s", o.Number)
		}
		path := fmt.Sprintf("/api/sales/%d", a.ID)
		w.Get(t, path, w.other).ExpectError(http.StatusNotFound, "not_found", "The requested information was not found")
		w.save(t, http.MethodPut, path, w.other, body, 0).Expect(http.StatusNotFound)
		w.Send(t, http.MethodDelete, path, w.other, nil).Expect(http.StatusNotFound)
		// A customer or product of another company is no customer or product here.
		bad := w.form(otherCustomer, w.line("a", 1, 1, 0))
		w.save(t, http.MethodPost, "/api/sales", w.user, bad, 0).ExpectError(http.StatusUnprocessableEntity, "invalid", "Customer is required")

		// Administrators decide, never record nor edit; buyers have no sales at all.
		w.save(t, http.MethodPost, "/api/sales", w.admin, body, 0).Expect(http.StatusForbidden)
		w.save(t, http.MethodPut, path, w.admin, body, 0).Expect(http.StatusForbidden)
		for _, r := range []*authtest.Response{w.Get(t, "/api/sales", w.buyer), w.Get(t, path, w.buyer),
			w.Send(t, http.MethodPost, "/api/sales/quote", w.buyer, body), w.save(t, http.MethodPost, "/api/sales", w.buyer, body, 0),
			w.Send(t, http.MethodDelete, path, w.buyer, nil)} {
			r.Expect(http.StatusForbidden)
		}
		w.Send(t, http.MethodPost, path+"/approve", w.user, nil).Expect(http.StatusForbidden)
		if n := w.count(t, w.admin, "?approval=pending"); n != 3 {
			t.Fatalf("admin's pending list across companies: %d", n)
		}
		if n := w.count(t, w.admin, fmt.Sprintf("?approval=pending&company_id=%d", w.CompanyID)); n != 2 {
			t.Fatalf("admin's pending list of one company: %d", n)
		}

		// Approve a; reject b with a reason (required), which gives its stock back.
		if got := w.stock(t, "a"); got != 6 {
			t.Fatalf("stock after two pending sales: %d", got)
		}
		var dec one[sales.Sale]
		w.Send(t, http.MethodPost, path+"/approve", w.admin, nil).Expect(http.StatusOK).JSON(&dec)
		if dec.Data.ApprovalStatus != "approved" || *dec.Data.ApprovedBy != w.adminID || len(dec.Data.Lines) != 1 {
			t.Fatalf("approved %+v", dec.Data)
		}
		bpath := fmt.Sprintf("/api/sales/%d", b.ID)
		w.Send(t, http.MethodPost, bpath+"/reject", w.admin, obj{}).ExpectError(http.StatusUnprocessableEntity, "invalid", "A reason is required.")
		w.Send(t, http.MethodPost, bpath+"/reject", w.admin, obj{"reason": "Precio errado"}).Expect(http.StatusOK).JSON(&dec)
		if dec.Data.ApprovalStatus != "rejected" || dec.Data.ApprovalReason != "Precio errado" || w.stock(t, "a") != 8 {
			t.Fatalf("rejected %+v, stock %d", dec.Data, w.stock(t, "a"))
		}
		w.Send(t, http.MethodPost, bpath+"/approve", w.admin, nil).
			ExpectError(http.StatusConflict, "conflict", "Only pending records can be approved or rejected.")
		// Decided sales are neither edited nor deleted.
		w.save(t, http.MethodPut, path, w.user, body, 0).ExpectError(http.StatusConflict, "conflict", "Only pending sales can be edited.")
		w.save(t, http.MethodPut, bpath, w.user, body, 0).ExpectError(http.StatusConflict, "conflict", "Only pending sales can be edited.")
		w.Send(t, http.MethodDelete, path, w.admin, nil).ExpectError(http.StatusConflict, "conflict", "Sale cannot be deleted")
		w.Send(t, http.MethodDelete, bpath, w.user, nil).ExpectError(http.StatusConflict, "conflict", "Sale cannot be deleted")
		if w.stock(t, "a") != 8 {
			t.Fatalf("stock moved by refused writes: %d", w.stock(t, "a"))
		}

		// The customer's figures count the approved sale only; the customer, store and product
		// a live sale names cannot be deleted.
		var cus one[obj]
		w.Get(t, fmt.Sprintf("/api/customers/%d", w.natural), w.user).Expect(http.StatusOK).JSON(&cus)
		if cus.Data["total_sales"] != 1.0 || cus.Data["total_amount_cents"] != float64(a.Totals.TotalCents) ||
			cus.Data["balance_cents"] != float64(a.Totals.TotalCents) {
			t.Fatalf("customer figures %v", cus.Data)
		}
		// The seller's figures likewise (the users list's total sales).
		var u one[obj]
		w.Get(t, fmt.Sprintf("/api/users/%d", w.userID), w.admin).Expect(http.StatusOK).JSON(&u)
		if u.Data["total_sales"] != 1.0 || u.Data["total_sales_cents"] != float64(a.Totals.TotalCents) {
			t.Fatalf("seller figures %v", u.Data)
		}
		w.Send(t, http.MethodDelete, fmt.Sprintf("/api/customers/%d", w.natural), w.admin, nil).ExpectError(http.StatusConflict, "conflict", "Customer cannot be deleted")
		w.Send(t, http.MethodDelete, fmt.Sprintf("/api/stores/%d", w.store), w.admin, nil).Expect(http.StatusConflict)
		w.Send(t, http.MethodDelete, fmt.Sprintf("/api/products/%d", w.products["a"]), w.admin, nil).ExpectError(http.StatusConflict, "conflict", "Product cannot be deleted")

		// Events through the outbox with the contract's payload.
		subjects, payloads := w.events(t)
		pre := "backoffice.sales.sale."
		if !slices.Equal(subjects, []string{pre + "created.v1", pre + "created.v1", pre + "created.v1", pre + "approved.v1", pre + "rejected.v1"}) {
			t.Fatalf("subjects %v", subjects)
		}
		if payloads[4] != (sales.Event{ID: b.ID, Number: "VTA-000002", CustomerName: "Carlos Pérez", AmountCents: b.Totals.TotalCents,
			CreatedBy: w.secretaryID, Status: "rejected", Reason: "Precio errado"}) ||
			payloads[0] != (sales.Event{ID: a.ID, Number: "VTA-000001", CustomerName: "Carlos Pérez", AmountCents: a.Totals.TotalCents,
				CreatedBy: w.userID, Status: "pending"}) {
			t.Fatalf("payloads %+v", payloads)
		}
	})
}

func TestStockEditDeleteAndImages(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		sale := w.create(t, w.user, w.form(w.natural, w.line("a", 3, 100_000, 0), w.line("b", 2, 50_000, 0), w.line("s", 4, 1_000, 0)), 2)
		if w.stock(t, "a") != 7 || w.stock(t, "b") != 3 || w.stock(t, "s") != 0 || len(sale.Images) != 2 {
			t.Fatalf("after the sale: a %d, b %d, s %d; %d images", w.stock(t, "a"), w.stock(t, "b"), w.stock(t, "s"), len(sale.Images))
		}
		path := fmt.Sprintf("/api/sales/%d", sale.ID)

		// Images are read exactly by those who read the sale.
		img := sale.Images[0].URL
		w.Get(t, img, w.secretary).Expect(http.StatusOK)
		w.Get(t, img, w.admin).Expect(http.StatusOK)
		w.Get(t, img, w.other).Expect(http.StatusNotFound)
		w.Get(t, img, w.buyer).Expect(http.StatusNotFound)

		// An oversell is refused whole, with the units available, and stores nothing.
		e := w.save(t, http.MethodPost, "/api/sales", w.user, w.form(w.natural, w.line("s", 1, 1, 0), w.line("b", 1, 1, 0),
			w.line("a", 8, 100_000, 0)), 1).ExpectError(http.StatusUnprocessableEntity, "invalid", "Not enough stock of Product a: 7 available.")
		if e.Fields["lines.2.quantity"] != "Not enough stock of Product a: 7 available." {
			t.Fatalf("fields %v", e.Fields)
		}
		if w.stock(t, "a") != 7 || w.stock(t, "b") != 3 || w.count(t, w.user, "") != 1 {
			t.Fatalf("a refused sale moved stock or was stored: a %d, b %d", w.stock(t, "a"), w.stock(t, "b"))
		}

		// An edit moves only the difference: a 3 → 5, b 2 → 0 (line gone), a second line of a.
		var up one[sales.Sale]
		edit := w.form(w.natural, w.line("a", 4, 100_000, 0), w.line("a", 1, 90_000, 0), w.line("s", 1, 1_000, 0))
		edit["remove_image_ids"] = []int64{sale.Images[0].ID}
		w.save(t, http.MethodPut, path, w.secretary, edit, 1).Expect(http.StatusOK).JSON(&up)
		if w.stock(t, "a") != 5 || w.stock(t, "b") != 5 || len(up.Data.Lines) != 3 || len(up.Data.Images) != 2 ||
			up.Data.Images[0].ID != sale.Images[1].ID || up.Data.Number != sale.Number {
			t.Fatalf("after the edit: a %d, b %d, %+v", w.stock(t, "a"), w.stock(t, "b"), up.Data)
		}
		w.Get(t, img, w.user).Expect(http.StatusNotFound)
		// An edit beyond the stock is refused and changes nothing.
		w.save(t, http.MethodPut, path, w.user, w.form(w.natural, w.line("a", 11, 100_000, 0)), 0).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "Not enough stock of Product a: 5 available.")
		var got one[sales.Sale]
		w.Get(t, path, w.user).Expect(http.StatusOK).JSON(&got)
		if w.stock(t, "a") != 5 || len(got.Data.Lines) != 3 || got.Data.Totals != up.Data.Totals {
			t.Fatalf("after a refused edit: a %d, %+v", w.stock(t, "a"), got.Data)
		}
		// Another sale's image cannot be removed through this one.
		other := w.create(t, w.user, w.form(w.natural, w.line("s", 1, 1, 0)), 1)
		edit["remove_image_ids"] = []int64{other.Images[0].ID}
		w.save(t, http.MethodPut, path, w.user, edit, 0).ExpectError(http.StatusUnprocessableEntity, "invalid", "The image is not one of this sale's.")

		// Deleting the pending sale gives its stock back, softly and audited.
		w.Send(t, http.MethodDelete, path, w.user, nil).Expect(http.StatusNoContent)
		w.Get(t, path, w.user).Expect(http.StatusNotFound)
		w.Get(t, sale.Images[1].URL, w.user).Expect(http.StatusNotFound)
		if w.stock(t, "a") != 10 || w.stock(t, "b") != 5 {
			t.Fatalf("after the delete: a %d, b %d", w.stock(t, "a"), w.stock(t, "b"))
		}
		n, err := w.DB.NewSelect().Table("audit_log").Where("action = 'sale_deleted'").Count(context.Background())
		if err != nil || n != 1 {
			t.Fatalf("audit %d, %v", n, err)
		}
	})
}

// Fifty sellers each sell one unit of a product with ten in stock at once: exactly ten sales
// are stored, stock ends at zero, and the forty others are told why.
func TestConcurrentSalesNeverOversell(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		const clients = 50
		statuses := map[int]int{}
		var mu sync.Mutex
		var wg sync.WaitGroup
		body := w.form(w.natural, w.line("a", 1, 100_000, 0))
		for range clients {
			wg.Go(func() {
				r := w.save(t, http.MethodPost, "/api/sales", w.user, body, 0)
				mu.Lock()
				defer mu.Unlock()
				statuses[r.Status]++
				if r.Status == http.StatusUnprocessableEntity {
					if e := r.Err(); e.Fields["lines.0.quantity"] != "Not enough stock of Product a: 0 available." {
						t.Errorf("refused with %q %v", e.Error, e.Fields)
					}
				}
			})
		}
		wg.Wait()
		if statuses[http.StatusCreated] != 10 || statuses[http.StatusUnprocessableEntity] != clients-10 {
			t.Fatalf("answers %v", statuses)
		}
		if got := w.stock(t, "a"); got != 0 {
			t.Fatalf("stock %d", got)
		}
		if n := w.count(t, w.user, ""); n != 10 {
			t.Fatalf("%d sales stored", n)
		}
		// Their numbers are 1 to 10, none lost, none twice.
		var page listing.Page[sales.Sale]
		w.Get(t, "/api/sales?sort=number&per_page=20", w.user).Expect(http.StatusOK).JSON(&page)
		for i, sale := range page.Data {
			if want := fmt.Sprintf("VTA-%06d", i+1); sale.Number != want {
				t.Fatalf("number %d: %s, want %s", i, sale.Number, want)
			}
		}
	})
}

func TestListSearchAndExport(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		a := w.form(w.gran, w.line("s", 1, 300_000, 0))
		a["customer_reference"] = "Pedido Ñandú 77"
		w.create(t, w.user, a, 0)
		b := w.form(w.natural, w.line("s", 1, 100_000, 0))
		b["sale_date"], b["customer_reference"] = "2026-11-20", ""
		w.create(t, w.secretary, b, 0)

		search := func(q string) []string {
			t.Helper()
			var page listing.Page[sales.Sale]
			w.Get(t, "/api/sales?sort=number&q="+url.QueryEscape(q), w.user).Expect(http.StatusOK).JSON(&page)
			out := []string{}
			for _, s := range page.Data {
				out = append(out, s.Number)
			}
			if page.Meta.Total != len(out) {
				t.Errorf("q=%q: total %d, rows %v", q, page.Meta.Total, out)
			}
			return out
		}
		for _, tc := range []struct {
			q    string
			want []string
		}{
			{"vta-000002", []string{"VTA-000002"}},
			{"nandu", []string{"VTA-000001"}},
			{"grandes", []string{"VTA-000001"}},
			{"perez carl", []string{"VTA-000002"}},
			{"800197268", []string{"VTA-000001"}},
			{"vta", []string{"VTA-000001", "VTA-000002"}},
			{"andes", []string{}},
		} {
			if got := search(tc.q); !slices.Equal(got, tc.want) {
				t.Errorf("q=%q: %v, want %v", tc.q, got, tc.want)
			}
		}
		for q, want := range map[string]int{
			"?from=2026-11-21":                       1,
			"?to=2026-11-20":                         1,
			fmt.Sprintf("?seller=%d", w.secretaryID): 1,
			fmt.Sprintf("?customer_id=%d", w.gran):   1,
			fmt.Sprintf("?store_id=%d", w.store):     2,
			"?status=pending&approval=pending":       2,
			"?status=paid":                           0,
			"?sort=-total_cents":                     2,
			"?sort=customer_name":                    2,
		} {
			if got := w.count(t, w.user, q); got != want {
				t.Errorf("%s: %d, want %d", q, got, want)
			}
		}
		w.Get(t, "/api/sales?status=received", w.user).Expect(http.StatusUnprocessableEntity)
		w.Get(t, "/api/sales?from=23/11/2026", w.user).ExpectError(http.StatusUnprocessableEntity, "invalid", "Please select dates")
		w.Get(t, "/api/sales?sort=note", w.user).Expect(http.StatusUnprocessableEntity)
		if n := w.count(t, w.other, ""); n != 0 {
			t.Fatalf("another company sees %d", n)
		}

		r := w.Get(t, "/api/sales/export.xlsx?lang=en&sort=number", w.user).Expect(http.StatusOK)
		if cd := r.Header.Get("Content-Disposition"); cd != `attachment; filename="sales-20261123.xlsx"` {
			t.Fatalf("content disposition %q", cd)
		}
	})
}

// The payments' way to a sale (payable.Ledger): the document as the sale shows it, held in the
// payment's transaction, and paid amounts that move its balance, status and the customer's
// figures.
func TestLedger(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		sale := w.create(t, w.user, w.form(w.juridica, w.line("s", 1, 100_000_000, 0)), 0)
		w.Send(t, http.MethodPost, fmt.Sprintf("/api/sales/%d/approve", sale.ID), w.admin, nil).Expect(http.StatusOK)
		ledger := s.Product.Sales
		ctx := context.Background()
		err := w.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			if _, err := ledger.Document(ctx, tx, w.otherCompany, sale.ID); err == nil {
				t.Error("another company's sale read")
			}
			doc, err := ledger.Document(ctx, tx, w.CompanyID, sale.ID)
			if err != nil {
				return err
			}
			if doc.Number != sale.Number || doc.PartyID != w.juridica || doc.PartyName != "Tienda La Esquina S.A.S." ||
				doc.TotalCents != sale.Totals.TotalCents || doc.BalanceCents != sale.Totals.TotalCents ||
				doc.ApprovalStatus != "approved" || doc.Status != "pending" || doc.CreatedBy != w.userID ||
				doc.Date.Format("2006-01-02") != "2026-11-23" {
				t.Errorf("document %+v", doc)
			}
			return ledger.ApplyPaid(ctx, tx, sale.ID, 30_000_000, authtest.Start)
		})
		if err != nil {
			t.Fatal(err)
		}
		var got one[sales.Sale]
		w.Get(t, fmt.Sprintf("/api/sales/%d", sale.ID), w.user).Expect(http.StatusOK).JSON(&got)
		if got.Data.Status != "partial" || got.Data.Totals.PaidCents != 30_000_000 || got.Data.Totals.BalanceCents != sale.Totals.TotalCents-30_000_000 {
			t.Fatalf("after a payment %+v", got.Data)
		}
		var cus one[obj]
		w.Get(t, fmt.Sprintf("/api/customers/%d", w.juridica), w.user).Expect(http.StatusOK).JSON(&cus)
		if cus.Data["paid_cents"] != 30_000_000.0 || cus.Data["balance_cents"] != float64(sale.Totals.TotalCents-30_000_000) {
			t.Fatalf("customer figures %v", cus.Data)
		}
		// A sale with payments is never deleted; paying below zero is refused.
		if err := ledger.ApplyPaid(ctx, w.DB, sale.ID, -30_000_001, authtest.Start); err == nil {
			t.Fatal("paid below zero")
		}
		w.Send(t, http.MethodDelete, fmt.Sprintf("/api/sales/%d", sale.ID), w.admin, nil).ExpectError(http.StatusConflict, "conflict", "Sale cannot be deleted")
	})
}
