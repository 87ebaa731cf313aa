-- reports: a store's rows of the per-party aggregates, read by store first (issue 12, session 11,
-- "Fast").
--
-- payment_report and customers_report/suppliers_report with a store filter read, for the
-- range's whole months, report_party_payments (primary key month first) and report_party_months
-- (figures index type, month first): a year's range read every store's rows and kept one
-- store's — at 1,000,000 documents 385,000 of report_party_payments' entries for 60,000. These
-- indexes lead with the store, so a store's range is one index range of its own rows (on
-- PostgreSQL covering: an index-only scan); measured in bench/RESULTS.md (session 11).
{{if .PG}}
CREATE INDEX report_party_payments_store_idx ON report_party_payments (store_id, month)
    INCLUDE (type, party_id, method, company_id, approval_status, n, amount_cents);
--bun:split
CREATE INDEX report_party_months_store_idx ON report_party_months (type, store_id, month)
    INCLUDE (party_id, company_id, n, total_cents, paid_cents, returns_cents);
{{else}}
CREATE INDEX report_party_payments_store_idx ON report_party_payments (store_id, month);
--bun:split
CREATE INDEX report_party_months_store_idx ON report_party_months (type, store_id, month);
{{end}}
