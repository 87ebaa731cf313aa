package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

// world is what both phases need: the demo's sessions, what a purchase names, today's date and
// a tag of this run (reference numbers).
type world struct {
	admin, user, secretary *benchkit.Session
	supplier, store        int64
	category, service      int64
	today, tag             string
}

// doc is a purchase the bench created, as the API first answered it.
type doc struct {
	id, total int64
}

// open signs the demo users in at srv, reads a supplier, a store and a category of the demo
// company through the API, and has the admin create the service the purchases buy (no stock, no
// VAT: the purchase's total is its cost less any withholding the supplier's profile sets).
func open(o options, srv *benchkit.Server) (*world, error) {
	demo, err := benchkit.LoginDemo(srv.Base, o.Password, o.conc)
	if err != nil {
		return nil, err
	}
	w := &world{admin: demo.Admin, user: demo.User, secretary: demo.Secretary,
		tag: strconv.FormatInt(time.Now().UnixNano()%1_000_000_000, 36)}
	type idList struct {
		Data []struct {
			ID             int64  `json:"id"`
			CompanyID      int64  `json:"company_id"`
			ApprovalStatus string `json:"approval_status"`
		} `json:"data"`
	}
	var stores, suppliers, categories idList
	if err := w.user.GetJSON("/api/stores?per_page=1", &stores); err != nil || len(stores.Data) == 0 {
		return nil, fmt.Errorf("a store of the demo company: %v", err)
	}
	w.store = stores.Data[0].ID
	company := stores.Data[0].CompanyID
	if err := w.user.GetJSON("/api/suppliers?per_page=100", &suppliers); err != nil {
		return nil, err
	}
	for _, s := range suppliers.Data {
		if s.ApprovalStatus == "approved" {
			w.supplier = s.ID
			break
		}
	}
	if w.supplier == 0 {
		return nil, errors.New("no approved supplier in the demo company")
	}
	if err := w.admin.GetJSON(fmt.Sprintf("/api/categories?per_page=1&company_id=%d", company), &categories); err != nil || len(categories.Data) == 0 {
		return nil, fmt.Errorf("a category of the demo company: %v", err)
	}
	w.category = categories.Data[0].ID
	b, err := w.admin.PostForm("/api/products", map[string]string{"code": "PAY-" + w.tag, "name": "Asesoría del bench " + w.tag,
		"category_id": strconv.FormatInt(w.category, 10), "unit": "und", "cost_cents": "100", "price_cents": "200",
		"iva_class": "excluido", "kind": "service"}, http.StatusCreated)
	if err != nil {
		return nil, err
	}
	if w.service, err = benchkit.Created(b); err != nil {
		return nil, err
	}
	bogota, err := time.LoadLocation("America/Bogota")
	if err != nil {
		return nil, err
	}
	w.today = time.Now().In(bogota).Format(time.DateOnly)
	return w, nil
}

// purchases has the admin record n purchases (approved at once) of 5 to 20 million pesos each,
// with the invoice image the API requires, numbered prefix-tag-i.
func (w *world) purchases(prefix string, n int) ([]doc, error) {
	out := make([]doc, n)
	for i := range out {
		data, err := json.Marshal(map[string]any{"purchase_date": w.today, "reference_no": fmt.Sprintf("%s-%s-%03d", prefix, w.tag, i),
			"supplier_id": w.supplier, "store_id": w.store, "days_of_credit": 30,
			"lines": []map[string]int64{{"category_id": w.category, "product_id": w.service, "quantity": 1,
				"cost_cents": (5_000_000 + rand.Int64N(15_000_000)) * 100}}})
		if err != nil {
			return nil, err
		}
		b, err := w.admin.PostForm("/api/purchases", map[string]string{"data": string(data)}, http.StatusCreated,
			benchkit.File{Field: "attachment", Name: "factura.png", Data: benchkit.PNG})
		if err != nil {
			return nil, err
		}
		var p struct {
			Data purchase `json:"data"`
		}
		if err := json.Unmarshal(b, &p); err != nil {
			return nil, err
		}
		if p.Data.ApprovalStatus != "approved" || p.Data.Totals.TotalToPayCents <= 0 {
			return nil, fmt.Errorf("purchase %d: %s, total to pay %d", p.Data.ID, p.Data.ApprovalStatus, p.Data.Totals.TotalToPayCents)
		}
		out[i] = doc{id: p.Data.ID, total: p.Data.Totals.TotalToPayCents}
	}
	return out, nil
}

