package archive_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/product"
	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/mail"
)

type obj = map[string]any

// mailbox is the test's mail sender: it keeps every message, or fails while fail is set.
type mailbox struct {
	mu   sync.Mutex
	msgs []mail.Message
	fail bool
}

func (m *mailbox) Send(_ context.Context, msg mail.Message) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail {
		return errors.New("smtp: 554 refused")
	}
	m.msgs = append(m.msgs, msg)
	return nil
}

var codeRe = regexp.MustCompile(`\b(\d{6})\b`)

// last is the code of the newest message and how many were sent.
func (m *mailbox) last(t *testing.T) (string, int) {
	t.Helper()
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.msgs) == 0 {
		t.Fatal("no mail sent")
	}
	got := codeRe.FindStringSubmatch(m.msgs[len(m.msgs)-1].Text)
	if got == nil {
		t.Fatalf("no code in %q", m.msgs[len(m.msgs)-1].Text)
	}
	return got[1], len(m.msgs)
}

type world struct {
	*authtest.Stack
	authtest.Cast
	mail                                *mailbox
	supplier, customer, store, category int64
	goods                               int64
	refs                                int
}

// each runs fn on a world (cast with e-mail addresses, a supplier, a customer, a store and a
// product with 10 units in stock from an approved received order) on SQLite and PostgreSQL.
func each(t *testing.T, fn func(t *testing.T, w *world)) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		fn(t, newWorld(t, db))
	})
}

