package main

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

// otherCompany holds the purchases of a second tenant (benchkit.Tenants).
const otherCompany = "Bench Compras Otra S.A.S."

// per-company master data the purchases refer to.
const (
	suppliersDemo, suppliersOther = 400, 60
)

// seed fills the migrated database straight through SQL (generate_series), in one transaction,
// then VACUUM ANALYZE — unless a previous run left exactly the wanted purchases (then they are
// reused). It returns the ids and whether the data was reused.
func seed(ctx context.Context, bdb *bun.DB, want benchkit.Split) (benchkit.Tenants, bool, error) {
	return benchkit.LoadOrReuse(ctx, bdb, otherCompany,
		[]string{"purchases", "purchase_lines", "suppliers", "stores", "products", "categories", "companies"},
		func(t benchkit.Tenants) error { return reusable(ctx, bdb, t, want) },
		func(ctx context.Context, tx bun.Tx, t benchkit.Tenants, id int64, demo bool) error {
			// The demo company's purchases are FV-, the other's FC-; receivedBase keeps their
			// received-order ids apart (the unique index on received_order_id spans companies).
			n, suppliers, stores, refPrefix, receivedBase := want.Demo, suppliersDemo, benchkit.DemoStores, "FV-", int64(0)
			if !demo {
				n, suppliers, stores, refPrefix, receivedBase = want.Other, suppliersOther, benchkit.OtherStores, "FC-", 100_000_000
			}
			if err := benchkit.AddDocMaster(ctx, tx, id, t.Admin, stores, benchkit.DocCategories, benchkit.DocProducts); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, benchkit.SuppliersSQL, id, t.Admin, suppliers); err != nil {
				return fmt.Errorf("suppliers: %w", err)
			}
			t0 := time.Now()
			if _, err := tx.ExecContext(ctx, benchkit.PurchasesSQL, id, t.Admin, n, benchkit.DocProducts, refPrefix, receivedBase); err != nil {
				return fmt.Errorf("purchases: %w", err)
			}
			t1 := time.Now()
			if _, err := tx.ExecContext(ctx, benchkit.PurchaseLinesSQL, id, benchkit.DocProducts); err != nil {
				return fmt.Errorf("purchase lines: %w", err)
			}
			logf("company %d: %d purchases in %v, their lines in %v", id, n,
				t1.Sub(t0).Round(time.Millisecond), time.Since(t1).Round(time.Millisecond))
			return nil
		})
}

// reusable checks that a database an earlier run loaded holds the wanted purchases. The bench's
// purchases are told apart by their references (FV-, FC-) from the demo records the server's
// seed writes (FE-).
func reusable(ctx context.Context, bdb *bun.DB, t benchkit.Tenants, want benchkit.Split) error {
	var got benchkit.Split
	var lines int
	err := bdb.NewRaw(`SELECT
		(SELECT count(*) FROM purchases WHERE company_id = ? AND deleted_at IS NULL AND `+benchkit.PurchaseBenchRefs+`),
		(SELECT count(*) FROM purchases WHERE company_id = ? AND deleted_at IS NULL),
		(SELECT count(*) FROM (SELECT 1 FROM purchase_lines LIMIT 1) AS l)`,
		t.Company, t.Other).Scan(ctx, &got.Demo, &got.Other, &lines)
	if err == nil && (got != want || lines == 0) {
		err = fmt.Errorf("the database holds %+v purchases, not %+v: run with -fresh", got, want)
	}
	return err
}
