package reports_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/reports"
)

type obj = map[string]any

// report is what the tests read of a report answer.
type report struct {
	Page    string `json:"page"`
	From    string `json:"from"`
	To      string `json:"to"`
	Group   string `json:"group"`
	Columns []struct {
		Key, Kind string
	} `json:"columns"`
	Rows   []map[string]any `json:"rows"`
	Totals map[string]int64 `json:"totals"`
	Meta   struct {
		Page, PerPage, Total int
	} `json:"meta"`
	Party *struct {
		ID           int64            `json:"id"`
		Name         string           `json:"name"`
		BalanceCents int64            `json:"balance_cents"`
		Ageing       map[string]int64 `json:"ageing"`
	} `json:"party"`
}

// line is a document line as the purchase and sale answers show it.
type line struct {
	IVAClass  string `json:"iva_class"`
	BaseCents int64  `json:"base_cents"`
	VATCents  int64  `json:"vat_cents"`
	ProductID int64  `json:"product_id"`
	Quantity  int64  `json:"quantity"`
	// CostCents is a sale line's kept unit cost (a purchase line's unit cost).
	CostCents int64 `json:"cost_cents"`
}

// doc is a purchase or a sale as its owner's API answers it.
type doc struct {
	typ            string
	ID             int64  `json:"id"`
	PurchaseDate   string `json:"purchase_date"`
	SaleDate       string `json:"sale_date"`
	DueDate        string `json:"due_date"`
	SupplierID     int64  `json:"supplier_id"`
	CustomerID     int64  `json:"customer_id"`
	StoreID        int64  `json:"store_id"`
	ApprovalStatus string `json:"approval_status"`
	Totals         struct {
		SubtotalCents          int64 `json:"subtotal_cents"`
		DiscountCents          int64 `json:"discount_cents"`
		ShippingCents          int64 `json:"shipping_cents"`
		TaxableBaseCents       int64 `json:"taxable_base_cents"`
		VATCents               int64 `json:"vat_cents"`
		InvoiceCents           int64 `json:"invoice_cents"`
		WithholdingIncomeCents int64 `json:"withholding_income_cents"`
		WithholdingVATCents    int64 `json:"withholding_vat_cents"`
		TotalToPayCents        int64 `json:"total_to_pay_cents"`
		TotalCents             int64 `json:"total_cents"`
		CostCents              int64 `json:"cost_cents"`
		PaidCents              int64 `json:"paid_cents"`
		ReturnCents            int64 `json:"return_cents"`
		BalanceCents           int64 `json:"balance_cents"`
	} `json:"totals"`
	Lines []line `json:"lines"`
}

func (d doc) date() string { return d.PurchaseDate + d.SaleDate }

func (d doc) party() int64 { return d.SupplierID + d.CustomerID }

// total is what the party owes: a purchase's total to pay, a sale's total.
func (d doc) total() int64 { return d.Totals.TotalToPayCents + d.Totals.TotalCents }

func (d doc) due() string {
	if d.typ == "sale" {
		return d.SaleDate
	}
	return d.DueDate
}

// payment is a payment as the payments API answers it.
type payment struct {
	ID             int64  `json:"id"`
	Type           string `json:"type"`
	DocumentID     int64  `json:"document_id"`
	PartyID        int64  `json:"party_id"`
	Date           string `json:"date"`
	AmountCents    int64  `json:"amount_cents"`
	Method         string `json:"method"`
	ApprovalStatus string `json:"approval_status"`
	StoreID        int64
}

// purchaseReturn is a purchase return as the returns API answers it.
type purchaseReturn struct {
	ID         int64  `json:"id"`
	PurchaseID int64  `json:"purchase_id"`
	ReturnDate string `json:"return_date"`
	Totals     struct {
		AmountCents int64 `json:"amount_cents"`
	} `json:"totals"`
	ApprovalStatus string `json:"approval_status"`
	Lines          []struct {
		ProductID int64 `json:"product_id"`
		Quantity  int64 `json:"quantity"`
		BaseCents int64 `json:"base_cents"`
	} `json:"lines"`
	supplier     int64
	purchaseDate string
}

// books is a generated company: parties, products and documents created through the modules'
// APIs, read back as their owners answer them.
type books struct {
	*authtest.Stack
	authtest.Cast
	r                     *rand.Rand
	stores                []int64
	suppliers, customers  []int64
	products              []int64
	category, goods, lots int64
	docs                  []doc
	payments              []payment
	keptReturns           []purchaseReturn
	refs                  int
	deletedDocs, deletedP int
	// moved are the goods received and sent back that count (approved), for product_report.
	moved []moved
}

// moved is an approved receipt or an approved purchase return's line: what product_report's
// received and returned columns sum.
type moved struct {
	returned          bool
	product, quantity int64
	date              string
	baseCents         int64
}

const today = "2026-11-23" // authtest.Start in Bogota

var classes = []string{"19", "5", "exento", "excluido"}

func newBooks(t *testing.T, s *authtest.Stack, seed uint64) *books {
	t.Helper()
	b := &books{Stack: s, Cast: s.NewCast(t), r: rand.New(rand.NewPCG(seed, 7))}
	for i := range 2 {
		b.stores = append(b.stores, s.Send(t, http.MethodPost, "/api/stores", b.Admin, obj{"name": fmt.Sprintf("Tienda %d", i), "company_id": s.CompanyID}).CreatedID())
	}
	for i := range 4 {
		person := []string{"natural", "juridica"}[i%2]
		body := obj{"name": fmt.Sprintf("Proveedor %d", i), "person_type": person, "company": fmt.Sprintf("Proveedor %d S.A.S.", i)}
		b.suppliers = append(b.suppliers, s.Send(t, http.MethodPost, "/api/suppliers", b.Admin, body).CreatedID())
		body = obj{"name": fmt.Sprintf("Cliente %d", i), "person_type": person, "company": fmt.Sprintf("Cliente %d S.A.S.", i),
			"gran_contribuyente": i == 3}
		b.customers = append(b.customers, s.Send(t, http.MethodPost, "/api/customers", b.Admin, body).CreatedID())
	}
	b.category = s.Send(t, http.MethodPost, "/api/categories", b.Admin, obj{"name": "Servicios"}).CreatedID()
	// Services of every VAT class (they hold no stock, so sales never wait for receipts).
	for i, class := range classes {
		b.products = append(b.products, s.Multipart(t, http.MethodPost, "/api/products", b.Admin, [][2]string{{"code", fmt.Sprintf("S-%d", i)},
			{"name", "Servicio " + class}, {"category_id", fmt.Sprint(b.category)}, {"unit", "und"}, {"cost_cents", fmt.Sprint(3_000_000 * (i + 1))},
			{"price_cents", fmt.Sprint(5_000_000 * (i + 1))}, {"iva_class", class}, {"kind", "service"}}, nil, nil).CreatedID())
	}
	// A good out of stock under its alert quantity, and one well stocked in alert terms.
	b.goods = s.Multipart(t, http.MethodPost, "/api/products", b.Admin, [][2]string{{"code", "G-1"}, {"name", "Arroz 5 kg"},
		{"category_id", fmt.Sprint(b.category)}, {"unit", "und"}, {"cost_cents", "1000000"}, {"price_cents", "1500000"},
		{"alert_quantity", "7"}, {"iva_class", "5"}, {"kind", "goods"}}, nil, nil).CreatedID()
	// A good in stock, bought in two lots with expiry dates (lotPurchases).
	b.lots = s.Multipart(t, http.MethodPost, "/api/products", b.Admin, [][2]string{{"code", "G-2"}, {"name", "Leche 1 L"},
		{"category_id", fmt.Sprint(b.category)}, {"unit", "und"}, {"cost_cents", "300000"}, {"price_cents", "450000"},
		{"quantity", "10"}, {"iva_class", "exento"}, {"kind", "goods"}}, nil, nil).CreatedID()
	return b
}

