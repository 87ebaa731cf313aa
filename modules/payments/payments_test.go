package payments_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/payments"
	"github.com/backoffice/backoffice/platform/listing"
)

type obj = map[string]any

// one is an answer about one record.
type one[T any] = authtest.Data[T]

// document is what the tests read of a purchase or a sale.
type document struct {
	ID             int64  `json:"id"`
	Status         string `json:"status"`
	ApprovalStatus string `json:"approval_status"`
	Totals         struct {
		TotalToPayCents int64 `json:"total_to_pay_cents"`
		TotalCents      int64 `json:"total_cents"`
		PaidCents       int64 `json:"paid_cents"`
		BalanceCents    int64 `json:"balance_cents"`
		// A purchase's returns (approved, pending) and its credit in our favour.
		ReturnCents        int64 `json:"return_cents"`
		PendingReturnCents int64 `json:"pending_return_cents"`
		CreditCents        int64 `json:"credit_cents"`
	} `json:"totals"`
}

// total is what the document owes in all (a purchase's total to pay, a sale's total).
func (d document) total() int64 { return max(d.Totals.TotalToPayCents, d.Totals.TotalCents) }

// world is a Stack with its cast (a user per role, a user of another company), a supplier, a
// customer, a store and a service (no stock, no expiry) to buy and sell.
type world struct {
	*authtest.Stack
	authtest.Cast
	supplier, customer, store, category int64
	service                             int64
	refs                                int
}

func newWorld(t *testing.T, s *authtest.Stack) *world {
	t.Helper()
	w := &world{Stack: s, Cast: s.NewCast(t)}
	w.supplier = s.Send(t, http.MethodPost, "/api/suppliers", w.Admin, obj{"name": "Distribuidora Andina", "person_type": "natural"}).CreatedID()
	w.customer = s.Send(t, http.MethodPost, "/api/customers", w.Admin, obj{"name": "Tienda La Esquina", "person_type": "natural"}).CreatedID()
	w.store = s.Send(t, http.MethodPost, "/api/stores", w.Admin, obj{"name": "Principal", "company_id": s.CompanyID}).CreatedID()
	w.category = s.Send(t, http.MethodPost, "/api/categories", w.Admin, obj{"name": "Servicios"}).CreatedID()
	w.service = s.Multipart(t, http.MethodPost, "/api/products", w.Admin, [][2]string{{"code", "S-1"}, {"name", "Asesoría"},
		{"category_id", fmt.Sprint(w.category)}, {"unit", "und"}, {"cost_cents", "100"}, {"price_cents", "200"},
		{"iva_class", "excluido"}, {"kind", "service"}}, nil, nil).CreatedID()
	return w
}

// purchase records a purchase of cents (one line of the service, excluded from VAT) by token,
// approved by an administrator unless pending is set.
func (w *world) purchase(t *testing.T, token string, cents int64, pending bool) document {
	t.Helper()
	return w.purchaseOf(t, token, w.supplier, "2026-11-20", cents, pending)
}

// purchaseOf is purchase from supplier on date, due 30 days later.
func (w *world) purchaseOf(t *testing.T, token string, supplier int64, date string, cents int64, pending bool) document {
	t.Helper()
	w.refs++
	data, _ := json.Marshal(obj{"purchase_date": date, "reference_no": fmt.Sprintf("FV-%03d", w.refs),
		"supplier_id": supplier, "store_id": w.store, "days_of_credit": 30,
		"lines": []obj{{"category_id": w.category, "product_id": w.service, "cost_cents": cents, "quantity": 1}}})
	id := w.Multipart(t, http.MethodPost, "/api/purchases", token, [][2]string{{"data", string(data)}},
		[]authtest.File{{Field: "attachment", Name: "invoice.png", Data: authtest.PNG}}, nil).CreatedID()
	if !pending && token != w.Admin {
		w.Send(t, http.MethodPost, fmt.Sprintf("/api/purchases/%d/approve", id), w.Admin, nil).Expect(http.StatusOK)
	}
	return w.document(t, "purchase", id)
}

// sale records a sale of cents (one line of the service) by the user, approved by an
// administrator.
func (w *world) sale(t *testing.T, cents int64) document {
	t.Helper()
	data, _ := json.Marshal(obj{"sale_date": "2026-11-20", "customer_id": w.customer, "store_id": w.store,
		"lines": []obj{{"product_id": w.service, "quantity": 1, "price_cents": cents}}})
	id := w.Multipart(t, http.MethodPost, "/api/sales", w.User, [][2]string{{"data", string(data)}}, nil, nil).CreatedID()
	w.Send(t, http.MethodPost, fmt.Sprintf("/api/sales/%d/approve", id), w.Admin, nil).Expect(http.StatusOK)
	return w.document(t, "sale", id)
}

// document reads a purchase or a sale as the admin sees it.
func (w *world) document(t *testing.T, typ string, id int64) document {
	t.Helper()
	var out one[document]
	w.Get(t, fmt.Sprintf("/api/%ss/%d", typ, id), w.Admin).Expect(http.StatusOK).JSON(&out)
	return out.Data
}

