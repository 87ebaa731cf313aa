package demo

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"slices"
	"sync"
	"time"
)

// orderPlan is what happens to one demo purchase order after the buyer creates it.
type orderPlan struct {
	decision string  // "" stays pending, "approve" or "reject"
	receipts []int64 // percent of the quantity received in each receipt (approved by the admin)
	last     string  // what the admin does with the last receipt: "approve" (default), "pending", "reject"
}

// orderPlans covers every state of a purchase order and of its received orders: pending,
// rejected, approved with nothing received, partly received (one with a receipt awaiting
// approval, one with a rejected receipt) and fully received (in one or two receipts).
var orderPlans = []orderPlan{
	{}, {}, {}, {},
	{decision: "reject"}, {decision: "reject"}, {decision: "reject"},
	{decision: "approve"}, {decision: "approve"}, {decision: "approve"},
	{decision: "approve", receipts: []int64{40}}, {decision: "approve", receipts: []int64{50}},
	{decision: "approve", receipts: []int64{30}}, {decision: "approve", receipts: []int64{40, 20}, last: "pending"},
	{decision: "approve", receipts: []int64{60, 40}}, {decision: "approve", receipts: []int64{50, 50}},
	{decision: "approve", receipts: []int64{100}}, {decision: "approve", receipts: []int64{100}},
	{decision: "approve", receipts: []int64{100}}, {decision: "approve", receipts: []int64{30}, last: "reject"},
}

var orderRejectReasons = []string{"Ya hay inventario suficiente en la sede.", "El proveedor subió el precio; pedir otra cotización.",
	"Producto descontinuado."}

// goods returns the id of a goods product (not a service), chosen at random.
func (s *seeder) goods(d dice) (categoryIdx int, productID int64) {
	ci := d.intn(len(categories) - 1) // the last category is services
	ids := s.productIDs[ci]
	return ci, ids[d.intn(len(ids))]
}

