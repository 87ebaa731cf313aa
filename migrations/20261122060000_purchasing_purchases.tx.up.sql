-- purchasing: purchases (the supplier's invoice as the company records it) and their lines.
-- Money is integer centavos. Business dates (purchase_date, due_date, expiry_date) are
-- 'YYYY-MM-DD' text in America/Bogota: the same type on both dialects, ordered as text, and never
-- shifted by a session time zone. The totals are tax.Compute's answer at the last write, stored so
-- that lists, sorts and the expiring card read them without recomputing; balance_cents and
-- status follow paid_cents and return_cents (written together by the module, never by hand).
CREATE TABLE purchases (
    id {{.PK}},
    company_id BIGINT NOT NULL REFERENCES companies (id),
    store_id BIGINT NOT NULL REFERENCES stores (id),
    supplier_id BIGINT NOT NULL REFERENCES suppliers (id),
    -- Names as of the purchase (what the invoice says); lists search and show them without joins.
    supplier_name TEXT NOT NULL,
    store_name TEXT NOT NULL,
    reference_no TEXT NOT NULL,
    purchase_date TEXT NOT NULL,
    days_of_credit INTEGER NOT NULL,
    due_date TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    shipping_carrier TEXT NOT NULL DEFAULT '',
    shipping_cents BIGINT NOT NULL DEFAULT 0,
    discount_cents BIGINT NOT NULL DEFAULT 0,
    return_cents BIGINT NOT NULL DEFAULT 0,
    subtotal_cents BIGINT NOT NULL,
    taxable_base_cents BIGINT NOT NULL,
    vat_cents BIGINT NOT NULL,
    invoice_cents BIGINT NOT NULL,
    withholding_income_cents BIGINT NOT NULL,
    withholding_vat_cents BIGINT NOT NULL,
    withholding_income_rate TEXT NOT NULL DEFAULT '',
    withholding_vat_rate TEXT NOT NULL DEFAULT '',
    total_to_pay_cents BIGINT NOT NULL,
    paid_cents BIGINT NOT NULL DEFAULT 0,
    balance_cents BIGINT NOT NULL,
    status TEXT NOT NULL,
    attachment_id BIGINT REFERENCES attachments (id),
    received_order_id BIGINT,
    approval_status TEXT NOT NULL DEFAULT 'pending',
    approval_reason TEXT NOT NULL DEFAULT '',
    approved_by BIGINT,
    approved_at {{.Time}},
    created_by BIGINT,
    created_at {{.Time}} NOT NULL,
    updated_by BIGINT,
    updated_at {{.Time}} NOT NULL,
    deleted_at {{.Time}},
    deleted_by BIGINT,
    CHECK (status IN ('pending', 'partial', 'paid', 'received')),
    CHECK (approval_status IN ('pending', 'approved', 'rejected')),
    CHECK (days_of_credit > 0),
    CHECK (shipping_cents >= 0 AND discount_cents >= 0 AND return_cents >= 0 AND paid_cents >= 0)
);
-- 'Reference Number is already taken.': one live purchase per (company, supplier, reference
-- ignoring letter case). The index, not a prior SELECT, decides between simultaneous submissions.
CREATE UNIQUE INDEX purchases_reference_uq ON purchases (company_id, supplier_id, lower(reference_no))
    WHERE deleted_at IS NULL;
-- A received order becomes at most one live purchase.
CREATE UNIQUE INDEX purchases_received_order_uq ON purchases (received_order_id)
    WHERE deleted_at IS NULL AND received_order_id IS NOT NULL;
-- The list's sorts (keyset: sort value, then id), per company and across companies (admins).
CREATE INDEX purchases_date_idx ON purchases (company_id, purchase_date, id) WHERE deleted_at IS NULL;
CREATE INDEX purchases_created_idx ON purchases (company_id, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX purchases_reference_idx ON purchases (company_id, lower(reference_no), id) WHERE deleted_at IS NULL;
CREATE INDEX purchases_total_idx ON purchases (company_id, total_to_pay_cents, id) WHERE deleted_at IS NULL;
CREATE INDEX purchases_due_idx ON purchases (company_id, due_date, id) WHERE deleted_at IS NULL;
CREATE INDEX purchases_all_date_idx ON purchases (purchase_date, id) WHERE deleted_at IS NULL;
CREATE INDEX purchases_all_created_idx ON purchases (created_at, id) WHERE deleted_at IS NULL;
-- /pending-data/purchase and the approval filter.
CREATE INDEX purchases_approval_idx ON purchases (company_id, approval_status, purchase_date, id) WHERE deleted_at IS NULL;
-- Reference checks from the suppliers and stores modules (delete refused while referenced).
CREATE INDEX purchases_supplier_idx ON purchases (supplier_id) WHERE deleted_at IS NULL;
CREATE INDEX purchases_store_idx ON purchases (store_id) WHERE deleted_at IS NULL;

CREATE TABLE purchase_lines (
    id {{.PK}},
    purchase_id BIGINT NOT NULL REFERENCES purchases (id),
    company_id BIGINT NOT NULL REFERENCES companies (id),
    line_no INTEGER NOT NULL,
    category_id BIGINT NOT NULL REFERENCES categories (id),
    product_id BIGINT NOT NULL REFERENCES products (id),
    -- The product as of the purchase: its names, and the IVA class and kind the taxes used.
    category_name TEXT NOT NULL,
    product_code TEXT NOT NULL,
    product_name TEXT NOT NULL,
    iva_class TEXT NOT NULL,
    kind TEXT NOT NULL,
    expiry_date TEXT NOT NULL DEFAULT '',
    cost_cents BIGINT NOT NULL,
    quantity BIGINT NOT NULL,
    subtotal_cents BIGINT NOT NULL,
    discount_cents BIGINT NOT NULL,
    base_cents BIGINT NOT NULL,
    iva_cents BIGINT NOT NULL,
    CHECK (cost_cents >= 0 AND quantity > 0),
    CHECK (iva_class IN ('19', '5', 'exento', 'excluido')),
    CHECK (kind IN ('goods', 'service'))
);
-- Lines are replaced as a whole on edit; they live and die with their purchase.
CREATE UNIQUE INDEX purchase_lines_no_uq ON purchase_lines (purchase_id, line_no);
CREATE INDEX purchase_lines_product_idx ON purchase_lines (product_id);
CREATE INDEX purchase_lines_category_idx ON purchase_lines (category_id);
