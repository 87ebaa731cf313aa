package archive_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/backoffice/backoffice/modules/auth/authtest"
)

// totals are a purchase's figures a return moves.
type totals struct {
	ReturnCents        int64 `json:"return_cents"`
	PendingReturnCents int64 `json:"pending_return_cents"`
	PaidCents          int64 `json:"paid_cents"`
	BalanceCents       int64 `json:"balance_cents"`
}

func (w *world) purchaseTotals(t *testing.T, id int64) (totals, string) {
	t.Helper()
	var out authtest.Data[struct {
		Totals totals `json:"totals"`
		Status string `json:"status"`
	}]
	w.Get(t, fmt.Sprintf("/api/purchases/%d", id), w.Admin).Expect(http.StatusOK).JSON(&out)
	return out.Data.Totals, out.Data.Status
}

// goodsReturn records token's goods return of units of purchase id's first line (an
// administrator's is approved at once, a user's pending) and returns its id.
func (w *world) goodsReturn(t *testing.T, token string, id, units int64, ref string) int64 {
	t.Helper()
	return w.Multipart(t, http.MethodPost, "/api/returns", token, [][2]string{{"data", mustJSON(obj{"purchase_id": id, "kind": "goods",
		"return_date": "2026-11-22", "reference_no": ref, "lines": []obj{{"purchase_line_id": w.purchaseLines(t, id)[0], "quantity": units}}})}},
		nil, nil).CreatedID()
}

// sell records the user's pending sale of units (it holds them) and returns its id.
func (w *world) sell(t *testing.T, units int64) int64 {
	t.Helper()
	data := mustJSON(obj{"sale_date": "2026-11-21", "customer_id": w.customer, "store_id": w.store,
		"lines": []obj{{"product_id": w.goods, "quantity": units, "price_cents": 200000}}})
	return w.Multipart(t, http.MethodPost, "/api/sales", w.User, [][2]string{{"data", data}}, nil, nil).CreatedID()
}

// archiveSpaced is archive once the clock moved past a third of the send window, so that a test
// archiving many times stays within 3 codes per 15 minutes (the limit TestVerificationCode
// checks).
func (w *world) archiveSpaced(t *testing.T, token string, sel obj) batch {
	t.Helper()
	w.Clock.Advance(5*time.Minute + time.Second)
	return w.archive(t, token, sel)
}

// closed checks that secretaries and buyers may not preview sel (403) and that another
// company's user previews none of its records.
func (w *world) closed(t *testing.T, sel obj) {
	t.Helper()
	for _, token := range []string{w.Secretary, w.Buyer} {
		w.Send(t, http.MethodPost, "/api/advanced-delete/preview", token, sel).Expect(http.StatusForbidden)
	}
	if pv := w.preview(t, w.Other, sel); pv.Count != 0 || len(pv.Records) != 0 {
		t.Fatalf("another company's user previews %+v", pv)
	}
}

// restore asks the administrator's restore of batch id.
func (w *world) restore(t *testing.T, id int64) *authtest.Response {
	t.Helper()
	return w.Send(t, http.MethodPost, fmt.Sprintf("/api/archive/%d/restore", id), w.Admin, nil)
}

// refused expects a restore refused with a reason containing want.
func refused(t *testing.T, r *authtest.Response, want string) {
	t.Helper()
	if e := r.Expect(http.StatusConflict).Err(); !strings.Contains(e.Error, want) {
		t.Fatalf("refusal %q, want %q", e.Error, want)
	}
}

func (w *world) expectStock(t *testing.T, want int64, when string) {
	t.Helper()
	if got := w.stock(t); got != want {
		t.Fatalf("stock %s = %d, want %d", when, got, want)
	}
}

