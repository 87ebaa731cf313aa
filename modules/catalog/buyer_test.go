package catalog_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/backoffice/backoffice/modules/auth/authtest"
)

// The buyer reads what the purchase order form needs — categories and the product pick-list
// (id, code, name, category, unit, images) — and nothing about money: the products list,
// detail, alerts and the exports answer 403 to it, and the pick-list carries no money, no
// stock and no money sort.
func TestBuyerPicksWithoutMoney(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		admin, user, secretary, buyer, other := users(t, s)
		cat := createCategory(t, s, user, "Granos")
		p := createProduct(t, s, user, productForm("ARZ-1", "Arroz", cat.ID).file("a.png", string(pngBytes)))
		otherCat := createCategory(t, s, other, "Otros")
		createProduct(t, s, other, productForm("OTR-1", "Arroz ajeno", otherCat.ID))

		staff := map[string]string{"admin": admin, "user": user, "secretary": secretary}
		for _, path := range []string{"/api/products", fmt.Sprintf("/api/products/%d", p.ID), "/api/products/alerts",
			"/api/products/export.xlsx", "/api/categories/export.xlsx"} {
			for _, token := range staff {
				s.Get(t, path, token).Expect(http.StatusOK)
			}
			s.Get(t, path, buyer).ExpectError(http.StatusForbidden, "forbidden", "You are not allowed to perform this action.")
		}
		for role, token := range map[string]string{"admin": admin, "user": user, "secretary": secretary, "buyer": buyer} {
			s.Get(t, "/api/categories", token).Expect(http.StatusOK)
			s.Get(t, fmt.Sprintf("/api/categories/%d", cat.ID), token).Expect(http.StatusOK)
			r := s.Get(t, fmt.Sprintf("/api/products/choices?category_id=%d", cat.ID), token).Expect(http.StatusOK)
			var page struct {
				Data []map[string]json.RawMessage `json:"data"`
				Meta struct {
					Total int `json:"total"`
				} `json:"meta"`
			}
			r.JSON(&page)
			if page.Meta.Total != 1 || len(page.Data) != 1 {
				t.Fatalf("%s: pick-list %s", role, r.Body)
			}
			got := map[string]bool{}
			for k := range page.Data[0] {
				got[k] = true
			}
			want := []string{"id", "company_id", "code", "name", "category_id", "category", "unit", "images"}
			if len(got) != len(want) {
				t.Errorf("%s: pick-list fields %v, want exactly %v", role, got, want)
			}
			for _, k := range want {
				if !got[k] {
					t.Errorf("%s: pick-list lacks %s: %s", role, k, r.Body)
				}
			}
			var images []struct {
				URL string `json:"url"`
			}
			_ = json.Unmarshal(page.Data[0]["images"], &images)
			if len(images) != 1 {
				t.Fatalf("%s: images %s", role, page.Data[0]["images"])
			}
			s.Get(t, images[0].URL, token).Expect(http.StatusOK)
		}
		// The pick-list searches, stays in the company, and cannot be sorted by money or stock.
		var page struct {
			Meta struct {
				Total int `json:"total"`
			} `json:"meta"`
		}
		s.Get(t, "/api/products/choices?q=arroz", buyer).Expect(http.StatusOK).JSON(&page)
		if page.Meta.Total != 1 {
			t.Fatalf("buyer's search sees %d products", page.Meta.Total)
		}
		for _, sort := range []string{"price_cents", "-price_cents", "quantity"} {
			s.Get(t, "/api/products/choices?sort="+sort, buyer).Expect(http.StatusUnprocessableEntity)
		}
		s.Get(t, "/api/products/choices", "").Expect(http.StatusUnauthorized)
	})
}
