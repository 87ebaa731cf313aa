-- reports: what each customer and supplier moved per day (issue 12, session 12, "Fast").
--
-- customers_report and suppliers_report read a range's whole months from report_party_running
-- (or, for one store, report_party_months), and the days of a month the range covers only in
-- part from the documents, payments and returns themselves: at 1,000,000 documents a range that
-- cuts its months (the 15th to the 14th, say) took 1.6–2.0 s at p99, reading ~40,000 sales and
-- ~17,000 payments through report_payments, whose store and "counted" columns are a subquery per
-- payment (bench/RESULTS.md, session 11).
--
-- report_party_days holds report_party_months' figures per day (YYYY-MM-DD) instead of per month:
-- per company, type (purchase: suppliers, sale: customers), party, day and store, the approved,
-- live documents (n, total_cents), the approved payments on them (paid_cents, a refund negative)
-- and the approved returns (returns_cents), each on its own date. A cut month's days are then one
-- index range of narrow rows (report_party_days_day_idx, covering on PostgreSQL).
--
-- The writers' triggers on purchases, sales, payments and purchase_returns
-- (20261130010000_reports_party_months) now write report_party_days — the same statements with the
-- day for the month —, and a trigger on report_party_days adds each change to its month's row of
-- report_party_months. The months are the sum of their days by construction, and everything kept
-- from the months (report_party_balances, report_party_running, report_party_totals) follows as
-- before. On PostgreSQL a day's row is written after the party's totals row is locked (the same
-- BEFORE INSERT lock report_party_months takes, 20261202010000): the party's writers still queue
-- on that one row first.
--
-- "." is the trigger's row, OLD (subtracted) or NEW (added).
{{define "sign"}}{{if eq . "OLD"}}-1{{else}}1{{end}}{{end}}
{{define "upsert"}}ON CONFLICT (type, party_id, day, company_id, store_id) DO UPDATE SET n = report_party_days.n + excluded.n,
    total_cents = report_party_days.total_cents + excluded.total_cents,
    paid_cents = report_party_days.paid_cents + excluded.paid_cents,
    returns_cents = report_party_days.returns_cents + excluded.returns_cents;{{end}}
{{define "insert"}}INSERT INTO report_party_days (company_id, type, party_id, day, store_id, n, total_cents, paid_cents, returns_cents){{end}}
{{define "refund"}}(CASE WHEN y.direction = 'refund' THEN -y.amount_cents ELSE y.amount_cents END){{end}}
{{define "purchase"}}
{{template "insert"}}
SELECT {{.}}.company_id, 'purchase', {{.}}.supplier_id, substr({{.}}.purchase_date, 1, 10), {{.}}.store_id, {{template "sign" .}},
    {{template "sign" .}} * {{.}}.total_to_pay_cents, 0, 0
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
{{template "upsert"}}
{{template "insert"}}
SELECT y.company_id, 'purchase', y.party_id, substr(y.payment_date, 1, 10), {{.}}.store_id, 0, 0, {{template "sign" .}} * SUM({{template "refund"}}), 0
FROM payments y
WHERE y.type = 'purchase' AND y.document_id = {{.}}.id AND y.deleted_at IS NULL AND y.approval_status = 'approved'
    AND {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
GROUP BY y.company_id, y.party_id, substr(y.payment_date, 1, 10)
{{template "upsert"}}
{{template "insert"}}
SELECT {{.}}.company_id, 'purchase', {{.}}.supplier_id, substr(r.return_date, 1, 10), {{.}}.store_id, 0, 0, 0, {{template "sign" .}} * SUM(r.amount_cents)
FROM purchase_returns r
WHERE r.purchase_id = {{.}}.id AND r.deleted_at IS NULL AND r.approval_status = 'approved'
    AND {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
GROUP BY substr(r.return_date, 1, 10)
{{template "upsert"}}
UPDATE report_party_balances SET oldest_due = COALESCE((SELECT MIN(p.due_date) FROM purchases p
    WHERE p.supplier_id = {{.}}.supplier_id AND p.store_id = {{.}}.store_id AND p.company_id = {{.}}.company_id
    AND p.deleted_at IS NULL AND p.approval_status = 'approved' AND p.balance_cents > 0), '')
WHERE type = 'purchase' AND party_id = {{.}}.supplier_id AND company_id = {{.}}.company_id AND store_id = {{.}}.store_id;
{{end}}
{{define "sale"}}
{{template "insert"}}
SELECT {{.}}.company_id, 'sale', {{.}}.customer_id, substr({{.}}.sale_date, 1, 10), {{.}}.store_id, {{template "sign" .}},
    {{template "sign" .}} * {{.}}.total_cents, 0, {{template "sign" .}} * {{.}}.return_cents
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
{{template "upsert"}}
{{template "insert"}}
SELECT y.company_id, 'sale', y.party_id, substr(y.payment_date, 1, 10), {{.}}.store_id, 0, 0, {{template "sign" .}} * SUM({{template "refund"}}), 0
FROM payments y
WHERE y.type = 'sale' AND y.document_id = {{.}}.id AND y.deleted_at IS NULL AND y.approval_status = 'approved'
    AND {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
GROUP BY y.company_id, y.party_id, substr(y.payment_date, 1, 10)
{{template "upsert"}}
UPDATE report_party_balances SET oldest_due = COALESCE((SELECT MIN(s.sale_date) FROM sales s
    WHERE s.customer_id = {{.}}.customer_id AND s.store_id = {{.}}.store_id AND s.company_id = {{.}}.company_id
    AND s.deleted_at IS NULL AND s.approval_status = 'approved' AND s.balance_cents > 0), '')
WHERE type = 'sale' AND party_id = {{.}}.customer_id AND company_id = {{.}}.company_id AND store_id = {{.}}.store_id;
{{end}}
{{/* A payment counts approved and live while its document counts; its store is its document's. */}}
{{define "payment"}}
{{template "insert"}}
SELECT {{.}}.company_id, {{.}}.type, {{.}}.party_id, substr({{.}}.payment_date, 1, 10), d.store_id, 0, 0,
    {{template "sign" .}} * (CASE WHEN {{.}}.direction = 'refund' THEN -{{.}}.amount_cents ELSE {{.}}.amount_cents END), 0
FROM (SELECT p.store_id FROM purchases p WHERE {{.}}.type = 'purchase' AND p.id = {{.}}.document_id
        AND p.deleted_at IS NULL AND p.approval_status = 'approved'
    UNION ALL
    SELECT s.store_id FROM sales s WHERE {{.}}.type = 'sale' AND s.id = {{.}}.document_id
        AND s.deleted_at IS NULL AND s.approval_status = 'approved') AS d
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
{{template "upsert"}}
{{end}}
{{/* An approved, live purchase return counts while its purchase counts, for the purchase's supplier. */}}
{{define "return"}}
{{template "insert"}}
SELECT p.company_id, 'purchase', p.supplier_id, substr({{.}}.return_date, 1, 10), p.store_id, 0, 0, 0, {{template "sign" .}} * {{.}}.amount_cents
FROM purchases p
WHERE p.id = {{.}}.purchase_id AND p.deleted_at IS NULL AND p.approval_status = 'approved'
    AND {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
{{template "upsert"}}
{{end}}
{{/* A day's change added to its month: NEW (an insert) or NEW − OLD (an update). */}}
{{define "month"}}INSERT INTO report_party_months (company_id, type, party_id, month, store_id, n, total_cents, paid_cents, returns_cents)
VALUES (NEW.company_id, NEW.type, NEW.party_id, substr(NEW.day, 1, 7), NEW.store_id, NEW.n{{if .}} - OLD.n{{end}},
    NEW.total_cents{{if .}} - OLD.total_cents{{end}}, NEW.paid_cents{{if .}} - OLD.paid_cents{{end}},
    NEW.returns_cents{{if .}} - OLD.returns_cents{{end}})
ON CONFLICT (type, party_id, month, company_id, store_id) DO UPDATE SET n = report_party_months.n + excluded.n,
    total_cents = report_party_months.total_cents + excluded.total_cents,
    paid_cents = report_party_months.paid_cents + excluded.paid_cents,
    returns_cents = report_party_months.returns_cents + excluded.returns_cents;{{end}}
{{define "moved"}}OLD.n <> NEW.n OR OLD.total_cents <> NEW.total_cents OR OLD.paid_cents <> NEW.paid_cents OR OLD.returns_cents <> NEW.returns_cents{{end}}
{{define "purchase_changed"}}OLD.company_id <> NEW.company_id OR OLD.store_id <> NEW.store_id OR OLD.supplier_id <> NEW.supplier_id
    OR OLD.purchase_date <> NEW.purchase_date OR OLD.due_date <> NEW.due_date OR OLD.total_to_pay_cents <> NEW.total_to_pay_cents
    OR OLD.approval_status <> NEW.approval_status OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
    OR (OLD.balance_cents > 0) <> (NEW.balance_cents > 0){{end}}
{{define "sale_changed"}}OLD.company_id <> NEW.company_id OR OLD.store_id <> NEW.store_id OR OLD.customer_id <> NEW.customer_id
    OR OLD.sale_date <> NEW.sale_date OR OLD.total_cents <> NEW.total_cents OR OLD.return_cents <> NEW.return_cents
    OR OLD.approval_status <> NEW.approval_status OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
    OR (OLD.balance_cents > 0) <> (NEW.balance_cents > 0){{end}}
{{define "payment_changed"}}OLD.company_id <> NEW.company_id OR OLD.type <> NEW.type OR OLD.document_id <> NEW.document_id
    OR OLD.party_id <> NEW.party_id OR OLD.payment_date <> NEW.payment_date OR OLD.amount_cents <> NEW.amount_cents
    OR OLD.direction <> NEW.direction OR OLD.approval_status <> NEW.approval_status
    OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL){{end}}
{{define "return_changed"}}OLD.purchase_id <> NEW.purchase_id OR OLD.return_date <> NEW.return_date OR OLD.amount_cents <> NEW.amount_cents
    OR OLD.approval_status <> NEW.approval_status OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL){{end}}
CREATE TABLE report_party_days (
    company_id BIGINT NOT NULL,
    type TEXT NOT NULL,
    party_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    store_id BIGINT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    total_cents BIGINT NOT NULL DEFAULT 0,
    paid_cents BIGINT NOT NULL DEFAULT 0,
    returns_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (type, party_id, day, company_id, store_id)
);
--bun:split
-- The party lists read a run of days of every party (of one store or all).
CREATE INDEX report_party_days_day_idx ON report_party_days (type, day){{if .PG}}
    INCLUDE (company_id, store_id, party_id, n, total_cents, paid_cents, returns_cents){{end}};
--bun:split
-- Backfill from what exists (the triggers keep it from here on): the same statement as
-- modules/reports' Rebuild. report_party_months already holds these sums per month.
INSERT INTO report_party_days (company_id, type, party_id, day, store_id, n, total_cents, paid_cents, returns_cents)
SELECT m.company_id, m.type, m.party_id, m.day, m.store_id, SUM(m.n), SUM(m.total_cents), SUM(m.paid_cents), SUM(m.returns_cents) FROM (
    SELECT d.company_id, d.type, d.party_id, substr(d.doc_date, 1, 10) AS day, d.store_id, 1 AS n, d.total_cents,
        0 AS paid_cents, 0 AS returns_cents
    FROM report_document_heads d
    UNION ALL
    SELECT y.company_id, y.type, y.party_id, substr(y.payment_date, 1, 10), y.store_id, 0, 0, y.amount_cents, 0
    FROM report_payments y WHERE y.approval_status = 'approved' AND y.document_counted = 1
    UNION ALL
    SELECT r.company_id, r.type, r.party_id, substr(r.return_date, 1, 10), r.store_id, 0, 0, 0, r.amount_cents
    FROM report_returns r) AS m
GROUP BY m.company_id, m.type, m.party_id, m.day, m.store_id;
--bun:split
{{if .PG}}
ANALYZE report_party_days;
--bun:split
CREATE FUNCTION report_party_days_month() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP = 'INSERT' THEN {{template "month" false}}
    ELSE {{template "month" true}}
    END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_party_days_month AFTER INSERT ON report_party_days FOR EACH ROW EXECUTE FUNCTION report_party_days_month();
--bun:split
CREATE TRIGGER report_party_days_month_update AFTER UPDATE ON report_party_days FOR EACH ROW
WHEN ({{template "moved"}}) EXECUTE FUNCTION report_party_days_month();
--bun:split
-- The party's totals row first (report_party_months_lock reads only type, party_id, company_id).
CREATE TRIGGER report_party_days_lock BEFORE INSERT ON report_party_days FOR EACH ROW EXECUTE FUNCTION report_party_months_lock();
--bun:split
CREATE OR REPLACE FUNCTION report_purchases_parties() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "purchase" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "purchase" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE OR REPLACE FUNCTION report_sales_parties() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "sale" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "sale" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE OR REPLACE FUNCTION report_payments_parties() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "payment" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "payment" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE OR REPLACE FUNCTION report_purchase_returns_parties() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "return" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "return" "NEW"}} END IF;
    RETURN NULL;
