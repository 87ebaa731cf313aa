package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/search"
)

// Chosen is an advanced delete's filter of orders or receipts: statuses (none: any) and the
// creation instants [From, Until) — the selection's dates read as whole days.
type Chosen struct {
	Statuses    []string
	From, Until *time.Time
}

// narrow applies c to q, a SELECT of documents aliased alias.
func (c Chosen) narrow(alias string) func(q *bun.SelectQuery) *bun.SelectQuery {
	return func(q *bun.SelectQuery) *bun.SelectQuery {
		if len(c.Statuses) > 0 {
			q = q.Where(alias+".status IN (?)", bun.In(c.Statuses))
		}
		if c.From != nil {
			q = q.Where(alias+".created_at >= ?", *c.From)
		}
		if c.Until != nil {
			q = q.Where(alias+".created_at < ?", *c.Until)
		}
		return q
	}
}

// SelectedOrders returns up to limit live orders in scope: those of ids when ids is not empty,
// else those c narrows to, oldest first — an advanced delete's selection.
func (s *Store) SelectedOrders(ctx context.Context, sc Scope, c Chosen, ids []int64, limit int) ([]OrderRow, error) {
	var rows []OrderRow
	q := s.orderRows(sc, OrderFilter{}, &rows)
	return rows, archiving.Chosen(q, "po", ids, c.narrow("po"), "po.created_at ASC, po.id ASC", limit).Scan(ctx)
}

// SelectedReceipts returns up to limit live received orders in scope, as SelectedOrders.
func (s *Store) SelectedReceipts(ctx context.Context, sc Scope, c Chosen, ids []int64, limit int) ([]ReceiptRow, error) {
	var rows []ReceiptRow
	q := s.receiptRows(sc, ReceiptFilter{}, &rows)
	return rows, archiving.Chosen(q, "ro", ids, c.narrow("ro"), "ro.created_at ASC, ro.id ASC", limit).Scan(ctx)
}

// ReceiptsOf returns the live received orders of the orders ids, by order, oldest first.
func (s *Store) ReceiptsOf(ctx context.Context, ids []int64) (map[int64][]ReceiptRow, error) {
	return archiving.Grouped(ctx, ids, func(rows *[]ReceiptRow) *bun.SelectQuery {
		return s.receiptRows(Scope{All: true}, ReceiptFilter{}, rows).Where("ro.purchase_order_id IN (?)", bun.In(ids)).OrderExpr("ro.id ASC")
	}, func(r ReceiptRow) int64 { return r.PurchaseOrderID })
}

// ArchiveOrder soft-deletes the live order id whatever it holds (its receipts go with it) and
// drops its words.
func (s *Store) ArchiveOrder(ctx context.Context, id, by int64, at time.Time) error {
	return archiving.SoftDelete(ctx, s.db, (*Order)(nil), OrderWords, id, by, at)
}

// ArchiveReceipt soft-deletes the live received order id and drops its words.
func (s *Store) ArchiveReceipt(ctx context.Context, id, by int64, at time.Time) error {
	return archiving.SoftDelete(ctx, s.db, (*Receipt)(nil), ReceiptWords, id, by, at)
}

// refWords are a document's words: its reference.
func refWords(ref string) []string {
	var w search.Words
	return w.Identifier(ref).List()
}

// UnarchiveOrder brings back the deleted order id with its words and returns it; ErrNotFound
// when it is not deleted.
func (s *Store) UnarchiveOrder(ctx context.Context, id int64, at time.Time) (*Order, error) {
	o := new(Order)
	if err := archiving.Deleted(ctx, s.db, o, "po", id); err != nil {
		return nil, err
	}
	return o, archiving.Undelete(ctx, s.db, (*Order)(nil), OrderWords, id, refWords(o.ReferenceNo), at)
}

// UnarchiveReceipt brings back the deleted received order id with its words and returns it;
// ErrNotFound when it is not deleted.
func (s *Store) UnarchiveReceipt(ctx context.Context, id int64, at time.Time) (*Receipt, error) {
	r := new(Receipt)
	if err := archiving.Deleted(ctx, s.db, r, "ro", id); err != nil {
		return nil, err
	}
	return r, archiving.Undelete(ctx, s.db, (*Receipt)(nil), ReceiptWords, id, refWords(r.ReferenceNo), at)
}

