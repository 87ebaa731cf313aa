package purchasing_test

import (
	"fmt"
	"math"
	"net/http"
	"testing"

	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/purchasing"
)

// Every number and date of the form has one bound, stated in its message, and the quote, the
// create and the edit give the same answer; a refused edit changes nothing.
func TestBoundsAreTheSameInQuoteCreateAndEdit(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		stored := w.create(t, w.user, w.example("FV-B-0"))
		path := fmt.Sprintf("/api/purchases/%d", stored.ID)
		line := func(f func(l obj)) func(b obj) { return func(b obj) { f(b["lines"].([]obj)[0]) } }
		for _, tc := range []struct {
			name       string
			edit       func(b obj)
			field, msg string
		}{
			{"credit overflowing the due date", func(b obj) { b["days_of_credit"] = int64(math.MaxInt64) }, "days_of_credit", "Credit may be at most 3650 days."},
			{"credit of year 4764", func(b obj) { b["days_of_credit"] = 1_000_000 }, "days_of_credit", "Credit may be at most 3650 days."},
			{"negative credit", func(b obj) { b["days_of_credit"] = -1 }, "days_of_credit", "Credit must be greater than 0"},
			{"date of year 1", func(b obj) { b["purchase_date"] = "0001-01-01" }, "purchase_date", "Dates must be between 2000-01-01 and ten years from today."},
			{"date beyond ten years", func(b obj) { b["purchase_date"] = "2036-11-24" }, "purchase_date", "Dates must be between 2000-01-01 and ten years from today."},
			{"expiry of year 4764", line(func(l obj) { l["expiry_date"] = "4764-01-01" }), "lines.0.expiry_date", "Dates must be between 2000-01-01 and ten years from today."},
			{"quantity of 10^12", line(func(l obj) { l["quantity"] = 1_000_000_000_000 }), "lines.0.quantity", "Quantity may be at most 1,000,000,000."},
			{"unit cost above the bound", line(func(l obj) { l["cost_cents"] = int64(100_000_000_000_001) }), "lines.0.cost_cents", "Amounts per unit may be at most 1,000,000,000,000.00."},
			{"line above the document bound", line(func(l obj) { l["cost_cents"], l["quantity"] = int64(100_000_000_000_000), 1_000_000_000 }), "lines", "Amounts may be at most 100,000,000,000,000.00."},
			{"shipping above the bound", func(b obj) { b["shipping_cents"] = int64(math.MaxInt64) }, "shipping_cents", "Amounts may be at most 100,000,000,000,000.00."},
		} {
			body := w.example("FV-B-1")
			tc.edit(body)
			answers := map[string]*authtest.Response{
				"quote":  w.Send(t, http.MethodPost, "/api/purchases/quote", w.user, body),
				"create": w.save(t, http.MethodPost, "/api/purchases", w.user, body, pngBytes),
				"edit":   w.save(t, http.MethodPut, path, w.user, body, nil),
			}
			for op, r := range answers {
				if r.Status != http.StatusUnprocessableEntity {
					t.Errorf("%s, %s: %d %s", tc.name, op, r.Status, r.Body)
					continue
				}
				if e := r.Err(); e.Fields[tc.field] != tc.msg {
					t.Errorf("%s, %s: %q %v, want %s=%q", tc.name, op, e.Error, e.Fields, tc.field, tc.msg)
				}
			}
		}
		// The largest values the bounds accept are quoted and stored.
		body := w.example("FV-B-2")
		body["days_of_credit"] = 3650
		body["lines"].([]obj)[0]["quantity"] = 1_000_000_000
		w.Send(t, http.MethodPost, "/api/purchases/quote", w.user, body).Expect(http.StatusOK)
		if p := w.create(t, w.user, body); p.DueDate != "2036-11-20" {
			t.Fatalf("due date %s", p.DueDate)
		}
		// Nothing else was stored, and the refused edits changed nothing.
		var got one[purchasing.Purchase]
		w.Get(t, path, w.user).Expect(http.StatusOK).JSON(&got)
		if got.Data.ReferenceNo != "FV-B-0" || got.Data.Totals != stored.Totals || got.Data.DaysOfCredit != 30 {
			t.Fatalf("after refused edits %+v", got.Data)
		}
		var page struct {
			Meta struct {
				Total int `json:"total"`
			} `json:"meta"`
		}
		w.Get(t, "/api/purchases", w.user).Expect(http.StatusOK).JSON(&page)
		if page.Meta.Total != 2 {
			t.Fatalf("%d purchases stored", page.Meta.Total)
		}
	})
}
