package procurement_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"slices"
	"sync"
	"testing"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/catalog"
	"github.com/backoffice/backoffice/modules/procurement"
	"github.com/backoffice/backoffice/platform/listing"
)

// pngBytes sniffs as PNG (the signature is what the attachment check reads).
var pngBytes = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{7}, 64)...)

type one[T any] struct {
	Data T `json:"data"`
}

// multipartForm sends fields (and an "image" part when image is set) as multipart/form-data.
func multipartForm(t *testing.T, s *authtest.Stack, method, path, token string, fields map[string]string, fileField string, image []byte) *authtest.Response {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	if image != nil {
		part, err := w.CreateFormFile(fileField, "photo.png")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = part.Write(image)
	}
	_ = w.Close()
	return s.Do(t, authtest.Request{Method: method, Path: path, Token: token, Body: buf.Bytes(),
		Header: map[string]string{"Content-Type": w.FormDataContentType()}})
}

type tokens struct{ admin, user, secretary, buyer, buyer2, other string }

func signIn(t *testing.T, s *authtest.Stack) tokens {
	t.Helper()
	var tk tokens
	for _, u := range []struct {
		name, role string
		dst        *string
	}{{"ana", auth.RoleAdmin, &tk.admin}, {"ulises", auth.RoleUser, &tk.user}, {"sara", auth.RoleSecretary, &tk.secretary},
		{"bruno", auth.RoleBuyer, &tk.buyer}, {"beto", auth.RoleBuyer, &tk.buyer2}} {
		s.CreateUser(t, u.name, u.role, false)
		*u.dst = s.Login(t, u.name, authtest.Password, "").AuthToken
	}
	otherCompany, err := s.Settings.EnsureCompany(context.Background(), "Otra Empresa S.A.S.")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Auth.CreateUser(context.Background(), auth.NewUser{CompanyID: otherCompany, Username: "olga",
		Password: authtest.Password, FirstName: "Olga", LastName: "O", Email: "olga@otra.co", Role: auth.RoleBuyer}); err != nil {
		t.Fatal(err)
	}
	tk.other = s.Login(t, "olga", authtest.Password, "").AuthToken
	return tk
}

// catalogFixture creates a category and a product (cost 8.500,00, stock 4) with the admin.
func catalogFixture(t *testing.T, s *authtest.Stack, admin, category, code string) (catalog.Category, catalog.Product) {
	t.Helper()
	var cat one[catalog.Category]
	s.Send(t, http.MethodPost, "/api/categories", admin, map[string]any{"name": category}).Expect(http.StatusCreated).JSON(&cat)
	var prod one[catalog.Product]
	multipartForm(t, s, http.MethodPost, "/api/products", admin, map[string]string{"code": code, "name": "Arroz " + code,
		"category_id": fmt.Sprint(cat.Data.ID), "unit": "und", "cost_cents": "850000", "price_cents": "1000000",
		"quantity": "4", "alert_quantity": "1", "iva_class": "19", "kind": "goods"}, "images", nil).
		Expect(http.StatusCreated).JSON(&prod)
	return cat.Data, prod.Data
}

func createOrder(t *testing.T, s *authtest.Stack, token string, categoryID, productID, quantity int64, image []byte) *authtest.Response {
	t.Helper()
	return multipartForm(t, s, http.MethodPost, "/api/purchase-orders", token, map[string]string{
		"category_id": fmt.Sprint(categoryID), "product_id": fmt.Sprint(productID), "quantity": fmt.Sprint(quantity),
		"note": " urgent "}, "image", image)
}

func receive(t *testing.T, s *authtest.Stack, token string, orderID, quantity int64) *authtest.Response {
	t.Helper()
	return multipartForm(t, s, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/receive", orderID), token,
		map[string]string{"quantity": fmt.Sprint(quantity), "note": "boxes ok"}, "image", nil)
}