// newWorld builds each's world on db.
func newWorld(t *testing.T, db *bun.DB) *world {
	t.Helper()
	mail := &mailbox{}
	s := authtest.NewWith(t, db, func(d *product.Deps) { d.Mail = mail })
	w := &world{Stack: s, Cast: s.NewCast(t), mail: mail}
	if _, err := db.NewUpdate().Table("users").Set("email = username || '@demo.co'").Where("1 = 1").Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	w.supplier = s.Send(t, http.MethodPost, "/api/suppliers", w.Admin, obj{"name": "Distribuidora Andina", "person_type": "natural"}).CreatedID()
	w.customer = s.Send(t, http.MethodPost, "/api/customers", w.Admin, obj{"name": "Tienda La Esquina", "person_type": "natural"}).CreatedID()
	w.store = s.Send(t, http.MethodPost, "/api/stores", w.Admin, obj{"name": "Principal", "company_id": s.CompanyID}).CreatedID()
	w.category = s.Send(t, http.MethodPost, "/api/categories", w.Admin, obj{"name": "Granos"}).CreatedID()
	w.goods = s.Multipart(t, http.MethodPost, "/api/products", w.Admin, [][2]string{{"code", "G-1"}, {"name", "Arroz"},
		{"category_id", fmt.Sprint(w.category)}, {"unit", "und"}, {"cost_cents", "100000"}, {"price_cents", "200000"},
		{"iva_class", "excluido"}, {"kind", "goods"}}, nil, nil).CreatedID()
	order := s.Multipart(t, http.MethodPost, "/api/purchase-orders", w.User, [][2]string{{"category_id", fmt.Sprint(w.category)},
		{"product_id", fmt.Sprint(w.goods)}, {"quantity", "10"}}, nil, nil).CreatedID()
	s.Send(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/approve", order), w.Admin, nil).Expect(http.StatusOK)
	receipt := s.Multipart(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/receive", order), w.User,
		[][2]string{{"quantity", "10"}}, nil, nil).CreatedID()
	s.Send(t, http.MethodPost, fmt.Sprintf("/api/received-orders/%d/approve", receipt), w.Admin, nil).Expect(http.StatusOK)
	return w
}

// purchase records a purchase of units of the goods by token on date (a user's is pending).
func (w *world) purchase(t *testing.T, token, date string, units int64) int64 {
	t.Helper()
	return w.purchaseOf(t, token, date, units, obj{})
}

// purchaseOf records a purchase as purchase does, with the fields of more (a received order it
// invoices).
func (w *world) purchaseOf(t *testing.T, token, date string, units int64, more obj) int64 {
	t.Helper()
	w.refs++
	body := obj{"purchase_date": date, "reference_no": fmt.Sprintf("FV-%03d", w.refs),
		"supplier_id": w.supplier, "store_id": w.store, "days_of_credit": 30,
		"lines": []obj{{"category_id": w.category, "product_id": w.goods, "expiry_date": "2027-06-30", "cost_cents": 100000, "quantity": units}}}
	for k, v := range more {
		body[k] = v
	}
	data, _ := json.Marshal(body)
	return w.Multipart(t, http.MethodPost, "/api/purchases", token, [][2]string{{"data", string(data)}},
		[]authtest.File{{Field: "attachment", Name: "invoice.png", Data: authtest.PNG}}, nil).CreatedID()
}

// stock is the goods' units in stock.
func (w *world) stock(t *testing.T) int64 {
	t.Helper()
	var p authtest.Data[struct {
		Quantity int64 `json:"quantity"`
	}]
	w.Get(t, fmt.Sprintf("/api/products/%d", w.goods), w.Admin).Expect(http.StatusOK).JSON(&p)
	return p.Data.Quantity
}

type preview struct {
	Count      int    `json:"count"`
	TotalCents *int64 `json:"total_cents"` // null for master data
	Dependents int    `json:"dependents"`
	Records    []struct {
		ID         int64  `json:"id"`
		Number     string `json:"number"`
		Blocked    string `json:"blocked"`
		Dependents []struct {
			Kind string `json:"kind"`
		} `json:"dependents"`
	} `json:"records"`
}

func (w *world) preview(t *testing.T, token string, sel obj) preview {
	t.Helper()
	var out authtest.Data[preview]
	w.Send(t, http.MethodPost, "/api/advanced-delete/preview", token, sel).Expect(http.StatusOK).JSON(&out)
	return out.Data
}

// sendCode asks for a code for sel and returns it.
func (w *world) sendCode(t *testing.T, token string, sel obj) string {
	t.Helper()
	w.Send(t, http.MethodPost, "/api/advanced-delete/send-code", token, sel).Expect(http.StatusOK)
	code, _ := w.mail.last(t)
	return code
}

func verifyBody(sel obj, code, reason string) obj {
	b := obj{"code": code, "reason": reason}
	for k, v := range sel {
		b[k] = v
	}
	return b
}

func (w *world) verify(t *testing.T, token string, sel obj, code string) *authtest.Response {
	t.Helper()
	return w.Send(t, http.MethodPost, "/api/advanced-delete/verify", token, verifyBody(sel, code, "Duplicated by mistake"))
}

func failed(t *testing.T, r *authtest.Response) {
	t.Helper()
	r.ExpectError(http.StatusUnprocessableEntity, "invalid", "Verification failed")
}

func wrong(code string) string {
	if code == "000000" {
		return "000001"
	}
	return "000000"
}

// The code: roles, expiry, single use, the 5-try void, the send limit, the binding to the
// preview, a failed send.
func TestVerificationCode(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, w *world) {
		a := w.purchase(t, w.User, "2026-10-05", 1)
		b := w.purchase(t, w.User, "2026-10-06", 1)
		selA := obj{"kind": "purchases", "ids": []int64{a}}
		selAll := obj{"kind": "purchases", "from": "2026-10-01", "to": "2026-10-31", "status": "pending"}

		for _, token := range []string{w.Secretary, w.Buyer} {
			w.Send(t, http.MethodPost, "/api/advanced-delete/preview", token, selA).Expect(http.StatusForbidden)
			w.Send(t, http.MethodPost, "/api/advanced-delete/send-code", token, selA).Expect(http.StatusForbidden)
			w.Get(t, "/api/archive", token).Expect(http.StatusForbidden)
		}
		if pv := w.preview(t, w.Other, selAll); pv.Count != 0 {
			t.Fatalf("another company's user previews %d records", pv.Count)
		}
		if pv := w.preview(t, w.Other, selA); pv.Count != 0 {
			t.Fatalf("another company's user previews purchase %d", a)
		}
		if pv := w.preview(t, w.User, selAll); pv.Count != 2 || pv.TotalCents == nil || *pv.TotalCents <= 0 {
			t.Fatalf("preview %+v, want both October purchases", pv)
		}
		w.Send(t, http.MethodPost, "/api/advanced-delete/preview", w.User, obj{"kind": "purchases"}).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "Choose records or a filter.")

		// A failed send says so and changes nothing (it does not count towards the limit).
		w.mail.fail = true
		w.Send(t, http.MethodPost, "/api/advanced-delete/send-code", w.User, selA).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "Failed to send verification code.")
		w.mail.fail = false

		// Bound to the preview: a code for A does not archive the whole month.
		code := w.sendCode(t, w.User, selA)
		failed(t, w.verify(t, w.User, selAll, code))
		// Bound to the user: the admin cannot use the user's code.
		failed(t, w.verify(t, w.Admin, selA, code))
		// The reason is required.
		w.Send(t, http.MethodPost, "/api/advanced-delete/verify", w.User, verifyBody(selA, code, " ")).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "The reason is required.")
		// Expired after 10 minutes.
		w.Clock.Advance(10*time.Minute + time.Second)
		failed(t, w.verify(t, w.User, selA, code))

		// Five wrong tries void it: the right code fails afterwards.
		code = w.sendCode(t, w.User, selA)
		for range 4 {
			failed(t, w.verify(t, w.User, selA, wrong(code)))
		}
		failed(t, w.verify(t, w.User, selA, wrong(code)))
		failed(t, w.verify(t, w.User, selA, code))

		// A third send within 15 minutes of the first works, the fourth is refused with the wait.
		code = w.sendCode(t, w.User, selA)
		r := w.Send(t, http.MethodPost, "/api/advanced-delete/send-code", w.User, selA)
		r.Expect(http.StatusTooManyRequests)
		if r.Header.Get("Retry-After") == "" {
			t.Fatal("429 without Retry-After")
		}

		// The right code archives; single use: it fails the second time.
		w.verify(t, w.User, selA, code).Expect(http.StatusOK)
		failed(t, w.verify(t, w.User, selA, code))
		w.Get(t, fmt.Sprintf("/api/purchases/%d", a), w.User).Expect(http.StatusNotFound)
		w.Get(t, fmt.Sprintf("/api/purchases/%d", b), w.User).Expect(http.StatusOK)

		// The window slides: 15 minutes after the first counted send, a new code is sent.
		w.Clock.Advance(15 * time.Minute)
		w.sendCode(t, w.User, obj{"kind": "purchases", "ids": []int64{b}})
	})
}

