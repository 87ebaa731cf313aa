-- reports: what waits for an administrator's decision, counted per company and kind
-- (report_approval_counts), for the dashboard's approvals card. Counting report_approvals' rows
-- read every pending record at each dashboard (6,800 at 100,000 documents: 50 ms at load 25, ten
-- times that at 1,000,000). The counts are kept IN THE WRITE TRANSACTION by triggers on the
-- owners' tables, like the daily aggregates (20261129010000_reports_returns_daily): a record
-- counts while it is live and pending (approval_status, or status for purchase orders and
-- received orders); an insert, a delete, or an update of its status, deletion or company takes
-- back what the old row counted and adds what the new one counts. Other updates fire nothing.
-- Backfilled here from report_approvals; the kinds are report_approvals'.
{{define "asign"}}{{if eq . "OLD"}}-1{{else}}1{{end}}{{end}}
{{define "bump"}}ON CONFLICT (company_id, kind) DO UPDATE SET n = report_approval_counts.n + excluded.n;{{end}}
{{define "waits_purchases"}}INSERT INTO report_approval_counts (company_id, kind, n) SELECT {{.}}.company_id, 'purchases', {{template "asign" .}}
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'pending' {{template "bump"}}{{end}}
{{define "waits_sales"}}INSERT INTO report_approval_counts (company_id, kind, n) SELECT {{.}}.company_id, 'sales', {{template "asign" .}}
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'pending' {{template "bump"}}{{end}}
{{define "waits_payments"}}INSERT INTO report_approval_counts (company_id, kind, n) SELECT {{.}}.company_id, 'payments', {{template "asign" .}}
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'pending' {{template "bump"}}{{end}}
{{define "waits_purchase_orders"}}INSERT INTO report_approval_counts (company_id, kind, n) SELECT {{.}}.company_id, 'purchase_orders', {{template "asign" .}}
WHERE {{.}}.deleted_at IS NULL AND {{.}}.status = 'pending' {{template "bump"}}{{end}}
{{define "waits_received_orders"}}INSERT INTO report_approval_counts (company_id, kind, n) SELECT {{.}}.company_id, 'received_orders', {{template "asign" .}}
WHERE {{.}}.deleted_at IS NULL AND {{.}}.status = 'pending' {{template "bump"}}{{end}}
{{define "waits_purchase_returns"}}INSERT INTO report_approval_counts (company_id, kind, n) SELECT {{.}}.company_id, 'returns', {{template "asign" .}}
WHERE {{.}}.deleted_at IS NULL AND {{.}}.approval_status = 'pending' {{template "bump"}}{{end}}
{{define "differ"}}{{if .PG}}IS DISTINCT FROM{{else}}IS NOT{{end}}{{end}}
CREATE TABLE report_approval_counts (
    company_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, kind)
);
--bun:split
INSERT INTO report_approval_counts (company_id, kind, n)
SELECT a.company_id, a.kind, COUNT(*) FROM report_approvals a GROUP BY a.company_id, a.kind;
--bun:split
{{if .PG}}
CREATE FUNCTION report_purchases_waits() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "waits_purchases" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "waits_purchases" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_purchases_waits AFTER INSERT OR DELETE ON purchases FOR EACH ROW EXECUTE FUNCTION report_purchases_waits();
--bun:split
CREATE TRIGGER report_purchases_waits_update AFTER UPDATE ON purchases FOR EACH ROW
WHEN (OLD.approval_status {{template "differ" $}} NEW.approval_status OR OLD.deleted_at {{template "differ" $}} NEW.deleted_at OR OLD.company_id {{template "differ" $}} NEW.company_id)
EXECUTE FUNCTION report_purchases_waits();
--bun:split
CREATE FUNCTION report_sales_waits() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "waits_sales" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "waits_sales" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_sales_waits AFTER INSERT OR DELETE ON sales FOR EACH ROW EXECUTE FUNCTION report_sales_waits();
--bun:split
CREATE TRIGGER report_sales_waits_update AFTER UPDATE ON sales FOR EACH ROW
WHEN (OLD.approval_status {{template "differ" $}} NEW.approval_status OR OLD.deleted_at {{template "differ" $}} NEW.deleted_at OR OLD.company_id {{template "differ" $}} NEW.company_id)
EXECUTE FUNCTION report_sales_waits();
--bun:split
CREATE FUNCTION report_payments_waits() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "waits_payments" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "waits_payments" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_payments_waits AFTER INSERT OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION report_payments_waits();
--bun:split
CREATE TRIGGER report_payments_waits_update AFTER UPDATE ON payments FOR EACH ROW
WHEN (OLD.approval_status {{template "differ" $}} NEW.approval_status OR OLD.deleted_at {{template "differ" $}} NEW.deleted_at OR OLD.company_id {{template "differ" $}} NEW.company_id)
EXECUTE FUNCTION report_payments_waits();
--bun:split
CREATE FUNCTION report_purchase_orders_waits() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "waits_purchase_orders" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "waits_purchase_orders" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_purchase_orders_waits AFTER INSERT OR DELETE ON purchase_orders FOR EACH ROW EXECUTE FUNCTION report_purchase_orders_waits();
--bun:split
CREATE TRIGGER report_purchase_orders_waits_update AFTER UPDATE ON purchase_orders FOR EACH ROW
WHEN (OLD.status {{template "differ" $}} NEW.status OR OLD.deleted_at {{template "differ" $}} NEW.deleted_at OR OLD.company_id {{template "differ" $}} NEW.company_id)
EXECUTE FUNCTION report_purchase_orders_waits();
--bun:split
CREATE FUNCTION report_received_orders_waits() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "waits_received_orders" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "waits_received_orders" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_received_orders_waits AFTER INSERT OR DELETE ON received_orders FOR EACH ROW EXECUTE FUNCTION report_received_orders_waits();
--bun:split
CREATE TRIGGER report_received_orders_waits_update AFTER UPDATE ON received_orders FOR EACH ROW
WHEN (OLD.status {{template "differ" $}} NEW.status OR OLD.deleted_at {{template "differ" $}} NEW.deleted_at OR OLD.company_id {{template "differ" $}} NEW.company_id)
EXECUTE FUNCTION report_received_orders_waits();
--bun:split
CREATE FUNCTION report_purchase_returns_waits() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "waits_purchase_returns" "OLD"}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "waits_purchase_returns" "NEW"}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_purchase_returns_waits AFTER INSERT OR DELETE ON purchase_returns FOR EACH ROW EXECUTE FUNCTION report_purchase_returns_waits();
--bun:split
CREATE TRIGGER report_purchase_returns_waits_update AFTER UPDATE ON purchase_returns FOR EACH ROW
WHEN (OLD.approval_status {{template "differ" $}} NEW.approval_status OR OLD.deleted_at {{template "differ" $}} NEW.deleted_at OR OLD.company_id {{template "differ" $}} NEW.company_id)
EXECUTE FUNCTION report_purchase_returns_waits();
{{else}}
CREATE TRIGGER report_purchases_waits_insert AFTER INSERT ON purchases BEGIN {{template "waits_purchases" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchases_waits_update AFTER UPDATE ON purchases
WHEN OLD.approval_status {{template "differ" $}} NEW.approval_status OR OLD.deleted_at {{template "differ" $}} NEW.deleted_at OR OLD.company_id {{template "differ" $}} NEW.company_id
BEGIN {{template "waits_purchases" "OLD"}} {{template "waits_purchases" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchases_waits_delete AFTER DELETE ON purchases BEGIN {{template "waits_purchases" "OLD"}} END;
--bun:split
CREATE TRIGGER report_sales_waits_insert AFTER INSERT ON sales BEGIN {{template "waits_sales" "NEW"}} END;
--bun:split
CREATE TRIGGER report_sales_waits_update AFTER UPDATE ON sales
WHEN OLD.approval_status {{template "differ" $}} NEW.approval_status OR OLD.deleted_at {{template "differ" $}} NEW.deleted_at OR OLD.company_id {{template "differ" $}} NEW.company_id
BEGIN {{template "waits_sales" "OLD"}} {{template "waits_sales" "NEW"}} END;
--bun:split
CREATE TRIGGER report_sales_waits_delete AFTER DELETE ON sales BEGIN {{template "waits_sales" "OLD"}} END;
--bun:split
CREATE TRIGGER report_payments_waits_insert AFTER INSERT ON payments BEGIN {{template "waits_payments" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payments_waits_update AFTER UPDATE ON payments
WHEN OLD.approval_status {{template "differ" $}} NEW.approval_status OR OLD.deleted_at {{template "differ" $}} NEW.deleted_at OR OLD.company_id {{template "differ" $}} NEW.company_id
BEGIN {{template "waits_payments" "OLD"}} {{template "waits_payments" "NEW"}} END;
--bun:split
CREATE TRIGGER report_payments_waits_delete AFTER DELETE ON payments BEGIN {{template "waits_payments" "OLD"}} END;
--bun:split
CREATE TRIGGER report_purchase_orders_waits_insert AFTER INSERT ON purchase_orders BEGIN {{template "waits_purchase_orders" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchase_orders_waits_update AFTER UPDATE ON purchase_orders
WHEN OLD.status {{template "differ" $}} NEW.status OR OLD.deleted_at {{template "differ" $}} NEW.deleted_at OR OLD.company_id {{template "differ" $}} NEW.company_id
BEGIN {{template "waits_purchase_orders" "OLD"}} {{template "waits_purchase_orders" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchase_orders_waits_delete AFTER DELETE ON purchase_orders BEGIN {{template "waits_purchase_orders" "OLD"}} END;
--bun:split
CREATE TRIGGER report_received_orders_waits_insert AFTER INSERT ON received_orders BEGIN {{template "waits_received_orders" "NEW"}} END;
--bun:split
CREATE TRIGGER report_received_orders_waits_update AFTER UPDATE ON received_orders
WHEN OLD.status {{template "differ" $}} NEW.status OR OLD.deleted_at {{template "differ" $}} NEW.deleted_at OR OLD.company_id {{template "differ" $}} NEW.company_id
BEGIN {{template "waits_received_orders" "OLD"}} {{template "waits_received_orders" "NEW"}} END;
--bun:split
CREATE TRIGGER report_received_orders_waits_delete AFTER DELETE ON received_orders BEGIN {{template "waits_received_orders" "OLD"}} END;
--bun:split
CREATE TRIGGER report_purchase_returns_waits_insert AFTER INSERT ON purchase_returns BEGIN {{template "waits_purchase_returns" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchase_returns_waits_update AFTER UPDATE ON purchase_returns
WHEN OLD.approval_status {{template "differ" $}} NEW.approval_status OR OLD.deleted_at {{template "differ" $}} NEW.deleted_at OR OLD.company_id {{template "differ" $}} NEW.company_id
BEGIN {{template "waits_purchase_returns" "OLD"}} {{template "waits_purchase_returns" "NEW"}} END;
--bun:split
CREATE TRIGGER report_purchase_returns_waits_delete AFTER DELETE ON purchase_returns BEGIN {{template "waits_purchase_returns" "OLD"}} END;
{{end}}
