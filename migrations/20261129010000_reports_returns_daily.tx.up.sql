-- reports: returns on their own dates, purchase returns waiting for approval, refunds as money
-- back, and the daily aggregates the 1,000,000-document targets need (issue 12, "Fast").
--
-- The aggregates are tables the reports module owns, kept exact IN THE WRITE TRANSACTION by
-- triggers this migration puts on the owners' tables (purchases, purchase_lines, sales,
-- sale_lines, payments): whichever path writes a row — approval, rejection, payment, return,
-- delete, an archive or a restore that sets or clears deleted_at, a bulk load in SQL — the
-- trigger subtracts what the old row counted and adds what the new row counts, so no module
-- calls reports and nothing can be missed. A row counts under the same rule as the views:
-- documents approved and live, payments pending or approved and live. Rows whose counts fall
-- back to zero stay (the readers skip them). Each table is backfilled here from what exists.
--
-- The templates below are the statements both dialects run: "." is the trigger's row, OLD
-- (subtracted) or NEW (added). PostgreSQL runs them in one PL/pgSQL function per table, SQLite
-- in one trigger per event.
{{define "sign"}}{{if eq . "OLD"}}-1{{else}}1{{end}}{{end}}
{{define "purchase"}}
INSERT INTO report_document_days (company_id, day, store_id, type, n, subtotal_cents, discount_cents, shipping_cents,
    taxable_base_cents, base19_cents, base5_cents, base_exento_cents, base_excluido_cents, vat_cents, vat5_cents, invoice_cents,
    withholding_income_cents, withholding_vat_cents, total_cents, paid_cents, return_cents, balance_cents, cost_cents)
SELECT {{.}}.company_id, {{.}}.purchase_date, {{.}}.store_id, 'purchase', {{template "sign" .}},
    {{template "sign" .}} * {{.}}.subtotal_cents, {{template "sign" .}} * {{.}}.discount_cents, {{template "sign" .}} * {{.}}.shipping_cents,
    {{template "sign" .}} * {{.}}.taxable_base_cents, {{template "sign" .}} * ({{.}}.shipping_cents + l.b19), {{template "sign" .}} * l.b5,
    {{template "sign" .}} * l.bex, {{template "sign" .}} * l.bexc, {{template "sign" .}} * {{.}}.vat_cents, {{template "sign" .}} * l.v5,
    {{template "sign" .}} * {{.}}.invoice_cents, {{template "sign" .}} * {{.}}.withholding_income_cents,
    {{template "sign" .}} * {{.}}.withholding_vat_cents, {{template "sign" .}} * {{.}}.total_to_pay_cents, {{template "sign" .}} * {{.}}.paid_cents,
    {{template "sign" .}} * {{.}}.return_cents, {{template "sign" .}} * {{.}}.balance_cents, 0
FROM (SELECT COALESCE(SUM(CASE WHEN x.iva_class = '19' THEN x.base_cents ELSE 0 END), 0) AS b19,
        COALESCE(SUM(CASE WHEN x.iva_class = '5' THEN x.base_cents ELSE 0 END), 0) AS b5,
        COALESCE(SUM(CASE WHEN x.iva_class = 'exento' THEN x.base_cents ELSE 0 END), 0) AS bex,
        COALESCE(SUM(CASE WHEN x.iva_class = 'excluido' THEN x.base_cents ELSE 0 END), 0) AS bexc,
        COALESCE(SUM(CASE WHEN x.iva_class = '5' THEN x.iva_cents ELSE 0 END), 0) AS v5
    FROM purchase_lines x WHERE x.purchase_id = {{.}}.id) AS l
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
ON CONFLICT (company_id, day, store_id, type) DO UPDATE SET {{template "docsums"}};
INSERT INTO report_due_balances (company_id, type, store_id, due_date, n, balance_cents, positive_cents)
SELECT {{.}}.company_id, 'purchase', {{.}}.store_id, {{.}}.due_date, {{template "sign" .}}, {{template "sign" .}} * {{.}}.balance_cents,
    {{template "sign" .}} * (CASE WHEN {{.}}.balance_cents > 0 THEN {{.}}.balance_cents ELSE 0 END)
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
ON CONFLICT (company_id, type, store_id, due_date) DO UPDATE SET n = report_due_balances.n + excluded.n,
    balance_cents = report_due_balances.balance_cents + excluded.balance_cents,
    positive_cents = report_due_balances.positive_cents + excluded.positive_cents;
{{end}}
{{define "sale"}}
INSERT INTO report_document_days (company_id, day, store_id, type, n, subtotal_cents, discount_cents, shipping_cents,
    taxable_base_cents, base19_cents, base5_cents, base_exento_cents, base_excluido_cents, vat_cents, vat5_cents, invoice_cents,
    withholding_income_cents, withholding_vat_cents, total_cents, paid_cents, return_cents, balance_cents, cost_cents)
