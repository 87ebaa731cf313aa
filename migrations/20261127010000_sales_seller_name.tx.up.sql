-- sales: the seller's name on each sale, copied from the auth module when the sale is recorded
-- (DESIGN rule 3: the sales module never reads users), so that everyone who reads a sale — not
-- only the administrators, who alone list users — sees who sold it, and the export names them.
-- The seller does not change on edit, so neither does the name.
ALTER TABLE sales ADD COLUMN seller_name TEXT NOT NULL DEFAULT '';
--bun:split
-- The sales written before: the name their seller has now, by the auth module's rule (first and
-- last name, else the username; the names are stored trimmed, so TRIM of the two joined by a
-- space is Go's strings.TrimSpace of them). Deleted users keep naming their sales. A migration
-- may read both modules' tables; the modules may not.
UPDATE sales SET seller_name = COALESCE((
    SELECT CASE WHEN TRIM(u.first_name || ' ' || u.last_name) <> '' THEN TRIM(u.first_name || ' ' || u.last_name)
                ELSE u.username END
    FROM users AS u WHERE u.id = sales.created_by), '');
--bun:split
-- GET /api/sales/sellers: the next seller of a company after another is one probe of this index
-- (the sellers are found by skipping from one to the next, not by reading every sale).
CREATE INDEX sales_company_seller_idx ON sales (company_id, created_by) WHERE deleted_at IS NULL;
