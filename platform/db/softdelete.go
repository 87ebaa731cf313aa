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

// Undelete runs q, an UPDATE of one table, as the undoing of SoftDelete for the deleted row id
// (an archived record restored, modules/archive): deleted_at and deleted_by go back to NULL. It
// reports whether a row was brought back: false when id is missing or live.
func Undelete(ctx context.Context, q *bun.UpdateQuery, id int64) (bool, error) {
	res, err := q.Set("deleted_at = NULL").Set("deleted_by = NULL").
		Where("id = ?", id).Where("deleted_at IS NOT NULL").Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Stamps are a record's when-and-who columns — created, last updated and softly deleted (SoftDelete),
// when and by whom (NULL: no user) — as a module's bun row embeds them.
type Stamps struct {
	CreatedAt time.Time  `bun:"created_at,notnull"`
	CreatedBy *int64     `bun:"created_by"`
	UpdatedAt time.Time  `bun:"updated_at,notnull"`
	UpdatedBy *int64     `bun:"updated_by"`
	DeletedAt *time.Time `bun:"deleted_at"`
	DeletedBy *int64     `bun:"deleted_by"`
}

// Stamped is the Stamps of a record created by user by (0: none) at instant at.
func Stamped(by int64, at time.Time) Stamps {
	var who *int64
	if by != 0 {
		who = &by
	}
	return Stamps{CreatedAt: at, CreatedBy: who, UpdatedAt: at, UpdatedBy: who}
}
