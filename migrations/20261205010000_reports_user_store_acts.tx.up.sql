-- reports: a user's acts in one store, read from that store's rows only (issue 12, "Fast").
--
-- users_report/{id} with a store filter finds its page's days from report_user_days (per store),
-- then read the user's documents and payments of every day from the page's first to its last
-- and kept the store's. For a user with few acts in the store those days span the range: at
-- 250,000 documents a year's page of the secretary (48 acts in the store, 150,000 elsewhere)
-- read 56,000 documents and 57,000 payments, each payment's store a subquery on its document
-- (report_payments.store_id) — 1.2 s p99, 5 s cold.
--
-- The documents have their store: indexes by user, store and date (the creator's and the
-- approver's, as report_purchases_creator_idx & co. without the store). A payment's store is
-- its document's, so report_payment_acts keeps it: one row per approved, live payment and role
-- (created, approved) with its user, store and date — exactly the payments acts lists — kept in
-- the write transaction by triggers on payments (the old row's rows out, the new row's in) and
-- on a document's store (its payments' rows follow it, as report_user_days' counts do).
{{define "payment_acts"}}
INSERT INTO report_payment_acts (payment_id, role, user_id, store_id, day)
SELECT NEW.id, u.role, u.user_id, COALESCE(CASE WHEN NEW.type = 'purchase' THEN (SELECT p.store_id FROM purchases p WHERE p.id = NEW.document_id)
        ELSE (SELECT s.store_id FROM sales s WHERE s.id = NEW.document_id) END, 0), NEW.payment_date
FROM (SELECT NEW.created_by AS user_id, 'created' AS role UNION ALL SELECT NEW.approved_by, 'approved') AS u
WHERE NEW.deleted_at IS NULL AND NEW.approval_status = 'approved' AND u.user_id IS NOT NULL;
{{end}}
{{define "move_acts"}}
UPDATE report_payment_acts SET store_id = NEW.store_id
WHERE payment_id IN (SELECT y.id FROM payments y WHERE y.type = '{{.}}' AND y.document_id = NEW.id);
{{end}}
CREATE TABLE report_payment_acts (
    payment_id BIGINT NOT NULL,
    role TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    store_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    PRIMARY KEY (payment_id, role)
);
--bun:split
CREATE INDEX report_payment_acts_user_idx ON report_payment_acts (user_id, store_id, role, day, payment_id);
--bun:split
-- Backfill: the same statement as modules/reports' Rebuild.
INSERT INTO report_payment_acts (payment_id, role, user_id, store_id, day)
SELECT y.id, 'created', y.created_by, COALESCE(y.store_id, 0), y.payment_date
FROM report_payments y WHERE y.approval_status = 'approved' AND y.created_by IS NOT NULL
UNION ALL
SELECT y.id, 'approved', y.approved_by, COALESCE(y.store_id, 0), y.payment_date
FROM report_payments y WHERE y.approval_status = 'approved' AND y.approved_by IS NOT NULL;
--bun:split
CREATE INDEX report_purchases_creator_store_idx ON purchases (created_by, store_id, purchase_date) WHERE deleted_at IS NULL AND approval_status = 'approved';
--bun:split
CREATE INDEX report_purchases_approver_store_idx ON purchases (approved_by, store_id, purchase_date) WHERE deleted_at IS NULL AND approval_status = 'approved';
--bun:split
CREATE INDEX report_sales_creator_store_idx ON sales (created_by, store_id, sale_date) WHERE deleted_at IS NULL AND approval_status = 'approved';
--bun:split
CREATE INDEX report_sales_approver_store_idx ON sales (approved_by, store_id, sale_date) WHERE deleted_at IS NULL AND approval_status = 'approved';
--bun:split
{{if .PG}}
ANALYZE report_payment_acts;
--bun:split
CREATE FUNCTION report_payments_acts() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN DELETE FROM report_payment_acts WHERE payment_id = OLD.id; END IF;
    IF TG_OP <> 'DELETE' THEN {{template "payment_acts"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_payments_acts AFTER INSERT OR UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION report_payments_acts();
--bun:split
CREATE FUNCTION report_purchases_payment_acts() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN {{template "move_acts" "purchase"}} RETURN NULL; END $body$;
--bun:split
CREATE TRIGGER report_purchases_payment_acts AFTER UPDATE ON purchases FOR EACH ROW
WHEN (OLD.store_id <> NEW.store_id) EXECUTE FUNCTION report_purchases_payment_acts();
--bun:split
CREATE FUNCTION report_sales_payment_acts() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN {{template "move_acts" "sale"}} RETURN NULL; END $body$;
--bun:split
CREATE TRIGGER report_sales_payment_acts AFTER UPDATE ON sales FOR EACH ROW
WHEN (OLD.store_id <> NEW.store_id) EXECUTE FUNCTION report_sales_payment_acts();
{{else}}
CREATE TRIGGER report_payments_acts_insert AFTER INSERT ON payments BEGIN {{template "payment_acts"}} END;
--bun:split
CREATE TRIGGER report_payments_acts_update AFTER UPDATE ON payments BEGIN
DELETE FROM report_payment_acts WHERE payment_id = OLD.id; {{template "payment_acts"}} END;
--bun:split
CREATE TRIGGER report_payments_acts_delete AFTER DELETE ON payments BEGIN DELETE FROM report_payment_acts WHERE payment_id = OLD.id; END;
--bun:split
CREATE TRIGGER report_purchases_payment_acts AFTER UPDATE OF store_id ON purchases WHEN OLD.store_id <> NEW.store_id
BEGIN {{template "move_acts" "purchase"}} END;
--bun:split
CREATE TRIGGER report_sales_payment_acts AFTER UPDATE OF store_id ON sales WHEN OLD.store_id <> NEW.store_id
BEGIN {{template "move_acts" "sale"}} END;
{{end}}
