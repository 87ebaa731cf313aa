-- reports: payment_report's rows per party and day, for the days of a month a range cuts
-- (issue 12, "Fast").
--
-- A range's whole months come from report_payment_years (every store) and report_party_payments
-- (one store); the days of the months it cuts were read from report_payments one payment a row,
-- whose store is a subquery per payment (0.83 s p99 for a month moved 14 days at 1,000,000
-- documents). report_payment_party_days keeps, per day (YYYY-MM-DD), type (purchase: out,
-- sale: in), party, method, company and store (the payment's document's, 0 without one), the
-- payments pending or approved and live (n) and their amounts approved and pending apart (a
-- refund negative): payment_report's figures, so a cut day is read as its narrow rows, in the
-- primary key's order (day first; on PostgreSQL covering: an index-only scan), and a party's
-- days by (type, party_id, day) — payment_report's walk reads the page's parties one by one.
--
-- Kept in the write transaction by triggers on payments (SQLite and PostgreSQL, like
-- report_party_payments): the old row's figures subtracted, the new row's added; a document
-- moved to another store moves its payments' rows along (a trigger on purchases and sales, as
-- 20261201030000 does for the other aggregates that keep a payment's store). Rows that net to
-- zero stay (n = 0) and are skipped by the readers. Backfilled here with the statement
-- modules/reports' Rebuild runs.
{{define "sign"}}{{if eq . "OLD"}}-1{{else}}1{{end}}{{end}}
{{define "amount"}}(CASE WHEN {{.}}.direction = 'refund' THEN -{{.}}.amount_cents ELSE {{.}}.amount_cents END){{end}}
{{/* A payment's row ("." is OLD, subtracted, or NEW, added): pending or approved and live, on
     its document's store (0 without one), as report_payments gives it. */}}
{{define "payment"}}
INSERT INTO report_payment_party_days (day, type, party_id, method, company_id, store_id, n, approved_cents, pending_cents)
SELECT {{.}}.payment_date, {{.}}.type, {{.}}.party_id, {{.}}.method, {{.}}.company_id,
    COALESCE(CASE WHEN {{.}}.type = 'purchase' THEN (SELECT p.store_id FROM purchases p WHERE p.id = {{.}}.document_id)
        ELSE (SELECT s.store_id FROM sales s WHERE s.id = {{.}}.document_id) END, 0),
    {{template "sign" .}},
    {{template "sign" .}} * CASE WHEN {{.}}.approval_status = 'approved' THEN {{template "amount" .}} ELSE 0 END,
    {{template "sign" .}} * CASE WHEN {{.}}.approval_status = 'pending' THEN {{template "amount" .}} ELSE 0 END
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status IN ('pending', 'approved')
ON CONFLICT (day, type, party_id, method, company_id, store_id) DO UPDATE SET n = report_payment_party_days.n + excluded.n,
    approved_cents = report_payment_party_days.approved_cents + excluded.approved_cents,
    pending_cents = report_payment_party_days.pending_cents + excluded.pending_cents;
{{end}}
{{define "changed"}}OLD.company_id <> NEW.company_id OR OLD.type <> NEW.type OR OLD.document_id <> NEW.document_id
    OR OLD.party_id <> NEW.party_id OR OLD.payment_date <> NEW.payment_date OR OLD.amount_cents <> NEW.amount_cents
    OR OLD.direction <> NEW.direction OR OLD.method <> NEW.method OR OLD.approval_status <> NEW.approval_status
    OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL){{end}}
{{/* A document of type "." moved from store OLD.store_id to NEW.store_id: its payments' rows
     leave the old store (sign -1) and join the new one (sign 1). */}}
{{define "move"}}
INSERT INTO report_payment_party_days (day, type, party_id, method, company_id, store_id, n, approved_cents, pending_cents)
SELECT y.payment_date, y.type, y.party_id, y.method, y.company_id, s.store_id, s.sign * COUNT(*),
    s.sign * SUM(CASE WHEN y.approval_status = 'approved' THEN {{template "amount" "y"}} ELSE 0 END),
    s.sign * SUM(CASE WHEN y.approval_status = 'pending' THEN {{template "amount" "y"}} ELSE 0 END)
