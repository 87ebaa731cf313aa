package demo

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"time"
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

// saleDays are the days of the month the demo sells on, every month of its year (seeder.span)
// up to today: eight sales a month, to a business on the 8th and 18th (businessDay). On
// the same days every month, the dashboard's month to date (the 1st to today) and last month's
// same days hold as many sales, of the same kinds, whatever day the demo is seeded: sales spread
// evenly from today back fell on other days each month, and on the 1st or 2nd compared one sale
// with none. Each sale and its decision cost the first start two requests, two events and their
// notifications (about 10 ms of CPU a sale), which start to ready pays (bench/RESULTS.md): the
// year's turnover comes from the sales' size (saleValue), not from more of them.
var saleDays = []int{1, 4, 8, 11, 15, 18, 22, 25}

// businessDay is whether the i-th of saleDays sells to a business.
func businessDay(i int) bool { return i%3 == 2 }

// Sale sizes, before tax, in centavos: a sale to a person is worth about personSale, one to a
// business about businessSale, times its day's share (dayShare: the same day of every month
// sells about as much, so that the dashboard's month to date compares like with like), its
// month's pace (92–108 %, drawn once a month) and its own ±5 %; December sells a tenth more.
// With the purchases' size (documents.go) the year sells about 60 % more than it buys, at the
// catalogue's margin.
const (
	personSale   = 130000000 // 1.300.000 pesos
	businessSale = 320000000 // 3.200.000 pesos
)

// dayShare is the share (percent) of each of saleDays' sales.
var dayShare = []int64{100, 85, 110, 95, 120, 90, 105, 115}

// saleReserve is the units of a product the sales leave above its alert quantity: the returns
// (returns.go) send a few units of the purchased goods back and must find them in stock.
const saleReserve = 15

// saleSlot is one sale to record: its day, whether it goes to a business, and what the admin
// does with it.
type saleSlot struct {
	daysAgo    int
	day, month int // the index of its day in saleDays, and of its month in the demo's 13
	business   bool
	december   bool
	state      int // approved, pending or rejected
}

// as is slot in state.
func (slot saleSlot) as(state int) saleSlot { slot.state = state; return slot }

// saleSlots lays the sales on saleDays from the 1st of the month twelve months back, span days
// ago, up to today; the last of them is moved to today (the demo sells today, so this month has
// an approved sale even on its 1st, when it is the 1st's). Besides them, twins that leave the
// approved ones as they are, so that every month's approved sales stay alike: each of the last
// ten days' sales but today's has one that waits for the admin (about half of those days'
// sales pending), and every fourth month's sale of the 18th one the admin rejects.
func saleSlots(now time.Time, span int) []saleSlot {
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	start := today.AddDate(0, 0, -span)
	var slots []saleSlot
	for m := 0; m < 13; m++ {
		month := start.AddDate(0, m, 0)
		for i, day := range saleDays {
			date := month.AddDate(0, 0, day-1)
			if date.After(today) {
				break
			}
			slot := saleSlot{daysAgo: int(today.Sub(date).Hours() / 24), day: i, month: m, business: businessDay(i),
				december: date.Month() == time.December}
			if slot.daysAgo > 0 && slot.daysAgo <= 10 {
				slots = append(slots, slot.as(pending))
			}
			if day == 18 && m%4 == 0 {
				slots = append(slots, slot.as(rejected))
			}
			slots = append(slots, slot.as(approved))
		}
	}
	last := &slots[len(slots)-1]
	if last.daysAgo > 0 {
		// Moved to today: its twins stay on their day.
		last.daysAgo = 0
	}
	return slots
}

// saleValue is the size of a sale (before tax, centavos) of slot, in a month of pace percent.
func saleValue(d dice, slot saleSlot, pace int64) int64 {
	v := int64(personSale)
	if slot.business {
		v = businessSale
	}
	v = v * dayShare[slot.day] / 100 * pace / 100 * d.between(95, 105) / 100
	if slot.december {
		v = v * 110 / 100
	}
	return v
}

// sales has the user and the secretary sell to the approved customers from both stores over the
// demo's year, the last sale today, and the admin decide: the sales approved, their twins
// rejected with a reason or, the last ten days', left pending (saleSlots). A quarter of the sales
// are to a legal entity (bigger, and a service line every other time), so that the
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
	var pace [13]int64
	for m := range pace {
		pace[m] = d.between(92, 108)
	}
	for k, slot := range saleSlots(s.now, s.span()) {
		// The "data" part of the create form (the API's SaleBody).
		b := map[string]any{"sale_date": s.date(slot.daysAgo), "store_id": s.storeIDs[d.intn(len(s.storeIDs))],
			"note": saleNotes[k%len(saleNotes)]}
		cus := people[d.intn(len(people))]
		if slot.business {
			cus = businesses[(k/4)%len(businesses)]
			b["customer_reference"] = fmt.Sprintf("OC-%05d", 31000+k*37)
		}
		b["customer_id"] = cus.id
		lines := saleLines(d, &goods, spare, saleValue(d, slot, pace[slot.month]), cus.business)
		if len(lines) == 0 || (cus.business && (k%2 == 1 || cus.granContribuyente)) {
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
		switch slot.state {
		case rejected:
			// The units come back when the admin's decision lands, beside the next sales:
			// they are not counted on (spare keeps them taken).
			admin.decide(fmt.Sprintf("/api/sales/%d/reject", id), map[string]string{"reason": saleRejectReasons[k%len(saleRejectReasons)]})
		case approved:
			admin.decide(fmt.Sprintf("/api/sales/%d/approve", id), map[string]any{})
		}
	}
	return admin.wait()
}

// saleLines picks the goods lines of a sale worth about value (before tax, at list prices): one
// to three lines (two to four for a business), each about an even share of what is left, in
// units a customer buys — up to 60 of a product for a person, 300 for a business — and only
// the units spare leaves above the product's alert quantity (taken from spare; a product sold
// out leaves goods). A product short of units leaves its share to the next lines, one more
// when needed.
func saleLines(d dice, goods *[]stocked, spare map[int64]int64, value int64, business bool) []saleLine {
	n, most := int(d.between(1, 3)), int64(60)
	if business {
		n, most = n+1, 300
	}
	var lines []saleLine
	left := value
	for tries := 0; tries < 16 && len(lines) < n+1 && left*10 > value && len(*goods) > 0; tries++ {
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