// lotPurchases buys the stocked good twice, approved: an older lot of 8 expiring in 8 days and
// a newer lot of 6 expiring in 48 days, and orders 5 of the out-of-stock good (approved).
func (b *books) lotPurchases(t *testing.T) {
	t.Helper()
	for _, lot := range []struct {
		date, expiry string
		qty          int
	}{{"2026-10-01", "2026-12-01", 8}, {"2026-11-01", "2027-01-10", 6}} {
		b.refs++
		data, _ := json.Marshal(obj{"purchase_date": lot.date, "reference_no": fmt.Sprintf("FV-%04d", b.refs), "supplier_id": b.suppliers[0],
			"store_id": b.stores[0], "days_of_credit": 30, "lines": []obj{{"category_id": b.category, "product_id": b.lots,
				"cost_cents": 300_000, "quantity": lot.qty, "expiry_date": lot.expiry}}})
		id := b.Multipart(t, http.MethodPost, "/api/purchases", b.Admin, [][2]string{{"data", string(data)}},
			[]authtest.File{{Field: "attachment", Name: "invoice.png", Data: authtest.PNG}}, nil).CreatedID()
		if d := b.read(t, "purchase", id); d.ApprovalStatus == "approved" {
			b.docs = append(b.docs, d)
		} else {
			b.Send(t, http.MethodPost, fmt.Sprintf("/api/purchases/%d/approve", id), b.Admin, nil).Expect(http.StatusOK)
			b.docs = append(b.docs, b.read(t, "purchase", id))
		}
	}
	po := b.Multipart(t, http.MethodPost, "/api/purchase-orders", b.Buyer, [][2]string{{"category_id", fmt.Sprint(b.category)},
		{"product_id", fmt.Sprint(b.goods)}, {"quantity", "5"}}, nil, nil).CreatedID()
	b.Send(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/approve", po), b.Admin, nil).Expect(http.StatusOK)
	b.receipts(t, po)
}

// receipts receives units of the ordered good: 2 approved (dated by their approval day in
// Bogota), 1 rejected and 1 left pending — only the 2 are received and in stock, 3 still on order.
func (b *books) receipts(t *testing.T, po int64) {
	t.Helper()
	receive := func(qty int) int64 {
		return b.Multipart(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/receive", po), b.Buyer,
			[][2]string{{"quantity", fmt.Sprint(qty)}}, nil, nil).CreatedID()
	}
	approved := receive(2)
	b.Send(t, http.MethodPost, fmt.Sprintf("/api/received-orders/%d/approve", approved), b.Admin, nil).Expect(http.StatusOK)
	// Approved at 22:00 in Bogota on the 23rd, already the 24th in UTC: the receipt is the 23rd's.
	if _, err := b.DB.NewUpdate().Table("received_orders").Set("approved_at = ?", time.Date(2026, 11, 24, 3, 0, 0, 0, time.UTC)).
		Where("id = ?", approved).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	b.moved = append(b.moved, moved{product: b.goods, quantity: 2, date: today})
	rejected := receive(1)
	b.Send(t, http.MethodPost, fmt.Sprintf("/api/received-orders/%d/reject", rejected), b.Admin, obj{"reason": "Llegó dañado"}).
		Expect(http.StatusOK)
	receive(1) // pending
}

// returns sends back units of some approved purchases: an administrator's return is approved at
// once, a user's is decided like the documents (approved, rejected, deleted or left pending).
// Each purchase read again: its returns lower its balance.
func (b *books) returns(t *testing.T) {
	t.Helper()
	n := 0
	for i, d := range b.docs {
		if d.typ != "purchase" || d.ApprovalStatus != "approved" || n == 12 {
			continue
		}
		n++
		var able authtest.Data[struct {
			Lines []struct {
				PurchaseLineID     int64 `json:"purchase_line_id"`
				ReturnableQuantity int64 `json:"returnable_quantity"`
			} `json:"lines"`
		}]
		b.Get(t, fmt.Sprintf("/api/purchases/%d/returnable", d.ID), b.Admin).Expect(http.StatusOK).JSON(&able)
		l := pick(b.r, able.Data.Lines)
		date := addDays(d.date(), b.r.IntN(40))
		if date > today {
			date = today
		}
		token := pick(b.r, []string{b.User, b.Admin})
		b.refs++
		body, _ := json.Marshal(obj{"purchase_id": d.ID, "return_date": date, "reference_no": fmt.Sprintf("DV-%04d", b.refs), "kind": "goods",
			"lines": []obj{{"purchase_line_id": l.PurchaseLineID, "quantity": 1 + b.r.Int64N(l.ReturnableQuantity)}}})
		id := b.Multipart(t, http.MethodPost, "/api/returns", token, [][2]string{{"data", string(body)}}, nil, nil).CreatedID()
		if token == b.User && b.decide(t, fmt.Sprintf("/api/returns/%d", id)) {
			continue
		}
		var r authtest.Data[purchaseReturn]
		b.Get(t, fmt.Sprintf("/api/returns/%d", id), b.Admin).Expect(http.StatusOK).JSON(&r)
		r.Data.supplier, r.Data.purchaseDate = d.SupplierID, d.date()
		b.keptReturns = append(b.keptReturns, r.Data)
		if r.Data.ApprovalStatus == "approved" {
			for _, rl := range r.Data.Lines {
				b.moved = append(b.moved, moved{returned: true, product: rl.ProductID, quantity: rl.Quantity, date: date, baseCents: rl.BaseCents})
			}
		}
		b.docs[i] = b.read(t, d.typ, d.ID)
	}
}

// pick returns one of xs.
func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// dateBefore is a day from 2026-08-01 up to today.
func (b *books) day() string {
	d := 1 + b.r.IntN(114) // 2026-08-01 + 0..113 days
	return fmt.Sprintf("%s", addDays("2026-07-31", d))
}

// decide approves, rejects, deletes or leaves pending the document or payment at path.
func (b *books) decide(t *testing.T, path string) (deleted bool) {
	t.Helper()
	switch n := b.r.IntN(10); {
	case n < 6:
		b.Send(t, http.MethodPost, path+"/approve", b.Admin, nil).Expect(http.StatusOK)
	case n < 8:
		b.Send(t, http.MethodPost, path+"/reject", b.Admin, obj{"reason": "No corresponde"}).Expect(http.StatusOK)
	case n < 9:
		b.Send(t, http.MethodDelete, path, b.User, nil).Expect(http.StatusNoContent)
		return true
	}
	return false
}

func (b *books) lines(t *testing.T, purchase bool) []obj {
	var out []obj
	for range 1 + b.r.IntN(3) {
		i := b.r.IntN(len(b.products))
		l := obj{"product_id": b.products[i], "quantity": 1 + b.r.IntN(4)}
		if purchase {
			l["category_id"] = b.category
			l["cost_cents"] = (1 + b.r.IntN(60)) * 1_000_000
		} else {
			l["price_cents"] = (1 + b.r.IntN(60)) * 1_000_000
			if b.r.IntN(3) == 0 {
				l["discount_cents"] = 50_000
			}
		}
		out = append(out, l)
	}
	return out
}

// purchase records a generated purchase by the user and decides it.
func (b *books) purchase(t *testing.T) {
	t.Helper()
	b.refs++
	body := obj{"purchase_date": b.day(), "reference_no": fmt.Sprintf("FV-%04d", b.refs), "supplier_id": pick(b.r, b.suppliers),
		"store_id": pick(b.r, b.stores), "days_of_credit": 1 + b.r.IntN(60), "lines": b.lines(t, true)}
	if b.r.IntN(3) == 0 {
		body["shipping_cents"] = (1 + b.r.IntN(20)) * 100_000
	}
	if b.r.IntN(3) == 0 {
		body["discount_cents"] = (1 + b.r.IntN(10)) * 100_000
	}
	data, _ := json.Marshal(body)
	id := b.Multipart(t, http.MethodPost, "/api/purchases", b.User, [][2]string{{"data", string(data)}},
		[]authtest.File{{Field: "attachment", Name: "invoice.png", Data: authtest.PNG}}, nil).CreatedID()
	if b.decide(t, fmt.Sprintf("/api/purchases/%d", id)) {
		b.deletedDocs++
		return
	}
	b.docs = append(b.docs, b.read(t, "purchase", id))
}

// sale records a generated sale by the user or the secretary and decides it.
func (b *books) sale(t *testing.T) {
	t.Helper()
	data, _ := json.Marshal(obj{"sale_date": b.day(), "customer_id": pick(b.r, b.customers), "store_id": pick(b.r, b.stores),
		"lines": b.lines(t, false)})
	id := b.Multipart(t, http.MethodPost, "/api/sales", pick(b.r, []string{b.User, b.Secretary}), [][2]string{{"data", string(data)}}, nil, nil).CreatedID()
	if b.decide(t, fmt.Sprintf("/api/sales/%d", id)) {
		b.deletedDocs++
		return
	}
	b.docs = append(b.docs, b.read(t, "sale", id))
}

func (b *books) read(t *testing.T, typ string, id int64) doc {
	t.Helper()
	var out authtest.Data[doc]
	b.Get(t, fmt.Sprintf("/api/%ss/%d", typ, id), b.Admin).Expect(http.StatusOK).JSON(&out)
	out.Data.typ = typ
	return out.Data
}

// pay records up to two payments on each approved document with a balance — by the user
// (pending, then decided) or by an administrator (approved at once).
func (b *books) pay(t *testing.T) {
	t.Helper()
	for i, d := range b.docs {
		if d.ApprovalStatus != "approved" {
			continue
		}
		for range b.r.IntN(3) {
			left := d.Totals.BalanceCents / 3
			if left < 100 {
				break
			}
			amount := 100 * (1 + b.r.Int64N(left/100))
			date := addDays(d.date(), b.r.IntN(20))
			if date > today {
				date = today
			}
			token := pick(b.r, []string{b.User, b.User, b.Admin})
			body, _ := json.Marshal(obj{"type": d.typ, "document_id": d.ID, "date": date, "reference_no": fmt.Sprintf("TR-%d", b.r.IntN(1e6)),
				"amount_cents": amount, "method": pick(b.r, []string{"cash", "transfer", "card", "cheque"})})
			id := b.Multipart(t, http.MethodPost, "/api/payments", token, [][2]string{{"data", string(body)}}, nil, nil).CreatedID()
			if token == b.User && b.decide(t, fmt.Sprintf("/api/payments/%d", id)) {
				b.deletedP++
				continue
			}
			var p authtest.Data[payment]
			b.Get(t, fmt.Sprintf("/api/payments/%d", id), b.Admin).Expect(http.StatusOK).JSON(&p)
			p.Data.StoreID = d.StoreID
			b.payments = append(b.payments, p.Data)
			b.docs[i] = b.read(t, d.typ, d.ID)
			d = b.docs[i]
		}
	}
}

// giveBack records a value return on one approved purchase in two with a balance, dated 1–40
// days after the purchase (never after today), by the user, and decides it as documents are
// decided: approved (the purchase's balance falls on the return's own date), rejected, deleted or
// left pending.
func (b *books) giveBack(t *testing.T) {
	t.Helper()
	for i, d := range b.docs {
		if d.typ != "purchase" || d.ApprovalStatus != "approved" || d.Totals.BalanceCents < 1_000_000 || b.r.IntN(2) == 0 {
			continue
		}
		date := addDays(d.date(), 1+b.r.IntN(40))
		if date > today {
			date = today
		}
		raw, _ := json.Marshal(obj{"purchase_id": d.ID, "return_date": date, "reference_no": fmt.Sprintf("NC-%d", d.ID), "kind": "value",
			"value_cents": 100 * (1 + b.r.Int64N(d.Totals.TaxableBaseCents/500))})
		id := b.Multipart(t, http.MethodPost, "/api/returns", b.User, [][2]string{{"data", string(raw)}}, nil, nil).CreatedID()
		if b.decide(t, fmt.Sprintf("/api/returns/%d", id)) {
			continue
		}
		var r authtest.Data[purchaseReturn]
		b.Get(t, fmt.Sprintf("/api/returns/%d", id), b.Admin).Expect(http.StatusOK).JSON(&r)
		r.Data.supplier, r.Data.purchaseDate = d.SupplierID, d.date()
		b.keptReturns = append(b.keptReturns, r.Data)
		b.docs[i] = b.read(t, "purchase", d.ID)
	}
}

func addDays(date string, n int) string {
	var y, m, d int
	fmt.Sscanf(date, "%d-%d-%d", &y, &m, &d)
	days := []int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	d += n
	for d > days[m] {
		d -= days[m]
		m++
		if m > 12 {
			m, y = 1, y+1
		}
	}
	return fmt.Sprintf("%04d-%02d-%02d", y, m, d)
}

// get reads a report as token.
func (b *books) get(t *testing.T, token, path string, q url.Values) report {
	t.Helper()
	var out authtest.Data[report]
	b.Get(t, "/api/reports/"+path+"?"+q.Encode(), token).Expect(http.StatusOK).JSON(&out)
	return out.Data
}

func rng(from, to string, more ...string) url.Values {
	q := url.Values{"from": {from}, "to": {to}, "per_page": {"500"}}
	for i := 0; i+1 < len(more); i += 2 {
		q.Set(more[i], more[i+1])
	}
	return q
}

// expect compares the report's totals with want, key by key.
func expect(t *testing.T, what string, got map[string]int64, want map[string]int64) {
	t.Helper()
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %s = %d, want %d (from the documents)", what, k, got[k], v)
		}
	}
}