type batch struct {
	ID             int64  `json:"id"`
	TotalCents     *int64 `json:"total_cents"`
	Kind           string `json:"kind"`
	Reason         string `json:"reason"`
	RecordCount    int    `json:"record_count"`
	DependentCount int    `json:"dependent_count"`
	CreatedByName  string `json:"created_by_name"`
	Restorable     bool   `json:"restorable"`
}

// archive runs the whole advanced delete of sel by token and returns the batch.
func (w *world) archive(t *testing.T, token string, sel obj) batch {
	t.Helper()
	var out authtest.Data[batch]
	w.verify(t, token, sel, w.sendCode(t, token, sel)).Expect(http.StatusOK).JSON(&out)
	return out.Data
}

type figures struct {
	PaidCents    int64 `json:"paid_cents"`
	BalanceCents int64 `json:"balance_cents"`
	ReturnCents  int64 `json:"return_cents"`
	TotalSales   int64 `json:"total_sales"`
}

func (w *world) supplierFigures(t *testing.T) figures {
	t.Helper()
	var out authtest.Data[figures]
	w.Get(t, fmt.Sprintf("/api/suppliers/%d", w.supplier), w.Admin).Expect(http.StatusOK).JSON(&out)
	return out.Data
}

// Archive and restore reverse and re-apply stock and balances: a sale's units, a purchase's
// approved goods return, their payments; a restore whose goods were sold meanwhile is refused
// with the reason and changes nothing.
func TestArchiveAndRestore(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, w *world) {
		// An approved purchase of 10 units, paid 300.000, with an approved goods return of 2.
		p := w.purchase(t, w.Admin, "2026-11-02", 10)
		w.pay(t, p, 300000)
		lines := w.purchaseLines(t, p)
		w.Multipart(t, http.MethodPost, "/api/returns", w.Admin, [][2]string{{"data", mustJSON(obj{"purchase_id": p, "kind": "goods",
			"return_date": "2026-11-22", "reference_no": "DV-1", "lines": []obj{{"purchase_line_id": lines[0], "quantity": 2}}})}},
			nil, nil).Expect(http.StatusCreated)
		if got := w.stock(t); got != 8 {
			t.Fatalf("stock after the return = %d, want 8", got)
		}
		before := w.supplierFigures(t)

		// Archived: the return's 2 units come back, the supplier's totals drop the purchase.
		selP := obj{"kind": "purchases", "ids": []int64{p}}
		if pv := w.preview(t, w.Admin, selP); pv.Count != 1 || pv.Dependents != 2 {
			t.Fatalf("preview %+v, want the purchase with its payment and its return", pv)
		}
		b := w.archive(t, w.Admin, selP)
		if b.RecordCount != 1 || b.DependentCount != 2 || b.Kind != "purchases" || b.Reason != "Duplicated by mistake" ||
			b.TotalCents == nil || *b.TotalCents <= 0 {
			t.Fatalf("batch %+v", b)
		}
		if got := w.stock(t); got != 10 {
			t.Fatalf("stock after archiving = %d, want 10", got)
		}
		if f := w.supplierFigures(t); f.TotalSales != 0 || f.PaidCents != 0 || f.ReturnCents != 0 {
			t.Fatalf("supplier after archiving %+v, want nothing", f)
		}
		w.Get(t, fmt.Sprintf("/api/purchases/%d", p), w.Admin).Expect(http.StatusNotFound)

		// A sale of 9 units (pending: it holds them), archived: the units come back.
		data := mustJSON(obj{"sale_date": "2026-11-20", "customer_id": w.customer, "store_id": w.store,
			"lines": []obj{{"product_id": w.goods, "quantity": 9, "price_cents": 200000}}})
		sale := w.Multipart(t, http.MethodPost, "/api/sales", w.User, [][2]string{{"data", data}}, nil, nil).CreatedID()
		if got := w.stock(t); got != 1 {
			t.Fatalf("stock after the sale = %d, want 1", got)
		}
		sb := w.archive(t, w.User, obj{"kind": "sales", "ids": []int64{sale}})
		if got := w.stock(t); got != 10 {
			t.Fatalf("stock after archiving the sale = %d, want 10", got)
		}
		// Users do not restore.
		w.Send(t, http.MethodPost, fmt.Sprintf("/api/archive/%d/restore", sb.ID), w.User, nil).Expect(http.StatusForbidden)

		// Restoring the purchase takes the return's 2 units out again; a second sale of 9 leaves 1,
		// so the archived sale (9 units) cannot come back: refused with the reason, nothing changes.
		w.Send(t, http.MethodPost, fmt.Sprintf("/api/archive/%d/restore", b.ID), w.Admin, nil).Expect(http.StatusOK)
		if got := w.stock(t); got != 8 {
			t.Fatalf("stock after restoring the purchase = %d, want 8", got)
		}
		if f := w.supplierFigures(t); f != before {
			t.Fatalf("supplier after restoring %+v, want %+v", f, before)
		}
		w.Send(t, http.MethodPost, fmt.Sprintf("/api/archive/%d/restore", b.ID), w.Admin, nil).
			ExpectError(http.StatusConflict, "conflict", "This batch was already restored.")
		data = mustJSON(obj{"sale_date": "2026-11-21", "customer_id": w.customer, "store_id": w.store,
			"lines": []obj{{"product_id": w.goods, "quantity": 7, "price_cents": 200000}}})
		w.Multipart(t, http.MethodPost, "/api/sales", w.User, [][2]string{{"data", data}}, nil, nil).CreatedID()
		e := w.Send(t, http.MethodPost, fmt.Sprintf("/api/archive/%d/restore", sb.ID), w.Admin, nil).Expect(http.StatusConflict).Err()
		if !regexp.MustCompile(`cannot be restored: Not enough stock of Arroz: 1 available`).MatchString(e.Error) {
			t.Fatalf("refusal %q", e.Error)
		}
		w.Get(t, fmt.Sprintf("/api/sales/%d", sale), w.Admin).Expect(http.StatusNotFound)
		if got := w.stock(t); got != 1 {
			t.Fatalf("stock after the refused restore = %d, want 1", got)
		}

		// After 30 days no batch is restored.
		w.Clock.Advance(31 * 24 * time.Hour)
		w.Admin = w.Login(t, "admin1", authtest.Password, "").AuthToken
		w.Other = w.Login(t, "other1", authtest.Password, "").AuthToken
		w.Send(t, http.MethodPost, fmt.Sprintf("/api/archive/%d/restore", sb.ID), w.Admin, nil).
			ExpectError(http.StatusConflict, "conflict", "This batch is older than 30 days and can no longer be restored.")
		var list struct {
			Data  []batch `json:"data"`
			Total int     `json:"total"`
		}
		w.Get(t, "/api/archive", w.Admin).Expect(http.StatusOK).JSON(&list)
		if list.Total != 2 || list.Data[0].ID != sb.ID || list.Data[0].Restorable {
			t.Fatalf("archive list %+v", list)
		}
		w.Get(t, "/api/archive", w.Other).Expect(http.StatusOK).JSON(&list)
		if list.Total != 0 {
			t.Fatalf("another company's user sees %d batches", list.Total)
		}
		if n, err := w.Product.Archive.Purge(context.Background(), 30*24*time.Hour); err != nil || n != 2 {
			t.Fatalf("purge = %d, %v; want 2", n, err)
		}
	})
}

