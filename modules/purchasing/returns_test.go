package purchasing_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/purchasing"
	"github.com/backoffice/backoffice/platform/listing"
)

// returnable is GET /api/purchases/{id}/returnable's answer, as much as the tests read.
type returnable struct {
	Purchase struct {
		ReturnCents        int64  `json:"return_cents"`
		PendingReturnCents int64  `json:"pending_return_cents"`
		BalanceCents       int64  `json:"balance_cents"`
		CreditCents        int64  `json:"credit_cents"`
		Status             string `json:"status"`
	} `json:"purchase"`
	Lines []struct {
		PurchaseLineID     int64  `json:"purchase_line_id"`
		ProductName        string `json:"product_name"`
		Quantity           int64  `json:"quantity"`
		ReturnedQuantity   int64  `json:"returned_quantity"`
		PendingQuantity    int64  `json:"pending_quantity"`
		ReturnableQuantity int64  `json:"returnable_quantity"`
	} `json:"lines"`
	ReturnableCents int64 `json:"returnable_cents"`
}

func (w *world) returnable(t *testing.T, token string, purchaseID int64) returnable {
	t.Helper()
	var out one[returnable]
	w.Get(t, fmt.Sprintf("/api/purchases/%d/returnable", purchaseID), token).Expect(http.StatusOK).JSON(&out)
	return out.Data
}

// sendReturn posts a return form (multipart, one image).
func (w *world) sendReturn(t *testing.T, token string, body obj) *authtest.Response {
	t.Helper()
	raw, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return w.multipart(t, http.MethodPost, "/api/returns", token, [][2]string{{"data", string(raw)}}, "images", pngBytes)
}

// goods is a goods return of qty units of purchase line lineID.
func goods(purchaseID, lineID, qty int64, ref string) obj {
	return obj{"purchase_id": purchaseID, "return_date": "2026-11-23", "reference_no": ref, "kind": "goods",
		"lines": []obj{{"purchase_line_id": lineID, "quantity": qty}}}
}