// taxTotals is sales_report's or purchases_report's totals computed from the documents.
func taxTotals(docs []doc, typ, from, to string, store int64) map[string]int64 {
	w := map[string]int64{}
	for _, d := range docs {
		if d.typ != typ || d.ApprovalStatus != "approved" || d.date() < from || d.date() > to || (store != 0 && d.StoreID != store) {
			continue
		}
		var linesVAT int64
		for _, l := range d.Lines {
			switch l.IVAClass {
			case "19":
				w["base19_cents"] += l.BaseCents
				w["vat19_cents"] += l.VATCents
			case "5":
				w["base5_cents"] += l.BaseCents
				w["vat5_cents"] += l.VATCents
			case "exento":
				w["base_exento_cents"] += l.BaseCents
			case "excluido":
				w["base_excluido_cents"] += l.BaseCents
			}
			linesVAT += l.VATCents
		}
		// The shipping billed by the supplier is taxed at 19 %: its base, and the VAT the lines do not hold.
		w["base19_cents"] += d.Totals.ShippingCents
		w["vat19_cents"] += d.Totals.VATCents - linesVAT
		w["documents"]++
		w["subtotal_cents"] += d.Totals.SubtotalCents
		w["discount_cents"] += d.Totals.DiscountCents
		w["taxable_base_cents"] += d.Totals.TaxableBaseCents
		w["vat_cents"] += d.Totals.VATCents
		w["invoice_cents"] += d.Totals.InvoiceCents
		w["withholding_income_cents"] += d.Totals.WithholdingIncomeCents
		w["withholding_vat_cents"] += d.Totals.WithholdingVATCents
		w["total_cents"] += d.total()
		if typ == "purchase" {
			w["shipping_cents"] += d.Totals.ShippingCents
		}
	}
	return w
}

