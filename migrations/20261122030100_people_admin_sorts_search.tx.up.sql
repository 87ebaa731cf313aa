-- people: admins list customers and suppliers across every company, so each list sort also needs
-- an index without the company in front (otherwise every admin page sorts all live rows: ~200 ms
-- at 100,000 customers, 0.15 ms with the index — bench/RESULTS.md). On PostgreSQL, trigram indexes
-- serve the search (lower(col) LIKE '%text%') on the four searched columns instead of a full scan.
CREATE INDEX customers_all_name_idx ON customers (lower(name), id) WHERE deleted_at IS NULL;
CREATE INDEX customers_all_city_idx ON customers (lower(city), id) WHERE deleted_at IS NULL;
CREATE INDEX customers_all_created_idx ON customers (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX suppliers_all_name_idx ON suppliers (lower(name), id) WHERE deleted_at IS NULL;
CREATE INDEX suppliers_all_city_idx ON suppliers (lower(city), id) WHERE deleted_at IS NULL;
CREATE INDEX suppliers_all_created_idx ON suppliers (created_at, id) WHERE deleted_at IS NULL;
{{if .PG}}
SELECT pg_advisory_xact_lock(7310001);
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA pg_catalog;
CREATE INDEX customers_name_trgm_idx ON customers USING gin (lower(name) gin_trgm_ops) WHERE deleted_at IS NULL;
CREATE INDEX customers_company_trgm_idx ON customers USING gin (lower(company) gin_trgm_ops) WHERE deleted_at IS NULL;
CREATE INDEX customers_email_trgm_idx ON customers USING gin (lower(email) gin_trgm_ops) WHERE deleted_at IS NULL;
CREATE INDEX customers_document_trgm_idx ON customers USING gin (lower(document_number) gin_trgm_ops) WHERE deleted_at IS NULL;
CREATE INDEX suppliers_name_trgm_idx ON suppliers USING gin (lower(name) gin_trgm_ops) WHERE deleted_at IS NULL;
CREATE INDEX suppliers_company_trgm_idx ON suppliers USING gin (lower(company) gin_trgm_ops) WHERE deleted_at IS NULL;
CREATE INDEX suppliers_email_trgm_idx ON suppliers USING gin (lower(email) gin_trgm_ops) WHERE deleted_at IS NULL;
CREATE INDEX suppliers_document_trgm_idx ON suppliers USING gin (lower(document_number) gin_trgm_ops) WHERE deleted_at IS NULL;
{{end}}
