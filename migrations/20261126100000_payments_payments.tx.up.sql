-- payments: money paid on a payable document — a purchase (we pay a supplier) or a sale (a
-- customer pays us) — and the runs that record several at once, with their word index.
-- Money is integer centavos; payment_date is 'YYYY-MM-DD' text in America/Bogota, as the
-- documents' dates. The document is named by (type, document_id) and never joined: its number and
-- party are copied at write time, and its paid, balance and status live in its owner's table,
-- changed through the owner's payable.Ledger in the payment's transaction. Each statement is sent
-- on its own (--bun:split, one transaction still).
CREATE TABLE payment_batches (
    id {{.PK}},
    company_id BIGINT NOT NULL REFERENCES companies (id),
    -- LOTE-000123: the company's runs sequence (platform/sequence), never reused.
    number TEXT NOT NULL,
    type TEXT NOT NULL,
    payment_date TEXT NOT NULL,
    reference_no TEXT NOT NULL,
    method TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    created_by BIGINT,
    created_at {{.Time}} NOT NULL,
    CHECK (type IN ('purchase', 'sale')),
    CHECK (method IN ('cash', 'transfer', 'card', 'cheque'))
);
--bun:split
CREATE UNIQUE INDEX payment_batches_number_uq ON payment_batches (company_id, number);
--bun:split
CREATE TABLE payments (
    id {{.PK}},
    company_id BIGINT NOT NULL REFERENCES companies (id),
    created_at {{.Time}} NOT NULL,
    created_by BIGINT,
    type TEXT NOT NULL,
    document_id BIGINT NOT NULL,
    -- The document as of the payment: its number and its party (supplier or customer).
    document_number TEXT NOT NULL,
    party_id BIGINT NOT NULL,
    party_name TEXT NOT NULL,
    payment_date TEXT NOT NULL,
    reference_no TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    method TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    -- The run that recorded it, and the run's number as copied (lists show it without a join).
    batch_id BIGINT REFERENCES payment_batches (id),
    batch_number TEXT NOT NULL DEFAULT '',
    approval_status TEXT NOT NULL DEFAULT 'pending',
    approval_reason TEXT NOT NULL DEFAULT '',
    approved_by BIGINT,
    approved_at {{.Time}},
    updated_at {{.Time}} NOT NULL,
    updated_by BIGINT,
    deleted_at {{.Time}},
    deleted_by BIGINT,
    CHECK (type IN ('purchase', 'sale')),
    CHECK (method IN ('cash', 'transfer', 'card', 'cheque')),
    CHECK (approval_status IN ('pending', 'approved', 'rejected')),
    CHECK (amount_cents > 0)
);
--bun:split
-- A document's payments: its pending sum (the overpay check, under the document's hold) and its
-- payments page.
CREATE INDEX payments_document_idx ON payments (type, document_id, approval_status) WHERE deleted_at IS NULL;
--bun:split
-- The list's sorts (keyset: sort value, then id), per company and across companies (admins).
CREATE INDEX payments_date_idx ON payments (company_id, payment_date, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX payments_all_date_idx ON payments (payment_date, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX payments_created_idx ON payments (company_id, created_at, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX payments_all_created_idx ON payments (created_at, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX payments_amount_idx ON payments (company_id, amount_cents, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX payments_all_amount_idx ON payments (amount_cents, id) WHERE deleted_at IS NULL;
--bun:split
-- The pending page (approval filter, across companies for admins), read in the default order.
CREATE INDEX payments_approval_idx ON payments (company_id, approval_status, payment_date, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX payments_all_approval_idx ON payments (approval_status, payment_date, id) WHERE deleted_at IS NULL;
--bun:split
-- The party filter (a supplier's or a customer's payments) and a run's payments.
CREATE INDEX payments_party_idx ON payments (type, party_id, company_id, payment_date, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX payments_batch_idx ON payments (batch_id) WHERE batch_id IS NOT NULL;
--bun:split
-- The list's total (a company's live payments), counted from the smallest index.
CREATE INDEX payments_company_idx ON payments (company_id) WHERE deleted_at IS NULL;
--bun:split
-- The payments' word index (platform/search) of their reference number, their document's number
-- and their party's name as copied. sort_name is the payment date, the list's default order.
CREATE TABLE payment_words (
    payment_id BIGINT NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
    word TEXT {{if .PG}}COLLATE "C"{{end}} NOT NULL,
    company_id BIGINT NOT NULL,
    sort_name TEXT NOT NULL,
    mask1 BIGINT NOT NULL DEFAULT 0,
    mask2 BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (payment_id, word)
);
--bun:split
CREATE INDEX payment_words_idx ON payment_words (word, company_id, sort_name, payment_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
--bun:split
CREATE INDEX payment_words_all_idx ON payment_words (word, sort_name, payment_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
