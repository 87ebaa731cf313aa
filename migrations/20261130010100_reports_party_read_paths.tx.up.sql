-- reports: the read paths of the party pages at 1,000,000 documents (issue 12, "Fast").
--
-- The party lists read one month's (or a year's) rows of every party: a month's rows lie all
-- over the table (it is filed by party), so on PostgreSQL the month index carries the figures
-- and the read never visits the table.
{{if .PG}}
CREATE INDEX report_party_months_figures_idx ON report_party_months (type, month)
    INCLUDE (party_id, company_id, store_id, n, total_cents, paid_cents, returns_cents);
--bun:split
DROP INDEX report_party_months_month_idx;
--bun:split
-- Statistics of the backfilled aggregates, for the plans of the first reads.
ANALYZE report_party_months;
--bun:split
ANALYZE report_party_balances;
{{end}}