// pay posts a payment form with images and headers.
func (w *world) pay(t *testing.T, token string, body obj, images int, header map[string]string) *authtest.Response {
	t.Helper()
	data, _ := json.Marshal(body)
	var files []authtest.File
	for i := range images {
		files = append(files, authtest.File{Field: "images", Name: fmt.Sprintf("receipt%d.png", i), Data: authtest.PNG})
	}
	return w.Multipart(t, http.MethodPost, "/api/payments", token, [][2]string{{"data", string(data)}}, files, header)
}

// form is a payment of cents on document id of typ.
func form(typ string, id, cents int64) obj {
	return obj{"type": typ, "document_id": id, "date": "2026-11-23", "reference_no": "TR-" + fmt.Sprint(cents),
		"amount_cents": cents, "method": "transfer", "note": "abono"}
}

// paid reads back a payment answer.
func paid(t *testing.T, r *authtest.Response, status int) payments.Payment {
	t.Helper()
	var out one[payments.Payment]
	r.Expect(status).JSON(&out)
	return out.Data
}

func (w *world) decide(t *testing.T, id int64, verb string, body any) *authtest.Response {
	t.Helper()
	return w.Send(t, http.MethodPost, fmt.Sprintf("/api/payments/%d/%s", id, verb), w.Admin, body)
}

// overpaid is the refusal of an amount above what may still be paid, available centavos.
func overpaid(t *testing.T, r *authtest.Response, field, message string) {
	t.Helper()
	e := r.ExpectError(http.StatusUnprocessableEntity, "invalid", message)
	if e.Fields[field] != message {
		t.Fatalf("fields %v, want %s: %q", e.Fields, field, message)
	}
}