// TestReportsAgreeWithTheDocuments builds a generated company through the modules' APIs —
// purchases and sales approved, rejected, pending and deleted, with discounts, shipping and
// returns; payments approved, pending, rejected and deleted; purchase returns approved on
// dates of their own (after their purchase), pending, rejected and deleted — and checks every
// page's totals against a computation from the documents as their owners answer them, and every
// statement's last balance against the party's balance. The dated pages and the dashboard read
// the daily aggregates the triggers keep, so this is also their proof; at the end the kept
// aggregates are compared row by row with ones rebuilt from scratch.
func TestReportsAgreeWithTheDocuments(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		b := newBooks(t, s, 20261128)
		for range 30 {
			b.purchase(t)
			b.sale(t)
		}
		b.returns(t)
		b.lotPurchases(t)
		b.giveBack(t)
		b.pay(t)
		t.Logf("%d documents kept, %d deleted; %d payments kept, %d deleted; %d returns kept; %d goods movements approved", len(b.docs),
			b.deletedDocs, len(b.payments), b.deletedP, len(b.keptReturns), len(b.moved))

		const from, to = "2026-08-01", "2026-11-30"
		for _, who := range []string{b.Admin, b.User} {
			for _, typ := range []string{"purchase", "sale"} {
				page := typ + "s_report"
				expect(t, page, b.get(t, who, page, rng(from, to)).Totals, taxTotals(b.docs, typ, from, to, 0))
				expect(t, page+" October by day", b.get(t, who, page, rng("2026-10-01", "2026-10-31", "group", "day")).Totals,
					taxTotals(b.docs, typ, "2026-10-01", "2026-10-31", 0))
				expect(t, page+" one store", b.get(t, who, page, rng(from, to, "store_id", fmt.Sprint(b.stores[1]))).Totals,
					taxTotals(b.docs, typ, from, to, b.stores[1]))
			}
		}

		// overview_chart, payment_report and income_report.
		over, pays, inc := map[string]int64{}, map[string]int64{}, map[string]int64{}
		for _, d := range b.docs {
			if d.ApprovalStatus != "approved" {
				continue
			}
			if d.typ == "purchase" {
				over["purchases_cents"] += d.total()
				continue
			}
			over["sales_cents"] += d.total()
			inc["sales_cents"] += d.Totals.TaxableBaseCents
			inc["returns_cents"] += d.Totals.ReturnCents
			inc["cost_cents"] += d.Totals.CostCents
		}
		inc["net_sales_cents"] = inc["sales_cents"] - inc["returns_cents"]
		inc["gross_profit_cents"] = inc["net_sales_cents"] - inc["cost_cents"]
		for _, p := range b.payments {
			if p.ApprovalStatus == "rejected" {
				continue
			}
			dir := map[string]string{"purchase": "out", "sale": "in"}[p.Type]
			pays[p.ApprovalStatus+"_"+dir+"_cents"] += p.AmountCents
			pays["payments"]++
			if p.ApprovalStatus == "approved" {
				over[map[string]string{"purchase": "payments_out_cents", "sale": "collections_cents"}[p.Type]] += p.AmountCents
			}
		}
		expect(t, "overview_chart", b.get(t, b.Admin, "overview_chart", rng(from, to)).Totals, over)
		expect(t, "company_chart", b.get(t, b.Admin, "company_chart", rng(from, to)).Totals, over)
		// store_chart: each store's row is that store's documents.
		stores := b.get(t, b.Admin, "store_chart", rng(from, to))
		expect(t, "store_chart", stores.Totals, over)
		for _, row := range stores.Rows {
			for i, id := range b.stores {
				if row["store_name"] == fmt.Sprintf("Tienda %d", i) {
					want := taxTotals(b.docs, "sale", from, to, id)["total_cents"]
					if got := int64(row["sales_cents"].(float64)); got != want {
						t.Errorf("store_chart %v: sales %d, want %d", row["store_name"], got, want)
					}
				}
			}
		}
		if len(stores.Rows) != len(b.stores) {
			t.Errorf("store_chart rows %v", stores.Rows)
		}
		expect(t, "payment_report", b.get(t, b.Admin, "payment_report", rng(from, to)).Totals, pays)
		income := b.get(t, b.Admin, "income_report", rng(from, to))
		expect(t, "income_report", income.Totals, inc)
		if want := (inc["gross_profit_cents"]*10000 + inc["net_sales_cents"]/2) / inc["net_sales_cents"]; income.Totals["margin"] != want {
			t.Errorf("income_report margin %d, want %d", income.Totals["margin"], want)
		}

		// customers_report and suppliers_report: each party's balance is the sum of its
		// documents' balances, and its statement ends there; a range ending earlier ends its
		// statement at the list's balance for that range.
		for _, side := range []struct{ typ, page string }{{"purchase", "suppliers_report"}, {"sale", "customers_report"}} {
			balances := map[int64]int64{}
			overdue := int64(0)
			for _, d := range b.docs {
				if d.typ == side.typ && d.ApprovalStatus == "approved" {
					balances[d.party()] += d.Totals.BalanceCents
					if side.typ == "purchase" && d.Totals.BalanceCents > 0 && d.due() < today {
						overdue += d.Totals.BalanceCents
					}
				}
			}
			list := b.get(t, b.Admin, side.page, rng(from, to))
			var sum int64
			for _, row := range list.Rows {
				link := row["link"].(map[string]any)
				id := int64(link["id"].(float64))
				got := int64(row["balance_cents"].(float64))
				if got != balances[id] {
					t.Errorf("%s: party %d balance %d, want %d", side.page, id, got, balances[id])
				}
				sum += got
				st := b.get(t, b.Admin, fmt.Sprintf("%s/%d", side.page, id), rng(from, to))
				last := int64(st.Rows[len(st.Rows)-1]["balance_cents"].(float64))
				if last != got || st.Party.BalanceCents != got || st.Totals["balance_cents"] != got {
					t.Errorf("%s/%d: statement ends at %d (party %d), the list shows %d", side.page, id, last, st.Party.BalanceCents, got)
				}
				var aged int64
				for _, v := range st.Party.Ageing {
					aged += v
				}
				if aged != balances[id] {
					t.Errorf("%s/%d: ageing sums %d, balance %d", side.page, id, aged, balances[id])
				}
				early := b.get(t, b.Admin, side.page, rng("2026-08-01", "2026-09-30"))
				for _, er := range early.Rows {
					if int64(er["link"].(map[string]any)["id"].(float64)) != id {
						continue
					}
					es := b.get(t, b.Admin, fmt.Sprintf("%s/%d", side.page, id), rng("2026-09-01", "2026-09-30"))
					if got := int64(es.Rows[len(es.Rows)-1]["balance_cents"].(float64)); got != int64(er["balance_cents"].(float64)) {
						t.Errorf("%s/%d in September: statement ends at %d, the list shows %v", side.page, id, got, er["balance_cents"])
					}
				}
			}
			var want int64
			for _, v := range balances {
				want += v
			}
			if sum != want || list.Totals["balance_cents"] != want {
				t.Errorf("%s: balances %d (totals %d), want %d", side.page, sum, list.Totals["balance_cents"], want)
			}
			if side.typ == "purchase" {
				aged := b.get(t, b.Admin, "expired_purchases_report", rng(from, to))
				if aged.Totals["overdue_cents"] != overdue || aged.Totals["days_1_30_cents"]+aged.Totals["days_31_60_cents"]+
					aged.Totals["days_61_90_cents"]+aged.Totals["over_90_cents"] != overdue {
					t.Errorf("expired_purchases_report: %v, want overdue %d", aged.Totals, overdue)
				}
			}
		}

		checkParties(t, b)
		checkAgeing(t, b)
		checkPayments(t, b)

		// product_report: the lines of the approved documents, product by product.
		prod := map[string]int64{}
		for _, d := range b.docs {
			if d.ApprovalStatus != "approved" {
				continue
			}
			for _, l := range d.Lines {
				if d.typ == "purchase" {
					prod["purchased_cents"] += l.BaseCents
				} else {
					prod["sold_cents"] += l.BaseCents
				}
			}
			if d.typ == "sale" {
				prod["cost_of_sales_cents"] += d.Totals.CostCents
			}
		}
		prod["profit_cents"] = prod["sold_cents"] - prod["cost_of_sales_cents"]
		for _, m := range b.moved {
			prod["returned_cents"] += m.baseCents
		}
		expect(t, "product_report", b.get(t, b.Admin, "product_report", rng(from, to)).Totals, prod)
		// Each product's received and returned units and returned base, over the whole range and
		// over October alone (returns on their own dates, the receipts on their approval day).
		for _, r := range [][2]string{{from, to}, {"2026-10-01", "2026-10-31"}, {today, today}, {"2026-08-15", "2026-10-20"}, {"2026-09-03", "2026-09-27"}} {
			want := map[string]int64{}
			for _, m := range b.moved {
				if m.date < r[0] || m.date > r[1] {
					continue
				}
				if m.returned {
					want[fmt.Sprint(m.product, " returned_quantity")] += m.quantity
					want[fmt.Sprint(m.product, " returned_cents")] += m.baseCents
				} else {
					want[fmt.Sprint(m.product, " received_quantity")] += m.quantity
				}
			}
			got := map[string]int64{}
			for _, row := range b.get(t, b.Admin, "product_report", rng(r[0], r[1], "per_page", "500")).Rows {
				id := int64(row["link"].(map[string]any)["id"].(float64))
				for _, k := range []string{"received_quantity", "returned_quantity", "returned_cents"} {
					if v := int64(row[k].(float64)); v != 0 {
						got[fmt.Sprint(id, " ", k)] = v
					}
				}
			}
			expect(t, "product_report "+r[0]+".."+r[1]+" received and returned", got, want)
			if len(got) != len(want) {
				t.Errorf("product_report %s..%s received and returned: %v, want %v", r[0], r[1], got, want)
			}
		}
		// Ranges cut inside months (their whole months come from the monthly aggregates, the months
		// they cut from the daily ones, or the monthly less the daily) and one store: per product, what was bought and sold and
		// the average cost of what was bought up to the range's end, from the documents.
		for i, r := range []struct {
			from, to string
			store    int64
		}{{"2026-08-17", "2026-10-09", 0}, {"2026-10-05", "2026-10-20", 0}, {"2026-09-01", "2026-10-31", 0},
			{"2026-08-17", "2026-10-09", b.stores[1]}, {"2026-11-02", today, b.stores[0]}} {
			q := rng(r.from, r.to, "per_page", "500")
			if r.store != 0 {
				q.Set("store_id", fmt.Sprint(r.store))
			}
			got := productReport(t, b, r.from, r.to, r.store)
			want := productFigures(b.docs, r.from, r.to, r.store)
			if len(want) == 0 {
				t.Errorf("product_report %s..%s: no lines in the range, the case proves nothing", r.from, r.to)
			}
			expect(t, fmt.Sprintf("product_report %s..%s store %d", r.from, r.to, r.store), got, want)
			// Sorted, paged and exported in SQL: every sort gives the same rows and totals, ties
			// in the page's own order (by code).
			list := b.get(t, b.Admin, "product_report", q)
			if !inOrder(list.Rows, "code") {
				t.Errorf("product_report %s..%s store %d: not by code: %v", r.from, r.to, r.store, list.Rows)
			}
			checkSorts(t, b, "product_report", q, list, [][]string{{"-purchased_cents", "name"}, {"-profit_cents", "stock_quantity"},
				{"-stock_value_cents", "average_cost_cents"}, {"sold_quantity", "-cost_of_sales_cents"}, {"-returned_cents", "received_quantity"}}[i])
		}
		// Receipts are the company's, not a store's: a store's product_report has none.
		for _, row := range b.get(t, b.Admin, "product_report", rng(from, to, "store_id", fmt.Sprint(b.stores[0]))).Rows {
			if row["received_quantity"].(float64) != 0 {
				t.Errorf("product_report of a store: received %v", row)
			}
		}

		// Quantity alerts: the good under its alert quantity (2 received), 3 of its 5 still on order.
		alerts := b.get(t, b.Admin, "product_quantity_alert", rng(from, to))
		if len(alerts.Rows) != 1 || alerts.Rows[0]["code"] != "G-1" || alerts.Rows[0]["alert_quantity"].(float64) != 7 ||
			alerts.Rows[0]["on_order_quantity"].(float64) != 3 || alerts.Rows[0]["quantity"].(float64) != 2 {
			t.Errorf("product_quantity_alert rows %v", alerts.Rows)
		}
		// Expiry: the 10 in stock are the newer lot's 6 (48 days left) and 4 of the older (8 days).
		exp := b.get(t, b.Admin, "product_expiry_alert", rng(from, to))
		if len(exp.Rows) != 2 || exp.Rows[0]["quantity"].(float64) != 4 || exp.Rows[0]["bucket"] != "days_0_30" ||
			exp.Rows[0]["days_left"].(float64) != 8 || exp.Rows[1]["quantity"].(float64) != 6 || exp.Rows[1]["bucket"] != "days_31_60" ||
			exp.Totals["quantity"] != 10 || exp.Totals["lot_cost_cents"] != 10*300_000 {
			t.Errorf("product_expiry_alert %v totals %v", exp.Rows, exp.Totals)
		}

		// The dashboard: this month's and last month's documents, what is owed today, and what
		// waits for approval.
		var dash authtest.Data[struct {
			KPIs   map[string]any `json:"kpis"`
			Months []struct {
				Month          string `json:"month"`
				SalesCents     int64  `json:"sales_cents"`
				PurchasesCents int64  `json:"purchases_cents"`
			} `json:"months"`
			Approvals map[string]int64 `json:"approvals"`
		}]
		b.Get(t, "/api/dashboard", b.Admin).Expect(http.StatusOK).JSON(&dash)
		kpis, waiting := map[string]int64{}, map[string]int64{}
		for _, d := range b.docs {
			if d.ApprovalStatus == "pending" {
				waiting[d.typ+"s"]++
			}
			if d.ApprovalStatus != "approved" {
				continue
			}
			key := map[string]string{"purchase": "purchases", "sale": "sales"}[d.typ]
			switch d.date()[:7] {
			case "2026-11":
				kpis[key+"_month_cents"] += d.total()
			case "2026-10":
				// Last month up to the same day as today (the 23rd): this month is to date.
				if d.date() <= "2026-10-23" {
					kpis[key+"_last_month_cents"] += d.total()
				}
			}
			if d.typ == "sale" {
				kpis["receivables_cents"] += d.Totals.BalanceCents
			} else {
				kpis["payables_cents"] += d.Totals.BalanceCents
			}
		}
		kpis["overdue_cents"] = b.get(t, b.Admin, "expired_purchases_report", rng(from, to)).Totals["overdue_cents"]
		for _, p := range b.payments {
			if p.ApprovalStatus == "pending" {
				waiting["payments"]++
			}
		}
		figures := map[string]int64{}
		for k, v := range dash.Data.KPIs {
			if n, ok := v.(float64); ok {
				figures[k] = int64(n)
			}
		}
		expect(t, "dashboard kpis", figures, kpis)
		if dash.Data.KPIs["month_to"] != today || dash.Data.KPIs["last_month_to"] != "2026-10-23" {
			t.Errorf("dashboard compares the 1st to %v with the 1st to %v, want %s and 2026-10-23", dash.Data.KPIs["month_to"],
				dash.Data.KPIs["last_month_to"], today)
		}
		expect(t, "dashboard approvals", dash.Data.Approvals, waiting)
		// Every generated document falls in the 12 months: the months add up to overview_chart's totals.
		var monthSales, monthPurchases int64
		for _, m := range dash.Data.Months {
			monthSales += m.SalesCents
			monthPurchases += m.PurchasesCents
		}
		if len(dash.Data.Months) != 12 || dash.Data.Months[0].Month != "2025-12" || dash.Data.Months[11].Month != "2026-11" ||
			monthSales != over["sales_cents"] || monthPurchases != over["purchases_cents"] {
			t.Errorf("dashboard months %v: sales %d purchases %d, want %d and %d", dash.Data.Months, monthSales, monthPurchases,
				over["sales_cents"], over["purchases_cents"])
		}
		var userDash authtest.Data[struct {
			Approvals map[string]int64 `json:"approvals"`
		}]
		if b.Get(t, "/api/dashboard", b.User).Expect(http.StatusOK).JSON(&userDash); userDash.Data.Approvals != nil {
			t.Errorf("a user sees the approvals: %v", userDash.Data.Approvals)
		}

		// Returns on their own dates: September's supplier list counts the returns approved in
		// September whatever their purchase's date, and each approved return is a credit on its
		// supplier's statement on its own date.
		septReturns, dated := int64(0), 0
		for _, r := range b.keptReturns {
			if r.ApprovalStatus != "approved" {
				if r.ApprovalStatus == "pending" {
					waiting["returns"]++
				}
				continue
			}
			if r.ReturnDate >= "2026-09-01" && r.ReturnDate <= "2026-09-30" {
				septReturns += r.Totals.AmountCents
			}
			if r.ReturnDate[:7] != r.purchaseDate[:7] {
				dated++
			}
			st := b.get(t, b.Admin, fmt.Sprintf("suppliers_report/%d", r.supplier), rng(from, to))
			found := false
			for _, row := range st.Rows {
				if row["kind"] == "return" && row["date"] == r.ReturnDate && int64(row["credit_cents"].(float64)) == r.Totals.AmountCents {
					found = true
				}
			}
			if !found {
				t.Errorf("return %d (%s, %d) is not on its supplier's statement on its date", r.ID, r.ReturnDate, r.Totals.AmountCents)
			}
		}
		if dated == 0 {
			t.Errorf("no approved return falls in another month than its purchase: the data prove nothing")
		}
		if got := b.get(t, b.Admin, "suppliers_report", rng("2026-09-01", "2026-09-30")).Totals["returns_cents"]; got != septReturns {
			t.Errorf("suppliers_report September returns %d, want %d", got, septReturns)
		}
		b.Get(t, "/api/dashboard", b.Admin).Expect(http.StatusOK).JSON(&dash)
		expect(t, "dashboard approvals with returns", dash.Data.Approvals, waiting)

		// The aggregates the triggers kept are exactly the ones rebuilt from the owners' tables.
		checkAggregates(t, b.DB)

		// users_report: per user, what they recorded and approved; each user's page lists the same.
		type userFigures struct{ purchases, purchasesCents, sales, salesCents, payments, paymentsCents, approved int64 }
		wantUsers := map[int64]*userFigures{b.AdminID: {}, b.UserID: {}, b.SecretaryID: {}}
		docsOf := map[string]*doc{}
		for i, d := range b.docs {
			docsOf[fmt.Sprint(d.typ, d.ID)] = &b.docs[i]
		}
		var created struct {
			Data struct {
				CreatedBy  *int64 `json:"created_by"`
				ApprovedBy *int64 `json:"approved_by"`
			} `json:"data"`
		}
		for _, d := range b.docs {
			if d.ApprovalStatus != "approved" {
				continue
			}
			b.Get(t, fmt.Sprintf("/api/%ss/%d", d.typ, d.ID), b.Admin).Expect(http.StatusOK).JSON(&created)
			u := wantUsers[*created.Data.CreatedBy]
			if d.typ == "purchase" {
				u.purchases, u.purchasesCents = u.purchases+1, u.purchasesCents+d.total()
			} else {
				u.sales, u.salesCents = u.sales+1, u.salesCents+d.total()
			}
			wantUsers[*created.Data.ApprovedBy].approved++
		}
		for _, p := range b.payments {
			if p.ApprovalStatus != "approved" {
				continue
			}
			b.Get(t, fmt.Sprintf("/api/payments/%d", p.ID), b.Admin).Expect(http.StatusOK).JSON(&created)
			u := wantUsers[*created.Data.CreatedBy]
			u.payments, u.paymentsCents = u.payments+1, u.paymentsCents+p.AmountCents
			wantUsers[*created.Data.ApprovedBy].approved++
		}
		storeOf := map[string]int64{} // a row's link (kind and id) to its store
		for _, d := range b.docs {
			storeOf[fmt.Sprint(d.typ, d.ID)] = d.StoreID
		}
		for _, p := range b.payments {
			storeOf[fmt.Sprint("payment", p.ID)] = p.StoreID
		}
		usersReport := b.get(t, b.Admin, "users_report", rng(from, to))
		for _, row := range usersReport.Rows {
			id := int64(row["link"].(map[string]any)["id"].(float64))
			w, ok := wantUsers[id]
			if !ok {
				continue
			}
			got := userFigures{}
			for k, p := range map[string]*int64{"purchases": &got.purchases, "purchases_cents": &got.purchasesCents, "sales": &got.sales,
				"sales_cents": &got.salesCents, "payments": &got.payments, "payments_cents": &got.paymentsCents, "approved": &got.approved} {
				*p = int64(row[k].(float64))
			}
			if got != *w {
				t.Errorf("users_report %v: %+v, want %+v", row["user_name"], got, *w)
			}
			acts := b.get(t, b.Admin, fmt.Sprintf("users_report/%d", id), rng(from, to))
			if acts.Totals["amount_cents"] != w.purchasesCents+w.salesCents+w.paymentsCents {
				t.Errorf("users_report/%d: recorded %d, want %d", id, acts.Totals["amount_cents"], w.purchasesCents+w.salesCents+w.paymentsCents)
			}
			// The user's page totals the row it is opened from.
			expect(t, fmt.Sprintf("users_report/%d figures", id), acts.Totals, map[string]int64{"purchases": w.purchases,
				"purchases_cents": w.purchasesCents, "sales": w.sales, "sales_cents": w.salesCents, "payments": w.payments,
				"payments_cents": w.paymentsCents, "approved": w.approved})
			checkActsPages(t, b, id, rng("2026-09-10", to), b.get(t, b.Admin, fmt.Sprintf("users_report/%d", id), rng("2026-09-10", to)))
			// With a store: the same rows, only the store's documents and their payments (a
			// payment's store is its document's), the count and what the user recorded theirs.
			inStore := report{Totals: map[string]int64{}}
			for _, row := range acts.Rows {
				l := row["link"].(map[string]any)
				if storeOf[fmt.Sprint(l["kind"], int64(l["id"].(float64)))] == b.stores[1] {
					inStore.Rows = append(inStore.Rows, row)
					if row["role"] == "created" {
						inStore.Totals["amount_cents"] += int64(row["amount_cents"].(float64))
					}
				}
			}
			storeQ := rng(from, to, "store_id", fmt.Sprint(b.stores[1]))
			ofStore := b.get(t, b.Admin, fmt.Sprintf("users_report/%d", id), storeQ)
			if ofStore.Meta.Total != len(inStore.Rows) || ofStore.Totals["amount_cents"] != inStore.Totals["amount_cents"] {
				t.Errorf("users_report/%d of store %d: %d rows recording %d, want %d recording %d", id, b.stores[1], ofStore.Meta.Total,
					ofStore.Totals["amount_cents"], len(inStore.Rows), inStore.Totals["amount_cents"])
			}
			checkActsPages(t, b, id, storeQ, inStore)
			// It pages in SQL: page 2 of 3 rows is the whole list's rows 4 to 6, with the same count.
			if len(acts.Rows) >= 6 {
				q := rng(from, to)
				q.Set("per_page", "3")
				q.Set("page", "2")
				p2 := b.get(t, b.Admin, fmt.Sprintf("users_report/%d", id), q)
				if p2.Meta.Total != len(acts.Rows) || len(p2.Rows) != 3 || p2.Rows[0]["number"] != acts.Rows[3]["number"] ||
					p2.Rows[2]["number"] != acts.Rows[5]["number"] || p2.Totals["amount_cents"] != acts.Totals["amount_cents"] {
					t.Errorf("users_report/%d page 2 of 3 rows: %v (total %d), want rows 4–6 of %d", id, p2.Rows, p2.Meta.Total, len(acts.Rows))
				}
			}
			// Its export is streamed from a cursor: the same rows in the same order, then the totals.
			sheet := b.Get(t, fmt.Sprintf("/api/reports/users_report/%d/export.xlsx?%s", id, rng(from, to, "lang", "en").Encode()), b.Admin).
				Expect(http.StatusOK).Sheet("Users")
			if len(sheet) != len(acts.Rows)+2 || sheet[len(sheet)-1][0] != "Total" {
				t.Errorf("users_report/%d export: %d rows, want %d + header + totals", id, len(sheet), len(acts.Rows))
			} else {
				for i, row := range acts.Rows {
					if sheet[i+1][2] != row["number"] {
						t.Errorf("users_report/%d export row %d: %v, the page's %v", id, i, sheet[i+1], row)
						break
					}
				}
			}
		}
		b.Get(t, "/api/reports/users_report", b.User).Expect(http.StatusForbidden)
		b.Get(t, fmt.Sprintf("/api/reports/users_report/%d", b.UserID), b.Secretary).Expect(http.StatusForbidden)

		// Another company sees none of it; the buyer reads no report.
		if other := b.get(t, b.Other, "sales_report", rng(from, to)); other.Totals["documents"] != 0 {
			t.Errorf("another company's user sees %v", other.Totals)
		}
		b.Get(t, "/api/reports/sales_report", b.Buyer).Expect(http.StatusForbidden)

		checkPartyTriggers(t, b)
		checkExpiries(t, b)
		checkLotLockOrder(t, b)
		checkProductDays(t, b)
	})
}

