-- reports: report_document_heads, the approved, live documents without their VAT classes.
-- report_documents sums each document's lines per class in correlated subqueries, and
-- PostgreSQL evaluates them for every row a compound query reads even when no class column is
-- used (at 100,000 sales a party list spent 9 of its 13 s there): the pages that read
-- documents one by one (party lists and statements, the payables ageing, users_report/{id})
-- read these heads; the classes come from report_document_days.
CREATE VIEW report_document_heads AS
SELECT 'purchase' AS type, p.id, p.company_id, p.store_id, p.supplier_id AS party_id, p.supplier_name AS party_name,
    p.reference_no AS number, p.purchase_date AS doc_date, p.due_date, p.total_to_pay_cents AS total_cents,
    p.balance_cents, p.created_by, p.approved_by
FROM purchases p
WHERE p.deleted_at IS NULL AND p.approval_status = 'approved'
UNION ALL
SELECT 'sale' AS type, s.id, s.company_id, s.store_id, s.customer_id AS party_id, s.customer_name AS party_name,
    s.number, s.sale_date AS doc_date, s.sale_date AS due_date, s.total_cents, s.balance_cents, s.created_by, s.approved_by
FROM sales s
WHERE s.deleted_at IS NULL AND s.approval_status = 'approved';