// A purchase paid by a user's pending payment and an administrator's approval, then in full by
// an administrator's own payment; pending payments hold their amount until rejected or deleted;
// nothing is ever paid beyond the balance.
func TestPayingAPurchase(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		pu := w.purchase(t, w.User, 1_000_000_00, false) // $ 1.000.000
		total := pu.total()
		if pu.Status != "pending" || total != 1_000_000_00 {
			t.Fatalf("purchase %+v", pu)
		}

		// A user's payment of half waits for an administrator: the purchase does not move.
		half := paid(t, w.pay(t, w.User, form("purchase", pu.ID, total/2), 1, nil), http.StatusCreated)
		if half.ApprovalStatus != "pending" || half.DocumentNumber != "FV-001" || half.PartyName != "Distribuidora Andina" ||
			half.PartyID != w.supplier || half.CompanyID != w.CompanyID || len(half.Images) != 1 || *half.CreatedBy != w.UserID {
			t.Fatalf("pending payment %+v", half)
		}
		if got := w.document(t, "purchase", pu.ID); got.Status != "pending" || got.Totals.PaidCents != 0 {
			t.Fatalf("a pending payment moved the purchase: %+v", got)
		}

		// The pending half counts: another payment may take only the other half.
		overpaid(t, w.pay(t, w.Secretary, form("purchase", pu.ID, total/2+1), 0, nil), "amount_cents",
			"The payment exceeds the balance due ($ 500.000).")

		// Approval moves the purchase: partial, half paid.
		approved := paid(t, w.decide(t, half.ID, "approve", nil), http.StatusOK)
		if approved.ApprovalStatus != "approved" || approved.ApprovedAt == nil || len(approved.Images) != 1 {
			t.Fatalf("approved %+v", approved)
		}
		if got := w.document(t, "purchase", pu.ID); got.Status != "partial" || got.Totals.PaidCents != total/2 || got.Totals.BalanceCents != total/2 {
			t.Fatalf("after the approval: %+v", got)
		}
		w.decide(t, half.ID, "approve", nil).ExpectError(http.StatusConflict, "conflict", "Only pending records can be approved or rejected.")

		// A pending payment of 300.000 holds its amount until it is rejected: then 500.000 fit.
		held := paid(t, w.pay(t, w.User, form("purchase", pu.ID, 300_000_00), 0, nil), http.StatusCreated)
		overpaid(t, w.pay(t, w.Admin, form("purchase", pu.ID, 200_000_01), 0, nil), "amount_cents",
			"The payment exceeds the balance due ($ 200.000).")
		w.decide(t, held.ID, "reject", obj{}).ExpectError(http.StatusUnprocessableEntity, "invalid", "A reason is required.")
		rejected := paid(t, w.decide(t, held.ID, "reject", obj{"reason": "Wrong account"}), http.StatusOK)
		if rejected.ApprovalStatus != "rejected" || rejected.ApprovalReason != "Wrong account" {
			t.Fatalf("rejected %+v", rejected)
		}

		// A pending payment deleted frees its amount too; approved and rejected ones are not deleted.
		gone := paid(t, w.pay(t, w.User, form("purchase", pu.ID, 100_000_00), 0, nil), http.StatusCreated)
		w.Send(t, http.MethodDelete, fmt.Sprintf("/api/payments/%d", gone.ID), w.Secretary, nil).Expect(http.StatusNoContent)
		w.Get(t, fmt.Sprintf("/api/payments/%d", gone.ID), w.Admin).Expect(http.StatusNotFound)
		for _, id := range []int64{half.ID, held.ID} {
			w.Send(t, http.MethodDelete, fmt.Sprintf("/api/payments/%d", id), w.Admin, nil).
				ExpectError(http.StatusConflict, "conflict", "Payment cannot be deleted")
		}

		// An administrator's payment is approved at once: the rest, and the purchase is paid.
		rest := paid(t, w.pay(t, w.Admin, form("purchase", pu.ID, total/2), 0, nil), http.StatusCreated)
		if rest.ApprovalStatus != "approved" {
			t.Fatalf("admin's payment %+v", rest)
		}
		if got := w.document(t, "purchase", pu.ID); got.Status != "paid" || got.Totals.PaidCents != total || got.Totals.BalanceCents != 0 {
			t.Fatalf("paid in full: %+v", got)
		}
		overpaid(t, w.pay(t, w.Admin, form("purchase", pu.ID, 1), 0, nil), "amount_cents", "The payment exceeds the balance due ($ 0).")

		// A purchase with payments is not deleted; the form's messages.
		w.Send(t, http.MethodDelete, fmt.Sprintf("/api/purchases/%d", pu.ID), w.Admin, nil).Expect(http.StatusConflict)
		bad := form("purchase", pu.ID, 1)
		bad["reference_no"] = " "
		w.pay(t, w.User, bad, 0, nil).ExpectError(http.StatusUnprocessableEntity, "invalid", "Reference No is required")
		bad = form("purchase", pu.ID, 0)
		bad["method"] = "bitcoin"
		e := w.pay(t, w.User, bad, 0, nil).Err()
		if e.Fields["amount_cents"] != "The amount must be greater than 0." || e.Fields["method"] != "Choose a payment method." {
			t.Fatalf("form errors %+v", e)
		}
		w.pay(t, w.User, form("purchase", pu.ID, 1), 11, nil).ExpectError(http.StatusUnprocessableEntity, "invalid",
			"A payment may have at most 10 images.")
		w.Multipart(t, http.MethodPost, "/api/payments", w.User, [][2]string{{"data", "{"}}, nil, nil).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "Missing required fields.")

		// Only approved documents are paid; a missing one is 404.
		open := w.purchase(t, w.User, 10_000_00, true)
		w.pay(t, w.Admin, form("purchase", open.ID, 1), 0, nil).ExpectError(http.StatusUnprocessableEntity, "invalid",
			"Only approved documents can be paid.")
		w.pay(t, w.Admin, form("purchase", 99_999, 1), 0, nil).ExpectError(http.StatusNotFound, "not_found",
			"The requested information was not found")
		w.pay(t, w.Admin, form("sale", pu.ID, 1), 0, nil).Expect(http.StatusNotFound)

		// The document's payments, newest first, with their run and status; the purchase's figures.
		// Everyone who reads them sees who recorded each by name (only administrators list users).
		var list listing.Page[payments.Payment]
		w.Get(t, fmt.Sprintf("/api/payments?type=purchase&document_id=%d&sort=created_at", pu.ID), w.Secretary).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 3 || list.Data[0].ID != half.ID || list.Data[2].ID != rest.ID {
			t.Fatalf("the purchase's payments: %+v", list)
		}
		if list.Data[0].CreatedByName != "First user1 Last" || list.Data[2].CreatedByName != "First admin1 Last" {
			t.Fatalf("creators %q, %q", list.Data[0].CreatedByName, list.Data[2].CreatedByName)
		}
	})
}

