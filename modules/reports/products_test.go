package reports_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/uptrace/bun"
)

// productColumns are product_report's figures productFigures computes from the documents.
var productColumns = []string{"purchased_quantity", "purchased_cents", "sold_quantity", "sold_cents", "cost_of_sales_cents",
	"average_cost_cents"}

// productReport is product_report's figures over from..to (of one store, 0 every store) per
// product ("<id> <column>"), productFigures' columns.
func productReport(t *testing.T, b *books, from, to string, store int64) map[string]int64 {
	t.Helper()
	q := rng(from, to)
	if store != 0 {
		q.Set("store_id", fmt.Sprint(store))
	}
	got := map[string]int64{}
	for _, row := range b.get(t, b.Admin, "product_report", q).Rows {
		id := int64(row["link"].(map[string]any)["id"].(float64))
		for _, k := range productColumns {
			got[fmt.Sprint(id, " ", k)] = int64(row[k].(float64))
		}
	}
	return got
}

// docsOf reads every purchase and sale with its lines from the owners' tables as productFigures
// takes them (an archived document is neither approved nor anything else): what the documents
// are after writes made in SQL, which the API's answers kept in books do not see.
func docsOf(t *testing.T, db *bun.DB) []doc {
	t.Helper()
	var rows []struct {
		Typ       string `bun:"typ"`
		ID        int64  `bun:"id"`
		Date      string `bun:"date"`
		StoreID   int64  `bun:"store_id"`
		Status    string `bun:"status"`
		ProductID int64  `bun:"product_id"`
		Quantity  int64  `bun:"quantity"`
		BaseCents int64  `bun:"base_cents"`
		CostCents int64  `bun:"cost_cents"`
	}
	if err := db.NewRaw(`SELECT 'purchase' AS typ, p.id, p.purchase_date AS date, p.store_id,
    CASE WHEN p.deleted_at IS NULL THEN p.approval_status ELSE 'archived' END AS status, l.product_id, l.quantity, l.base_cents,
    l.base_cents AS cost_cents
FROM purchases p JOIN purchase_lines l ON l.purchase_id = p.id
UNION ALL
SELECT 'sale', s.id, s.sale_date, s.store_id, CASE WHEN s.deleted_at IS NULL THEN s.approval_status ELSE 'archived' END,
    l.product_id, l.quantity, l.base_cents, l.cost_cents
FROM sales s JOIN sale_lines l ON l.sale_id = s.id
ORDER BY 1, 2`).Scan(t.Context(), &rows); err != nil {
		t.Fatal(err)
	}
	var out []doc
	for _, r := range rows {
		if len(out) == 0 || out[len(out)-1].typ != r.Typ || out[len(out)-1].ID != r.ID {
			d := doc{typ: r.Typ, ID: r.ID, StoreID: r.StoreID, ApprovalStatus: r.Status}
			if r.Typ == "purchase" {
				d.PurchaseDate = r.Date
			} else {
				d.SaleDate = r.Date
			}
			out = append(out, d)
		}
		out[len(out)-1].Lines = append(out[len(out)-1].Lines, line{ProductID: r.ProductID, Quantity: r.Quantity, BaseCents: r.BaseCents,
			CostCents: r.CostCents})
	}
	return out
}

// productRanges are ranges that cut months on either side (cutsOf: a month's days, or the month
// less the days out of the range; the average cost's days after the range's end likewise), in
// two months of two years, inside one month, and across whole months.
var productRanges = [][2]string{
	{"2025-12-20", "2026-01-10"}, // December's last 12 days, January's first 10: the days
	{"2025-12-10", "2026-01-25"}, // each month less its days out of the range
	{"2026-08-15", "2026-10-20"}, // August less 14 days, September whole, October less 11
	{"2026-09-03", "2026-09-27"}, // September less its first 2 days and its last 3
	{"2026-10-05", "2026-10-12"}, // 8 days
	{"2026-08-17", "2026-11-14"}, // the bench's: August less 16 days, November's first 14; the average cost less November from the month's side
}

