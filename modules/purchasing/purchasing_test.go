package purchasing_test

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
	"time"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/purchasing"
	"github.com/backoffice/backoffice/platform/listing"
)

// pngBytes sniffs as PNG (the signature is what the check reads).
var pngBytes = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{7}, 64)...)

type obj = map[string]any

type one[T any] struct {
	Data T `json:"data"`
}

// world is a Stack with one user per role, a supplier, a store and the products of DESIGN §5's
// worked example, in a company that withholds income tax and VAT.
type world struct {
	*authtest.Stack
	admin, user, secretary, buyer, other string
	adminID, userID                      int64
	otherCompany                         int64
	supplier, store                      int64
	categories                           map[string]int64 // by product
	products                             map[string]int64 // "a" 19%, "b" 5%, "c" excluido, "s" a 19% service
}

func newWorld(t *testing.T, s *authtest.Stack) *world {
	t.Helper()
	ctx := context.Background()
	w := &world{Stack: s, categories: map[string]int64{}, products: map[string]int64{}}
	w.adminID = s.CreateUser(t, "admin1", auth.RoleAdmin, false).ID
	w.userID = s.CreateUser(t, "user1", auth.RoleUser, false).ID
	s.CreateUser(t, "secretary1", auth.RoleSecretary, false)
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
	w.taxes(t, true, true, true)

	w.supplier = w.id(t, s.Send(t, http.MethodPost, "/api/suppliers", w.admin, obj{"name": "Distribuidora Andina",
		"company": "Distribuidora Andina S.A.S.", "person_type": "juridica", "declarante": true, "iva_responsible": true}))
	w.store = w.id(t, s.Send(t, http.MethodPost, "/api/stores", w.admin, obj{"name": "Principal", "company_id": s.CompanyID}))
	for _, p := range []struct{ key, iva, kind string }{{"a", "19", "goods"}, {"b", "5", "goods"}, {"c", "excluido", "goods"}, {"s", "19", "service"}} {
		cat := w.id(t, s.Send(t, http.MethodPost, "/api/categories", w.admin, obj{"name": "Cat " + p.key}))
		w.categories[p.key] = cat
		w.products[p.key] = w.id(t, w.multipart(t, http.MethodPost, "/api/products", w.admin, [][2]string{
			{"code", "P-" + p.key}, {"name", "Product " + p.key}, {"category_id", fmt.Sprint(cat)}, {"unit", "und"},
			{"cost_cents", "100"}, {"price_cents", "200"}, {"iva_class", p.iva}, {"kind", p.kind}}, "", nil))
	}
	return w
}

