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
	productsPerCompany            = 1000
	categoriesPerCompany          = 20
)

// The companies' stores (added unless present).
var (
	demoStores  = []string{"Bodega Principal", "Sede Norte", "Sede Sur", "Punto Chapinero"}
	otherStores = []string{"Bodega Medellín", "Sede El Poblado"}
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
			n, suppliers, stores, refPrefix, receivedBase := want.Demo, suppliersDemo, demoStores, "FV-", int64(0)
			if !demo {
				n, suppliers, stores, refPrefix, receivedBase = want.Other, suppliersOther, otherStores, "FC-", 100_000_000
			}
			if err := benchkit.AddDocMaster(ctx, tx, id, t.Admin, stores, categoriesPerCompany, productsPerCompany); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, suppliersSQL, id, t.Admin, suppliers); err != nil {
				return fmt.Errorf("suppliers: %w", err)
			}
			t0 := time.Now()
			if _, err := tx.ExecContext(ctx, purchasesSQL, id, t.Admin, n, productsPerCompany, refPrefix, receivedBase); err != nil {
				return fmt.Errorf("purchases: %w", err)
			}
			t1 := time.Now()
			if _, err := tx.ExecContext(ctx, linesSQL, id, productsPerCompany); err != nil {
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
		(SELECT count(*) FROM purchases WHERE company_id = ? AND deleted_at IS NULL AND `+benchRefs+`),
		(SELECT count(*) FROM purchases WHERE company_id = ? AND deleted_at IS NULL),
		(SELECT count(*) FROM (SELECT 1 FROM purchase_lines LIMIT 1) AS l)`,
		t.Company, t.Other).Scan(ctx, &got.Demo, &got.Other, &lines)
	if err == nil && (got != want || lines == 0) {
		err = fmt.Errorf("the database holds %+v purchases, not %+v: run with -fresh", got, want)
	}
	return err
}

// benchRefs selects the purchases this bench loads (references FV- and FC-).
const benchRefs = "(reference_no LIKE 'FV-%' OR reference_no LIKE 'FC-%')"

// suppliersSQL adds n approved suppliers (companies with a NIT) to a company.
const suppliersSQL = `
WITH words AS (SELECT
  ARRAY['Distribuidora','Comercializadora','Inversiones','Importadora','Alimentos','Suministros',
        'Agroindustrial','Papelería','Ferretería','Lácteos','Frigorífico','Droguería'] AS kind,
  ARRAY['del Valle','Andina','La Sabana','El Dorado','Antioquia','del Caribe','Santander','del Pacífico',
        'Los Andes','Bogotá','Nariño','Boyacá','del Llano','Cafetera','del Sinú'] AS place,
  ARRAY['Bogotá','Medellín','Cali','Barranquilla','Cartagena','Bucaramanga','Pereira','Manizales'] AS city)
INSERT INTO suppliers (company_id, name, company, email, phone, city, address, person_type, declarante,
  iva_responsible, document_type, document_number, approval_status, approved_by, approved_at,
  created_by, created_at, updated_by, updated_at)
SELECT ?0,
  words.kind[1 + (g * 7) % 12] || ' ' || words.place[1 + (g * 11) % 15] || ' ' || g || ' S.A.S.',
  words.kind[1 + (g * 7) % 12] || ' ' || words.place[1 + (g * 11) % 15] || ' S.A.S.',
  'compras' || g || '@proveedor.co', '60' || lpad(((g * 7919) % 100000000)::text, 8, '0'),
  words.city[1 + g % 8], 'Carrera ' || (g % 80) || ' # ' || (g % 100) || '-' || (g % 50),
  'juridica', TRUE, g % 4 <> 0, 'NIT', '9' || lpad(g::text, 8, '0'),
  'approved', ?1, now(), ?1, now(), ?1, now()
FROM generate_series(1, ?2) AS g, words`

// purchasesSQL adds n purchases to a company (?0; admin ?1; n ?2; products ?3; reference prefix
// ?4; received-order id base ?5). Purchase g:
//   - is dated over the last three years (newer g, newer date; ~n/1095 purchases a day, a few
//     days of jitter), entered the same day, with 8 to 90 days of credit;
//   - has 1 + (g·31 mod 5) lines (linesSQL writes them with the same formulas): line j buys
//     product k = (7g + 13j) mod products at cost (10 + (37g + 101j) mod 990)·10,000 centavos,
//     quantity 1 + (3g + 7j) mod 24, VAT by the product's class;
//   - ReteFuente 2.5 % on every third purchase, ReteIVA 15 % on every tenth, shipping on every
//     tenth;
//   - approval: older than 30 days 96 % approved, 3 % rejected, 1 % pending; newer 60 / 5 / 35 %;
//   - payment status by age: older than 120 days mostly paid, the last month mostly pending;
//     partial payments pay 10–89 %; "received" purchases come from a received order (ids only:
//     the list never reads received orders) and have nothing paid;
//   - supplier and store spread over the company's, names copied as the product does.
const purchasesSQL = `
WITH sup AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(name ORDER BY id) AS names, count(*)::int AS n
             FROM suppliers WHERE company_id = ?0 AND deleted_at IS NULL),
