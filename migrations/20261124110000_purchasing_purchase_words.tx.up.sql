-- purchasing: the purchases' word index (platform/search), replacing the trigram indexes of the
-- list's search box, so that purchases are searched by the rule of every other list: each term
-- begins a word, accents and case ignored. A purchase's words are those of its reference; its
-- supplier's current name and company are matched through the people module's supplier words at
-- search time (a renamed supplier's purchases are found by the new name).
-- sort_name is the purchase date, the list's default order (newest first), so that a search in
-- that order is read from the index alone. The words of existing purchases are written at the
-- next start (serve's background indexing, as for products and people).
CREATE TABLE purchase_words (
    purchase_id BIGINT NOT NULL REFERENCES purchases (id) ON DELETE CASCADE,
    word TEXT {{if .PG}}COLLATE "C"{{end}} NOT NULL,
    company_id BIGINT NOT NULL,
    sort_name TEXT NOT NULL,
    mask1 BIGINT NOT NULL DEFAULT 0,
    mask2 BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (purchase_id, word)
);
CREATE INDEX purchase_words_idx ON purchase_words (word, company_id, sort_name, purchase_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
CREATE INDEX purchase_words_all_idx ON purchase_words (word, sort_name, purchase_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
-- A search that finds suppliers reads their purchases newest first from this index (a whole
-- supplier name: one supplier's range, 25 rows), instead of every purchase of theirs sorted,
-- and counts them from the index alone (company_id is in it for the company's users' scope).
CREATE INDEX purchases_supplier_date_idx ON purchases (supplier_id, company_id, purchase_date, id) WHERE deleted_at IS NULL;
DROP INDEX purchases_supplier_idx;
{{if .PG}}
DROP INDEX IF EXISTS purchases_reference_trgm_idx;
DROP INDEX IF EXISTS purchases_supplier_trgm_idx;
{{end}}
