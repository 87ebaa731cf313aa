package purchasing_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/backoffice/backoffice/modules/auth/authtest"
)

// receipt makes a received order of quantity units of product key's category and product,
// ordered and received by token's company (category and product are given, so that another
// company's may be used), and approves it when approve is set. It returns the receipt's id.
func (w *world) receipt(t *testing.T, token string, categoryID, productID, quantity int64, approve bool) int64 {
	t.Helper()
	order := w.id(t, w.multipart(t, http.MethodPost, "/api/purchase-orders", token, [][2]string{
		{"category_id", fmt.Sprint(categoryID)}, {"product_id", fmt.Sprint(productID)}, {"quantity", fmt.Sprint(quantity)}}, "", nil))
	w.Send(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/approve", order), w.admin, nil).Expect(http.StatusOK)
	ro := w.id(t, w.multipart(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/receive", order), token,
		[][2]string{{"quantity", fmt.Sprint(quantity)}}, "", nil))
	if approve {
		w.Send(t, http.MethodPost, fmt.Sprintf("/api/received-orders/%d/approve", ro), w.admin, nil).Expect(http.StatusOK)
	}
	return ro
}

// A purchase may invoice only a live, approved received order of its own company that no other
// live purchase of the company invoices; the check runs in the purchase's transaction, and what
// it refuses stores nothing. Another company's attempt never blocks the owner.
func TestReceivedOrderLink(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		// Another company's approved received order.
		otherCat := w.id(t, w.Send(t, http.MethodPost, "/api/categories", w.admin, obj{"name": "Otra", "company_id": w.otherCompany}))
		otherProduct := w.id(t, w.multipart(t, http.MethodPost, "/api/products", w.admin, [][2]string{
			{"code", "O-1"}, {"name", "Otro"}, {"category_id", fmt.Sprint(otherCat)}, {"unit", "und"},
			{"cost_cents", "100"}, {"price_cents", "200"}, {"iva_class", "19"}, {"kind", "goods"}}, "", nil))
		foreign := w.receipt(t, w.other, otherCat, otherProduct, 3, true)
		// This company's: one approved, one still pending.
		approved := w.receipt(t, w.user, w.categories["a"], w.products["a"], 2, true)
		pending := w.receipt(t, w.user, w.categories["a"], w.products["a"], 1, false)

		from := func(ref string, receipt int64) obj {
			b := w.example(ref)
			b["received_order_id"] = receipt
			return b
		}
		for _, tc := range []struct {
			name    string
			receipt int64
			msg     string
		}{
			{"another company's", foreign, "The selected received order is invalid."},
			{"missing", 999999, "The selected received order is invalid."},
			{"negative", -1, "The selected received order is invalid."},
			{"not approved", pending, "Only approved received orders can become a purchase."},
		} {
			e := w.save(t, http.MethodPost, "/api/purchases", w.user, from("FV-RO-"+tc.name, tc.receipt), pngBytes).
				Expect(http.StatusUnprocessableEntity).Err()
			if e.Error != tc.msg || e.Fields["received_order_id"] != tc.msg {
				t.Errorf("%s: %q %v, want received_order_id=%q", tc.name, e.Error, e.Fields, tc.msg)
			}
		}
		var n int
		if err := w.DB.NewSelect().TableExpr("purchases").ColumnExpr("count(*)").Scan(context.Background(), &n); err != nil || n != 0 {
			t.Fatalf("refused purchases stored %d rows (%v)", n, err)
		}

		p := w.create(t, w.user, from("FV-RO-1", approved))
		if p.ReceivedOrderID == nil || *p.ReceivedOrderID != approved || p.Status != "received" {
			t.Fatalf("purchase from a received order %+v", p)
		}
		w.save(t, http.MethodPost, "/api/purchases", w.user, from("FV-RO-2", approved), pngBytes).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "This received order already has a purchase.")

		// The owner invoices its own receipt (an administrator writing in that company).
		supplier := w.id(t, w.Send(t, http.MethodPost, "/api/suppliers", w.admin, obj{"name": "Proveedor Otro", "company": "Proveedor Otro S.A.S.",
			"person_type": "juridica", "declarante": true, "iva_responsible": true, "company_id": w.otherCompany}))
		store := w.id(t, w.Send(t, http.MethodPost, "/api/stores", w.admin, obj{"name": "Otra tienda", "company_id": w.otherCompany}))
		b := obj{"purchase_date": "2026-11-23", "reference_no": "OT-1", "supplier_id": supplier, "store_id": store,
			"days_of_credit": 30, "company_id": w.otherCompany, "received_order_id": foreign,
			"lines": []obj{{"category_id": otherCat, "product_id": otherProduct, "expiry_date": "2027-01-31", "cost_cents": 100, "quantity": 3}}}
		w.save(t, http.MethodPost, "/api/purchases", w.admin, b, pngBytes).Expect(http.StatusCreated)
	})
}
