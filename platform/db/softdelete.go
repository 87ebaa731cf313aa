package db

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

// SoftDelete runs q, an UPDATE of one table, as the soft delete of the live row id (DESIGN:
// rows are never removed; every read filters deleted_at IS NULL): it sets deleted_at to at and
// deleted_by to by (NULL when by is 0, a deletion no user made). q carries the table and any
// further condition (the caller's company scope) or column (updated_at) of the caller. It
// reports whether a row was marked: false when id is missing, out of scope or already deleted.
func SoftDelete(ctx context.Context, q *bun.UpdateQuery, id, by int64, at time.Time) (bool, error) {
	var deletedBy *int64
	if by != 0 {
		deletedBy = &by
	}
	res, err := q.Set("deleted_at = ?", at).Set("deleted_by = ?", deletedBy).
		Where("id = ?", id).Where("deleted_at IS NULL").Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
