-- auth: staff users (argon2id password hashes, TOTP secrets, per-user IP allow list) and
-- server-side sessions (only the SHA-256 of the opaque token is stored).
CREATE TABLE users (
    id {{.PK}},
    company_id BIGINT NOT NULL REFERENCES companies (id),
    username TEXT NOT NULL,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    role TEXT NOT NULL,
    active BOOLEAN NOT NULL DEFAULT TRUE,
    ip_address TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    enable_google2fa BOOLEAN NOT NULL DEFAULT FALSE,
    google2fa_secret TEXT NOT NULL DEFAULT '',
    google2fa_pending_secret TEXT NOT NULL DEFAULT '',
    totp_last_step BIGINT NOT NULL DEFAULT 0,
    approval_status TEXT NOT NULL DEFAULT 'approved',
    created_by BIGINT,
    created_at {{.Time}} NOT NULL,
    updated_at {{.Time}} NOT NULL,
    deleted_at {{.Time}},
    deleted_by BIGINT
);
CREATE UNIQUE INDEX users_username_uq ON users (lower(username)) WHERE deleted_at IS NULL;
CREATE INDEX users_company_idx ON users (company_id);

CREATE TABLE sessions (
    id {{.PK}},
    token_hash TEXT NOT NULL UNIQUE,
    user_id BIGINT NOT NULL REFERENCES users (id),
    state TEXT NOT NULL,
    ip TEXT NOT NULL DEFAULT '',
    user_agent TEXT NOT NULL DEFAULT '',
    created_at {{.Time}} NOT NULL,
    last_seen_at {{.Time}} NOT NULL,
    expires_at {{.Time}} NOT NULL,
    revoked_at {{.Time}}
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
