package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
	"github.com/backoffice/backoffice/modules/catalog"
	"github.com/backoffice/backoffice/modules/people"
)

// demoCompany is the company the binary's demo seed creates (cmd/backoffice/seed.go); the bench
// data belongs to it, so the demo users see it.
const demoCompany = "Demo S.A.S."

// otherCompany holds the rows of a second tenant, so that the company filter of every list has
// something to leave out and the admins' all-companies lists are bigger than one company's.
const otherCompany = "Bench Otra S.A.S."

// sizes is how many rows the bench wants in each company.
type sizes struct {
	Products, Customers           int
	OtherProducts, OtherCustomers int
}

// tenants are the ids the bench data hangs on.
type tenants struct {
	Company, Other, Admin int64
}

// seed fills the migrated database straight through SQL (generate_series), in one transaction,
// unless a previous run left exactly the wanted rows (then they are reused, and with reindex their
// search words are dropped and indexed again). It returns the ids.
func seed(ctx context.Context, bdb *bun.DB, want sizes, reindex bool) (tenants, bool, error) {
	var t tenants
	var err error
	if t.Company, t.Admin, err = benchkit.DemoIDs(ctx, bdb, demoCompany); err != nil {
		return t, false, err
	}
	// The demo seed fills the demo company with products and customers of its own (issue 9
	// point 21): a database holds the bench's rows when it holds the bench's second company.
	err = bdb.NewRaw("SELECT id FROM companies WHERE name = ? AND deleted_at IS NULL", otherCompany).Scan(ctx, &t.Other)
	if err == nil {
		// The bench's products are told from the demo's by their codes (P-0000001; the demo's
		// are ABA-001); its customers by number only: the demo's are 40 more.
		var got sizes
		err := bdb.NewRaw(`SELECT
			(SELECT count(*) FROM products WHERE company_id = ? AND code LIKE 'P-%' AND deleted_at IS NULL),
			(SELECT count(*) FROM customers WHERE company_id = ? AND deleted_at IS NULL),
			(SELECT count(*) FROM products WHERE company_id = ? AND deleted_at IS NULL),
			(SELECT count(*) FROM customers WHERE company_id = ? AND deleted_at IS NULL)`,
			t.Company, t.Company, t.Other, t.Other).Scan(ctx, &got.Products, &got.Customers, &got.OtherProducts, &got.OtherCustomers)
		if err != nil {
			return t, false, err
		}
		if got.Products != want.Products || got.Customers < want.Customers || got.OtherProducts != want.OtherProducts ||
			got.OtherCustomers != want.OtherCustomers {
			return t, false, fmt.Errorf("the database holds %+v rows, not %+v: run with -fresh", got, want)
		}
		if reindex {
			// The server indexed what lacked words when it started, before this: the words
			// dropped now are indexed by this process alone, and timed.
			for _, table := range []string{"product_words", "customer_words", "supplier_words"} {
				if _, err := bdb.ExecContext(ctx, "TRUNCATE "+table); err != nil {
					return t, true, err
				}
			}
		}
		return t, true, indexWords(ctx, bdb) // a database loaded before the word index existed
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return t, false, err
	}
	err = bdb.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		now := time.Now().UTC()
		if err := tx.NewRaw("INSERT INTO companies (name, created_at, updated_at) VALUES (?, ?, ?) RETURNING id",
			otherCompany, now, now).Scan(ctx, &t.Other); err != nil {
			return err
		}
		for _, c := range []struct {
			id                    int64
			products, customers   int
			codePrefix, docPrefix string
		}{{t.Company, want.Products, want.Customers, "P-", "1"}, {t.Other, want.OtherProducts, want.OtherCustomers, "Q-", "2"}} {
			if _, err := tx.ExecContext(ctx, categoriesSQL, c.id, t.Admin); err != nil {
				return fmt.Errorf("categories: %w", err)
			}
			if _, err := tx.ExecContext(ctx, productsSQL, c.id, c.codePrefix, c.id, t.Admin, c.products); err != nil {
				return fmt.Errorf("products: %w", err)
			}
			if _, err := tx.ExecContext(ctx, customersSQL, c.id, c.docPrefix, t.Admin, c.customers); err != nil {
				return fmt.Errorf("customers: %w", err)
			}
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

// customersSQL adds n approved customers (every tenth pending) to a company, with Spanish names
// (first name and two surnames), Colombian cities and unique document numbers.
const customersSQL = `
WITH words AS (SELECT
  ARRAY['María','José','Luis','Ana','Carlos','Luz','Juan','Diana','Andrés','Sandra','Jorge','Claudia',
        'Camilo','Paola','Felipe','Natalia','Santiago','Valentina','Sebastián','Laura','Ángela','Óscar',
        'Nicolás','Daniela','Alejandro','Catalina','Julián','Marcela','Iván','Ñusta'] AS first,
  ARRAY['Gómez','Rodríguez','Martínez','García','López','González','Hernández','Pérez','Sánchez','Ramírez',
        'Torres','Díaz','Moreno','Vargas','Rojas','Jiménez','Muñoz','Castro','Ortiz','Rubio',
        'Suárez','Romero','Herrera','Medina','Aguilar','Castillo','Cárdenas','Ríos','Mejía','Osorio',
        'Restrepo','Zapata','Valencia','Quintero','Arango','Giraldo','Salazar','Ospina','Londoño','Patiño'] AS last,
  ARRAY['Bogotá','Medellín','Cali','Barranquilla','Cartagena','Cúcuta','Bucaramanga','Pereira','Santa Marta','Ibagué',
        'Pasto','Manizales','Neiva','Villavicencio','Armenia','Valledupar','Montería','Popayán','Sincelejo','Tunja'] AS city)
INSERT INTO customers (company_id, name, company, email, phone, city, address, person_type, document_type,
  document_number, declarante, iva_responsible, approval_status, approved_by, approved_at,
  created_by, created_at, updated_by, updated_at)
SELECT ?0,
  words.first[1 + (g * 7919) % 30] || ' ' || words.last[1 + (g * 104729) % 40] || ' ' || words.last[1 + (g * 1299709) % 40],
  CASE WHEN g % 3 = 0 THEN words.last[1 + (g * 104729) % 40] || ' Comercial S.A.S.' ELSE '' END,
  'cliente' || g || '@correo.co', '3' || lpad(((g * 7919) % 1000000000)::text, 9, '0'),
  words.city[1 + (g * 31) % 20], 'Calle ' || (g % 150) || ' # ' || (g % 90) || '-' || (g % 60),
  CASE WHEN g % 3 = 0 THEN 'juridica' ELSE 'natural' END, CASE WHEN g % 3 = 0 THEN 'NIT' ELSE 'CC' END,
  ?1 || lpad(g::text, 9, '0'), g % 5 = 0, g % 3 = 0,
  CASE WHEN g % 10 = 0 THEN 'pending' ELSE 'approved' END, CASE WHEN g % 10 = 0 THEN NULL ELSE ?2 END,
  CASE WHEN g % 10 = 0 THEN NULL ELSE now() END,
  ?2, now() - (?3 - g) * interval '1 minute', ?2, now()
FROM generate_series(1::bigint, ?3) AS g, words`
