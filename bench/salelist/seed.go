package main

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

// otherCompany holds the sales of a second tenant (benchkit.Tenants).
const otherCompany = "Bench Ventas Otra S.A.S."

// Per-company master data the sales refer to: customers (CustomersSQL, their document numbers
// beginning with the company's prefix, which tells the bench's customers and sales from the
// demo seed's), stores and products.
const (
	customersDemo, customersOther = 10_000, 1_000
	demoDocPrefix, otherDocPrefix = "7", "8"
)

// seed fills the migrated database straight through SQL (generate_series), in one transaction,
// then VACUUM ANALYZE — unless a previous run left exactly the wanted sales (then they are
// reused). It returns the ids and whether the data was reused.
func seed(ctx context.Context, bdb *bun.DB, want benchkit.Split) (benchkit.Tenants, bool, error) {
	return benchkit.LoadOrReuse(ctx, bdb, otherCompany,
		[]string{"sales", "sale_lines", "customers", "stores", "products", "categories", "companies", "document_sequences"},
		func(t benchkit.Tenants) error { return reusable(ctx, bdb, t, want) },
		func(ctx context.Context, tx bun.Tx, t benchkit.Tenants, id int64, demo bool) error {
			n, customers, stores, docPrefix := want.Demo, customersDemo, benchkit.DemoStores, demoDocPrefix
			if !demo {
				n, customers, stores, docPrefix = want.Other, customersOther, benchkit.OtherStores, otherDocPrefix
			}
			if err := benchkit.AddDocMaster(ctx, tx, id, t.Admin, stores, benchkit.DocCategories, benchkit.DocProducts); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, benchkit.CustomersSQL, id, docPrefix, t.Admin, customers); err != nil {
				return fmt.Errorf("customers: %w", err)
			}
			t0 := time.Now()
			for _, stmt := range []struct{ what, sql string }{{"lines drafted", benchkit.SaleLinesDraftSQL}, {"sales and lines", benchkit.SalesSQL},
				{"numbers", benchkit.SaleSequenceSQL}} {
				if _, err := tx.ExecContext(ctx, stmt.sql, id, t.Admin, n, benchkit.DocProducts, docPrefix+"%"); err != nil {
					return fmt.Errorf("%s: %w", stmt.what, err)
				}
			}
			// The next company drafts its own lines in the same transaction.
			if _, err := tx.ExecContext(ctx, "DROP TABLE bench_sale_lines"); err != nil {
				return err
			}
			logf("company %d: %d sales and their lines in %v", id, n, time.Since(t0).Round(time.Millisecond))
			return nil
		})
}

// reusable checks that a database an earlier run loaded holds the wanted sales: the demo
// company's bench sales are those of the bench's customers, after the demo seed's own.
func reusable(ctx context.Context, bdb *bun.DB, t benchkit.Tenants, want benchkit.Split) error {
	var got benchkit.Split
	err := bdb.NewRaw(`SELECT
		(SELECT count(*) FROM sales s JOIN customers c ON c.id = s.customer_id
		 WHERE s.company_id = ? AND s.deleted_at IS NULL AND c.document_number LIKE ?),
		(SELECT count(*) FROM sales WHERE company_id = ? AND deleted_at IS NULL)`,
		t.Company, demoDocPrefix+"%", t.Other).Scan(ctx, &got.Demo, &got.Other)
	if err == nil && got != want {
		err = fmt.Errorf("the database holds %+v sales, not %+v: run with -fresh", got, want)
	}
	return err
}
