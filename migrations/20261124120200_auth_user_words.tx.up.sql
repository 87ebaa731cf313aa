-- auth: the users' word index (platform/search), so that the users list is searched by the rule
-- of every other list — each term begins a word of the username, first name, last name or
-- e-mail, accents and case ignored — instead of a substring. sort_name is lower(username), the
-- list's default order. The words of existing users are written at the next start (serve's
-- background indexing).
CREATE TABLE user_words (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    word TEXT {{if .PG}}COLLATE "C"{{end}} NOT NULL,
    company_id BIGINT NOT NULL,
    sort_name TEXT NOT NULL,
    mask1 BIGINT NOT NULL DEFAULT 0,
    mask2 BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, word)
);
CREATE INDEX user_words_idx ON user_words (word, company_id, sort_name, user_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
CREATE INDEX user_words_all_idx ON user_words (word, sort_name, user_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