sto AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(name ORDER BY id) AS names, count(*)::int AS n
        FROM stores WHERE company_id = ?0 AND deleted_at IS NULL),
usr AS (SELECT coalesce(array_agg(id ORDER BY id), ARRAY[?1::bigint]) AS ids FROM users
        WHERE company_id = ?0 AND role IN ('admin', 'user', 'secretary')),
today AS (SELECT (now() AT TIME ZONE 'America/Bogota')::date AS d),
base AS (
  SELECT g, ago, today.d - ago AS pd, (g * 2654435761) % 100 AS h, (g * 40503) % 100 AS h2,
    (ARRAY[8, 15, 30, 30, 45, 60, 90])[1 + g % 7] AS credit,
    CASE WHEN g % 10 = 0 THEN 1500000 ELSE 0 END AS ship, t.sub, t.taxable, t.vat
  FROM generate_series(1::bigint, ?2) AS g
  CROSS JOIN LATERAL (SELECT ((?2 - g) * 1095 / ?2 + (g * 7919) % 4)::int AS ago) AS a
  CROSS JOIN today
  CROSS JOIN LATERAL (
    SELECT sum(x.sub)::bigint AS sub, sum(CASE WHEN x.cls < 3 THEN x.sub ELSE 0 END)::bigint AS taxable,
      sum(x.sub * (CASE x.cls WHEN 0 THEN 19 WHEN 1 THEN 5 ELSE 0 END) / 100)::bigint AS vat
    FROM generate_series(1, 1 + (g * 31) % 5) AS j,
      LATERAL (SELECT ((g * 7 + j * 13) % ?3) % 4 AS cls,
                      (10 + (g * 37 + j * 101) % 990) * 10000 * (1 + (g * 3 + j * 7) % 24) AS sub) AS x) AS t),
priced AS (
  SELECT b.*,
    CASE WHEN g % 3 = 0 THEN round(sub * 0.025)::bigint ELSE 0 END AS wi,
    CASE WHEN g % 10 = 0 THEN (vat * 15 / 100)::bigint ELSE 0 END AS wv,
    CASE WHEN ago > 30 THEN (CASE WHEN h2 < 1 THEN 'pending' WHEN h2 < 4 THEN 'rejected' ELSE 'approved' END)
         ELSE (CASE WHEN h2 < 35 THEN 'pending' WHEN h2 < 40 THEN 'rejected' ELSE 'approved' END) END AS approval,
    CASE WHEN ago > 120 THEN (CASE WHEN h < 85 THEN 'paid' WHEN h < 90 THEN 'partial' WHEN h < 96 THEN 'pending' ELSE 'received' END)
         WHEN ago > 30 THEN (CASE WHEN h < 50 THEN 'paid' WHEN h < 70 THEN 'partial' WHEN h < 90 THEN 'pending' ELSE 'received' END)
         ELSE (CASE WHEN h < 10 THEN 'paid' WHEN h < 25 THEN 'partial' WHEN h < 85 THEN 'pending' ELSE 'received' END) END AS pay
  FROM base AS b),
final AS (
  SELECT p.*, sub + vat + ship - wi - wv AS total,
    CASE WHEN approval <> 'approved' OR pay IN ('pending', 'received') THEN 0
         WHEN pay = 'paid' THEN sub + vat + ship - wi - wv
         ELSE (sub + vat + ship - wi - wv) * (10 + (g * 13) % 80) / 100 END AS paid,
    CASE WHEN approval <> 'approved' AND pay <> 'received' THEN 'pending'
         WHEN approval <> 'approved' THEN 'received' ELSE pay END AS status,
    ((p.pd + time '08:00' + (g % 600) * interval '1 minute') AT TIME ZONE 'America/Bogota') AS created
  FROM priced AS p)