SELECT {{.}}.company_id, {{.}}.sale_date, {{.}}.store_id, 'sale', {{template "sign" .}},
    {{template "sign" .}} * {{.}}.subtotal_cents, {{template "sign" .}} * {{.}}.discount_cents, 0,
    {{template "sign" .}} * {{.}}.taxable_base_cents, {{template "sign" .}} * l.b19, {{template "sign" .}} * l.b5,
    {{template "sign" .}} * l.bex, {{template "sign" .}} * l.bexc, {{template "sign" .}} * {{.}}.vat_cents, {{template "sign" .}} * l.v5,
    {{template "sign" .}} * {{.}}.invoice_cents, {{template "sign" .}} * {{.}}.withholding_income_cents,
    {{template "sign" .}} * {{.}}.withholding_vat_cents, {{template "sign" .}} * {{.}}.total_cents, {{template "sign" .}} * {{.}}.paid_cents,
    {{template "sign" .}} * {{.}}.return_cents, {{template "sign" .}} * {{.}}.balance_cents, {{template "sign" .}} * {{.}}.cost_cents
FROM (SELECT COALESCE(SUM(CASE WHEN x.iva_class = '19' THEN x.base_cents ELSE 0 END), 0) AS b19,
        COALESCE(SUM(CASE WHEN x.iva_class = '5' THEN x.base_cents ELSE 0 END), 0) AS b5,
        COALESCE(SUM(CASE WHEN x.iva_class = 'exento' THEN x.base_cents ELSE 0 END), 0) AS bex,
        COALESCE(SUM(CASE WHEN x.iva_class = 'excluido' THEN x.base_cents ELSE 0 END), 0) AS bexc,
        COALESCE(SUM(CASE WHEN x.iva_class = '5' THEN x.vat_cents ELSE 0 END), 0) AS v5
    FROM sale_lines x WHERE x.sale_id = {{.}}.id) AS l
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
ON CONFLICT (company_id, day, store_id, type) DO UPDATE SET {{template "docsums"}};
INSERT INTO report_due_balances (company_id, type, store_id, due_date, n, balance_cents, positive_cents)
SELECT {{.}}.company_id, 'sale', {{.}}.store_id, {{.}}.sale_date, {{template "sign" .}}, {{template "sign" .}} * {{.}}.balance_cents,
    {{template "sign" .}} * (CASE WHEN {{.}}.balance_cents > 0 THEN {{.}}.balance_cents ELSE 0 END)
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
ON CONFLICT (company_id, type, store_id, due_date) DO UPDATE SET n = report_due_balances.n + excluded.n,
    balance_cents = report_due_balances.balance_cents + excluded.balance_cents,
    positive_cents = report_due_balances.positive_cents + excluded.positive_cents;
{{end}}
{{define "docsums"}}n = report_document_days.n + excluded.n,
    subtotal_cents = report_document_days.subtotal_cents + excluded.subtotal_cents,
    discount_cents = report_document_days.discount_cents + excluded.discount_cents,
    shipping_cents = report_document_days.shipping_cents + excluded.shipping_cents,
    taxable_base_cents = report_document_days.taxable_base_cents + excluded.taxable_base_cents,
    base19_cents = report_document_days.base19_cents + excluded.base19_cents,
    base5_cents = report_document_days.base5_cents + excluded.base5_cents,
    base_exento_cents = report_document_days.base_exento_cents + excluded.base_exento_cents,
    base_excluido_cents = report_document_days.base_excluido_cents + excluded.base_excluido_cents,
    vat_cents = report_document_days.vat_cents + excluded.vat_cents,
    vat5_cents = report_document_days.vat5_cents + excluded.vat5_cents,
    invoice_cents = report_document_days.invoice_cents + excluded.invoice_cents,
    withholding_income_cents = report_document_days.withholding_income_cents + excluded.withholding_income_cents,
    withholding_vat_cents = report_document_days.withholding_vat_cents + excluded.withholding_vat_cents,
    total_cents = report_document_days.total_cents + excluded.total_cents,
    paid_cents = report_document_days.paid_cents + excluded.paid_cents,
    return_cents = report_document_days.return_cents + excluded.return_cents,
    balance_cents = report_document_days.balance_cents + excluded.balance_cents,
    cost_cents = report_document_days.cost_cents + excluded.cost_cents{{end}}
{{/* A line's share of its document's VAT classes, while the document counts ("." is the line). */}}
{{define "purchase_line"}}
INSERT INTO report_document_days (company_id, day, store_id, type, n, subtotal_cents, discount_cents, shipping_cents,
    taxable_base_cents, base19_cents, base5_cents, base_exento_cents, base_excluido_cents, vat_cents, vat5_cents, invoice_cents,
    withholding_income_cents, withholding_vat_cents, total_cents, paid_cents, return_cents, balance_cents, cost_cents)