FROM payments y, (SELECT OLD.store_id AS store_id, -1 AS sign UNION ALL SELECT NEW.store_id, 1) AS s
WHERE y.type = '{{.}}' AND y.document_id = NEW.id AND y.deleted_at IS NULL AND y.approval_status IN ('pending', 'approved')
GROUP BY y.payment_date, y.type, y.party_id, y.method, y.company_id, s.store_id, s.sign
ON CONFLICT (day, type, party_id, method, company_id, store_id) DO UPDATE SET n = report_payment_party_days.n + excluded.n,
    approved_cents = report_payment_party_days.approved_cents + excluded.approved_cents,
    pending_cents = report_payment_party_days.pending_cents + excluded.pending_cents;
{{end}}
CREATE TABLE report_payment_party_days (
    day TEXT NOT NULL,
    type TEXT NOT NULL,
    party_id BIGINT NOT NULL,
    method TEXT NOT NULL,
    company_id BIGINT NOT NULL,
    store_id BIGINT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    approved_cents BIGINT NOT NULL DEFAULT 0,
    pending_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (day, type, party_id, method, company_id, store_id){{if .PG}} INCLUDE (n, approved_cents, pending_cents){{end}}
);
--bun:split
-- Backfill: the same statement as modules/reports' Rebuild.
INSERT INTO report_payment_party_days (day, type, party_id, method, company_id, store_id, n, approved_cents, pending_cents)
SELECT y.payment_date, y.type, y.party_id, y.method, y.company_id, COALESCE(y.store_id, 0), COUNT(*),
    SUM(CASE WHEN y.approval_status = 'approved' THEN y.amount_cents ELSE 0 END),
    SUM(CASE WHEN y.approval_status = 'pending' THEN y.amount_cents ELSE 0 END)
FROM report_payments y
GROUP BY y.payment_date, y.type, y.party_id, y.method, y.company_id, COALESCE(y.store_id, 0);
--bun:split
{{if .PG}}
CREATE INDEX report_payment_party_days_party_idx ON report_payment_party_days (type, party_id, day)
    INCLUDE (method, company_id, store_id, n, approved_cents, pending_cents);
--bun:split
ANALYZE report_payment_party_days;
--bun:split
CREATE FUNCTION report_payments_party_days() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "payment" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "payment" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_payments_party_days AFTER INSERT OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION report_payments_party_days();
--bun:split
CREATE TRIGGER report_payments_party_days_update AFTER UPDATE ON payments FOR EACH ROW
WHEN ({{template "changed"}}) EXECUTE FUNCTION report_payments_party_days();
--bun:split
CREATE FUNCTION report_purchases_payment_party_days() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    {{template "move" "purchase"}}
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_purchases_payment_party_days AFTER UPDATE ON purchases FOR EACH ROW
WHEN (OLD.store_id <> NEW.store_id) EXECUTE FUNCTION report_purchases_payment_party_days();
--bun:split
CREATE FUNCTION report_sales_payment_party_days() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    {{template "move" "sale"}}
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_sales_payment_party_days AFTER UPDATE ON sales FOR EACH ROW
WHEN (OLD.store_id <> NEW.store_id) EXECUTE FUNCTION report_sales_payment_party_days();
{{else}}
CREATE INDEX report_payment_party_days_party_idx ON report_payment_party_days (type, party_id, day);
--bun:split
CREATE TRIGGER report_payments_party_days_insert AFTER INSERT ON payments BEGIN {{template "payment" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payments_party_days_update AFTER UPDATE ON payments WHEN {{template "changed"}}
BEGIN {{template "payment" "OLD"}} {{template "payment" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payments_party_days_delete AFTER DELETE ON payments BEGIN {{template "payment" "OLD"}} END;
--bun:split
CREATE TRIGGER report_purchases_payment_party_days AFTER UPDATE OF store_id ON purchases WHEN OLD.store_id <> NEW.store_id
BEGIN {{template "move" "purchase"}} END;
--bun:split
CREATE TRIGGER report_sales_payment_party_days AFTER UPDATE OF store_id ON sales WHEN OLD.store_id <> NEW.store_id
BEGIN {{template "move" "sale"}} END;
{{end}}