// productFigures is product_report's figures per product ("<id> <column>") from the approved
// documents' lines dated from..to (of one store, 0 every store), and the average cost of the
// products bought or sold in the range: every approved purchase up to to, rounded half up.
func productFigures(docs []doc, from, to string, store int64) map[string]int64 {
	out := map[string]int64{}
	type bought struct{ qty, cents int64 }
	upTo, moved := map[int64]*bought{}, map[int64]bool{}
	for _, d := range docs {
		if d.ApprovalStatus != "approved" || (store != 0 && d.StoreID != store) || d.date() > to {
			continue
		}
		for _, l := range d.Lines {
			if d.typ == "purchase" {
				if upTo[l.ProductID] == nil {
					upTo[l.ProductID] = &bought{}
				}
				upTo[l.ProductID].qty += l.Quantity
				upTo[l.ProductID].cents += l.BaseCents
			}
			if d.date() < from {
				continue
			}
			moved[l.ProductID] = true
			key := func(k string) string { return fmt.Sprint(l.ProductID, " ", k) }
			if d.typ == "purchase" {
				out[key("purchased_quantity")] += l.Quantity
				out[key("purchased_cents")] += l.BaseCents
			} else {
				out[key("sold_quantity")] += l.Quantity
				out[key("sold_cents")] += l.BaseCents
				out[key("cost_of_sales_cents")] += l.CostCents * l.Quantity
			}
		}
	}
	for id := range moved {
		if b := upTo[id]; b != nil && b.qty > 0 {
			out[fmt.Sprint(id, " average_cost_cents")] = (b.cents + b.qty/2) / b.qty
		}
	}
	return out
}

