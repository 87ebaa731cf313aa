package demo

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
)

// demoCustomer is an approved demo customer, with what decides the withholdings it practises on
// our sales (a legal entity withholds ReteFuente, a gran contribuyente ReteIVA too).
type demoCustomer struct {
	id                          int64
	business, granContribuyente bool
}

// stocked is a product as the sales read it from the catalogue's API once the purchases are in:
// its list price and, for goods, the stock the demo left it and its alert quantity.
type stocked struct {
	ID            int64  `json:"id"`
	PriceCents    int64  `json:"price_cents"`
	Quantity      int64  `json:"quantity"`
	AlertQuantity int64  `json:"alert_quantity"`
	Kind          string `json:"kind"`
}

// catalogue reads every product of the demo company through the products list, page after page.
func (s *seeder) catalogue() ([]stocked, error) {
	var all []stocked
	after := ""
	for {
		var page struct {
			Data []stocked `json:"data"`
			Meta struct {
				NextCursor string `json:"next_cursor"`
			} `json:"meta"`
		}
		path := "/api/products?per_page=100"
		if after != "" {
			path += "&after=" + url.QueryEscape(after)
		}
		if err := s.user.getJSON(path, &page); err != nil {
			return nil, err
		}
		all = append(all, page.Data...)
		if after = page.Meta.NextCursor; after == "" || len(page.Data) == 0 {
			return all, nil
		}
	}
}

// saleLine is one line of a sale's create body.
type saleLine struct {
	ProductID     int64 `json:"product_id"`
	Quantity      int64 `json:"quantity"`
	PriceCents    int64 `json:"price_cents"`
	DiscountCents int64 `json:"discount_cents"`
}

// demoSales is how many sales the demo records over saleDays days up to today: about ten a
// month. Each sale and its decision cost the first start two requests, two events and their
// notifications (about 10 ms of CPU a sale), which start to ready pays (bench/RESULTS.md).
const (
	demoSales = 120
	saleDays  = 365
)

// sales has the user and the secretary sell to the approved customers from both stores over the
// last twelve months, the last sale today, and the admin decide: older sales approved but for
// one in twelve rejected with a reason, about half of the last ten days' pending (today's approved).
// Every fourth sale is to a legal entity (larger quantities, and a service line every other
// time), so that the withholdings the customer practises show, ReteIVA too when it is the gran
// contribuyente; every seventh has a line discount. Lines mix the categories' IVA classes.
//
// Quantities come from the stock the catalogue was created with (s.opening, read before the
// received orders add theirs beside the sales): a product sells only the units above its alert
// quantity, so the sales never run into a refusal and the products the demo left below their
// alert (the alerts page) are the only ones there. A sale takes its units when it is recorded
// (a rejection gives them back, which the demo does not count on). The admin's decisions are
// sent beside the sales, in their order (decider).
func (s *seeder) sales() error {
	d := newDice(4)
	products := s.opening
	admin := s.decider()
	defer admin.wait()
	var goods, services []stocked
	spare := map[int64]int64{} // units a product may still sell and stay above its alert
	for _, p := range products {
		switch {
		case p.Kind == "service":
			services = append(services, p)
		case p.Quantity > p.AlertQuantity+1:
			goods = append(goods, p)
			spare[p.ID] = p.Quantity - p.AlertQuantity - 1
		}
	}
	var businesses, people []demoCustomer
	for _, c := range s.customerIDs {
		if c.business {
			businesses = append(businesses, c)
		} else {
			people = append(people, c)
		}
	}
	if len(goods) == 0 || len(services) == 0 || len(businesses) == 0 || len(people) == 0 {
		return fmt.Errorf("sales need goods in stock, services and customers: %d goods, %d services, %d businesses, %d people",
			len(goods), len(services), len(businesses), len(people))
	}
	for k := range demoSales {
		daysAgo := saleDays * (demoSales - 1 - k) / (demoSales - 1)
		if daysAgo > 0 {
			daysAgo -= int(d.between(0, 1))
		}
		// The "data" part of the create form (the API's SaleBody).
		b := map[string]any{"sale_date": s.date(daysAgo), "store_id": s.storeIDs[d.intn(len(s.storeIDs))],
			"note": saleNotes[k%len(saleNotes)]}
		cus := people[d.intn(len(people))]
		if k%4 == 1 {
			cus = businesses[(k/4)%len(businesses)]
			b["customer_reference"] = fmt.Sprintf("OC-%05d", 31000+k*37)
		}
		b["customer_id"] = cus.id
		var lines []saleLine
		lo, hi := int64(1), int64(8) // units per line
		if cus.business {
			lo, hi = 10, 40
		}
		for range d.between(1, 4) {
			p := goods[d.intn(len(goods))]
			qty := min(d.between(lo, hi), spare[p.ID])
			if qty == 0 || slices.ContainsFunc(lines, func(l saleLine) bool { return l.ProductID == p.ID }) {
				continue // sold out above its alert, or already on this sale
			}
			spare[p.ID] -= qty
			lines = append(lines, saleLine{ProductID: p.ID, Quantity: qty, PriceCents: p.PriceCents})
		}
		if len(lines) == 0 || (cus.business && (k%8 == 1 || cus.granContribuyente)) {
			p := services[d.intn(len(services))]
			lines = append(lines, saleLine{ProductID: p.ID, Quantity: 1, PriceCents: p.PriceCents})
		}
		if k%7 == 3 {
			l := &lines[0]
			l.DiscountCents = l.PriceCents * l.Quantity * d.between(5, 10) / 100 / 100 * 100 // 5–10 %, whole pesos
		}
		seller := s.user
		if k%5 == 1 || k%5 == 3 {
			seller = s.secretary
		}
		b["lines"] = lines
		data, err := json.Marshal(b)
		if err != nil {
			return err
		}
		id, err := seller.postForm("/api/sales", map[string]string{"data": string(data)}, file{})
		if err != nil {
			return fmt.Errorf("sale %d of %s: %w", k+1, b["sale_date"], err)
		}
		s.saleCount++
		switch saleState(k, daysAgo) {
		case approved:
			admin.decide(fmt.Sprintf("/api/sales/%d/approve", id), map[string]any{})
		case rejected:
			// The units come back when the admin's decision lands, beside the next sales:
			// they are not counted on (spare keeps them taken).
			admin.decide(fmt.Sprintf("/api/sales/%d/reject", id), map[string]string{"reason": saleRejectReasons[k%len(saleRejectReasons)]})
		}
	}
	return admin.wait()
}

// saleState is what the admin does with sale k, dated daysAgo days back: about half of the last
// ten days' sales wait for a decision, but today's is approved (this month has an approved sale
// even on its first day); older ones are decided, one in twelve rejected. A longer queue (it was
// two thirds of three weeks) left most of the month unbooked: the dashboard opened on sales
// −93 % against last month's same days.
func saleState(k, daysAgo int) int {
	if daysAgo > 0 && daysAgo <= 10 && k%2 == 0 {
		return pending
	}
	if k%12 == 6 {
		return rejected
	}
	return approved
}