// A sale's payment, once approved, lowers the sale's balance and its customer's.
func TestPayingASale(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		sa := w.sale(t, 800_000_00)
		customer := func() (paidCents, balance float64) {
			var c one[obj]
			w.Get(t, fmt.Sprintf("/api/customers/%d", w.customer), w.Admin).Expect(http.StatusOK).JSON(&c)
			return c.Data["paid_cents"].(float64), c.Data["balance_cents"].(float64)
		}
		if p, b := customer(); p != 0 || b != float64(sa.total()) {
			t.Fatalf("customer before: paid %v balance %v", p, b)
		}
		pm := paid(t, w.pay(t, w.Secretary, form("sale", sa.ID, 300_000_00), 0, nil), http.StatusCreated)
		if p, _ := customer(); p != 0 {
			t.Fatal("a pending payment moved the customer's figures")
		}
		w.decide(t, pm.ID, "approve", nil).Expect(http.StatusOK)
		if got := w.document(t, "sale", sa.ID); got.Status != "partial" || got.Totals.PaidCents != 300_000_00 ||
			got.Totals.BalanceCents != sa.total()-300_000_00 {
			t.Fatalf("sale after the payment: %+v", got)
		}
		if p, b := customer(); p != 300_000_00 || b != float64(sa.total()-300_000_00) {
			t.Fatalf("customer after: paid %v balance %v", p, b)
		}
		overpaid(t, w.pay(t, w.User, form("sale", sa.ID, sa.total()), 0, nil), "amount_cents",
			fmt.Sprintf("The payment exceeds the balance due ($ %s).", pesos(sa.total()-300_000_00)))
		// A sale with payments is never deleted.
		w.Send(t, http.MethodDelete, fmt.Sprintf("/api/sales/%d", sa.ID), w.Admin, nil).Expect(http.StatusConflict)

		// The customer's open sales for a run: due at once, what a new payment may take.
		var docs one[[]openDocument]
		w.Get(t, fmt.Sprintf("/api/payments/documents?type=sale&party_ids=%d", w.customer), w.User).Expect(http.StatusOK).JSON(&docs)
		if len(docs.Data) != 1 || docs.Data[0].ID != sa.ID || docs.Data[0].DueDate != "" || docs.Data[0].DaysOverdue != 0 ||
			docs.Data[0].AvailableCents != sa.total()-300_000_00 || docs.Data[0].Number == "" {
			t.Fatalf("open sales %+v", docs.Data)
		}
		w.Get(t, fmt.Sprintf("/api/payments/documents?type=sale&party_ids=%d", w.customer), w.Other).Expect(http.StatusOK).JSON(&docs)
		if len(docs.Data) != 0 {
			t.Fatalf("another company sees %+v", docs.Data)
		}
	})
}

// pesos writes whole pesos es-CO style, for the test's expectations.
func pesos(cents int64) string {
	s := fmt.Sprint(cents / 100)
	var out []byte
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, '.')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// Roles and companies: the buyer has no payments at all; another company's payment, document and
// images answer 404; the images are read by those who read the payment. Every write is an event
// in the outbox with the contract's payload.
func TestAccessImagesAndEvents(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		pu := w.purchase(t, w.Admin, 50_000_00, false)
		pm := paid(t, w.pay(t, w.User, form("purchase", pu.ID, 20_000_00), 2, nil), http.StatusCreated)
		if len(pm.Images) != 2 {
			t.Fatalf("images %+v", pm.Images)
		}
		for _, r := range []*authtest.Response{
			w.Get(t, "/api/payments", w.Buyer), w.Get(t, fmt.Sprintf("/api/payments/%d", pm.ID), w.Buyer),
			w.pay(t, w.Buyer, form("purchase", pu.ID, 1), 0, nil),
			w.Send(t, http.MethodDelete, fmt.Sprintf("/api/payments/%d", pm.ID), w.Buyer, nil),
			w.Get(t, fmt.Sprintf("/api/payments/documents?type=purchase&party_ids=%d", w.supplier), w.Buyer),
			w.Send(t, http.MethodPost, fmt.Sprintf("/api/payments/%d/approve", pm.ID), w.User, nil),
		} {
			r.Expect(http.StatusForbidden)
		}
		// Another company: the payment, the document and the images are not there.
		w.Get(t, fmt.Sprintf("/api/payments/%d", pm.ID), w.Other).Expect(http.StatusNotFound)
		w.Send(t, http.MethodDelete, fmt.Sprintf("/api/payments/%d", pm.ID), w.Other, nil).Expect(http.StatusNotFound)
		w.pay(t, w.Other, form("purchase", pu.ID, 1), 0, nil).ExpectError(http.StatusNotFound, "not_found", "The requested information was not found")
		var list listing.Page[payments.Payment]
		w.Get(t, "/api/payments", w.Other).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 0 {
			t.Fatalf("another company lists %+v", list)
		}
		for _, img := range pm.Images {
			for token, want := range map[string]int{w.User: http.StatusOK, w.Secretary: http.StatusOK, w.Admin: http.StatusOK,
				w.Buyer: http.StatusNotFound, w.Other: http.StatusNotFound} {
				if r := w.Get(t, img.URL, token); r.Status != want {
					t.Errorf("image %s: %d, want %d", img.URL, r.Status, want)
				}
			}
		}
		// An administrator filters by company.
		w.Get(t, fmt.Sprintf("/api/payments?company_id=%d", w.CompanyID), w.Admin).Expect(http.StatusOK).JSON(&list)
		// The list's rows carry their images (its cells read no payment of their own).
		if list.Meta.Total != 1 || len(list.Data[0].Images) != 2 || list.Data[0].Images[0].URL != pm.Images[0].URL {
			t.Fatalf("admin's company filter: %+v", list)
		}
		w.Get(t, "/api/payments?party_id=1", w.Admin).ExpectError(http.StatusUnprocessableEntity, "invalid",
			"Choose purchase or sale to filter by party.")

		// Search by reference, document number and party; the export with the list's filter.
		for q, want := range map[string]int{"TR-2000000": 1, "FV-001": 1, "andina": 1, "nadie": 0} {
			w.Get(t, "/api/payments?q="+q, w.User).Expect(http.StatusOK).JSON(&list)
			if list.Meta.Total != want {
				t.Errorf("search %q: %d payments, want %d", q, list.Meta.Total, want)
			}
		}
		sheet := w.Get(t, "/api/payments/export.xlsx?lang=es&type=purchase", w.User).Expect(http.StatusOK).Sheet("Pagos")
		if len(sheet) != 2 || sheet[0][0] != "Fecha" || sheet[1][1] != "Compra" || sheet[1][2] != "Pago" || sheet[1][3] != "FV-001" ||
			sheet[1][6] != "Transferencia" || sheet[1][10] != "Pendiente" || sheet[1][11] != "First user1 Last" {
			t.Fatalf("export %v", sheet)
		}

		w.decide(t, pm.ID, "reject", obj{"reason": "Duplicado"}).Expect(http.StatusOK)
		second := paid(t, w.pay(t, w.Admin, form("purchase", pu.ID, 10_000_00), 0, nil), http.StatusCreated)
		var events []struct {
			Subject string `bun:"subject"`
			Payload string `bun:"payload"`
		}
		if err := w.DB.NewSelect().Table("outbox_events").Column("subject", "payload").Where("subject LIKE 'backoffice.payments.%'").
			OrderExpr("id").Scan(context.Background(), &events); err != nil {
			t.Fatal(err)
		}
		want := []string{payments.SubjectPaymentCreated, payments.SubjectPaymentRejected, payments.SubjectPaymentCreated}
		if len(events) != len(want) {
			t.Fatalf("events %+v", events)
		}
		data := make([]payments.Event, len(events))
		for i, ev := range events {
			var env struct {
				CompanyID int64          `json:"company_id"`
				Data      payments.Event `json:"data"`
			}
			if err := json.Unmarshal([]byte(ev.Payload), &env); err != nil {
				t.Fatal(err)
			}
			if ev.Subject != want[i] || env.CompanyID != w.CompanyID || env.Data.Type != "purchase" || env.Data.Direction != "payment" || env.Data.DocumentID != pu.ID ||
				env.Data.DocumentNumber != "FV-001" || env.Data.PartyName != "Distribuidora Andina" {
				t.Errorf("event %d: %s %+v", i, ev.Subject, env)
			}
			data[i] = env.Data
		}
		rejected, created := data[1], data[2]
		if rejected.ID != pm.ID || rejected.Status != "rejected" || rejected.Reason != "Duplicado" || rejected.CreatedBy != w.UserID ||
			rejected.AmountCents != 20_000_00 || rejected.ReferenceNo != pm.ReferenceNo {
			t.Errorf("rejected event %+v", rejected)
		}
		if created.ID != second.ID || created.Status != "approved" || created.Reason != "" {
			t.Errorf("admin's created event %+v", created)
		}
	})
}

