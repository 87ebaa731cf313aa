-- archive (advanced delete): the batches an advanced delete archived, the records each took
-- (selected and gone along), and the verification codes mailed before one. The records
-- themselves stay in their owners' tables, soft-deleted (deleted_at); a batch remembers which,
-- so a restore brings back exactly those. Money is integer centavos.
CREATE TABLE archive_batches (
    id {{.PK}},
    -- The company of every record of the batch (NULL when an administrator's selection spanned
    -- several companies).
    company_id BIGINT REFERENCES companies (id),
    kind TEXT NOT NULL,
    reason TEXT NOT NULL,
    record_count INTEGER NOT NULL,
    dependent_count INTEGER NOT NULL,
    total_cents BIGINT NOT NULL,
    created_by BIGINT NOT NULL,
    created_by_name TEXT NOT NULL,
    created_at {{.Time}} NOT NULL,
    restored_at {{.Time}},
    restored_by BIGINT,
    restored_by_name TEXT NOT NULL DEFAULT ''
);
--bun:split
-- The archive page, newest first: per company and across companies (administrators).
CREATE INDEX archive_batches_company_idx ON archive_batches (company_id, created_at, id);
--bun:split
CREATE INDEX archive_batches_created_idx ON archive_batches (created_at, id);
--bun:split
CREATE TABLE archive_items (
    id {{.PK}},
    batch_id BIGINT NOT NULL REFERENCES archive_batches (id),
    -- purchase, purchase_return, payment, sale: the owner's kind (platform/archiving.Item).
    kind TEXT NOT NULL,
    record_id BIGINT NOT NULL,
    company_id BIGINT NOT NULL,
    number TEXT NOT NULL,
    party_name TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    -- selected: chosen in the preview; otherwise it went along with one (a purchase's payment).
    selected BOOLEAN NOT NULL
);
--bun:split
CREATE INDEX archive_items_batch_idx ON archive_items (batch_id, id);
--bun:split
-- The 6-digit codes: stored hashed with the user and the preview they are bound to (a changed
-- selection needs a new code), valid until expires_at, single use (used_at), void after five
-- wrong tries (attempts). The send limit counts a user's codes of the last 15 minutes.
CREATE TABLE archive_codes (
    id {{.PK}},
    user_id BIGINT NOT NULL,
    code_hash TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    expires_at {{.Time}} NOT NULL,
    used_at {{.Time}},
    created_at {{.Time}} NOT NULL
);
--bun:split
CREATE INDEX archive_codes_user_idx ON archive_codes (user_id, created_at);