// stock sets or reads product key's stock.
func (w *world) setStock(t *testing.T, key string, units int64) {
	t.Helper()
	if _, err := w.DB.NewUpdate().Table("products").Set("quantity = ?", units).Where("id = ?", w.products[key]).
		Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func (w *world) stock(t *testing.T, key string) int64 {
	t.Helper()
	var n int64
	if err := w.DB.NewSelect().Table("products").Column("quantity").Where("id = ?", w.products[key]).
		Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// DESIGN §5's worked example with 2 of its 10 units at 85.000 returned: the quote, a user's
// pending return that holds its units and amount, the admin's approval that takes the units out
// of stock and lowers the balance by exactly the amount, and its events.
func TestReturnOfTheWorkedExample(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		w.setStock(t, "a", 10)
		p := w.create(t, w.admin, w.example("FV-R-1"))
		r := w.returnable(t, w.user, p.ID)
		lineA := r.Lines[0].PurchaseLineID
		if len(r.Lines) != 3 || r.Lines[0].ReturnableQuantity != 10 || r.ReturnableCents != 123_500_000 {
			t.Fatalf("returnable %+v", r)
		}

		var q one[struct {
			Totals map[string]int64 `json:"totals"`
			Lines  []map[string]int64
		}]
		w.Send(t, http.MethodPost, "/api/returns/quote", w.user, goods(p.ID, lineA, 2, "")).Expect(http.StatusOK).JSON(&q)
		want := map[string]int64{"subtotal_cents": 17_000_000, "discount_cents": 850_000, "taxable_base_cents": 16_150_000,
			"vat_cents": 3_068_500, "withholding_income_cents": 403_800, "withholding_vat_cents": 460_300, "amount_cents": 18_354_400}
		for k, v := range want {
			if q.Data.Totals[k] != v {
				t.Errorf("quote %s = %d, want %d", k, q.Data.Totals[k], v)
			}
		}

		// Lines left at 0 are not returned; nothing typed yet is quoted as zeros.
		zero := goods(p.ID, lineA, 0, "")
		w.Send(t, http.MethodPost, "/api/returns/quote", w.user, zero).Expect(http.StatusOK).JSON(&q)
		if q.Data.Totals["amount_cents"] != 0 {
			t.Fatalf("untyped quote %+v", q.Data)
		}
		zero["lines"] = []obj{{"purchase_line_id": lineA, "quantity": 2}, {"purchase_line_id": r.Lines[1].PurchaseLineID, "quantity": 0}}
		w.Send(t, http.MethodPost, "/api/returns/quote", w.user, zero).Expect(http.StatusOK).JSON(&q)
		if q.Data.Totals["amount_cents"] != 18_354_400 || len(q.Data.Lines) != 1 {
			t.Fatalf("quote with a line at 0 %+v", q.Data)
		}

		var created one[purchasing.Return]
		w.sendReturn(t, w.user, goods(p.ID, lineA, 2, "DV-1")).Expect(http.StatusCreated).JSON(&created)
		ret := created.Data
		if ret.ApprovalStatus != "pending" || ret.Totals.AmountCents != 18_354_400 || len(ret.Lines) != 1 ||
			ret.Lines[0].ProductName != "Product a" || len(ret.Images) != 1 || ret.CreatedByName == "" {
			t.Fatalf("created %+v", ret)
		}
		// Pending: nothing moves but what it holds.
		r = w.returnable(t, w.user, p.ID)
		if r.Purchase.PendingReturnCents != 18_354_400 || r.Purchase.ReturnCents != 0 || r.Purchase.BalanceCents != 141_282_000 ||
			r.Lines[0].PendingQuantity != 2 || r.Lines[0].ReturnableQuantity != 8 || w.stock(t, "a") != 10 {
			t.Fatalf("after a pending return %+v", r)
		}
		// A payment cannot take what the pending return will.
		pay, _ := json.Marshal(obj{"type": "purchase", "document_id": p.ID, "date": "2026-11-23", "reference_no": "TR-1",
			"amount_cents": p.Totals.TotalToPayCents, "method": "transfer"})
		if e := w.multipart(t, http.MethodPost, "/api/payments", w.admin, [][2]string{{"data", string(pay)}}, "", nil).
			Expect(http.StatusUnprocessableEntity).Err(); e.Fields["amount_cents"] != "The payment exceeds the balance due ($ 1.229.276)." {
			t.Fatalf("a payment over the pending return: %v", e.Fields)
		}
		// A user cannot decide; the admin approves.
		path := fmt.Sprintf("/api/returns/%d", ret.ID)
		w.Send(t, http.MethodPost, path+"/approve", w.user, nil).Expect(http.StatusForbidden)
		var dec one[purchasing.Return]
		w.Send(t, http.MethodPost, path+"/approve", w.admin, nil).Expect(http.StatusOK).JSON(&dec)
		if dec.Data.ApprovalStatus != "approved" || dec.Data.DecidedByName == "" || dec.Data.DecidedAt == nil {
			t.Fatalf("approved %+v", dec.Data)
		}
		r = w.returnable(t, w.user, p.ID)
		if r.Purchase.ReturnCents != 18_354_400 || r.Purchase.PendingReturnCents != 0 ||
			r.Purchase.BalanceCents != 141_282_000-18_354_400 || r.Purchase.Status != "pending" ||
			r.Lines[0].ReturnedQuantity != 2 || r.Lines[0].ReturnableQuantity != 8 || w.stock(t, "a") != 8 {
			t.Fatalf("after the approval %+v, stock %d", r, w.stock(t, "a"))
		}
		var got one[purchasing.Purchase]
		w.Get(t, fmt.Sprintf("/api/purchases/%d", p.ID), w.user).Expect(http.StatusOK).JSON(&got)
		if got.Data.Totals.ReturnCents != 18_354_400 || got.Data.Totals.BalanceCents != 122_927_600 {
			t.Fatalf("purchase %+v", got.Data.Totals)
		}
		// The list, its filters and the export (in Spanish).
		var page listing.Page[purchasing.Return]
		w.Get(t, fmt.Sprintf("/api/returns?purchase_id=%d&approval=approved&kind=goods&q=andina&sort=-amount_cents", p.ID), w.secretary).
			Expect(http.StatusOK).JSON(&page)
		// A list row carries its lines and images (the list's cells read no return of their own).
		if page.Meta.Total != 1 || page.Data[0].ID != ret.ID || len(page.Data[0].Lines) != 1 || page.Data[0].Lines[0].Quantity != 2 ||
			len(page.Data[0].Images) != len(ret.Images) {
			t.Fatalf("list %+v", page)
		}
		w.Get(t, "/api/returns?approval=pending", w.user).Expect(http.StatusOK).JSON(&page)
		if page.Meta.Total != 0 {
			t.Fatalf("pending %+v", page)
		}
		w.Get(t, "/api/returns", w.other).Expect(http.StatusOK).JSON(&page)
		if page.Meta.Total != 0 {
			t.Fatal("another company sees the return")
		}
		w.Get(t, path, w.other).Expect(http.StatusNotFound)
		w.Get(t, "/api/returns", w.buyer).Expect(http.StatusForbidden)
		sheet := w.Get(t, "/api/returns/export.xlsx?lang=es", w.user).Expect(http.StatusOK).Sheet("Devoluciones")
		if len(sheet) != 2 || sheet[0][0] != "Fecha" || sheet[1][1] != "DV-1" || sheet[1][2] != "FV-R-1" || sheet[1][4] != "Mercancía" ||
			sheet[1][11] != "Aprobada" {
			t.Fatalf("export %q", sheet)
		}
		// An approved return is part of the books.
		w.Do(t, authtest.Request{Method: http.MethodDelete, Path: path, Token: w.user}).Expect(http.StatusConflict)

		var subjects []string
		if err := w.DB.NewSelect().Table("outbox_events").Column("subject").Where("subject LIKE ?", "%.purchasing.return.%").
			OrderExpr("id").Scan(context.Background(), &subjects); err != nil {
			t.Fatal(err)
		}
		if len(subjects) != 2 || subjects[0] != purchasing.SubjectReturnCreated || subjects[1] != purchasing.SubjectReturnApproved {
			t.Fatalf("events %v", subjects)
		}
	})
}

