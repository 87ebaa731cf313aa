-- payments: the name of the user who recorded each payment, copied from the auth module when the
-- payment is recorded (DESIGN rule 3: the payments module never reads users), so that everyone
-- who reads a payment — not only the administrators, who alone list users — sees who recorded
-- it, in the lists, the pending page and the export. A payment is never edited, so neither is the
-- name.
ALTER TABLE payments ADD COLUMN created_by_name TEXT NOT NULL DEFAULT '';
--bun:split
-- The payments written before: the name their creator has now, by the auth module's rule (first
-- and last name, else the username), as 20261127010000_sales_seller_name does for the sales.
-- Deleted users keep naming their payments. A migration may read both modules' tables; the
-- modules may not.
UPDATE payments SET created_by_name = COALESCE((
    SELECT CASE WHEN TRIM(u.first_name || ' ' || u.last_name) <> '' THEN TRIM(u.first_name || ' ' || u.last_name)
                ELSE u.username END
    FROM users AS u WHERE u.id = payments.created_by), '');