func getOrder(t *testing.T, s *authtest.Stack, token string, id int64) procurement.PurchaseOrder {
	t.Helper()
	var o one[procurement.PurchaseOrder]
	s.Get(t, fmt.Sprintf("/api/purchase-orders/%d", id), token).Expect(http.StatusOK).JSON(&o)
	return o.Data
}

func stock(t *testing.T, s *authtest.Stack, token string, productID int64) int64 {
	t.Helper()
	var p one[catalog.Product]
	s.Get(t, fmt.Sprintf("/api/products/%d", productID), token).Expect(http.StatusOK).JSON(&p)
	return p.Data.Quantity
}

// outbox returns the subjects and payloads written to the outbox, in order.
func outbox(t *testing.T, s *authtest.Stack) ([]string, []procurement.Event) {
	t.Helper()
	var rows []struct {
		Subject string `bun:"subject"`
		Payload string `bun:"payload"`
	}
	if err := s.DB.NewSelect().TableExpr("outbox_events").Column("subject", "payload").
		Where("subject LIKE 'backoffice.procurement.%'").OrderExpr("id").Scan(context.Background(), &rows); err != nil {
		t.Fatal(err)
	}
	subjects := make([]string, len(rows))
	events := make([]procurement.Event, len(rows))
	for i, r := range rows {
		subjects[i] = r.Subject
		var env struct {
			Data procurement.Event `json:"data"`
		}
		if err := json.Unmarshal([]byte(r.Payload), &env); err != nil {
			t.Fatalf("payload %s: %v", r.Payload, err)
		}
		events[i] = env.Data
	}
	return subjects, events
}

