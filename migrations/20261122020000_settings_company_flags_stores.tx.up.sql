-- settings: the companies' withholding roles (agente de retención, agente de ReteIVA), which decide
-- whether their purchases withhold income tax and VAT, and the stores each company sells from.
ALTER TABLE companies ADD COLUMN withholding_agent BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE companies ADD COLUMN reteiva_agent BOOLEAN NOT NULL DEFAULT FALSE;
-- The company list sorts by name and by creation time; the id breaks ties (keyset pagination).
CREATE INDEX companies_name_idx ON companies (lower(name), id) WHERE deleted_at IS NULL;
CREATE INDEX companies_created_idx ON companies (created_at, id) WHERE deleted_at IS NULL;

CREATE TABLE stores (
    id {{.PK}},
    company_id BIGINT NOT NULL REFERENCES companies (id),
    name TEXT NOT NULL,
    active BOOLEAN NOT NULL DEFAULT TRUE,
    created_by BIGINT,
    created_at {{.Time}} NOT NULL,
    updated_at {{.Time}} NOT NULL,
    deleted_at {{.Time}},
    deleted_by BIGINT
);
-- A store name is unique within its company among live stores; the index also serves the
-- company-scoped list sorted by name.
CREATE UNIQUE INDEX stores_company_name_uq ON stores (company_id, lower(name)) WHERE deleted_at IS NULL;
CREATE INDEX stores_company_name_idx ON stores (company_id, lower(name), id) WHERE deleted_at IS NULL;
CREATE INDEX stores_company_created_idx ON stores (company_id, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX stores_name_idx ON stores (lower(name), id) WHERE deleted_at IS NULL;
