-- reports: what each customer and supplier moved per month, and where each stands today, kept in
-- the write transaction like 20261129010000_reports_returns_daily's aggregates (issue 12, "Fast":
-- the party lists summed every movement up to the range's end; at 1,000,000 documents that is
-- seconds).
--
-- report_party_months: per company, type (purchase: suppliers, sale: customers), party, month
-- (YYYY-MM) and store, the party's approved, live documents (n, total_cents: their totals to
-- pay), the approved payments on them (paid_cents, a refund negative) and the approved returns
-- (returns_cents), each on its own date — exactly the movements of a statement. Kept by triggers
-- on purchases, sales, payments and purchase_returns: a payment or return counts while its
-- document counts, so a document's trigger also moves its payments and returns when it starts or
-- stops counting (approval, delete, archive, restore) or changes party, store or company.
--
-- report_party_balances: per company, type, party and store, the same summed over every month
-- (n documents, balance_cents = total − paid − returns), kept by a trigger on
-- report_party_months so that it is their sum by construction; and oldest_due, the due date of
-- the party's oldest approved, live document with a balance today ('' none), recomputed from
-- the owners' partial indexes below whenever a document starts or stops owing.
--
-- A party's balance at a range's end is then its balance today less the months after the
-- range's month and the days after the range's end in that month, and the range's figures are
-- its whole months plus the days of its partial months: no page reads every movement.
--
-- "." is the trigger's row, OLD (subtracted) or NEW (added), as in the daily aggregates.
{{define "sign"}}{{if eq . "OLD"}}-1{{else}}1{{end}}{{end}}
{{define "upsert"}}ON CONFLICT (type, party_id, month, company_id, store_id) DO UPDATE SET n = report_party_months.n + excluded.n,
    total_cents = report_party_months.total_cents + excluded.total_cents,
    paid_cents = report_party_months.paid_cents + excluded.paid_cents,
    returns_cents = report_party_months.returns_cents + excluded.returns_cents;{{end}}
{{define "insert"}}INSERT INTO report_party_months (company_id, type, party_id, month, store_id, n, total_cents, paid_cents, returns_cents){{end}}
{{define "refund"}}(CASE WHEN y.direction = 'refund' THEN -y.amount_cents ELSE y.amount_cents END){{end}}
{{define "purchase"}}
{{template "insert"}}
SELECT {{.}}.company_id, 'purchase', {{.}}.supplier_id, substr({{.}}.purchase_date, 1, 7), {{.}}.store_id, {{template "sign" .}},
    {{template "sign" .}} * {{.}}.total_to_pay_cents, 0, 0
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
{{template "upsert"}}
{{template "insert"}}
SELECT y.company_id, 'purchase', y.party_id, substr(y.payment_date, 1, 7), {{.}}.store_id, 0, 0, {{template "sign" .}} * SUM({{template "refund"}}), 0
FROM payments y
WHERE y.type = 'purchase' AND y.document_id = {{.}}.id AND y.deleted_at IS NULL AND y.approval_status = 'approved'
    AND {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
GROUP BY y.company_id, y.party_id, substr(y.payment_date, 1, 7)
{{template "upsert"}}
{{template "insert"}}
SELECT {{.}}.company_id, 'purchase', {{.}}.supplier_id, substr(r.return_date, 1, 7), {{.}}.store_id, 0, 0, 0, {{template "sign" .}} * SUM(r.amount_cents)
FROM purchase_returns r
WHERE r.purchase_id = {{.}}.id AND r.deleted_at IS NULL AND r.approval_status = 'approved'
    AND {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
GROUP BY substr(r.return_date, 1, 7)
{{template "upsert"}}
UPDATE report_party_balances SET oldest_due = COALESCE((SELECT MIN(p.due_date) FROM purchases p
    WHERE p.supplier_id = {{.}}.supplier_id AND p.store_id = {{.}}.store_id AND p.company_id = {{.}}.company_id
    AND p.deleted_at IS NULL AND p.approval_status = 'approved' AND p.balance_cents > 0), '')
WHERE type = 'purchase' AND party_id = {{.}}.supplier_id AND company_id = {{.}}.company_id AND store_id = {{.}}.store_id;
{{end}}
{{define "sale"}}
{{template "insert"}}
SELECT {{.}}.company_id, 'sale', {{.}}.customer_id, substr({{.}}.sale_date, 1, 7), {{.}}.store_id, {{template "sign" .}},
    {{template "sign" .}} * {{.}}.total_cents, 0, {{template "sign" .}} * {{.}}.return_cents
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
{{template "upsert"}}
{{template "insert"}}
SELECT y.company_id, 'sale', y.party_id, substr(y.payment_date, 1, 7), {{.}}.store_id, 0, 0, {{template "sign" .}} * SUM({{template "refund"}}), 0
FROM payments y
WHERE y.type = 'sale' AND y.document_id = {{.}}.id AND y.deleted_at IS NULL AND y.approval_status = 'approved'
    AND {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
GROUP BY y.company_id, y.party_id, substr(y.payment_date, 1, 7)
{{template "upsert"}}
UPDATE report_party_balances SET oldest_due = COALESCE((SELECT MIN(s.sale_date) FROM sales s
    WHERE s.customer_id = {{.}}.customer_id AND s.store_id = {{.}}.store_id AND s.company_id = {{.}}.company_id
    AND s.deleted_at IS NULL AND s.approval_status = 'approved' AND s.balance_cents > 0), '')
WHERE type = 'sale' AND party_id = {{.}}.customer_id AND company_id = {{.}}.company_id AND store_id = {{.}}.store_id;
{{end}}
{{/* A payment counts approved and live while its document counts; its store is its document's. */}}
{{define "payment"}}
{{template "insert"}}
SELECT {{.}}.company_id, {{.}}.type, {{.}}.party_id, substr({{.}}.payment_date, 1, 7), d.store_id, 0, 0,
    {{template "sign" .}} * (CASE WHEN {{.}}.direction = 'refund' THEN -{{.}}.amount_cents ELSE {{.}}.amount_cents END), 0
FROM (SELECT p.store_id FROM purchases p WHERE {{.}}.type = 'purchase' AND p.id = {{.}}.document_id
        AND p.deleted_at IS NULL AND p.approval_status = 'approved'
    UNION ALL
    SELECT s.store_id FROM sales s WHERE {{.}}.type = 'sale' AND s.id = {{.}}.document_id
        AND s.deleted_at IS NULL AND s.approval_status = 'approved') AS d
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
{{template "upsert"}}
{{end}}
{{/* An approved, live purchase return counts while its purchase counts, for the purchase's supplier. */}}
{{define "return"}}
{{template "insert"}}
SELECT p.company_id, 'purchase', p.supplier_id, substr({{.}}.return_date, 1, 7), p.store_id, 0, 0, 0, {{template "sign" .}} * {{.}}.amount_cents
FROM purchases p
WHERE p.id = {{.}}.purchase_id AND p.deleted_at IS NULL AND p.approval_status = 'approved'
    AND {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'approved'
{{template "upsert"}}
{{end}}
{{/* What a row's trigger reads: an UPDATE that changes none of it (a payment approval moving a
     purchase's paid and balance without settling it, say) costs nothing here. */}}
{{define "purchase_changed"}}OLD.company_id <> NEW.company_id OR OLD.store_id <> NEW.store_id OR OLD.supplier_id <> NEW.supplier_id
    OR OLD.purchase_date <> NEW.purchase_date OR OLD.due_date <> NEW.due_date OR OLD.total_to_pay_cents <> NEW.total_to_pay_cents
    OR OLD.approval_status <> NEW.approval_status OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
    OR (OLD.balance_cents > 0) <> (NEW.balance_cents > 0){{end}}
{{define "sale_changed"}}OLD.company_id <> NEW.company_id OR OLD.store_id <> NEW.store_id OR OLD.customer_id <> NEW.customer_id
    OR OLD.sale_date <> NEW.sale_date OR OLD.total_cents <> NEW.total_cents OR OLD.return_cents <> NEW.return_cents
    OR OLD.approval_status <> NEW.approval_status OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
    OR (OLD.balance_cents > 0) <> (NEW.balance_cents > 0){{end}}
{{define "payment_changed"}}OLD.company_id <> NEW.company_id OR OLD.type <> NEW.type OR OLD.document_id <> NEW.document_id
    OR OLD.party_id <> NEW.party_id OR OLD.payment_date <> NEW.payment_date OR OLD.amount_cents <> NEW.amount_cents
    OR OLD.direction <> NEW.direction OR OLD.approval_status <> NEW.approval_status
    OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL){{end}}
{{define "return_changed"}}OLD.purchase_id <> NEW.purchase_id OR OLD.return_date <> NEW.return_date OR OLD.amount_cents <> NEW.amount_cents
    OR OLD.approval_status <> NEW.approval_status OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL){{end}}
{{define "balance"}}INSERT INTO report_party_balances (company_id, type, party_id, store_id, n, balance_cents)
VALUES (NEW.company_id, NEW.type, NEW.party_id, NEW.store_id, NEW.n{{if .}} - OLD.n{{end}},
    NEW.total_cents - NEW.paid_cents - NEW.returns_cents{{if .}} - (OLD.total_cents - OLD.paid_cents - OLD.returns_cents){{end}})
ON CONFLICT (type, party_id, company_id, store_id) DO UPDATE SET n = report_party_balances.n + excluded.n,
    balance_cents = report_party_balances.balance_cents + excluded.balance_cents;{{end}}
CREATE TABLE report_party_months (
    company_id BIGINT NOT NULL,
    type TEXT NOT NULL,
    party_id BIGINT NOT NULL,
    month TEXT NOT NULL,
    store_id BIGINT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    total_cents BIGINT NOT NULL DEFAULT 0,
    paid_cents BIGINT NOT NULL DEFAULT 0,
    returns_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (type, party_id, month, company_id, store_id)
);
--bun:split
-- The party lists read a range of months of every party.
CREATE INDEX report_party_months_month_idx ON report_party_months (type, month);
--bun:split
CREATE TABLE report_party_balances (
    company_id BIGINT NOT NULL,
    type TEXT NOT NULL,
    party_id BIGINT NOT NULL,
    store_id BIGINT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    balance_cents BIGINT NOT NULL DEFAULT 0,
    oldest_due TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (type, party_id, company_id, store_id)
);
--bun:split
-- A party's documents that still owe, oldest due first: oldest_due, and a statement's ageing;
-- on PostgreSQL the purchases' one carries what the payables ageing sums, which reads every
-- purchase that still owes from the index alone (expired_purchases_report).
CREATE INDEX report_purchases_party_open_idx ON purchases (supplier_id, store_id, due_date){{if .PG}} INCLUDE (company_id, balance_cents){{end}}
    WHERE deleted_at IS NULL AND approval_status = 'approved' AND balance_cents > 0;
--bun:split
CREATE INDEX report_sales_party_open_idx ON sales (customer_id, store_id, sale_date)
    WHERE deleted_at IS NULL AND approval_status = 'approved' AND balance_cents > 0;
--bun:split
-- users_report/{id} reads one user's records of a few days (its page is found from
-- report_user_days' counts per day): each owner's records by creator and approver, by date.
CREATE INDEX report_user_days_user_idx ON report_user_days (user_id, day);
--bun:split
CREATE INDEX report_purchases_creator_idx ON purchases (created_by, purchase_date) WHERE deleted_at IS NULL AND approval_status = 'approved';
--bun:split
CREATE INDEX report_purchases_approver_idx ON purchases (approved_by, purchase_date) WHERE deleted_at IS NULL AND approval_status = 'approved';
--bun:split
CREATE INDEX report_sales_creator_idx ON sales (created_by, sale_date) WHERE deleted_at IS NULL AND approval_status = 'approved';
--bun:split
CREATE INDEX report_sales_approver_idx ON sales (approved_by, sale_date) WHERE deleted_at IS NULL AND approval_status = 'approved';
--bun:split
CREATE INDEX report_payments_creator_idx ON payments (created_by, payment_date) WHERE deleted_at IS NULL AND approval_status = 'approved';
--bun:split
CREATE INDEX report_payments_approver_idx ON payments (approved_by, payment_date) WHERE deleted_at IS NULL AND approval_status = 'approved';
--bun:split
-- Backfill from what exists (the triggers keep them from here on): the same statements as
-- modules/reports' Rebuild.
INSERT INTO report_party_months (company_id, type, party_id, month, store_id, n, total_cents, paid_cents, returns_cents)
SELECT m.company_id, m.type, m.party_id, m.month, m.store_id, SUM(m.n), SUM(m.total_cents), SUM(m.paid_cents), SUM(m.returns_cents) FROM (
    SELECT d.company_id, d.type, d.party_id, substr(d.doc_date, 1, 7) AS month, d.store_id, 1 AS n, d.total_cents,
        0 AS paid_cents, 0 AS returns_cents
    FROM report_document_heads d
    UNION ALL
    SELECT y.company_id, y.type, y.party_id, substr(y.payment_date, 1, 7), y.store_id, 0, 0, y.amount_cents, 0
    FROM report_payments y WHERE y.approval_status = 'approved' AND y.document_counted = 1
    UNION ALL
    SELECT r.company_id, r.type, r.party_id, substr(r.return_date, 1, 7), r.store_id, 0, 0, 0, r.amount_cents
    FROM report_returns r) AS m
GROUP BY m.company_id, m.type, m.party_id, m.month, m.store_id;
--bun:split
INSERT INTO report_party_balances (company_id, type, party_id, store_id, n, balance_cents, oldest_due)
SELECT b.company_id, b.type, b.party_id, b.store_id, b.n, b.balance_cents, COALESCE((SELECT MIN(d.due_date) FROM report_document_heads d
    WHERE d.type = b.type AND d.party_id = b.party_id AND d.company_id = b.company_id AND d.store_id = b.store_id AND d.balance_cents > 0), '')
FROM (SELECT m.company_id, m.type, m.party_id, m.store_id, SUM(m.n) AS n, SUM(m.total_cents - m.paid_cents - m.returns_cents) AS balance_cents
    FROM report_party_months m GROUP BY m.company_id, m.type, m.party_id, m.store_id) AS b;
--bun:split
{{if .PG}}
CREATE FUNCTION report_party_months_sum() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP = 'INSERT' THEN {{template "balance" false}}
    ELSE {{template "balance" true}}
    END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_party_months_sum AFTER INSERT OR UPDATE ON report_party_months FOR EACH ROW EXECUTE FUNCTION report_party_months_sum();
--bun:split
CREATE FUNCTION report_purchases_parties() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "purchase" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "purchase" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_purchases_parties AFTER INSERT OR DELETE ON purchases FOR EACH ROW EXECUTE FUNCTION report_purchases_parties();
--bun:split
CREATE TRIGGER report_purchases_parties_update AFTER UPDATE ON purchases FOR EACH ROW
WHEN ({{template "purchase_changed"}}) EXECUTE FUNCTION report_purchases_parties();
--bun:split
CREATE FUNCTION report_sales_parties() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "sale" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "sale" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_sales_parties AFTER INSERT OR DELETE ON sales FOR EACH ROW EXECUTE FUNCTION report_sales_parties();
--bun:split
CREATE TRIGGER report_sales_parties_update AFTER UPDATE ON sales FOR EACH ROW
WHEN ({{template "sale_changed"}}) EXECUTE FUNCTION report_sales_parties();
--bun:split
CREATE FUNCTION report_payments_parties() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "payment" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "payment" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_payments_parties AFTER INSERT OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION report_payments_parties();
--bun:split
CREATE TRIGGER report_payments_parties_update AFTER UPDATE ON payments FOR EACH ROW
WHEN ({{template "payment_changed"}}) EXECUTE FUNCTION report_payments_parties();
--bun:split
CREATE FUNCTION report_purchase_returns_parties() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "return" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "return" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_purchase_returns_parties AFTER INSERT OR DELETE ON purchase_returns FOR EACH ROW EXECUTE FUNCTION report_purchase_returns_parties();
--bun:split
CREATE TRIGGER report_purchase_returns_parties_update AFTER UPDATE ON purchase_returns FOR EACH ROW
WHEN ({{template "return_changed"}}) EXECUTE FUNCTION report_purchase_returns_parties();
{{else}}
CREATE TRIGGER report_party_months_insert AFTER INSERT ON report_party_months BEGIN {{template "balance" false}} END;
--bun:split
CREATE TRIGGER report_party_months_update AFTER UPDATE ON report_party_months BEGIN {{template "balance" true}} END;
--bun:split
CREATE TRIGGER report_purchases_parties_insert AFTER INSERT ON purchases BEGIN {{template "purchase" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchases_parties_update AFTER UPDATE ON purchases WHEN {{template "purchase_changed"}}
BEGIN {{template "purchase" "OLD"}} {{template "purchase" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchases_parties_delete AFTER DELETE ON purchases BEGIN {{template "purchase" "OLD"}} END;
--bun:split
CREATE TRIGGER report_sales_parties_insert AFTER INSERT ON sales BEGIN {{template "sale" "NEW"}} END;
--bun:split
CREATE TRIGGER report_sales_parties_update AFTER UPDATE ON sales WHEN {{template "sale_changed"}}
BEGIN {{template "sale" "OLD"}} {{template "sale" "NEW"}} END;
--bun:split
CREATE TRIGGER report_sales_parties_delete AFTER DELETE ON sales BEGIN {{template "sale" "OLD"}} END;
--bun:split
CREATE TRIGGER report_payments_parties_insert AFTER INSERT ON payments BEGIN {{template "payment" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payments_parties_update AFTER UPDATE ON payments WHEN {{template "payment_changed"}}
BEGIN {{template "payment" "OLD"}} {{template "payment" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payments_parties_delete AFTER DELETE ON payments BEGIN {{template "payment" "OLD"}} END;
--bun:split
CREATE TRIGGER report_purchase_returns_parties_insert AFTER INSERT ON purchase_returns BEGIN {{template "return" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchase_returns_parties_update AFTER UPDATE ON purchase_returns WHEN {{template "return_changed"}}
BEGIN {{template "return" "OLD"}} {{template "return" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchase_returns_parties_delete AFTER DELETE ON purchase_returns BEGIN {{template "return" "OLD"}} END;
{{end}}