func TestPurchaseOrderFlow(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		tk := signIn(t, s)
		cat, prod := catalogFixture(t, s, tk.admin, "Granos", "A-1")
		otherCat, _ := catalogFixture(t, s, tk.admin, "Aseo", "B-1")

		// Route roles of spec §6: admins do not create or edit orders; buyers do not edit.
		createOrder(t, s, tk.admin, cat.ID, prod.ID, 12, nil).Expect(http.StatusForbidden)
		s.Get(t, "/api/purchase-orders", "").Expect(http.StatusUnauthorized)

		// Validation.
		e := createOrder(t, s, tk.buyer, 0, 0, 0, nil).ExpectError(http.StatusUnprocessableEntity, "invalid", "Please select a category.")
		if e.Fields["product_id"] != "Product Name is required" || e.Fields["quantity"] != "Input Product Quantity" {
			t.Fatalf("fields %v", e.Fields)
		}
		createOrder(t, s, tk.buyer, otherCat.ID, prod.ID, 3, nil).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "The product does not belong to the selected category.")
		createOrder(t, s, tk.other, cat.ID, prod.ID, 3, nil). // another company's catalog
									ExpectError(http.StatusUnprocessableEntity, "invalid", "Please select a category.")
		createOrder(t, s, tk.buyer, cat.ID, prod.ID, 3, []byte("not an image")).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "The file must be an image (PNG, JPEG, GIF or WebP).")

		var created one[procurement.PurchaseOrder]
		createOrder(t, s, tk.buyer, cat.ID, prod.ID, 10, pngBytes).Expect(http.StatusCreated).JSON(&created)
		po := created.Data
		if po.Status != "pending" || po.Quantity != 10 || po.Balance != 10 || po.Note != "urgent" || po.Image == nil ||
			po.ReferenceNo != fmt.Sprintf("PO-%06d", po.ID) || po.Product.Code != "A-1" || po.Category.Name != "Granos" ||
			!po.CanDelete || po.CanReceive {
			t.Fatalf("created %+v", po)
		}
		// The order's image is read by whoever reads the order: not by another company.
		s.Get(t, po.Image.URL, tk.buyer2).Expect(http.StatusOK)
		s.Get(t, po.Image.URL, tk.other).Expect(http.StatusNotFound)
		multipartForm(t, s, http.MethodPut, fmt.Sprintf("/api/purchase-orders/%d", po.ID), tk.buyer,
			map[string]string{"category_id": fmt.Sprint(cat.ID), "product_id": fmt.Sprint(prod.ID), "quantity": "12"}, "image", nil).
			Expect(http.StatusForbidden)
		var edited one[procurement.PurchaseOrder]
		multipartForm(t, s, http.MethodPut, fmt.Sprintf("/api/purchase-orders/%d", po.ID), tk.user,
			map[string]string{"category_id": fmt.Sprint(cat.ID), "product_id": fmt.Sprint(prod.ID), "quantity": "12",
				"remove_image": "true"}, "image", nil).Expect(http.StatusOK).JSON(&edited)
		if edited.Data.Quantity != 12 || edited.Data.Image != nil {
			t.Fatalf("edited %+v", edited.Data)
		}

		// Tenancy: another company's order is not found.
		s.Get(t, fmt.Sprintf("/api/purchase-orders/%d", po.ID), tk.other).
			ExpectError(http.StatusNotFound, "not_found", "The requested information was not found")

		// Not approved yet: nothing to receive; only admins decide; a rejection needs a reason.
		receive(t, s, tk.buyer, po.ID, 1).ExpectError(http.StatusConflict, "conflict", "Only approved purchase orders can be received.")
		s.Send(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/approve", po.ID), tk.user, nil).Expect(http.StatusForbidden)
		s.Send(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/reject", po.ID), tk.admin, map[string]string{"reason": " "}).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "A reason is required.")
		s.Send(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/approve", po.ID), tk.admin, nil).Expect(http.StatusOK)
		s.Send(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/approve", po.ID), tk.admin, nil).
			ExpectError(http.StatusConflict, "conflict", "Only pending records can be approved or rejected.")
		multipartForm(t, s, http.MethodPut, fmt.Sprintf("/api/purchase-orders/%d", po.ID), tk.user,
			map[string]string{"category_id": fmt.Sprint(cat.ID), "product_id": fmt.Sprint(prod.ID), "quantity": "20"}, "image", nil).
			ExpectError(http.StatusConflict, "conflict", "An approved purchase order cannot be edited.")

		// Approved orders count as ordered in the category; nothing received yet.
		cats := listCategories(t, s, tk.admin)
		if q := cats[cat.ID]; q.OrderedQuantity != 12 || q.ReceivedQuantity != 0 || q.Percentage != 0 {
			t.Fatalf("category after approval %+v", q)
		}

		// Receive partially and repeatedly, never beyond the balance.
		var r1, r2 one[procurement.ReceivedOrder]
		receive(t, s, tk.buyer, po.ID, 5).Expect(http.StatusCreated).JSON(&r1)
		if r1.Data.Status != "pending" || r1.Data.Quantity != 5 || r1.Data.Balance != 7 || r1.Data.PurchaseOrder.ReferenceNo != po.ReferenceNo {
			t.Fatalf("receipt 1 %+v", r1.Data)
		}
		receive(t, s, tk.buyer, po.ID, 8).ExpectError(http.StatusUnprocessableEntity, "invalid", procurement.MsgOverBalance)
		receive(t, s, tk.buyer, po.ID, 0).ExpectError(http.StatusUnprocessableEntity, "invalid", "Input Product Quantity")
		receive(t, s, tk.buyer, po.ID, 7).Expect(http.StatusCreated).JSON(&r2)
		if r2.Data.Balance != 0 {
			t.Fatalf("receipt 2 balance %d", r2.Data.Balance)
		}
		// Edit a pending receipt: 7 → 3 frees 4 units; 3 → 9 would exceed.
		var r2e one[procurement.ReceivedOrder]
		multipartForm(t, s, http.MethodPut, fmt.Sprintf("/api/received-orders/%d", r2.Data.ID), tk.buyer,
			map[string]string{"quantity": "3"}, "image", pngBytes).Expect(http.StatusOK).JSON(&r2e)
		if r2e.Data.Quantity != 3 || r2e.Data.Balance != 4 || r2e.Data.Image == nil {
			t.Fatalf("edited receipt %+v", r2e.Data)
		}
		s.Get(t, r2e.Data.Image.URL, tk.secretary).Expect(http.StatusOK)
		s.Get(t, r2e.Data.Image.URL, tk.other).Expect(http.StatusNotFound)
		multipartForm(t, s, http.MethodPut, fmt.Sprintf("/api/received-orders/%d", r2.Data.ID), tk.buyer,
			map[string]string{"quantity": "9"}, "image", nil).ExpectError(http.StatusUnprocessableEntity, "invalid", procurement.MsgOverBalance)
		if o := getOrder(t, s, tk.buyer, po.ID); o.Balance != 4 || o.PendingQuantity != 8 || o.ReceivedQuantity != 0 || o.ReceiptCount != 2 {
			t.Fatalf("order after receipts %+v", o)
		}

		// Approving a receipt adds stock (4 + 5) in the same transaction; rejecting gives units back.
		s.Send(t, http.MethodPost, fmt.Sprintf("/api/received-orders/%d/approve", r1.Data.ID), tk.buyer, nil).Expect(http.StatusForbidden)
		s.Send(t, http.MethodPost, fmt.Sprintf("/api/received-orders/%d/approve", r1.Data.ID), tk.admin, nil).Expect(http.StatusOK)
		if got := stock(t, s, tk.admin, prod.ID); got != 9 {
			t.Fatalf("stock after approval %d, want 9", got)
		}
		multipartForm(t, s, http.MethodPut, fmt.Sprintf("/api/received-orders/%d", r1.Data.ID), tk.buyer,
			map[string]string{"quantity": "1"}, "image", nil).ExpectError(http.StatusConflict, "conflict", "Only pending received orders can be edited.")
		s.Send(t, http.MethodPost, fmt.Sprintf("/api/received-orders/%d/reject", r2.Data.ID), tk.admin, map[string]string{"reason": "Damaged"}).
			Expect(http.StatusOK)
		o := getOrder(t, s, tk.buyer, po.ID)
		if o.Status != "partially_received" || o.ReceivedQuantity != 5 || o.PendingQuantity != 0 || o.Balance != 7 || !o.CanReceive {
			t.Fatalf("order after decisions %+v", o)
		}
		if q := listCategories(t, s, tk.admin)[cat.ID]; q.OrderedQuantity != 12 || q.ReceivedQuantity != 5 || q.Percentage != 41.67 {
			t.Fatalf("category %+v", q)
		}

		// The rest arrives: the order is received.
		var r3 one[procurement.ReceivedOrder]
		receive(t, s, tk.buyer, po.ID, 7).Expect(http.StatusCreated).JSON(&r3)
		s.Send(t, http.MethodPost, fmt.Sprintf("/api/received-orders/%d/approve", r3.Data.ID), tk.admin, nil).Expect(http.StatusOK)
		if o := getOrder(t, s, tk.admin, po.ID); o.Status != "received" || o.ReceivedQuantity != 12 || o.Balance != 0 || o.CanReceive {
			t.Fatalf("received order %+v", o)
		}
		if got := stock(t, s, tk.admin, prod.ID); got != 16 {
			t.Fatalf("stock %d, want 16", got)
		}
		receive(t, s, tk.buyer, po.ID, 1).ExpectError(http.StatusConflict, "conflict", "Only approved purchase orders can be received.")

		// Lists and filters.
		var rp listing.Page[procurement.ReceivedOrder]
		s.Get(t, fmt.Sprintf("/api/received-orders?purchase_order_id=%d&status=approved", po.ID), tk.buyer).Expect(http.StatusOK).JSON(&rp)
		if rp.Meta.Total != 2 || len(rp.Data) != 2 || rp.Data[0].ID != r3.Data.ID {
			t.Fatalf("approved receipts %+v", rp)
		}
		var op listing.Page[procurement.PurchaseOrder]
		s.Get(t, "/api/purchase-orders?q=arroz%20a-1", tk.secretary).Expect(http.StatusOK).JSON(&op)
		if op.Meta.Total != 1 || op.Data[0].ID != po.ID {
			t.Fatalf("search %+v", op)
		}
		s.Get(t, "/api/purchase-orders", tk.other).Expect(http.StatusOK).JSON(&op)
		if op.Meta.Total != 0 {
			t.Fatalf("other company sees %d orders", op.Meta.Total)
		}
		s.Get(t, "/api/purchase-orders/export.xlsx?lang=en", tk.admin).Expect(http.StatusOK)

		// The purchase draft: approved receipts only, for the roles that open the purchase form.
		s.Get(t, fmt.Sprintf("/api/received-orders/%d/purchase-draft", r3.Data.ID), tk.buyer).Expect(http.StatusForbidden)
		s.Get(t, fmt.Sprintf("/api/received-orders/%d/purchase-draft", r2.Data.ID), tk.user).
			ExpectError(http.StatusConflict, "conflict", "Only approved received orders can become a purchase.")
		var draft one[procurement.PurchaseDraft]
		s.Get(t, fmt.Sprintf("/api/received-orders/%d/purchase-draft", r3.Data.ID), tk.user).Expect(http.StatusOK).JSON(&draft)
		if l := draft.Data.Lines; len(l) != 1 || l[0].ProductID != prod.ID || l[0].CategoryID != cat.ID || l[0].Quantity != 7 ||
			l[0].CostCents != 850000 || l[0].SubtotalCents != 5950000 || l[0].ProductCode != "A-1" {
			t.Fatalf("draft %+v", draft.Data)
		}

		// Delete rule.
		path := fmt.Sprintf("/api/purchase-orders/%d", po.ID)
		s.Send(t, http.MethodDelete, path, tk.user, nil).ExpectError(http.StatusForbidden, "forbidden", procurement.MsgDeleteNotAllowed)
		s.Send(t, http.MethodDelete, path, tk.buyer, nil).ExpectError(http.StatusForbidden, "forbidden", procurement.MsgDeleteNotAllowed)
		s.Send(t, http.MethodDelete, path, tk.admin, nil).ExpectError(http.StatusConflict, "conflict", procurement.MsgOrderInUse)
		var mine one[procurement.PurchaseOrder]
		createOrder(t, s, tk.buyer, cat.ID, prod.ID, 2, nil).Expect(http.StatusCreated).JSON(&mine)
		minePath := fmt.Sprintf("/api/purchase-orders/%d", mine.Data.ID)
		s.Send(t, http.MethodDelete, minePath, tk.buyer2, nil).ExpectError(http.StatusForbidden, "forbidden", procurement.MsgDeleteNotAllowed)
		s.Send(t, http.MethodDelete, minePath, tk.secretary, nil).ExpectError(http.StatusForbidden, "forbidden", procurement.MsgDeleteNotAllowed)
		s.Send(t, http.MethodDelete, minePath, tk.buyer, nil).Expect(http.StatusNoContent)
		s.Get(t, minePath, tk.buyer).Expect(http.StatusNotFound)
		var approvedEmpty one[procurement.PurchaseOrder]
		createOrder(t, s, tk.buyer, cat.ID, prod.ID, 2, nil).Expect(http.StatusCreated).JSON(&approvedEmpty)
		s.Send(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/approve", approvedEmpty.Data.ID), tk.admin, nil).Expect(http.StatusOK)
		s.Send(t, http.MethodDelete, fmt.Sprintf("/api/purchase-orders/%d", approvedEmpty.Data.ID), tk.buyer, nil).Expect(http.StatusForbidden)
		s.Send(t, http.MethodDelete, fmt.Sprintf("/api/purchase-orders/%d", approvedEmpty.Data.ID), tk.admin, nil).Expect(http.StatusNoContent)

		// The catalog asks procurement before deleting what orders refer to.
		s.Send(t, http.MethodDelete, fmt.Sprintf("/api/products/%d", prod.ID), tk.admin, nil).
			ExpectError(http.StatusConflict, "conflict", "Product cannot be deleted")

		// Events, in order, with the creator to notify about decisions.
		subjects, events := outbox(t, s)
		want := []string{"purchase_order.created", "purchase_order.approved", "received_order.created", "received_order.created",
			"received_order.approved", "received_order.rejected", "received_order.created", "received_order.approved",
			"purchase_order.received", "purchase_order.created", "purchase_order.created", "purchase_order.approved"}
		if len(subjects) != len(want) {
			t.Fatalf("subjects %v", subjects)
		}
		for i, w := range want {
			if subjects[i] != "backoffice.procurement."+w+".v1" {
				t.Fatalf("event %d: %s, want %s", i, subjects[i], w)
			}
		}
		buyerID := *po.CreatedBy
		if ev := events[5]; ev.ID != r2.Data.ID || ev.Reason != "Damaged" || ev.Status != "rejected" || ev.CreatedBy != buyerID ||
			ev.PurchaseOrderID != po.ID || ev.Quantity != 3 || ev.AmountCents != 3*850000 || ev.ReferenceNo != r2.Data.ReferenceNo {
			t.Fatalf("rejection event %+v", ev)
		}
		if ev := events[8]; ev.ID != po.ID || ev.Status != "received" || ev.CreatedBy != buyerID || ev.ReferenceNo != po.ReferenceNo {
			t.Fatalf("received event %+v", ev)
		}
	})
}

// A rejected purchase order shows its reason; an edit corrects it and sends it again, as a
// rejected purchase is: pending, the reason and the decision cleared, audited as resubmitted, and
// purchase_order.created published again (which is what asks the administrators about a new
// order). An approved order is not edited.
func TestRejectedOrderEditedIsSentAgain(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		tk := signIn(t, s)
		cat, prod := catalogFixture(t, s, tk.admin, "Granos", "A-1")
		po := getOrder(t, s, tk.user, createOrder(t, s, tk.user, cat.ID, prod.ID, 3, nil).CreatedID())
		path := fmt.Sprintf("/api/purchase-orders/%d", po.ID)
		edit := func(token string, quantity string) *authtest.Response {
			return multipartForm(t, s, http.MethodPut, path, token, map[string]string{"category_id": fmt.Sprint(cat.ID),
				"product_id": fmt.Sprint(prod.ID), "quantity": quantity, "note": "12 bultos, no 3"}, "image", nil)
		}
		s.Send(t, http.MethodPost, path+"/reject", tk.admin, map[string]string{"reason": "We need 12 bags"}).Expect(http.StatusOK)
		got := getOrder(t, s, tk.user, po.ID)
		if got.Status != "rejected" || got.ApprovalReason != "We need 12 bags" || got.ApprovedBy == nil || got.ApprovedAt == nil {
			t.Fatalf("rejected %+v", got)
		}

		// Refused edits change nothing: bad input, a role without the edit page.
		edit(tk.user, "0").ExpectError(http.StatusUnprocessableEntity, "invalid", "Input Product Quantity")
		edit(tk.buyer, "12").Expect(http.StatusForbidden)
		if got := getOrder(t, s, tk.user, po.ID); got.Status != "rejected" || got.ApprovalReason != "We need 12 bags" {
			t.Fatalf("after refused edits %+v", got)
		}

		var sent one[procurement.PurchaseOrder]
		edit(tk.user, "12").Expect(http.StatusOK).JSON(&sent)
		if o := sent.Data; o.Status != "pending" || o.ApprovalReason != "" || o.ApprovedBy != nil || o.ApprovedAt != nil ||
			o.Quantity != 12 || o.Note != "12 bultos, no 3" || o.Balance != 12 {
			t.Fatalf("sent again %+v", o)
		}
		if got := getOrder(t, s, tk.admin, po.ID); got.Status != "pending" || got.ApprovalReason != "" || got.ApprovedBy != nil {
			t.Fatalf("stored %+v", got)
		}
		var pending listing.Page[procurement.PurchaseOrder]
		s.Get(t, "/api/purchase-orders?status=pending", tk.admin).Expect(http.StatusOK).JSON(&pending)
		if pending.Meta.Total != 1 || pending.Data[0].ID != po.ID {
			t.Fatalf("pending list %+v", pending)
		}

		subjects, events := outbox(t, s)
		pre := "backoffice.procurement.purchase_order."
		if !slices.Equal(subjects, []string{pre + "created.v1", pre + "rejected.v1", pre + "created.v1"}) {
			t.Fatalf("subjects %v", subjects)
		}
		if ev := events[2]; ev != (procurement.Event{ID: po.ID, ReferenceNo: po.ReferenceNo, AmountCents: 12 * 850000,
			CreatedBy: *po.CreatedBy, Status: "pending", ProductName: "Arroz A-1", Quantity: 12}) {
			t.Fatalf("sent-again event %+v", ev)
		}
		var actions []string
		if err := s.DB.NewSelect().Table("audit_log").Column("action").Where("entity = ? AND entity_id = ?", "purchase_order", fmt.Sprint(po.ID)).
			OrderExpr("id").Scan(context.Background(), &actions); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(actions, []string{"purchase_order_created", "purchase_order_rejected", "purchase_order_resubmitted"}) {
			t.Fatalf("audit %v", actions)
		}

		// Approved now, it is no longer edited.
		s.Send(t, http.MethodPost, path+"/approve", tk.admin, nil).Expect(http.StatusOK)
		edit(tk.user, "13").ExpectError(http.StatusConflict, "conflict", "An approved purchase order cannot be edited.")
	})
}

