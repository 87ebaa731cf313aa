-- reports: payment_report's figures per month and key, and bounds of each year's, so that a
-- sort by a figure reads its page's candidates by index (issue 12, "Fast").
--
-- Sorted by a figure (largest first), payment_report summed every key's figures over the range
-- and sorted them: a year's range grouped ~46,000 wide rows of report_payment_years per request
-- at a quarter of the 1,000,000-document scale. Now each calendar year of a range is a part
-- whose keys an index gives in the order of a bound of their figure:
-- - a part of one month: report_payment_months, per month (YYYY-MM), type, party, method and
--   company, the payments pending or approved and live (n) and their amounts approved and
--   pending (a refund negative) — the figure itself, indexed per month (and type, for an
--   amount: a direction's column is its type's figure, the other type's rows are 0);
-- - a part of several months: report_payment_years' rows ordered by the sum of their year's
--   positive monthly figures (expression indexes below), at least the figure over any of the
--   year's months.
-- A key's figure over the range is at most the sum of its parts' bounds, so the keys beyond the
-- first K of each part can be left out once the page's last figure among the candidates exceeds
-- the sum of the K-th bounds (modules/reports/internal/store/payments.go, boundedTop).
--
-- report_payment_months is kept from report_payment_party_days (20261204020000, the same
-- figures per day and store) by triggers on it, in the payment's write transaction, as
-- report_payment_store_years is: a day row's change (its figures' difference) is added into
-- its month's row. Rows that net to zero stay and are skipped by the readers. Backfilled here
-- with the statement modules/reports' Rebuild runs. The indexes are PostgreSQL's (SQLite sorts
-- every key: its databases are small).
{{/* The figures a day row's write adds ("." is OLD, subtracted; NEW, added; or DELTA, NEW less
     OLD on the same key), into its month's row. */}}
{{define "key"}}{{if eq . "DELTA"}}NEW{{else}}{{.}}{{end}}{{end}}
{{define "fig"}}{{if eq . "OLD"}}-OLD{{else}}NEW{{end}}{{end}}
{{define "add"}}
INSERT INTO report_payment_months (month, type, party_id, method, company_id, n, approved_cents, pending_cents)
SELECT substr({{template "key" .}}.day, 1, 7), {{template "key" .}}.type, {{template "key" .}}.party_id, {{template "key" .}}.method,
    {{template "key" .}}.company_id,
    {{if eq . "DELTA"}}NEW.n - OLD.n, NEW.approved_cents - OLD.approved_cents, NEW.pending_cents - OLD.pending_cents
    {{- else}}{{template "fig" .}}.n, {{template "fig" .}}.approved_cents, {{template "fig" .}}.pending_cents{{end}}
WHERE true
ON CONFLICT (month, type, party_id, method, company_id) DO UPDATE SET n = report_payment_months.n + excluded.n,
    approved_cents = report_payment_months.approved_cents + excluded.approved_cents,
    pending_cents = report_payment_months.pending_cents + excluded.pending_cents;
{{end}}
{{/* A day row whose key changed (the writers never change one; a hand's UPDATE might). */}}
{{define "moved"}}substr(OLD.day, 1, 7) <> substr(NEW.day, 1, 7) OR OLD.type <> NEW.type OR OLD.party_id <> NEW.party_id
    OR OLD.method <> NEW.method OR OLD.company_id <> NEW.company_id{{end}}
