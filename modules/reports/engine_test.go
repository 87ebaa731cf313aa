package reports_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

// TestRangeSortPagingAndExport checks the engine every page shares: the range rule ('Please
// select dates' naming the end), this month by default, sort and paging over rows whose totals
// cover the whole range, the company filter, and the export writing exactly the rows and
// totals shown, with the labels of its language.
func TestRangeSortPagingAndExport(t *testing.T) {
	t.Parallel()
	s := authtest.New(t, dbtest.SQLite(t))
	b := newBooks(t, s, 7)
	for range 12 {
		b.sale(t)
	}

	// The range: both ends or neither; each a date; from not after to.
	for q, field := range map[string]string{"from=2026-11-01": "to", "to=2026-11-30": "from", "from=2026-13-01&to=2026-11-30": "from",
		"from=2026-11-30&to=2026-11-01": "to", "from=01/11/2026&to=2026-11-30": "from"} {
		e := b.Get(t, "/api/reports/sales_report?"+q, b.User).ExpectError(http.StatusUnprocessableEntity, "invalid", "Please select dates")
		if e.Fields[field] != "Please select dates" {
			t.Errorf("%s: fields %v, want %s named", q, e.Fields, field)
		}
	}
	def := b.get(t, b.User, "sales_report", url.Values{})
	if def.From != "2026-11-01" || def.To != "2026-11-30" || def.Group != "day" || def.Columns[0].Key != "date" {
		t.Errorf("default range %s..%s group %s", def.From, def.To, def.Group)
	}
	year := b.get(t, b.User, "sales_report", rng("2026-01-01", "2026-12-31"))
	if year.Group != "month" || year.Columns[0].Key != "month" || year.Columns[0].Kind != "month" {
		t.Errorf("a year groups by %s (%v)", year.Group, year.Columns[0])
	}
	b.Get(t, "/api/reports/sales_report?sort=nope", b.User).ExpectError(http.StatusUnprocessableEntity, "invalid", `Cannot sort by "nope".`)
	b.Get(t, fmt.Sprintf("/api/reports/customers_report/%d?sort=date", b.customers[0]), b.User).Expect(http.StatusUnprocessableEntity)
	b.Get(t, "/api/reports/customers_report/999999", b.User).Expect(http.StatusNotFound)
	// Another company's customer is not found.
	b.Get(t, fmt.Sprintf("/api/reports/customers_report/%d", b.customers[0]), b.Other).Expect(http.StatusNotFound)

	// Paging and sort: every row once, largest first, the totals of every row on each page.
	const from, to = "2026-08-01", "2026-11-30"
	all := b.get(t, b.User, "sales_report", rng(from, to, "group", "day", "sort", "-total_cents"))
	var seen []float64
	for pg := 1; ; pg++ {
		r := b.get(t, b.User, "sales_report", rng(from, to, "group", "day", "sort", "-total_cents", "per_page", "2", "page", fmt.Sprint(pg)))
		if r.Totals["total_cents"] != all.Totals["total_cents"] || r.Meta.Total != len(all.Rows) {
			t.Fatalf("page %d: totals %d of %d rows, want %d of %d", pg, r.Totals["total_cents"], r.Meta.Total, all.Totals["total_cents"], len(all.Rows))
		}
		if len(r.Rows) == 0 {
			break
		}
		for _, row := range r.Rows {
			seen = append(seen, row["total_cents"].(float64))
		}
	}
	if len(seen) != len(all.Rows) || len(seen) < 3 {
		t.Fatalf("paged %d rows, whole %d", len(seen), len(all.Rows))
	}
	for i := 1; i < len(seen); i++ {
		if seen[i] > seen[i-1] {
			t.Errorf("row %d (%v) after %v: not descending", i, seen[i], seen[i-1])
		}
	}

	// The company filter: an administrator's view of another company is empty; a user's filter
	// is ignored (their own company whatever they send).
	if r := b.get(t, b.Admin, "sales_report", rng(from, to, "company_id", fmt.Sprint(b.OtherCompany))); r.Totals["documents"] != 0 {
		t.Errorf("admin filtered on another company sees %v", r.Totals)
	}
	if r := b.get(t, b.User, "sales_report", rng(from, to, "company_id", fmt.Sprint(b.OtherCompany))); r.Totals["documents"] != all.Totals["documents"] {
		t.Errorf("a user's company filter changed the figures: %v", r.Totals)
	}

	// The export: the labels of its language, every row in the order asked, then the totals.
	for lang, want := range map[string][2]string{"en": {"Sales", "Taxable base"}, "es": {"Ventas", "Base gravable"}} {
		q := rng(from, to, "group", "day", "sort", "-total_cents", "lang", lang)
		sheet := b.Get(t, "/api/reports/sales_report/export.xlsx?"+q.Encode(), b.User).Expect(http.StatusOK).Sheet(want[0])
		if len(sheet) != len(all.Rows)+2 || !strings.Contains(strings.Join(sheet[0], "|"), want[1]) {
			t.Fatalf("%s export: %d rows (want %d + header + totals), header %v", lang, len(sheet), len(all.Rows), sheet[0])
		}
		if sheet[len(sheet)-1][0] != "Total" {
			t.Errorf("%s export: last row %v, want the totals", lang, sheet[len(sheet)-1])
		}
		if lang == "en" && sheet[1][0] != all.Rows[0]["date"] {
			t.Errorf("export's first row %v, the report's %v", sheet[1], all.Rows[0])
		}
	}
	b.Get(t, "/api/reports/sales_report/export.xlsx", b.Buyer).Expect(http.StatusForbidden)
}
