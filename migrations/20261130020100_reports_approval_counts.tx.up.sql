-- reports: what waits for an administrator's decision, counted per company and kind
-- (report_approval_counts), for the dashboard's approvals card. Counting report_approvals' rows
-- read every pending record at each dashboard (6,800 at 100,000 documents: 50 ms at load 25, ten
-- times that at 1,000,000). The counts are kept IN THE WRITE TRANSACTION by triggers on the
-- owners' tables, like the daily aggregates (20261129010000_reports_returns_daily): a record
-- counts while it is live and pending (approval_status, or status for purchase orders and
-- received orders); an insert, a delete, or an update of its status, deletion or company takes
-- back what the old row counted and adds what the new one counts. Other updates fire nothing.
-- Backfilled here from report_approvals; the kinds are report_approvals'.
--
-- The templates take the owner's table as "."; "OLD" and "NEW" are the trigger's rows.
{{define "kind"}}{{if eq . "purchase_returns"}}returns{{else}}{{.}}{{end}}{{end}}
{{define "status"}}{{if or (eq . "purchase_orders") (eq . "received_orders")}}status{{else}}approval_status{{end}}{{end}}
{{define "waits_old"}}INSERT INTO report_approval_counts (company_id, kind, n) SELECT OLD.company_id, '{{template "kind" .}}', -1
WHERE OLD.deleted_at IS NULL AND OLD.{{template "status" .}} = 'pending' {{template "bump"}}{{end}}
{{define "waits_new"}}INSERT INTO report_approval_counts (company_id, kind, n) SELECT NEW.company_id, '{{template "kind" .}}', 1
WHERE NEW.deleted_at IS NULL AND NEW.{{template "status" .}} = 'pending' {{template "bump"}}{{end}}
{{define "bump"}}ON CONFLICT (company_id, kind) DO UPDATE SET n = report_approval_counts.n + excluded.n;{{end}}
{{define "pg"}}
CREATE FUNCTION report_{{.}}_waits() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' THEN {{template "waits_old" .}} END IF;
    IF TG_OP <> 'DELETE' THEN {{template "waits_new" .}} END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_{{.}}_waits AFTER INSERT OR DELETE ON {{.}} FOR EACH ROW EXECUTE FUNCTION report_{{.}}_waits();
--bun:split
CREATE TRIGGER report_{{.}}_waits_update AFTER UPDATE ON {{.}} FOR EACH ROW
WHEN (OLD.{{template "status" .}} IS DISTINCT FROM NEW.{{template "status" .}} OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.company_id IS DISTINCT FROM NEW.company_id)
EXECUTE FUNCTION report_{{.}}_waits();
{{end}}
{{define "sqlite"}}
CREATE TRIGGER report_{{.}}_waits_insert AFTER INSERT ON {{.}} BEGIN {{template "waits_new" .}} END;
--bun:split
CREATE TRIGGER report_{{.}}_waits_update AFTER UPDATE ON {{.}}
WHEN OLD.{{template "status" .}} IS NOT NEW.{{template "status" .}} OR OLD.deleted_at IS NOT NEW.deleted_at OR OLD.company_id IS NOT NEW.company_id
BEGIN {{template "waits_old" .}} {{template "waits_new" .}} END;
--bun:split
CREATE TRIGGER report_{{.}}_waits_delete AFTER DELETE ON {{.}} BEGIN {{template "waits_old" .}} END;
{{end}}
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
{{if .PG}}{{template "pg" "purchases"}}
--bun:split
{{template "pg" "sales"}}
--bun:split
{{template "pg" "payments"}}
--bun:split
{{template "pg" "purchase_orders"}}
--bun:split
{{template "pg" "received_orders"}}
--bun:split
{{template "pg" "purchase_returns"}}
{{else}}{{template "sqlite" "purchases"}}
--bun:split
{{template "sqlite" "sales"}}
--bun:split
{{template "sqlite" "payments"}}
--bun:split
{{template "sqlite" "purchase_orders"}}
--bun:split
{{template "sqlite" "received_orders"}}
--bun:split
{{template "sqlite" "purchase_returns"}}
{{end}}