SELECT p.company_id, p.purchase_date, p.store_id, 'purchase', 0, 0, 0, 0, 0,
    {{template "sign" .}} * (CASE WHEN {{.}}.iva_class = '19' THEN {{.}}.base_cents ELSE 0 END),
    {{template "sign" .}} * (CASE WHEN {{.}}.iva_class = '5' THEN {{.}}.base_cents ELSE 0 END),
    {{template "sign" .}} * (CASE WHEN {{.}}.iva_class = 'exento' THEN {{.}}.base_cents ELSE 0 END),
    {{template "sign" .}} * (CASE WHEN {{.}}.iva_class = 'excluido' THEN {{.}}.base_cents ELSE 0 END), 0,
    {{template "sign" .}} * (CASE WHEN {{.}}.iva_class = '5' THEN {{.}}.iva_cents ELSE 0 END), 0, 0, 0, 0, 0, 0, 0, 0
FROM purchases p WHERE p.id = {{.}}.purchase_id AND p.deleted_at IS NULL AND p.approval_status = 'approved'
ON CONFLICT (company_id, day, store_id, type) DO UPDATE SET {{template "docsums"}};
{{end}}
{{define "sale_line"}}
INSERT INTO report_document_days (company_id, day, store_id, type, n, subtotal_cents, discount_cents, shipping_cents,
    taxable_base_cents, base19_cents, base5_cents, base_exento_cents, base_excluido_cents, vat_cents, vat5_cents, invoice_cents,
    withholding_income_cents, withholding_vat_cents, total_cents, paid_cents, return_cents, balance_cents, cost_cents)
SELECT s.company_id, s.sale_date, s.store_id, 'sale', 0, 0, 0, 0, 0,
    {{template "sign" .}} * (CASE WHEN {{.}}.iva_class = '19' THEN {{.}}.base_cents ELSE 0 END),
    {{template "sign" .}} * (CASE WHEN {{.}}.iva_class = '5' THEN {{.}}.base_cents ELSE 0 END),
    {{template "sign" .}} * (CASE WHEN {{.}}.iva_class = 'exento' THEN {{.}}.base_cents ELSE 0 END),
    {{template "sign" .}} * (CASE WHEN {{.}}.iva_class = 'excluido' THEN {{.}}.base_cents ELSE 0 END), 0,
    {{template "sign" .}} * (CASE WHEN {{.}}.iva_class = '5' THEN {{.}}.vat_cents ELSE 0 END), 0, 0, 0, 0, 0, 0, 0, 0
