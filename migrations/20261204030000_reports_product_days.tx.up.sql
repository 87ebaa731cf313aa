-- reports: product_report over a range that cuts days (issue 12, "Fast"). The whole months of a
-- range come from report_product_months (20261130020000) and report_product_company_months
-- (20261202040000); the days of a month the range covers only in part were read from the lines
-- themselves (report_lines), and lines carry no date: every request hash-joined all the lines with
-- their documents (at 1,000,000 documents no request of the default range moved 14 days finished
-- in 2 s at 10 clients; one client alone took 604 ms). These are the same figures per day:
--   - report_product_days: the approved, live purchases' and sales' lines per company, day, store,
--     type and product — lines (n), units, amount before VAT and cost, as report_product_months;
--     read only for a store's request, so keyed by store first (a store's days are one range);
--   - report_product_company_days: the same without the store, what a request for every store
--     reads, keyed by day first (an administrator's request names no company), the figures in
--     the key on PostgreSQL (an index-only scan);
--   - report_product_company_halves: the same per half month (half: the half's first day,
--     YYYY-MM-01 for days 1–15, YYYY-MM-16 for the 16th to the end), for a request for every
--     store: a half holds about one row per product and type, where half a month of days holds
--     up to fifteen.
-- A cut month is read from its smaller side (modules/reports/internal/store/span.go, cutsOf):
-- for one store its days in the range, or the month less the days out of it; for every store
-- each half on its own so — at most a week of days a half.
--
-- Kept IN THE WRITE TRANSACTION like report_product_months, by triggers of their own on the same
-- writes (a line inserted, changed or deleted while its document counts; a document whose
-- approval, deletion, date, store or company changes moves all its lines from where the old row
-- counted them to where the new one does; a header's lines in product order, so that two
-- approvals never take two rows in opposite orders), at a day's grain instead of a month's.
-- report_product_company_days and report_product_company_halves are kept by a trigger on
-- report_product_days, as report_product_company_months on report_product_months: each upsert
-- there adds its difference (NEW − OLD) to both, so they are its sums by construction. Rows that net to zero stay (the readers
-- read them as nothing). Backfilled here from what exists, in day order, so that a day's rows
-- share pages as the triggers' rows of each new day do.
--
-- Templates: "." is the trigger's row, OLD (subtracted) or NEW (added).
{{define "dsign"}}{{if eq . "OLD"}}-1{{else}}1{{end}}{{end}}
{{define "day_sums"}}n = report_product_days.n + excluded.n,
    quantity = report_product_days.quantity + excluded.quantity,
    amount_cents = report_product_days.amount_cents + excluded.amount_cents,
    cost_cents = report_product_days.cost_cents + excluded.cost_cents{{end}}
{{define "day_conflict"}}ON CONFLICT (store_id, day, type, company_id, product_id) DO UPDATE SET {{template "day_sums"}};{{end}}
{{/* A line ("." the row, OLD or NEW) under its header, while the header counts: "purchase" and
"sale" templates, the sale's cost the unit cost it kept times its units. */}}
{{define "purchase_line_days"}}
INSERT INTO report_product_days (company_id, day, store_id, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT p.company_id, p.purchase_date, p.store_id, 'purchase', {{.}}.product_id, {{template "dsign" .}},
    {{template "dsign" .}} * {{.}}.quantity, {{template "dsign" .}} * {{.}}.base_cents, {{template "dsign" .}} * {{.}}.base_cents
FROM purchases p WHERE p.id = {{.}}.purchase_id AND p.deleted_at IS NULL AND p.approval_status = 'approved'
{{template "day_conflict"}}
{{end}}
{{define "sale_line_days"}}
INSERT INTO report_product_days (company_id, day, store_id, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT s.company_id, s.sale_date, s.store_id, 'sale', {{.}}.product_id, {{template "dsign" .}},
    {{template "dsign" .}} * {{.}}.quantity, {{template "dsign" .}} * {{.}}.base_cents, {{template "dsign" .}} * {{.}}.cost_cents * {{.}}.quantity
FROM sales s WHERE s.id = {{.}}.sale_id AND s.deleted_at IS NULL AND s.approval_status = 'approved'
{{template "day_conflict"}}
{{end}}
{{/* A header ("." the row, OLD or NEW): all its lines, where that row counts them. */}}
{{define "purchase_days"}}
INSERT INTO report_product_days (company_id, day, store_id, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT {{.}}.company_id, {{.}}.purchase_date, {{.}}.store_id, 'purchase', x.product_id, {{template "dsign" .}} * COUNT(*),
    {{template "dsign" .}} * SUM(x.quantity), {{template "dsign" .}} * SUM(x.base_cents), {{template "dsign" .}} * SUM(x.base_cents)
FROM purchase_lines x WHERE x.purchase_id = {{.}}.id AND {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
GROUP BY x.product_id ORDER BY x.product_id
{{template "day_conflict"}}
{{end}}
{{define "sale_days"}}
INSERT INTO report_product_days (company_id, day, store_id, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT {{.}}.company_id, {{.}}.sale_date, {{.}}.store_id, 'sale', x.product_id, {{template "dsign" .}} * COUNT(*),
    {{template "dsign" .}} * SUM(x.quantity), {{template "dsign" .}} * SUM(x.base_cents), {{template "dsign" .}} * SUM(x.cost_cents * x.quantity)
FROM sale_lines x WHERE x.sale_id = {{.}}.id AND {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
GROUP BY x.product_id ORDER BY x.product_id
{{template "day_conflict"}}
{{end}}
{{/* The triggers' templates below take the document type, purchase or sale, as ".". */}}
{{define "line_old"}}{{if eq . "purchase"}}{{template "purchase_line_days" "OLD"}}{{else}}{{template "sale_line_days" "OLD"}}{{end}}{{end}}
{{define "line_new"}}{{if eq . "purchase"}}{{template "purchase_line_days" "NEW"}}{{else}}{{template "sale_line_days" "NEW"}}{{end}}{{end}}
{{define "head_old"}}{{if eq . "purchase"}}{{template "purchase_days" "OLD"}}{{else}}{{template "sale_days" "OLD"}}{{end}}{{end}}
{{define "head_new"}}{{if eq . "purchase"}}{{template "purchase_days" "NEW"}}{{else}}{{template "sale_days" "NEW"}}{{end}}{{end}}
{{/* The half a day (YYYY-MM-DD, "." the expression) falls in: its first day. */}}
{{define "half"}}substr({{.}}, 1, 8) || CASE WHEN substr({{.}}, 9, 2) <= '15' THEN '01' ELSE '16' END{{end}}
{{/* report_product_company_days and report_product_company_halves from report_product_days'
row: its difference (NEW − OLD on an update, "." true). */}}
{{define "company_sum"}}INSERT INTO report_product_company_days (company_id, day, type, product_id, n, quantity, amount_cents, cost_cents)
VALUES (NEW.company_id, NEW.day, NEW.type, NEW.product_id, NEW.n{{if .}} - OLD.n{{end}}, NEW.quantity{{if .}} - OLD.quantity{{end}},
    NEW.amount_cents{{if .}} - OLD.amount_cents{{end}}, NEW.cost_cents{{if .}} - OLD.cost_cents{{end}})
ON CONFLICT (day, type, company_id, product_id) DO UPDATE SET n = report_product_company_days.n + excluded.n,
    quantity = report_product_company_days.quantity + excluded.quantity,
    amount_cents = report_product_company_days.amount_cents + excluded.amount_cents,
    cost_cents = report_product_company_days.cost_cents + excluded.cost_cents;
INSERT INTO report_product_company_halves (company_id, half, type, product_id, n, quantity, amount_cents, cost_cents)
VALUES (NEW.company_id, {{template "half" "NEW.day"}}, NEW.type, NEW.product_id, NEW.n{{if .}} - OLD.n{{end}},
    NEW.quantity{{if .}} - OLD.quantity{{end}}, NEW.amount_cents{{if .}} - OLD.amount_cents{{end}}, NEW.cost_cents{{if .}} - OLD.cost_cents{{end}})
ON CONFLICT (half, type, company_id, product_id) DO UPDATE SET n = report_product_company_halves.n + excluded.n,
    quantity = report_product_company_halves.quantity + excluded.quantity,
    amount_cents = report_product_company_halves.amount_cents + excluded.amount_cents,
    cost_cents = report_product_company_halves.cost_cents + excluded.cost_cents;{{end}}
{{define "pg"}}
CREATE FUNCTION report_{{.}}_lines_product_days() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "line_old" .}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "line_new" .}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_{{.}}_lines_product_days AFTER INSERT OR UPDATE OR DELETE ON {{.}}_lines
FOR EACH ROW EXECUTE FUNCTION report_{{.}}_lines_product_days();
--bun:split
CREATE FUNCTION report_{{.}}s_product_days() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    {{template "head_old" .}}
    {{template "head_new" .}}
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_{{.}}s_product_days AFTER UPDATE ON {{.}}s FOR EACH ROW
WHEN (OLD.approval_status IS DISTINCT FROM NEW.approval_status OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.{{.}}_date IS DISTINCT FROM NEW.{{.}}_date OR OLD.store_id IS DISTINCT FROM NEW.store_id
    OR OLD.company_id IS DISTINCT FROM NEW.company_id)
EXECUTE FUNCTION report_{{.}}s_product_days();
{{end}}
{{define "sqlite"}}
CREATE TRIGGER report_{{.}}_lines_product_days_insert AFTER INSERT ON {{.}}_lines BEGIN {{template "line_new" .}} END;
--bun:split
CREATE TRIGGER report_{{.}}_lines_product_days_update AFTER UPDATE ON {{.}}_lines BEGIN {{template "line_old" .}} {{template "line_new" .}} END;
--bun:split
CREATE TRIGGER report_{{.}}_lines_product_days_delete AFTER DELETE ON {{.}}_lines BEGIN {{template "line_old" .}} END;
--bun:split
CREATE TRIGGER report_{{.}}s_product_days AFTER UPDATE ON {{.}}s
WHEN OLD.approval_status IS NOT NEW.approval_status OR OLD.deleted_at IS NOT NEW.deleted_at OR OLD.{{.}}_date IS NOT NEW.{{.}}_date
    OR OLD.store_id IS NOT NEW.store_id OR OLD.company_id IS NOT NEW.company_id
BEGIN {{template "head_old" .}} {{template "head_new" .}} END;
{{end}}
CREATE TABLE report_product_days (
    company_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    type TEXT NOT NULL,
    store_id BIGINT NOT NULL,
    product_id BIGINT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    quantity BIGINT NOT NULL DEFAULT 0,
    amount_cents BIGINT NOT NULL DEFAULT 0,
    cost_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (store_id, day, type, company_id, product_id){{if .PG}} INCLUDE (quantity, amount_cents, cost_cents){{end}}
);
--bun:split
CREATE TABLE report_product_company_days (
    company_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    type TEXT NOT NULL,
    product_id BIGINT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    quantity BIGINT NOT NULL DEFAULT 0,
    amount_cents BIGINT NOT NULL DEFAULT 0,
    cost_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (day, type, company_id, product_id){{if .PG}} INCLUDE (quantity, amount_cents, cost_cents){{end}}
);
--bun:split
CREATE TABLE report_product_company_halves (
    company_id BIGINT NOT NULL,
    half TEXT NOT NULL,
    type TEXT NOT NULL,
    product_id BIGINT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    quantity BIGINT NOT NULL DEFAULT 0,
    amount_cents BIGINT NOT NULL DEFAULT 0,
    cost_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (half, type, company_id, product_id){{if .PG}} INCLUDE (quantity, amount_cents, cost_cents){{end}}
);
--bun:split
INSERT INTO report_product_days (company_id, day, store_id, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT l.company_id, l.doc_date, l.store_id, l.type, l.product_id, COUNT(*), SUM(l.quantity), SUM(l.amount_cents), SUM(l.cost_cents)
FROM report_lines l
GROUP BY l.company_id, l.doc_date, l.store_id, l.type, l.product_id
ORDER BY l.doc_date, l.company_id, l.type, l.store_id, l.product_id;
--bun:split
INSERT INTO report_product_company_days (company_id, day, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT d.company_id, d.day, d.type, d.product_id, SUM(d.n), SUM(d.quantity), SUM(d.amount_cents), SUM(d.cost_cents)
FROM report_product_days d
GROUP BY d.company_id, d.day, d.type, d.product_id
ORDER BY d.day, d.company_id, d.type, d.product_id;
--bun:split
INSERT INTO report_product_company_halves (company_id, half, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT d.company_id, d.half, d.type, d.product_id, SUM(d.n), SUM(d.quantity), SUM(d.amount_cents), SUM(d.cost_cents)
FROM (SELECT x.*, {{template "half" "x.day"}} AS half FROM report_product_company_days x) AS d
GROUP BY d.company_id, d.half, d.type, d.product_id
ORDER BY d.half, d.company_id, d.type, d.product_id;
--bun:split
{{if .PG}}
ANALYZE report_product_days, report_product_company_days, report_product_company_halves;
--bun:split
CREATE FUNCTION report_product_days_sum() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP = 'INSERT' THEN {{template "company_sum" false}}
    ELSE {{template "company_sum" true}}
    END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_product_days_sum AFTER INSERT OR UPDATE ON report_product_days FOR EACH ROW
EXECUTE FUNCTION report_product_days_sum();
--bun:split
{{template "pg" "purchase"}}
--bun:split
{{template "pg" "sale"}}
{{else}}
CREATE TRIGGER report_product_days_sum_insert AFTER INSERT ON report_product_days BEGIN {{template "company_sum" false}} END;
--bun:split
CREATE TRIGGER report_product_days_sum_update AFTER UPDATE ON report_product_days BEGIN {{template "company_sum" true}} END;
--bun:split
{{template "sqlite" "purchase"}}
--bun:split
{{template "sqlite" "sale"}}
{{end}}
