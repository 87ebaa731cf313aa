package benchkit

// The master data the benches load with SQL (generate_series) before their documents or lists:
// stores, categories, products and customers of a company. Each bench runs them in its own load
// transaction with its company and sizes.

// StoreSQL adds a store to a company (?0, name ?1, at ?2) unless one of that name is there.
const StoreSQL = `
INSERT INTO stores (company_id, name, created_at, updated_at)
SELECT ?0, ?1, ?2, ?2 WHERE NOT EXISTS
  (SELECT 1 FROM stores WHERE company_id = ?0 AND lower(name) = lower(?1) AND deleted_at IS NULL)`

// DocCategoriesSQL adds n categories ("Compras 01"…) to a company (?0; creator ?1; n ?2): those
// of DocProductsSQL.
const DocCategoriesSQL = `
INSERT INTO categories (company_id, name, created_by, updated_by, created_at, updated_at)
SELECT ?0, 'Compras ' || lpad(g::text, 2, '0'), ?1, ?1, now(), now() FROM generate_series(1, ?2) AS g`

// DocProductsSQL adds n products (codes BP-0000…) to a company (?0; creator ?1; n ?2; categories
// ?3), the products the document benches' lines name. Product k (0-based, in code order) costs
// (10 + k mod 990)·10,000 centavos, sells at 1.3 times that, holds 100 units (alert at 10), is a
// service every tenth and has IVA class k mod 4 (19, 5, exento, excluido) — the benches price
// their lines with these rules.
const DocProductsSQL = `
WITH cats AS (SELECT array_agg(id ORDER BY id) AS ids FROM categories WHERE company_id = ?0 AND name LIKE 'Compras %'),
words AS (SELECT
  ARRAY['Arroz','Café','Leche','Aceite','Azúcar','Panela','Fríjol','Atún','Chocolate','Harina',
        'Pasta','Jabón','Detergente','Gaseosa','Galletas','Queso','Huevos','Avena','Sal','Papel'] AS noun)
INSERT INTO products (company_id, category_id, code, name, unit, cost_cents, price_cents, quantity,
  alert_quantity, iva_class, kind, created_by, updated_by, created_at, updated_at)
SELECT ?0, cats.ids[1 + k % ?3], 'BP-' || lpad(k::text, 4, '0'),
  words.noun[1 + (k * 7) % 20] || ' referencia ' || k, 'und', (10 + k % 990) * 10000, (10 + k % 990) * 13000, 100, 10,
  (ARRAY['19','5','exento','excluido'])[1 + k % 4], CASE WHEN k % 10 = 9 THEN 'service' ELSE 'goods' END,
  ?1, ?1, now(), now()
FROM generate_series(0, ?2 - 1) AS k, cats, words`

// CustomersSQL adds n approved customers (every tenth pending) to a company (?0; document number
// prefix ?1; creator ?2; n ?3), with Spanish names (first name and two surnames), Colombian
// cities and unique document numbers; every third is a legal entity (persona jurídica with a
// NIT and a company name "<surname> Comercial S.A.S."), every fifth a declarante. The names
// repeat: the multipliers cycle with period 120.
const CustomersSQL = `
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