END $body$;
{{else}}
CREATE TRIGGER report_party_days_insert AFTER INSERT ON report_party_days BEGIN {{template "month" false}} END;
--bun:split
CREATE TRIGGER report_party_days_update AFTER UPDATE ON report_party_days WHEN {{template "moved"}} BEGIN {{template "month" true}} END;
--bun:split
-- SQLite's triggers hold their statements: each writer's is made again, its WHEN unchanged
-- (20261130010000's), its body writing days.
DROP TRIGGER report_purchases_parties_insert;
--bun:split
DROP TRIGGER report_purchases_parties_update;
--bun:split
DROP TRIGGER report_purchases_parties_delete;
--bun:split
DROP TRIGGER report_sales_parties_insert;
--bun:split
DROP TRIGGER report_sales_parties_update;
--bun:split
DROP TRIGGER report_sales_parties_delete;
--bun:split
DROP TRIGGER report_payments_parties_insert;
--bun:split
DROP TRIGGER report_payments_parties_update;
--bun:split
DROP TRIGGER report_payments_parties_delete;
--bun:split
DROP TRIGGER report_purchase_returns_parties_insert;
--bun:split
DROP TRIGGER report_purchase_returns_parties_update;
--bun:split
DROP TRIGGER report_purchase_returns_parties_delete;
--bun:split
CREATE TRIGGER report_purchases_parties_insert AFTER INSERT ON purchases BEGIN {{template "purchase" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchases_parties_update AFTER UPDATE ON purchases WHEN {{template "purchase_changed"}}
BEGIN {{template "purchase" "OLD"}} {{template "purchase" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchases_parties_delete AFTER DELETE ON purchases BEGIN {{template "purchase" "OLD"}} END;
--bun:split
CREATE TRIGGER report_sales_parties_insert AFTER INSERT ON sales BEGIN {{template "sale" "NEW"}} END;
--bun:split
CREATE TRIGGER report_sales_parties_update AFTER UPDATE ON sales WHEN {{template "sale_changed"}}
BEGIN {{template "sale" "OLD"}} {{template "sale" "NEW"}} END;
--bun:split
CREATE TRIGGER report_sales_parties_delete AFTER DELETE ON sales BEGIN {{template "sale" "OLD"}} END;
--bun:split
CREATE TRIGGER report_payments_parties_insert AFTER INSERT ON payments BEGIN {{template "payment" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payments_parties_update AFTER UPDATE ON payments WHEN {{template "payment_changed"}}
BEGIN {{template "payment" "OLD"}} {{template "payment" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payments_parties_delete AFTER DELETE ON payments BEGIN {{template "payment" "OLD"}} END;
--bun:split
CREATE TRIGGER report_purchase_returns_parties_insert AFTER INSERT ON purchase_returns BEGIN {{template "return" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchase_returns_parties_update AFTER UPDATE ON purchase_returns WHEN {{template "return_changed"}}
BEGIN {{template "return" "OLD"}} {{template "return" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchase_returns_parties_delete AFTER DELETE ON purchase_returns BEGIN {{template "return" "OLD"}} END;
{{end}}
