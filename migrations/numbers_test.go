package migrations_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/migrations"
	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/sequence"
)

// insertID runs an INSERT … RETURNING id.
func insertID(t *testing.T, db bun.IDB, query string, args ...any) int64 {
	t.Helper()
	var id int64
	if err := db.NewRaw(query+" RETURNING id", args...).Scan(context.Background(), &id); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return id
}

// Purchase order and received order numbers written before the per-company sequences keep their
// numbers; each company's counters continue from its highest number (deleted documents
// included), so the next number of a company is new in that company. Purchases that named a
// received order they could not invoice (another company's, a missing or an unapproved one)
// lose the link; the others keep it.
func TestPerCompanyNumbersAndReceivedOrderLinks(t *testing.T) {
	ctx := context.Background()
	dbtest.EachEmpty(t, func(t *testing.T, db *bun.DB) {
		if _, err := migrations.UpTo(ctx, db, "20261124010000_platform_search_word_masks"); err != nil {
			t.Fatal(err)
		}
		at := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
		companies := [2]int64{dbtest.Company(t, db, "A"), dbtest.Company(t, db, "B")}
		var cat, prod, store, supplier [2]int64
		for i, c := range companies {
			cat[i] = insertID(t, db, "INSERT INTO categories (company_id, name, created_at, updated_at) VALUES (?, 'C', ?, ?)", c, at, at)
			prod[i] = insertID(t, db, "INSERT INTO products (company_id, category_id, code, name, unit, iva_class, kind, created_at, updated_at) "+
				"VALUES (?, ?, 'P', 'P', 'und', '19', 'goods', ?, ?)", c, cat[i], at, at)
			store[i] = insertID(t, db, "INSERT INTO stores (company_id, name, created_at, updated_at) VALUES (?, 'S', ?, ?)", c, at, at)
			supplier[i] = insertID(t, db, "INSERT INTO suppliers (company_id, name, created_at, updated_at) VALUES (?, 'Acme', ?, ?)", c, at, at)
		}
		// Orders numbered from the shared id: A has 1, 2 and 5 (5 deleted), B has 3 and 4.
		orders := map[int64]int{}
		for _, owner := range []int{0, 0, 1, 1, 0} {
			id := insertID(t, db, "INSERT INTO purchase_orders (company_id, category_id, product_id, quantity, status, created_at, updated_at) "+
				"VALUES (?, ?, ?, 10, 'approved', ?, ?)", companies[owner], cat[owner], prod[owner], at, at)
			orders[id] = owner
			if _, err := db.NewRaw("UPDATE purchase_orders SET reference_no = ? WHERE id = ?", fmt.Sprintf("PO-%06d", id), id).Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.NewRaw("UPDATE purchase_orders SET deleted_at = ? WHERE id = 5", at).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		// Receipts: B's approved (1), A's approved (2), A's pending (3).
		var receipts [3]int64
		for i, r := range []struct {
			owner  int
			order  int64
			status string
		}{{1, 3, "approved"}, {0, 1, "approved"}, {0, 2, "pending"}} {
			receipts[i] = insertID(t, db, "INSERT INTO received_orders (company_id, purchase_order_id, reference_no, category_id, product_id, "+
				"quantity, balance, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, 0, ?, ?, ?)",
				companies[r.owner], r.order, fmt.Sprintf("RO-%06d", i+1), cat[r.owner], prod[r.owner], r.status, at, at)
		}
		// A's purchases naming B's receipt, its own approved one, its own pending one, a missing one.
		links := []int64{receipts[0], receipts[1], receipts[2], 999}
		var purchases []int64
		for i, ro := range links {
			purchases = append(purchases, insertID(t, db, "INSERT INTO purchases (company_id, store_id, supplier_id, supplier_name, store_name, "+
				"reference_no, purchase_date, days_of_credit, due_date, subtotal_cents, taxable_base_cents, vat_cents, invoice_cents, "+
				"withholding_income_cents, withholding_vat_cents, total_to_pay_cents, balance_cents, status, received_order_id, created_at, updated_at) "+
				"VALUES (?, ?, ?, 'Acme', 'S', ?, '2026-11-23', 30, '2026-12-23', 100, 100, 0, 100, 0, 0, 100, 100, 'received', ?, ?, ?)",
				companies[0], store[0], supplier[0], fmt.Sprintf("FV-%d", i), ro, at, at))
		}

		if _, err := migrations.Up(ctx, db); err != nil {
			t.Fatal(err)
		}

		// Numbers kept; counters from each company's highest.
		for id := range orders {
			var ref string
			if err := db.NewRaw("SELECT reference_no FROM purchase_orders WHERE id = ?", id).Scan(ctx, &ref); err != nil || ref != fmt.Sprintf("PO-%06d", id) {
				t.Fatalf("order %d: %q, %v", id, ref, err)
			}
		}
		for _, c := range []struct {
			company int64
			name    string
			want    int64
		}{
			{companies[0], "purchase_order", 6}, {companies[1], "purchase_order", 5},
			{companies[0], "received_order", 4}, {companies[1], "received_order", 2},
		} {
			var got int64
			err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
				var err error
				got, err = sequence.Next(ctx, tx, c.company, c.name)
				return err
			})
			if err != nil || got != c.want {
				t.Errorf("next %s of company %d: %d (%v), want %d", c.name, c.company, got, err, c.want)
			}
		}
		// A number is given once per company: the unique index refuses a second PO-000001 in A,
		// not in B.
		dup := "INSERT INTO purchase_orders (company_id, reference_no, category_id, product_id, quantity, created_at, updated_at) VALUES (?, 'PO-000001', ?, ?, 1, ?, ?)"
		if _, err := db.NewRaw(dup, companies[0], cat[0], prod[0], at, at).Exec(ctx); err == nil {
			t.Error("a second PO-000001 in company A was stored")
		}
		if _, err := db.NewRaw(dup, companies[1], cat[1], prod[1], at, at).Exec(ctx); err != nil {
			t.Errorf("PO-000001 in company B: %v", err)
		}

		// Only the link to A's own approved receipt is kept.
		for i, id := range purchases {
			var row struct {
				ReceivedOrderID *int64 `bun:"received_order_id"`
				Status          string `bun:"status"`
			}
			if err := db.NewRaw("SELECT received_order_id, status FROM purchases WHERE id = ?", id).Scan(ctx, &row); err != nil {
				t.Fatal(err)
			}
			keep := links[i] == receipts[1]
			if keep != (row.ReceivedOrderID != nil) || (keep && row.Status != "received") || (!keep && row.Status != "pending") {
				t.Errorf("purchase naming received order %d: %+v (status %s)", links[i], row.ReceivedOrderID, row.Status)
			}
		}
	})
}
