-- procurement: purchase orders (a buyer asks for units of one product) and received orders (each
-- delivery of units against an approved order, approved by an admin before stock rises).
-- booked_quantity is the sum of the order's pending and approved receipts, received_quantity of
-- its approved ones: the store moves both with single guarded UPDATEs, so two receipts at once
-- can never book more than was ordered (the CHECKs are the last line). receipt_count counts
-- live receipts of any state (an order with receipts cannot be deleted).
-- Images are platform/attachments rows (owner 'purchase_order' / 'received_order').
CREATE TABLE purchase_orders (
    id {{.PK}},
    company_id BIGINT NOT NULL REFERENCES companies (id),
    reference_no TEXT NOT NULL DEFAULT '',
    category_id BIGINT NOT NULL REFERENCES categories (id),
    product_id BIGINT NOT NULL REFERENCES products (id),
    quantity BIGINT NOT NULL,
    booked_quantity BIGINT NOT NULL DEFAULT 0,
    received_quantity BIGINT NOT NULL DEFAULT 0,
    receipt_count BIGINT NOT NULL DEFAULT 0,
    note TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'pending',
    approval_reason TEXT NOT NULL DEFAULT '',
    approved_by BIGINT,
    approved_at {{.Time}},
    created_by BIGINT,
    created_at {{.Time}} NOT NULL,
    updated_by BIGINT,
    updated_at {{.Time}} NOT NULL,
    deleted_at {{.Time}},
    deleted_by BIGINT,
    CHECK (quantity > 0),
    CHECK (booked_quantity >= 0 AND booked_quantity <= quantity),
    CHECK (received_quantity >= 0 AND received_quantity <= booked_quantity),
    CHECK (status IN ('pending', 'approved', 'rejected', 'partially_received', 'received'))
);
-- List sorts (keyset: sort value, then id), per company and across companies (admins).
CREATE INDEX purchase_orders_created_idx ON purchase_orders (company_id, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX purchase_orders_all_created_idx ON purchase_orders (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX purchase_orders_reference_idx ON purchase_orders (company_id, reference_no, id) WHERE deleted_at IS NULL;
CREATE INDEX purchase_orders_status_idx ON purchase_orders (company_id, status, created_at, id) WHERE deleted_at IS NULL;
-- Category figures and the catalog's "still referenced" questions.
CREATE INDEX purchase_orders_category_idx ON purchase_orders (category_id, status) WHERE deleted_at IS NULL;
CREATE INDEX purchase_orders_product_idx ON purchase_orders (product_id) WHERE deleted_at IS NULL;

CREATE TABLE received_orders (
    id {{.PK}},
    company_id BIGINT NOT NULL REFERENCES companies (id),
    purchase_order_id BIGINT NOT NULL REFERENCES purchase_orders (id),
    reference_no TEXT NOT NULL DEFAULT '',
    category_id BIGINT NOT NULL REFERENCES categories (id),
    product_id BIGINT NOT NULL REFERENCES products (id),
    quantity BIGINT NOT NULL,
    balance BIGINT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'pending',
    approval_reason TEXT NOT NULL DEFAULT '',
    approved_by BIGINT,
    approved_at {{.Time}},
    created_by BIGINT,
    created_at {{.Time}} NOT NULL,
    updated_by BIGINT,
    updated_at {{.Time}} NOT NULL,
    deleted_at {{.Time}},
    deleted_by BIGINT,
    CHECK (quantity > 0),
    CHECK (balance >= 0),
    CHECK (status IN ('pending', 'approved', 'rejected'))
);
CREATE INDEX received_orders_created_idx ON received_orders (company_id, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX received_orders_all_created_idx ON received_orders (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX received_orders_reference_idx ON received_orders (company_id, reference_no, id) WHERE deleted_at IS NULL;
CREATE INDEX received_orders_status_idx ON received_orders (company_id, status, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX received_orders_order_idx ON received_orders (purchase_order_id, id) WHERE deleted_at IS NULL;
CREATE INDEX received_orders_category_idx ON received_orders (category_id, status) WHERE deleted_at IS NULL;
CREATE INDEX received_orders_product_idx ON received_orders (product_id) WHERE deleted_at IS NULL;