// Quantities, values, stock and scope: what a return may not take is refused, naming the product
// and what is left, and changes nothing.
func TestReturnRefusals(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		w.setStock(t, "a", 1)
		pending := w.create(t, w.user, w.example("FV-R-2"))
		p := w.create(t, w.admin, w.example("FV-R-3"))
		lineA := w.returnable(t, w.user, p.ID).Lines[0].PurchaseLineID

		w.Get(t, fmt.Sprintf("/api/purchases/%d/returnable", pending.ID), w.user).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "Only approved purchases can be returned.")
		w.Get(t, fmt.Sprintf("/api/purchases/%d/returnable", p.ID), w.buyer).Expect(http.StatusForbidden)
		w.Get(t, fmt.Sprintf("/api/purchases/%d/returnable", p.ID), w.other).Expect(http.StatusNotFound)
		w.sendReturn(t, w.other, goods(p.ID, lineA, 1, "DV-X")).Expect(http.StatusNotFound)

		e := w.sendReturn(t, w.user, goods(p.ID, lineA, 11, "DV-2")).Expect(http.StatusUnprocessableEntity).Err()
		if e.Fields["lines.0.quantity"] != "Product a: at most 10 can be returned." {
			t.Fatalf("over quantity %v", e.Fields)
		}
		b := goods(p.ID, lineA, 1, "")
		w.sendReturn(t, w.user, b).ExpectError(http.StatusUnprocessableEntity, "invalid", "Reference No is required.")
		v := obj{"purchase_id": p.ID, "return_date": "2026-11-23", "reference_no": "DV-V", "kind": "value", "value_cents": 123_500_001}
		if e := w.sendReturn(t, w.user, v).Expect(http.StatusUnprocessableEntity).Err(); e.Fields["value_cents"] !=
			"The value exceeds what can still be returned ($ 1.235.000)." {
			t.Fatalf("over value %v", e.Fields)
		}
		// An admin's return of 2 when 1 is in stock: refused whole, naming the product.
		e = w.sendReturn(t, w.admin, goods(p.ID, lineA, 2, "DV-3")).Expect(http.StatusUnprocessableEntity).Err()
		if e.Fields["lines.0.quantity"] != "Not enough stock of Product a to return (1 available)." {
			t.Fatalf("stock %v", e.Fields)
		}
		r := w.returnable(t, w.user, p.ID)
		if r.Purchase.ReturnCents != 0 || r.Purchase.PendingReturnCents != 0 || r.Lines[0].ReturnableQuantity != 10 || w.stock(t, "a") != 1 {
			t.Fatalf("a refusal changed something: %+v", r)
		}
		var page listing.Page[purchasing.Return]
		w.Get(t, "/api/returns", w.user).Expect(http.StatusOK).JSON(&page)
		if page.Meta.Total != 0 {
			t.Fatalf("returns stored by refusals: %+v", page)
		}

		// A value return rejected, then deleted, frees what it held.
		var vr one[purchasing.Return]
		v["value_cents"] = 10_000_000
		w.sendReturn(t, w.user, v).Expect(http.StatusCreated).JSON(&vr)
		if w.returnable(t, w.user, p.ID).ReturnableCents != 113_500_000 {
			t.Fatal("a pending value return holds its base")
		}
		path := fmt.Sprintf("/api/returns/%d", vr.Data.ID)
		w.Send(t, http.MethodPost, path+"/reject", w.admin, obj{}).ExpectError(http.StatusUnprocessableEntity, "invalid", "A reason is required.")
		w.Send(t, http.MethodPost, path+"/reject", w.admin, obj{"reason": "Not agreed"}).Expect(http.StatusOK)
		r = w.returnable(t, w.user, p.ID)
		if r.Purchase.PendingReturnCents != 0 || r.ReturnableCents != 123_500_000 {
			t.Fatalf("a rejected return still holds: %+v", r)
		}
		w.Do(t, authtest.Request{Method: http.MethodDelete, Path: path, Token: w.user}).Expect(http.StatusNoContent)
		w.Get(t, path, w.user).Expect(http.StatusNotFound)
	})
}

