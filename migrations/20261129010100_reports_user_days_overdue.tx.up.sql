-- reports: what each user recorded and approved per day (users_report), kept in the write
-- transaction like 20261129010000_reports_returns_daily's aggregates: triggers on purchases,
-- sales and payments subtract what the old row counted and add what the new row counts. An
-- approved, live document counts for its creator (role created) and its approver (role
-- approved) with its total to pay; an approved, live payment likewise, a refund negative (as
-- report_payments gives it). And report_payments tells whether its document counts
-- (document_counted), so that a statement need not look the payment's document up among
-- every document. And the purchases that still owe something, by due date, for the payables
-- ageing (expired_purchases_report, the dashboard's overdue): a few percent of the purchases.
{{define "sign"}}{{if eq . "OLD"}}-1{{else}}1{{end}}{{end}}
{{define "upsert"}}ON CONFLICT (company_id, day, store_id, user_id, kind, role) DO UPDATE SET n = report_user_days.n + excluded.n,
    amount_cents = report_user_days.amount_cents + excluded.amount_cents;{{end}}
{{define "purchase"}}
INSERT INTO report_user_days (company_id, day, store_id, user_id, kind, role, n, amount_cents)
SELECT {{.}}.company_id, {{.}}.purchase_date, {{.}}.store_id, {{.}}.created_by, 'purchase', 'created', {{template "sign" .}},
    {{template "sign" .}} * {{.}}.total_to_pay_cents
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved' AND {{.}}.created_by IS NOT NULL
{{template "upsert"}}
INSERT INTO report_user_days (company_id, day, store_id, user_id, kind, role, n, amount_cents)
SELECT {{.}}.company_id, {{.}}.purchase_date, {{.}}.store_id, {{.}}.approved_by, 'purchase', 'approved', {{template "sign" .}},
    {{template "sign" .}} * {{.}}.total_to_pay_cents
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved' AND {{.}}.approved_by IS NOT NULL
{{template "upsert"}}
{{end}}
{{define "sale"}}
INSERT INTO report_user_days (company_id, day, store_id, user_id, kind, role, n, amount_cents)
SELECT {{.}}.company_id, {{.}}.sale_date, {{.}}.store_id, {{.}}.created_by, 'sale', 'created', {{template "sign" .}},
    {{template "sign" .}} * {{.}}.total_cents
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved' AND {{.}}.created_by IS NOT NULL
{{template "upsert"}}
INSERT INTO report_user_days (company_id, day, store_id, user_id, kind, role, n, amount_cents)
SELECT {{.}}.company_id, {{.}}.sale_date, {{.}}.store_id, {{.}}.approved_by, 'sale', 'approved', {{template "sign" .}},
    {{template "sign" .}} * {{.}}.total_cents
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved' AND {{.}}.approved_by IS NOT NULL
{{template "upsert"}}
{{end}}
{{define "payment"}}
INSERT INTO report_user_days (company_id, day, store_id, user_id, kind, role, n, amount_cents)
SELECT {{.}}.company_id, {{.}}.payment_date, COALESCE(CASE WHEN {{.}}.type = 'purchase' THEN (SELECT p.store_id FROM purchases p WHERE p.id = {{.}}.document_id)
        ELSE (SELECT s.store_id FROM sales s WHERE s.id = {{.}}.document_id) END, 0),
    u.user_id, 'payment', u.role, {{template "sign" .}},
    {{template "sign" .}} * (CASE WHEN {{.}}.direction = 'refund' THEN -{{.}}.amount_cents ELSE {{.}}.amount_cents END)
FROM (SELECT {{.}}.created_by AS user_id, 'created' AS role UNION ALL SELECT {{.}}.approved_by, 'approved') AS u
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved' AND u.user_id IS NOT NULL
{{template "upsert"}}
{{end}}
CREATE TABLE report_user_days (
    company_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    store_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    role TEXT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    amount_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, day, store_id, user_id, kind, role)
);
--bun:split
CREATE INDEX report_user_days_day_idx ON report_user_days (day);
--bun:split
DROP VIEW report_payments;
--bun:split
CREATE VIEW report_payments AS
SELECT y.id, y.company_id, y.type, y.document_id, y.document_number, y.party_id, y.party_name, y.payment_date,
    y.method, CASE WHEN y.direction = 'refund' THEN -y.amount_cents ELSE y.amount_cents END AS amount_cents,
    y.approval_status, y.created_by, y.approved_by,
    CASE WHEN y.type = 'purchase' THEN (SELECT p.store_id FROM purchases p WHERE p.id = y.document_id)
        ELSE (SELECT s.store_id FROM sales s WHERE s.id = y.document_id) END AS store_id,
    CASE WHEN y.type = 'purchase' THEN (SELECT COUNT(*) FROM purchases p WHERE p.id = y.document_id AND p.deleted_at IS NULL AND p.approval_status = 'approved')
        ELSE (SELECT COUNT(*) FROM sales s WHERE s.id = y.document_id AND s.deleted_at IS NULL AND s.approval_status = 'approved') END AS document_counted