// purchase is what the bench reads of a purchase.
type purchase struct {
	ID             int64  `json:"id"`
	Status         string `json:"status"`
	ApprovalStatus string `json:"approval_status"`
	Totals         struct {
		TotalToPayCents int64 `json:"total_to_pay_cents"`
		ReturnCents     int64 `json:"return_cents"`
		PaidCents       int64 `json:"paid_cents"`
		BalanceCents    int64 `json:"balance_cents"`
	} `json:"totals"`
}

// payment is what the bench reads of a payment.
type payment struct {
	ID             int64  `json:"id"`
	DocumentID     int64  `json:"document_id"`
	ReferenceNo    string `json:"reference_no"`
	AmountCents    int64  `json:"amount_cents"`
	ApprovalStatus string `json:"approval_status"`
	BatchID        *int64 `json:"batch_id"`
}

// apiError is an error answer.
type apiError struct {
	Error  string            `json:"error"`
	Fields map[string]string `json:"fields"`
}

// answer is one request's answer: its status, its body, how long it took.
type answer struct {
	status int
	body   []byte
	lat    time.Duration
	err    error // transport
}

// send sends a request with its headers and times it.
func send(s *benchkit.Session, method, path, contentType string, body []byte, header map[string]string) answer {
	t0 := time.Now()
	status, b, err := s.Send(method, path, contentType, strings.NewReader(string(body)), header, nil)
	return answer{status: status, body: b, lat: time.Since(t0), err: err}
}

// paymentForm is the multipart body of a payment of cents on purchase id, with reference ref.
func (w *world) paymentForm(id, cents int64, ref string) (contentType string, body []byte, err error) {
	data, err := json.Marshal(map[string]any{"type": "purchase", "document_id": id, "date": w.today, "reference_no": ref,
		"amount_cents": cents, "method": "transfer", "note": "Abono del bench de pagos"})
	if err != nil {
		return "", nil, err
	}
	ct, buf, err := benchkit.Form(map[string]string{"data": string(data)})
	if err != nil {
		return "", nil, err
	}
	return ct, buf.Bytes(), nil
}

// pay records a payment of cents on purchase id as s.
func (w *world) pay(s *benchkit.Session, id, cents int64, ref string, header map[string]string) answer {
	ct, body, err := w.paymentForm(id, cents, ref)
	if err != nil {
		return answer{err: err}
	}
	return send(s, http.MethodPost, "/api/payments", ct, body, header)
}

// overpaid tells a refusal for the balance ('The payment exceeds the balance due (…).', on
// field) from any other 422.
func overpaid(a answer, field string) bool {
	var e apiError
	if a.status != http.StatusUnprocessableEntity || json.Unmarshal(a.body, &e) != nil {
		return false
	}
	return strings.HasPrefix(e.Fields[field], "The payment exceeds the balance due (")
}

// paymentsOf reads every live payment of purchase id through the API, page by page.
func (w *world) paymentsOf(id int64) ([]payment, error) {
	var out []payment
	path := fmt.Sprintf("/api/payments?type=purchase&document_id=%d&per_page=100", id)
	next := ""
	for range 10_000 {
		p := path
		if next != "" {
			p += "&after=" + next
		}
		var page struct {
			Data []payment `json:"data"`
			Meta struct {
				NextCursor string `json:"next_cursor"`
			} `json:"meta"`
		}
		if err := w.admin.GetJSON(p, &page); err != nil {
			return nil, err
		}
		out = append(out, page.Data...)
		if page.Meta.NextCursor == "" {
			return out, nil
		}
		next = url.QueryEscape(page.Meta.NextCursor)
	}
	return nil, fmt.Errorf("purchase %d: more than 10,000 pages of payments", id)
}
