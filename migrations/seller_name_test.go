package migrations_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/migrations"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

// writer is a user who wrote records before their module copied the writer's name, and the name
// the migration must give those records.
type writer struct {
	id   *int64
	want string
}

// writers adds to company the users whose names the migrations copy, by the auth module's rule —
// first and last name, else the username; a deleted user still names their records —, and a
// record without a writer (nil), which gets no name.
func writers(t *testing.T, db *bun.DB, company int64, at time.Time) []writer {
	t.Helper()
	user := func(username, first, last string, deleted bool) *int64 {
		var deletedAt *time.Time
		if deleted {
			deletedAt = &at
		}
		id := insertID(t, db, "INSERT INTO users (company_id, username, first_name, last_name, role, password_hash, created_at, updated_at, deleted_at) "+
			"VALUES (?, ?, ?, ?, 'user', 'x', ?, ?, ?)", company, username, first, last, at, at, deletedAt)
		return &id
	}
	return []writer{
		{user("ana", "Ana María", "Gómez", false), "Ana María Gómez"},
		{user("solo", "Solo", "", false), "Solo"},
		{user("apellido", "", "Restrepo", false), "Restrepo"},
		{user("sin.nombre", "", "", false), "sin.nombre"},
		{user("ido", "Ido", "Ya", true), "Ido Ya"},
		{nil, ""},
	}
}

// namesBackfilled migrates each empty database up to before, lets write add one record per writer (returning its
// id), migrates to the end, and checks that column of table names each record's writer.
func namesBackfilled(t *testing.T, before, table, column string, write func(t *testing.T, db *bun.DB, company int64, at time.Time, i int, by *int64) int64) {
	ctx := context.Background()
	dbtest.EachEmpty(t, func(t *testing.T, db *bun.DB) {
		if _, err := migrations.UpTo(ctx, db, before); err != nil {
			t.Fatal(err)
		}
		at := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
		company := dbtest.Company(t, db, "A")
		ws := writers(t, db, company, at)
		ids := make([]int64, len(ws))
		for i, w := range ws {
			ids[i] = write(t, db, company, at, i, w.id)
		}
		if _, err := migrations.Up(ctx, db); err != nil {
			t.Fatal(err)
		}
		for i, w := range ws {
			var got string
			if err := db.NewRaw("SELECT ? FROM ? WHERE id = ?", bun.Ident(column), bun.Ident(table), ids[i]).Scan(ctx, &got); err != nil {
				t.Fatal(err)
			}
			if got != w.want {
				t.Errorf("%s %d: %s %q, want %q", table, i+1, column, got, w.want)
			}
		}
	})
}

// The sales recorded before sales copied their seller's name get it from the users table.
func TestSellerNameOfSalesWrittenBefore(t *testing.T) {
	var customer, store int64
	namesBackfilled(t, "20261125200000_sales_sales", "sales", "seller_name", func(t *testing.T, db *bun.DB, company int64, at time.Time, i int, by *int64) int64 {
		if i == 0 {
			customer = insertID(t, db, "INSERT INTO customers (company_id, name, created_at, updated_at) VALUES (?, 'Acme', ?, ?)", company, at, at)
			store = insertID(t, db, "INSERT INTO stores (company_id, name, created_at, updated_at) VALUES (?, 'S', ?, ?)", company, at, at)
		}
		return insertID(t, db, "INSERT INTO sales (company_id, number, sale_date, customer_id, customer_name, store_id, store_name, "+
			"subtotal_cents, discount_cents, taxable_base_cents, vat_cents, invoice_cents, withholding_income_cents, withholding_vat_cents, "+
			"total_cents, cost_cents, balance_cents, status, created_by, created_at, updated_at) "+
			"VALUES (?, ?, '2026-11-25', ?, 'Acme', ?, 'S', 100, 0, 100, 0, 100, 0, 0, 100, 50, 100, 'pending', ?, ?, ?)",
			company, fmt.Sprintf("VTA-%06d", i+1), customer, store, by, at, at)
	})
}

// The payments recorded before payments copied their creator's name get it from the users table.
func TestCreatorNameOfPaymentsWrittenBefore(t *testing.T) {
	namesBackfilled(t, "20261127010000_sales_seller_name", "payments", "created_by_name", func(t *testing.T, db *bun.DB, company int64, at time.Time, i int, by *int64) int64 {
		return insertID(t, db, "INSERT INTO payments (company_id, created_at, created_by, type, document_id, document_number, party_id, "+
			"party_name, payment_date, reference_no, amount_cents, method, updated_at) "+
			"VALUES (?, ?, ?, 'purchase', 1, 'FV-1', 1, 'Acme', '2026-11-25', ?, 100, 'cash', ?)", company, at, by, fmt.Sprintf("TR-%d", i), at)
	})
}
