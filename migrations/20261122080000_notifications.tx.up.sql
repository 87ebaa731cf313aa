-- notifications: one row per recipient of a domain event (DESIGN §1), written by the durable
-- "notifications" JetStream consumer. Idempotency is twofold: notification_events records each
-- event handled (a redelivered event finds its row and does nothing, pushes included), and
-- (event_id, user_id) is unique over ALL rows, deleted ones too, so a notification the user deleted
-- never comes back with a late duplicate.
CREATE TABLE notification_events (
    event_id TEXT PRIMARY KEY,
    subject TEXT NOT NULL,
    recipients INTEGER NOT NULL DEFAULT 0,
    handled_at {{.Time}} NOT NULL
);

CREATE TABLE notifications (
    id {{.PK}},
    user_id BIGINT NOT NULL REFERENCES users (id),
    -- The company of the record the event is about (admins receive every company's).
    company_id BIGINT NOT NULL,
    event_id TEXT NOT NULL,
    subject TEXT NOT NULL,
    kind TEXT NOT NULL,
    outcome TEXT NOT NULL,
    -- English message key with named placeholders, and their values as a JSON object.
    message TEXT NOT NULL,
    params TEXT NOT NULL DEFAULT '{}',
    reference_no TEXT NOT NULL DEFAULT '',
    supplier_name TEXT NOT NULL DEFAULT '',
    amount_cents BIGINT NOT NULL DEFAULT 0,
    entity_id BIGINT NOT NULL DEFAULT 0,
    actor_id BIGINT,
    occurred_at {{.Time}} NOT NULL,
    read_at {{.Time}},
    created_at {{.Time}} NOT NULL,
    deleted_at {{.Time}}
);
CREATE UNIQUE INDEX notifications_event_user_uq ON notifications (event_id, user_id);
-- The inbox: a user's live notifications newest first (keyset on created_at, id).
CREATE INDEX notifications_inbox_idx ON notifications (user_id, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX notifications_inbox_kind_idx ON notifications (user_id, kind, created_at, id) WHERE deleted_at IS NULL;
-- The unread badge.
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE deleted_at IS NULL AND read_at IS NULL;
