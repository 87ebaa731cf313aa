package payments_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/backoffice/backoffice/modules/auth/authtest"
)

// A return on a paid purchase and the refund that settles it, end to end through the API only
// (issue 11; the steps are those of the purchasing and payments package docs): stock comes in by
// a received order, the admin buys 10 units at 50.000 (excluded from VAT, no withholdings: total
// 500.000) and pays them; a user returns 3 units (150.000), pending — it holds its amount, so no
// payment can take it; the admin approves: stock −3, returns 150.000, balance −150.000, credit
// 150.000 on the purchase and on the supplier, status paid; a refund above the credit is refused,
// the user's refund of exactly the credit waits, the admin approves it: paid 350.000 (total −
// returns), balance and credit 0, status paid, and no further refund fits.
func TestReturnOnAPaidPurchaseSettledByARefund(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		const cost, units, back = 50_000_00, 10, 3
		const total, ret = cost * units, cost * back

		// A product in stock, by a user's purchase order and received order an admin approves.
		product := w.Multipart(t, http.MethodPost, "/api/products", w.Admin, [][2]string{{"code", "G-1"}, {"name", "Arroz x 50 kg"},
			{"category_id", fmt.Sprint(w.category)}, {"unit", "und"}, {"cost_cents", fmt.Sprint(cost)}, {"price_cents", "6000000"},
			{"iva_class", "excluido"}, {"kind", "goods"}}, nil, nil).CreatedID()
		order := w.Multipart(t, http.MethodPost, "/api/purchase-orders", w.User, [][2]string{{"category_id", fmt.Sprint(w.category)},
			{"product_id", fmt.Sprint(product)}, {"quantity", fmt.Sprint(units)}}, nil, nil).CreatedID()
		w.Send(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/approve", order), w.Admin, nil).Expect(http.StatusOK)
		receipt := w.Multipart(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/receive", order), w.User,
			[][2]string{{"quantity", fmt.Sprint(units)}}, nil, nil).CreatedID()
		w.Send(t, http.MethodPost, fmt.Sprintf("/api/received-orders/%d/approve", receipt), w.Admin, nil).Expect(http.StatusOK)
		stock := func() int64 {
			t.Helper()
			var p one[struct {
				Quantity int64 `json:"quantity"`
			}]
			w.Get(t, fmt.Sprintf("/api/products/%d", product), w.Admin).Expect(http.StatusOK).JSON(&p)
			return p.Data.Quantity
		}
		if got := stock(); got != units {
			t.Fatalf("stock after the receipt = %d, want %d", got, units)
		}

		// The admin's purchase of the receipt: approved at once.
		data, _ := json.Marshal(obj{"purchase_date": "2026-11-20", "reference_no": "FV-900", "supplier_id": w.supplier,
			"store_id": w.store, "days_of_credit": 30, "received_order_id": receipt,
			"lines": []obj{{"category_id": w.category, "product_id": product, "expiry_date": "2027-06-30", "cost_cents": cost, "quantity": units}}})
		id := w.Multipart(t, http.MethodPost, "/api/purchases", w.Admin, [][2]string{{"data", string(data)}},
			[]authtest.File{{Field: "attachment", Name: "invoice.png", Data: authtest.PNG}}, nil).CreatedID()
		check := func(step string, status string, paidCents, returns, pendingReturns, balance, credit int64) {
			t.Helper()
			p := w.document(t, "purchase", id)
			got := p.Totals
			if p.ApprovalStatus != "approved" || p.Status != status || got.TotalToPayCents != total || got.PaidCents != paidCents ||
				got.ReturnCents != returns || got.PendingReturnCents != pendingReturns || got.BalanceCents != balance || got.CreditCents != credit {
				t.Fatalf("%s: status %s approval %s totals %+v; want status %s paid %d returns %d pending returns %d balance %d credit %d",
					step, p.Status, p.ApprovalStatus, got, status, paidCents, returns, pendingReturns, balance, credit)
			}
		}
		supplier := func(step string, credit, returns int64) {
			t.Helper()
			var sup one[struct {
				ReturnCents  int64 `json:"return_cents"`
				BalanceCents int64 `json:"balance_cents"`
				CreditCents  int64 `json:"credit_cents"`
			}]
			w.Get(t, fmt.Sprintf("/api/suppliers/%d", w.supplier), w.User).Expect(http.StatusOK).JSON(&sup)
			if sup.Data.CreditCents != credit || sup.Data.ReturnCents != returns || sup.Data.BalanceCents != 0 {
				t.Fatalf("%s: supplier %+v, want credit %d returns %d balance 0", step, sup.Data, credit, returns)
			}
		}
		// Made from a received order and not paid yet: received.
		check("approved", "received", 0, 0, 0, total, 0)

		// 1) Paid in full by the admin: balance 0, status paid, no credit.
		paid(t, w.pay(t, w.Admin, form("purchase", id, total), 0, nil), http.StatusCreated)
		check("paid", "paid", total, 0, 0, 0, 0)
		supplier("paid", 0, 0)

		// 2) A user's goods return of 3 units waits: nothing moves but what it holds.
		var rr one[struct {
			Lines []struct {
				PurchaseLineID int64 `json:"purchase_line_id"`
			} `json:"lines"`
		}]
		w.Get(t, fmt.Sprintf("/api/purchases/%d/returnable", id), w.User).Expect(http.StatusOK).JSON(&rr)
		if len(rr.Data.Lines) != 1 {
			t.Fatalf("returnable %+v", rr.Data)
		}
		body, _ := json.Marshal(obj{"purchase_id": id, "return_date": "2026-11-23", "reference_no": "DV-900", "kind": "goods",
			"lines": []obj{{"purchase_line_id": rr.Data.Lines[0].PurchaseLineID, "quantity": back}}})
		var created one[struct {
			ID             int64  `json:"id"`
			ApprovalStatus string `json:"approval_status"`
			Totals         struct {
				AmountCents int64 `json:"amount_cents"`
			} `json:"totals"`
		}]
		w.Multipart(t, http.MethodPost, "/api/returns", w.User, [][2]string{{"data", string(body)}}, nil, nil).
			Expect(http.StatusCreated).JSON(&created)
		if created.Data.ApprovalStatus != "pending" || created.Data.Totals.AmountCents != ret {
			t.Fatalf("the user's return %+v, want pending of %d", created.Data, ret)
		}
		check("pending return", "paid", total, 0, ret, 0, 0)
		if got := stock(); got != units {
			t.Fatalf("a pending return moved stock: %d", got)
		}
		// A pending return is no credit yet: no payment, no refund.
		overpaid(t, w.pay(t, w.Admin, form("purchase", id, 1), 0, nil), "amount_cents", "The payment exceeds the balance due ($ 0).")
		overpaid(t, w.pay(t, w.Admin, refund(id, 1), 0, nil), "amount_cents", "The refund exceeds the credit in our favour ($ 0).")

		// 3) The admin approves it: stock −3, a credit of 150.000 on the purchase and its supplier.
		w.Send(t, http.MethodPost, fmt.Sprintf("/api/returns/%d/approve", created.Data.ID), w.Admin, nil).Expect(http.StatusOK)
		check("approved return", "paid", total, ret, 0, -ret, ret)
		if got := stock(); got != units-back {
			t.Fatalf("stock after the return = %d, want %d", got, units-back)
		}
		supplier("approved return", ret, ret)
		// Still nothing to pay.
		overpaid(t, w.pay(t, w.Admin, form("purchase", id, 1), 0, nil), "amount_cents", "The payment exceeds the balance due ($ 0).")

		// 4) A refund above the credit is refused; the user's refund of exactly the credit waits.
		overpaid(t, w.pay(t, w.User, refund(id, ret+1), 0, nil), "amount_cents", "The refund exceeds the credit in our favour ($ 150.000).")
		check("refused refund", "paid", total, ret, 0, -ret, ret)
		rf := paid(t, w.pay(t, w.User, refund(id, ret), 0, nil), http.StatusCreated)
		if rf.Direction != "refund" || rf.ApprovalStatus != "pending" || rf.AmountCents != ret {
			t.Fatalf("the user's refund %+v", rf)
		}
		check("pending refund", "paid", total, ret, 0, -ret, ret)
		overpaid(t, w.pay(t, w.Admin, refund(id, 1), 0, nil), "amount_cents", "The refund exceeds the credit in our favour ($ 0).")

		// 5) The admin approves it: paid = total − returns, balance and credit 0, still paid.
		if a := paid(t, w.decide(t, rf.ID, "approve", nil), http.StatusOK); a.ApprovalStatus != "approved" {
			t.Fatalf("approved refund %+v", a)
		}
		check("settled", "paid", total-ret, ret, 0, 0, 0)
		supplier("settled", 0, ret)
		if got := stock(); got != units-back {
			t.Fatalf("a refund moved stock: %d", got)
		}
		// A second refund finds no credit; a payment finds nothing owed.
		overpaid(t, w.pay(t, w.Admin, refund(id, 1), 0, nil), "amount_cents", "The refund exceeds the credit in our favour ($ 0).")
		overpaid(t, w.pay(t, w.User, refund(id, ret), 0, nil), "amount_cents", "The refund exceeds the credit in our favour ($ 0).")
		overpaid(t, w.pay(t, w.Admin, form("purchase", id, 1), 0, nil), "amount_cents", "The payment exceeds the balance due ($ 0).")
		check("after all", "paid", total-ret, ret, 0, 0, 0)
	})
}