// taxes sets the Stack company's tax flags.
func (w *world) taxes(t *testing.T, has, withholding, reteiva bool) {
	t.Helper()
	if _, err := w.DB.NewUpdate().Table("companies").Set("has_taxes = ?", has).Set("withholding_agent = ?", withholding).
		Set("reteiva_agent = ?", reteiva).Where("id = ?", w.CompanyID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
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

// multipart sends fields and, when fileField is set, one file part.
func (w *world) multipart(t *testing.T, method, path, token string, fields [][2]string, fileField string, file []byte) *authtest.Response {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, kv := range fields {
		_ = mw.WriteField(kv[0], kv[1])
	}
	if fileField != "" {
		part, err := mw.CreateFormFile(fileField, "invoice.png")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = part.Write(file)
	}
	_ = mw.Close()
	return w.Do(t, authtest.Request{Method: method, Path: path, Token: token, Body: buf.Bytes(),
		Header: map[string]string{"Content-Type": mw.FormDataContentType()}})
}

// line is one form line of product key.
func (w *world) line(key string, qty, cost int64) obj {
	return obj{"category_id": w.categories[key], "product_id": w.products[key], "expiry_date": "2027-06-30",
		"cost_cents": cost, "quantity": qty}
}

// example is DESIGN §5's worked example as a purchase form.
func (w *world) example(ref string) obj {
	return obj{"purchase_date": "2026-11-23", "reference_no": ref, "supplier_id": w.supplier, "store_id": w.store,
		"days_of_credit": 30, "discount_cents": 6_500_000, "shipping_cents": 6_000_000, "note": "worked example",
		"lines": []obj{w.line("a", 10, 8_500_000), w.line("b", 20, 1_250_000), w.line("c", 5, 4_000_000)}}
}

// save posts (or puts) the form with an attachment.
func (w *world) save(t *testing.T, method, path, token string, body obj, file []byte) *authtest.Response {
	t.Helper()
	raw, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	field := ""
	if file != nil {
		field = "attachment"
	}
	return w.multipart(t, method, path, token, [][2]string{{"data", string(raw)}}, field, file)
}

func (w *world) create(t *testing.T, token string, body obj) purchasing.Purchase {
	t.Helper()
	var out one[purchasing.Purchase]
	w.save(t, http.MethodPost, "/api/purchases", token, body, pngBytes).Expect(http.StatusCreated).JSON(&out)
	return out.Data
}

func TestWorkedExample(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		want := purchasing.Totals{SubtotalCents: 130_000_000, DiscountCents: 6_500_000, ShippingCents: 6_000_000,
			TaxableBaseCents: 129_500_000, VATCents: 17_670_000, InvoiceCents: 147_170_000,
			WithholdingIncomeCents: 3_237_500, WithholdingIncomeRate: "2.5%", WithholdingVATCents: 2_650_500,
			WithholdingVATRate: "15%", TotalToPayCents: 141_282_000, BalanceCents: 141_282_000}

		// The quote is what the form shows while typing.
		var q one[struct {
			Totals purchasing.Totals `json:"totals"`
			Lines  []obj             `json:"lines"`
		}]
		w.Send(t, http.MethodPost, "/api/purchases/quote", w.user, w.example("")).Expect(http.StatusOK).JSON(&q)
		if q.Data.Totals != want || len(q.Data.Lines) != 3 || q.Data.Lines[0]["subtotal_cents"] != 85_000_000.0 {
			t.Fatalf("quote %+v\nwant %+v", q.Data, want)
		}

		// Saving stores exactly the quoted figures.
		p := w.create(t, w.user, w.example("FV-1001"))
		if p.Totals != want || p.Status != "pending" || p.ApprovalStatus != "pending" || p.DueDate != "2026-12-23" ||
			p.SupplierName != "Distribuidora Andina S.A.S." || p.StoreName != "Principal" || p.Attachment == nil || len(p.Lines) != 3 {
			t.Fatalf("created %+v", p)
		}
		if l := p.Lines[0]; l.ProductCode != "P-a" || l.IVAClass != "19" || l.SubtotalCents != 85_000_000 || l.ExpiryDate != "2027-06-30" {
			t.Fatalf("line %+v", l)
		}
		var got one[purchasing.Purchase]
		w.Get(t, fmt.Sprintf("/api/purchases/%d", p.ID), w.secretary).Expect(http.StatusOK).JSON(&got)
		if got.Data.Totals != want || len(got.Data.Lines) != 3 {
			t.Fatalf("read back %+v", got.Data)
		}
		// The attachment is served to the company.
		w.Get(t, p.Attachment.URL, w.user).Expect(http.StatusOK)
		w.Get(t, p.Attachment.URL, w.other).Expect(http.StatusNotFound)

		// A buyer that is not a ReteIVA agent pays 1.439.325.
		w.taxes(t, true, true, false)
		w.Send(t, http.MethodPost, "/api/purchases/quote", w.user, w.example("")).Expect(http.StatusOK).JSON(&q)
		if q.Data.Totals.TotalToPayCents != 143_932_500 || q.Data.Totals.WithholdingVATCents != 0 {
			t.Fatalf("no ReteIVA agent: %+v", q.Data.Totals)
		}
		// A company without taxes: no IVA, no withholdings.
		w.taxes(t, false, true, true)
		w.Send(t, http.MethodPost, "/api/purchases/quote", w.user, w.example("")).Expect(http.StatusOK).JSON(&q)
		if q.Data.Totals.TotalToPayCents != 129_500_000 || q.Data.Totals.VATCents != 0 {
			t.Fatalf("no taxes: %+v", q.Data.Totals)
		}
		// The quote needs a supplier: the totals depend on it.
		body := w.example("")
		delete(body, "supplier_id")
		w.Send(t, http.MethodPost, "/api/purchases/quote", w.user, body).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "Please select a supplier")
	})
}

