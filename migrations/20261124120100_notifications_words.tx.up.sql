-- notifications: the inbox's word index (platform/search), so that the inbox is searched by the
-- rule of every other list — each term begins a word of the reference or the supplier's name,
-- accents and case ignored — instead of a substring. An inbox is one user's, so sort_name holds
-- the recipient's user id: a search reads a term's range of the second index and keeps that
-- user's rows from the index alone. The words of existing notifications are written at the next
-- start (serve's background indexing).
CREATE TABLE notification_words (
    notification_id BIGINT NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    word TEXT {{if .PG}}COLLATE "C"{{end}} NOT NULL,
    company_id BIGINT NOT NULL,
    sort_name TEXT NOT NULL,
    mask1 BIGINT NOT NULL DEFAULT 0,
    mask2 BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (notification_id, word)
);
CREATE INDEX notification_words_idx ON notification_words (word, company_id, sort_name, notification_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
CREATE INDEX notification_words_all_idx ON notification_words (word, sort_name, notification_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
