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
	productsPerCompany            = 1000
	categoriesPerCompany          = 20
	demoDocPrefix, otherDocPrefix = "7", "8"
)

// The companies' stores (added unless present; the demo's own two stores sell too).
var (
	demoStores  = []string{"Bodega Principal", "Sede Norte", "Sede Sur", "Punto Chapinero"}
	otherStores = []string{"Bodega Medellín", "Sede El Poblado"}
)

// seed fills the migrated database straight through SQL (generate_series), in one transaction,
// then VACUUM ANALYZE — unless a previous run left exactly the wanted sales (then they are
// reused). It returns the ids and whether the data was reused.
func seed(ctx context.Context, bdb *bun.DB, want benchkit.Split) (benchkit.Tenants, bool, error) {
	return benchkit.LoadOrReuse(ctx, bdb, otherCompany,
		[]string{"sales", "sale_lines", "customers", "stores", "products", "categories", "companies", "document_sequences"},
		func(t benchkit.Tenants) error { return reusable(ctx, bdb, t, want) },
		func(ctx context.Context, tx bun.Tx, t benchkit.Tenants, id int64, demo bool) error {
			n, customers, stores, docPrefix := want.Demo, customersDemo, demoStores, demoDocPrefix
			if !demo {
				n, customers, stores, docPrefix = want.Other, customersOther, otherStores, otherDocPrefix
			}
			if err := benchkit.AddDocMaster(ctx, tx, id, t.Admin, stores, categoriesPerCompany, productsPerCompany); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, benchkit.CustomersSQL, id, docPrefix, t.Admin, customers); err != nil {
				return fmt.Errorf("customers: %w", err)
			}
			t0 := time.Now()
			for _, stmt := range []struct{ what, sql string }{{"lines drafted", linesDraftSQL}, {"sales and lines", salesSQL},
				{"numbers", sequenceSQL}} {
				if _, err := tx.ExecContext(ctx, stmt.sql, id, t.Admin, n, productsPerCompany, docPrefix+"%"); err != nil {
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

// The load's statements take the same arguments: company ?0, admin ?1, sales ?2, products ?3,
// the LIKE pattern of the company's bench customers' document numbers ?4.

// linesDraftSQL computes the lines of a company's n sales once, in a temporary table that the
// sales' totals and the sale_lines rows are both read from. Sale g has 1 + (g·31 mod 4) lines;
// line j sells product k = (7g + 13j) mod products (DocProductsSQL's: cost (10 + k mod 990)·10,000
// centavos, price 1.3 times that, IVA class k mod 4, a service every tenth) at its price,
// quantity 1 + (3g + 7j) mod 12, with a 5 % discount on the first line of every seventh sale;
// VAT by class on the line's base (price × quantity − discount), in whole pesos.
const linesDraftSQL = `
CREATE TEMPORARY TABLE bench_sale_lines AS
SELECT g, j, k, x.qty, x.price, x.cost, x.cls, x.svc, x.disc, x.price * x.qty - x.disc AS base,
  (x.price * x.qty - x.disc) * (CASE x.cls WHEN 0 THEN 19 WHEN 1 THEN 5 ELSE 0 END) / 10000 * 100 AS vat
FROM generate_series(1::bigint, ?2) AS g
CROSS JOIN LATERAL generate_series(1, 1 + (g * 31) % 4) AS j
CROSS JOIN LATERAL (SELECT (g * 7 + j * 13) % ?3 AS k) AS kk
CROSS JOIN LATERAL (SELECT 1 + (g * 3 + j * 7) % 12 AS qty, (10 + k % 990) * 13000 AS price, (10 + k % 990) * 10000 AS cost,
  k % 4 AS cls, k % 10 = 9 AS svc,
  CASE WHEN g % 7 = 0 AND j = 1 THEN (10 + k % 990) * 13000 * (1 + (g * 3 + j * 7) % 12) * 5 / 10000 * 100 ELSE 0 END AS disc) AS x`

// salesSQL inserts a company's n sales from the drafted lines, then their lines. Sale g:
//   - is dated over the last three years (newer g, newer date; ~n/1095 sales a day, a few days
//     of jitter), recorded the same day, numbered VTA-… after the company's sequence (the demo
//     seed's sales come first), so that numbers follow dates;
//   - goes to one of the company's bench customers (by id order, scattered), whose name it
//     copies (a legal entity's company name), from one of the company's stores, recorded by one
//     of its sellers (users and secretaries; the admin when there are none);
//   - a legal-entity customer withholds ReteFuente 2.5 % of the goods base when it reaches 10
//     UVT of 2026 ($524,000); every fourth sale carries the customer's order reference;
//   - approval: older than 30 days 95 % approved, 3 % rejected, 2 % pending; newer 55 / 5 / 40 %;
//   - payment status of approved sales by age: older than 120 days mostly paid, the last month
//     mostly pending; partial payments pay 10–89 %.
const salesSQL = `
WITH cus AS (SELECT array_agg(id ORDER BY id) AS ids,
               array_agg(CASE WHEN person_type = 'juridica' AND company <> '' THEN company ELSE name END ORDER BY id) AS names,
               array_agg(person_type = 'juridica' ORDER BY id) AS biz, count(*)::int AS n
             FROM customers WHERE company_id = ?0 AND deleted_at IS NULL AND document_number LIKE ?4),
sto AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(name ORDER BY id) AS names, count(*)::int AS n
        FROM stores WHERE company_id = ?0 AND deleted_at IS NULL),
usr AS (SELECT coalesce(array_agg(id ORDER BY id), ARRAY[?1::bigint]) AS ids FROM users
        WHERE company_id = ?0 AND role IN ('user', 'secretary') AND deleted_at IS NULL),
seq AS (SELECT coalesce((SELECT last_value FROM document_sequences WHERE company_id = ?0 AND name = 'sale'), 0) AS last),
today AS (SELECT (now() AT TIME ZONE 'America/Bogota')::date AS d),
tot AS (SELECT g, sum(qty * price)::bigint AS sub, sum(disc)::bigint AS disc, sum(base)::bigint AS base,
          sum(vat)::bigint AS vat, sum(cost * qty)::bigint AS cost, sum(CASE WHEN svc THEN 0 ELSE base END)::bigint AS goods
        FROM bench_sale_lines GROUP BY g),
base AS (
  SELECT tot.*, a.ago, today.d - a.ago AS sd, (g * 2654435761) % 100 AS h, (g * 40503) % 100 AS h2,
    1 + (g * 104729) % cus.n AS ci
  FROM tot
  CROSS JOIN LATERAL (SELECT ((?2 - g) * 1095 / ?2 + (g * 7919) % 4)::int AS ago) AS a
  CROSS JOIN today CROSS JOIN cus),
priced AS (
  SELECT b.*, CASE WHEN cus.biz[b.ci] AND b.goods >= 52400000 THEN b.goods * 25 / 100000 * 100 ELSE 0 END AS wi,
    CASE WHEN ago > 30 THEN (CASE WHEN h2 < 2 THEN 'pending' WHEN h2 < 5 THEN 'rejected' ELSE 'approved' END)
         ELSE (CASE WHEN h2 < 40 THEN 'pending' WHEN h2 < 45 THEN 'rejected' ELSE 'approved' END) END AS approval,
    CASE WHEN ago > 120 THEN (CASE WHEN h < 85 THEN 'paid' WHEN h < 95 THEN 'partial' ELSE 'pending' END)
         WHEN ago > 30 THEN (CASE WHEN h < 50 THEN 'paid' WHEN h < 70 THEN 'partial' ELSE 'pending' END)
         ELSE (CASE WHEN h < 10 THEN 'paid' WHEN h < 25 THEN 'partial' ELSE 'pending' END) END AS pay
  FROM base AS b CROSS JOIN cus),
final AS (
  SELECT p.*, base + vat - wi AS total,
    CASE WHEN approval <> 'approved' OR pay = 'pending' THEN 0
         WHEN pay = 'paid' THEN base + vat - wi
         ELSE (base + vat - wi) * (10 + (g * 13) % 80) / 100 END AS paid,
    ((p.sd + time '08:00' + (g % 600) * interval '1 minute') AT TIME ZONE 'America/Bogota') AS created
  FROM priced AS p),
ins AS (
  INSERT INTO sales (company_id, number, sale_date, customer_id, customer_name, customer_reference, store_id, store_name,
    note, subtotal_cents, discount_cents, taxable_base_cents, vat_cents, invoice_cents, withholding_income_cents,
    withholding_income_rate, withholding_vat_cents, withholding_vat_rate, total_cents, cost_cents, paid_cents, return_cents,
    balance_cents, status, approval_status, approval_reason, approved_by, approved_at, created_by, created_at, updated_by, updated_at)
  SELECT ?0, 'VTA-' || lpad((seq.last + g)::text, 6, '0'), to_char(sd, 'YYYY-MM-DD'), cus.ids[ci], cus.names[ci],
    CASE WHEN g % 4 = 0 THEN 'OC-' || (100000 + g) ELSE '' END, sto.ids[1 + (g * 13) % sto.n], sto.names[1 + (g * 13) % sto.n],
    CASE WHEN g % 9 = 0 THEN 'Entrega a domicilio' ELSE '' END,
    sub, disc, base, vat, base + vat, wi, CASE WHEN wi > 0 THEN '2.5%' ELSE '' END, 0, '', total, cost, paid, 0, total - paid,
    CASE WHEN paid = 0 THEN 'pending' WHEN paid = total THEN 'paid' ELSE 'partial' END,
    approval, CASE WHEN approval = 'rejected' THEN 'El cliente canceló el pedido' ELSE '' END,
    CASE WHEN approval <> 'pending' THEN ?1::bigint END,
    CASE WHEN approval <> 'pending' THEN least(created + interval '4 hours', now()) END,
    usr.ids[1 + g % cardinality(usr.ids)], created, usr.ids[1 + g % cardinality(usr.ids)], created
  FROM final, cus, sto, usr, seq
  RETURNING id, number),
pr AS (SELECT array_agg(id ORDER BY code) AS ids FROM products WHERE company_id = ?0 AND code LIKE 'BP-%')
INSERT INTO sale_lines (sale_id, company_id, line_no, product_id, product_code, product_name, iva_class, kind, quantity,
  price_cents, cost_cents, subtotal_cents, discount_cents, base_cents, vat_cents)
SELECT ins.id, ?0, l.j, p.id, p.code, p.name, p.iva_class, p.kind, l.qty, l.price, l.cost, l.price * l.qty, l.disc, l.base, l.vat
FROM ins CROSS JOIN seq CROSS JOIN pr
JOIN bench_sale_lines AS l ON l.g = substr(ins.number, 5)::bigint - seq.last
JOIN products AS p ON p.id = pr.ids[1 + l.k]`

// sequenceSQL moves the company's sales sequence past the loaded numbers, so that a sale the
// API records afterwards gets the next one.
const sequenceSQL = `
INSERT INTO document_sequences (company_id, name, last_value)
SELECT ?0, 'sale', coalesce(max(substr(number, 5)::bigint), 0) FROM sales WHERE company_id = ?0
ON CONFLICT (company_id, name) DO UPDATE SET last_value = excluded.last_value`
