-- platform: per-company document number counters (platform/sequence; DESIGN §4). One row per
-- company and kind of document; last_value is the last number handed out. Until now purchase
-- orders and received orders were numbered from their table's id, one sequence across
-- companies (a company's PO-000005 told another's volume). Existing numbers stay as they are;
-- each company's counters start from its highest number in use (its highest id, which its
-- highest number is), deleted documents included, so no number is ever given twice in a company.
CREATE TABLE document_sequences (
    company_id BIGINT NOT NULL REFERENCES companies (id),
    name TEXT NOT NULL,
    last_value BIGINT NOT NULL,
    PRIMARY KEY (company_id, name),
    CHECK (last_value >= 0)
);
INSERT INTO document_sequences (company_id, name, last_value)
SELECT company_id, 'purchase_order', MAX(id) FROM purchase_orders GROUP BY company_id;
INSERT INTO document_sequences (company_id, name, last_value)
SELECT company_id, 'received_order', MAX(id) FROM received_orders GROUP BY company_id;
-- A number is a company's once, deleted documents included.
CREATE UNIQUE INDEX purchase_orders_number_uq ON purchase_orders (company_id, reference_no);
CREATE UNIQUE INDEX received_orders_number_uq ON received_orders (company_id, reference_no);
