-- catalog: product categories and products (stock in whole units, money in integer centavos).
-- A product's images are rows of platform/attachments with owner 'product'.
-- Every index is partial on live rows, as every read filters deleted_at IS NULL. Each list sort
-- (listing.Spec) has an index (company_id, <sort expression>, id) so a page is an index range,
-- at any depth; admins listing every company walk the (<sort expression>, id) ones.
CREATE TABLE categories (
    id {{.PK}},
    company_id BIGINT NOT NULL REFERENCES companies (id),
    name TEXT NOT NULL,
    created_by BIGINT,
    updated_by BIGINT,
    created_at {{.Time}} NOT NULL,
    updated_at {{.Time}} NOT NULL,
    deleted_at {{.Time}},
    deleted_by BIGINT
);
CREATE UNIQUE INDEX categories_name_uq ON categories (company_id, lower(name)) WHERE deleted_at IS NULL;
CREATE INDEX categories_name_idx ON categories (company_id, lower(name), id) WHERE deleted_at IS NULL;
CREATE INDEX categories_created_idx ON categories (company_id, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX categories_all_name_idx ON categories (lower(name), id) WHERE deleted_at IS NULL;

CREATE TABLE products (
    id {{.PK}},
    company_id BIGINT NOT NULL REFERENCES companies (id),
    category_id BIGINT NOT NULL REFERENCES categories (id),
    code TEXT NOT NULL,
    name TEXT NOT NULL,
    unit TEXT NOT NULL,
    cost_cents BIGINT NOT NULL DEFAULT 0,
    price_cents BIGINT NOT NULL DEFAULT 0,
    quantity BIGINT NOT NULL DEFAULT 0,
    alert_quantity BIGINT NOT NULL DEFAULT 0,
    iva_class TEXT NOT NULL,
    kind TEXT NOT NULL,
    created_by BIGINT,
    updated_by BIGINT,
    created_at {{.Time}} NOT NULL,
    updated_at {{.Time}} NOT NULL,
    deleted_at {{.Time}},
    deleted_by BIGINT,
    CHECK (iva_class IN ('19', '5', 'exento', 'excluido')),
    CHECK (kind IN ('goods', 'service')),
    CHECK (cost_cents >= 0 AND price_cents >= 0 AND alert_quantity >= 0 AND quantity >= 0)
);
CREATE UNIQUE INDEX products_code_uq ON products (company_id, lower(code)) WHERE deleted_at IS NULL;
CREATE INDEX products_code_idx ON products (company_id, code, id) WHERE deleted_at IS NULL;
CREATE INDEX products_name_idx ON products (company_id, lower(name), id) WHERE deleted_at IS NULL;
CREATE INDEX products_price_idx ON products (company_id, price_cents, id) WHERE deleted_at IS NULL;
CREATE INDEX products_quantity_idx ON products (company_id, quantity, id) WHERE deleted_at IS NULL;
CREATE INDEX products_created_idx ON products (company_id, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX products_category_idx ON products (category_id, lower(name), id) WHERE deleted_at IS NULL;
CREATE INDEX products_all_name_idx ON products (lower(name), id) WHERE deleted_at IS NULL;