// Idempotency-Key: a retry with the same key and form answers the first answer and records
// nothing; another form with the key is refused; a refusal is the answer too.
func TestIdempotencyKey(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		pu := w.purchase(t, w.Admin, 50_000_00, false)
		key := map[string]string{"Idempotency-Key": "4f1e9c1a-7d55-4a35-9d0e-3c1a2b9f0e11"}
		first := w.pay(t, w.User, form("purchase", pu.ID, 20_000_00), 1, key).Expect(http.StatusCreated)
		again := w.pay(t, w.User, form("purchase", pu.ID, 20_000_00), 1, key).Expect(http.StatusCreated)
		if !bytes.Equal(first.Body, again.Body) {
			t.Fatalf("the retry answered\n%s\nnot the first answer\n%s", again.Body, first.Body)
		}
		w.pay(t, w.User, form("purchase", pu.ID, 30_000_00), 1, key).ExpectError(http.StatusUnprocessableEntity, "invalid",
			"This Idempotency-Key was already used with another request.")
		// Another user's equal key is another key.
		w.pay(t, w.Secretary, form("purchase", pu.ID, 20_000_00), 1, key).Expect(http.StatusCreated)
		var list listing.Page[payments.Payment]
		w.Get(t, fmt.Sprintf("/api/payments?type=purchase&document_id=%d", pu.ID), w.Admin).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 2 {
			t.Fatalf("%d payments, want 2 (one per user)", list.Meta.Total)
		}
		// A refusal is kept as the answer: the same retry gets it again, even once it would fit.
		over := map[string]string{"Idempotency-Key": "over-1"}
		refused := w.pay(t, w.User, form("purchase", pu.ID, 10_000_01), 0, over).Expect(http.StatusUnprocessableEntity)
		w.Send(t, http.MethodDelete, fmt.Sprintf("/api/payments/%d", list.Data[0].ID), w.Admin, nil).Expect(http.StatusNoContent)
		if r := w.pay(t, w.User, form("purchase", pu.ID, 10_000_01), 0, over); r.Status != http.StatusUnprocessableEntity || !bytes.Equal(r.Body, refused.Body) {
			t.Fatalf("the refusal's retry answered %d %s", r.Status, r.Body)
		}
	})
}

// run is what the tests read of a run.
type run struct {
	ID         int64              `json:"id"`
	Number     string             `json:"number"`
	TotalCents int64              `json:"total_cents"`
	Payments   []payments.Payment `json:"payments"`
}

