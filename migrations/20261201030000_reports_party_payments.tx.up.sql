-- reports: payment_report summed per party and month, and the payments' aggregates following
-- their document to another store (issue 12, "Fast").
--
-- report_party_payments: per month (YYYY-MM), type (purchase: out to suppliers, sale: in from
-- customers), party, method, company, store (the payment's document's) and approval status, the
-- payments pending or approved and live (n) and their amount (a refund negative) — what
-- report_payments gives, the rows payment_report groups by direction, method and party. Kept in
-- the write transaction by triggers on payments, like 20261129010000_reports_returns_daily's
-- report_payment_days; its primary key leads with the month, so that a range's whole months are
-- one index range (on PostgreSQL the figures are in the index: no table visit).
--
-- A payment's store is its document's: report_payment_days, the payment rows of
-- report_user_days and report_party_payments took it when the payment was written, so a
-- document moved to another store left them behind (report_party_months followed it). A trigger
-- on the document's store change now moves its payments' counts from the old store to the new
-- one in the three tables, and the first two are recomputed here once from the payments, as
-- modules/reports' Rebuild computes them.
{{define "refund"}}(CASE WHEN y.direction = 'refund' THEN -y.amount_cents ELSE y.amount_cents END){{end}}
{{define "sign"}}{{if eq . "OLD"}}-1{{else}}1{{end}}{{end}}
{{/* A payment's row ("." is OLD, subtracted, or NEW, added): pending or approved and live, on
     its document's store (0 without one), as report_payment_days counts it. */}}
{{define "payment"}}
INSERT INTO report_party_payments (month, type, party_id, method, company_id, store_id, approval_status, n, amount_cents)
SELECT substr({{.}}.payment_date, 1, 7), {{.}}.type, {{.}}.party_id, {{.}}.method, {{.}}.company_id,
    COALESCE(CASE WHEN {{.}}.type = 'purchase' THEN (SELECT p.store_id FROM purchases p WHERE p.id = {{.}}.document_id)
        ELSE (SELECT s.store_id FROM sales s WHERE s.id = {{.}}.document_id) END, 0),
    {{.}}.approval_status, {{template "sign" .}},
    {{template "sign" .}} * (CASE WHEN {{.}}.direction = 'refund' THEN -{{.}}.amount_cents ELSE {{.}}.amount_cents END)
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status IN ('pending', 'approved')
ON CONFLICT (month, type, party_id, method, company_id, store_id, approval_status) DO UPDATE SET
    n = report_party_payments.n + excluded.n, amount_cents = report_party_payments.amount_cents + excluded.amount_cents;
{{end}}
{{define "payment_changed"}}OLD.company_id <> NEW.company_id OR OLD.type <> NEW.type OR OLD.document_id <> NEW.document_id
    OR OLD.party_id <> NEW.party_id OR OLD.payment_date <> NEW.payment_date OR OLD.amount_cents <> NEW.amount_cents
    OR OLD.direction <> NEW.direction OR OLD.method <> NEW.method OR OLD.approval_status <> NEW.approval_status
    OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL){{end}}
{{/* A document ("." is its type) moved from store OLD.store_id to NEW.store_id: its payments'
     counts leave the old store (sign -1) and join the new one (sign 1), in every aggregate that
     keeps a payment's store. */}}
{{define "stores"}}(SELECT OLD.store_id AS store_id, -1 AS sign UNION ALL SELECT NEW.store_id, 1) AS s{{end}}
{{define "move"}}
INSERT INTO report_payment_days (company_id, day, store_id, type, approval_status, n, amount_cents)
SELECT y.company_id, y.payment_date, s.store_id, y.type, y.approval_status, s.sign * COUNT(*), s.sign * SUM({{template "refund"}})
FROM payments y, {{template "stores"}}
WHERE y.type = '{{.}}' AND y.document_id = NEW.id AND y.deleted_at IS NULL AND y.approval_status IN ('pending', 'approved')
GROUP BY y.company_id, y.payment_date, s.store_id, s.sign, y.type, y.approval_status
ON CONFLICT (company_id, day, store_id, type, approval_status) DO UPDATE SET n = report_payment_days.n + excluded.n,
    amount_cents = report_payment_days.amount_cents + excluded.amount_cents;
INSERT INTO report_party_payments (month, type, party_id, method, company_id, store_id, approval_status, n, amount_cents)
SELECT substr(y.payment_date, 1, 7), y.type, y.party_id, y.method, y.company_id, s.store_id, y.approval_status, s.sign * COUNT(*),
    s.sign * SUM({{template "refund"}})