INSERT INTO purchases (company_id, store_id, supplier_id, supplier_name, store_name, reference_no,
  purchase_date, days_of_credit, due_date, note, shipping_carrier, shipping_cents, discount_cents,
  return_cents, subtotal_cents, taxable_base_cents, vat_cents, invoice_cents, withholding_income_cents,
  withholding_vat_cents, withholding_income_rate, withholding_vat_rate, total_to_pay_cents, paid_cents,
  balance_cents, status, received_order_id, approval_status, approval_reason, approved_by, approved_at,
  created_by, created_at, updated_by, updated_at)
SELECT ?0, sto.ids[1 + (g * 13) % sto.n], sup.ids[1 + (g * 104729) % sup.n], sup.names[1 + (g * 104729) % sup.n],
  sto.names[1 + (g * 13) % sto.n], ?4 || lpad(g::text, 7, '0'),
  to_char(pd, 'YYYY-MM-DD'), credit, to_char(pd + credit, 'YYYY-MM-DD'),
  CASE WHEN g % 7 = 0 THEN 'Factura electrónica recibida por correo' ELSE '' END,
  CASE WHEN ship > 0 THEN (ARRAY['Servientrega','Coordinadora','Envía','TCC'])[1 + g % 4] ELSE '' END,
  ship, 0, 0, sub, taxable, vat, sub + vat + ship, wi, wv,
  CASE WHEN wi > 0 THEN '2.5' ELSE '' END, CASE WHEN wv > 0 THEN '15' ELSE '' END,
  total, paid, total - paid, status,
  CASE WHEN status = 'received' THEN ?5 + g END,
  approval, CASE WHEN approval = 'rejected' THEN 'El valor no coincide con la factura' ELSE '' END,
  CASE WHEN approval <> 'pending' THEN ?1::bigint END,
  CASE WHEN approval <> 'pending' THEN least(created + interval '4 hours', now()) END,
  usr.ids[1 + g % cardinality(usr.ids)], created, usr.ids[1 + g % cardinality(usr.ids)], created
FROM final, sup, sto, usr`

// linesSQL writes the lines of a company's purchases (?0; products ?1) by purchasesSQL's formulas;
// g is read back from the reference number.
const linesSQL = `
WITH pr AS (SELECT array_agg(id ORDER BY code) AS ids FROM products WHERE company_id = ?0 AND code LIKE 'BP-%'),
pu AS (SELECT id, substr(reference_no, 4)::bigint AS g, purchase_date FROM purchases WHERE company_id = ?0 AND ` + benchRefs + `)
INSERT INTO purchase_lines (purchase_id, company_id, line_no, category_id, product_id, category_name,
  product_code, product_name, iva_class, kind, expiry_date, cost_cents, quantity, subtotal_cents,
  discount_cents, base_cents, iva_cents)
SELECT pu.id, ?0, j, p.category_id, p.id, c.name, p.code, p.name, p.iva_class, p.kind,
  CASE WHEN p.kind = 'goods' AND (pu.g + j) % 3 = 0 THEN to_char(pu.purchase_date::date + 365, 'YYYY-MM-DD') ELSE '' END,
  x.cost, x.qty, x.cost * x.qty, 0,
  CASE WHEN x.cls < 3 THEN x.cost * x.qty ELSE 0 END,
  x.cost * x.qty * (CASE x.cls WHEN 0 THEN 19 WHEN 1 THEN 5 ELSE 0 END) / 100
FROM pu
CROSS JOIN LATERAL generate_series(1, 1 + (pu.g * 31) % 5) AS j
CROSS JOIN LATERAL (SELECT (pu.g * 7 + j * 13) % ?1 AS k, ((pu.g * 7 + j * 13) % ?1) % 4 AS cls,
                           (10 + (pu.g * 37 + j * 101) % 990) * 10000 AS cost, 1 + (pu.g * 3 + j * 7) % 24 AS qty) AS x
CROSS JOIN pr
JOIN products AS p ON p.id = pr.ids[1 + x.k]
JOIN categories AS c ON c.id = p.category_id`
