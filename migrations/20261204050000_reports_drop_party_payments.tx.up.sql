-- reports: report_party_payments dropped (issue 12, "Fast").
--
-- report_party_payments (20261201030000: per month, type, party, method, company, store and
-- approval status) is read by nothing since payment_report's store filter reads
-- report_payment_store_years (20261204040000), yet its triggers ran on every payment write and
-- on every document's store change. The table (with its store index, 20261203020000) and its
-- payment triggers go; the documents' store-change triggers (report_purchases_payment_stores,
-- report_sales_payment_stores) are recreated moving only what they moved besides it:
-- report_payment_days and the payment rows of report_user_days, with the same statements.
{{define "refund"}}(CASE WHEN y.direction = 'refund' THEN -y.amount_cents ELSE y.amount_cents END){{end}}
{{/* A document ("." is its type) moved from store OLD.store_id to NEW.store_id: its payments'
     counts leave the old store (sign -1) and join the new one (sign 1). */}}
{{define "stores"}}(SELECT OLD.store_id AS store_id, -1 AS sign UNION ALL SELECT NEW.store_id, 1) AS s{{end}}
{{define "move"}}
INSERT INTO report_payment_days (company_id, day, store_id, type, approval_status, n, amount_cents)
SELECT y.company_id, y.payment_date, s.store_id, y.type, y.approval_status, s.sign * COUNT(*), s.sign * SUM({{template "refund"}})
FROM payments y, {{template "stores"}}
WHERE y.type = '{{.}}' AND y.document_id = NEW.id AND y.deleted_at IS NULL AND y.approval_status IN ('pending', 'approved')
GROUP BY y.company_id, y.payment_date, s.store_id, s.sign, y.type, y.approval_status
ON CONFLICT (company_id, day, store_id, type, approval_status) DO UPDATE SET n = report_payment_days.n + excluded.n,
    amount_cents = report_payment_days.amount_cents + excluded.amount_cents;
INSERT INTO report_user_days (company_id, day, store_id, user_id, kind, role, n, amount_cents)
SELECT u.company_id, u.payment_date, s.store_id, u.user_id, 'payment', u.role, s.sign * COUNT(*), s.sign * SUM(u.amount_cents)
FROM (SELECT y.company_id, y.payment_date, y.created_by AS user_id, 'created' AS role, {{template "refund"}} AS amount_cents
        FROM payments y WHERE y.type = '{{.}}' AND y.document_id = NEW.id AND y.deleted_at IS NULL
            AND y.approval_status = 'approved' AND y.created_by IS NOT NULL
    UNION ALL
    SELECT y.company_id, y.payment_date, y.approved_by, 'approved', {{template "refund"}}
        FROM payments y WHERE y.type = '{{.}}' AND y.document_id = NEW.id AND y.deleted_at IS NULL
            AND y.approval_status = 'approved' AND y.approved_by IS NOT NULL) AS u, {{template "stores"}}
GROUP BY u.company_id, u.payment_date, s.store_id, s.sign, u.user_id, u.role
ON CONFLICT (company_id, day, store_id, user_id, kind, role) DO UPDATE SET n = report_user_days.n + excluded.n,
    amount_cents = report_user_days.amount_cents + excluded.amount_cents;
{{end}}
{{if .PG}}
DROP TRIGGER report_payments_party_payments ON payments;
--bun:split
DROP TRIGGER report_payments_party_payments_update ON payments;
--bun:split
DROP FUNCTION report_payments_party_payments();
--bun:split
-- The triggers stay as they are (AFTER UPDATE, store changed); their functions lose the table.
CREATE OR REPLACE FUNCTION report_purchases_payment_stores() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    {{template "move" "purchase"}}
    RETURN NULL;
END $body$;
--bun:split
CREATE OR REPLACE FUNCTION report_sales_payment_stores() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    {{template "move" "sale"}}
    RETURN NULL;
END $body$;
{{else}}
DROP TRIGGER report_payments_party_payments_insert;
--bun:split
DROP TRIGGER report_payments_party_payments_update;
--bun:split
DROP TRIGGER report_payments_party_payments_delete;
--bun:split
DROP TRIGGER report_purchases_payment_stores;
--bun:split
CREATE TRIGGER report_purchases_payment_stores AFTER UPDATE OF store_id ON purchases WHEN OLD.store_id <> NEW.store_id
BEGIN {{template "move" "purchase"}} END;
--bun:split
DROP TRIGGER report_sales_payment_stores;
--bun:split
CREATE TRIGGER report_sales_payment_stores AFTER UPDATE OF store_id ON sales WHEN OLD.store_id <> NEW.store_id
BEGIN {{template "move" "sale"}} END;
{{end}}
--bun:split
DROP TABLE report_party_payments;