FROM payments y, {{template "stores"}}
WHERE y.type = '{{.}}' AND y.document_id = NEW.id AND y.deleted_at IS NULL AND y.approval_status IN ('pending', 'approved')
GROUP BY substr(y.payment_date, 1, 7), y.type, y.party_id, y.method, y.company_id, s.store_id, s.sign, y.approval_status
ON CONFLICT (month, type, party_id, method, company_id, store_id, approval_status) DO UPDATE SET
    n = report_party_payments.n + excluded.n, amount_cents = report_party_payments.amount_cents + excluded.amount_cents;
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
{{/* The store-change trigger of the documents of type "." (their table is "." + "s"). */}}
{{define "move_pg"}}
CREATE FUNCTION report_{{.}}s_payment_stores() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    {{template "move" .}}
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_{{.}}s_payment_stores AFTER UPDATE ON {{.}}s FOR EACH ROW
WHEN (OLD.store_id <> NEW.store_id) EXECUTE FUNCTION report_{{.}}s_payment_stores();
{{end}}
{{define "move_sqlite"}}CREATE TRIGGER report_{{.}}s_payment_stores AFTER UPDATE OF store_id ON {{.}}s WHEN OLD.store_id <> NEW.store_id
BEGIN {{template "move" .}} END;{{end}}
CREATE TABLE report_party_payments (
    month TEXT NOT NULL,
    type TEXT NOT NULL,
    party_id BIGINT NOT NULL,
    method TEXT NOT NULL,
    company_id BIGINT NOT NULL,
    store_id BIGINT NOT NULL,
    approval_status TEXT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    amount_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (month, type, party_id, method, company_id, store_id, approval_status){{if .PG}} INCLUDE (n, amount_cents){{end}}
);
--bun:split
-- Every customer and supplier, archived ones too, by type and id: the names of the party pages'
-- rows (a party archived with payments or a balance keeps its name there).
CREATE VIEW report_party_names AS
SELECT 'sale' AS type, c.id, c.company_id, c.name FROM customers c
UNION ALL
SELECT 'purchase' AS type, s.id, s.company_id, s.name FROM suppliers s;
--bun:split
-- Backfill, and the payments' rows of the two older aggregates recomputed (a document moved to
-- another store before this migration left them behind): the same statements as
-- modules/reports' Rebuild.
INSERT INTO report_party_payments (month, type, party_id, method, company_id, store_id, approval_status, n, amount_cents)
SELECT substr(y.payment_date, 1, 7), y.type, y.party_id, y.method, y.company_id, COALESCE(y.store_id, 0), y.approval_status,
    COUNT(*), SUM(y.amount_cents)
FROM report_payments y
GROUP BY substr(y.payment_date, 1, 7), y.type, y.party_id, y.method, y.company_id, COALESCE(y.store_id, 0), y.approval_status;
--bun:split
DELETE FROM report_payment_days;
--bun:split
INSERT INTO report_payment_days (company_id, day, store_id, type, approval_status, n, amount_cents)
SELECT y.company_id, y.payment_date, COALESCE(y.store_id, 0), y.type, y.approval_status, COUNT(*), SUM(y.amount_cents)
FROM report_payments y GROUP BY y.company_id, y.payment_date, COALESCE(y.store_id, 0), y.type, y.approval_status;
--bun:split
DELETE FROM report_user_days WHERE kind = 'payment';
--bun:split
INSERT INTO report_user_days (company_id, day, store_id, user_id, kind, role, n, amount_cents)
SELECT a.company_id, a.day, a.store_id, a.user_id, 'payment', a.role, COUNT(*), SUM(a.amount_cents) FROM (
    SELECT y.company_id, y.payment_date AS day, COALESCE(y.store_id, 0) AS store_id, y.created_by AS user_id, 'created' AS role,
        y.amount_cents
    FROM report_payments y WHERE y.approval_status = 'approved' AND y.created_by IS NOT NULL
    UNION ALL
    SELECT y.company_id, y.payment_date, COALESCE(y.store_id, 0), y.approved_by, 'approved', y.amount_cents
    FROM report_payments y WHERE y.approval_status = 'approved' AND y.approved_by IS NOT NULL) AS a
GROUP BY a.company_id, a.day, a.store_id, a.user_id, a.role;
--bun:split
{{if .PG}}
ANALYZE report_party_payments;
--bun:split
CREATE FUNCTION report_payments_party_payments() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "payment" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "payment" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_payments_party_payments AFTER INSERT OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION report_payments_party_payments();
--bun:split
CREATE TRIGGER report_payments_party_payments_update AFTER UPDATE ON payments FOR EACH ROW
WHEN ({{template "payment_changed"}}) EXECUTE FUNCTION report_payments_party_payments();
--bun:split
{{template "move_pg" "purchase"}}
--bun:split
{{template "move_pg" "sale"}}
{{else}}
CREATE TRIGGER report_payments_party_payments_insert AFTER INSERT ON payments BEGIN {{template "payment" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payments_party_payments_update AFTER UPDATE ON payments WHEN {{template "payment_changed"}}
BEGIN {{template "payment" "OLD"}} {{template "payment" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payments_party_payments_delete AFTER DELETE ON payments BEGIN {{template "payment" "OLD"}} END;
--bun:split
{{template "move_sqlite" "purchase"}}
--bun:split
{{template "move_sqlite" "sale"}}
{{end}}
