-- auth: who approved or rejected a user and why (users created by someone other than an admin
-- start pending), and indexes for the admins' user list.
ALTER TABLE users ADD COLUMN approval_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN approved_by BIGINT;
ALTER TABLE users ADD COLUMN approved_at {{.Time}};
CREATE INDEX users_name_sort_idx ON users (lower(username), id) WHERE deleted_at IS NULL;
CREATE INDEX users_created_sort_idx ON users (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX users_company_live_idx ON users (company_id, lower(username), id) WHERE deleted_at IS NULL;