func TestValidationMessages(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		edit := func(f func(b obj)) obj {
			b := w.example("FV-2001")
			f(b)
			return b
		}
		for _, tc := range []struct {
			name       string
			body       obj
			file       []byte
			field, msg string
		}{
			{"date", edit(func(b obj) { delete(b, "purchase_date") }), pngBytes, "purchase_date", "Purchase Date is required"},
			{"reference", edit(func(b obj) { b["reference_no"] = "" }), pngBytes, "reference_no", "Reference No is required"},
			{"short reference", edit(func(b obj) { b["reference_no"] = "F1" }), pngBytes, "reference_no", "Reference No is too short"},
			{"store", edit(func(b obj) { delete(b, "store_id") }), pngBytes, "store_id", "Please select a store"},
			{"another company's store", edit(func(b obj) { b["store_id"] = 99999 }), pngBytes, "store_id", "Please select a store"},
			{"supplier", edit(func(b obj) { delete(b, "supplier_id") }), pngBytes, "supplier_id", "Please select a supplier"},
			{"attachment", w.example("FV-2001"), nil, "attachment", "Attachment is required"},
			{"big attachment", w.example("FV-2001"), append(append([]byte{}, pngBytes...), make([]byte, 4<<20)...), "attachment", "Max file size should be 4MB"},
			{"credit", edit(func(b obj) { b["days_of_credit"] = 0 }), pngBytes, "days_of_credit", "Credit must be greater than 0"},
			{"expiry", edit(func(b obj) { b["lines"].([]obj)[1]["expiry_date"] = "" }), pngBytes, "lines.1.expiry_date", "Expiry Date is required"},
			{"cost", edit(func(b obj) { b["lines"].([]obj)[0]["cost_cents"] = -1 }), pngBytes, "lines.0.cost_cents", "Input Product Cost"},
			{"quantity", edit(func(b obj) { b["lines"].([]obj)[0]["quantity"] = 0 }), pngBytes, "lines.0.quantity", "Input Product Quantity"},
			{"discount", edit(func(b obj) { b["discount_cents"] = -1 }), pngBytes, "discount_cents", "Input Product Discount"},
			{"shipping", edit(func(b obj) { b["shipping_cents"] = -1 }), pngBytes, "shipping_cents", "Input Product Shipping"},
			{"line", edit(func(b obj) { delete(b["lines"].([]obj)[2], "cost_cents") }), pngBytes, "lines.2.product_id",
				"Category, Product Name, and Product Cost are required for each item"},
			{"product of another category", edit(func(b obj) { b["lines"].([]obj)[0]["category_id"] = w.categories["b"] }), pngBytes,
				"lines.0.product_id", "Category, Product Name, and Product Cost are required for each item"},
			{"no lines", edit(func(b obj) { b["lines"] = []obj{} }), pngBytes, "lines", "Please select order items."},
		} {
			e := w.save(t, http.MethodPost, "/api/purchases", w.user, tc.body, tc.file).Expect(http.StatusUnprocessableEntity).Err()
			if e.Fields[tc.field] != tc.msg {
				t.Errorf("%s: %q %v, want %s=%q", tc.name, e.Error, e.Fields, tc.field, tc.msg)
			}
		}
		// A service line needs no expiry date.
		b := w.example("FV-2002")
		b["lines"], b["discount_cents"] = []obj{w.line("s", 1, 100_000)}, 0
		delete(b["lines"].([]obj)[0], "expiry_date")
		w.save(t, http.MethodPost, "/api/purchases", w.user, b, pngBytes).Expect(http.StatusCreated)

		// Nothing was stored by the refused submissions.
		var page listing.Page[purchasing.Purchase]
		w.Get(t, "/api/purchases", w.user).Expect(http.StatusOK).JSON(&page)
		if page.Meta.Total != 1 {
			t.Fatalf("stored %d purchases", page.Meta.Total)
		}
	})
}

