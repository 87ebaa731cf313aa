-- reports: each customer's and supplier's running totals at every month's end, and where each
-- stands today, without the store (issue 12, "Fast": customers_report summed every party's
-- report_party_months rows per store over the range, today's balances per store and the months
-- after the range — at 1,000,000 documents 434 ms for a month, 1.7 s for a year, p50).
--
-- report_party_running: per company, type (purchase: suppliers, sale: customers), party and month
-- (YYYY-MM), the party's report_party_months summed over every store and every month up to and
-- including that one — documents (n), their total, paid and returned — and over that month alone
-- (month_n, month_total_cents…). A range's figures are the row of its last month less the row of
-- its first plus that month's own, and its balance at a month's end is that month's total − paid
-- − returns: one row per party for a month, two whatever the range's length. Rows are dense: a
-- party has a row for every month from the first month it moved to the last (a month without
-- movements repeats the one before), so the row of a month is found by key. They are written in
-- month order (the backfill sorts them, and a party's row of a new month is added when it first
-- moves in it), so one month's rows lie together; the free space left in each page lets a row's
-- update stay in its page (PostgreSQL's HOT: no index column changes).
--
-- report_party_totals: per company, type and party, the same summed over every month (what it
-- stands at today), the last month it has a running row for (a month after it has no row: it
-- stands as today), and oldest_due, the earliest of its stores' report_party_balances.oldest_due
-- ('' none). One row per party: the party lists' rows for every store.
--
-- Both are kept by triggers on report_party_months, whose every change (an upsert) is what a
-- party moved in a month and store: the delta is added to the party's totals and to its running
-- rows of that month and after (one row for a movement of the party's last month, the usual
-- write; a backdated one moves every month after it), and the missing months are filled first
-- (zeros before the first row, the last row repeated after it; on PostgreSQL looked for only when
-- the month has no row yet). On PostgreSQL the party's totals row is locked before anything
-- else of the party — by a BEFORE INSERT trigger on report_party_months, so before the month's
-- row, its store's balances row and its running rows — and a transaction keeps it: the party's
-- writers run one at a time (a party's row, never a company's) and none waits for another while
-- holding a row of the party the other needs (a document moved to another store takes both
-- stores' rows). oldest_due follows report_party_balances' by a trigger on its change (by then
-- the writer holds the totals row: its document's months came first).
{{define "running_insert"}}INSERT INTO report_party_running (company_id, type, party_id, month, n, total_cents, paid_cents, returns_cents,
    month_n, month_total_cents, month_paid_cents, month_returns_cents){{end}}
{{/* The month after the month (YYYY-MM) expr, in SQL both dialects run. */}}
{{define "next"}}(CASE WHEN substr({{.}}, 6, 2) = '12' THEN CAST(CAST(substr({{.}}, 1, 4) AS INTEGER) + 1 AS TEXT) || '-01'
    ELSE substr({{.}}, 1, 5) || CASE WHEN CAST(substr({{.}}, 6, 2) AS INTEGER) < 9 THEN '0' ELSE '' END
        || CAST(CAST(substr({{.}}, 6, 2) AS INTEGER) + 1 AS TEXT) END){{end}}
{{/* The change of a report_party_months figure: variables on PostgreSQL ("pg"), NEW (an
     "insert") or NEW − OLD (an "update") on SQLite. */}}
{{define "dn"}}{{if eq . "pg"}}dn{{else}}NEW.n{{if eq . "update"}} - OLD.n{{end}}{{end}}{{end}}
{{define "dt"}}{{if eq . "pg"}}dt{{else}}NEW.total_cents{{if eq . "update"}} - OLD.total_cents{{end}}{{end}}{{end}}
{{define "dp"}}{{if eq . "pg"}}dp{{else}}NEW.paid_cents{{if eq . "update"}} - OLD.paid_cents{{end}}{{end}}{{end}}
{{define "dr"}}{{if eq . "pg"}}dr{{else}}NEW.returns_cents{{if eq . "update"}} - OLD.returns_cents{{end}}{{end}}{{end}}
{{define "party"}}r.type = NEW.type AND r.party_id = NEW.party_id AND r.company_id = NEW.company_id{{end}}
{{/* A change of NEW's party in NEW.month ("." says how the change is written). */}}
{{define "move"}}
INSERT INTO report_party_totals (company_id, type, party_id, last_month, n, total_cents, paid_cents, returns_cents)
VALUES (NEW.company_id, NEW.type, NEW.party_id, NEW.month, {{template "dn" .}}, {{template "dt" .}}, {{template "dp" .}}, {{template "dr" .}})
ON CONFLICT (type, party_id, company_id) DO UPDATE SET
    last_month = CASE WHEN excluded.last_month > report_party_totals.last_month THEN excluded.last_month ELSE report_party_totals.last_month END,
    n = report_party_totals.n + excluded.n, total_cents = report_party_totals.total_cents + excluded.total_cents,
    paid_cents = report_party_totals.paid_cents + excluded.paid_cents, returns_cents = report_party_totals.returns_cents + excluded.returns_cents;
{{if eq . "pg"}}IF NOT EXISTS (SELECT 1 FROM report_party_running r WHERE {{template "party"}} AND r.month = NEW.month) THEN{{end}}
{{template "running_insert"}}
WITH RECURSIVE s(month, stop) AS (
    SELECT NEW.month, COALESCE((SELECT MIN(r.month) FROM report_party_running r WHERE {{template "party"}}), {{template "next" "NEW.month"}})
    UNION ALL
    SELECT {{template "next" "s.month"}}, s.stop FROM s WHERE {{template "next" "s.month"}} < s.stop)
SELECT NEW.company_id, NEW.type, NEW.party_id, s.month, 0, 0, 0, 0, 0, 0, 0, 0 FROM s WHERE s.month < s.stop;
{{template "running_insert"}}
WITH RECURSIVE s(month, n, total_cents, paid_cents, returns_cents) AS (
    SELECT {{template "next" "r.month"}}, r.n, r.total_cents, r.paid_cents, r.returns_cents FROM report_party_running r
    WHERE {{template "party"}} AND r.month < NEW.month
        AND r.month = (SELECT MAX(x.month) FROM report_party_running x WHERE x.type = NEW.type AND x.party_id = NEW.party_id
            AND x.company_id = NEW.company_id)
    UNION ALL
    SELECT {{template "next" "s.month"}}, s.n, s.total_cents, s.paid_cents, s.returns_cents FROM s WHERE s.month < NEW.month)
SELECT NEW.company_id, NEW.type, NEW.party_id, s.month, s.n, s.total_cents, s.paid_cents, s.returns_cents, 0, 0, 0, 0 FROM s;
{{if eq . "pg"}}END IF;{{end}}
UPDATE report_party_running SET n = n + {{template "dn" .}}, total_cents = total_cents + {{template "dt" .}},
    paid_cents = paid_cents + {{template "dp" .}}, returns_cents = returns_cents + {{template "dr" .}},
    month_n = month_n + CASE WHEN month = NEW.month THEN {{template "dn" .}} ELSE 0 END,
    month_total_cents = month_total_cents + CASE WHEN month = NEW.month THEN {{template "dt" .}} ELSE 0 END,
    month_paid_cents = month_paid_cents + CASE WHEN month = NEW.month THEN {{template "dp" .}} ELSE 0 END,
    month_returns_cents = month_returns_cents + CASE WHEN month = NEW.month THEN {{template "dr" .}} ELSE 0 END
WHERE type = NEW.type AND party_id = NEW.party_id AND company_id = NEW.company_id AND month >= NEW.month;
{{end}}
{{define "due"}}UPDATE report_party_totals SET oldest_due = COALESCE((SELECT MIN(b.oldest_due) FROM report_party_balances b
    WHERE b.type = NEW.type AND b.party_id = NEW.party_id AND b.company_id = NEW.company_id AND b.oldest_due <> ''), '')
WHERE type = NEW.type AND party_id = NEW.party_id AND company_id = NEW.company_id;{{end}}
CREATE TABLE report_party_running (
    company_id BIGINT NOT NULL,
    type TEXT NOT NULL,
    party_id BIGINT NOT NULL,
    month TEXT NOT NULL,
    n BIGINT NOT NULL DEFAULT 0,
    total_cents BIGINT NOT NULL DEFAULT 0,
    paid_cents BIGINT NOT NULL DEFAULT 0,
    returns_cents BIGINT NOT NULL DEFAULT 0,
    month_n BIGINT NOT NULL DEFAULT 0,
    month_total_cents BIGINT NOT NULL DEFAULT 0,
    month_paid_cents BIGINT NOT NULL DEFAULT 0,
    month_returns_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (type, party_id, company_id, month)
){{if .PG}} WITH (fillfactor = 80){{end}};
--bun:split
-- The party lists read one month of every party.
CREATE INDEX report_party_running_month_idx ON report_party_running (type, month, party_id);
--bun:split
CREATE TABLE report_party_totals (
    company_id BIGINT NOT NULL,
    type TEXT NOT NULL,
    party_id BIGINT NOT NULL,
    last_month TEXT NOT NULL,
    oldest_due TEXT NOT NULL DEFAULT '',
    n BIGINT NOT NULL DEFAULT 0,
    total_cents BIGINT NOT NULL DEFAULT 0,
    paid_cents BIGINT NOT NULL DEFAULT 0,
    returns_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (type, party_id, company_id)
);
--bun:split
-- Backfill from report_party_months and report_party_balances (the triggers keep them from here
-- on): the same statements as modules/reports' Rebuild.
{{template "running_insert"}}
WITH RECURSIVE s(company_id, type, party_id, month, last) AS (
    SELECT m.company_id, m.type, m.party_id, MIN(m.month), MAX(m.month) FROM report_party_months m GROUP BY m.company_id, m.type, m.party_id
    UNION ALL
    SELECT s.company_id, s.type, s.party_id, {{template "next" "s.month"}}, s.last FROM s WHERE s.month < s.last),
ms AS (SELECT m.company_id, m.type, m.party_id, m.month, SUM(m.n) AS n, SUM(m.total_cents) AS total_cents, SUM(m.paid_cents) AS paid_cents,
        SUM(m.returns_cents) AS returns_cents
    FROM report_party_months m GROUP BY m.company_id, m.type, m.party_id, m.month)
SELECT s.company_id, s.type, s.party_id, s.month, SUM(COALESCE(ms.n, 0)) OVER w, SUM(COALESCE(ms.total_cents, 0)) OVER w,
    SUM(COALESCE(ms.paid_cents, 0)) OVER w, SUM(COALESCE(ms.returns_cents, 0)) OVER w,
    COALESCE(ms.n, 0), COALESCE(ms.total_cents, 0), COALESCE(ms.paid_cents, 0), COALESCE(ms.returns_cents, 0)
FROM s LEFT JOIN ms ON ms.company_id = s.company_id AND ms.type = s.type AND ms.party_id = s.party_id AND ms.month = s.month
WINDOW w AS (PARTITION BY s.company_id, s.type, s.party_id ORDER BY s.month ROWS UNBOUNDED PRECEDING)
ORDER BY s.month, s.type, s.party_id;
--bun:split
INSERT INTO report_party_totals (company_id, type, party_id, last_month, oldest_due, n, total_cents, paid_cents, returns_cents)
SELECT m.company_id, m.type, m.party_id, MAX(m.month), COALESCE((SELECT MIN(b.oldest_due) FROM report_party_balances b
        WHERE b.type = m.type AND b.party_id = m.party_id AND b.company_id = m.company_id AND b.oldest_due <> ''), ''),
    SUM(m.n), SUM(m.total_cents), SUM(m.paid_cents), SUM(m.returns_cents)
FROM report_party_months m GROUP BY m.company_id, m.type, m.party_id;
--bun:split
{{if .PG}}
ANALYZE report_party_running;
--bun:split
ANALYZE report_party_totals;
--bun:split
CREATE FUNCTION report_party_months_running() RETURNS trigger LANGUAGE plpgsql AS $body$
DECLARE
    dn BIGINT := NEW.n;
    dt BIGINT := NEW.total_cents;
    dp BIGINT := NEW.paid_cents;
    dr BIGINT := NEW.returns_cents;
BEGIN
    IF TG_OP = 'UPDATE' THEN
        dn := dn - OLD.n;
        dt := dt - OLD.total_cents;
        dp := dp - OLD.paid_cents;
        dr := dr - OLD.returns_cents;
    END IF;
    {{template "move" "pg"}}
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_party_months_totals AFTER INSERT ON report_party_months FOR EACH ROW EXECUTE FUNCTION report_party_months_running();
--bun:split
-- An upsert that moves nothing (a zero row written again) changes no running figure.
CREATE TRIGGER report_party_months_totals_update AFTER UPDATE ON report_party_months FOR EACH ROW
WHEN (OLD.n <> NEW.n OR OLD.total_cents <> NEW.total_cents OR OLD.paid_cents <> NEW.paid_cents OR OLD.returns_cents <> NEW.returns_cents)
EXECUTE FUNCTION report_party_months_running();
--bun:split
CREATE FUNCTION report_party_months_lock() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    PERFORM 1 FROM report_party_totals WHERE type = NEW.type AND party_id = NEW.party_id AND company_id = NEW.company_id FOR UPDATE;
    RETURN NEW;
END $body$;
--bun:split
CREATE TRIGGER report_party_months_lock BEFORE INSERT ON report_party_months FOR EACH ROW EXECUTE FUNCTION report_party_months_lock();
--bun:split
CREATE FUNCTION report_party_balances_due() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
    {{template "due"}}
    RETURN NULL;
END $body$;
--bun:split
CREATE TRIGGER report_party_balances_due AFTER UPDATE OF oldest_due ON report_party_balances FOR EACH ROW
WHEN (OLD.oldest_due <> NEW.oldest_due) EXECUTE FUNCTION report_party_balances_due();
{{else}}
CREATE TRIGGER report_party_months_totals_insert AFTER INSERT ON report_party_months BEGIN {{template "move" "insert"}} END;
--bun:split
CREATE TRIGGER report_party_months_totals_update AFTER UPDATE ON report_party_months
WHEN OLD.n <> NEW.n OR OLD.total_cents <> NEW.total_cents OR OLD.paid_cents <> NEW.paid_cents OR OLD.returns_cents <> NEW.returns_cents
BEGIN {{template "move" "update"}} END;
--bun:split
CREATE TRIGGER report_party_balances_due AFTER UPDATE OF oldest_due ON report_party_balances WHEN OLD.oldest_due <> NEW.oldest_due
BEGIN {{template "due"}} END;
{{end}}
