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

// demoSales is how many sales the demo spreads evenly from the start of its year (seeder.span)
// to today, about nine a month, besides the pending ones of the last ten days (saleSlots). Each
// sale and its decision cost the first start two requests, two events and their notifications
// (about 10 ms of CPU a sale), which start to ready pays (bench/RESULTS.md): the year's turnover
// comes from the sales' size (saleValue), not from more of them.
const demoSales = 120

// Sale sizes, before tax, in centavos: a sale to a person is worth about personSale, one to a
// business about businessSale (±25 % each); December sells a quarter more. With the purchases'
// size (documents.go) the year sells about a third more than it buys, at the catalogue's
// margin, and every month alike (the dashboard compares this month to date with last month's).
const (
	personSale   = 110000000 // 1.100.000 pesos
	businessSale = 280000000 // 2.800.000 pesos
)

// saleReserve is the units of a product the sales leave above its alert quantity: the returns
// (returns.go) send a few units of the purchased goods back and must find them in stock.
const saleReserve = 15

// saleSlot is one sale to record: its day and whether it waits for the admin.
type saleSlot struct {
	n       int // the n-th of demoSales, which its pending twin shares: every fourth to a business
	daysAgo int
	pending bool
}

// saleSlots spreads demoSales sales evenly over span days up to today (the last today). Each of
// the last ten days' sales but today's gets a twin that waits for the admin: about half of those
// days' sales pending, while the approved ones keep the year's pace: a queue taken from the
// approved ones would leave this month to date short of last month's same days on the dashboard.
func saleSlots(d dice, span int) []saleSlot {
	var slots []saleSlot
	for k := range demoSales {
		daysAgo := span * (demoSales - 1 - k) / (demoSales - 1)
		if daysAgo > 0 {
			daysAgo -= int(d.between(0, 1))
		}
		if daysAgo > 0 && daysAgo <= 10 {
			slots = append(slots, saleSlot{n: k, daysAgo: daysAgo, pending: true})
		}
		slots = append(slots, saleSlot{n: k, daysAgo: daysAgo})
	}
	return slots
}

// saleValue is the size of a sale (before tax, centavos) dated date ('YYYY-MM-DD'), to a
// business or a person.
func saleValue(d dice, business bool, date string) int64 {
	v := int64(personSale)
	if business {
		v = businessSale
	}
	v = v * d.between(75, 125) / 100
	if date[5:7] == "12" {
		v = v * 125 / 100
	}
	return v
}

// sales has the user and the secretary sell to the approved customers from both stores over the
// demo's year, the last sale today, and the admin decide: the sales approved but for one in
// twelve rejected with a reason, and the last ten days' twins left pending (saleSlots). Every
// fourth sale is to a legal entity (bigger, and a service line every other time), so that the
// withholdings the customer practises show, ReteIVA too when it is the gran contribuyente; every
// seventh has a line discount. Lines mix the categories' IVA classes, at the list price.
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
	// spare is the units a product may still sell and keep saleReserve above its alert.
	spare := map[int64]int64{}
	for _, p := range products {
		switch {
		case p.Kind == "service":
			services = append(services, p)
		case p.Quantity > p.AlertQuantity+saleReserve:
			goods = append(goods, p)
			spare[p.ID] = p.Quantity - p.AlertQuantity - saleReserve
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
	decided := 0 // the decided sales so far: one in twelve is rejected
	for k, slot := range saleSlots(d, s.span()) {
		// The "data" part of the create form (the API's SaleBody).
		b := map[string]any{"sale_date": s.date(slot.daysAgo), "store_id": s.storeIDs[d.intn(len(s.storeIDs))],
			"note": saleNotes[k%len(saleNotes)]}
		cus := people[d.intn(len(people))]
		if slot.n%4 == 1 {
			cus = businesses[(k/4)%len(businesses)]
			b["customer_reference"] = fmt.Sprintf("OC-%05d", 31000+k*37)
		}
		b["customer_id"] = cus.id
		lines := saleLines(d, &goods, spare, saleValue(d, cus.business, b["sale_date"].(string)), cus.business)
		if len(lines) == 0 || (cus.business && (slot.n%8 == 1 || cus.granContribuyente)) {
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
		switch {
		case slot.pending:
		case decided%12 == 6:
			decided++
			// The units come back when the admin's decision lands, beside the next sales:
			// they are not counted on (spare keeps them taken).
			admin.decide(fmt.Sprintf("/api/sales/%d/reject", id), map[string]string{"reason": saleRejectReasons[k%len(saleRejectReasons)]})
		default:
			decided++
			admin.decide(fmt.Sprintf("/api/sales/%d/approve", id), map[string]any{})
		}
	}
	return admin.wait()
}

// saleLines picks the goods lines of a sale worth about value (before tax, at list prices): one
// to four lines (two to five for a business), each about an even share of what is left, in
// units a customer buys — up to 24 of a product for a person, 120 for a business — and only
// the units spare leaves above the product's alert quantity (taken from spare; a product sold
// out leaves goods). A product short of units leaves its share to the next lines, a few more
// when needed.
func saleLines(d dice, goods *[]stocked, spare map[int64]int64, value int64, business bool) []saleLine {
	n, most := int(d.between(1, 4)), int64(48)
	if business {
		n, most = n+1, 240
	}
	var lines []saleLine
	left := value
	for tries := 0; tries < 16 && len(lines) < n+3 && left*10 > value && len(*goods) > 0; tries++ {
		i := d.intn(len(*goods))
		p := (*goods)[i]
		if slices.ContainsFunc(lines, func(l saleLine) bool { return l.ProductID == p.ID }) {
			continue
		}
		share := left / int64(max(n-len(lines), 1))
		qty := min(max((share+p.PriceCents/2)/p.PriceCents, 1), most, spare[p.ID])
		if spare[p.ID] -= qty; spare[p.ID] == 0 {
			// Sold out above its alert: the later sales pick among the others.
			*goods = slices.Delete(*goods, i, i+1)
		}
		left -= qty * p.PriceCents
		lines = append(lines, saleLine{ProductID: p.ID, Quantity: qty, PriceCents: p.PriceCents})
	}
	return lines
}