// Returns on their own: an approved goods return archived gives its units back to stock and its
// amount back to the purchase's balance (its credit gone), a pending one frees its pending
// amount; restore re-applies both exactly. A restore whose goods were sold meanwhile, or whose
// purchase was deleted, is refused with the reason and changes nothing; an approved return
// whose credit a refund settles cannot be deleted. Roles and companies hold.
func TestArchiveReturnsAlone(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, w *world) {
		p := w.purchase(t, w.Admin, "2026-11-02", 10) // 10 × 100.000, approved (stock comes from received orders)
		w.pay(t, p, 1000000)
		approved := w.goodsReturn(t, w.Admin, p, 2, "DV-1")
		pending := w.goodsReturn(t, w.User, p, 1, "DV-2")
		w.expectStock(t, 8, "after the approved return")
		before, beforeStatus := w.purchaseTotals(t, p)
		if before != (totals{ReturnCents: 200000, PendingReturnCents: 100000, PaidCents: 1000000, BalanceCents: -200000}) {
			t.Fatalf("purchase before %+v", before)
		}

		sel := obj{"kind": "returns", "ids": []int64{approved, pending}}
		w.closed(t, sel)
		if pv := w.preview(t, w.User, obj{"kind": "returns", "party_id": w.supplier, "store_id": w.store, "status": "pending"}); pv.Count != 1 || pv.Records[0].ID != pending {
			t.Fatalf("the supplier's pending returns at the store: %+v", pv)
		}
		if pv := w.preview(t, w.User, sel); pv.Count != 2 || pv.TotalCents == nil || *pv.TotalCents != 300000 {
			t.Fatalf("preview %+v, want both returns, 300.000", pv)
		}
		b := w.archiveSpaced(t, w.User, sel)
		w.expectStock(t, 10, "after archiving the returns")
		if got, status := w.purchaseTotals(t, p); got != (totals{PaidCents: 1000000}) || status != "paid" {
			t.Fatalf("purchase after archiving %+v %s", got, status)
		}
		w.Get(t, fmt.Sprintf("/api/returns/%d", approved), w.User).Expect(http.StatusNotFound)

		w.restore(t, b.ID).Expect(http.StatusOK)
		w.expectStock(t, 8, "after restoring the returns")
		if got, status := w.purchaseTotals(t, p); got != before || status != beforeStatus {
			t.Fatalf("purchase after restoring %+v %s, want %+v %s", got, status, before, beforeStatus)
		}

		// The approved return archived again; its 2 units are sold meanwhile: the restore is
		// refused and nothing changes.
		b = w.archiveSpaced(t, w.Admin, obj{"kind": "returns", "ids": []int64{approved}})
		sale := w.sell(t, 9)
		w.expectStock(t, 1, "after the sale")
		refused(t, w.restore(t, b.ID), "DV-1 cannot be restored: only 1 of Arroz are in stock.")
		w.expectStock(t, 1, "after the refused restore")
		if got, _ := w.purchaseTotals(t, p); got.ReturnCents != 0 || got.BalanceCents != 0 {
			t.Fatalf("purchase after the refused restore %+v", got)
		}
		w.archiveSpaced(t, w.Admin, obj{"kind": "sales", "ids": []int64{sale}})
		w.restore(t, b.ID).Expect(http.StatusOK)
		w.expectStock(t, 8, "after the sale left and the return came back")

		// A refund settles the approved return's credit: that return stays, named in the preview.
		w.Multipart(t, http.MethodPost, "/api/payments", w.Admin, [][2]string{{"data", mustJSON(obj{"type": "purchase", "document_id": p,
			"direction": "refund", "date": "2026-11-24", "reference_no": "RF-1", "amount_cents": 200000, "method": "transfer"})}},
			nil, nil).Expect(http.StatusCreated)
		pv := w.preview(t, w.User, sel)
		if pv.Count != 1 || pv.Records[0].ID != approved ||
			pv.Records[0].Blocked != "Purchase return cannot be deleted: the supplier's refund RF-1 settles its credit; delete the refund first." {
			t.Fatalf("preview with a refund %+v", pv)
		}

		// The pending return archived alone, then its purchase archived (with the other return,
		// the payment and the refund): the return's restore is refused, the purchase stays gone.
		b = w.archiveSpaced(t, w.User, obj{"kind": "returns", "ids": []int64{pending}})
		w.archiveSpaced(t, w.Admin, obj{"kind": "purchases", "ids": []int64{p}})
		refused(t, w.restore(t, b.ID), "DV-2 cannot be restored: its purchase FV-001 was deleted.")
		w.Get(t, fmt.Sprintf("/api/returns/%d", pending), w.Admin).Expect(http.StatusNotFound)
	})
}

// order is a purchase order as the tests read it.
type order struct {
	ReferenceNo      string `json:"reference_no"`
	ReceivedQuantity int64  `json:"received_quantity"`
	PendingQuantity  int64  `json:"pending_quantity"`
	ReceiptCount     int64  `json:"receipt_count"`
	Status           string `json:"status"`
}

