-- procurement: the purchase orders' and received orders' word indexes (platform/search), so that
-- both lists are searched by the rule of every other list — each term begins a word of the
-- reference or of the product's code or name, accents and case ignored — instead of a substring.
-- The product's code and name are those it had when the document was written or edited (copied
-- at write time, DESIGN rule 3). sort_name is the reference number. The words of existing
-- documents are written at the next start (serve's background indexing).
CREATE TABLE purchase_order_words (
    purchase_order_id BIGINT NOT NULL REFERENCES purchase_orders (id) ON DELETE CASCADE,
    word TEXT {{if .PG}}COLLATE "C"{{end}} NOT NULL,
    company_id BIGINT NOT NULL,
    sort_name TEXT NOT NULL,
    mask1 BIGINT NOT NULL DEFAULT 0,
    mask2 BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (purchase_order_id, word)
);
CREATE INDEX purchase_order_words_idx ON purchase_order_words (word, company_id, sort_name, purchase_order_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
CREATE INDEX purchase_order_words_all_idx ON purchase_order_words (word, sort_name, purchase_order_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};

CREATE TABLE received_order_words (
    received_order_id BIGINT NOT NULL REFERENCES received_orders (id) ON DELETE CASCADE,
    word TEXT {{if .PG}}COLLATE "C"{{end}} NOT NULL,
    company_id BIGINT NOT NULL,
    sort_name TEXT NOT NULL,
    mask1 BIGINT NOT NULL DEFAULT 0,
    mask2 BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (received_order_id, word)
);
CREATE INDEX received_order_words_idx ON received_order_words (word, company_id, sort_name, received_order_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
CREATE INDEX received_order_words_all_idx ON received_order_words (word, sort_name, received_order_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
