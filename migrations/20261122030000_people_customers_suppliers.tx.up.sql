-- people: customers and suppliers. Both have the same columns (contact data + Colombian tax
-- profile + approval) and live in separate tables so that sales and purchases can reference
-- them with plain foreign keys. Rows are soft-deleted; every unique index covers live rows only.
CREATE TABLE customers (
    id {{.PK}},
    company_id BIGINT NOT NULL REFERENCES companies (id),
    name TEXT NOT NULL,
    company TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT '',
    person_type TEXT NOT NULL DEFAULT 'natural',
    declarante BOOLEAN NOT NULL DEFAULT FALSE,
    iva_responsible BOOLEAN NOT NULL DEFAULT FALSE,
    gran_contribuyente BOOLEAN NOT NULL DEFAULT FALSE,
    autorretenedor BOOLEAN NOT NULL DEFAULT FALSE,
    document_type TEXT NOT NULL DEFAULT 'CC',
    document_number TEXT NOT NULL DEFAULT '',
    approval_status TEXT NOT NULL DEFAULT 'pending',
    approval_reason TEXT NOT NULL DEFAULT '',
    approved_by BIGINT,
    approved_at {{.Time}},
    created_by BIGINT,
    created_at {{.Time}} NOT NULL,
    updated_by BIGINT,
    updated_at {{.Time}} NOT NULL,
    deleted_at {{.Time}},
    deleted_by BIGINT
);
-- One live customer per document number in a company; an empty number (consumidor final,
-- unknown) is allowed any number of times.
CREATE UNIQUE INDEX customers_document_uq ON customers (company_id, document_number)
    WHERE deleted_at IS NULL AND document_number <> '';
-- The list's sorts (keyset pagination: sort value, then id).
CREATE INDEX customers_name_idx ON customers (company_id, lower(name), id) WHERE deleted_at IS NULL;
CREATE INDEX customers_city_idx ON customers (company_id, lower(city), id) WHERE deleted_at IS NULL;
CREATE INDEX customers_created_idx ON customers (company_id, created_at, id) WHERE deleted_at IS NULL;

CREATE TABLE suppliers (
    id {{.PK}},
    company_id BIGINT NOT NULL REFERENCES companies (id),
    name TEXT NOT NULL,
    company TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT '',
    person_type TEXT NOT NULL DEFAULT 'natural',
    declarante BOOLEAN NOT NULL DEFAULT FALSE,
    iva_responsible BOOLEAN NOT NULL DEFAULT FALSE,
    gran_contribuyente BOOLEAN NOT NULL DEFAULT FALSE,
    autorretenedor BOOLEAN NOT NULL DEFAULT FALSE,
    document_type TEXT NOT NULL DEFAULT 'CC',
    document_number TEXT NOT NULL DEFAULT '',
    approval_status TEXT NOT NULL DEFAULT 'pending',
    approval_reason TEXT NOT NULL DEFAULT '',
    approved_by BIGINT,
    approved_at {{.Time}},
    created_by BIGINT,
    created_at {{.Time}} NOT NULL,
    updated_by BIGINT,
    updated_at {{.Time}} NOT NULL,
    deleted_at {{.Time}},
    deleted_by BIGINT
);
CREATE UNIQUE INDEX suppliers_document_uq ON suppliers (company_id, document_number)
    WHERE deleted_at IS NULL AND document_number <> '';
CREATE INDEX suppliers_name_idx ON suppliers (company_id, lower(name), id) WHERE deleted_at IS NULL;
CREATE INDEX suppliers_city_idx ON suppliers (company_id, lower(city), id) WHERE deleted_at IS NULL;
CREATE INDEX suppliers_created_idx ON suppliers (company_id, created_at, id) WHERE deleted_at IS NULL;
