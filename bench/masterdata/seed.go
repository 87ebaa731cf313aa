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
// unless a previous run left exactly the wanted rows (then they are reused). It returns the ids.
func seed(ctx context.Context, bdb *bun.DB, want sizes) (benchkit.Tenants, bool, error) {
	t, loaded, err := benchkit.FindTenants(ctx, bdb, otherCompany)
	if err != nil {
		return t, false, err
	}
	if loaded {
		var got sizes
		err := bdb.NewRaw(`SELECT
			(SELECT count(*) FROM products WHERE company_id = ?0 AND deleted_at IS NULL),
			(SELECT count(*) FROM customers WHERE company_id = ?0 AND deleted_at IS NULL),
			(SELECT count(*) FROM products WHERE company_id = ?1 AND deleted_at IS NULL),
			(SELECT count(*) FROM customers WHERE company_id = ?1 AND deleted_at IS NULL)`,
			t.Company, t.Other).Scan(ctx, &got.Products, &got.Customers, &got.OtherProducts, &got.OtherCustomers)
		if err != nil {
			return t, false, err
		}
		if got != want {
			return t, false, fmt.Errorf("the database holds %+v rows, not %+v: run with -fresh", got, want)
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
	t0 := time.Now()
	p, err := catalog.IndexSearchWords(ctx, bdb)
	if err != nil {
		return fmt.Errorf("product words: %w", err)
	}
	c, err := people.IndexSearchWords(ctx, bdb)
	if err != nil {
		return fmt.Errorf("customer words: %w", err)
	}
	if p+c > 0 {
		benchkit.Logf("indexed the search words of %d products and %d customers in %v", p, c, time.Since(t0).Round(time.Millisecond))
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
