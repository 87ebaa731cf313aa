-- reports: what product_report and product_expiry_alert read at 1,000,000 documents (issue 12,
-- "Fast"), kept IN THE WRITE TRANSACTION by triggers on the owners' tables like the daily
-- aggregates of 20261129010000_reports_returns_daily (see that file and the reports package doc):
--   - report_product_months: the approved, live purchases' and sales' lines per company, month,
--     store, type and product — lines (n), units, amount before VAT (the line's base after
--     discount) and cost (a purchase line's base; a sale line's kept unit cost × units);
--   - report_product_bought: the approved, live purchases' lines per company, store and product
--     over all time — what the weighted average cost up to a day starts from (minus what came
--     after that day);
--   - report_lot_lines: one row per lot (a goods line with an expiry date of an approved, live
--     purchase), with its purchase's date, indexed per product newest first so that
--     product_expiry_alert reads only the newest lots that hold today's stock.
-- Rows that net to zero stay (the readers skip them). Backfilled here from what exists.
--
-- Which writes move them: a line inserted, changed or deleted while its document counts (the
-- line's own trigger), and a document whose approval, deletion, date, store or company changes
-- (the header's trigger moves all its lines from where the old row counted them to where the new
-- one does). Any other header write — a payment's paid and balance, above all — fires nothing
-- here. Lines have no ON DELETE CASCADE: a hard delete removes the lines first, while their
-- header still counts them, so the line trigger subtracts them.
--
-- Templates: "." is the trigger's row, OLD (subtracted) or NEW (added).
{{define "psign"}}{{if eq . "OLD"}}-1{{else}}1{{end}}{{end}}
{{define "product_sums"}}n = report_product_months.n + excluded.n,
    quantity = report_product_months.quantity + excluded.quantity,
    amount_cents = report_product_months.amount_cents + excluded.amount_cents,
    cost_cents = report_product_months.cost_cents + excluded.cost_cents{{end}}
{{define "bought_sums"}}n = report_product_bought.n + excluded.n,
    quantity = report_product_bought.quantity + excluded.quantity,
    amount_cents = report_product_bought.amount_cents + excluded.amount_cents{{end}}
{{/* A purchase line ("." the line) under its header, while the header counts. */}}
{{define "purchase_line_products"}}
INSERT INTO report_product_months (company_id, month, store_id, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT p.company_id, substr(p.purchase_date, 1, 7), p.store_id, 'purchase', {{.}}.product_id, {{template "psign" .}},
    {{template "psign" .}} * {{.}}.quantity, {{template "psign" .}} * {{.}}.base_cents, {{template "psign" .}} * {{.}}.base_cents
FROM purchases p WHERE p.id = {{.}}.purchase_id AND p.deleted_at IS NULL AND p.approval_status = 'approved'
ON CONFLICT (company_id, month, type, store_id, product_id) DO UPDATE SET {{template "product_sums"}};
INSERT INTO report_product_bought (company_id, store_id, product_id, n, quantity, amount_cents)
SELECT p.company_id, p.store_id, {{.}}.product_id, {{template "psign" .}}, {{template "psign" .}} * {{.}}.quantity,
    {{template "psign" .}} * {{.}}.base_cents
FROM purchases p WHERE p.id = {{.}}.purchase_id AND p.deleted_at IS NULL AND p.approval_status = 'approved'
ON CONFLICT (company_id, store_id, product_id) DO UPDATE SET {{template "bought_sums"}};
{{if eq . "OLD"}}DELETE FROM report_lot_lines WHERE line_id = OLD.id;{{else}}
INSERT INTO report_lot_lines (line_id, purchase_id, company_id, product_id, doc_date, expiry_date, quantity, base_cents)
SELECT NEW.id, NEW.purchase_id, p.company_id, NEW.product_id, p.purchase_date, NEW.expiry_date, NEW.quantity, NEW.base_cents
FROM purchases p WHERE p.id = NEW.purchase_id AND p.deleted_at IS NULL AND p.approval_status = 'approved'
    AND NEW.kind = 'goods' AND NEW.expiry_date <> '';{{end}}
{{end}}
{{/* A purchase header ("." the header): all its lines, where that row counts them. */}}
{{define "purchase_products"}}
INSERT INTO report_product_months (company_id, month, store_id, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT {{.}}.company_id, substr({{.}}.purchase_date, 1, 7), {{.}}.store_id, 'purchase', x.product_id, {{template "psign" .}} * COUNT(*),
    {{template "psign" .}} * SUM(x.quantity), {{template "psign" .}} * SUM(x.base_cents), {{template "psign" .}} * SUM(x.base_cents)
FROM purchase_lines x WHERE x.purchase_id = {{.}}.id AND {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
GROUP BY x.product_id ORDER BY x.product_id
ON CONFLICT (company_id, month, type, store_id, product_id) DO UPDATE SET {{template "product_sums"}};
INSERT INTO report_product_bought (company_id, store_id, product_id, n, quantity, amount_cents)
SELECT {{.}}.company_id, {{.}}.store_id, x.product_id, {{template "psign" .}} * COUNT(*), {{template "psign" .}} * SUM(x.quantity),
    {{template "psign" .}} * SUM(x.base_cents)
FROM purchase_lines x WHERE x.purchase_id = {{.}}.id AND {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
GROUP BY x.product_id ORDER BY x.product_id
ON CONFLICT (company_id, store_id, product_id) DO UPDATE SET {{template "bought_sums"}};
{{if eq . "OLD"}}DELETE FROM report_lot_lines WHERE purchase_id = OLD.id;{{else}}
INSERT INTO report_lot_lines (line_id, purchase_id, company_id, product_id, doc_date, expiry_date, quantity, base_cents)
SELECT x.id, x.purchase_id, NEW.company_id, x.product_id, NEW.purchase_date, x.expiry_date, x.quantity, x.base_cents
FROM purchase_lines x WHERE x.purchase_id = NEW.id AND NEW.deleted_at IS NULL AND NEW.approval_status = 'approved'
    AND x.kind = 'goods' AND x.expiry_date <> '';{{end}}
{{end}}
{{define "sale_line_products"}}
INSERT INTO report_product_months (company_id, month, store_id, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT s.company_id, substr(s.sale_date, 1, 7), s.store_id, 'sale', {{.}}.product_id, {{template "psign" .}},
    {{template "psign" .}} * {{.}}.quantity, {{template "psign" .}} * {{.}}.base_cents, {{template "psign" .}} * {{.}}.cost_cents * {{.}}.quantity
FROM sales s WHERE s.id = {{.}}.sale_id AND s.deleted_at IS NULL AND s.approval_status = 'approved'
ON CONFLICT (company_id, month, type, store_id, product_id) DO UPDATE SET {{template "product_sums"}};
{{end}}
{{define "sale_products"}}
INSERT INTO report_product_months (company_id, month, store_id, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT {{.}}.company_id, substr({{.}}.sale_date, 1, 7), {{.}}.store_id, 'sale', x.product_id, {{template "psign" .}} * COUNT(*),
    {{template "psign" .}} * SUM(x.quantity), {{template "psign" .}} * SUM(x.base_cents), {{template "psign" .}} * SUM(x.cost_cents * x.quantity)
FROM sale_lines x WHERE x.sale_id = {{.}}.id AND {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
GROUP BY x.product_id ORDER BY x.product_id
ON CONFLICT (company_id, month, type, store_id, product_id) DO UPDATE SET {{template "product_sums"}};
{{end}}
{{/* When a header's move reaches its lines: what decides whether and where they count. */}}
{{/* The triggers' templates below take the document type, purchase or sale, as ".". */}}
{{define "line_old"}}{{if eq . "purchase"}}{{template "purchase_line_products" "OLD"}}{{else}}{{template "sale_line_products" "OLD"}}{{end}}{{end}}
{{define "line_new"}}{{if eq . "purchase"}}{{template "purchase_line_products" "NEW"}}{{else}}{{template "sale_line_products" "NEW"}}{{end}}{{end}}
{{define "head_old"}}{{if eq . "purchase"}}{{template "purchase_products" "OLD"}}{{else}}{{template "sale_products" "OLD"}}{{end}}{{end}}
{{define "head_new"}}{{if eq . "purchase"}}{{template "purchase_products" "NEW"}}{{else}}{{template "sale_products" "NEW"}}{{end}}{{end}}
{{/* When a header's move reaches its lines: what decides whether and where they count. */}}
{{define "pg"}}
CREATE FUNCTION report_{{.}}_lines_products() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "line_old" .}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "line_new" .}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_{{.}}_lines_products AFTER INSERT OR UPDATE OR DELETE ON {{.}}_lines
FOR EACH ROW EXECUTE FUNCTION report_{{.}}_lines_products();
--bun:split
CREATE FUNCTION report_{{.}}s_products() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    {{template "head_old" .}}
    {{template "head_new" .}}
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_{{.}}s_products AFTER UPDATE ON {{.}}s FOR EACH ROW
WHEN (OLD.approval_status IS DISTINCT FROM NEW.approval_status OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.{{.}}_date IS DISTINCT FROM NEW.{{.}}_date OR OLD.store_id IS DISTINCT FROM NEW.store_id
    OR OLD.company_id IS DISTINCT FROM NEW.company_id)
EXECUTE FUNCTION report_{{.}}s_products();
{{end}}
{{define "sqlite"}}
CREATE TRIGGER report_{{.}}_lines_products_insert AFTER INSERT ON {{.}}_lines BEGIN {{template "line_new" .}} END;
--bun:split
CREATE TRIGGER report_{{.}}_lines_products_update AFTER UPDATE ON {{.}}_lines BEGIN {{template "line_old" .}} {{template "line_new" .}} END;
--bun:split
CREATE TRIGGER report_{{.}}_lines_products_delete AFTER DELETE ON {{.}}_lines BEGIN {{template "line_old" .}} END;
--bun:split
CREATE TRIGGER report_{{.}}s_products AFTER UPDATE ON {{.}}s
WHEN OLD.approval_status IS NOT NEW.approval_status OR OLD.deleted_at IS NOT NEW.deleted_at OR OLD.{{.}}_date IS NOT NEW.{{.}}_date
    OR OLD.store_id IS NOT NEW.store_id OR OLD.company_id IS NOT NEW.company_id
BEGIN {{template "head_old" .}} {{template "head_new" .}} END;
{{end}}
CREATE TABLE report_product_months (
    company_id BIGINT NOT NULL,
    month TEXT NOT NULL,
    type TEXT NOT NULL,
    store_id BIGINT NOT NULL,
    product_id BIGINT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    quantity BIGINT NOT NULL DEFAULT 0,
    amount_cents BIGINT NOT NULL DEFAULT 0,
    cost_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, month, type, store_id, product_id)
);
--bun:split
-- The average cost's "after the range" part reads the purchase months after a month, every company.
CREATE INDEX report_product_months_month_idx ON report_product_months (month, type);
--bun:split
CREATE TABLE report_product_bought (
    company_id BIGINT NOT NULL,
    store_id BIGINT NOT NULL,
    product_id BIGINT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    quantity BIGINT NOT NULL DEFAULT 0,
    amount_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, store_id, product_id)
);
--bun:split
CREATE TABLE report_lot_lines (
    line_id BIGINT NOT NULL PRIMARY KEY,
    purchase_id BIGINT NOT NULL,
    company_id BIGINT NOT NULL,
    product_id BIGINT NOT NULL,
    doc_date TEXT NOT NULL,
    expiry_date TEXT NOT NULL,
    quantity BIGINT NOT NULL,
    base_cents BIGINT NOT NULL
);
--bun:split
-- First in, first out: a product's newest lots hold its stock, so they are read newest first,
-- from the index alone on PostgreSQL (at 100,000 purchases: 1.1 s with a heap fetch per lot,
-- 0.19 s without, at load 25).
CREATE INDEX report_lot_lines_product_idx ON report_lot_lines (product_id, doc_date DESC, line_id DESC)
{{- if .PG}} INCLUDE (expiry_date, quantity, base_cents){{end}};
--bun:split
CREATE INDEX report_lot_lines_purchase_idx ON report_lot_lines (purchase_id);
--bun:split
-- Backfill from what exists (the triggers keep them from here on). The months are written in
-- month order, so that a month's rows share pages as the triggers' rows of each new month do:
-- a month read 3,469 scattered pages at 100,000 documents (275 ms), 135 in order (28 ms).
INSERT INTO report_product_months (company_id, month, store_id, type, product_id, n, quantity, amount_cents, cost_cents)
SELECT l.company_id, substr(l.doc_date, 1, 7), l.store_id, l.type, l.product_id, COUNT(*), SUM(l.quantity), SUM(l.amount_cents),
    SUM(l.cost_cents)
FROM report_lines l
GROUP BY l.company_id, substr(l.doc_date, 1, 7), l.store_id, l.type, l.product_id
ORDER BY substr(l.doc_date, 1, 7), l.company_id, l.type, l.store_id, l.product_id;
--bun:split
INSERT INTO report_product_bought (company_id, store_id, product_id, n, quantity, amount_cents)
SELECT l.company_id, l.store_id, l.product_id, COUNT(*), SUM(l.quantity), SUM(l.amount_cents)
FROM report_lines l WHERE l.type = 'purchase'
GROUP BY l.company_id, l.store_id, l.product_id;
--bun:split
-- The lots as report_lot_lines keeps them, from the owner's tables: what the backfill below and
-- reports.RebuildAggregates read (the module reads views, never another module's tables).
CREATE VIEW report_lot_sources AS
SELECT x.id AS line_id, x.purchase_id, p.company_id, x.product_id, p.purchase_date AS doc_date, x.expiry_date, x.quantity,
    x.base_cents
FROM purchase_lines x JOIN purchases p ON p.id = x.purchase_id
WHERE p.deleted_at IS NULL AND p.approval_status = 'approved' AND x.kind = 'goods' AND x.expiry_date <> '';
--bun:split
INSERT INTO report_lot_lines (line_id, purchase_id, company_id, product_id, doc_date, expiry_date, quantity, base_cents)
SELECT line_id, purchase_id, company_id, product_id, doc_date, expiry_date, quantity, base_cents
FROM report_lot_sources ORDER BY product_id, doc_date;
--bun:split
-- product_expiry_alert reads report_lot_lines now; the view it read every lot from goes.
DROP VIEW report_lots;
--bun:split
{{if .PG}}
-- Statistics for the first reads' plans (autovacuum would take them later).
ANALYZE report_product_months, report_product_bought, report_lot_lines;
--bun:split
{{template "pg" "purchase"}}
--bun:split
{{template "pg" "sale"}}
{{else}}{{template "sqlite" "purchase"}}
--bun:split
{{template "sqlite" "sale"}}
{{end}}
