-- purchasing: indexes the purchases list needs at a million purchases (bench/purchaselist; plans in
-- its -explain output). The first migration indexed the default sort only; without these,
-- PostgreSQL reads every live purchase (a parallel sequential scan, 0.1 to 0.5 s on 1,000,000 rows,
-- three processes busy) for each request below. Each statement is sent on its own (--bun:split,
-- one transaction still): on a large table, one round trip for the whole file outlasts the
-- database driver's read timeout and the migration fails.
--
-- The status filter's count, and its pages once the status is rare in date order; the
-- administrators' approval filter (/pending-data/purchase across companies) likewise. The
-- company's approval filter already has purchases_approval_idx.
CREATE INDEX purchases_status_idx ON purchases (company_id, status, purchase_date, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX purchases_all_status_idx ON purchases (status, purchase_date, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX purchases_all_approval_idx ON purchases (approval_status, purchase_date, id) WHERE deleted_at IS NULL;
--bun:split
-- The list's total (a company's live purchases), counted after every write and when the cached
-- total expires: the smallest index to count from (one deduplicated key per company), a third of
-- the time of the sort indexes it was counted from.
CREATE INDEX purchases_company_idx ON purchases (company_id) WHERE deleted_at IS NULL;
--bun:split
-- The list's other sorts: balance had no index at all, and the administrators' all-companies list
-- had one only for purchase_date and created_at, so every page of those sorted every live row.
-- purchases_all_due_idx also serves the administrators' 'Expiries in 5 days' card.
CREATE INDEX purchases_balance_idx ON purchases (company_id, balance_cents, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX purchases_all_balance_idx ON purchases (balance_cents, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX purchases_all_total_idx ON purchases (total_to_pay_cents, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX purchases_all_due_idx ON purchases (due_date, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX purchases_all_reference_idx ON purchases (lower(reference_no), id) WHERE deleted_at IS NULL;
-- On PostgreSQL, trigram indexes serve the search (lower(reference_no|supplier_name) LIKE
-- '%text%'): a reference number is found through them instead of by walking the whole date index,
-- and its count no longer reads the table. SQLite has no such index type and searches the rows.
-- The extension goes into pg_catalog under the advisory lock, as in the catalog's migration.
{{if .PG}}
--bun:split
SELECT pg_advisory_xact_lock(7310001);
--bun:split
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA pg_catalog;
--bun:split
CREATE INDEX purchases_reference_trgm_idx ON purchases USING gin (lower(reference_no) gin_trgm_ops) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX purchases_supplier_trgm_idx ON purchases USING gin (lower(supplier_name) gin_trgm_ops) WHERE deleted_at IS NULL;
{{end}}
