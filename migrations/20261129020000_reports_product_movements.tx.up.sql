-- reports: the goods movements product_report shows besides purchases and sales (DESIGN rule 5:
-- the reports module reads views it owns). Each statement is sent on its own (--bun:split).

-- Goods received: the approved, live received orders (modules/procurement), one row each. A
-- received order has no business date of its own; its units enter stock when an administrator
-- approves it, so it is dated on that day in America/Bogota (UTC−5 all year, no summer time).
-- Received orders belong to a company, not to a store: store_id is NULL, so a store filter
-- leaves them out rather than giving one store the company's receipts.
CREATE VIEW report_receipts AS
SELECT r.id, r.company_id, CAST(NULL AS BIGINT) AS store_id, r.product_id, r.quantity,
{{- if .PG}}
    to_char(r.approved_at AT TIME ZONE 'America/Bogota', 'YYYY-MM-DD') AS receipt_date
{{- else}}
    date(r.approved_at, '-5 hours') AS receipt_date
{{- end}}
FROM received_orders r
WHERE r.deleted_at IS NULL AND r.status = 'approved';
--bun:split
-- Goods sent back: the lines of the approved, live purchase returns (modules/purchasing) on the
-- return's own date, in the store of the purchase they return from. amount_cents is the line's
-- returned base after discount, before VAT — the measure product_report's purchased amounts use.
-- A value return (a price correction) has no lines: it names no product, so it is not here.
CREATE VIEW report_returned_lines AS
SELECT l.id, r.company_id, p.store_id, r.return_date, l.product_id, l.quantity, l.base_cents AS amount_cents
FROM purchase_return_lines l
JOIN purchase_returns r ON r.id = l.return_id
JOIN purchases p ON p.id = r.purchase_id
WHERE r.deleted_at IS NULL AND r.approval_status = 'approved' AND p.deleted_at IS NULL;
