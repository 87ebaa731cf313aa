package store

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/listing"
)

// TestSearchRule: purchase orders and received orders are searched by the words rule — each
// term begins a word of the reference, accents and case ignored — or by the products the
// catalog's own words search found for the text (QProducts: the app asks the catalog), in
// scope, after inserts and edits; documents written before the word indexes get their words
// from IndexMissingWords.
func TestSearchRule(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		st := New(db)
		at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
		a, b := dbtest.Company(t, db, "A"), dbtest.Company(t, db, "B")
		id := func(query string, args ...any) int64 {
			t.Helper()
			var id int64
			if err := db.NewRaw(query+" RETURNING id", args...).Scan(ctx, &id); err != nil {
				t.Fatal(err)
			}
			return id
		}
		category := func(company int64) int64 {
			return id("INSERT INTO categories (company_id, name, created_at, updated_at) VALUES (?, 'Granos', ?, ?)", company, at, at)
		}
		product := func(company, cat int64, code, name string) int64 {
			return id(`INSERT INTO products (company_id, category_id, code, name, unit, iva_class, kind, created_at, updated_at)
				VALUES (?, ?, ?, ?, 'kg', '5', 'goods', ?, ?)`, company, cat, code, name, at, at)
		}
		catA, catB := category(a), category(b)
		cafe, arroz := product(a, catA, "CAF-01", "Café Gómez"), product(a, catA, "ARZ-02", "Arroz Diana")
		other := product(b, catB, "CAF-09", "Café Gómez")
		order := func(company, cat, prod int64, ref string) *Order {
			t.Helper()
			o := &Order{CompanyID: company, ReferenceNo: ref, CategoryID: cat, ProductID: prod, Quantity: 5, Status: "pending", CreatedAt: at, UpdatedAt: at}
			if err := st.InsertOrder(ctx, o); err != nil {
				t.Fatal(err)
			}
			return o
		}
		po1 := order(a, catA, cafe, "PO-000001")
		order(a, catA, arroz, "PO-000002")
		order(b, catB, other, "PO-000001")
		r := &Receipt{CompanyID: a, PurchaseOrderID: po1.ID, ReferenceNo: "RO-000001", CategoryID: catA, ProductID: cafe, Quantity: 2,
			Balance: 3, Status: "pending", CreatedAt: at, UpdatedAt: at}
		if err := st.InsertReceipt(ctx, r); err != nil {
			t.Fatal(err)
		}
		sc := Scope{CompanyID: a}
		orders := func(q string, products ...int64) string {
			t.Helper()
			plan, err := listing.NewPlan(OrderSpec, listing.Query{Sort: "reference_no"})
			if err != nil {
				t.Fatal(err)
			}
			rows, err := st.ListOrders(ctx, sc, OrderFilter{Q: q, QProducts: products}, plan)
			if err != nil {
				t.Fatal(err)
			}
			refs := []string{}
			for _, r := range rows {
				refs = append(refs, r.ReferenceNo)
			}
			if n, err := st.CountOrders(ctx, sc, OrderFilter{Q: q, QProducts: products}); err != nil || n != len(rows) {
				t.Fatalf("count %q = %d, %v; list has %d", q, n, err, len(rows))
			}
			return fmt.Sprint(refs)
		}
		receipts := func(q string, products ...int64) string {
			t.Helper()
			plan, err := listing.NewPlan(ReceiptSpec, listing.Query{})
			if err != nil {
				t.Fatal(err)
			}
			rows, err := st.ListReceipts(ctx, sc, ReceiptFilter{Q: q, QProducts: products}, plan)
			if err != nil {
				t.Fatal(err)
			}
			refs := []string{}
			for _, r := range rows {
				refs = append(refs, r.ReferenceNo)
			}
			if n, err := st.CountReceipts(ctx, sc, ReceiptFilter{Q: q, QProducts: products}); err != nil || n != len(rows) {
				t.Fatalf("count %q = %d, %v; list has %d", q, n, err, len(rows))
			}
			return fmt.Sprint(refs)
		}
		for q, want := range map[string]string{
			"mez": "[]", "po-000002": "[PO-000002]", "000002": "[PO-000002]", "00002": "[]", "po": "[PO-000001 PO-000002]",
			"PO-000001": "[PO-000001]", // company B's PO-000001 is out of scope
		} {
			if got := orders(q); got != want {
				t.Errorf("orders %q = %s, want %s", q, got, want)
			}
		}
		// The products the catalog found for the text ("gom" → Café Gómez) bring their documents.
		if got := orders("gom", cafe); got != "[PO-000001]" {
			t.Errorf(`orders "gom" with its product = %s`, got)
		}
		if got := orders("arroz", arroz, other); got != "[PO-000002]" {
			t.Errorf(`orders "arroz" with its product = %s`, got)
		}
		for q, want := range map[string]string{"ro-1": "[]", "ro-000001": "[RO-000001]", "rroz": "[]"} {
			if got := receipts(q); got != want {
				t.Errorf("receipts %q = %s, want %s", q, got, want)
			}
		}
		if got := receipts("gomez", cafe); got != "[RO-000001]" {
			t.Errorf(`receipts "gomez" with its product = %s`, got)
		}
		// An edit that changes the product: the order follows its new product.
		po1.ProductID = arroz
		if err := st.UpdateUndecidedOrder(ctx, po1, po1.Status); err != nil {
			t.Fatal(err)
		}
		if got := orders("arroz", arroz); got != "[PO-000001 PO-000002]" {
			t.Errorf("after the edit: %s", got)
		}
		if got := orders("cafe", cafe); got != "[]" {
			t.Errorf("the old product still found: %s", got)
		}
		// Documents written before the word indexes.
		for _, table := range []string{"purchase_order_words", "received_order_words"} {
			if _, err := db.NewDelete().TableExpr(table).Where("true").Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if got := receipts("ro-000001"); got != "[]" {
			t.Fatalf("found without words: %s", got)
		}
		if n, err := st.IndexMissingWords(ctx); err != nil || n != 4 {
			t.Fatalf("indexed %d, %v", n, err)
		}
		if got := receipts("ro-000001"); got != "[RO-000001]" {
			t.Errorf("after indexing: %s", got)
		}
		if got := orders("po-000001"); got != "[PO-000001]" {
			t.Errorf("after indexing: %s", got)
		}
	})
}