func (w *world) order(t *testing.T, id int64) order {
	t.Helper()
	var out authtest.Data[order]
	w.Get(t, fmt.Sprintf("/api/purchase-orders/%d", id), w.Admin).Expect(http.StatusOK).JSON(&out)
	return out.Data
}

// newOrder is the user's purchase order of units of the goods, approved, and returns its id.
func (w *world) newOrder(t *testing.T, units int64) int64 {
	t.Helper()
	id := w.Multipart(t, http.MethodPost, "/api/purchase-orders", w.User, [][2]string{{"category_id", fmt.Sprint(w.category)},
		{"product_id", fmt.Sprint(w.goods)}, {"quantity", fmt.Sprint(units)}}, nil, nil).CreatedID()
	w.Send(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/approve", id), w.Admin, nil).Expect(http.StatusOK)
	return id
}

// receive is the user's received order of units against order id, approved when approve.
func (w *world) receive(t *testing.T, id, units int64, approve bool) int64 {
	t.Helper()
	ro := w.Multipart(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/receive", id), w.User,
		[][2]string{{"quantity", fmt.Sprint(units)}}, nil, nil).CreatedID()
	if approve {
		w.Send(t, http.MethodPost, fmt.Sprintf("/api/received-orders/%d/approve", ro), w.Admin, nil).Expect(http.StatusOK)
	}
	return ro
}

// Purchase orders and received orders: an approved received order archived takes its units
// back out of stock and its order's received units and status are recomputed (a pending one
// frees its booking); an order goes with its received orders; restore re-applies everything.
// A received order whose units were sold, or that a purchase invoices, cannot be deleted and
// neither can its order; a restore whose order's balance was taken is refused and changes
// nothing.
func TestArchiveOrdersAndReceipts(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, w *world) {
		// The world's stock: 10 units from an approved order (PO-000001 / RO-000001).
		o := w.newOrder(t, 5)
		r2 := w.receive(t, o, 3, true)
		r3 := w.receive(t, o, 1, false)
		w.expectStock(t, 13, "after receiving 3")
		before := w.order(t, o)
		if before.Status != "partially_received" || before.ReceivedQuantity != 3 || before.PendingQuantity != 1 || before.ReceiptCount != 2 {
			t.Fatalf("order before %+v", before)
		}

		selR := obj{"kind": "received_orders", "ids": []int64{r2, r3}}
		w.closed(t, selR)
		if pv := w.preview(t, w.User, obj{"kind": "received_orders", "status": "pending"}); pv.Count != 1 || pv.Records[0].ID != r3 {
			t.Fatalf("pending received orders %+v", pv)
		}
		// They name no supplier: the filter is refused, never ignored (it would widen the selection).
		w.Send(t, http.MethodPost, "/api/advanced-delete/preview", w.User, obj{"kind": "received_orders", "party_id": w.supplier}).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "This filter does not apply to what you delete.")

		// Both receipts archived: 3 units leave stock, the order is approved with nothing received.
		b := w.archiveSpaced(t, w.User, selR)
		w.expectStock(t, 10, "after archiving the received orders")
		if got := w.order(t, o); got.Status != "approved" || got.ReceivedQuantity != 0 || got.PendingQuantity != 0 || got.ReceiptCount != 0 {
			t.Fatalf("order after archiving its receipts %+v", got)
		}
		w.restore(t, b.ID).Expect(http.StatusOK)
		w.expectStock(t, 13, "after restoring the received orders")
		if got := w.order(t, o); got != before {
			t.Fatalf("order after restoring %+v, want %+v", got, before)
		}

		// The order goes with its received orders and comes back with them.
		selO := obj{"kind": "purchase_orders", "ids": []int64{o}}
		if pv := w.preview(t, w.User, selO); pv.Count != 1 || pv.Dependents != 2 {
			t.Fatalf("order preview %+v, want the order with its 2 received orders", pv)
		}
		b = w.archiveSpaced(t, w.User, selO)
		w.expectStock(t, 10, "after archiving the order")
		w.Get(t, fmt.Sprintf("/api/purchase-orders/%d", o), w.Admin).Expect(http.StatusNotFound)
		w.Get(t, fmt.Sprintf("/api/received-orders/%d", r2), w.Admin).Expect(http.StatusNotFound)
		w.restore(t, b.ID).Expect(http.StatusOK)
		w.expectStock(t, 13, "after restoring the order")
		if got := w.order(t, o); got != before {
			t.Fatalf("order after restoring %+v, want %+v", got, before)
		}

		// Sold meanwhile: 11 units held by a sale leave 2 of the 3 received — both blocked.
		sale := w.sell(t, 11)
		pv := w.preview(t, w.User, obj{"kind": "received_orders", "ids": []int64{r2}})
		if pv.Count != 0 || pv.Records[0].Blocked != "Received order cannot be deleted: it brought 3 of Arroz and only 2 are in stock." {
			t.Fatalf("preview of a sold receipt %+v", pv)
		}
		pv = w.preview(t, w.User, selO)
		if pv.Count != 0 || pv.Records[0].Blocked != "Purchase order cannot be deleted: its received orders brought 3 of Arroz and only 2 are in stock." {
			t.Fatalf("preview of a sold order %+v", pv)
		}
		w.archiveSpaced(t, w.User, obj{"kind": "sales", "ids": []int64{sale}})

		// The pending receipt archived; another takes the order's whole balance: refused.
		b = w.archiveSpaced(t, w.User, obj{"kind": "received_orders", "ids": []int64{r3}})
		w.receive(t, o, 2, false)
		mid := w.order(t, o)
		refused(t, w.restore(t, b.ID), "cannot be restored: its purchase order "+before.ReferenceNo+" no longer has the balance for it.")
		if got := w.order(t, o); got != mid {
			t.Fatalf("order after the refused restore %+v, want %+v", got, mid)
		}
		w.Get(t, fmt.Sprintf("/api/received-orders/%d", r3), w.Admin).Expect(http.StatusNotFound)

		// Invoiced: a purchase made from RO-000002 keeps it and its order.
		p := w.purchaseOf(t, w.Admin, "2026-11-20", 3, obj{"received_order_id": r2})
		pv = w.preview(t, w.User, obj{"kind": "received_orders", "ids": []int64{r2}})
		if pv.Count != 0 || pv.Records[0].Blocked != "Received order cannot be deleted: purchase FV-001 invoices it." {
			t.Fatalf("preview of an invoiced receipt %+v", pv)
		}
		pv = w.preview(t, w.User, selO)
		if pv.Count != 0 || !strings.HasPrefix(pv.Records[0].Blocked, "Purchase order cannot be deleted: its received order RO-") ||
			!strings.HasSuffix(pv.Records[0].Blocked, "is invoiced by purchase FV-001.") {
			t.Fatalf("preview of an order with an invoiced receipt %+v", pv)
		}
		w.Send(t, http.MethodPost, "/api/advanced-delete/send-code", w.User, selO).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "Nothing in this selection can be deleted.")
		// The purchase archived, the receipt may go.
		w.archiveSpaced(t, w.Admin, obj{"kind": "purchases", "ids": []int64{p}})
		if pv := w.preview(t, w.User, obj{"kind": "received_orders", "ids": []int64{r2}}); pv.Count != 1 {
			t.Fatalf("preview once the purchase is gone %+v", pv)
		}
	})
}

