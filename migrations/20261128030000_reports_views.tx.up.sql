-- The reports module's views (DESIGN rule 5: reports read SQL views they own, never another
-- module's store). Each view is the one place that knows how the owners' tables are laid out;
-- modules/reports reads only these names. Plain views for now: the daily aggregates the
-- 1,000,000-document targets need will sit behind the same names (see modules/reports' doc).

-- The money documents that count: approved, live purchases and sales, in one shape. party is
-- the supplier (purchase) or the customer (sale); total_cents is what the party owes or is owed
-- (a purchase's total to pay, a sale's total after the customer's withholdings); due_date is a
-- sale's own date (a sale is due at once). VAT by class: 5 % is Σ its lines' VAT, 19 % the
-- rest (shipping, billed by the supplier, is taxed at 19 %); the bases likewise, shipping in 19.
CREATE VIEW report_documents AS
SELECT 'purchase' AS type, p.id, p.company_id, p.store_id, p.supplier_id AS party_id, p.supplier_name AS party_name,
    p.reference_no AS number, p.purchase_date AS doc_date, p.due_date,
    p.subtotal_cents, p.discount_cents, p.shipping_cents, p.taxable_base_cents, p.vat_cents, p.invoice_cents,
    p.withholding_income_cents, p.withholding_vat_cents, p.total_to_pay_cents AS total_cents,
    p.paid_cents, p.return_cents, p.balance_cents, 0 AS cost_cents, p.created_by, p.approved_by,
    p.shipping_cents + COALESCE((SELECT SUM(l.base_cents) FROM purchase_lines l WHERE l.purchase_id = p.id AND l.iva_class = '19'), 0) AS base19_cents,
    COALESCE((SELECT SUM(l.base_cents) FROM purchase_lines l WHERE l.purchase_id = p.id AND l.iva_class = '5'), 0) AS base5_cents,
    COALESCE((SELECT SUM(l.base_cents) FROM purchase_lines l WHERE l.purchase_id = p.id AND l.iva_class = 'exento'), 0) AS base_exento_cents,
    COALESCE((SELECT SUM(l.base_cents) FROM purchase_lines l WHERE l.purchase_id = p.id AND l.iva_class = 'excluido'), 0) AS base_excluido_cents,
    COALESCE((SELECT SUM(l.iva_cents) FROM purchase_lines l WHERE l.purchase_id = p.id AND l.iva_class = '5'), 0) AS vat5_cents
FROM purchases p
WHERE p.deleted_at IS NULL AND p.approval_status = 'approved'
UNION ALL
SELECT 'sale' AS type, s.id, s.company_id, s.store_id, s.customer_id AS party_id, s.customer_name AS party_name,
    s.number, s.sale_date AS doc_date, s.sale_date AS due_date,
    s.subtotal_cents, s.discount_cents, 0 AS shipping_cents, s.taxable_base_cents, s.vat_cents, s.invoice_cents,
    s.withholding_income_cents, s.withholding_vat_cents, s.total_cents,
    s.paid_cents, s.return_cents, s.balance_cents, s.cost_cents, s.created_by, s.approved_by,
    COALESCE((SELECT SUM(l.base_cents) FROM sale_lines l WHERE l.sale_id = s.id AND l.iva_class = '19'), 0) AS base19_cents,
    COALESCE((SELECT SUM(l.base_cents) FROM sale_lines l WHERE l.sale_id = s.id AND l.iva_class = '5'), 0) AS base5_cents,
    COALESCE((SELECT SUM(l.base_cents) FROM sale_lines l WHERE l.sale_id = s.id AND l.iva_class = 'exento'), 0) AS base_exento_cents,
    COALESCE((SELECT SUM(l.base_cents) FROM sale_lines l WHERE l.sale_id = s.id AND l.iva_class = 'excluido'), 0) AS base_excluido_cents,
    COALESCE((SELECT SUM(l.vat_cents) FROM sale_lines l WHERE l.sale_id = s.id AND l.iva_class = '5'), 0) AS vat5_cents
FROM sales s
WHERE s.deleted_at IS NULL AND s.approval_status = 'approved';

-- Live payments, pending and approved (a rejected one moved no money and is left out), with the
-- store of the document they settle so that the store filter reaches them.
CREATE VIEW report_payments AS
SELECT y.id, y.company_id, y.type, y.document_id, y.document_number, y.party_id, y.party_name, y.payment_date,
    y.method, y.amount_cents, y.approval_status, y.created_by, y.approved_by,
    CASE WHEN y.type = 'purchase' THEN (SELECT p.store_id FROM purchases p WHERE p.id = y.document_id)
        ELSE (SELECT s.store_id FROM sales s WHERE s.id = y.document_id) END AS store_id
FROM payments y
WHERE y.deleted_at IS NULL AND y.approval_status IN ('pending', 'approved');

-- Approved returns, one row per return, dated. The seam for the returns module being built:
-- until its table exists, a document's approved returns are its return_cents, dated on the
-- document's own date (the only date there is). When purchase returns land, this view is
-- redefined over them (one row per approved return, its own date) and nothing else changes.
CREATE VIEW report_returns AS
SELECT d.type, d.id, d.id AS document_id, d.number AS document_number, d.company_id, d.store_id, d.party_id,
    d.doc_date AS return_date, d.return_cents AS amount_cents
FROM report_documents d
WHERE d.return_cents > 0;

-- Stock and what is on order: live goods with their open purchase-order quantity (approved or
-- partly received orders, less what they have received).
CREATE VIEW report_products AS
SELECT p.id, p.company_id, p.code, p.name, p.unit, p.kind, p.quantity, p.alert_quantity, p.cost_cents, p.price_cents,
    COALESCE((SELECT SUM(o.quantity - o.received_quantity) FROM purchase_orders o
        WHERE o.product_id = p.id AND o.deleted_at IS NULL AND o.status IN ('approved', 'partially_received')), 0) AS on_order
FROM products p
WHERE p.deleted_at IS NULL;

-- The parties: live customers and suppliers in one shape.
CREATE VIEW report_parties AS
SELECT 'sale' AS type, c.id, c.company_id, c.name FROM customers c WHERE c.deleted_at IS NULL
UNION ALL
SELECT 'purchase' AS type, s.id, s.company_id, s.name FROM suppliers s WHERE s.deleted_at IS NULL;

-- What waits for an administrator's decision, one row per record: the dashboard counts them per
-- kind. Purchase returns join here (kind 'returns') when their table lands.
CREATE VIEW report_approvals AS
SELECT 'purchases' AS kind, p.company_id FROM purchases p WHERE p.deleted_at IS NULL AND p.approval_status = 'pending'
UNION ALL
SELECT 'sales' AS kind, s.company_id FROM sales s WHERE s.deleted_at IS NULL AND s.approval_status = 'pending'
UNION ALL
SELECT 'payments' AS kind, y.company_id FROM payments y WHERE y.deleted_at IS NULL AND y.approval_status = 'pending'
UNION ALL
SELECT 'purchase_orders' AS kind, o.company_id FROM purchase_orders o WHERE o.deleted_at IS NULL AND o.status = 'pending'
UNION ALL
SELECT 'received_orders' AS kind, r.company_id FROM received_orders r WHERE r.deleted_at IS NULL AND r.status = 'pending';

-- Names of the companies and stores the charts compare (company_id on both, for the scope).
CREATE VIEW report_companies AS
SELECT c.id, c.id AS company_id, c.name FROM companies c WHERE c.deleted_at IS NULL;
CREATE VIEW report_stores AS
SELECT s.id, s.company_id, s.name FROM stores s WHERE s.deleted_at IS NULL;

-- Users with their last sign-in (the newest session that passed the password and any second
-- factor), for users_report.
CREATE VIEW report_users AS
SELECT u.id, u.company_id, u.username, u.first_name, u.last_name, u.role,
    (SELECT MAX(x.created_at) FROM sessions x WHERE x.user_id = u.id AND x.state = 'active') AS last_sign_in_at
FROM users u
WHERE u.deleted_at IS NULL;

-- The lines of the approved, live documents: what was bought (base after the prorated
-- discount) and sold (base after the line's discount, and the unit cost the sale line kept).
CREATE VIEW report_lines AS
SELECT 'purchase' AS type, p.company_id, p.store_id, p.purchase_date AS doc_date, l.product_id, l.quantity,
    l.base_cents AS amount_cents, l.base_cents AS cost_cents, l.expiry_date
FROM purchase_lines l JOIN purchases p ON p.id = l.purchase_id
WHERE p.deleted_at IS NULL AND p.approval_status = 'approved'
UNION ALL
SELECT 'sale' AS type, s.company_id, s.store_id, s.sale_date AS doc_date, l.product_id, l.quantity,
    l.base_cents AS amount_cents, l.cost_cents * l.quantity AS cost_cents, '' AS expiry_date
FROM sale_lines l JOIN sales s ON s.id = l.sale_id
WHERE s.deleted_at IS NULL AND s.approval_status = 'approved';

-- The lots of goods with an expiry date: the approved, live purchases' lines, newest first per
-- product is how product_expiry_alert gives today's stock to them (first in, first out).
CREATE VIEW report_lots AS
SELECT l.id, p.company_id, l.product_id, p.purchase_date AS doc_date, l.expiry_date, l.quantity, l.base_cents
FROM purchase_lines l JOIN purchases p ON p.id = l.purchase_id
WHERE p.deleted_at IS NULL AND p.approval_status = 'approved' AND l.kind = 'goods' AND l.expiry_date <> '';