// purchaseOrders has the user order goods and the admin decide, and the user receive what
// orderPlans says, receipts decided by the admin (an approved receipt adds to the stock).
func (s *seeder) purchaseOrders() error {
	d := newDice(3)
	for i, plan := range orderPlans {
		ci, productID := s.goods(d)
		qty := d.between(2, 20) * 10
		id, err := s.user.postForm("/api/purchase-orders", map[string]string{
			"category_id": fmt.Sprint(s.categoryIDs[ci]), "product_id": fmt.Sprint(productID), "quantity": fmt.Sprint(qty),
			"note": []string{"", "Reposición de inventario.", "Para la temporada de diciembre.", ""}[i%4]}, file{})
		if err != nil {
			return err
		}
		s.orderCount++
		switch plan.decision {
		case "approve":
			if _, err := s.admin.postJSON(fmt.Sprintf("/api/purchase-orders/%d/approve", id), map[string]any{}); err != nil {
				return err
			}
		case "reject":
			reason := orderRejectReasons[i%len(orderRejectReasons)]
			if _, err := s.admin.postJSON(fmt.Sprintf("/api/purchase-orders/%d/reject", id), map[string]string{"reason": reason}); err != nil {
				return err
			}
		}
		left := qty
		for k, pct := range plan.receipts {
			n := min(qty*pct/100, left)
			left -= n
			rid, err := s.user.postForm(fmt.Sprintf("/api/purchase-orders/%d/receive", id),
				map[string]string{"quantity": fmt.Sprint(n), "note": "Recibido en bodega."}, file{})
			if err != nil {
				return err
			}
			decide := "approve"
			if k == len(plan.receipts)-1 && plan.last != "" {
				decide = plan.last
			}
			switch decide {
			case "approve":
				if _, err := s.admin.postJSON(fmt.Sprintf("/api/received-orders/%d/approve", rid), map[string]any{}); err != nil {
					return err
				}
				s.receiptIDs = append(s.receiptIDs, rid)
			case "reject":
				if _, err := s.admin.postJSON(fmt.Sprintf("/api/received-orders/%d/reject", rid),
					map[string]string{"reason": "Llegaron unidades averiadas."}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// purchaseLine is one line of a purchase's create body.
type purchaseLine struct {
	CategoryID int64  `json:"category_id"`
	ProductID  int64  `json:"product_id"`
	CostCents  int64  `json:"cost_cents"`
	Quantity   int64  `json:"quantity"`
	ExpiryDate string `json:"expiry_date,omitempty"`
}

// purchaseBody is a purchase's create body (the API's PurchaseBody).
type purchaseBody struct {
	CompanyID       int64          `json:"company_id"`
	PurchaseDate    string         `json:"purchase_date"`
	ReferenceNo     string         `json:"reference_no"`
	SupplierID      int64          `json:"supplier_id"`
	StoreID         int64          `json:"store_id"`
	DaysOfCredit    int64          `json:"days_of_credit"`
	ShippingCarrier string         `json:"shipping_carrier,omitempty"`
	ShippingCents   int64          `json:"shipping_cents"`
	DiscountCents   int64          `json:"discount_cents"`
	Note            string         `json:"note,omitempty"`
	ReceivedOrderID int64          `json:"received_order_id,omitempty"`
	Lines           []purchaseLine `json:"lines"`
}

// purchase states the demo spreads over the year.
const (
	byAdmin  = iota // created by the admin: approved at once
	approved        // created by the user, approved by the admin
	rejected        // created by the user, rejected by the admin with a reason
	pending         // created by the user, awaiting the admin
)

// booked is a purchase the demo booked: what the payments and returns steps pick from.
type booked struct {
	id      int64
	date    string
	state   int
	receipt bool // invoices a received order
	lines   []purchaseLine
}

// demoPurchases is how many supplier invoices the demo books from the start of its year
// (seeder.span) to a few days ago: about eight a month, every month with approved ones.
const demoPurchases = 100

// purchases books a year of supplier invoices — old ones approved or rejected, the last three
// weeks' mostly pending — and five due within the next five days (the dashboard's card).
func (s *seeder) purchases() error {
	d, admin := newDice(2), s.decider()
	defer admin.wait()
	span := s.span()
	for i := range demoPurchases {
		daysAgo := span - i*(span-3)/demoPurchases - int(d.between(0, 1))
		state := []int{byAdmin, byAdmin, approved, byAdmin, approved, byAdmin, byAdmin, approved, byAdmin, rejected}[i%10]
		if daysAgo <= 21 {
			state = []int{pending, pending, approved, pending}[i%4]
		}
		credit := []int64{15, 30, 45, 60, 90}[d.intn(5)]
		if err := s.purchase(d, admin, daysAgo, credit, state, 0, nil); err != nil {
			return err
		}
	}
	for k := range 5 { // due today and in the next four days: the dashboard's expiring purchases
		if err := s.purchase(d, admin, 30-k, 30, byAdmin, 0, nil); err != nil {
			return err
		}
	}
	return admin.wait()
}

// receiptPurchases invoices four of the approved received orders (a purchase "received"), dated
// the last days, the admin's approved and the user's pending by turns.
func (s *seeder) receiptPurchases() error {
	d, admin := newDice(5), s.decider()
	defer admin.wait()
	for k, rid := range s.receiptIDs[:min(4, len(s.receiptIDs))] {
		if err := s.purchase(d, admin, k, 30, []int{byAdmin, pending}[k%2], rid, nil); err != nil {
			return err
		}
	}
	return admin.wait()
}

// lotDays are the days left to the expiry of the lots lotPurchases bring: one in each window the
// expiry alerts show (within 5, 30, 60 and 90 days).
var lotDays = []int{4, 23, 52, 81}

// lotPurchases books today, by the admin, one purchase of goods whose lots expire within 5, 30,
// 60 and 90 days: short-dated stock bought at a discount. They are the newest lots of products
// with stock, so the expiry alert (stock given to the newest lots first) shows each.
func (s *seeder) lotPurchases() error {
	d, admin := newDice(8), s.decider()
	defer admin.wait()
	products, err := s.catalogue()
	if err != nil {
		return err
	}
	sup := lotSupplier
	var lines []purchaseLine
	for _, p := range products {
		ci := categoryOf(s, p.ID)
		if p.Kind != "goods" || p.Quantity < 30 || !slices.Contains(suppliers[sup].categories, ci) {
			continue
		}
		lines = append(lines, purchaseLine{CategoryID: s.categoryIDs[ci], ProductID: p.ID, Quantity: d.between(2, 4) * 5,
			CostCents:  s.productCost[p.ID] * 80 / 100 / 100 * 100,
			ExpiryDate: s.now.AddDate(0, 0, lotDays[len(lines)]).Format(time.DateOnly)})
		if len(lines) == len(lotDays) {
			break
		}
	}
	if len(lines) < len(lotDays) {
		return fmt.Errorf("lots: %d products of %s with stock, want %d", len(lines), suppliers[sup].company, len(lotDays))
	}
	if err := s.purchase(d, admin, 0, 30, byAdmin, 0, lines); err != nil {
		return err
	}
	return admin.wait()
}

// lotSupplier is the supplier of the short-dated lots (its index in suppliers): Distribuidora
// Andina sells groceries and drinks, both with an expiry.
const lotSupplier = 0

// categoryOf is the index of the category of product id.
func categoryOf(s *seeder, id int64) int {
	for ci, ids := range s.productIDs {
		if slices.Contains(ids, id) {
			return ci
		}
	}
	return -1
}

// expiryOf is the expiry date of goods of category ci bought daysAgo days back ("" for services).
func (s *seeder) expiryOf(ci, daysAgo int) string {
	if categories[ci].service {
		return ""
	}
	return s.now.AddDate(0, 0, categories[ci].shelfDays-daysAgo).Format(time.DateOnly)
}

// purchase books one purchase dated daysAgo days back, in state: with the lines given, or those
// receivedOrderID's draft gives (> 0: it invoices that received order), or else one to four lines
// of the supplier's categories.
func (s *seeder) purchase(d dice, admin *decider, daysAgo int, credit int64, state int, receivedOrderID int64, lines []purchaseLine) error {
	n := len(s.bought) + 1
	date := s.date(daysAgo)
	b := purchaseBody{CompanyID: s.companyID, PurchaseDate: date, DaysOfCredit: credit, StoreID: s.storeIDs[n%len(s.storeIDs)],
		ReferenceNo: fmt.Sprintf("FE-%05d", 1000+n*7), Note: purchaseNotes[n%len(purchaseNotes)],
		ReceivedOrderID: receivedOrderID, Lines: lines}
	sup := s.approvedSupplier(d)
	if lines != nil {
		sup = lotSupplier
	}
	b.SupplierID = s.supplierIDs[sup]
	switch {
	case receivedOrderID > 0:
		var draft struct {
			Data struct {
				Lines []purchaseLine `json:"lines"`
			} `json:"data"`
		}
		if err := s.user.getJSON(fmt.Sprintf("/api/received-orders/%d/purchase-draft", receivedOrderID), &draft); err != nil {
			return err
		}
		b.Lines = draft.Data.Lines
		for i := range b.Lines {
			b.Lines[i].ExpiryDate = s.expiryOf(categoryOf(s, b.Lines[i].ProductID), daysAgo)
		}
	case lines == nil:
		cats := suppliers[sup].categories
		for range d.between(1, 4) {
			ci := cats[d.intn(len(cats))]
			ids := s.productIDs[ci]
			id := ids[d.intn(len(ids))]
			// A line is worth 100.000 to 900.000 pesos, in fives of units: a small trading
			// company buys a few boxes at a time, somewhat less than it sells at cost (sales.go:
			// the sales draw on the stock it opened with).
			units := max(d.between(10, 90)*1000000/s.productCost[id]/5*5, 5)
			l := purchaseLine{CategoryID: s.categoryIDs[ci], ProductID: id, Quantity: units,
				CostCents: s.productCost[id] * d.between(95, 105) / 100 / 100 * 100, ExpiryDate: s.expiryOf(ci, daysAgo)}
			if categories[ci].service {
				l.Quantity = 1
			}
			b.Lines = append(b.Lines, l)
		}
	}
	if n%4 == 0 {
		b.ShippingCarrier, b.ShippingCents = "Servientrega", d.between(8, 40)*100000
	}
	if n%6 == 0 {
		b.DiscountCents = b.Lines[0].CostCents * b.Lines[0].Quantity / 20 / 100 * 100 // 5 % of the first line
	}
	data, err := json.Marshal(b)
	if err != nil {
		return err
	}
	creator := s.user
	if state == byAdmin {
		creator = s.admin
	}
	id, err := creator.postForm("/api/purchases", map[string]string{"data": string(data)},
		file{field: "attachment", name: "factura-" + b.ReferenceNo + ".png", data: invoiceImage()})
	if err != nil {
		return fmt.Errorf("%s: %w", b.ReferenceNo, err)
	}
	s.bought = append(s.bought, booked{id: id, date: date, state: state, receipt: receivedOrderID > 0, lines: b.Lines})
	switch state {
	case approved:
		admin.decide(fmt.Sprintf("/api/purchases/%d/approve", id), map[string]any{})
	case rejected:
		admin.decide(fmt.Sprintf("/api/purchases/%d/reject", id), map[string]string{"reason": rejectReasons[n%len(rejectReasons)]})
	}
	return nil
}

// approvedSupplier picks an approved supplier at random (its index in suppliers).
func (s *seeder) approvedSupplier(d dice) int {
	for {
		if i := d.intn(len(suppliers)); s.supplierIDs[i] > 0 {
			return i
		}
	}
}

// invoiceImage is the scanned invoice every demo purchase carries: a small white page with grey
// lines, encoded once.
var invoiceImage = sync.OnceValue(func() []byte {
	img := image.NewGray(image.Rect(0, 0, 120, 160))
	for y := range 160 {
		for x := range 120 {
			c := uint8(255)
			if (y > 20 && y%12 == 0 && x > 10 && x < 110) || (y < 16 && x > 10 && x < 60) {
				c = 170
			}
			img.SetGray(x, y, color.Gray{Y: c})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err) // encoding an in-memory image cannot fail
	}
	return buf.Bytes()
})
