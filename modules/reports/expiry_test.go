package reports_test

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/backoffice/backoffice/modules/reports/internal/store"
	"github.com/backoffice/backoffice/platform/listing"
)

// lotsFromScratch gives each product's stock (report_products) to its lots (report_lot_sources:
// the approved, live purchases' goods lines with an expiry date) first in, first out — the newest
// lot by purchase date, then line, holds first — and answers the units each lot that expires by
// expiresBy holds, by line.
func lotsFromScratch(t *testing.T, b *books, expiresBy string) map[int64]int64 {
	t.Helper()
	var lots []struct {
		LineID     int64  `bun:"line_id"`
		ProductID  int64  `bun:"product_id"`
		DocDate    string `bun:"doc_date"`
		ExpiryDate string `bun:"expiry_date"`
		Quantity   int64  `bun:"quantity"`
	}
	if err := b.DB.NewRaw("SELECT line_id, product_id, doc_date, expiry_date, quantity FROM report_lot_sources").Scan(t.Context(), &lots); err != nil {
		t.Fatal(err)
	}
	var products []struct {
		ID       int64 `bun:"id"`
		Quantity int64 `bun:"quantity"`
	}
	if err := b.DB.NewRaw("SELECT id, quantity FROM report_products").Scan(t.Context(), &products); err != nil {
		t.Fatal(err)
	}
	left := map[int64]int64{}
	for _, p := range products {
		left[p.ID] = p.Quantity
	}
	slices.SortFunc(lots, func(a, b struct {
		LineID     int64  `bun:"line_id"`
		ProductID  int64  `bun:"product_id"`
		DocDate    string `bun:"doc_date"`
		ExpiryDate string `bun:"expiry_date"`
		Quantity   int64  `bun:"quantity"`
	}) int {
		return cmp.Or(cmp.Compare(b.DocDate, a.DocDate), cmp.Compare(b.LineID, a.LineID))
	})
	out := map[int64]int64{}
	for _, l := range lots {
		holds := min(l.Quantity, max(left[l.ProductID], 0))
		left[l.ProductID] -= holds
		if holds > 0 && l.ExpiryDate <= expiresBy {
			out[l.LineID] = holds
		}
	}
	return out
}

// checkExpiries compares the lots product_expiry_alert reads (store.StockLots: report_lot_lines'
// cum_end and report_lot_totals, kept by triggers) with lotsFromScratch while the stocked good's
// lots are added before, between and after the ones it has, on one day and in one purchase,
// moved, changed, archived and restored, and its stock cut at every lot; after each write the
// kept positions are the rebuilt ones. Every write is undone at the end.
func checkExpiries(t *testing.T, b *books) {
	t.Helper()
	ctx := t.Context()
	st := store.New(b.DB)
	split := 0 // checks where the stock lay on several lots
	check := func(what string) {
		t.Helper()
		failed := t.Failed()
		for _, by := range []string{"2026-12-31", "9999-12-31"} {
			got, err := st.StockLots(ctx, listing.Scope{All: true}, by)
			if err != nil {
				t.Fatal(err)
			}
			held := map[int64]int64{}
			for _, l := range got {
				held[l.ID] = l.Holds
			}
			want := lotsFromScratch(t, b, by)
			if len(want) > 1 {
				split++
			}
			if fmt.Sprint(held) != fmt.Sprint(want) {
				t.Errorf("%s: lots expiring by %s hold %v (line: units), want %v", what, by, held, want)
			}
		}
		checkTables(t, b.DB, "report_lot_lines", "report_lot_totals")
		checkExpiryPage(t, b, what)
		if !failed && t.Failed() {
			t.Fatalf("after %s the lots disagree", what)
		}
	}
	exec := func(what, q string, args ...any) {
		t.Helper()
		if _, err := b.DB.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		check(what)
	}
	var first struct {
		ID         int64 `bun:"id"`
		PurchaseID int64 `bun:"purchase_id"`
	}
	if err := b.DB.NewRaw("SELECT id, purchase_id FROM purchase_lines WHERE product_id = ? ORDER BY id LIMIT 1", b.lots).Scan(ctx, &first); err != nil {
		t.Fatal(err)
	}
	var second int64 // the newer lot's purchase
	if err := b.DB.NewRaw("SELECT purchase_id FROM purchase_lines WHERE product_id = ? ORDER BY id DESC LIMIT 1", b.lots).Scan(ctx, &second); err != nil {
		t.Fatal(err)
	}
	check("the two lots")
	// More lots of the good, as lines added to the approved purchases: a copy of the first line
	// with its quantity, expiry and line number set.
	add := func(what string, purchase int64, no, qty int, expiry string) {
		t.Helper()
		exec(what, "INSERT INTO purchase_lines (purchase_id, company_id, line_no, category_id, product_id, category_name, product_code, "+
			"product_name, iva_class, kind, expiry_date, cost_cents, quantity, subtotal_cents, discount_cents, base_cents, iva_cents) "+
			"SELECT ?, company_id, ?, category_id, product_id, category_name, product_code, product_name, iva_class, kind, ?, cost_cents, ?, "+
			"cost_cents * ?, 0, cost_cents * ?, 0 FROM purchase_lines WHERE id = ?", purchase, no, expiry, qty, qty, qty, first.ID)
	}
	add("a lot added to the older purchase", first.PurchaseID, 90, 3, "2026-12-10")
	add("a second lot added to the older purchase", first.PurchaseID, 91, 5, "2027-03-01")
	add("a lot added to the newer purchase", second, 92, 2, "2026-12-20")
	exec("the older purchase moved after the newer", "UPDATE purchases SET purchase_date = ? WHERE id = ?", "2026-11-15", first.PurchaseID)
	for _, stock := range []int{0, 1, 2, 3, 5, 9, 12, 17, 19, 24, 40} {
		exec(fmt.Sprintf("the good's stock at %d", stock), "UPDATE products SET quantity = ? WHERE id = ?", stock, b.lots)
	}
	exec("a lot's quantity changed", "UPDATE purchase_lines SET quantity = 7, base_cents = cost_cents * 7 WHERE purchase_id = ? AND line_no = 91",
		first.PurchaseID)
	exec("the older purchase archived", "UPDATE purchases SET deleted_at = updated_at WHERE id = ?", first.PurchaseID)
	exec("the older purchase restored", "UPDATE purchases SET deleted_at = NULL WHERE id = ?", first.PurchaseID)
	exec("the older purchase moved back", "UPDATE purchases SET purchase_date = ? WHERE id = ?", "2026-10-01", first.PurchaseID)
	exec("the newer purchase unapproved", "UPDATE purchases SET approval_status = 'pending' WHERE id = ?", second)
	exec("the newer purchase approved again", "UPDATE purchases SET approval_status = 'approved' WHERE id = ?", second)
	exec("the added lots deleted", "DELETE FROM purchase_lines WHERE product_id = ? AND line_no >= 90", b.lots)
	exec("the good's stock put back", "UPDATE products SET quantity = 10 WHERE id = ?", b.lots)
	if split < 10 {
		t.Errorf("the stock lay on several lots in %d checks only: the data prove little", split)
	}
}

