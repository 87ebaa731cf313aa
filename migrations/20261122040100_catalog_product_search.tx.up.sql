-- catalog: on PostgreSQL, trigram indexes serve the product search (lower(name|code) LIKE
-- '%text%') without scanning a company's whole product table. SQLite has no such index type and
-- searches within the company's rows.
--
-- The extension is database-wide. It goes into pg_catalog, which every search_path includes, so
-- that dropping one schema (the tests give each run its own) can never drop it from under the
-- others; the advisory lock makes concurrent first migrations create it once instead of racing.
{{if .PG}}
SELECT pg_advisory_xact_lock(7310001);
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA pg_catalog;
CREATE INDEX products_name_trgm_idx ON products USING gin (lower(name) gin_trgm_ops) WHERE deleted_at IS NULL;
CREATE INDEX products_code_trgm_idx ON products USING gin (lower(code) gin_trgm_ops) WHERE deleted_at IS NULL;
{{else}}
SELECT 1;
{{end}}