func listCategories(t *testing.T, s *authtest.Stack, token string) map[int64]catalog.Category {
	t.Helper()
	var page listing.Page[catalog.Category]
	s.Get(t, "/api/categories?per_page=100", token).Expect(http.StatusOK).JSON(&page)
	out := map[int64]catalog.Category{}
	for _, c := range page.Data {
		out[c.ID] = c
	}
	return out
}

// TestConcurrentReceipts receives one unit at a time from many goroutines at once against a
// balance of 5: exactly five succeed, the rest are refused with the balance message, and the
// order never books more than it ordered.
func TestConcurrentReceipts(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		tk := signIn(t, s)
		cat, prod := catalogFixture(t, s, tk.admin, "Granos", "A-1")
		var po one[procurement.PurchaseOrder]
		createOrder(t, s, tk.buyer, cat.ID, prod.ID, 5, nil).Expect(http.StatusCreated).JSON(&po)
		s.Send(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/approve", po.Data.ID), tk.admin, nil).Expect(http.StatusOK)

		const tries = 12
		statuses := make([]int, tries)
		var wg sync.WaitGroup
		for i := range tries {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i] = receive(t, s, tk.buyer, po.Data.ID, 1).Status
			}()
		}
		wg.Wait()
		created, refused := 0, 0
		for _, st := range statuses {
			switch st {
			case http.StatusCreated:
				created++
			case http.StatusUnprocessableEntity:
				refused++
			default:
				t.Fatalf("unexpected status %d in %v", st, statuses)
			}
		}
		o := getOrder(t, s, tk.buyer, po.Data.ID)
		if created != 5 || refused != tries-5 || o.Balance != 0 || o.PendingQuantity != 5 || o.ReceiptCount != 5 {
			t.Fatalf("created %d refused %d order %+v", created, refused, o)
		}
	})
}
