-- platform: the audit log (who did what to which record) and the transactional outbox of
-- domain events (DESIGN §2 rule 4), relayed to JetStream by platform/eventbus.
CREATE TABLE audit_log (
    id {{.PK}},
    company_id BIGINT,
    actor_id BIGINT,
    action TEXT NOT NULL,
    entity TEXT NOT NULL,
    entity_id TEXT NOT NULL DEFAULT '',
    detail TEXT NOT NULL DEFAULT '',
    ip TEXT NOT NULL DEFAULT '',
    created_at {{.Time}} NOT NULL
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id);
CREATE INDEX audit_log_created_idx ON audit_log (created_at);

CREATE TABLE outbox_events (
    id {{.PK}},
    event_id TEXT NOT NULL UNIQUE,
    subject TEXT NOT NULL,
    payload TEXT NOT NULL,
    occurred_at {{.Time}} NOT NULL,
    published_at {{.Time}},
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT NOT NULL DEFAULT ''
);
CREATE INDEX outbox_events_unpublished_idx ON outbox_events (id) WHERE published_at IS NULL;
