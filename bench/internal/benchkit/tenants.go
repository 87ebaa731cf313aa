package benchkit

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"
)

// DemoCompany is the company the binary's demo seed creates (cmd/backoffice/demo): most bench
// data belongs to it, so that the demo users see it.
const DemoCompany = "Demo S.A.S."

// Tenants are the ids the bench data hangs on: the demo company and the demo admin, which the
// server's demo seed created, and a second company the bench adds, so that the company filter of
// a list has rows to leave out and an admin's all-companies list is bigger than one company's.
type Tenants struct {
	Company, Other, Admin int64
}

// FindTenants reads the demo ids and, when an earlier run loaded it, the second company named
// other (loaded reports that it exists).
func FindTenants(ctx context.Context, bdb *bun.DB, other string) (t Tenants, loaded bool, err error) {
	if t.Company, t.Admin, err = DemoIDs(ctx, bdb, DemoCompany); err != nil {
		return t, false, err
	}
	var ids []int64
	if err := bdb.NewRaw("SELECT id FROM companies WHERE name = ? AND deleted_at IS NULL", other).Scan(ctx, &ids); err != nil {
		return t, false, err
	}
	if len(ids) > 0 {
		t.Other = ids[0]
	}
	return t, len(ids) > 0, nil
}

// LoadOrReuse is a list bench's load: on a database an earlier run loaded (the second company
// named other exists) it checks with reusable that it holds what the bench wants and reuses it;
// otherwise it loads it (LoadCompanies: fill, then the tables analysed).
func LoadOrReuse(ctx context.Context, bdb *bun.DB, other string, tables []string, reusable func(Tenants) error,
	fill func(ctx context.Context, tx bun.Tx, t Tenants, companyID int64, demo bool) error) (Tenants, bool, error) {
	t, loaded, err := FindTenants(ctx, bdb, other)
	if err != nil || loaded {
		if err == nil {
			err = reusable(t)
		}
		return t, loaded, err
	}
	err = LoadCompanies(ctx, bdb, &t, other, tables, func(ctx context.Context, tx bun.Tx, id int64, demo bool) error {
		return fill(ctx, tx, t, id, demo)
	})
	return t, false, err
}

// LoadCompanies adds the second company named other to t and calls fill for the demo company
// (demo set) and then for it, all in one transaction; then it does what autovacuum would on a
// live system after a bulk load to tables: planner statistics, and the visibility map that lets
// counts read the indexes alone.
func LoadCompanies(ctx context.Context, bdb *bun.DB, t *Tenants, other string, tables []string,
	fill func(ctx context.Context, tx bun.Tx, companyID int64, demo bool) error) error {
	err := bdb.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		now := time.Now().UTC()
		if err := tx.NewRaw("INSERT INTO companies (name, created_at, updated_at) VALUES (?, ?, ?) RETURNING id",
			other, now, now).Scan(ctx, &t.Other); err != nil {
			return err
		}
		if err := fill(ctx, tx, t.Company, true); err != nil {
			return err
		}
		return fill(ctx, tx, t.Other, false)
	})
	if err != nil {
		return err
	}
	for _, table := range tables {
		if _, err := bdb.ExecContext(ctx, "VACUUM ANALYZE "+table); err != nil {
			return err
		}
	}
	return nil
}

// AddDocMaster adds to a company, in tx, what the document benches' documents name: stores
// (unless present), categories and products (DocCategoriesSQL, DocProductsSQL), created by admin.
func AddDocMaster(ctx context.Context, tx bun.Tx, companyID, admin int64, stores []string, categories, products int) error {
	now := time.Now().UTC()
	for _, name := range stores {
		if _, err := tx.ExecContext(ctx, StoreSQL, companyID, name, now); err != nil {
			return fmt.Errorf("stores: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, DocCategoriesSQL, companyID, admin, categories); err != nil {
		return fmt.Errorf("categories: %w", err)
	}
	if _, err := tx.ExecContext(ctx, DocProductsSQL, companyID, admin, products, categories); err != nil {
		return fmt.Errorf("products: %w", err)
	}
	return nil
}