FROM sales s WHERE s.id = {{.}}.sale_id AND s.deleted_at IS NULL AND s.approval_status = 'approved'
ON CONFLICT (company_id, day, store_id, type) DO UPDATE SET {{template "docsums"}};
{{end}}
{{/* A payment counts pending or approved and live; a refund (money back from a supplier) counts
     against the payments out. Its store is its document's. */}}
{{define "payment"}}
INSERT INTO report_payment_days (company_id, day, store_id, type, approval_status, n, amount_cents)
SELECT {{.}}.company_id, {{.}}.payment_date,
    COALESCE(CASE WHEN {{.}}.type = 'purchase' THEN (SELECT p.store_id FROM purchases p WHERE p.id = {{.}}.document_id)
        ELSE (SELECT s.store_id FROM sales s WHERE s.id = {{.}}.document_id) END, 0),
    {{.}}.type, {{.}}.approval_status, {{template "sign" .}},
    {{template "sign" .}} * (CASE WHEN {{.}}.direction = 'refund' THEN -{{.}}.amount_cents ELSE {{.}}.amount_cents END)
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status IN ('pending', 'approved')
ON CONFLICT (company_id, day, store_id, type, approval_status) DO UPDATE SET n = report_payment_days.n + excluded.n,
    amount_cents = report_payment_days.amount_cents + excluded.amount_cents;
{{end}}

