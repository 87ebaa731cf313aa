package archive_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/backoffice/backoffice/modules/auth/authtest"
)

// blockedWith checks that pv lists exactly the records of want (id: reason, "" when it goes).
func blockedWith(t *testing.T, pv preview, want map[int64]string) {
	t.Helper()
	if len(pv.Records) != len(want) {
		t.Fatalf("preview %+v, want %d records", pv, len(want))
	}
	for _, r := range pv.Records {
		why, ok := want[r.ID]
		if !ok || r.Blocked != why {
			t.Fatalf("record %d (%s) blocked %q, want %q (in %v)", r.ID, r.Number, r.Blocked, why, ok)
		}
	}
}

// archiveNext archives sel as the user 6 minutes on, so that the send limit (3 in 15 minutes) lets each kind
// here have a code of its own, and no session idles out.
func (w *world) archiveNext(t *testing.T, sel obj) batch {
	t.Helper()
	w.Clock.Advance(6 * time.Minute)
	return w.archive(t, w.User, sel)
}

// Master data: a customer, supplier, product or category that live records still hold stays,
// with the reason; the others are archived (gone from their lists, an audit entry each) and
// restored by an administrator, unless a live record took their unique value meanwhile.
func TestArchiveMasterData(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, w *world) {
		// Customers: w.customer has a sale; a user's customer without one goes.
		data := mustJSON(obj{"sale_date": "2026-11-20", "customer_id": w.customer, "store_id": w.store,
			"lines": []obj{{"product_id": w.goods, "quantity": 1, "price_cents": 200000}}})
		w.Multipart(t, http.MethodPost, "/api/sales", w.User, [][2]string{{"data", data}}, nil, nil).CreatedID()
		free := w.Send(t, http.MethodPost, "/api/customers", w.User, obj{"name": "Cliente sin ventas", "person_type": "natural",
			"document_type": "CC", "document_number": "1020304050"}).CreatedID()
		selC := obj{"kind": "customers", "ids": []int64{w.customer, free}}
		for _, token := range []string{w.Secretary, w.Buyer} {
			w.Send(t, http.MethodPost, "/api/advanced-delete/preview", token, selC).Expect(http.StatusForbidden)
		}
		if pv := w.preview(t, w.Other, selC); len(pv.Records) != 0 {
			t.Fatalf("another company's user previews %+v", pv)
		}
		pvC := w.preview(t, w.User, selC)
		blockedWith(t, pvC, map[int64]string{w.customer: "Customer cannot be deleted: it has sales.", free: ""})
		if pvC.TotalCents != nil {
			t.Fatalf("customers' preview total %d, want none (master data carries no amount)", *pvC.TotalCents)
		}
		// The user's customer is the only pending one: the status filter finds it alone.
		blockedWith(t, w.preview(t, w.User, obj{"kind": "customers", "status": "pending"}), map[int64]string{free: ""})
		w.Send(t, http.MethodPost, "/api/advanced-delete/preview", w.User, obj{"kind": "customers", "store_id": w.store}).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "This filter does not apply to what you delete.")
		cb := w.archiveNext(t, selC)
		if cb.RecordCount != 1 || cb.Kind != "customers" || cb.TotalCents != nil {
			t.Fatalf("customers batch %+v, want the one without sales", cb)
		}
		w.Get(t, fmt.Sprintf("/api/customers/%d", free), w.User).Expect(http.StatusNotFound)
		w.Get(t, fmt.Sprintf("/api/customers/%d", w.customer), w.User).Expect(http.StatusOK)
		var audit authtest.Data[[]struct {
			Action string `json:"action"`
		}]
		w.Get(t, fmt.Sprintf("/api/audit?entity=customer&entity_id=%d", free), w.Admin).Expect(http.StatusOK).JSON(&audit)
		if len(audit.Data) == 0 || audit.Data[0].Action != "customer_archived" {
			t.Fatalf("audit of the archived customer %+v", audit.Data)
		}
		// A new customer took the document number: the restore is refused, nothing changes.
		taker := w.Send(t, http.MethodPost, "/api/customers", w.User, obj{"name": "Otro cliente", "person_type": "natural",
			"document_type": "CC", "document_number": "1020304050"}).CreatedID()
		w.restore(t, cb.ID).ExpectError(http.StatusConflict, "conflict",
			"CC 1020304050 cannot be restored: another customer has its document number now.")
		w.Get(t, fmt.Sprintf("/api/customers/%d", free), w.User).Expect(http.StatusNotFound)
		w.Send(t, http.MethodDelete, fmt.Sprintf("/api/customers/%d", taker), w.User, nil).Expect(http.StatusNoContent)
		w.restore(t, cb.ID).Expect(http.StatusOK)
		w.Get(t, fmt.Sprintf("/api/customers/%d", free), w.User).Expect(http.StatusOK)

		// Suppliers: w.supplier has a purchase; another goes and comes back.
		w.purchase(t, w.User, "2026-11-05", 1)
		other := w.Send(t, http.MethodPost, "/api/suppliers", w.Admin, obj{"name": "Proveedor sin compras", "person_type": "natural"}).CreatedID()
		selS := obj{"kind": "suppliers", "ids": []int64{w.supplier, other}}
		blockedWith(t, w.preview(t, w.User, selS), map[int64]string{w.supplier: "Supplier cannot be deleted: it has purchases.", other: ""})
		sb := w.archiveNext(t, selS)
		w.Get(t, fmt.Sprintf("/api/suppliers/%d", other), w.User).Expect(http.StatusNotFound)
		w.Get(t, fmt.Sprintf("/api/suppliers/%d", w.supplier), w.User).Expect(http.StatusOK)
		w.restore(t, sb.ID).Expect(http.StatusOK)
		w.Get(t, fmt.Sprintf("/api/suppliers/%d", other), w.User).Expect(http.StatusOK)

		// Products and categories: Arroz has stock (and documents), Granos has Arroz; a new
		// category with one product without stock goes, product first.
		cat := w.Send(t, http.MethodPost, "/api/categories", w.Admin, obj{"name": "Legumbres"}).CreatedID()
		bean := w.Multipart(t, http.MethodPost, "/api/products", w.Admin, [][2]string{{"code", "L-1"}, {"name", "Frijol"},
			{"category_id", fmt.Sprint(cat)}, {"unit", "und"}, {"cost_cents", "100000"}, {"price_cents", "200000"},
			{"iva_class", "excluido"}, {"kind", "goods"}}, nil, nil).CreatedID()
		blockedWith(t, w.preview(t, w.User, obj{"kind": "products", "ids": []int64{w.goods, bean}}),
			map[int64]string{w.goods: "Product cannot be deleted: it has stock on hand.", bean: ""})
		blockedWith(t, w.preview(t, w.User, obj{"kind": "products", "category_id": cat}), map[int64]string{bean: ""})
		if pv := w.preview(t, w.Other, obj{"kind": "products", "category_id": cat}); len(pv.Records) != 0 {
			t.Fatalf("another company's user previews %+v", pv)
		}
		selCat := obj{"kind": "categories", "ids": []int64{w.category, cat}}
		blockedWith(t, w.preview(t, w.User, selCat),
			map[int64]string{w.category: "Category cannot be deleted: it has products.", cat: "Category cannot be deleted: it has products."})
		pb := w.archiveNext(t, obj{"kind": "products", "category_id": cat})
		w.Get(t, fmt.Sprintf("/api/products/%d", bean), w.User).Expect(http.StatusNotFound)
		blockedWith(t, w.preview(t, w.User, selCat), map[int64]string{w.category: "Category cannot be deleted: it has products.", cat: ""})
		kb := w.archiveNext(t, selCat)
		w.Get(t, fmt.Sprintf("/api/categories/%d", cat), w.User).Expect(http.StatusNotFound)
		// The product's category went: its restore is refused until the category is back.
		w.restore(t, pb.ID).ExpectError(http.StatusConflict, "conflict", "L-1 cannot be restored: its category Legumbres was deleted.")
		// A new category took the name: the category's restore is refused until it goes.
		taken := w.Send(t, http.MethodPost, "/api/categories", w.Admin, obj{"name": "Legumbres"}).CreatedID()
		w.restore(t, kb.ID).ExpectError(http.StatusConflict, "conflict", "Legumbres cannot be restored: another category has its name now.")
		w.Send(t, http.MethodDelete, fmt.Sprintf("/api/categories/%d", taken), w.Admin, nil).Expect(http.StatusNoContent)
		w.restore(t, kb.ID).Expect(http.StatusOK)
		// A new product took the code: refused until it goes.
		copyCode := w.Multipart(t, http.MethodPost, "/api/products", w.Admin, [][2]string{{"code", "L-1"}, {"name", "Frijol rojo"},
			{"category_id", fmt.Sprint(cat)}, {"unit", "und"}, {"cost_cents", "100000"}, {"price_cents", "200000"},
			{"iva_class", "excluido"}, {"kind", "goods"}}, nil, nil).CreatedID()
		w.restore(t, pb.ID).ExpectError(http.StatusConflict, "conflict", "L-1 cannot be restored: another product has its code now.")
		w.Send(t, http.MethodDelete, fmt.Sprintf("/api/products/%d", copyCode), w.Admin, nil).Expect(http.StatusNoContent)
		w.restore(t, pb.ID).Expect(http.StatusOK)
		w.Get(t, fmt.Sprintf("/api/products/%d", bean), w.User).Expect(http.StatusOK)
		if got := w.stock(t); got != 9 {
			t.Fatalf("Arroz's stock = %d, want 9 (the sale's unit out, nothing else)", got)
		}
	})
}
