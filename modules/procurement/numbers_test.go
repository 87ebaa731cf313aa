package procurement_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"testing"

	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/catalog"
	"github.com/backoffice/backoffice/modules/procurement"
)

// Purchase order and received order numbers run per company: another company's first order is
// PO-000001 whatever this company has, and orders created at once get distinct, consecutive
// numbers.
func TestNumbersPerCompany(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		tk := signIn(t, s)
		cat, prod := catalogFixture(t, s, tk.admin, "Granos", "A-1")
		otherCompany, err := s.Settings.EnsureCompany(context.Background(), "Otra Empresa S.A.S.")
		if err != nil {
			t.Fatal(err)
		}
		var ocat one[catalog.Category]
		s.Send(t, http.MethodPost, "/api/categories", tk.admin, map[string]any{"name": "Otra", "company_id": otherCompany}).
			Expect(http.StatusCreated).JSON(&ocat)
		var oprod one[catalog.Product]
		multipartForm(t, s, http.MethodPost, "/api/products", tk.admin, map[string]string{"code": "O-1", "name": "Otro",
			"category_id": fmt.Sprint(ocat.Data.ID), "unit": "und", "cost_cents": "100", "price_cents": "200",
			"iva_class": "19", "kind": "goods"}, "images", nil).Expect(http.StatusCreated).JSON(&oprod)

		order := func(token string, categoryID, productID int64) procurement.PurchaseOrder {
			var po one[procurement.PurchaseOrder]
			createOrder(t, s, token, categoryID, productID, 5, nil).Expect(http.StatusCreated).JSON(&po)
			return po.Data
		}
		receipt := func(token string, po procurement.PurchaseOrder) procurement.ReceivedOrder {
			s.Send(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/approve", po.ID), tk.admin, nil).Expect(http.StatusOK)
			var ro one[procurement.ReceivedOrder]
			receive(t, s, token, po.ID, 1).Expect(http.StatusCreated).JSON(&ro)
			return ro.Data
		}
		a1, a2 := order(tk.buyer, cat.ID, prod.ID), order(tk.user, cat.ID, prod.ID)
		b1 := order(tk.other, ocat.Data.ID, oprod.Data.ID)
		if a1.ReferenceNo != "PO-000001" || a2.ReferenceNo != "PO-000002" || b1.ReferenceNo != "PO-000001" {
			t.Fatalf("numbers %s, %s; other company %s", a1.ReferenceNo, a2.ReferenceNo, b1.ReferenceNo)
		}
		ra, rb := receipt(tk.buyer, a1), receipt(tk.other, b1)
		if ra.ReferenceNo != "RO-000001" || rb.ReferenceNo != "RO-000001" {
			t.Fatalf("receipts %s; other company %s", ra.ReferenceNo, rb.ReferenceNo)
		}

		const n = 6
		var mu sync.Mutex
		var refs []string
		var wg sync.WaitGroup
		for range n {
			wg.Go(func() {
				r := createOrder(t, s, tk.buyer, cat.ID, prod.ID, 1, nil)
				var po one[procurement.PurchaseOrder]
				if r.Status == http.StatusCreated {
					r.JSON(&po)
				}
				mu.Lock()
				defer mu.Unlock()
				refs = append(refs, fmt.Sprintf("%d %s", r.Status, po.Data.ReferenceNo))
			})
		}
		wg.Wait()
		slices.Sort(refs)
		for i, r := range refs {
			if want := fmt.Sprintf("201 PO-%06d", i+3); r != want {
				t.Fatalf("concurrent creates: %v", refs)
			}
		}
	})
}
