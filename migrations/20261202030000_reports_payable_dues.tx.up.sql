-- reports: the payables ageing (expired_purchases_report, issue 12 "Fast") from an aggregate
-- bounded by suppliers and days, not by the purchases that still owe (~160,000 at 1,000,000).
--
-- report_payable_dues: what the approved, live purchases that still owe (balance_cents > 0)
-- owe, per supplier and company, at three grains of their due date — grain 't' (due '': every
-- due date, the supplier's total), 'm' (due 'YYYY-MM': the month) and 'd' (due 'YYYY-MM-DD':
-- the day) — per store and again under store_id 0 (every store: the usual request reads a
-- sixth of the rows). n counts the purchases, balance_cents sums their balances. The ageing's
-- buckets move with today, so it is read as differences of "what is due on or after x" for
-- x = today − 90, − 60, − 30 and today: each is the months after x's month plus the days of
-- x's month from x on (or the months from x's month less its days before x, whichever reads
-- fewer days), and > 90 days is the total less what is due from today − 90 on
-- (modules/reports/internal/store, Ageing). A request reads per supplier one total, the months
-- from today − 90 on and at most ~60 days' rows, whatever the number of purchases.
--
-- Kept IN THE WRITE TRANSACTION by a trigger on purchases, like the aggregates of
-- 20261129010000_reports_returns_daily (see the reports package doc): a purchase inserted,
-- deleted, or updated in what the ageing reads (approval, deletion, balance, due date,
-- supplier, store, company) takes back what its old row counted and adds what the new one
-- counts, as one statement that sums both per key first (a payment that moves a balance
-- touches the supplier's six rows once each). The rows touched are the supplier's own, as
-- report_party_balances' are: no row is shared by the writers of a company. Rows that net to
-- zero stay (the reader's sums skip them). Backfilled here from report_document_heads, as
-- modules/reports' Rebuild computes it.
{{define "sign"}}{{if eq . "OLD"}}-1{{else}}1{{end}}{{end}}
{{/* What a purchase row ("." OLD or NEW) counts: six rows (two stores × three grains) while
     it is approved, live and owes, none otherwise. */}}
{{define "rows"}}
SELECT CASE WHEN s.every = 1 THEN 0 ELSE {{.}}.store_id END AS store_id, g.grain,
    CASE g.grain WHEN 't' THEN '' WHEN 'm' THEN substr({{.}}.due_date, 1, 7) ELSE {{.}}.due_date END AS due,
    {{.}}.company_id, {{.}}.supplier_id AS party_id, {{template "sign" .}} AS n, {{template "sign" .}} * {{.}}.balance_cents AS balance_cents
FROM (SELECT 0 AS every UNION ALL SELECT 1) AS s, (SELECT 't' AS grain UNION ALL SELECT 'm' UNION ALL SELECT 'd') AS g
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved' AND {{.}}.balance_cents > 0
{{end}}
{{/* The upsert of the rows of "." (OLD, NEW or both), summed per key first: an UPDATE that
     keeps its keys moves each row once, by the difference. */}}
{{define "upsert"}}
INSERT INTO report_payable_dues (store_id, grain, due, company_id, party_id, n, balance_cents)
SELECT x.store_id, x.grain, x.due, x.company_id, x.party_id, SUM(x.n), SUM(x.balance_cents)
FROM ({{if eq . "both"}}{{template "rows" "OLD"}} UNION ALL {{template "rows" "NEW"}}{{else}}{{template "rows" .}}{{end}}) AS x
GROUP BY x.store_id, x.grain, x.due, x.company_id, x.party_id
HAVING SUM(x.n) <> 0 OR SUM(x.balance_cents) <> 0
ON CONFLICT (store_id, grain, due, company_id, party_id) DO UPDATE SET n = report_payable_dues.n + excluded.n,
    balance_cents = report_payable_dues.balance_cents + excluded.balance_cents;
{{end}}
{{define "changed_pg"}}OLD.balance_cents IS DISTINCT FROM NEW.balance_cents OR OLD.due_date IS DISTINCT FROM NEW.due_date
    OR OLD.supplier_id IS DISTINCT FROM NEW.supplier_id OR OLD.store_id IS DISTINCT FROM NEW.store_id
    OR OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.approval_status IS DISTINCT FROM NEW.approval_status
    OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL){{end}}
{{define "changed_sqlite"}}OLD.balance_cents IS NOT NEW.balance_cents OR OLD.due_date IS NOT NEW.due_date
    OR OLD.supplier_id IS NOT NEW.supplier_id OR OLD.store_id IS NOT NEW.store_id
    OR OLD.company_id IS NOT NEW.company_id OR OLD.approval_status IS NOT NEW.approval_status
    OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL){{end}}
CREATE TABLE report_payable_dues (
    store_id BIGINT NOT NULL,
    grain TEXT NOT NULL,
    due TEXT NOT NULL,
    company_id BIGINT NOT NULL,
    party_id BIGINT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    balance_cents BIGINT NOT NULL DEFAULT 0,
    -- The reader's ranges: one store (0: every store), one grain, a range of due dates.
    PRIMARY KEY (store_id, grain, due, company_id, party_id){{if .PG}} INCLUDE (n, balance_cents){{end}}
);
--bun:split
INSERT INTO report_payable_dues (store_id, grain, due, company_id, party_id, n, balance_cents)
SELECT CASE WHEN s.every = 1 THEN 0 ELSE d.store_id END, g.grain,
    CASE g.grain WHEN 't' THEN '' WHEN 'm' THEN substr(d.due_date, 1, 7) ELSE d.due_date END,
    d.company_id, d.party_id, COUNT(*), SUM(d.balance_cents)
FROM report_document_heads d, (SELECT 0 AS every UNION ALL SELECT 1) AS s,
    (SELECT 't' AS grain UNION ALL SELECT 'm' UNION ALL SELECT 'd') AS g
WHERE d.type = 'purchase' AND d.balance_cents > 0
GROUP BY CASE WHEN s.every = 1 THEN 0 ELSE d.store_id END, g.grain,
    CASE g.grain WHEN 't' THEN '' WHEN 'm' THEN substr(d.due_date, 1, 7) ELSE d.due_date END, d.company_id, d.party_id;
--bun:split
{{if .PG}}
ANALYZE report_payable_dues;
--bun:split
CREATE FUNCTION report_purchases_payable_dues() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP = 'INSERT' THEN {{template "upsert" "NEW"}}
    ELSIF TG_OP = 'DELETE' THEN {{template "upsert" "OLD"}}
    ELSE {{template "upsert" "both"}}
    END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_purchases_payable_dues AFTER INSERT OR DELETE ON purchases FOR EACH ROW
EXECUTE FUNCTION report_purchases_payable_dues();
--bun:split
CREATE TRIGGER report_purchases_payable_dues_update AFTER UPDATE ON purchases FOR EACH ROW
WHEN ({{template "changed_pg"}}) EXECUTE FUNCTION report_purchases_payable_dues();
{{else}}
CREATE TRIGGER report_purchases_payable_dues_insert AFTER INSERT ON purchases BEGIN {{template "upsert" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchases_payable_dues_update AFTER UPDATE ON purchases WHEN {{template "changed_sqlite"}}
BEGIN {{template "upsert" "both"}} END;
--bun:split
CREATE TRIGGER report_purchases_payable_dues_delete AFTER DELETE ON purchases BEGIN {{template "upsert" "OLD"}} END;
{{end}}
