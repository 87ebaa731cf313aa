-- catalog and people: the word indexes (platform/search) carry each record's mask, four bits
-- per beginning of its words in 126 (two BIGINT columns of 63), in every row and in the indexes,
-- so that a search of several terms skips, inside the index read of one term, the records that
-- lack another term's bits: a customer's whole name (three common words of 3,000-5,000 records
-- each) was a hash join of those ranges, 1.4 ms of PostgreSQL per request, and is now about
-- 0.5 ms. The masks of the rows already written are computed here, each column the sum of the
-- distinct bits of its record's words (SQLite has no bit_or()); the indexes are built again with
-- the masks (SQLite has no INCLUDE: there they are their last columns).
ALTER TABLE product_words ADD COLUMN mask1 BIGINT NOT NULL DEFAULT 0;
ALTER TABLE product_words ADD COLUMN mask2 BIGINT NOT NULL DEFAULT 0;
DROP INDEX product_words_idx;
DROP INDEX product_words_all_idx;
UPDATE product_words SET mask1 = m.mask1, mask2 = m.mask2 FROM (
    SELECT id,
        CAST(sum(DISTINCT CASE WHEN b < 63 THEN CAST(1 AS BIGINT) << b ELSE 0 END) AS BIGINT) AS mask1,
        CAST(sum(DISTINCT CASE WHEN b >= 63 THEN CAST(1 AS BIGINT) << (b - 63) ELSE 0 END) AS BIGINT) AS mask2
    FROM (SELECT product_id AS id, {{.MaskBit "word" 0}} AS b FROM product_words
        UNION SELECT product_id, {{.MaskBit "word" 1}} FROM product_words
        UNION SELECT product_id, {{.MaskBit "word" 2}} FROM product_words
        UNION SELECT product_id, {{.MaskBit "word" 3}} FROM product_words) AS bits
    GROUP BY id) AS m
WHERE m.id = product_words.product_id;
CREATE INDEX product_words_idx ON product_words (word, company_id, sort_name, product_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
CREATE INDEX product_words_all_idx ON product_words (word, sort_name, product_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};

ALTER TABLE customer_words ADD COLUMN mask1 BIGINT NOT NULL DEFAULT 0;
ALTER TABLE customer_words ADD COLUMN mask2 BIGINT NOT NULL DEFAULT 0;
DROP INDEX customer_words_idx;
DROP INDEX customer_words_all_idx;
UPDATE customer_words SET mask1 = m.mask1, mask2 = m.mask2 FROM (
    SELECT id,
        CAST(sum(DISTINCT CASE WHEN b < 63 THEN CAST(1 AS BIGINT) << b ELSE 0 END) AS BIGINT) AS mask1,
        CAST(sum(DISTINCT CASE WHEN b >= 63 THEN CAST(1 AS BIGINT) << (b - 63) ELSE 0 END) AS BIGINT) AS mask2
    FROM (SELECT customer_id AS id, {{.MaskBit "word" 0}} AS b FROM customer_words
        UNION SELECT customer_id, {{.MaskBit "word" 1}} FROM customer_words
        UNION SELECT customer_id, {{.MaskBit "word" 2}} FROM customer_words
        UNION SELECT customer_id, {{.MaskBit "word" 3}} FROM customer_words) AS bits
    GROUP BY id) AS m
WHERE m.id = customer_words.customer_id;
CREATE INDEX customer_words_idx ON customer_words (word, company_id, sort_name, customer_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
CREATE INDEX customer_words_all_idx ON customer_words (word, sort_name, customer_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};

ALTER TABLE supplier_words ADD COLUMN mask1 BIGINT NOT NULL DEFAULT 0;
ALTER TABLE supplier_words ADD COLUMN mask2 BIGINT NOT NULL DEFAULT 0;
DROP INDEX supplier_words_idx;
DROP INDEX supplier_words_all_idx;
UPDATE supplier_words SET mask1 = m.mask1, mask2 = m.mask2 FROM (
    SELECT id,
        CAST(sum(DISTINCT CASE WHEN b < 63 THEN CAST(1 AS BIGINT) << b ELSE 0 END) AS BIGINT) AS mask1,
        CAST(sum(DISTINCT CASE WHEN b >= 63 THEN CAST(1 AS BIGINT) << (b - 63) ELSE 0 END) AS BIGINT) AS mask2
    FROM (SELECT supplier_id AS id, {{.MaskBit "word" 0}} AS b FROM supplier_words
        UNION SELECT supplier_id, {{.MaskBit "word" 1}} FROM supplier_words
        UNION SELECT supplier_id, {{.MaskBit "word" 2}} FROM supplier_words
        UNION SELECT supplier_id, {{.MaskBit "word" 3}} FROM supplier_words) AS bits
    GROUP BY id) AS m
WHERE m.id = supplier_words.supplier_id;
CREATE INDEX supplier_words_idx ON supplier_words (word, company_id, sort_name, supplier_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
CREATE INDEX supplier_words_all_idx ON supplier_words (word, sort_name, supplier_id{{if not .PG}}, mask1, mask2{{end}}){{if .PG}} INCLUDE (mask1, mask2){{end}};
