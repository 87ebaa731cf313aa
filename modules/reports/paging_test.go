package reports_test

import (
	"cmp"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The pages summed, sorted and paged in SQL (customers_report, suppliers_report,
// payment_report, product_report): their rows against the documents and payments, and their sorts, pages and
// exports against their whole lists.

// payFigures are what payment_report shows of one direction, method and party.
type payFigures struct{ payments, approvedOut, pendingOut, approvedIn, pendingIn int64 }

// paymentsFromScratch computes payment_report's rows over [from, to] (store 0: every store)
// from the payments the books hold — pending and approved, each in its direction — by
// rowKey.
func paymentsFromScratch(b *books, from, to string, store int64) map[string]*payFigures {
	out := map[string]*payFigures{}
	for _, p := range b.payments {
		if p.ApprovalStatus == "rejected" || p.Date < from || p.Date > to || (store != 0 && p.StoreID != store) {
			continue
		}
		kind := map[string]string{"purchase": "supplier", "sale": "customer"}[p.Type]
		k := fmt.Sprint(kind, " ", p.PartyID, " ", p.Method)
		if out[k] == nil {
			out[k] = &payFigures{}
		}
		f := out[k]
		f.payments++
		switch p.Type + " " + p.ApprovalStatus {
		case "purchase approved":
			f.approvedOut += p.AmountCents
		case "purchase pending":
			f.pendingOut += p.AmountCents
		case "sale approved":
			f.approvedIn += p.AmountCents
		default:
			f.pendingIn += p.AmountCents
		}
	}
	return out
}

// rowKey names a row of the party lists (its party) or of payment_report (its party and
// method; a party's kind says the direction).
func rowKey(r map[string]any) string {
	l := r["link"].(map[string]any)
	k := fmt.Sprint(l["kind"], " ", l["id"])
	if m, ok := r["method"]; ok {
		k += fmt.Sprint(" ", m)
	}
	return k
}

func num(v any) int64 { f, _ := v.(float64); return int64(f) }

// compareCells orders two cells of a column as the server sorts them: numbers by value, text
// byte by byte.
func compareCells(a, b any) int {
	if x, ok := a.(float64); ok {
		y, _ := b.(float64)
		return cmp.Compare(x, y)
	}
	x, _ := a.(string)
	y, _ := b.(string)
	return cmp.Compare(x, y)
}

// inOrder reports whether rows are ordered by keys ("-key" descending), each key breaking the
// previous one's ties.
func inOrder(rows []map[string]any, keys ...string) bool {
	for i := 1; i < len(rows); i++ {
		for _, k := range keys {
			c := compareCells(rows[i-1][strings.TrimPrefix(k, "-")], rows[i][strings.TrimPrefix(k, "-")])
			if strings.HasPrefix(k, "-") {
				c = -c
			}
			if c > 0 {
				return false
			}
			if c < 0 {
				break
			}
		}
	}
	return true
}

// checkPayments compares payment_report with paymentsFromScratch over ranges that cut months
// (their whole months come from report_payment_years for every store and report_payment_store_years
// for one, their cut days from the payments) and whole months, every store and one, then its
// sorts, pages and export.
func checkPayments(t *testing.T, b *books) {
	t.Helper()
	for i, r := range [][2]string{{"2026-08-15", "2026-10-20"}, {"2026-09-03", "2026-09-17"}, {"2026-10-01", "2026-11-30"},
		{"2026-08-01", "2026-11-30"}, {"2026-09-01", "2026-09-30"}, {"2025-12-01", "2026-11-30"}} {
		for _, store := range []int64{0, b.stores[1]} {
			q := rng(r[0], r[1])
			if store != 0 {
				q.Set("store_id", fmt.Sprint(store))
			}
			what := fmt.Sprintf("payment_report %s..%s store %d", r[0], r[1], store)
			list := checkPaymentRows(t, b, what, q, r[0], r[1], store)
			if !inOrder(list.Rows, "-direction", "party_name", "method") {
				t.Errorf("%s: not out first, then by party and method: %v", what, list.Rows)
			}
			// The first pages of the own order over whole months, every store, are read party by
			// party on PostgreSQL (store.paymentWalk): the same rows, count and totals.
			checkPages(t, b, "payment_report", what, q, list)
			sorts := [][]string{{"-approved_out_cents", "payments"}, {"party_name", "-pending_in_cents"}, {"method", "-direction"},
				{"approved_in_cents", "-pending_out_cents"},
				// Whole months, every store, by a figure largest first: on PostgreSQL read from
				// candidates by their years' bounds (store.boundedTop), one year and two.
				{"-payments", "-approved_in_cents", "-pending_in_cents"}, {"-approved_out_cents", "-payments", "-approved_in_cents"}}[i]
			checkSorts(t, b, "payment_report", q, list, sorts)
		}
	}
}

// checkPaymentRows compares payment_report over q (from..to, store) with paymentsFromScratch:
// every row, the count and the totals; it answers the page read.
func checkPaymentRows(t *testing.T, b *books, what string, q url.Values, from, to string, store int64) report {
	t.Helper()
	want := paymentsFromScratch(b, from, to, store)
	list := b.get(t, b.Admin, "payment_report", q)
	if len(list.Rows) != len(want) || list.Meta.Total != len(want) {
		t.Errorf("%s: %d rows (total %d), want %d", what, len(list.Rows), list.Meta.Total, len(want))
	}
	var totals payFigures
	for _, row := range list.Rows {
		got := payFigures{num(row["payments"]), num(row["approved_out_cents"]), num(row["pending_out_cents"]),
			num(row["approved_in_cents"]), num(row["pending_in_cents"])}
		if w := want[rowKey(row)]; w == nil || got != *w {
			t.Errorf("%s: %s %+v, want %+v", what, rowKey(row), got, w)
		}
		if dir := map[string]string{"supplier": "out", "customer": "in"}[row["link"].(map[string]any)["kind"].(string)]; row["direction"] != dir {
			t.Errorf("%s: %s direction %v, want %s", what, rowKey(row), row["direction"], dir)
		}
	}
	for _, w := range want {
		totals.payments += w.payments
		totals.approvedOut += w.approvedOut
		totals.pendingOut += w.pendingOut
		totals.approvedIn += w.approvedIn
		totals.pendingIn += w.pendingIn
	}
	expect(t, what+" totals", list.Totals, map[string]int64{"payments": totals.payments, "approved_out_cents": totals.approvedOut,
		"pending_out_cents": totals.pendingOut, "approved_in_cents": totals.approvedIn, "pending_in_cents": totals.pendingIn})
	return list
}

// checkPages reads page over q 3 rows at a time: each page (and one past the end) is whole's
// rows there, with the same count and totals.
func checkPages(t *testing.T, b *books, page, what string, q url.Values, whole report) {
	t.Helper()
	for n := 1; (n-2)*3 < len(whole.Rows); n++ {
		pq := maps.Clone(q)
		pq.Set("per_page", "3")
		pq.Set("page", fmt.Sprint(n))
		got := b.get(t, b.Admin, page, pq)
		want := whole.Rows[min((n-1)*3, len(whole.Rows)):min(n*3, len(whole.Rows))]
		same := len(got.Rows) == len(want) && got.Meta.Total == len(whole.Rows)
		for i := 0; same && i < len(want); i++ {
			same = rowKey(got.Rows[i]) == rowKey(want[i])
		}
		if !same {
			t.Errorf("%s: page %d of 3 rows %v (total %d), want %v of %d", what, n, got.Rows, got.Meta.Total, want, len(whole.Rows))
		}
		expect(t, fmt.Sprintf("%s page %d totals", what, n), got.Totals, whole.Totals)
	}
}

// checkSorts reads page over q sorted by each of sorts: every row of the unsorted list, in the
// key's order, ties in the page's own order, with the same count and totals; each page of 3 rows
// (and one past the end) is the sorted list's rows there, with the same count and totals. The
// export of the last sort writes the same rows in the same order, then the totals.
func checkSorts(t *testing.T, b *books, page string, q url.Values, base report, sorts []string) {
	t.Helper()
	own := map[string]int{}
	for i, r := range base.Rows {
		own[rowKey(r)] = i
	}
	for _, sort := range sorts {
		sq := maps.Clone(q)
		sq.Set("sort", sort)
		what := fmt.Sprintf("%s %s..%s store %s sorted by %s", page, q.Get("from"), q.Get("to"), q.Get("store_id"), sort)
		whole := b.get(t, b.Admin, page, sq)
		if whole.Meta.Total != len(base.Rows) || len(whole.Rows) != len(base.Rows) {
			t.Errorf("%s: %d rows (total %d), unsorted %d", what, len(whole.Rows), whole.Meta.Total, len(base.Rows))
			continue
		}
		expect(t, what+" totals", whole.Totals, base.Totals)
		key := strings.TrimPrefix(sort, "-")
		for i := 1; i < len(whole.Rows); i++ {
			prev, cur := whole.Rows[i-1], whole.Rows[i]
			c := compareCells(prev[key], cur[key])
			if strings.HasPrefix(sort, "-") {
				c = -c
			}
			if _, ok := own[rowKey(cur)]; !ok || c > 0 || (c == 0 && own[rowKey(prev)] > own[rowKey(cur)]) {
				t.Errorf("%s: row %d %v after %v", what, i, cur, prev)
			}
		}
		checkPages(t, b, page, what, sq, whole)
	}
	eq := maps.Clone(q)
	eq.Set("sort", sorts[len(sorts)-1])
	whole := b.get(t, b.Admin, page, eq)
	eq.Del("per_page")
	eq.Set("lang", "en")
	sheet := b.Get(t, "/api/reports/"+page+"/export.xlsx?"+eq.Encode(), b.Admin).Expect(http.StatusOK).
		Sheet(map[string]string{"customers_report": "Customers", "suppliers_report": "Suppliers", "payment_report": "Payments",
			"product_report": "Products"}[page])
	// The column of the party's name (the product's on product_report) in the sheet and the row.
	col, name := map[string]int{"payment_report": 2, "product_report": 1}[page], "party_name"
	if page == "product_report" {
		name = "name"
	}
	if len(sheet) != len(whole.Rows)+2 || sheet[len(sheet)-1][0] != "Total" {
		t.Errorf("%s export sorted by %s: %d rows, want %d + header + totals", page, eq.Get("sort"), len(sheet), len(whole.Rows))
		return
	}
	for i, row := range whole.Rows {
		if sheet[i+1][col] != row[name] {
			t.Errorf("%s export sorted by %s row %d: %v, the page's %v", page, eq.Get("sort"), i, sheet[i+1], row)
			return
		}
	}
}
