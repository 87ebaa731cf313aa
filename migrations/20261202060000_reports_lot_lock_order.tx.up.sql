-- reports: a purchase's decision takes its products' rows of report_lot_totals in product order
-- before its lots move (PostgreSQL).
--
-- The lots of a purchase are inserted or deleted by one statement of report_purchases_products()
-- (migrations/20261130020000_reports_product_months) in the order its lines are scanned, and each
-- lot's trigger (20261202030100_reports_lot_positions) upserts its product's report_lot_totals
-- row. Two purchases of different months approved, archived or restored at once, naming two
-- products in opposite line order, would take those rows in opposite orders and deadlock (one
-- answered with a 500). This BEFORE trigger takes them first, in product id order, so writers of
-- the same products queue instead; a product's first lot ever has no row yet, so an empty one is
-- inserted first (in order too). SQLite takes the database's write lock at BEGIN: nothing to do.
{{if .PG}}
CREATE FUNCTION report_purchases_lot_order() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    INSERT INTO report_lot_totals (product_id, n, quantity)
    SELECT DISTINCT x.product_id, 0, 0 FROM purchase_lines x
    WHERE x.purchase_id = NEW.id AND x.kind = 'goods' AND x.expiry_date <> ''
    ORDER BY x.product_id
    ON CONFLICT (product_id) DO NOTHING;
    PERFORM 1 FROM report_lot_totals t
    WHERE t.product_id IN (SELECT x.product_id FROM purchase_lines x
        WHERE x.purchase_id = NEW.id AND x.kind = 'goods' AND x.expiry_date <> '')
    ORDER BY t.product_id FOR UPDATE;
    RETURN NEW;
END $body$;
--bun:split
CREATE TRIGGER report_purchases_lot_order BEFORE UPDATE ON purchases FOR EACH ROW
WHEN (OLD.approval_status IS DISTINCT FROM NEW.approval_status OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.purchase_date IS DISTINCT FROM NEW.purchase_date OR OLD.store_id IS DISTINCT FROM NEW.store_id
    OR OLD.company_id IS DISTINCT FROM NEW.company_id)
EXECUTE FUNCTION report_purchases_lot_order();
{{end}}