FROM payments y
WHERE y.deleted_at IS NULL AND y.approval_status IN ('pending', 'approved');
--bun:split
INSERT INTO report_user_days (company_id, day, store_id, user_id, kind, role, n, amount_cents)
SELECT a.company_id, a.day, a.store_id, a.user_id, a.kind, a.role, COUNT(*), SUM(a.amount_cents) FROM (
    SELECT d.company_id, d.doc_date AS day, d.store_id, d.created_by AS user_id, d.type AS kind, 'created' AS role, d.total_cents AS amount_cents
    FROM report_documents d WHERE d.created_by IS NOT NULL
    UNION ALL
    SELECT d.company_id, d.doc_date, d.store_id, d.approved_by, d.type, 'approved', d.total_cents
    FROM report_documents d WHERE d.approved_by IS NOT NULL
    UNION ALL
    SELECT y.company_id, y.payment_date, COALESCE(y.store_id, 0), y.created_by, 'payment', 'created', y.amount_cents
    FROM report_payments y WHERE y.approval_status = 'approved' AND y.created_by IS NOT NULL
    UNION ALL
    SELECT y.company_id, y.payment_date, COALESCE(y.store_id, 0), y.approved_by, 'payment', 'approved', y.amount_cents
    FROM report_payments y WHERE y.approval_status = 'approved' AND y.approved_by IS NOT NULL) AS a
GROUP BY a.company_id, a.day, a.store_id, a.user_id, a.kind, a.role;
--bun:split
CREATE INDEX report_purchases_open_idx ON purchases (company_id, due_date) WHERE deleted_at IS NULL AND approval_status = 'approved' AND balance_cents > 0;
--bun:split
{{if .PG}}
CREATE FUNCTION report_purchases_users() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "purchase" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "purchase" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_purchases_users AFTER INSERT OR UPDATE OR DELETE ON purchases FOR EACH ROW EXECUTE FUNCTION report_purchases_users();
--bun:split
CREATE FUNCTION report_sales_users() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "sale" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "sale" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_sales_users AFTER INSERT OR UPDATE OR DELETE ON sales FOR EACH ROW EXECUTE FUNCTION report_sales_users();
--bun:split
CREATE FUNCTION report_payments_users() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "payment" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "payment" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_payments_users AFTER INSERT OR UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION report_payments_users();
{{else}}
CREATE TRIGGER report_purchases_users_insert AFTER INSERT ON purchases BEGIN {{template "purchase" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchases_users_update AFTER UPDATE ON purchases BEGIN {{template "purchase" "OLD"}} {{template "purchase" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchases_users_delete AFTER DELETE ON purchases BEGIN {{template "purchase" "OLD"}} END;
--bun:split
CREATE TRIGGER report_sales_users_insert AFTER INSERT ON sales BEGIN {{template "sale" "NEW"}} END;
--bun:split
CREATE TRIGGER report_sales_users_update AFTER UPDATE ON sales BEGIN {{template "sale" "OLD"}} {{template "sale" "NEW"}} END;
--bun:split
CREATE TRIGGER report_sales_users_delete AFTER DELETE ON sales BEGIN {{template "sale" "OLD"}} END;
--bun:split
CREATE TRIGGER report_payments_users_insert AFTER INSERT ON payments BEGIN {{template "payment" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payments_users_update AFTER UPDATE ON payments BEGIN {{template "payment" "OLD"}} {{template "payment" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payments_users_delete AFTER DELETE ON payments BEGIN {{template "payment" "OLD"}} END;
{{end}}
