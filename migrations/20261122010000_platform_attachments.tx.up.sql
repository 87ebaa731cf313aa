-- platform: uploaded files (product images, later purchase attachments), kept in the SQL store
-- (DESIGN §1: images ≤ 4 MB, rows in SQLite or PostgreSQL). `owner` names the kind of record a
-- file belongs to ("product") and owner_id its id; the owning module decides who may attach.
-- sha256 is the ETag of GET /api/attachments/{id}; data is never read by list queries.
CREATE TABLE attachments (
    id {{.PK}},
    company_id BIGINT NOT NULL REFERENCES companies (id),
    owner TEXT NOT NULL,
    owner_id BIGINT NOT NULL,
    filename TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size BIGINT NOT NULL,
    sha256 TEXT NOT NULL,
    data {{.Bytes}} NOT NULL,
    created_at {{.Time}} NOT NULL,
    created_by BIGINT,
    deleted_at {{.Time}},
    deleted_by BIGINT
);
CREATE INDEX attachments_owner_idx ON attachments (owner, owner_id, id) WHERE deleted_at IS NULL;
CREATE INDEX attachments_company_idx ON attachments (company_id);
