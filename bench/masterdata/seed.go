package main

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
	"github.com/backoffice/backoffice/modules/catalog"
	"github.com/backoffice/backoffice/modules/people"
)

// otherCompany holds the rows of a second tenant (benchkit.Tenants).
const otherCompany = "Bench Otra S.A.S."

// sizes is how many rows the bench wants in each company.
type sizes struct {
	Products, Customers           int
	OtherProducts, OtherCustomers int
}

// seed fills the migrated database straight through SQL (generate_series), in one transaction,
// unless a previous run left exactly the wanted rows (then they are reused, and with reindex their
// search words are dropped and indexed again). It returns the ids.
func seed(ctx context.Context, bdb *bun.DB, want sizes, reindex bool) (benchkit.Tenants, bool, error) {
	t, loaded, err := benchkit.FindTenants(ctx, bdb, otherCompany)
	if err != nil {
		return t, false, err
	}
	if loaded {
		// The demo seed fills the demo company with products and customers of its own (issue 9
		// point 21): the bench's products are told from the demo's by their codes (P-0000001; the
		// demo's are ABA-001), its customers by number only (the demo's are 40 more).
		var got sizes
		err := bdb.NewRaw(`SELECT
			(SELECT count(*) FROM products WHERE company_id = ?0 AND code LIKE 'P-%' AND deleted_at IS NULL),
			(SELECT count(*) FROM customers WHERE company_id = ?0 AND deleted_at IS NULL),
			(SELECT count(*) FROM products WHERE company_id = ?1 AND deleted_at IS NULL),
			(SELECT count(*) FROM customers WHERE company_id = ?1 AND deleted_at IS NULL)`,
			t.Company, t.Other).Scan(ctx, &got.Products, &got.Customers, &got.OtherProducts, &got.OtherCustomers)
		if err != nil {
			return t, false, err
		}
		if got.Products != want.Products || got.Customers < want.Customers || got.OtherProducts != want.OtherProducts ||
			got.OtherCustomers != want.OtherCustomers {
			return t, false, fmt.Errorf("the database holds %+v rows, not %+v: run with -fresh", got, want)
		}
		if reindex {
			// The server (stopped by now) indexed at its start what lacked words: the words
			// dropped now are indexed by this process alone, and timed.
			for _, table := range []string{"product_words", "customer_words", "supplier_words"} {
				if _, err := bdb.ExecContext(ctx, "TRUNCATE "+table); err != nil {
					return t, true, err
				}
			}
		}
		return t, true, indexWords(ctx, bdb) // a database loaded before the word index existed
	}
	// The analysis after the load comes with the words (indexWords).
	err = benchkit.LoadCompanies(ctx, bdb, &t, otherCompany, nil, func(ctx context.Context, tx bun.Tx, id int64, demo bool) error {
		products, customers, codePrefix, docPrefix := want.Products, want.Customers, "P-", "1"
		if !demo {
			products, customers, codePrefix, docPrefix = want.OtherProducts, want.OtherCustomers, "Q-", "2"
		}
		if _, err := tx.ExecContext(ctx, categoriesSQL, id, t.Admin); err != nil {
			return fmt.Errorf("categories: %w", err)
		}
		if _, err := tx.ExecContext(ctx, productsSQL, id, codePrefix, id, t.Admin, products); err != nil {
			return fmt.Errorf("products: %w", err)
		}
		if _, err := tx.ExecContext(ctx, benchkit.CustomersSQL, id, docPrefix, t.Admin, customers); err != nil {
			return fmt.Errorf("customers: %w", err)
		}
		return nil
	})
	if err != nil {
		return t, false, err
	}
	return t, false, indexWords(ctx, bdb)
}

