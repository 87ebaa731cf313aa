-- sales: the sales (our invoice to a customer), their lines and their word index.
-- Money is integer centavos. sale_date is 'YYYY-MM-DD' text in America/Bogota, as purchases'
-- dates. The totals are tax.ComputeSale's answer at the last write, stored so that lists, sorts
-- and the customers' figures read them without recomputing; balance_cents and status follow
-- paid_cents and return_cents (written together by the module, never by hand). Each statement is
-- sent on its own (--bun:split, one transaction still), as the purchases' indexes are.
CREATE TABLE sales (
    id {{.PK}},
    company_id BIGINT NOT NULL REFERENCES companies (id),
    -- VTA-000123: the company's sales sequence (platform/sequence), never reused.
    number TEXT NOT NULL,
    sale_date TEXT NOT NULL,
    customer_id BIGINT NOT NULL REFERENCES customers (id),
    -- Names as of the sale (what the invoice says); lists show them without joins.
    customer_name TEXT NOT NULL,
    customer_reference TEXT NOT NULL DEFAULT '',
    store_id BIGINT NOT NULL REFERENCES stores (id),
    store_name TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    subtotal_cents BIGINT NOT NULL,
    discount_cents BIGINT NOT NULL,
    taxable_base_cents BIGINT NOT NULL,
    vat_cents BIGINT NOT NULL,
    invoice_cents BIGINT NOT NULL,
    withholding_income_cents BIGINT NOT NULL,
    withholding_income_rate TEXT NOT NULL DEFAULT '',
    withholding_vat_cents BIGINT NOT NULL,
    withholding_vat_rate TEXT NOT NULL DEFAULT '',
    -- What the customer owes us: invoice − the withholdings it practises.
    total_cents BIGINT NOT NULL,
    -- Σ unit cost × quantity of the lines, the costs as of the sale (profit = base − cost).
    cost_cents BIGINT NOT NULL,
    paid_cents BIGINT NOT NULL DEFAULT 0,
    return_cents BIGINT NOT NULL DEFAULT 0,
    balance_cents BIGINT NOT NULL,
    status TEXT NOT NULL,
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
    CHECK (status IN ('pending', 'partial', 'paid')),
    CHECK (approval_status IN ('pending', 'approved', 'rejected')),
    CHECK (paid_cents >= 0 AND return_cents >= 0 AND total_cents >= 0 AND cost_cents >= 0)
);
--bun:split
-- A number is the company's, once: deleted sales keep theirs.
CREATE UNIQUE INDEX sales_number_uq ON sales (company_id, number);
--bun:split
-- The list's sorts (keyset: sort value, then id), per company and across companies (admins).
CREATE INDEX sales_date_idx ON sales (company_id, sale_date, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_all_date_idx ON sales (sale_date, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_created_idx ON sales (company_id, created_at, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_all_created_idx ON sales (created_at, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_number_idx ON sales (company_id, number, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_all_number_idx ON sales (number, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_customer_name_idx ON sales (company_id, lower(customer_name), id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_all_customer_name_idx ON sales (lower(customer_name), id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_total_idx ON sales (company_id, total_cents, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_all_total_idx ON sales (total_cents, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_balance_idx ON sales (company_id, balance_cents, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_all_balance_idx ON sales (balance_cents, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_status_sort_idx ON sales (company_id, status, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_all_status_sort_idx ON sales (status, id) WHERE deleted_at IS NULL;
--bun:split
-- The approval and status filters (the admins' pending list across companies too), read in the
-- default order.
CREATE INDEX sales_approval_idx ON sales (company_id, approval_status, sale_date, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_all_approval_idx ON sales (approval_status, sale_date, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_status_idx ON sales (company_id, status, sale_date, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_all_status_idx ON sales (status, sale_date, id) WHERE deleted_at IS NULL;
--bun:split
-- The customer filter and the search by customer (a range in date order), the customers'
-- figures and the customer references; the store and seller filters likewise, the store
-- references and the users' figures.
CREATE INDEX sales_customer_date_idx ON sales (customer_id, company_id, sale_date, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_store_date_idx ON sales (store_id, company_id, sale_date, id) WHERE deleted_at IS NULL;
--bun:split
CREATE INDEX sales_seller_date_idx ON sales (created_by, company_id, sale_date, id) WHERE deleted_at IS NULL;
--bun:split
-- The list's total (a company's live sales), counted from the smallest index.
CREATE INDEX sales_company_idx ON sales (company_id) WHERE deleted_at IS NULL;
--bun:split
CREATE TABLE sale_lines (
    id {{.PK}},
    sale_id BIGINT NOT NULL REFERENCES sales (id),
    company_id BIGINT NOT NULL REFERENCES companies (id),
    line_no INTEGER NOT NULL,
    product_id BIGINT NOT NULL REFERENCES products (id),
    -- The product as of the sale: its names, the IVA class and kind the taxes used, and its
    -- unit cost, so that the profit of a sale stays what it was when costs change later.
    product_code TEXT NOT NULL,
    product_name TEXT NOT NULL,
    iva_class TEXT NOT NULL,
    kind TEXT NOT NULL,
    quantity BIGINT NOT NULL,
    price_cents BIGINT NOT NULL,
    cost_cents BIGINT NOT NULL,
    subtotal_cents BIGINT NOT NULL,
    discount_cents BIGINT NOT NULL,
    base_cents BIGINT NOT NULL,
    vat_cents BIGINT NOT NULL,
    CHECK (price_cents >= 0 AND cost_cents >= 0 AND quantity > 0 AND discount_cents >= 0),
    CHECK (iva_class IN ('19', '5', 'exento', 'excluido')),
    CHECK (kind IN ('goods', 'service'))
);
--bun:split
-- Lines are replaced as a whole on edit; they live and die with their sale.
CREATE UNIQUE INDEX sale_lines_no_uq ON sale_lines (sale_id, line_no);
--bun:split
CREATE INDEX sale_lines_product_idx ON sale_lines (product_id);
--bun:split
-- The sales' word index (platform/search) of their number and the customer's order reference;
-- the customer's current names are matched through the people module's customer words at search
-- time. sort_name is the sale date, the list's default order.
CREATE TABLE sale_words (
    sale_id BIGINT NOT NULL REFERENCES sales (id) ON DELETE CASCADE,
    word TEXT {{if .PG}}COLLATE "C"{{end}} NOT NULL,
    company_id BIGINT NOT NULL,
    sort_name TEXT NOT NULL,
    mask1 BIGINT NOT NULL DEFAULT 0,
    mask2 BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (sale_id, word)
);
--bun:split
CREATE INDEX sale_words_idx ON sale_words (word, company_id, sort_name, sale_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
--bun:split
CREATE INDEX sale_words_all_idx ON sale_words (word, sort_name, sale_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