func TestReferenceTakenUnderRace(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		const n = 6
		statuses := map[int]int{}
		var mu sync.Mutex
		var wg sync.WaitGroup
		for range n {
			wg.Go(func() {
				r := w.save(t, http.MethodPost, "/api/purchases", w.user, w.example("FV-RACE"), pngBytes)
				mu.Lock()
				defer mu.Unlock()
				statuses[r.Status]++
				if r.Status == http.StatusUnprocessableEntity {
					if e := r.Err(); e.Fields["reference_no"] != "Reference Number is already taken." {
						t.Errorf("loser told %q %v", e.Error, e.Fields)
					}
				}
			})
		}
		wg.Wait()
		if statuses[http.StatusCreated] != 1 || statuses[http.StatusUnprocessableEntity] != n-1 {
			t.Fatalf("concurrent creates: %v", statuses)
		}
		rows, err := w.DB.NewSelect().Table("purchases").Where("lower(reference_no) = 'fv-race'").Count(context.Background())
		if err != nil || rows != 1 {
			t.Fatalf("rows %d, %v", rows, err)
		}
		// Letter case does not make a new reference; another supplier may use it.
		w.save(t, http.MethodPost, "/api/purchases", w.user, w.example("fv-race"), pngBytes).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "Reference Number is already taken.")
		other := w.id(t, w.Send(t, http.MethodPost, "/api/suppliers", w.admin, obj{"name": "Otro", "iva_responsible": true}))
		b := w.example("FV-RACE")
		b["supplier_id"] = other
		w.save(t, http.MethodPost, "/api/purchases", w.user, b, pngBytes).Expect(http.StatusCreated)
	})
}

func TestApprovalEditDeleteAndEvents(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		p := w.create(t, w.secretary, w.example("FV-3001"))
		path := fmt.Sprintf("/api/purchases/%d", p.ID)

		// Buyers have no access; other companies do not see it.
		w.Get(t, "/api/purchases", w.buyer).Expect(http.StatusForbidden)
		w.Get(t, path, w.other).ExpectError(http.StatusNotFound, "not_found", "The requested information was not found")
		w.Send(t, http.MethodPost, path+"/approve", w.user, nil).Expect(http.StatusForbidden)

		// Pending list (/pending-data/purchase).
		var page listing.Page[purchasing.Purchase]
		w.Get(t, "/api/purchases?approval=pending", w.admin).Expect(http.StatusOK).JSON(&page)
		if page.Meta.Total != 1 || page.Data[0].ID != p.ID || page.Data[0].Lines != nil {
			t.Fatalf("pending %+v", page)
		}

		// Edit while pending: new lines, same attachment.
		b := w.example("FV-3001B")
		b["lines"], b["discount_cents"] = []obj{w.line("a", 1, 100_000)}, 0
		var up one[purchasing.Purchase]
		w.save(t, http.MethodPut, path, w.user, b, nil).Expect(http.StatusOK).JSON(&up)
		if up.Data.ReferenceNo != "FV-3001B" || len(up.Data.Lines) != 1 || up.Data.Attachment == nil ||
			up.Data.Attachment.ID != p.Attachment.ID || up.Data.Totals.SubtotalCents != 100_000 {
			t.Fatalf("updated %+v", up.Data)
		}

		w.Send(t, http.MethodPost, path+"/reject", w.admin, obj{}).ExpectError(http.StatusUnprocessableEntity, "invalid", "A reason is required.")
		var dec one[purchasing.Purchase]
		w.Send(t, http.MethodPost, path+"/reject", w.admin, obj{"reason": "Wrong total"}).Expect(http.StatusOK).JSON(&dec)
		if dec.Data.ApprovalStatus != "rejected" || dec.Data.ApprovalReason != "Wrong total" {
			t.Fatalf("rejected %+v", dec.Data)
		}
		w.Send(t, http.MethodPost, path+"/approve", w.admin, nil).
			ExpectError(http.StatusConflict, "conflict", "Only pending records can be approved or rejected.")

		// An admin's purchase is approved at once, and cannot be edited nor deleted.
		a := w.create(t, w.admin, w.example("FV-3002"))
		if a.ApprovalStatus != "approved" || a.ApprovedBy == nil || *a.ApprovedBy != w.adminID {
			t.Fatalf("admin's purchase %+v", a)
		}
		w.save(t, http.MethodPut, fmt.Sprintf("/api/purchases/%d", a.ID), w.admin, w.example("FV-3002"), nil).
			ExpectError(http.StatusConflict, "conflict", "An approved purchase cannot be edited.")
		w.Send(t, http.MethodDelete, fmt.Sprintf("/api/purchases/%d", a.ID), w.admin, nil).
			ExpectError(http.StatusConflict, "conflict", "Purchase cannot be deleted")

		// References: the supplier, store, product and category are in use.
		w.Send(t, http.MethodDelete, fmt.Sprintf("/api/suppliers/%d", w.supplier), w.admin, nil).ExpectError(http.StatusConflict, "conflict", "Supplier cannot be deleted")
		w.Send(t, http.MethodDelete, fmt.Sprintf("/api/stores/%d", w.store), w.admin, nil).Expect(http.StatusConflict)
		w.Send(t, http.MethodDelete, fmt.Sprintf("/api/products/%d", w.products["a"]), w.admin, nil).ExpectError(http.StatusConflict, "conflict", "Product cannot be deleted")

		// The rejected one can be deleted; its reference is free again.
		w.Send(t, http.MethodDelete, path, w.user, nil).Expect(http.StatusNoContent)
		w.Get(t, path, w.user).Expect(http.StatusNotFound)
		w.create(t, w.user, w.example("FV-3001B"))

		// Events in the outbox with the contract's payload.
		var events []struct {
			Subject string `bun:"subject"`
			Payload string `bun:"payload"`
		}
		if err := w.DB.NewSelect().Table("outbox_events").Column("subject", "payload").
			Where("subject LIKE 'backoffice.purchasing.%'").OrderExpr("id").Scan(context.Background(), &events); err != nil {
			t.Fatal(err)
		}
		var subjects []string
		for _, e := range events {
			subjects = append(subjects, e.Subject)
		}
		pre := "backoffice.purchasing.purchase."
		if !slices.Equal(subjects, []string{pre + "created.v1", pre + "rejected.v1", pre + "created.v1", pre + "created.v1"}) {
			t.Fatalf("subjects %v", subjects)
		}
		var env struct {
			CompanyID int64            `json:"company_id"`
			ActorID   int64            `json:"actor_id"`
			Data      purchasing.Event `json:"data"`
		}
		if err := json.Unmarshal([]byte(events[1].Payload), &env); err != nil {
			t.Fatal(err)
		}
		if env.Data != (purchasing.Event{ID: p.ID, ReferenceNo: "FV-3001B", SupplierName: "Distribuidora Andina S.A.S.",
			AmountCents: up.Data.Totals.TotalToPayCents, CreatedBy: *p.CreatedBy, Status: "rejected", Reason: "Wrong total"}) ||
			env.CompanyID != w.CompanyID || env.ActorID != w.adminID {
			t.Fatalf("event %+v", env)
		}
	})
}

