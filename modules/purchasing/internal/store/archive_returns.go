package store

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/listing"
)

// SelectedReturns returns up to limit live returns in scope: those of ids when ids is not
// empty, else those f narrows to (its search aside) and, when storeID is set, of that store's
// purchases; oldest first — an advanced delete's selection of returns on their own.
func (s *Store) SelectedReturns(ctx context.Context, scope Scope, f ReturnFilter, storeID int64, ids []int64, limit int) ([]ReturnRow, error) {
	var rows []ReturnRow
	narrow := func(q *bun.SelectQuery) *bun.SelectQuery {
		f.Q = ""
		q = s.filteredReturns(q, scope, f)
		if storeID > 0 {
			q = q.Where("r.purchase_id IN (?)", s.db.NewSelect().Model((*Row)(nil)).Column("p.id").Where("p.store_id = ?", storeID))
		}
		return q
	}
	return rows, archiving.Chosen(listing.Live(s.db, &rows, "r", scope), "r", ids, narrow, "r.return_date ASC, r.id ASC", limit).Scan(ctx)
}

// ArchivedReturn returns the deleted return id; ErrNotFound when it is live or missing.
func (s *Store) ArchivedReturn(ctx context.Context, id int64) (*ReturnRow, error) {
	r := new(ReturnRow)
	return r, archiving.Deleted(ctx, s.db, r, "r", id)
}

// Invoicing returns, by received order among ids, the reference of the live purchase that
// invoices it (a received order is invoiced once at most).
func (s *Store) Invoicing(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ReceivedOrderID int64  `bun:"received_order_id"`
		ReferenceNo     string `bun:"reference_no"`
	}
	err := s.db.NewSelect().Model((*Row)(nil)).ColumnExpr("p.received_order_id, p.reference_no").
		Where("p.received_order_id IN (?)", bun.In(ids)).Where("p.deleted_at IS NULL").Scan(ctx, &rows)
	for _, r := range rows {
		out[r.ReceivedOrderID] = r.ReferenceNo
	}
	return out, err
}
