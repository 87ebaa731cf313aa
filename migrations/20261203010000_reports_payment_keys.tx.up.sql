-- reports: payment_report's keys, one row per type, party, method, company and block of five
-- calendar years, with a bit per month that has payments (issue 12, session 11, "Fast").
--
-- payment_report's count of rows (how many type, party and method keys have a payment in the
-- range) was a DISTINCT over the range's rows of report_payment_years: for a year's range two
-- calendar years' wide rows, ~67,000 rows hashed into ~42,000 keys at 1,000,000 documents, most
-- of a request's time (bench/RESULTS.md, session 10). report_payment_keys holds the same keys
-- narrow, each with months: bit (year mod 5) * 12 + month − 1 set when the key's row of that
-- year in report_payment_years counts payments that month (n_MM > 0). A range within one block
-- (block = year div 5) counts its keys as the rows whose months meet the range's bits: no
-- grouping, one narrow row per key; a range across two blocks (a year's range at most two)
-- groups those rows per key.
--
-- Kept from report_payment_years by triggers on it (SQLite and PostgreSQL), in the payment's
-- write transaction: when a year row's months that have payments change, that year's 12 bits of
-- its key are set to them; a year row deleted clears them. Rows whose months are all clear stay
-- and match no range.
{{define "bits"}}CAST((CASE WHEN {{.}}.n_01 > 0 THEN 1 ELSE 0 END + CASE WHEN {{.}}.n_02 > 0 THEN 2 ELSE 0 END
    + CASE WHEN {{.}}.n_03 > 0 THEN 4 ELSE 0 END + CASE WHEN {{.}}.n_04 > 0 THEN 8 ELSE 0 END
    + CASE WHEN {{.}}.n_05 > 0 THEN 16 ELSE 0 END + CASE WHEN {{.}}.n_06 > 0 THEN 32 ELSE 0 END
    + CASE WHEN {{.}}.n_07 > 0 THEN 64 ELSE 0 END + CASE WHEN {{.}}.n_08 > 0 THEN 128 ELSE 0 END
    + CASE WHEN {{.}}.n_09 > 0 THEN 256 ELSE 0 END + CASE WHEN {{.}}.n_10 > 0 THEN 512 ELSE 0 END
    + CASE WHEN {{.}}.n_11 > 0 THEN 1024 ELSE 0 END + CASE WHEN {{.}}.n_12 > 0 THEN 2048 ELSE 0 END) AS BIGINT){{end}}
{{define "shift"}}((CAST({{.}}.year AS INTEGER) % 5) * 12){{end}}
{{define "keycols"}}{{.}}.type, {{.}}.party_id, {{.}}.method, {{.}}.company_id{{end}}
{{/* Sets the 12 bits of row's ("." is OLD or NEW) year in its key's months to what it counts; OLD's to none (its row gone or moved). */}}
{{define "set"}}
INSERT INTO report_payment_keys (block, type, party_id, method, company_id, months)
VALUES (CAST({{.}}.year AS INTEGER) / 5, {{template "keycols" .}},
    {{if eq . "OLD"}}0{{else}}{{template "bits" .}} << {{template "shift" .}}{{end}})
ON CONFLICT (block, type, party_id, method, company_id) DO UPDATE SET
    months = (report_payment_keys.months & ~(CAST(4095 AS BIGINT) << {{template "shift" .}})) | excluded.months;
{{end}}
{{define "moved"}}OLD.year <> NEW.year OR OLD.type <> NEW.type OR OLD.party_id <> NEW.party_id OR OLD.method <> NEW.method
    OR OLD.company_id <> NEW.company_id{{end}}
CREATE TABLE report_payment_keys (
    block BIGINT NOT NULL,
    type TEXT NOT NULL,
    party_id BIGINT NOT NULL,
    method TEXT NOT NULL,
    company_id BIGINT NOT NULL,
    months BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (block, type, party_id, method, company_id)
);
--bun:split
-- Backfill: the same statement as modules/reports' Rebuild (each year's bits in a place of
-- their own, so their sum is their union).
INSERT INTO report_payment_keys (block, type, party_id, method, company_id, months)
SELECT CAST(y.year AS INTEGER) / 5, y.type, y.party_id, y.method, y.company_id,
    CAST(SUM({{template "bits" "y"}} << {{template "shift" "y"}}) AS BIGINT)
FROM report_payment_years y
GROUP BY CAST(y.year AS INTEGER) / 5, y.type, y.party_id, y.method, y.company_id
HAVING SUM({{template "bits" "y"}} << {{template "shift" "y"}}) <> 0;
--bun:split
{{if .PG}}
ANALYZE report_payment_keys;
--bun:split
CREATE FUNCTION report_payment_years_keys() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND ({{template "moved"}})) THEN {{template "set" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "set" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_payment_years_keys AFTER INSERT OR DELETE ON report_payment_years FOR EACH ROW
EXECUTE FUNCTION report_payment_years_keys();
--bun:split
-- A payment's write moves a year row's figures: its key's bits change only when a month starts
-- or stops having payments.
CREATE TRIGGER report_payment_years_keys_update AFTER UPDATE ON report_payment_years FOR EACH ROW
WHEN ({{template "moved"}} OR {{template "bits" "OLD"}} <> {{template "bits" "NEW"}})
EXECUTE FUNCTION report_payment_years_keys();
{{else}}
CREATE TRIGGER report_payment_years_keys_insert AFTER INSERT ON report_payment_years BEGIN {{template "set" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payment_years_keys_moved AFTER UPDATE ON report_payment_years WHEN {{template "moved"}}
BEGIN {{template "set" "OLD"}} {{template "set" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payment_years_keys_update AFTER UPDATE ON report_payment_years
WHEN NOT ({{template "moved"}}) AND {{template "bits" "OLD"}} <> {{template "bits" "NEW"}}
BEGIN {{template "set" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payment_years_keys_delete AFTER DELETE ON report_payment_years BEGIN {{template "set" "OLD"}} END;
{{end}}