// checkAggregates compares the daily aggregates the triggers kept with ones rebuilt from scratch
// (reports.RebuildAggregates, in a transaction rolled back), leaving out rows that net to zero.
func checkAggregates(t *testing.T, db *bun.DB) {
	t.Helper()
	checkTables(t, db, "report_document_days", "report_payment_days", "report_due_balances", "report_user_days",
		"report_party_days", "report_party_months", "report_party_balances", "report_payable_dues", "report_payment_years",
		"report_payment_keys", "report_payment_party_days", "report_payment_store_years", "report_payment_months", "report_payment_acts",
		"report_product_months", "report_product_company_months",
		"report_product_bought", "report_product_company_bought", "report_product_days", "report_product_company_days",
		"report_product_company_halves",
		"report_lot_lines", "report_lot_totals")
	checkRunning(t, db)
	checkApprovalDeltas(t, db)
}

// checkApprovalDeltas compares the approvals the triggers' deltas sum to per company and kind
// with report_approvals' count of the pending records, then folds 1,100 more deltas that net to
// zero (in a transaction rolled back): the sums stay, and the fold leaves fewer rows than it was
// given.
func checkApprovalDeltas(t *testing.T, db *bun.DB) {
	t.Helper()
	ctx := context.Background()
	sums := func(q bun.IDB, sql string) map[string]int64 {
		var rows []struct {
			CompanyID int64  `bun:"company_id"`
			Kind      string `bun:"kind"`
			N         int64  `bun:"n"`
		}
		if err := q.NewRaw(sql).Scan(ctx, &rows); err != nil {
			t.Fatal(err)
		}
		out := map[string]int64{}
		for _, r := range rows {
			out[fmt.Sprint(r.CompanyID, " ", r.Kind)] = r.N
		}
		return out
	}
	const kept = "SELECT company_id, kind, SUM(n) AS n FROM report_approval_deltas GROUP BY company_id, kind HAVING SUM(n) <> 0"
	want := sums(db, "SELECT company_id, kind, COUNT(*) AS n FROM report_approvals GROUP BY company_id, kind")
	if len(want) == 0 {
		t.Fatal("nothing waits for approval: the data prove nothing")
	}
	expect(t, "approval deltas", sums(db, kept), want)
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	for i := range 1100 {
		if _, err := tx.ExecContext(ctx, "INSERT INTO report_approval_deltas (company_id, kind, n) VALUES (?, 'sales', ?)", 1, 1-2*(i%2)); err != nil {
			t.Fatal(err)
		}
	}
	expect(t, "approval deltas after a fold", sums(tx, kept), want)
	var rows int
	if err := tx.NewRaw("SELECT COUNT(*) FROM report_approval_deltas").Scan(ctx, &rows); err != nil {
		t.Fatal(err)
	}
	if rows >= 1100 {
		t.Errorf("report_approval_deltas holds %d rows after 1,100 deltas: no fold", rows)
	}
}

