-- reports: the dashboard's approvals card counted every pending record (report_approvals) at each
-- request: 6,806 at 100,000 documents (12-25 ms warm, 67 ms when the recently written pending rows
-- are not all-visible), ~68,000 at 1,000,000 - the month's 150 ms gone on one card (bench/RESULTS.md,
-- issue 12 session 9). A count kept per company and kind would put every pending write of a company
-- on one row (session 8: it queued the writes and deadlocked a rejection against a new sale), so
-- the triggers only INSERT: report_approval_deltas gets +1 when a record starts waiting and -1 when
-- it stops (decided, deleted, moved to another company), rows no two writers share. The card sums
-- them per kind. Every 512th delta folds the older ones into one row per company and kind (in the
-- writer's transaction, one folder at a time: PostgreSQL's advisory lock; SQLite has one writer), so
-- the sum reads a few hundred rows at most whatever the number of records; a reader on a replica
-- never writes.
CREATE TABLE report_approval_deltas (
    id {{.PK}},
    company_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    n BIGINT NOT NULL
);
--bun:split
INSERT INTO report_approval_deltas (company_id, kind, n)
SELECT a.company_id, a.kind, COUNT(*) FROM report_approvals a GROUP BY a.company_id, a.kind;
--bun:split
{{define "kind"}}{{if eq . "purchase_returns"}}returns{{else}}{{.}}{{end}}{{end}}
{{define "col"}}{{if or (eq . "purchase_orders") (eq . "received_orders")}}status{{else}}approval_status{{end}}{{end}}
{{define "old"}}(OLD.deleted_at IS NULL AND OLD.{{template "col" .}} = 'pending'){{end}}
{{define "new"}}(NEW.deleted_at IS NULL AND NEW.{{template "col" .}} = 'pending'){{end}}
{{define "args"}}'{{template "kind" .}}', '{{template "col" .}}'{{end}}
{{define "pg"}}
--bun:split
CREATE TRIGGER report_{{.}}_approvals_insert AFTER INSERT ON {{.}} FOR EACH ROW
WHEN {{template "new" .}} EXECUTE FUNCTION report_approval_delta({{template "args" .}});
--bun:split
CREATE TRIGGER report_{{.}}_approvals_delete AFTER DELETE ON {{.}} FOR EACH ROW
WHEN {{template "old" .}} EXECUTE FUNCTION report_approval_delta({{template "args" .}});
--bun:split
CREATE TRIGGER report_{{.}}_approvals_update AFTER UPDATE ON {{.}} FOR EACH ROW
WHEN ({{template "old" .}} IS DISTINCT FROM {{template "new" .}} OR OLD.company_id <> NEW.company_id)
EXECUTE FUNCTION report_approval_delta({{template "args" .}});
{{end}}
{{define "sqlite"}}
--bun:split
CREATE TRIGGER report_{{.}}_approvals_insert AFTER INSERT ON {{.}} WHEN {{template "new" .}} BEGIN
    INSERT INTO report_approval_deltas (company_id, kind, n) VALUES (NEW.company_id, '{{template "kind" .}}', 1);
END;
--bun:split
CREATE TRIGGER report_{{.}}_approvals_delete AFTER DELETE ON {{.}} WHEN {{template "old" .}} BEGIN
    INSERT INTO report_approval_deltas (company_id, kind, n) VALUES (OLD.company_id, '{{template "kind" .}}', -1);
END;
--bun:split
CREATE TRIGGER report_{{.}}_approvals_update AFTER UPDATE ON {{.}}
WHEN {{template "old" .}} IS NOT {{template "new" .}} OR OLD.company_id <> NEW.company_id BEGIN
    INSERT INTO report_approval_deltas (company_id, kind, n) SELECT OLD.company_id, '{{template "kind" .}}', -1 WHERE {{template "old" .}};
    INSERT INTO report_approval_deltas (company_id, kind, n) SELECT NEW.company_id, '{{template "kind" .}}', 1 WHERE {{template "new" .}};
END;
{{end}}
{{if .PG}}
-- TG_ARGV: the kind, then the column that says a record waits ('pending').
CREATE FUNCTION report_approval_delta() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL AND to_jsonb(OLD) ->> TG_ARGV[1] = 'pending' THEN
        INSERT INTO report_approval_deltas (company_id, kind, n) VALUES (OLD.company_id, TG_ARGV[0], -1);
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND to_jsonb(NEW) ->> TG_ARGV[1] = 'pending' THEN
        INSERT INTO report_approval_deltas (company_id, kind, n) VALUES (NEW.company_id, TG_ARGV[0], 1);
    END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE FUNCTION report_approval_fold() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    IF pg_try_advisory_xact_lock(hashtext('report_approval_deltas')) THEN
        WITH gone AS (DELETE FROM report_approval_deltas WHERE id < NEW.id RETURNING company_id, kind, n)
        INSERT INTO report_approval_deltas (company_id, kind, n)
        SELECT company_id, kind, SUM(n) FROM gone GROUP BY company_id, kind HAVING SUM(n) <> 0;
    END IF;
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_approval_fold AFTER INSERT ON report_approval_deltas FOR EACH ROW
WHEN (NEW.id % 512 = 0) EXECUTE FUNCTION report_approval_fold();
{{template "pg" "purchases"}}
{{template "pg" "sales"}}
{{template "pg" "payments"}}
{{template "pg" "purchase_orders"}}
{{template "pg" "received_orders"}}
{{template "pg" "purchase_returns"}}
{{else}}
CREATE TRIGGER report_approval_fold AFTER INSERT ON report_approval_deltas WHEN NEW.id % 512 = 0 BEGIN
    INSERT INTO report_approval_deltas (company_id, kind, n)
    SELECT company_id, kind, SUM(n) FROM report_approval_deltas WHERE id < NEW.id GROUP BY company_id, kind HAVING SUM(n) <> 0;
    DELETE FROM report_approval_deltas WHERE id < NEW.id;
END;
{{template "sqlite" "purchases"}}
{{template "sqlite" "sales"}}
{{template "sqlite" "payments"}}
{{template "sqlite" "purchase_orders"}}
{{template "sqlite" "received_orders"}}
{{template "sqlite" "purchase_returns"}}
{{end}}
