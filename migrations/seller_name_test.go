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

// The sales recorded before sales copied their seller's name get it from the users table, by
// the auth module's rule: first and last name, else the username; a deleted user still names
// their sales, and a sale without a seller gets none.
func TestSellerNameOfSalesWrittenBefore(t *testing.T) {
	ctx := context.Background()
	dbtest.EachEmpty(t, func(t *testing.T, db *bun.DB) {
		if _, err := migrations.UpTo(ctx, db, "20261125200000_sales_sales"); err != nil {
			t.Fatal(err)
		}
		at := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
		company := dbtest.Company(t, db, "A")
		customer := insertID(t, db, "INSERT INTO customers (company_id, name, created_at, updated_at) VALUES (?, 'Acme', ?, ?)", company, at, at)
		store := insertID(t, db, "INSERT INTO stores (company_id, name, created_at, updated_at) VALUES (?, 'S', ?, ?)", company, at, at)
		user := func(username, first, last string, deleted bool) *int64 {
			var deletedAt *time.Time
			if deleted {
				deletedAt = &at
			}
			id := insertID(t, db, "INSERT INTO users (company_id, username, first_name, last_name, role, password_hash, created_at, updated_at, deleted_at) "+
				"VALUES (?, ?, ?, ?, 'user', 'x', ?, ?, ?)", company, username, first, last, at, at, deletedAt)
			return &id
		}
		sellers := []struct {
			id   *int64
			want string
		}{
			{user("ana", "Ana María", "Gómez", false), "Ana María Gómez"},
			{user("solo", "Solo", "", false), "Solo"},
			{user("apellido", "", "Restrepo", false), "Restrepo"},
			{user("sin.nombre", "", "", false), "sin.nombre"},
			{user("ido", "Ido", "Ya", true), "Ido Ya"},
			{nil, ""},
		}
		sales := make([]int64, len(sellers))
		for i, s := range sellers {
			sales[i] = insertID(t, db, "INSERT INTO sales (company_id, number, sale_date, customer_id, customer_name, store_id, store_name, "+
				"subtotal_cents, discount_cents, taxable_base_cents, vat_cents, invoice_cents, withholding_income_cents, withholding_vat_cents, "+
				"total_cents, cost_cents, balance_cents, status, created_by, created_at, updated_at) "+
				"VALUES (?, ?, '2026-11-25', ?, 'Acme', ?, 'S', 100, 0, 100, 0, 100, 0, 0, 100, 50, 100, 'pending', ?, ?, ?)",
				company, fmt.Sprintf("VTA-%06d", i+1), customer, store, s.id, at, at)
		}

		if _, err := migrations.Up(ctx, db); err != nil {
			t.Fatal(err)
		}
		for i, s := range sellers {
			var got string
			if err := db.NewRaw("SELECT seller_name FROM sales WHERE id = ?", sales[i]).Scan(ctx, &got); err != nil {
				t.Fatal(err)
			}
			if got != s.want {
				t.Errorf("sale %d: seller_name %q, want %q", i+1, got, s.want)
			}
		}
	})
}
