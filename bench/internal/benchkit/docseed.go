package benchkit

// The document benches' bulk loads in SQL (generate_series), shared by bench/purchaselist,
// bench/salelist and bench/reports, which loads both on one database.

// The document benches' master data per company (AddDocMaster): stores (added unless present;
// the demo's own two stores buy and sell too), categories and products.
var (
	DemoStores  = []string{"Bodega Principal", "Sede Norte", "Sede Sur", "Punto Chapinero"}
	OtherStores = []string{"Bodega Medellín", "Sede El Poblado"}
)

// DocProducts and DocCategories are how many products and categories each company gets.
const DocProducts, DocCategories = 1000, 20

// Purchases (bench/purchaselist's load).

// PurchaseBenchRefs selects the purchases this bench loads (references FV- and FC-).
const PurchaseBenchRefs = "(reference_no LIKE 'FV-%' OR reference_no LIKE 'FC-%')"

// SuppliersSQL adds n approved suppliers (companies with a NIT) to a company.
const SuppliersSQL = `
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

// PurchasesSQL adds n purchases to a company (?0; admin ?1; n ?2; products ?3; reference prefix
// ?4; received-order id base ?5). Purchase g:
//   - is dated over the last three years (newer g, newer date; ~n/1095 purchases a day, a few
//     days of jitter), entered the same day, with 8 to 90 days of credit;
//   - has 1 + (g·31 mod 5) lines (PurchaseLinesSQL writes them with the same formulas): line j buys
//     product k = (7g + 13j) mod products at cost (10 + (37g + 101j) mod 990)·10,000 centavos,
//     quantity 1 + (3g + 7j) mod 24, VAT by the product's class;
//   - ReteFuente 2.5 % on every third purchase, ReteIVA 15 % on every tenth, shipping on every
//     tenth;
//   - approval: older than 30 days 96 % approved, 3 % rejected, 1 % pending; newer 60 / 5 / 35 %;
//   - payment status by age: older than 120 days mostly paid, the last month mostly pending;
//     partial payments pay 10–89 %; "received" purchases come from a received order (ids only:
//     the list never reads received orders) and have nothing paid;
//   - supplier and store spread over the company's, names copied as the product does.
const PurchasesSQL = `
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

// PurchaseLinesSQL writes the lines of a company's purchases (?0; products ?1) by PurchasesSQL's formulas;
// g is read back from the reference number.
const PurchaseLinesSQL = `
WITH pr AS (SELECT array_agg(id ORDER BY code) AS ids FROM products WHERE company_id = ?0 AND code LIKE 'BP-%'),
pu AS (SELECT id, substr(reference_no, 4)::bigint AS g, purchase_date FROM purchases WHERE company_id = ?0 AND ` + PurchaseBenchRefs + `)
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

// Sales (bench/salelist's load).

// The load's statements take the same arguments: company ?0, admin ?1, sales ?2, products ?3,
// the LIKE pattern of the company's bench customers' document numbers ?4.

// SaleLinesDraftSQL computes the lines of a company's n sales once, in a temporary table that the
// sales' totals and the sale_lines rows are both read from. Sale g has 1 + (g·31 mod 4) lines;
// line j sells product k = (7g + 13j) mod products (DocProductsSQL's: cost (10 + k mod 990)·10,000
// centavos, price 1.3 times that, IVA class k mod 4, a service every tenth) at its price,
// quantity 1 + (3g + 7j) mod 12, with a 5 % discount on the first line of every seventh sale;
// VAT by class on the line's base (price × quantity − discount), in whole pesos.
const SaleLinesDraftSQL = `
CREATE TEMPORARY TABLE bench_sale_lines AS
SELECT g, j, k, x.qty, x.price, x.cost, x.cls, x.svc, x.disc, x.price * x.qty - x.disc AS base,
  (x.price * x.qty - x.disc) * (CASE x.cls WHEN 0 THEN 19 WHEN 1 THEN 5 ELSE 0 END) / 10000 * 100 AS vat
FROM generate_series(1::bigint, ?2) AS g
CROSS JOIN LATERAL generate_series(1, 1 + (g * 31) % 4) AS j
CROSS JOIN LATERAL (SELECT (g * 7 + j * 13) % ?3 AS k) AS kk
CROSS JOIN LATERAL (SELECT 1 + (g * 3 + j * 7) % 12 AS qty, (10 + k % 990) * 13000 AS price, (10 + k % 990) * 10000 AS cost,
  k % 4 AS cls, k % 10 = 9 AS svc,
  CASE WHEN g % 7 = 0 AND j = 1 THEN (10 + k % 990) * 13000 * (1 + (g * 3 + j * 7) % 12) * 5 / 10000 * 100 ELSE 0 END AS disc) AS x`

// SalesSQL inserts a company's n sales from the drafted lines, then their lines. Sale g:
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
const SalesSQL = `
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

// SaleSequenceSQL moves the company's sales sequence past the loaded numbers, so that a sale the
// API records afterwards gets the next one.
const SaleSequenceSQL = `
INSERT INTO document_sequences (company_id, name, last_value)
SELECT ?0, 'sale', coalesce(max(substr(number, 5)::bigint), 0) FROM sales WHERE company_id = ?0
ON CONFLICT (company_id, name) DO UPDATE SET last_value = excluded.last_value`
