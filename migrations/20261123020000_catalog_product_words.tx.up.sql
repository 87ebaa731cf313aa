-- catalog: the products' word index (platform/search). A search term is a range of
-- product_words_idx read in name order, so a page of "yogur" costs what a page of "arroz" costs
-- (the trigram indexes it replaces could find the matches but not in name order: the planner
-- walked the name index and filtered, 1.5 s for a word whose products sort late). word compares
-- byte by byte so that a prefix is a range whatever the database's collation. Words of deleted
-- products are removed with them; the rows are derived data, rebuilt from the product.
CREATE TABLE product_words (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    word TEXT {{if .PG}}COLLATE "C"{{end}} NOT NULL,
    company_id BIGINT NOT NULL,
    sort_name TEXT NOT NULL,
    PRIMARY KEY (product_id, word)
);
CREATE INDEX product_words_idx ON product_words (word, company_id, sort_name, product_id);
CREATE INDEX product_words_all_idx ON product_words (word, sort_name, product_id);
{{if .PG}}
DROP INDEX IF EXISTS products_name_trgm_idx;
DROP INDEX IF EXISTS products_code_trgm_idx;
{{end}}