// A rejected purchase shows its reason; an edit corrects it and sends it again: pending, the
// reason and the decision cleared, and purchase.created published again (status pending), which
// is what notifies the administrators of a new purchase.
func TestRejectedPurchaseEditedIsSentAgain(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		p := w.create(t, w.user, w.example("FV-5001"))
		path := fmt.Sprintf("/api/purchases/%d", p.ID)
		w.Send(t, http.MethodPost, path+"/reject", w.admin, obj{"reason": "Cost of item 1 is wrong"}).Expect(http.StatusOK)
		var got one[purchasing.Purchase]
		w.Get(t, path, w.user).Expect(http.StatusOK).JSON(&got)
		if got.Data.ApprovalStatus != "rejected" || got.Data.ApprovalReason != "Cost of item 1 is wrong" || got.Data.ApprovedBy == nil {
			t.Fatalf("rejected %+v", got.Data)
		}

		// Bad input is refused and changes nothing: still rejected, with its reason.
		bad := w.example("FV-5001")
		bad["lines"] = []obj{}
		w.save(t, http.MethodPut, path, w.user, bad, nil).Expect(http.StatusUnprocessableEntity)
		w.Get(t, path, w.user).Expect(http.StatusOK).JSON(&got)
		if got.Data.ApprovalStatus != "rejected" || got.Data.ApprovalReason == "" {
			t.Fatalf("after a refused edit %+v", got.Data)
		}

		fixed := w.example("FV-5001")
		fixed["lines"], fixed["discount_cents"] = []obj{w.line("a", 10, 8_000_000)}, 0
		var up one[purchasing.Purchase]
		w.save(t, http.MethodPut, path, w.user, fixed, nil).Expect(http.StatusOK).JSON(&up)
		if up.Data.ApprovalStatus != "pending" || up.Data.ApprovalReason != "" || up.Data.ApprovedBy != nil ||
			up.Data.Totals.SubtotalCents != 80_000_000 || up.Data.Attachment == nil || up.Data.Attachment.ID != p.Attachment.ID {
			t.Fatalf("sent again %+v", up.Data)
		}
		w.Get(t, path, w.admin).Expect(http.StatusOK).JSON(&got)
		if got.Data.ApprovalStatus != "pending" || got.Data.ApprovalReason != "" || got.Data.ApprovedBy != nil || got.Data.ApprovedAt != nil {
			t.Fatalf("stored %+v", got.Data)
		}
		var page listing.Page[purchasing.Purchase]
		w.Get(t, "/api/purchases?approval=pending", w.admin).Expect(http.StatusOK).JSON(&page)
		if page.Meta.Total != 1 || page.Data[0].ID != p.ID {
			t.Fatalf("pending list %+v", page)
		}

		var events []struct {
			Subject string `bun:"subject"`
			Payload string `bun:"payload"`
		}
		if err := w.DB.NewSelect().Table("outbox_events").Column("subject", "payload").
			Where("subject LIKE 'backoffice.purchasing.%'").OrderExpr("id").Scan(context.Background(), &events); err != nil {
			t.Fatal(err)
		}
		var subjects []string
		for _, e := range events {
			subjects = append(subjects, e.Subject)
		}
		pre := "backoffice.purchasing.purchase."
		if !slices.Equal(subjects, []string{pre + "created.v1", pre + "rejected.v1", pre + "created.v1"}) {
			t.Fatalf("subjects %v", subjects)
		}
		var env struct {
			ActorID int64            `json:"actor_id"`
			Data    purchasing.Event `json:"data"`
		}
		if err := json.Unmarshal([]byte(events[2].Payload), &env); err != nil {
			t.Fatal(err)
		}
		if env.Data != (purchasing.Event{ID: p.ID, ReferenceNo: "FV-5001", SupplierName: "Distribuidora Andina S.A.S.",
			AmountCents: up.Data.Totals.TotalToPayCents, CreatedBy: w.userID, Status: "pending"}) || env.ActorID != w.userID {
			t.Fatalf("event %+v", env)
		}

		// Approved now, it is no longer edited.
		w.Send(t, http.MethodPost, path+"/approve", w.admin, nil).Expect(http.StatusOK)
		w.save(t, http.MethodPut, path, w.user, fixed, nil).ExpectError(http.StatusConflict, "conflict", "An approved purchase cannot be edited.")
	})
}