// checkExpiryPage compares product_expiry_alert (sorted and paged in SQL) with the lots from
// scratch that expire within 90 days of today: each row's expiry date, days left, bucket, units
// held and their cost (the lot's base in proportion, rounded half up), and the totals; then its
// order sorted by a few columns (the page's own order re-sorted stably, as the rows built whole
// were) and its pages of 2 rows.
func checkExpiryPage(t *testing.T, b *books, what string) {
	t.Helper()
	var lots []struct {
		LineID    int64  `bun:"line_id"`
		Quantity  int64  `bun:"quantity"`
		BaseCents int64  `bun:"base_cents"`
		Expiry    string `bun:"expiry_date"`
	}
	if err := b.DB.NewRaw("SELECT line_id, quantity, base_cents, expiry_date FROM report_lot_sources").Scan(t.Context(), &lots); err != nil {
		t.Fatal(err)
	}
	held := lotsFromScratch(t, b, addDays(today, 90))
	var want []string
	var units, cost int64
	for _, l := range lots {
		h, ok := held[l.LineID]
		if !ok {
			continue
		}
		days := daysApart(today, l.Expiry)
		bucket := map[bool]string{true: "expired"}[days < 0]
		switch {
		case days > 60:
			bucket = "days_61_90"
		case days > 30:
			bucket = "days_31_60"
		case days >= 0:
			bucket = "days_0_30"
		}
		c := (l.BaseCents*h*2 + l.Quantity) / (2 * l.Quantity)
		want = append(want, fmt.Sprint(l.Expiry, " ", days, " ", bucket, " ", h, " ", c))
		units, cost = units+h, cost+c
	}
	q := rng("2026-10-01", "2026-10-31", "per_page", "500")
	own := b.get(t, b.Admin, "product_expiry_alert", q)
	var got []string
	for i, r := range own.Rows {
		got = append(got, fmt.Sprint(r["expiry_date"], " ", num(r["days_left"]), " ", r["bucket"], " ", num(r["quantity"]), " ",
			num(r["lot_cost_cents"])))
		if i > 0 && cmp.Or(cmp.Compare(own.Rows[i-1]["expiry_date"].(string), r["expiry_date"].(string)),
			cmp.Compare(own.Rows[i-1]["code"].(string), r["code"].(string))) > 0 {
			t.Errorf("%s: product_expiry_alert row %d %v after %v", what, i, r, own.Rows[i-1])
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if fmt.Sprint(got) != fmt.Sprint(want) || own.Meta.Total != len(want) || own.Totals["quantity"] != units || own.Totals["lot_cost_cents"] != cost {
		t.Errorf("%s: product_expiry_alert %v (%d rows, totals %v), want %v (units %d, cost %d)", what, got, own.Meta.Total, own.Totals, want, units, cost)
	}
	for _, sort := range []string{"-quantity", "name", "-days_left", "bucket", "lot_cost_cents"} {
		sq := maps.Clone(q)
		sq.Set("sort", sort)
		sorted := b.get(t, b.Admin, "product_expiry_alert", sq)
		key, desc := sort, false
		if sort[0] == '-' {
			key, desc = sort[1:], true
		}
		wantRows := slices.Clone(own.Rows)
		slices.SortStableFunc(wantRows, func(x, y map[string]any) int {
			c := compareCells(x[key], y[key])
			if desc {
				return -c
			}
			return c
		})
		if fmt.Sprint(sorted.Rows) != fmt.Sprint(wantRows) {
			t.Errorf("%s: product_expiry_alert sorted by %s: %v, want %v", what, sort, sorted.Rows, wantRows)
		}
		for n := 1; (n-1)*2 < len(wantRows); n++ {
			pq := maps.Clone(sq)
			pq.Set("per_page", "2")
			pq.Set("page", fmt.Sprint(n))
			page := b.get(t, b.Admin, "product_expiry_alert", pq)
			if w := wantRows[(n-1)*2 : min(n*2, len(wantRows))]; fmt.Sprint(page.Rows) != fmt.Sprint(w) || page.Meta.Total != len(wantRows) ||
				fmt.Sprint(page.Totals) != fmt.Sprint(own.Totals) {
				t.Errorf("%s: product_expiry_alert sorted by %s, page %d: %v (total %d, %v), want %v", what, sort, n, page.Rows,
					page.Meta.Total, page.Totals, w)
			}
		}
	}
}
