-- reports: payment_report's every-store rows per party, method and calendar year, the months
-- side by side (issue 12, session 10, "Fast").
--
-- report_party_payments (20261201030000) keeps a row per month, type, party, method, company,
-- store and approval status: at 1,000,000 documents about one row per payment, so a year's
-- payment_report read ~600,000 index entries and grouped them (4.4 s at 10 clients). The usual
-- request is for every store, and its rows are (direction, method, party) with the approved and
-- pending amounts side by side, so report_payment_years keeps exactly that, one row per type,
-- party, method, company and calendar year, with each month's count (n_MM: the payments pending
-- or approved and live), approved amount (approved_MM_cents) and pending amount
-- (pending_MM_cents) in columns of the row (a refund negative). A range of whole months within
-- a year is one row per key (its months' columns added), a range across years one row per key
-- and year: what a request reads is bounded by the parties, methods and years, never by the
-- payments. A store filter still reads report_party_payments.
--
-- Kept in the write transaction by triggers on payments (like report_party_payments, on
-- SQLite and PostgreSQL): the old row's figures subtracted, the new row's added, into the
-- column of its month. No store is kept, so a document moving to another store changes nothing
-- here. A write touches one row, that of its own party, method and year: no row is shared by a
-- company's writers. Rows that net to zero stay and are skipped by the readers.
{{define "cols"}}n_{{.}}, approved_{{.}}_cents, pending_{{.}}_cents{{end}}
{{define "defs"}}n_{{.}} BIGINT NOT NULL DEFAULT 0, approved_{{.}}_cents BIGINT NOT NULL DEFAULT 0, pending_{{.}}_cents BIGINT NOT NULL DEFAULT 0{{end}}
{{define "vals"}}CASE WHEN x.m = '{{.}}' THEN x.n ELSE 0 END, CASE WHEN x.m = '{{.}}' THEN x.a ELSE 0 END, CASE WHEN x.m = '{{.}}' THEN x.p ELSE 0 END{{end}}
{{define "sums"}}SUM(CASE WHEN x.m = '{{.}}' THEN x.n ELSE 0 END), SUM(CASE WHEN x.m = '{{.}}' THEN x.a ELSE 0 END),
    SUM(CASE WHEN x.m = '{{.}}' THEN x.p ELSE 0 END){{end}}
{{define "adds"}}n_{{.}} = report_payment_years.n_{{.}} + excluded.n_{{.}},
    approved_{{.}}_cents = report_payment_years.approved_{{.}}_cents + excluded.approved_{{.}}_cents,
    pending_{{.}}_cents = report_payment_years.pending_{{.}}_cents + excluded.pending_{{.}}_cents{{end}}
{{define "all_cols"}}{{template "cols" "01"}},
    {{template "cols" "02"}},
    {{template "cols" "03"}},
    {{template "cols" "04"}},
    {{template "cols" "05"}},
    {{template "cols" "06"}},
    {{template "cols" "07"}},
    {{template "cols" "08"}},
    {{template "cols" "09"}},
    {{template "cols" "10"}},
    {{template "cols" "11"}},
    {{template "cols" "12"}}{{end}}
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
{{define "sign"}}{{if eq . "OLD"}}-1{{else}}1{{end}}{{end}}
{{/* A payment's row ("." is OLD, subtracted, or NEW, added), as report_payments gives it:
     pending or approved and live, a refund negative; x is its year, month and signed figures. */}}
{{define "payment"}}
INSERT INTO report_payment_years (year, type, party_id, method, company_id,
    {{template "all_cols"}})
SELECT x.yr, x.type, x.party_id, x.method, x.company_id,
    {{template "all_vals"}}
FROM (SELECT substr({{.}}.payment_date, 1, 4) AS yr, substr({{.}}.payment_date, 6, 2) AS m, {{.}}.type AS type,
        {{.}}.party_id AS party_id, {{.}}.method AS method, {{.}}.company_id AS company_id, {{template "sign" .}} AS n,
        {{template "sign" .}} * CASE WHEN {{.}}.approval_status = 'approved' THEN {{template "amount" .}} ELSE 0 END AS a,
        {{template "sign" .}} * CASE WHEN {{.}}.approval_status = 'pending' THEN {{template "amount" .}} ELSE 0 END AS p
    WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status IN ('pending', 'approved')) AS x
WHERE true
ON CONFLICT (year, type, party_id, method, company_id) DO UPDATE SET
    {{template "all_adds"}};
{{end}}
{{define "amount"}}(CASE WHEN {{.}}.direction = 'refund' THEN -{{.}}.amount_cents ELSE {{.}}.amount_cents END){{end}}
{{/* What the rows read of a payment: a change elsewhere (its document, reference, who approved it) moves nothing here. */}}
{{define "changed"}}OLD.company_id <> NEW.company_id OR OLD.type <> NEW.type OR OLD.party_id <> NEW.party_id
    OR OLD.payment_date <> NEW.payment_date OR OLD.amount_cents <> NEW.amount_cents OR OLD.direction <> NEW.direction
    OR OLD.method <> NEW.method OR OLD.approval_status <> NEW.approval_status
    OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL){{end}}
CREATE TABLE report_payment_years (
    year TEXT NOT NULL,
    type TEXT NOT NULL,
    party_id BIGINT NOT NULL,
    method TEXT NOT NULL,
    company_id BIGINT NOT NULL,
    {{template "all_defs"}},
    PRIMARY KEY (year, type, party_id, method, company_id)
);
--bun:split
-- Backfill: the same statement as modules/reports' Rebuild. Written in the key's order, so that a
-- year's rows sit together in the table (a year's read visits its own pages, not every year's;
-- the year being written is appended at the end as its new keys come).
INSERT INTO report_payment_years (year, type, party_id, method, company_id,
    {{template "all_cols"}})
SELECT x.yr, x.type, x.party_id, x.method, x.company_id,
    {{template "all_sums"}}
FROM (SELECT substr(y.payment_date, 1, 4) AS yr, substr(y.payment_date, 6, 2) AS m, y.type, y.party_id, y.method, y.company_id,
        1 AS n, CASE WHEN y.approval_status = 'approved' THEN y.amount_cents ELSE 0 END AS a,
        CASE WHEN y.approval_status = 'pending' THEN y.amount_cents ELSE 0 END AS p
    FROM report_payments y) AS x
GROUP BY x.yr, x.type, x.party_id, x.method, x.company_id
ORDER BY x.yr, x.type, x.party_id, x.method, x.company_id;
--bun:split
{{if .PG}}
ANALYZE report_payment_years;
--bun:split
CREATE FUNCTION report_payments_payment_years() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "payment" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "payment" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_payments_payment_years AFTER INSERT OR DELETE ON payments FOR EACH ROW
EXECUTE FUNCTION report_payments_payment_years();
--bun:split
CREATE TRIGGER report_payments_payment_years_update AFTER UPDATE ON payments FOR EACH ROW
WHEN ({{template "changed"}}) EXECUTE FUNCTION report_payments_payment_years();
{{else}}
CREATE TRIGGER report_payments_payment_years_insert AFTER INSERT ON payments BEGIN {{template "payment" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payments_payment_years_update AFTER UPDATE ON payments WHEN {{template "changed"}}
BEGIN {{template "payment" "OLD"}} {{template "payment" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payments_payment_years_delete AFTER DELETE ON payments BEGIN {{template "payment" "OLD"}} END;
{{end}}