// Returning everything returns the purchase's total to pay less the shipping's share
// (1.412.820 − 68.190 = 1.344.630), whatever the order and the split; on a paid purchase the
// return leaves a credit in our favour.
func TestReturnEverythingLeavesACredit(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		for _, k := range []string{"a", "b", "c"} {
			w.setStock(t, k, 100)
		}
		p := w.create(t, w.admin, w.example("FV-R-4"))
		// Paid in full by an admin.
		raw, _ := json.Marshal(obj{"type": "purchase", "document_id": p.ID, "date": "2026-11-23", "reference_no": "TR-1",
			"amount_cents": p.Totals.TotalToPayCents, "method": "transfer"})
		w.multipart(t, http.MethodPost, "/api/payments", w.admin, [][2]string{{"data", string(raw)}}, "", nil).Expect(http.StatusCreated)

		r := w.returnable(t, w.user, p.ID)
		var sum int64
		for i, l := range r.Lines {
			for _, part := range []int64{l.Quantity / 3, l.Quantity - l.Quantity/3} {
				var out one[purchasing.Return]
				w.sendReturn(t, w.admin, goods(p.ID, l.PurchaseLineID, part, fmt.Sprintf("DV-%d-%d", i, part))).
					Expect(http.StatusCreated).JSON(&out)
				sum += out.Data.Totals.AmountCents
			}
		}
		if sum != 134_463_000 {
			t.Fatalf("everything returned = %d, want 134_463_000", sum)
		}
		r = w.returnable(t, w.user, p.ID)
		if r.Purchase.ReturnCents != sum || r.Purchase.BalanceCents != -sum || r.Purchase.CreditCents != sum ||
			r.Purchase.Status != "paid" || r.ReturnableCents != 0 {
			t.Fatalf("after everything %+v", r.Purchase)
		}
		var page listing.Page[purchasing.Purchase]
		w.Get(t, "/api/purchases", w.user).Expect(http.StatusOK).JSON(&page)
		if page.Data[0].Totals.CreditCents != sum {
			t.Fatalf("the list's credit %+v", page.Data[0].Totals)
		}
		// The supplier's figures carry the returns and the credit.
		var sup one[map[string]any]
		w.Get(t, fmt.Sprintf("/api/suppliers/%d", w.supplier), w.user).Expect(http.StatusOK).JSON(&sup)
		if sup.Data["return_cents"] != float64(sum) || sup.Data["credit_cents"] != float64(sum) || sup.Data["balance_cents"] != 0.0 ||
			sup.Data["total_purchases"] != 1.0 || sup.Data["paid_cents"] != float64(p.Totals.TotalToPayCents) {
			t.Fatalf("supplier figures %v", sup.Data)
		}
	})
}

// Concurrent returns of one line never take more than was bought: the purchase is held while
// each checks and writes.
func TestConcurrentReturnsNeverExceedThePurchase(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		p := w.create(t, w.admin, w.example("FV-R-5"))
		lineA := w.returnable(t, w.user, p.ID).Lines[0].PurchaseLineID
		const n = 8
		var mu sync.Mutex
		statuses := map[int]int{}
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				r := w.sendReturn(t, w.user, goods(p.ID, lineA, 3, fmt.Sprintf("DV-C-%d", i)))
				mu.Lock()
				defer mu.Unlock()
				statuses[r.Status]++
			})
		}
		wg.Wait()
		if statuses[http.StatusCreated] != 3 || statuses[http.StatusUnprocessableEntity] != n-3 {
			t.Fatalf("concurrent returns: %v", statuses)
		}
		if r := w.returnable(t, w.user, p.ID); r.Lines[0].PendingQuantity != 9 || r.Lines[0].ReturnableQuantity != 1 {
			t.Fatalf("after the race %+v", r.Lines[0])
		}
	})
}