CREATE TABLE report_payment_months (
    month TEXT NOT NULL,
    type TEXT NOT NULL,
    party_id BIGINT NOT NULL,
    method TEXT NOT NULL,
    company_id BIGINT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    approved_cents BIGINT NOT NULL DEFAULT 0,
    pending_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (month, type, party_id, method, company_id)
);
--bun:split
-- Backfill: the same statement as modules/reports' Rebuild.
INSERT INTO report_payment_months (month, type, party_id, method, company_id, n, approved_cents, pending_cents)
SELECT substr(y.day, 1, 7), y.type, y.party_id, y.method, y.company_id, SUM(y.n), SUM(y.approved_cents), SUM(y.pending_cents)
FROM report_payment_party_days y
GROUP BY substr(y.day, 1, 7), y.type, y.party_id, y.method, y.company_id;
--bun:split
{{if .PG}}
CREATE INDEX report_payment_months_n_idx ON report_payment_months (month, n);
--bun:split
CREATE INDEX report_payment_months_approved_idx ON report_payment_months (month, type, approved_cents);
--bun:split
CREATE INDEX report_payment_months_pending_idx ON report_payment_months (month, type, pending_cents);
--bun:split
CREATE INDEX report_payment_years_n_bound_idx ON report_payment_years (year, (GREATEST(n_01, 0) + GREATEST(n_02, 0) + GREATEST(n_03, 0) + GREATEST(n_04, 0) + GREATEST(n_05, 0) + GREATEST(n_06, 0) + GREATEST(n_07, 0) + GREATEST(n_08, 0) + GREATEST(n_09, 0) + GREATEST(n_10, 0) + GREATEST(n_11, 0) + GREATEST(n_12, 0)));
--bun:split
CREATE INDEX report_payment_years_approved_bound_idx ON report_payment_years (year, type, (GREATEST(approved_01_cents, 0) + GREATEST(approved_02_cents, 0) + GREATEST(approved_03_cents, 0) + GREATEST(approved_04_cents, 0) + GREATEST(approved_05_cents, 0) + GREATEST(approved_06_cents, 0) + GREATEST(approved_07_cents, 0) + GREATEST(approved_08_cents, 0) + GREATEST(approved_09_cents, 0) + GREATEST(approved_10_cents, 0) + GREATEST(approved_11_cents, 0) + GREATEST(approved_12_cents, 0)));
--bun:split
CREATE INDEX report_payment_years_pending_bound_idx ON report_payment_years (year, type, (GREATEST(pending_01_cents, 0) + GREATEST(pending_02_cents, 0) + GREATEST(pending_03_cents, 0) + GREATEST(pending_04_cents, 0) + GREATEST(pending_05_cents, 0) + GREATEST(pending_06_cents, 0) + GREATEST(pending_07_cents, 0) + GREATEST(pending_08_cents, 0) + GREATEST(pending_09_cents, 0) + GREATEST(pending_10_cents, 0) + GREATEST(pending_11_cents, 0) + GREATEST(pending_12_cents, 0)));
--bun:split
ANALYZE report_payment_months;
--bun:split
CREATE FUNCTION report_payment_party_days_months() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP = 'UPDATE' AND NOT ({{template "moved"}}) THEN {{template "add" "DELTA"}} RETURN NULL; END IF;
    IF TG_OP <> 'INSERT' THEN {{template "add" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "add" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_payment_party_days_months AFTER INSERT OR DELETE ON report_payment_party_days FOR EACH ROW
EXECUTE FUNCTION report_payment_party_days_months();
--bun:split
CREATE TRIGGER report_payment_party_days_months_update AFTER UPDATE ON report_payment_party_days FOR EACH ROW
WHEN ({{template "moved"}} OR OLD.n <> NEW.n OR OLD.approved_cents <> NEW.approved_cents OR OLD.pending_cents <> NEW.pending_cents)
EXECUTE FUNCTION report_payment_party_days_months();
{{else}}
CREATE TRIGGER report_payment_party_days_months_insert AFTER INSERT ON report_payment_party_days BEGIN {{template "add" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payment_party_days_months_update AFTER UPDATE ON report_payment_party_days WHEN NOT ({{template "moved"}})
BEGIN {{template "add" "DELTA"}} END;
--bun:split
CREATE TRIGGER report_payment_party_days_months_moved AFTER UPDATE ON report_payment_party_days WHEN {{template "moved"}}
BEGIN {{template "add" "OLD"}} {{template "add" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payment_party_days_months_delete AFTER DELETE ON report_payment_party_days BEGIN {{template "add" "OLD"}} END;
{{end}}
