-- reports: payment_report's rows per store, party, method and calendar year, the months side by
-- side (issue 12, "Fast").
--
-- A store filter read the range's whole months from report_party_payments (20261201030000): a
-- row per month, type, party, method, company, store and approval status, about one row per
-- payment at 1,000,000 documents, grouped per key (0.40 / 0.76 s p99 for a year's range at a
-- quarter of that). report_payment_store_years is report_payment_years (20261202020000) with
-- the store: per store (the payment's document's, 0 without one), calendar year, type, party,
-- method and company, each month's count of the payments pending or approved and live (n_MM)
-- and their amounts approved and pending (approved_MM_cents, pending_MM_cents; a refund
-- negative). One store's year is one row per key, read in the primary key's order (store and
-- year first); a party's rows by the primary key's prefix (payment_report's walk).
--
-- Kept from report_payment_party_days (20261204020000), which holds the same figures per day,
-- by triggers on it (SQLite and PostgreSQL), in the payment's write transaction: a day row's
-- change (its figures' difference) is added into its month's columns of its store's year row.
-- So whatever moves a payment's day row — a payment written, a document moved to another
-- store — moves this one, with no second copy of those rules. Rows that net to zero stay and
-- are skipped by the readers. Backfilled here with the statement modules/reports' Rebuild runs.
{{define "cols"}}n_{{.}}, approved_{{.}}_cents, pending_{{.}}_cents{{end}}
{{define "defs"}}n_{{.}} BIGINT NOT NULL DEFAULT 0, approved_{{.}}_cents BIGINT NOT NULL DEFAULT 0, pending_{{.}}_cents BIGINT NOT NULL DEFAULT 0{{end}}
{{define "vals"}}CASE WHEN x.m = '{{.}}' THEN x.n ELSE 0 END, CASE WHEN x.m = '{{.}}' THEN x.a ELSE 0 END, CASE WHEN x.m = '{{.}}' THEN x.p ELSE 0 END{{end}}
{{define "sums"}}SUM(CASE WHEN x.m = '{{.}}' THEN x.n ELSE 0 END), SUM(CASE WHEN x.m = '{{.}}' THEN x.a ELSE 0 END),
    SUM(CASE WHEN x.m = '{{.}}' THEN x.p ELSE 0 END){{end}}
{{define "adds"}}n_{{.}} = report_payment_store_years.n_{{.}} + excluded.n_{{.}},
    approved_{{.}}_cents = report_payment_store_years.approved_{{.}}_cents + excluded.approved_{{.}}_cents,
    pending_{{.}}_cents = report_payment_store_years.pending_{{.}}_cents + excluded.pending_{{.}}_cents{{end}}
{{define "all_cols"}}{{template "cols" "01"}}, {{template "cols" "02"}}, {{template "cols" "03"}}, {{template "cols" "04"}},
    {{template "cols" "05"}}, {{template "cols" "06"}}, {{template "cols" "07"}}, {{template "cols" "08"}},
    {{template "cols" "09"}}, {{template "cols" "10"}}, {{template "cols" "11"}}, {{template "cols" "12"}}{{end}}
{{define "all_defs"}}{{template "defs" "01"}},
    {{template "defs" "02"}},
    {{template "defs" "03"}},
    {{template "defs" "04"}},
    {{template "defs" "05"}},
    {{template "defs" "06"}},
    {{template "defs" "07"}},
    {{template "defs" "08"}},
    {{template "defs" "09"}},
    {{template "defs" "10"}},
    {{template "defs" "11"}},
    {{template "defs" "12"}}{{end}}
{{define "all_vals"}}{{template "vals" "01"}},
    {{template "vals" "02"}},
    {{template "vals" "03"}},
    {{template "vals" "04"}},
    {{template "vals" "05"}},
    {{template "vals" "06"}},
    {{template "vals" "07"}},
    {{template "vals" "08"}},
    {{template "vals" "09"}},
    {{template "vals" "10"}},
    {{template "vals" "11"}},
    {{template "vals" "12"}}{{end}}
{{define "all_sums"}}{{template "sums" "01"}},
    {{template "sums" "02"}},
    {{template "sums" "03"}},
    {{template "sums" "04"}},
    {{template "sums" "05"}},
    {{template "sums" "06"}},
    {{template "sums" "07"}},
    {{template "sums" "08"}},
    {{template "sums" "09"}},
    {{template "sums" "10"}},
    {{template "sums" "11"}},
    {{template "sums" "12"}}{{end}}
{{define "all_adds"}}{{template "adds" "01"}},
    {{template "adds" "02"}},
    {{template "adds" "03"}},
    {{template "adds" "04"}},
    {{template "adds" "05"}},
    {{template "adds" "06"}},
    {{template "adds" "07"}},
    {{template "adds" "08"}},
    {{template "adds" "09"}},
    {{template "adds" "10"}},
    {{template "adds" "11"}},
    {{template "adds" "12"}}{{end}}
{{/* The figures a day row's write adds ("." is OLD, subtracted; NEW, added; or DELTA, NEW less
     OLD on the same key), into the month of its day in its store's year row. */}}
{{define "key"}}{{if eq . "DELTA"}}NEW{{else}}{{.}}{{end}}{{end}}
{{define "fig"}}{{if eq . "OLD"}}-OLD{{else}}NEW{{end}}{{end}}
{{define "add"}}
INSERT INTO report_payment_store_years (store_id, year, type, party_id, method, company_id,
    {{template "all_cols"}})
SELECT x.store_id, x.yr, x.type, x.party_id, x.method, x.company_id,
    {{template "all_vals"}}
FROM (SELECT {{template "key" .}}.store_id AS store_id, substr({{template "key" .}}.day, 1, 4) AS yr,
        substr({{template "key" .}}.day, 6, 2) AS m, {{template "key" .}}.type AS type, {{template "key" .}}.party_id AS party_id,
        {{template "key" .}}.method AS method, {{template "key" .}}.company_id AS company_id,
        {{if eq . "DELTA"}}NEW.n - OLD.n AS n, NEW.approved_cents - OLD.approved_cents AS a, NEW.pending_cents - OLD.pending_cents AS p
        {{- else}}{{template "fig" .}}.n AS n, {{template "fig" .}}.approved_cents AS a, {{template "fig" .}}.pending_cents AS p{{end}}) AS x
WHERE true
ON CONFLICT (store_id, year, type, party_id, method, company_id) DO UPDATE SET
    {{template "all_adds"}};
{{end}}
{{/* A day row whose key changed (the writers never change one; a hand's UPDATE might). */}}
{{define "moved"}}substr(OLD.day, 1, 7) <> substr(NEW.day, 1, 7) OR OLD.type <> NEW.type OR OLD.party_id <> NEW.party_id
    OR OLD.method <> NEW.method OR OLD.company_id <> NEW.company_id OR OLD.store_id <> NEW.store_id{{end}}
CREATE TABLE report_payment_store_years (
    store_id BIGINT NOT NULL,
    year TEXT NOT NULL,
    type TEXT NOT NULL,
    party_id BIGINT NOT NULL,
    method TEXT NOT NULL,
    company_id BIGINT NOT NULL,
    {{template "all_defs"}},
    PRIMARY KEY (store_id, year, type, party_id, method, company_id)
);
--bun:split
-- Backfill: the same statement as modules/reports' Rebuild, written in the key's order (a
-- store's year together in the table).
INSERT INTO report_payment_store_years (store_id, year, type, party_id, method, company_id,
    {{template "all_cols"}})
SELECT x.store_id, x.yr, x.type, x.party_id, x.method, x.company_id,
    {{template "all_sums"}}
FROM (SELECT y.store_id, substr(y.day, 1, 4) AS yr, substr(y.day, 6, 2) AS m, y.type, y.party_id, y.method, y.company_id,
        y.n, y.approved_cents AS a, y.pending_cents AS p
    FROM report_payment_party_days y) AS x
GROUP BY x.store_id, x.yr, x.type, x.party_id, x.method, x.company_id
ORDER BY x.store_id, x.yr, x.type, x.party_id, x.method, x.company_id;
--bun:split
{{if .PG}}
ANALYZE report_payment_store_years;
--bun:split
CREATE FUNCTION report_payment_party_days_store_years() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP = 'UPDATE' AND NOT ({{template "moved"}}) THEN {{template "add" "DELTA"}} RETURN NULL; END IF;
    IF TG_OP <> 'INSERT' THEN {{template "add" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "add" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_payment_party_days_store_years AFTER INSERT OR DELETE ON report_payment_party_days FOR EACH ROW
EXECUTE FUNCTION report_payment_party_days_store_years();
--bun:split
CREATE TRIGGER report_payment_party_days_store_years_update AFTER UPDATE ON report_payment_party_days FOR EACH ROW
WHEN ({{template "moved"}} OR OLD.n <> NEW.n OR OLD.approved_cents <> NEW.approved_cents OR OLD.pending_cents <> NEW.pending_cents)
EXECUTE FUNCTION report_payment_party_days_store_years();
{{else}}
CREATE TRIGGER report_payment_party_days_store_years_insert AFTER INSERT ON report_payment_party_days BEGIN {{template "add" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payment_party_days_store_years_update AFTER UPDATE ON report_payment_party_days WHEN NOT ({{template "moved"}})
BEGIN {{template "add" "DELTA"}} END;
--bun:split
CREATE TRIGGER report_payment_party_days_store_years_moved AFTER UPDATE ON report_payment_party_days WHEN {{template "moved"}}
BEGIN {{template "add" "OLD"}} {{template "add" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payment_party_days_store_years_delete AFTER DELETE ON report_payment_party_days BEGIN {{template "add" "OLD"}} END;
{{end}}
