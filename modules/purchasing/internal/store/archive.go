package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/archiving"
)

// Selected returns up to limit live purchases in scope: those of ids when ids is not empty,
// else those f narrows to (its search aside), oldest first — an advanced delete's selection.
func (s *Store) Selected(ctx context.Context, scope Scope, f Filter, ids []int64, limit int) ([]Row, error) {
	var rows []Row
	narrow := func(q *bun.SelectQuery) *bun.SelectQuery { return s.narrowed(q, f) }
	return rows, archiving.Chosen(s.rows(scope, &rows, ""), "p", ids, narrow, "p.purchase_date ASC, p.id ASC", limit).Scan(ctx)
}

// ReturnsOf returns the live returns of the purchases ids, by purchase, oldest first.
func (s *Store) ReturnsOf(ctx context.Context, ids []int64) (map[int64][]ReturnRow, error) {
	return archiving.Grouped(ctx, ids, func(rows *[]ReturnRow) *bun.SelectQuery {
		return s.db.NewSelect().Model(rows).Where("r.purchase_id IN (?)", bun.In(ids)).Where("r.deleted_at IS NULL").OrderExpr("r.id ASC")
	}, func(r ReturnRow) int64 { return r.PurchaseID })
}

// Archive soft-deletes the live purchase id whatever it holds (its payments and returns go with
// it, modules/archive) and drops its words.
func (s *Store) Archive(ctx context.Context, id, by int64, at time.Time) error {
	return archiving.SoftDelete(ctx, s.db, (*Row)(nil), Words, id, by, at)
}

// ArchiveReturn soft-deletes the live return id whatever its status and drops its words.
func (s *Store) ArchiveReturn(ctx context.Context, id, by int64, at time.Time) error {
	return archiving.SoftDelete(ctx, s.db, (*ReturnRow)(nil), ReturnWords, id, by, at)
}

// Archived returns the deleted purchase id; ErrNotFound when it is live or missing.
func (s *Store) Archived(ctx context.Context, id int64) (*Row, error) {
	r := new(Row)
	return r, archiving.Deleted(ctx, s.db, r, "p", id)
}

// Unarchive brings back the deleted purchase r and indexes its words again.
func (s *Store) Unarchive(ctx context.Context, r *Row, at time.Time) error {
	return archiving.Undelete(ctx, s.db, (*Row)(nil), Words, r.ID, RowWords(r), at)
}

// UnarchiveReturn brings back the deleted return id and indexes its words again; ErrNotFound
// when it is not deleted.
func (s *Store) UnarchiveReturn(ctx context.Context, id int64, at time.Time) (*ReturnRow, error) {
	r := new(ReturnRow)
	if err := archiving.Deleted(ctx, s.db, r, "r", id); err != nil {
		return nil, err
	}
	return r, archiving.Undelete(ctx, s.db, (*ReturnRow)(nil), ReturnWords, id, ReturnRowWords(r), at)
}