-- Approved returns, one row per return on its own date: the purchase returns approved and live
-- on approved, live purchases (their amount is what the purchase's balance fell by), and on the
-- sale side the sales' return_cents dated on the sale (no sales returns exist yet).
DROP VIEW report_returns;
--bun:split
CREATE VIEW report_returns AS
SELECT 'purchase' AS type, r.id, r.purchase_id AS document_id, p.reference_no AS document_number, p.company_id, p.store_id,
    p.supplier_id AS party_id, r.return_date, r.amount_cents
FROM purchase_returns r JOIN purchases p ON p.id = r.purchase_id
WHERE r.deleted_at IS NULL AND r.approval_status = 'approved' AND p.deleted_at IS NULL AND p.approval_status = 'approved'
UNION ALL
SELECT 'sale' AS type, s.id, s.id AS document_id, s.number AS document_number, s.company_id, s.store_id, s.customer_id AS party_id,
    s.sale_date AS return_date, s.return_cents AS amount_cents
FROM sales s
WHERE s.deleted_at IS NULL AND s.approval_status = 'approved' AND s.return_cents > 0;
--bun:split
-- A statement's returns per supplier, in date order.
CREATE INDEX report_purchase_returns_party_idx ON purchase_returns (supplier_id, return_date) WHERE deleted_at IS NULL AND approval_status = 'approved';
--bun:split
-- Payments: a refund (direction refund: the supplier gives money back against a credit) is money
-- in on a purchase, so it counts negative among the payments out and raises what the supplier
-- owes back to where its purchase's paid amount puts it.
DROP VIEW report_payments;
--bun:split
CREATE VIEW report_payments AS
SELECT y.id, y.company_id, y.type, y.document_id, y.document_number, y.party_id, y.party_name, y.payment_date,
    y.method, CASE WHEN y.direction = 'refund' THEN -y.amount_cents ELSE y.amount_cents END AS amount_cents,
    y.approval_status, y.created_by, y.approved_by,
    CASE WHEN y.type = 'purchase' THEN (SELECT p.store_id FROM purchases p WHERE p.id = y.document_id)
        ELSE (SELECT s.store_id FROM sales s WHERE s.id = y.document_id) END AS store_id
FROM payments y
WHERE y.deleted_at IS NULL AND y.approval_status IN ('pending', 'approved');
--bun:split
-- What waits for an administrator: purchase returns join as kind 'returns'.
DROP VIEW report_approvals;
--bun:split
CREATE VIEW report_approvals AS
SELECT 'purchases' AS kind, p.company_id FROM purchases p WHERE p.deleted_at IS NULL AND p.approval_status = 'pending'
UNION ALL
SELECT 'sales' AS kind, s.company_id FROM sales s WHERE s.deleted_at IS NULL AND s.approval_status = 'pending'
UNION ALL
SELECT 'payments' AS kind, y.company_id FROM payments y WHERE y.deleted_at IS NULL AND y.approval_status = 'pending'
UNION ALL
SELECT 'purchase_orders' AS kind, o.company_id FROM purchase_orders o WHERE o.deleted_at IS NULL AND o.status = 'pending'
UNION ALL
SELECT 'received_orders' AS kind, r.company_id FROM received_orders r WHERE r.deleted_at IS NULL AND r.status = 'pending'
UNION ALL
SELECT 'returns' AS kind, t.company_id FROM purchase_returns t WHERE t.deleted_at IS NULL AND t.approval_status = 'pending';
--bun:split
-- The approved, live documents per company, day (their business date), store and type, with
-- every sum report_documents gives (n counts them). Read by overview_chart, company_chart,
-- store_chart, sales_report, purchases_report, income_report and the dashboard.
CREATE TABLE report_document_days (
    company_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    store_id BIGINT NOT NULL,
    type TEXT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    subtotal_cents BIGINT NOT NULL DEFAULT 0,
    discount_cents BIGINT NOT NULL DEFAULT 0,
    shipping_cents BIGINT NOT NULL DEFAULT 0,
    taxable_base_cents BIGINT NOT NULL DEFAULT 0,
    base19_cents BIGINT NOT NULL DEFAULT 0,
    base5_cents BIGINT NOT NULL DEFAULT 0,
    base_exento_cents BIGINT NOT NULL DEFAULT 0,
    base_excluido_cents BIGINT NOT NULL DEFAULT 0,
    vat_cents BIGINT NOT NULL DEFAULT 0,
    vat5_cents BIGINT NOT NULL DEFAULT 0,
    invoice_cents BIGINT NOT NULL DEFAULT 0,
    withholding_income_cents BIGINT NOT NULL DEFAULT 0,
    withholding_vat_cents BIGINT NOT NULL DEFAULT 0,
    total_cents BIGINT NOT NULL DEFAULT 0,
    paid_cents BIGINT NOT NULL DEFAULT 0,
    return_cents BIGINT NOT NULL DEFAULT 0,
    balance_cents BIGINT NOT NULL DEFAULT 0,
    cost_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, day, store_id, type)
);
--bun:split
CREATE INDEX report_document_days_day_idx ON report_document_days (day);
--bun:split
-- The payments pending or approved and live per company, day, store (their document's), type
-- and approval status. Read by overview_chart, company_chart and store_chart.
CREATE TABLE report_payment_days (
    company_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    store_id BIGINT NOT NULL,
    type TEXT NOT NULL,
    approval_status TEXT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    amount_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, day, store_id, type, approval_status)
);
--bun:split
CREATE INDEX report_payment_days_day_idx ON report_payment_days (day);
--bun:split
-- What the approved, live documents owe per company, type, store and due date (a sale's own
-- date): n documents, Σ balances and Σ of the positive ones. Read by the dashboard's
-- receivables, payables and overdue.
CREATE TABLE report_due_balances (
    company_id BIGINT NOT NULL,
    type TEXT NOT NULL,
    store_id BIGINT NOT NULL,
    due_date TEXT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    balance_cents BIGINT NOT NULL DEFAULT 0,
    positive_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, type, store_id, due_date)
);
--bun:split
-- Backfill from what exists (the triggers keep them from here on).
INSERT INTO report_document_days (company_id, day, store_id, type, n, subtotal_cents, discount_cents, shipping_cents,
    taxable_base_cents, base19_cents, base5_cents, base_exento_cents, base_excluido_cents, vat_cents, vat5_cents, invoice_cents,
    withholding_income_cents, withholding_vat_cents, total_cents, paid_cents, return_cents, balance_cents, cost_cents)
SELECT d.company_id, d.doc_date, d.store_id, d.type, COUNT(*), SUM(d.subtotal_cents), SUM(d.discount_cents), SUM(d.shipping_cents),
    SUM(d.taxable_base_cents), SUM(d.base19_cents), SUM(d.base5_cents), SUM(d.base_exento_cents), SUM(d.base_excluido_cents),
    SUM(d.vat_cents), SUM(d.vat5_cents), SUM(d.invoice_cents), SUM(d.withholding_income_cents), SUM(d.withholding_vat_cents),
    SUM(d.total_cents), SUM(d.paid_cents), SUM(d.return_cents), SUM(d.balance_cents), SUM(d.cost_cents)
