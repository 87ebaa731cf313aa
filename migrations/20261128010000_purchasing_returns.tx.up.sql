-- purchasing: purchase returns (goods sent back to the supplier, or a price correction agreed
-- with it), their lines and their word index; and each purchase's pending returns. A return is
-- part of its purchase's ledger (modules/purchasing): it is written in the purchase's
-- transaction with the purchase row held, and its figures come from modules/tax in proportion
-- to the purchase's own. Money is integer centavos; return_date is 'YYYY-MM-DD' text in
-- America/Bogota. Each statement is sent on its own (--bun:split, one transaction still).
ALTER TABLE purchases ADD COLUMN pending_return_cents BIGINT NOT NULL DEFAULT 0;
--bun:split
CREATE TABLE purchase_returns (
    id {{.PK}},
    company_id BIGINT NOT NULL REFERENCES companies (id),
    purchase_id BIGINT NOT NULL REFERENCES purchases (id),
    -- The purchase as of the return: its reference number and its supplier.
    purchase_reference_no TEXT NOT NULL,
    supplier_id BIGINT NOT NULL,
    supplier_name TEXT NOT NULL,
    return_date TEXT NOT NULL,
    reference_no TEXT NOT NULL,
    kind TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    -- A value return's agreed reduction of the base (0 for goods).
    value_cents BIGINT NOT NULL DEFAULT 0,
    subtotal_cents BIGINT NOT NULL,
    discount_cents BIGINT NOT NULL,
    taxable_base_cents BIGINT NOT NULL,
    vat_cents BIGINT NOT NULL,
    withholding_income_cents BIGINT NOT NULL,
    withholding_vat_cents BIGINT NOT NULL,
    -- What the purchase's balance falls by: base + VAT − withholdings.
    amount_cents BIGINT NOT NULL,
    approval_status TEXT NOT NULL DEFAULT 'pending',
    approval_reason TEXT NOT NULL DEFAULT '',
    approved_by BIGINT,
    approved_at {{.Time}},
    -- Who recorded and who decided, named as of then (every reader sees them).
    created_by_name TEXT NOT NULL DEFAULT '',
    decided_by_name TEXT NOT NULL DEFAULT '',
    created_at {{.Time}} NOT NULL,
    created_by BIGINT,
    updated_at {{.Time}} NOT NULL,
    updated_by BIGINT,
    deleted_at {{.Time}},
    deleted_by BIGINT,
    CHECK (kind IN ('goods', 'value')),
    CHECK (approval_status IN ('pending', 'approved', 'rejected')),
    CHECK (amount_cents >= 0)
);
--bun:split
-- A purchase's returns: its returnable quantities and figures (under the purchase's hold) and its
-- returns page.
CREATE INDEX purchase_returns_purchase_idx ON purchase_returns (purchase_id, approval_status) WHERE deleted_at IS NULL;
--bun:split
-- The list's sorts (keyset: sort value, then id), per company and across companies (admins).
CREATE INDEX purchase_returns_date_idx ON purchase_returns (company_id, return_date, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX purchase_returns_all_date_idx ON purchase_returns (return_date, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX purchase_returns_supplier_idx ON purchase_returns (supplier_id, approval_status) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX purchase_returns_company_idx ON purchase_returns (company_id) WHERE deleted_at IS NULL;
--bun:split
CREATE TABLE purchase_return_lines (
    id {{.PK}},
    return_id BIGINT NOT NULL REFERENCES purchase_returns (id),
    company_id BIGINT NOT NULL,
    line_no INTEGER NOT NULL,
    purchase_line_id BIGINT NOT NULL REFERENCES purchase_lines (id),
    -- The product as the purchase line named it.
    product_id BIGINT NOT NULL,
    product_code TEXT NOT NULL,
    product_name TEXT NOT NULL,
    kind TEXT NOT NULL,
    quantity BIGINT NOT NULL,
    unit_cost_cents BIGINT NOT NULL,
    subtotal_cents BIGINT NOT NULL,
    discount_cents BIGINT NOT NULL,
    base_cents BIGINT NOT NULL,
    vat_cents BIGINT NOT NULL,
    CHECK (quantity > 0)
);
--bun:split
CREATE INDEX purchase_return_lines_return_idx ON purchase_return_lines (return_id, line_no);
--bun:split
CREATE INDEX purchase_return_lines_line_idx ON purchase_return_lines (purchase_line_id);
--bun:split
-- The returns' word index (platform/search) of their reference number, their purchase's
-- reference and their supplier's name as copied. sort_name is the return date, the list's
-- default order.
CREATE TABLE purchase_return_words (
    return_id BIGINT NOT NULL REFERENCES purchase_returns (id) ON DELETE CASCADE,
    word TEXT {{if .PG}}COLLATE "C"{{end}} NOT NULL,
    company_id BIGINT NOT NULL,
    sort_name TEXT NOT NULL,
    mask1 BIGINT NOT NULL DEFAULT 0,
    mask2 BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (return_id, word)
);
--bun:split
CREATE INDEX purchase_return_words_idx ON purchase_return_words (word, company_id, sort_name, return_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
--bun:split
CREATE INDEX purchase_return_words_all_idx ON purchase_return_words (word, sort_name, return_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
