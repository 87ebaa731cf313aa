package purchasing_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/backoffice/backoffice/modules/auth/authtest"
)

// An attachment is readable exactly by those who can read what owns it: a purchase's invoice by
// the staff of its company (not its buyers, not another company); a product's image by whoever
// reads the product, buyers included (the purchase order form shows it).
func TestAttachmentFollowsItsOwner(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		p := w.create(t, w.user, w.example("FV-ATT-1"))
		var prod one[struct {
			Images []struct {
				URL string `json:"url"`
			} `json:"images"`
		}]
		w.multipart(t, http.MethodPost, "/api/products", w.admin, [][2]string{{"code", "IMG-1"}, {"name", "Con foto"},
			{"category_id", fmt.Sprint(w.categories["a"])}, {"unit", "und"}, {"cost_cents", "100"}, {"price_cents", "200"},
			{"iva_class", "19"}, {"kind", "goods"}}, "images", pngBytes).Expect(http.StatusCreated).JSON(&prod)
		if len(prod.Data.Images) != 1 {
			t.Fatalf("product images %+v", prod.Data)
		}
		for _, c := range []struct {
			who, token, url string
			status          int
		}{
			{"user, invoice", w.user, p.Attachment.URL, http.StatusOK},
			{"secretary, invoice", w.secretary, p.Attachment.URL, http.StatusOK},
			{"admin, invoice", w.admin, p.Attachment.URL, http.StatusOK},
			{"buyer, invoice", w.buyer, p.Attachment.URL, http.StatusNotFound},
			{"other company, invoice", w.other, p.Attachment.URL, http.StatusNotFound},
			{"buyer, product image", w.buyer, prod.Data.Images[0].URL, http.StatusOK},
			{"user, product image", w.user, prod.Data.Images[0].URL, http.StatusOK},
			{"other company, product image", w.other, prod.Data.Images[0].URL, http.StatusNotFound},
		} {
			if r := w.Get(t, c.url, c.token); r.Status != c.status {
				t.Errorf("%s: %d, want %d", c.who, r.Status, c.status)
			}
			// A revalidation answers the same way: 404 never turns into 304.
			r := w.Do(t, authtest.Request{Method: http.MethodGet, Path: c.url, Token: c.token, Header: map[string]string{"If-None-Match": "*"}})
			if (r.Status == http.StatusNotFound) != (c.status == http.StatusNotFound) {
				t.Errorf("%s revalidating: %d", c.who, r.Status)
			}
		}
		// A deleted purchase's invoice is no longer served.
		w.Send(t, http.MethodDelete, fmt.Sprintf("/api/purchases/%d", p.ID), w.user, nil).Expect(http.StatusNoContent)
		w.Get(t, p.Attachment.URL, w.user).Expect(http.StatusNotFound)
	})
}