// openDocument is what the tests read of an open document.
type openDocument struct {
	ID             int64  `json:"id"`
	Number         string `json:"number"`
	InvoiceNumber  string `json:"invoice_number"`
	PartyName      string `json:"party_name"`
	DueDate        string `json:"due_date"`
	DaysOverdue    int    `json:"days_overdue"`
	BalanceCents   int64  `json:"balance_cents"`
	PendingCents   int64  `json:"pending_cents"`
	AvailableCents int64  `json:"available_cents"`
}

// batch is a run's JSON of type purchase paying items (document id, amount).
func batch(items ...[2]int64) obj {
	list := []obj{}
	for _, it := range items {
		list = append(list, obj{"document_id": it[0], "amount_cents": it[1]})
	}
	return obj{"type": "purchase", "date": "2026-11-23", "reference_no": "TR-LOTE", "method": "transfer", "note": "pago masivo",
		"items": list}
}

// The concurrent-payments form: the open documents of two suppliers, then runs across them — one
// transaction each, all or none, an item over its balance refusing the whole run by name.
func TestRuns(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		second := s.Send(t, http.MethodPost, "/api/suppliers", w.Admin, obj{"name": "Café del Sur", "person_type": "natural"}).CreatedID()
		a := w.purchaseOf(t, w.Admin, w.supplier, "2026-10-01", 300_000_00, false) // due 2026-10-31: 23 days overdue
		b := w.purchaseOf(t, w.Admin, second, "2026-11-20", 200_000_00, false)     // due 2026-12-20
		c := w.purchaseOf(t, w.Admin, w.supplier, "2026-11-01", 100_000_00, false) // due 2026-12-01
		w.purchaseOf(t, w.User, second, "2026-11-01", 50_000_00, true)             // pending: not open
		paid(t, w.pay(t, w.User, form("purchase", c.ID, 40_000_00), 0, nil), http.StatusCreated)

		var docs one[[]openDocument]
		w.Get(t, fmt.Sprintf("/api/payments/documents?type=purchase&party_ids=%d,%d", w.supplier, second), w.User).
			Expect(http.StatusOK).JSON(&docs)
		if len(docs.Data) != 3 {
			t.Fatalf("open documents %+v", docs.Data)
		}
		first, last := docs.Data[0], docs.Data[2]
		if first.ID != a.ID || first.InvoiceNumber != "FV-001" || first.DueDate != "2026-10-31" || first.DaysOverdue != 23 ||
			first.AvailableCents != 300_000_00 || docs.Data[1].ID != c.ID || docs.Data[1].PendingCents != 40_000_00 ||
			docs.Data[1].AvailableCents != 60_000_00 || last.ID != b.ID || last.PartyName != "Café del Sur" || last.DaysOverdue != 0 {
			t.Fatalf("open documents %+v", docs.Data)
		}
		w.Get(t, "/api/payments/documents?type=purchase", w.User).ExpectError(http.StatusUnprocessableEntity, "invalid",
			"Choose at least one supplier or customer.")

		// One item over what its document may take refuses the whole run, named; nothing is kept.
		e := w.Send(t, http.MethodPost, "/api/payments/batch", w.User, batch([2]int64{a.ID, 300_000_00}, [2]int64{c.ID, 60_000_01},
			[2]int64{b.ID, 1})).ExpectError(http.StatusUnprocessableEntity, "invalid", "The payment exceeds the balance due ($ 60.000).")
		if e.Fields["items.1.amount_cents"] != "The payment exceeds the balance due ($ 60.000)." {
			t.Fatalf("fields %v", e.Fields)
		}
		var list listing.Page[payments.Payment]
		w.Get(t, "/api/payments", w.Admin).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 1 {
			t.Fatalf("a refused run left payments: %+v", list.Meta)
		}
		e = w.Send(t, http.MethodPost, "/api/payments/batch", w.User, batch([2]int64{a.ID, 1}, [2]int64{99_999, 1})).Err()
		if e.Fields["items.1.document_id"] != "The selected document is invalid." {
			t.Fatalf("missing document: %+v", e)
		}
		// The same document twice: both amounts count against it.
		e = w.Send(t, http.MethodPost, "/api/payments/batch", w.Admin, batch([2]int64{c.ID, 30_000_00}, [2]int64{c.ID, 30_000_01})).Err()
		if e.Fields["items.1.amount_cents"] != "The payment exceeds the balance due ($ 30.000)." {
			t.Fatalf("a document twice: %+v", e)
		}

		// A user's run across two suppliers: three pending payments, one batch, one number.
		key := map[string]string{"Idempotency-Key": "run-1"}
		body := batch([2]int64{a.ID, 300_000_00}, [2]int64{c.ID, 60_000_00}, [2]int64{b.ID, 150_000_00})
		r := w.Do(t, authtest.Request{Method: http.MethodPost, Path: "/api/payments/batch", Token: w.User, Body: body, Header: key})
		var got one[run]
		r.Expect(http.StatusCreated).JSON(&got)
		if got.Data.Number != "LOTE-000001" || got.Data.TotalCents != 510_000_00 || len(got.Data.Payments) != 3 ||
			got.Data.Payments[1].DocumentID != c.ID || got.Data.Payments[2].PartyName != "Café del Sur" ||
			got.Data.Payments[0].ApprovalStatus != "pending" || *got.Data.Payments[0].BatchID != got.Data.ID ||
			got.Data.Payments[0].BatchNumber != "LOTE-000001" {
			t.Fatalf("run %+v", got.Data)
		}
		again := w.Do(t, authtest.Request{Method: http.MethodPost, Path: "/api/payments/batch", Token: w.User, Body: body, Header: key})
		if again.Status != http.StatusCreated || !bytes.Equal(again.Body, r.Body) {
			t.Fatalf("the run's retry: %d %s", again.Status, again.Body)
		}
		w.Get(t, fmt.Sprintf("/api/payments?batch_id=%d", got.Data.ID), w.Admin).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 3 {
			t.Fatalf("the run's payments: %+v", list.Meta)
		}
		for _, pm := range got.Data.Payments {
			w.decide(t, pm.ID, "approve", nil).Expect(http.StatusOK)
		}
		if got := w.document(t, "purchase", a.ID); got.Status != "paid" {
			t.Fatalf("purchase a after the run %+v", got)
		}

		// An administrator's run, as multipart with its image: approved at once, the image on
		// every payment, read by those who read them.
		data, _ := json.Marshal(batch([2]int64{b.ID, 50_000_00}))
		r = w.Multipart(t, http.MethodPost, "/api/payments/batch", w.Admin, [][2]string{{"data", string(data)}},
			[]authtest.File{{Field: "image", Name: "soporte.png", Data: authtest.PNG}}, nil)
		r.Expect(http.StatusCreated).JSON(&got)
		pm := got.Data.Payments[0]
		if got.Data.Number != "LOTE-000002" || pm.ApprovalStatus != "approved" || len(pm.Images) != 1 {
			t.Fatalf("admin's run %+v", got.Data)
		}
		if got := w.document(t, "purchase", b.ID); got.Status != "paid" || got.Totals.BalanceCents != 0 {
			t.Fatalf("purchase b after the admin's run %+v", got)
		}
		w.Get(t, pm.Images[0].URL, w.Secretary).Expect(http.StatusOK)
		w.Get(t, pm.Images[0].URL, w.Buyer).Expect(http.StatusNotFound)
		w.Get(t, pm.Images[0].URL, w.Other).Expect(http.StatusNotFound)
		w.Multipart(t, http.MethodPost, "/api/payments/batch", w.Admin, [][2]string{{"data", string(data)}},
			[]authtest.File{{Field: "image", Name: "a.png", Data: authtest.PNG}, {Field: "image", Name: "b.png", Data: authtest.PNG}}, nil).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "A run may have one image.")

		// Another company's documents are not there; the buyer has no runs.
		w.Send(t, http.MethodPost, "/api/payments/batch", w.Other, batch([2]int64{c.ID, 1})).ExpectError(http.StatusUnprocessableEntity,
			"invalid", "The selected document is invalid.")
		w.Send(t, http.MethodPost, "/api/payments/batch", w.Buyer, batch([2]int64{c.ID, 1})).Expect(http.StatusForbidden)
	})
}