// checkProductDays compares product_report over productRanges, every store and each, with the
// documents (productFigures over docsOf) and its aggregates (report_product_days and the months,
// with their company sums) with a rebuild, after each of writes that move lines between days,
// months, years, stores, products and in and out of what counts: documents approved, rejected,
// archived and restored, dated a day and a year apart, given to another store, a line given to
// another product and more units. Every write is undone at the end.
func checkProductDays(t *testing.T, b *books) {
	t.Helper()
	ctx := t.Context()
	var purchase, sale, pending struct {
		ID     int64  `bun:"id"`
		Date   string `bun:"date"`
		Store  int64  `bun:"store_id"`
		Status string `bun:"approval_status"`
	}
	for _, q := range []struct {
		dst any
		sql string
	}{
		{&purchase, "SELECT id, purchase_date AS date, store_id FROM purchases WHERE approval_status = 'approved' AND deleted_at IS NULL " +
			"AND EXISTS (SELECT 1 FROM purchase_lines l WHERE l.purchase_id = purchases.id) ORDER BY id LIMIT 1"},
		{&sale, "SELECT id, sale_date AS date, store_id FROM sales WHERE approval_status = 'approved' AND deleted_at IS NULL ORDER BY id LIMIT 1"},
		{&pending, "SELECT id, sale_date AS date, store_id, approval_status FROM sales WHERE approval_status <> 'approved' AND deleted_at IS NULL " +
			"ORDER BY id LIMIT 1"},
	} {
		if err := b.DB.NewRaw(q.sql).Scan(ctx, q.dst); err != nil {
			t.Fatalf("%s: %v", q.sql, err)
		}
	}
	var ln struct {
		ID       int64 `bun:"id"`
		Product  int64 `bun:"product_id"`
		Quantity int64 `bun:"quantity"`
	}
	if err := b.DB.NewRaw("SELECT id, product_id, quantity FROM purchase_lines WHERE purchase_id = ? ORDER BY id LIMIT 1", purchase.ID).
		Scan(ctx, &ln); err != nil {
		t.Fatal(err)
	}
	otherProduct, otherStore := b.products[0], b.stores[0]
	if otherProduct == ln.Product {
		otherProduct = b.products[1]
	}
	if otherStore == sale.Store {
		otherStore = b.stores[1]
	}
	proved := map[string]bool{} // the ranges that held lines at least once
	check := func(what string) {
		t.Helper()
		failed := t.Failed()
		checkTables(t, b.DB, "report_product_days", "report_product_company_days", "report_product_company_halves",
			"report_product_months", "report_product_company_months")
		docs := docsOf(t, b.DB)
		for _, r := range productRanges {
			for _, store := range []int64{0, b.stores[0], b.stores[1]} {
				want := productFigures(docs, r[0], r[1], store)
				got := productReport(t, b, r[0], r[1], store)
				name := fmt.Sprintf("product_report %s..%s store %d after %s", r[0], r[1], store, what)
				expect(t, name, got, want)
				// Nothing more either: a product's figure the documents do not have is zero.
				for k, v := range got {
					if _, ok := want[k]; !ok && v != 0 && !strings.HasSuffix(k, " average_cost_cents") {
						t.Errorf("%s: %s = %d, want 0 (from the documents)", name, k, v)
					}
				}
				if len(want) > 0 && store == 0 {
					proved[r[0]] = true
				}
			}
		}
		if !failed && t.Failed() {
			t.Fatalf("after %s product_report or its aggregates disagree", what)
		}
	}
	exec := func(what, q string, args ...any) {
		t.Helper()
		if _, err := b.DB.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		check(what)
	}
	check("the generated documents")
	for _, w := range []struct {
		what, q string
		args    []any
	}{
		{"a purchase dated a year back, on New Year's Eve", "UPDATE purchases SET purchase_date = ? WHERE id = ?", []any{"2025-12-31", purchase.ID}},
		{"a sale dated into the next year", "UPDATE sales SET sale_date = ? WHERE id = ?", []any{"2026-01-02", sale.ID}},
		{"the purchase dated a day earlier", "UPDATE purchases SET purchase_date = ? WHERE id = ?", []any{"2025-12-30", purchase.ID}},
		{"a purchase line given to another product", "UPDATE purchase_lines SET product_id = ? WHERE id = ?", []any{otherProduct, ln.ID}},
		{"the line's units doubled", "UPDATE purchase_lines SET quantity = quantity * 2 WHERE id = ?", []any{ln.ID}},
		{"the sale given to another store", "UPDATE sales SET store_id = ? WHERE id = ?", []any{otherStore, sale.ID}},
		{"the sale rejected", "UPDATE sales SET approval_status = 'rejected' WHERE id = ?", []any{sale.ID}},
		{"the sale approved again", "UPDATE sales SET approval_status = 'approved' WHERE id = ?", []any{sale.ID}},
		{"the purchase archived", "UPDATE purchases SET deleted_at = updated_at WHERE id = ?", []any{purchase.ID}},
		{"the purchase restored", "UPDATE purchases SET deleted_at = NULL WHERE id = ?", []any{purchase.ID}},
		{"a sale left undecided approved, dated in December", "UPDATE sales SET approval_status = 'approved', sale_date = ? WHERE id = ?",
			[]any{"2025-12-24", pending.ID}},
		// Put back.
		{"the undecided sale put back", "UPDATE sales SET approval_status = ?, sale_date = ? WHERE id = ?",
			[]any{pending.Status, pending.Date, pending.ID}},
		{"the line put back", "UPDATE purchase_lines SET product_id = ?, quantity = ? WHERE id = ?", []any{ln.Product, ln.Quantity, ln.ID}},
		{"the purchase put back", "UPDATE purchases SET purchase_date = ? WHERE id = ?", []any{purchase.Date, purchase.ID}},
		{"the sale put back", "UPDATE sales SET sale_date = ?, store_id = ? WHERE id = ?", []any{sale.Date, sale.Store, sale.ID}},
	} {
		exec(w.what, w.q, w.args...)
	}
	for _, r := range productRanges {
		if !proved[r[0]] {
			t.Errorf("product_report %s..%s never held a line: the case proves nothing", r[0], r[1])
		}
	}
}
