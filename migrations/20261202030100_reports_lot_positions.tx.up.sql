-- reports: product_expiry_alert finds the lots that hold a product's stock by one index range
-- (issue 12, "Fast"), instead of ranking each product's newest lots per request (2,101 products ×
-- 16 lots through a window: ~35 ms of CPU at any number of documents).
--
-- First in, first out, the newest lots hold the stock: a lot holds what is left of the stock after
-- the lots newer than it. report_lot_lines.cum_end is the units of the lot and of every older lot
-- of its product (by purchase date, then line), and report_lot_totals the units of all the
-- product's lots; then the lot holds min(quantity, cum_end − (total − stock)) units, and the lots
-- that hold some are those with cum_end > total − stock: one range of the index
-- (product_id, cum_end), whatever the number of lots the product has had.
--
-- Kept by triggers on report_lot_lines itself (the statements of
-- 20261130020000_reports_product_months that insert and delete lots stay as they are): a lot
-- inserted adds its units to the product's total, to the lots newer than it, and takes the older
-- lots' units plus its own; a lot deleted takes its units from the total and the newer lots. The
-- total's row is upserted first, so that the writers of one product's lots take their turns (a
-- purchase approved while another of the same product is: the rows it moves are that product's,
-- no row of the company is shared). A new lot is dated about today, so few lots are newer; an old
-- purchase archived moves every newer lot of its products. While a statement that inserts several
-- lots runs, the lots its triggers have not placed yet have cum_end NULL and are left out of
-- both the shift and the lookup, so the triggers may run in any order. Backfilled here.
{{/* The lots of the same product newer than "." (OLD or NEW), placed already. */}}
{{define "newer"}}product_id = {{.}}.product_id AND cum_end IS NOT NULL
    AND (doc_date > {{.}}.doc_date OR (doc_date = {{.}}.doc_date AND line_id > {{.}}.line_id)){{end}}
{{define "inserted"}}
INSERT INTO report_lot_totals (product_id, n, quantity) VALUES (NEW.product_id, 1, NEW.quantity)
ON CONFLICT (product_id) DO UPDATE SET n = report_lot_totals.n + 1, quantity = report_lot_totals.quantity + excluded.quantity;
UPDATE report_lot_lines SET cum_end = cum_end + NEW.quantity WHERE {{template "newer" "NEW"}};
UPDATE report_lot_lines SET cum_end = NEW.quantity + COALESCE((SELECT y.cum_end FROM report_lot_lines y
    WHERE y.product_id = NEW.product_id AND y.cum_end IS NOT NULL
        AND (y.doc_date < NEW.doc_date OR (y.doc_date = NEW.doc_date AND y.line_id < NEW.line_id))
    ORDER BY y.doc_date DESC, y.line_id DESC LIMIT 1), 0)
WHERE line_id = NEW.line_id;
{{end}}
{{define "deleted"}}
INSERT INTO report_lot_totals (product_id, n, quantity) VALUES (OLD.product_id, -1, -OLD.quantity)
ON CONFLICT (product_id) DO UPDATE SET n = report_lot_totals.n + excluded.n, quantity = report_lot_totals.quantity + excluded.quantity;
UPDATE report_lot_lines SET cum_end = cum_end - OLD.quantity WHERE {{template "newer" "OLD"}};
{{end}}
ALTER TABLE report_lot_lines ADD COLUMN cum_end BIGINT;
--bun:split
CREATE TABLE report_lot_totals (
    product_id BIGINT NOT NULL PRIMARY KEY,
    n BIGINT NOT NULL DEFAULT 0,
    quantity BIGINT NOT NULL DEFAULT 0
);
--bun:split
{{if .PG}}
UPDATE report_lot_lines AS x SET cum_end = w.cum_end
FROM (SELECT line_id, SUM(quantity) OVER (PARTITION BY product_id ORDER BY doc_date, line_id ROWS UNBOUNDED PRECEDING) AS cum_end
    FROM report_lot_lines) AS w
WHERE x.line_id = w.line_id;
{{else}}
UPDATE report_lot_lines SET cum_end = (SELECT w.cum_end FROM (SELECT x.line_id,
    SUM(x.quantity) OVER (ORDER BY x.doc_date, x.line_id ROWS UNBOUNDED PRECEDING) AS cum_end
    FROM report_lot_lines x WHERE x.product_id = report_lot_lines.product_id) AS w WHERE w.line_id = report_lot_lines.line_id);
{{end}}
--bun:split
INSERT INTO report_lot_totals (product_id, n, quantity)
SELECT product_id, COUNT(*), SUM(quantity) FROM report_lot_lines GROUP BY product_id;
--bun:split
-- The lots that hold a product's stock: cum_end above its total less its stock.
CREATE INDEX report_lot_lines_cum_idx ON report_lot_lines (product_id, cum_end)
{{- if .PG}} INCLUDE (line_id, doc_date, expiry_date, quantity, base_cents){{end}};
--bun:split
{{if .PG}}
ANALYZE report_lot_lines, report_lot_totals;
--bun:split
CREATE FUNCTION report_lot_lines_positions() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP = 'INSERT' THEN {{template "inserted"}}
    ELSE {{template "deleted"}}
    END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_lot_lines_positions AFTER INSERT OR DELETE ON report_lot_lines FOR EACH ROW
EXECUTE FUNCTION report_lot_lines_positions();
{{else}}
CREATE TRIGGER report_lot_lines_positions_insert AFTER INSERT ON report_lot_lines BEGIN {{template "inserted"}} END;
--bun:split
CREATE TRIGGER report_lot_lines_positions_delete AFTER DELETE ON report_lot_lines BEGIN {{template "deleted"}} END;
{{end}}