FROM report_documents d
GROUP BY d.company_id, d.doc_date, d.store_id, d.type;
--bun:split
INSERT INTO report_payment_days (company_id, day, store_id, type, approval_status, n, amount_cents)
SELECT y.company_id, y.payment_date, COALESCE(y.store_id, 0), y.type, y.approval_status, COUNT(*), SUM(y.amount_cents)
FROM report_payments y
GROUP BY y.company_id, y.payment_date, COALESCE(y.store_id, 0), y.type, y.approval_status;
--bun:split
INSERT INTO report_due_balances (company_id, type, store_id, due_date, n, balance_cents, positive_cents)
SELECT d.company_id, d.type, d.store_id, d.due_date, COUNT(*), SUM(d.balance_cents),
    SUM(CASE WHEN d.balance_cents > 0 THEN d.balance_cents ELSE 0 END)
FROM report_documents d
GROUP BY d.company_id, d.type, d.store_id, d.due_date;
--bun:split
{{if .PG}}
CREATE FUNCTION report_purchases_sync() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "purchase" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "purchase" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_purchases_sync AFTER INSERT OR UPDATE OR DELETE ON purchases FOR EACH ROW EXECUTE FUNCTION report_purchases_sync();
--bun:split
CREATE FUNCTION report_sales_sync() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "sale" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "sale" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_sales_sync AFTER INSERT OR UPDATE OR DELETE ON sales FOR EACH ROW EXECUTE FUNCTION report_sales_sync();
--bun:split
CREATE FUNCTION report_purchase_lines_sync() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "purchase_line" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "purchase_line" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_purchase_lines_sync AFTER INSERT OR UPDATE OR DELETE ON purchase_lines FOR EACH ROW EXECUTE FUNCTION report_purchase_lines_sync();
--bun:split
CREATE FUNCTION report_sale_lines_sync() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "sale_line" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "sale_line" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_sale_lines_sync AFTER INSERT OR UPDATE OR DELETE ON sale_lines FOR EACH ROW EXECUTE FUNCTION report_sale_lines_sync();
--bun:split
CREATE FUNCTION report_payments_sync() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "payment" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "payment" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_payments_sync AFTER INSERT OR UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION report_payments_sync();
{{else}}
CREATE TRIGGER report_purchases_insert AFTER INSERT ON purchases BEGIN {{template "purchase" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchases_update AFTER UPDATE ON purchases BEGIN {{template "purchase" "OLD"}} {{template "purchase" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchases_delete AFTER DELETE ON purchases BEGIN {{template "purchase" "OLD"}} END;
--bun:split
CREATE TRIGGER report_sales_insert AFTER INSERT ON sales BEGIN {{template "sale" "NEW"}} END;
--bun:split
CREATE TRIGGER report_sales_update AFTER UPDATE ON sales BEGIN {{template "sale" "OLD"}} {{template "sale" "NEW"}} END;
--bun:split
CREATE TRIGGER report_sales_delete AFTER DELETE ON sales BEGIN {{template "sale" "OLD"}} END;
--bun:split
CREATE TRIGGER report_purchase_lines_insert AFTER INSERT ON purchase_lines BEGIN {{template "purchase_line" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchase_lines_update AFTER UPDATE ON purchase_lines BEGIN {{template "purchase_line" "OLD"}} {{template "purchase_line" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchase_lines_delete AFTER DELETE ON purchase_lines BEGIN {{template "purchase_line" "OLD"}} END;
--bun:split
CREATE TRIGGER report_sale_lines_insert AFTER INSERT ON sale_lines BEGIN {{template "sale_line" "NEW"}} END;
--bun:split
CREATE TRIGGER report_sale_lines_update AFTER UPDATE ON sale_lines BEGIN {{template "sale_line" "OLD"}} {{template "sale_line" "NEW"}} END;
--bun:split
CREATE TRIGGER report_sale_lines_delete AFTER DELETE ON sale_lines BEGIN {{template "sale_line" "OLD"}} END;
--bun:split
CREATE TRIGGER report_payments_insert AFTER INSERT ON payments BEGIN {{template "payment" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payments_update AFTER UPDATE ON payments BEGIN {{template "payment" "OLD"}} {{template "payment" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payments_delete AFTER DELETE ON payments BEGIN {{template "payment" "OLD"}} END;
{{end}}