// A sale and a purchase archived, then the products their lines name (nothing live names them
// then): restoring either document is refused, as a new document naming a deleted product is,
// and it stays archived. The restore keeps the products it brings back into use, as a new
// document does.
func TestRestoreOfADocumentWhoseProductWentSince(t *testing.T) {
	each(t, func(t *testing.T, w *world) {
		service, bean := w.service(t, "S-9"), w.unstocked(t, "G-9")
		sale := w.saleOf(t, w.customer, service).CreatedID()
		purchase := w.purchaseNaming(t, "FR-900", bean).CreatedID()
		sold := w.archiveSpaced(t, w.User, obj{"kind": "sales", "ids": []int64{sale}})
		bought := w.archiveSpaced(t, w.User, obj{"kind": "purchases", "ids": []int64{purchase}})
		w.archiveSpaced(t, w.User, obj{"kind": "products", "ids": []int64{service, bean}})
		refused(t, w.restore(t, sold.ID), "VTA-000001 cannot be restored: its product was deleted.")
		refused(t, w.restore(t, bought.ID), "FR-900 cannot be restored: its product was deleted.")
		w.Get(t, fmt.Sprintf("/api/sales/%d", sale), w.Admin).Expect(http.StatusNotFound)
		w.Get(t, fmt.Sprintf("/api/purchases/%d", purchase), w.Admin).Expect(http.StatusNotFound)
	})
}