func TestExpiringAndList(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		// The Stack's clock is 2026-11-23 10:00 in Bogota. Due dates: purchase date + credit.
		for _, c := range []struct {
			ref, date string
			credit    int
		}{
			{"EXP-TODAY", "2026-11-13", 10},   // due 2026-11-23: today
			{"EXP-5", "2026-11-18", 10},       // due 2026-11-28: in 5 days
			{"EXP-6", "2026-11-19", 10},       // due 2026-11-29: too far
			{"EXP-OVERDUE", "2026-11-12", 10}, // due 2026-11-22: overdue, not listed
		} {
			b := w.example(c.ref)
			b["purchase_date"], b["days_of_credit"] = c.date, c.credit
			w.create(t, w.user, b)
		}
		var got one[[]struct {
			ReferenceNo string `json:"reference_no"`
			DueDate     string `json:"due_date"`
			DaysLeft    int    `json:"days_left"`
		}]
		w.Get(t, "/api/purchases/expiring", w.secretary).Expect(http.StatusOK).JSON(&got)
		if len(got.Data) != 2 || got.Data[0].ReferenceNo != "EXP-TODAY" || got.Data[0].DaysLeft != 0 ||
			got.Data[1].ReferenceNo != "EXP-5" || got.Data[1].DaysLeft != 5 {
			t.Fatalf("expiring %+v", got.Data)
		}
		// At 23:30 in Bogota (04:30 UTC the next day) it is still the 23rd.
		w.Clock.Advance(13*time.Hour + 30*time.Minute)
		w.secretary = w.Login(t, "secretary1", authtest.Password, "").AuthToken // the session idled out
		w.user = w.Login(t, "user1", authtest.Password, "").AuthToken
		w.other = w.Login(t, "other1", authtest.Password, "").AuthToken
		w.Get(t, "/api/purchases/expiring", w.secretary).Expect(http.StatusOK).JSON(&got)
		if len(got.Data) != 2 {
			t.Fatalf("late evening %+v", got.Data)
		}

		// Keyset pages sorted by due date, and filters.
		var refs []string
		q := "/api/purchases?per_page=3&sort=due_date"
		for range 5 {
			var page listing.Page[purchasing.Purchase]
			w.Get(t, q, w.user).Expect(http.StatusOK).JSON(&page)
			for _, p := range page.Data {
				refs = append(refs, p.ReferenceNo)
			}
			if page.Meta.NextCursor == "" {
				break
			}
			q = "/api/purchases?per_page=3&sort=due_date&after=" + page.Meta.NextCursor
		}
		if !slices.Equal(refs, []string{"EXP-OVERDUE", "EXP-TODAY", "EXP-5", "EXP-6"}) {
			t.Fatalf("by due date %v", refs)
		}
		var page listing.Page[purchasing.Purchase]
		w.Get(t, "/api/purchases?q=exp-t&from=2026-11-01&to=2026-11-30", w.user).Expect(http.StatusOK).JSON(&page)
		if page.Meta.Total != 1 || page.Data[0].ReferenceNo != "EXP-TODAY" {
			t.Fatalf("search %+v", page)
		}
		w.Get(t, "/api/purchases?status=pending", w.other).Expect(http.StatusOK).JSON(&page)
		if page.Meta.Total != 0 {
			t.Fatalf("another company sees %d", page.Meta.Total)
		}
		w.Get(t, "/api/purchases?sort=supplier", w.user).Expect(http.StatusUnprocessableEntity)

		r := w.Get(t, "/api/purchases/export.xlsx?lang=en&sort=due_date", w.user).Expect(http.StatusOK)
		if cd := r.Header.Get("Content-Disposition"); cd != `attachment; filename="purchases-20261123.xlsx"` {
			t.Fatalf("content disposition %q", cd)
		}
	})
}

