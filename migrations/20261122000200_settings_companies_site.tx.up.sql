-- settings: companies (the tenants every record belongs to) and the single-row site status
-- (site switched off, all domains switched off, the secretary's disable windows).
CREATE TABLE companies (
    id {{.PK}},
    name TEXT NOT NULL,
    active BOOLEAN NOT NULL DEFAULT TRUE,
    has_taxes BOOLEAN NOT NULL DEFAULT TRUE,
    created_at {{.Time}} NOT NULL,
    updated_at {{.Time}} NOT NULL,
    deleted_at {{.Time}},
    deleted_by BIGINT
);
CREATE UNIQUE INDEX companies_name_uq ON companies (lower(name)) WHERE deleted_at IS NULL;

CREATE TABLE site_settings (
    id INTEGER PRIMARY KEY,
    disable_site BOOLEAN NOT NULL DEFAULT FALSE,
    disable_all_domains BOOLEAN NOT NULL DEFAULT FALSE,
    disable_times TEXT NOT NULL DEFAULT '[]',
    updated_at {{.Time}} NOT NULL,
    updated_by BIGINT
);