// indexWords gives the rows loaded with SQL their search words, as the server does for rows it
// did not write (catalog.IndexSearchWords, people.IndexSearchWords: the same code), then does what
// autovacuum would do on a live system after a bulk load: planner statistics, and the visibility
// map that lets counts and searches read the indexes alone.
func indexWords(ctx context.Context, bdb *bun.DB) error {
	// Each table is timed on its own (issue 9's figure is the products'), with the load average
	// around it: the machine may be shared.
	for _, ix := range []struct {
		what string
		fn   func(context.Context, bun.IDB) (int, error)
	}{{"products", catalog.IndexSearchWords}, {"customers and suppliers", people.IndexSearchWords}} {
		load, t0 := benchkit.LoadAvg(), time.Now()
		n, err := ix.fn(ctx, bdb)
		if err != nil {
			return fmt.Errorf("%s words: %w", ix.what, err)
		}
		if n > 0 {
			took := time.Since(t0)
			benchkit.Logf("indexed the search words of %d %s in %v (%.0f a second; load average before %s, after %s)",
				n, ix.what, took.Round(time.Millisecond), float64(n)/took.Seconds(), load, benchkit.LoadAvg())
		}
	}
	for _, table := range []string{"products", "customers", "categories", "companies", "product_words", "customer_words"} {
		if _, err := bdb.ExecContext(ctx, "VACUUM ANALYZE "+table); err != nil {
			return err
		}
	}
	return nil
}

// categoriesSQL adds 40 categories to a company.
const categoriesSQL = `
INSERT INTO categories (company_id, name, created_by, updated_by, created_at, updated_at)
SELECT ?0, 'Categoría ' || lpad(g::text, 2, '0'), ?1, ?1, now(), now() FROM generate_series(1, 40) AS g`

// productsSQL adds n products to a company: Spanish grocery names (noun, brand, presentation and
// a serial, so that names are unique, sort independently of id, and a serial finds one product),
// half goods and half services (so `kind=goods` exports exactly n/2), varied prices and stock.
// The multipliers scatter the word choices so that name order and insertion order differ.
const productsSQL = `
WITH cats AS (SELECT array_agg(id ORDER BY id) AS ids FROM categories WHERE company_id = ?0),
words AS (SELECT
  ARRAY['Arroz','Café','Leche','Aceite','Azúcar','Panela','Fríjol','Lenteja','Atún','Chocolate',
        'Harina','Pasta','Sal','Galletas','Jabón','Detergente','Champú','Papel higiénico','Gaseosa','Jugo',
        'Avena','Mantequilla','Queso','Huevos','Yogur','Cereal','Salsa de tomate','Mayonesa','Vinagre','Té',
        'Agua','Cerveza','Ñame','Arepa','Bocadillo','Maíz','Garbanzo','Sardinas','Pan','Servilletas'] AS noun,
  ARRAY['Diana','Roa','Colanta','Alpina','Águila','Sello Rojo','Juan Valdez','Doria','Zenú','Corona',
        'Ramo','Noel','Manuelita','Riopaila','Fruco','Postobón','Alquería','Éxito','Familia','Quaker',
        'Van Camps','Nutresa','Bavaria','La Constancia','Incauca'] AS brand,
  ARRAY['250 g','500 g','1 kg','2 kg','5 kg','1 L','2 L','6 und','12 und','400 ml'] AS pres)
INSERT INTO products (company_id, category_id, code, name, unit, cost_cents, price_cents, quantity,
  alert_quantity, iva_class, kind, created_by, updated_by, created_at, updated_at)
SELECT ?2, cats.ids[1 + (g * 7) % 40], ?1 || lpad(g::text, 7, '0'),
  words.noun[1 + (g * 7919) % 40] || ' ' || words.brand[1 + (g * 104729) % 25] || ' ' ||
    words.pres[1 + (g * 31) % 10] || ' ' || lpad(g::text, 6, '0'),
  CASE WHEN g % 2 = 0 THEN 'und' ELSE 'servicio' END,
  (1 + (g * 37) % 2000) * 100, (1 + (g * 37) % 2000) * 130, CASE WHEN g % 2 = 0 THEN (g * 13) % 200 ELSE 0 END,
  CASE WHEN g % 2 = 0 THEN 10 ELSE 0 END, (ARRAY['19','5','exento','excluido'])[1 + g % 4], CASE WHEN g % 2 = 0 THEN 'goods' ELSE 'service' END,
  ?3, ?3, now() - (?4 - g) * interval '1 minute', now() - (?4 - g) * interval '1 minute'
FROM generate_series(1::bigint, ?4) AS g, cats, words`
