-- people: the customers' and suppliers' word indexes (platform/search), replacing the trigram
-- indexes: a search term is a range of *_words_idx read in name order (see the catalog's
-- product_words). Words come from the name, the company, the e-mail and the document
-- number, the fields the search has always covered.
CREATE TABLE customer_words (
    customer_id BIGINT NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    word TEXT {{if .PG}}COLLATE "C"{{end}} NOT NULL,
    company_id BIGINT NOT NULL,
    sort_name TEXT NOT NULL,
    PRIMARY KEY (customer_id, word)
);
CREATE INDEX customer_words_idx ON customer_words (word, company_id, sort_name, customer_id);
CREATE INDEX customer_words_all_idx ON customer_words (word, sort_name, customer_id);
CREATE TABLE supplier_words (
    supplier_id BIGINT NOT NULL REFERENCES suppliers (id) ON DELETE CASCADE,
    word TEXT {{if .PG}}COLLATE "C"{{end}} NOT NULL,
    company_id BIGINT NOT NULL,
    sort_name TEXT NOT NULL,
    PRIMARY KEY (supplier_id, word)
);
CREATE INDEX supplier_words_idx ON supplier_words (word, company_id, sort_name, supplier_id);
CREATE INDEX supplier_words_all_idx ON supplier_words (word, sort_name, supplier_id);
{{if .PG}}
DROP INDEX IF EXISTS customers_name_trgm_idx;
DROP INDEX IF EXISTS customers_company_trgm_idx;
DROP INDEX IF EXISTS customers_email_trgm_idx;
DROP INDEX IF EXISTS customers_document_trgm_idx;
DROP INDEX IF EXISTS suppliers_name_trgm_idx;
DROP INDEX IF EXISTS suppliers_company_trgm_idx;
DROP INDEX IF EXISTS suppliers_email_trgm_idx;
DROP INDEX IF EXISTS suppliers_document_trgm_idx;
{{end}}
