-- purchasing: a received order is invoiced by at most one live purchase of its own company.
-- Until now a purchase could name any received order id (another company's, one that did not
-- exist, one not approved) and the index below, global, then kept the true owner from ever
-- invoicing its receipt. The module now checks the received order in the purchase's
-- transaction; here the links it would have refused are dropped (the purchase stays, without
-- the link: its "received" label falls back to "pending", as for any unpaid purchase) and the
-- index becomes per company.
UPDATE purchases
SET status = CASE WHEN status = 'received' THEN 'pending' ELSE status END,
    received_order_id = NULL
WHERE received_order_id IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM received_orders AS ro
    WHERE ro.id = purchases.received_order_id
      AND ro.company_id = purchases.company_id
      AND ro.status = 'approved'
      AND ro.deleted_at IS NULL
  );
DROP INDEX purchases_received_order_uq;
CREATE UNIQUE INDEX purchases_received_order_uq ON purchases (company_id, received_order_id)
    WHERE deleted_at IS NULL AND received_order_id IS NOT NULL;