// Order returns the order id (any company), live or deleted; ErrNotFound when it is missing.
func (s *Store) Order(ctx context.Context, id int64) (*Order, error) {
	o := new(Order)
	err := s.db.NewSelect().Model(o).Where("po.id = ?", id).Scan(ctx)
	return o, db.NotFound(err)
}

// MoveReceipt changes the live order id's booked and received units and its receipt count by
// the deltas of a received order leaving (archived) or coming back (restored), in one guarded
// statement: booked stays within [0, quantity], received and the count at 0 or more, and an
// order in one of counted (past approval) takes the status its received units give it —
// statuses[0] (received) when they reach the quantity, statuses[1] (partially received) when
// some are, statuses[2] (approved) when none. ErrNotFound when the order is gone or a bound
// would break.
func (s *Store) MoveReceipt(ctx context.Context, id, booked, received, count int64, statuses [3]string, counted []string, at time.Time) error {
	after := "received_quantity + ?"
	res, err := s.db.NewUpdate().Model((*Order)(nil)).
		Set("booked_quantity = booked_quantity + ?", booked).
		Set("received_quantity = "+after, received).
		Set("receipt_count = receipt_count + ?", count).
		Set("status = CASE WHEN status NOT IN (?) THEN status WHEN "+after+" >= quantity THEN ? WHEN "+after+" > 0 THEN ? ELSE ? END",
			bun.In(counted), received, statuses[0], received, statuses[1], statuses[2]).
		Set("updated_at = ?", at).
		Where("id = ?", id).Where("deleted_at IS NULL").
		Where("booked_quantity + ? BETWEEN 0 AND quantity", booked).Where(after+" >= 0", received).
		Where("receipt_count + ? >= 0", count).Exec(ctx)
	return db.OneRow(res, err)
}

// HoldOrder reads the live order id (any company) and keeps it for the rest of the
// transaction (db.Hold): receipts and decisions of it wait.
func (s *Store) HoldOrder(ctx context.Context, id int64) (*OrderRow, error) {
	o := new(OrderRow)
	return o, db.Hold(ctx, s.db, s.orderRows(Scope{All: true}, OrderFilter{}, o).Where("po.id = ?", id), TableOrders, "po", id, 0)
}

// HoldReceipt reads the live received order id (any company) and keeps it for the rest of the
// transaction: a decision of it waits, so it is archived in the status it was read in.
func (s *Store) HoldReceipt(ctx context.Context, id int64) (*ReceiptRow, error) {
	r := new(ReceiptRow)
	return r, db.Hold(ctx, s.db, s.receiptRows(Scope{All: true}, ReceiptFilter{}, r).Where("ro.id = ?", id), TableReceipts, "ro", id, 0)
}

// LockOrders takes the purchase orders ids (live or not) for the rest of the transaction the
// Store works in (db.HoldRows): the first lock of a write that changes received orders without
// booking on their order first (a decision, an archive or a restore of receipts), so that
// every write takes the order before its receipts (see the package doc's lock order).
func (s *Store) LockOrders(ctx context.Context, ids []int64) error {
	return db.HoldRows(ctx, s.db, TableOrders, ids)
}

// LockReceipts takes the received orders ids (live or not) for the rest of the transaction the
// Store works in (db.HoldRows), after their order: what an archive of the order does before it
// asks which purchases invoice them, so that a purchase keeping one (KeepReceipt) waits for it
// or is seen by it.
func (s *Store) LockReceipts(ctx context.Context, ids []int64) error {
	return db.HoldRows(ctx, s.db, TableReceipts, ids)
}

// ReceiptOrders returns the purchase orders of the received orders ids, live or archived,
// ascending and each once.
func (s *Store) ReceiptOrders(ctx context.Context, ids []int64) ([]int64, error) {
	var orders []int64
	if len(ids) == 0 {
		return orders, nil
	}
	err := s.db.NewSelect().Model((*Receipt)(nil)).ColumnExpr("DISTINCT ro.purchase_order_id").Where("ro.id IN (?)", bun.In(ids)).
		OrderExpr("ro.purchase_order_id").Scan(ctx, &orders)
	return orders, err
}