// A failure in the middle of an archive (the second purchase refuses, after the first purchase
// and every payment were archived) leaves nothing changed.
func TestArchiveFailureRollsBack(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, w *world) {
		first := w.purchase(t, w.Admin, "2026-11-02", 1)
		w.pay(t, first, 50000)
		second := w.purchase(t, w.Admin, "2026-11-03", 1)
		ctx := context.Background()
		boom := []string{
			`CREATE TRIGGER boom BEFORE UPDATE OF deleted_at ON purchases FOR EACH ROW WHEN (NEW.reference_no = 'FV-002' AND NEW.deleted_at IS NOT NULL) BEGIN SELECT RAISE(ABORT, 'boom'); END`,
		}
		if w.DB.Dialect().Name().String() == "pg" {
			boom = []string{
				`CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$`,
				`CREATE TRIGGER boom BEFORE UPDATE OF deleted_at ON purchases FOR EACH ROW WHEN (NEW.reference_no = 'FV-002' AND NEW.deleted_at IS NOT NULL) EXECUTE FUNCTION boom()`,
			}
		}
		for _, q := range boom {
			if _, err := w.DB.ExecContext(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		sel := obj{"kind": "purchases", "ids": []int64{first, second}}
		code := w.sendCode(t, w.Admin, sel)
		w.verify(t, w.Admin, sel, code).Expect(http.StatusInternalServerError)
		w.Get(t, fmt.Sprintf("/api/purchases/%d", first), w.Admin).Expect(http.StatusOK)
		var pays struct {
			Data []struct {
				ID int64 `json:"id"`
			} `json:"data"`
		}
		w.Get(t, fmt.Sprintf("/api/payments?type=purchase&document_id=%d", first), w.Admin).Expect(http.StatusOK).JSON(&pays)
		if len(pays.Data) != 1 {
			t.Fatalf("%d payments of the first purchase after a failed archive, want 1", len(pays.Data))
		}
		var list struct {
			Total int `json:"total"`
		}
		w.Get(t, "/api/archive", w.Admin).Expect(http.StatusOK).JSON(&list)
		if list.Total != 0 {
			t.Fatalf("%d batches after a failed archive", list.Total)
		}
		for _, q := range []string{"DROP TRIGGER boom"} {
			if w.DB.Dialect().Name().String() == "pg" {
				q += " ON purchases"
			}
			if _, err := w.DB.ExecContext(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		// The code was not spent by the failed attempt: the same archive now succeeds.
		w.verify(t, w.Admin, sel, code).Expect(http.StatusOK)
		w.Get(t, fmt.Sprintf("/api/purchases/%d", first), w.Admin).Expect(http.StatusNotFound)
	})
}

// pay records the admin's approved payment of cents on purchase id.
func (w *world) pay(t *testing.T, id, cents int64) {
	t.Helper()
	w.Multipart(t, http.MethodPost, "/api/payments", w.Admin, [][2]string{{"data", mustJSON(obj{"type": "purchase", "document_id": id,
		"date": "2026-11-23", "reference_no": fmt.Sprintf("TR-%d", id), "amount_cents": cents, "method": "transfer"})}}, nil, nil).Expect(http.StatusCreated)
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// purchaseLines are the ids of purchase id's lines a return may name.
func (w *world) purchaseLines(t *testing.T, id int64) []int64 {
	t.Helper()
	var out authtest.Data[struct {
		Lines []struct {
			PurchaseLineID int64 `json:"purchase_line_id"`
		} `json:"lines"`
	}]
	w.Get(t, fmt.Sprintf("/api/purchases/%d/returnable", id), w.Admin).Expect(http.StatusOK).JSON(&out)
	ids := make([]int64, len(out.Data.Lines))
	for i, l := range out.Data.Lines {
		ids[i] = l.PurchaseLineID
	}
	return ids
}

// A payment archived on its own leaves its document's paid amount and comes back into it; a
// restore that would overpay the document now is refused with the reason.
func TestArchivePaymentAlone(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, w *world) {
		p := w.purchase(t, w.Admin, "2026-11-02", 10) // 10 × 100.000 centavos
		w.pay(t, p, 600000)
		balance := func() int64 {
			t.Helper()
			var out authtest.Data[struct {
				Totals struct {
					PaidCents    int64 `json:"paid_cents"`
					BalanceCents int64 `json:"balance_cents"`
				} `json:"totals"`
			}]
			w.Get(t, fmt.Sprintf("/api/purchases/%d", p), w.Admin).Expect(http.StatusOK).JSON(&out)
			return out.Data.Totals.BalanceCents
		}
		if got := balance(); got != 400000 {
			t.Fatalf("balance after paying = %d, want 400000", got)
		}
		var pays struct {
			Data []struct {
				ID int64 `json:"id"`
			} `json:"data"`
		}
		w.Get(t, fmt.Sprintf("/api/payments?type=purchase&document_id=%d", p), w.Admin).Expect(http.StatusOK).JSON(&pays)
		b := w.archive(t, w.User, obj{"kind": "payments", "ids": []int64{pays.Data[0].ID}})
		if got := balance(); got != 1000000 {
			t.Fatalf("balance after archiving the payment = %d, want 1000000", got)
		}
		// Another payment takes 500.000 meanwhile: the archived 600.000 no longer fits.
		w.pay(t, p, 500000)
		e := w.Send(t, http.MethodPost, fmt.Sprintf("/api/archive/%d/restore", b.ID), w.Admin, nil).Expect(http.StatusConflict).Err()
		if !regexp.MustCompile(`cannot be restored: The payment exceeds the balance due`).MatchString(e.Error) {
			t.Fatalf("refusal %q", e.Error)
		}
		if got := balance(); got != 500000 {
			t.Fatalf("balance after the refused restore = %d, want 500000", got)
		}
	})
}

// The code is bound to what goes along too: a payment stored on a purchase after its code was
// sent fails the verification (the administrator never saw it in the preview) and changes
// nothing; a new code, sent for the preview that shows it, archives both.
func TestVerificationCodeIsBoundToWhatGoesAlong(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, w *world) {
		p := w.purchase(t, w.Admin, "2026-11-02", 2)
		first := w.paymentOf(t, w.Admin, "purchase", p, 1).CreatedID()
		sel := obj{"kind": "purchases", "ids": []int64{p}}
		if pv := w.preview(t, w.Admin, sel); pv.Count != 1 || pv.Dependents != 1 {
			t.Fatalf("preview %+v, want the purchase and its payment", pv)
		}
		code := w.sendCode(t, w.Admin, sel)
		second := w.paymentOf(t, w.Admin, "purchase", p, 2).CreatedID()
		failed(t, w.verify(t, w.Admin, sel, code))
		for path, id := range map[string]int64{"/api/purchases": p, "/api/payments": first} {
			if !w.live(t, path, id) {
				t.Fatalf("%s/%d archived by a refused verification", path, id)
			}
		}
		if pv := w.preview(t, w.Admin, sel); pv.Dependents != 2 {
			t.Fatalf("preview %+v, want both payments along", pv)
		}
		w.Clock.Advance(5*time.Minute + time.Second)
		w.verify(t, w.Admin, sel, w.sendCode(t, w.Admin, sel)).Expect(http.StatusOK)
		for _, r := range []struct {
			path string
			id   int64
		}{{"/api/purchases", p}, {"/api/payments", first}, {"/api/payments", second}} {
			if w.live(t, r.path, r.id) {
				t.Fatalf("%s/%d live after its purchase's archive", r.path, r.id)
			}
		}
	})
}
