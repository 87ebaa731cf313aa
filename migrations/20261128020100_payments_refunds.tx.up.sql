-- payments: refunds. A purchase whose approved returns leave it with a credit in our favour
-- (saldo a favor: total − paid − returns below zero) is settled by a refund recorded on that
-- purchase: money the supplier gives back to us. A refund is a payment of type purchase in the
-- direction 'refund'; every other payment goes in the direction 'payment'. An approved refund
-- lowers the purchase's paid amount (modules/payments' package doc).
ALTER TABLE payments ADD COLUMN direction TEXT NOT NULL DEFAULT 'payment'
    CHECK (direction IN ('payment', 'refund') AND (direction = 'payment' OR type = 'purchase'));
