package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/archiving"
)

// Selected returns up to limit live sales in scope: those of ids when ids is not empty, else
// those f narrows to (its search aside), oldest first — an advanced delete's selection.
func (s *Store) Selected(ctx context.Context, scope Scope, f Filter, ids []int64, limit int) ([]Row, error) {
	var rows []Row
	narrow := func(q *bun.SelectQuery) *bun.SelectQuery { return s.narrowed(q, f) }
	return rows, archiving.Chosen(s.rows(scope, &rows, ""), "s", ids, narrow, "s.sale_date ASC, s.id ASC", limit).Scan(ctx)
}

// Archive soft-deletes the live sale id whatever its state (its payments go with it,
// modules/archive) and drops its words.
func (s *Store) Archive(ctx context.Context, id, by int64, at time.Time) error {
	return archiving.SoftDelete(ctx, s.db, (*Row)(nil), Words, id, by, at)
}

// Unarchive brings back the deleted sale id with its words and returns it; ErrNotFound when it
// is not deleted.
func (s *Store) Unarchive(ctx context.Context, id int64, at time.Time) (*Row, error) {
	r := new(Row)
	if err := archiving.Deleted(ctx, s.db, r, "s", id); err != nil {
		return nil, err
	}
	return r, archiving.Undelete(ctx, s.db, (*Row)(nil), Words, id, RowWords(r), at)
}