// rebuilt is a transaction in which the aggregates are rebuilt from scratch
// (reports.RebuildAggregates); done rolls it back.
func rebuilt(t *testing.T, db *bun.DB) (tx bun.Tx, done func()) {
	t.Helper()
	tx, err := db.BeginTx(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := reports.RebuildAggregates(context.Background(), tx); err != nil {
		_ = tx.Rollback()
		t.Fatal(err)
	}
	return tx, func() { _ = tx.Rollback() }
}

// checkTables is checkAggregates on the aggregate tables named.
func checkTables(t *testing.T, db *bun.DB, tables ...string) {
	t.Helper()
	ctx := context.Background()
	read := func(q bun.IDB) map[string]string {
		out := map[string]string{}
		for _, table := range tables {
			rows, err := q.QueryContext(ctx, "SELECT * FROM "+table)
			if err != nil {
				t.Fatal(err)
			}
			cols, _ := rows.Columns()
			for rows.Next() {
				vals := make([]any, len(cols))
				ptrs := make([]any, len(cols))
				for i := range vals {
					ptrs[i] = &vals[i]
				}
				if err := rows.Scan(ptrs...); err != nil {
					t.Fatal(err)
				}
				key, figures, zero := table, "", true
				for i, c := range cols {
					v := fmt.Sprint(vals[i])
					if b, ok := vals[i].([]byte); ok {
						v = string(b)
					}
					// report_payment_years keeps a month's count in n_MM, report_payment_keys
					// its months with payments in months (a row without any is no row).
					if strings.HasSuffix(c, "_cents") || c == "n" || strings.HasPrefix(c, "n_") || c == "quantity" || c == "months" {
						figures += " " + c + "=" + v
						zero = zero && v == "0"
					} else {
						key += " " + c + "=" + v
					}
				}
				// A table of keys alone (report_payment_acts) holds a row for each of them.
				if !zero || figures == "" {
					out[key] = figures
				}
			}
			if err := rows.Close(); err != nil {
				t.Fatal(err)
			}
		}
		return out
	}
	kept := read(db)
	tx, done := rebuilt(t, db)
	defer done()
	fresh := read(tx)
	for k, v := range fresh {
		if kept[k] != v {
			t.Errorf("aggregate %s: kept%s, rebuilt%s", k, kept[k], v)
		}
	}
	for k, v := range kept {
		if _, ok := fresh[k]; !ok {
			t.Errorf("aggregate %s: kept%s, none rebuilt", k, v)
		}
	}
	if len(fresh) == 0 {
		t.Errorf("no aggregates")
	}
}