// TestSearchBySupplierNames checks the purchases' search box through the API: the rule of every
// list (each term begins a word, accents and case ignored), by the reference, by the supplier
// name the purchase keeps and by the supplier's current name and company, so that a renamed
// supplier's purchases follow it.
func TestSearchBySupplierNames(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		perez := w.id(t, s.Send(t, http.MethodPost, "/api/suppliers", w.admin, obj{"name": "Carlos Pérez", "declarante": true}))
		b := w.example("FE-0012") // from w.supplier: "Distribuidora Andina" of "Distribuidora Andina S.A.S."
		w.create(t, w.user, b)
		b = w.example("FE-0013")
		b["supplier_id"] = perez
		w.create(t, w.user, b)

		search := func(q string) []string {
			t.Helper()
			var page listing.Page[purchasing.Purchase]
			w.Get(t, "/api/purchases?sort=reference_no&q="+url.QueryEscape(q), w.user).Expect(http.StatusOK).JSON(&page)
			refs := []string{}
			for _, p := range page.Data {
				refs = append(refs, p.ReferenceNo)
			}
			if page.Meta.Total != len(refs) {
				t.Errorf("q=%q: total %d, rows %v", q, page.Meta.Total, refs)
			}
			return refs
		}
		for _, tc := range []struct {
			q    string
			want []string
		}{
			{"andina", []string{"FE-0012"}},
			{"perez", []string{"FE-0013"}},
			{"PÉREZ", []string{"FE-0013"}},
			{"carl pere", []string{"FE-0013"}},
			{"fe-0013", []string{"FE-0013"}},
			{"fe", []string{"FE-0012", "FE-0013"}},
			{"ndina", []string{}},
			{"sierra", []string{}},
		} {
			if got := search(tc.q); !slices.Equal(got, tc.want) {
				t.Errorf("q=%q: %v, want %v", tc.q, got, tc.want)
			}
		}

		// The supplier's company is renamed: its purchases are found by the new name.
		s.Send(t, http.MethodPut, fmt.Sprintf("/api/suppliers/%d", w.supplier), w.admin, obj{"name": "Laura Gómez",
			"company": "Comercial Sierra Nevada S.A.S.", "person_type": "juridica", "declarante": true,
			"iva_responsible": true}).Expect(http.StatusOK)
		for _, q := range []string{"sierra", "comercial nevada", "gomez", "nevada gomez"} {
			if got := search(q); !slices.Equal(got, []string{"FE-0012"}) {
				t.Errorf("after the rename, q=%q: %v, want [FE-0012]", q, got)
			}
		}
		if got := search("andina"); len(got) != 0 {
			t.Errorf("after the rename, q=andina: %v, want none", got)
		}
		// Another company's purchases stay out of reach.
		var page listing.Page[purchasing.Purchase]
		w.Get(t, "/api/purchases?q=andina", w.other).Expect(http.StatusOK).JSON(&page)
		if page.Meta.Total != 0 {
			t.Errorf("another company finds %d", page.Meta.Total)
		}
	})
}
