package procurement_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/catalog"
	"github.com/backoffice/backoffice/platform/bounds"
)

// Quantities are bounded like every document's (10^9, the message states it), and the largest
// order of the most expensive product the catalog accepts does not wrap its amount around.
func TestOrderBounds(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		tk := signIn(t, s)
		cat, _ := catalogFixture(t, s, tk.admin, "Granos", "A-1")
		var prod one[catalog.Product]
		multipartForm(t, s, http.MethodPost, "/api/products", tk.admin, map[string]string{"code": "MAX", "name": "Caro",
			"category_id": fmt.Sprint(cat.ID), "unit": "und", "cost_cents": fmt.Sprint(bounds.MaxUnitCents),
			"price_cents": fmt.Sprint(bounds.MaxUnitCents), "iva_class": "19", "kind": "goods"}, "images", nil).
			Expect(http.StatusCreated).JSON(&prod)
		createOrder(t, s, tk.buyer, cat.ID, prod.Data.ID, bounds.MaxQuantity+1, nil).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "Quantity may be at most 1,000,000,000.")
		createOrder(t, s, tk.buyer, cat.ID, prod.Data.ID, bounds.MaxQuantity, nil).Expect(http.StatusCreated)
		_, events := outbox(t, s)
		if last := events[len(events)-1]; last.AmountCents != bounds.MaxDocumentCents || last.Quantity != bounds.MaxQuantity {
			t.Fatalf("event of the largest order %+v", last)
		}
	})
}