// credit gives purchase id approved returns of cents, as the returns' approval will (purchasing
// owns the columns; the test writes them as a return's approval would: balance and all).
func (w *world) credit(t *testing.T, id, cents int64) {
	t.Helper()
	if _, err := w.DB.NewUpdate().Table("purchases").Set("return_cents = ?", cents).
		Set("balance_cents = total_to_pay_cents - paid_cents - ?", cents).Where("id = ?", id).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// refund is a refund form of cents on purchase id.
func refund(id, cents int64) obj {
	f := form("purchase", id, cents)
	f["direction"], f["reference_no"] = "refund", "RF-"+fmt.Sprint(cents)
	return f
}

// A return on a paid purchase leaves a credit in our favour; refunds settle it: a refund may take
// the credit less the other pending refunds, an administrator's is approved at once, a user's
// waits and is checked again at approval; an approved refund lowers the purchase's paid amount
// and brings its balance back to 0. Refunds are for purchases only, are listed and filtered by
// direction, and their events say so.
func TestRefunds(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		pu := w.purchase(t, w.Admin, 1_000_000_00, false)
		paid(t, w.pay(t, w.Admin, form("purchase", pu.ID, 1_000_000_00), 0, nil), http.StatusCreated)

		// Paid in full and nothing returned: no credit, no refund.
		overpaid(t, w.pay(t, w.User, refund(pu.ID, 1), 0, nil), "amount_cents", "The refund exceeds the credit in our favour ($ 0).")
		// A return of 300.000 leaves a credit of 300.000.
		w.credit(t, pu.ID, 300_000_00)
		if got := w.document(t, "purchase", pu.ID); got.Totals.BalanceCents != -300_000_00 {
			t.Fatalf("credit %+v", got)
		}
		sale := w.sale(t, 10_000_00)
		f := refund(sale.ID, 1)
		f["type"] = "sale"
		w.pay(t, w.Admin, f, 0, nil).ExpectError(http.StatusUnprocessableEntity, "invalid", "Refunds are recorded on purchases only.")
		f = refund(pu.ID, 1)
		f["direction"] = "back"
		w.pay(t, w.Admin, f, 0, nil).ExpectError(http.StatusUnprocessableEntity, "invalid", "Choose payment or refund.")
		// A payment is still refused: nothing is owed.
		overpaid(t, w.pay(t, w.Admin, form("purchase", pu.ID, 1), 0, nil), "amount_cents", "The payment exceeds the balance due ($ 0).")

		// A user's refund of 200.000 waits; it holds its part of the credit.
		first := paid(t, w.pay(t, w.User, refund(pu.ID, 200_000_00), 1, nil), http.StatusCreated)
		if first.Direction != "refund" || first.ApprovalStatus != "pending" || first.CreatedByName != "First user1 Last" {
			t.Fatalf("pending refund %+v", first)
		}
		overpaid(t, w.pay(t, w.Secretary, refund(pu.ID, 100_000_01), 0, nil), "amount_cents",
			"The refund exceeds the credit in our favour ($ 100.000).")
		if got := w.document(t, "purchase", pu.ID); got.Totals.PaidCents != 1_000_000_00 {
			t.Fatalf("a pending refund moved the purchase: %+v", got)
		}
		// Approved: paid falls by 200.000, the balance rises to −100.000, still paid.
		paid(t, w.decide(t, first.ID, "approve", nil), http.StatusOK)
		if got := w.document(t, "purchase", pu.ID); got.Totals.PaidCents != 800_000_00 || got.Totals.BalanceCents != -100_000_00 || got.Status != "paid" {
			t.Fatalf("after the refund: %+v", got)
		}

		// Approval checks again: a pending refund of the whole 100.000, then a credit that fell
		// to 50.000 (an edited return), is refused at approval, naming what is left.
		second := paid(t, w.pay(t, w.User, refund(pu.ID, 100_000_00), 0, nil), http.StatusCreated)
		overpaid(t, w.pay(t, w.Admin, refund(pu.ID, 1), 0, nil), "amount_cents", "The refund exceeds the credit in our favour ($ 0).")
		w.credit(t, pu.ID, 250_000_00)
		overpaid(t, w.decide(t, second.ID, "approve", nil), "amount_cents", "The refund exceeds the credit in our favour ($ 50.000).")
		paid(t, w.decide(t, second.ID, "reject", obj{"reason": "Wrong amount"}), http.StatusOK)

		// An administrator's refund of the rest is approved at once: the balance is back to 0.
		last := paid(t, w.pay(t, w.Admin, refund(pu.ID, 50_000_00), 0, nil), http.StatusCreated)
		if last.ApprovalStatus != "approved" {
			t.Fatalf("admin's refund %+v", last)
		}
		if got := w.document(t, "purchase", pu.ID); got.Totals.PaidCents != 750_000_00 || got.Totals.BalanceCents != 0 || got.Status != "paid" {
			t.Fatalf("credit settled: %+v", got)
		}
		overpaid(t, w.pay(t, w.Admin, refund(pu.ID, 1), 0, nil), "amount_cents", "The refund exceeds the credit in our favour ($ 0).")

		// The list's direction filter; the export names it.
		var list listing.Page[payments.Payment]
		w.Get(t, fmt.Sprintf("/api/payments?type=purchase&document_id=%d&direction=refund", pu.ID), w.Secretary).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 3 {
			t.Fatalf("refunds %+v", list)
		}
		w.Get(t, fmt.Sprintf("/api/payments?document_id=%d&type=purchase&direction=payment", pu.ID), w.Secretary).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 1 || list.Data[0].Direction != "payment" {
			t.Fatalf("payments %+v", list)
		}
		w.Get(t, "/api/payments?direction=back", w.User).ExpectError(http.StatusUnprocessableEntity, "invalid", "Choose payment or refund.")
		sheet := w.Get(t, "/api/payments/export.xlsx?lang=es&direction=refund", w.User).Expect(http.StatusOK).Sheet("Pagos")
		if len(sheet) != 4 || sheet[1][2] != "Reembolso" {
			t.Fatalf("export %v", sheet)
		}

		// The events of a refund carry its direction.
		var payloads []string
		if err := w.DB.NewSelect().Table("outbox_events").Column("payload").Where("subject = ?", payments.SubjectPaymentApproved).
			OrderExpr("id").Scan(context.Background(), &payloads); err != nil {
			t.Fatal(err)
		}
		var env struct {
			Data payments.Event `json:"data"`
		}
		if len(payloads) != 1 || json.Unmarshal([]byte(payloads[0]), &env) != nil || env.Data.Direction != "refund" || env.Data.ID != first.ID {
			t.Fatalf("approved events %v", payloads)
		}
	})
}
