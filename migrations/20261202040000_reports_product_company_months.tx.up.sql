-- reports: product_report's every-store request at 1,000,000 documents (issue 12, "Fast").
-- report_product_months keeps the lines per company, month, store, type and product: ~10,000 rows
-- a month, ~123,000–190,000 a year, which product_report summed per product on every request
-- (197 / 344 ms p50 / p99 for a month, 982 / 1,684 ms for a year at 10 clients, the bitmap heap
-- scan most of it). report_product_company_months is the same without the store — the usual
-- request names none — so that a month is one row per product and type (a quarter to a sixth of
-- the rows), read from the primary key alone on PostgreSQL (the figures are in it). A store
-- filter still reads report_product_months. report_product_company_bought is the same for
-- report_product_bought (every approved purchase line per company, store and product: the
-- weighted average cost's base): one row per product instead of one per store and product.
--
-- Kept by a trigger on report_product_months itself, like report_party_balances on
-- report_party_months: each upsert there adds its difference (NEW − OLD) here, so this table is
-- the sum of those rows by construction, whatever write moved them (a line, a header's approval,
-- deletion, date, store or company). report_product_months' rows are only ever inserted or
-- updated in place (their keys never change; the reports' rebuild clears both tables and refills
-- them). The lock it adds is per company, month, type and product — the writers of one product in
-- one month, across stores, queue on it; a header's lines reach it in product order (the headers'
-- triggers group them ORDER BY product_id), so two approvals never take two rows in opposite
-- orders. report_product_company_bought likewise, on report_product_bought (per company and
-- product: the approvals of purchases of one product, across stores, queue on it).
{{define "sum"}}INSERT INTO report_product_company_months (company_id, month, type, product_id, n, quantity, amount_cents, cost_cents)
VALUES (NEW.company_id, NEW.month, NEW.type, NEW.product_id, NEW.n{{if .}} - OLD.n{{end}}, NEW.quantity{{if .}} - OLD.quantity{{end}},
    NEW.amount_cents{{if .}} - OLD.amount_cents{{end}}, NEW.cost_cents{{if .}} - OLD.cost_cents{{end}})
ON CONFLICT (month, type, company_id, product_id) DO UPDATE SET n = report_product_company_months.n + excluded.n,
    quantity = report_product_company_months.quantity + excluded.quantity,
    amount_cents = report_product_company_months.amount_cents + excluded.amount_cents,
    cost_cents = report_product_company_months.cost_cents + excluded.cost_cents;{{end}}
{{define "bought_sum"}}INSERT INTO report_product_company_bought (company_id, product_id, n, quantity, amount_cents)
VALUES (NEW.company_id, NEW.product_id, NEW.n{{if .}} - OLD.n{{end}}, NEW.quantity{{if .}} - OLD.quantity{{end}},
    NEW.amount_cents{{if .}} - OLD.amount_cents{{end}})
ON CONFLICT (company_id, product_id) DO UPDATE SET n = report_product_company_bought.n + excluded.n,
    quantity = report_product_company_bought.quantity + excluded.quantity,
    amount_cents = report_product_company_bought.amount_cents + excluded.amount_cents;{{end}}
{{/* "." names the table summed, report_product_months ("months") or report_product_bought
("bought"); "months-" and "bought-" an UPDATE of it (NEW − OLD). */}}
{{define "add"}}{{if eq . "months"}}{{template "sum" false}}{{else if eq . "months-"}}{{template "sum" true}}
{{- else if eq . "bought"}}{{template "bought_sum" false}}{{else}}{{template "bought_sum" true}}{{end}}{{end}}
{{define "pg"}}
CREATE FUNCTION report_product_{{.}}_sum() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP = 'INSERT' THEN {{template "add" .}}
    ELSE {{template "add" (printf "%s-" .)}}
    END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_product_{{.}}_sum AFTER INSERT OR UPDATE ON report_product_{{.}} FOR EACH ROW
EXECUTE FUNCTION report_product_{{.}}_sum();
{{end}}
{{define "sqlite"}}
CREATE TRIGGER report_product_{{.}}_sum_insert AFTER INSERT ON report_product_{{.}} BEGIN {{template "add" .}} END;
--bun:split
CREATE TRIGGER report_product_{{.}}_sum_update AFTER UPDATE ON report_product_{{.}} BEGIN {{template "add" (printf "%s-" .)}} END;
{{end}}
CREATE TABLE report_product_company_months (
    company_id BIGINT NOT NULL,
    month TEXT NOT NULL,
    type TEXT NOT NULL,
    product_id BIGINT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    quantity BIGINT NOT NULL DEFAULT 0,
    amount_cents BIGINT NOT NULL DEFAULT 0,
    cost_cents BIGINT NOT NULL DEFAULT 0,
    -- A range of months, and the purchase months after a day (the average cost), are ranges of
    -- this key, month first: an administrator's request names no company (at 100,000 documents a
    -- key led by the company left the month to a sequential scan of the table, 20 ms for 3,000 of
    -- its 112,000 rows); a company's is a filter within the range. On PostgreSQL the figures ride
    -- in the key (an index-only scan).
    PRIMARY KEY (month, type, company_id, product_id){{if .PG}} INCLUDE (quantity, amount_cents, cost_cents){{end}}
);
--bun:split
-- Backfill from what exists, in month order so that a month's rows share pages as the trigger's
-- rows of each new month do.
INSERT INTO report_product_company_months (company_id, month, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT m.company_id, m.month, m.type, m.product_id, SUM(m.n), SUM(m.quantity), SUM(m.amount_cents), SUM(m.cost_cents)
FROM report_product_months m
GROUP BY m.company_id, m.month, m.type, m.product_id
ORDER BY m.month, m.company_id, m.type, m.product_id;
--bun:split
CREATE TABLE report_product_company_bought (
    company_id BIGINT NOT NULL,
    product_id BIGINT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    quantity BIGINT NOT NULL DEFAULT 0,
    amount_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, product_id)
);
--bun:split
INSERT INTO report_product_company_bought (company_id, product_id, n, quantity, amount_cents)
SELECT b.company_id, b.product_id, SUM(b.n), SUM(b.quantity), SUM(b.amount_cents)
FROM report_product_bought b
GROUP BY b.company_id, b.product_id;
--bun:split
{{if .PG}}
ANALYZE report_product_company_months, report_product_company_bought;
--bun:split
{{template "pg" "months"}}
--bun:split
{{template "pg" "bought"}}
{{else}}{{template "sqlite" "months"}}
--bun:split
{{template "sqlite" "bought"}}
{{end}}
