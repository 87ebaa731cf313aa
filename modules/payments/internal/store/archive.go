package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
)

// Attached returns the live payments (any direction and approval status) of the documents of
// docType ids, oldest first: what goes with those documents when they are archived.
func (s *Store) Attached(ctx context.Context, docType string, ids []int64) ([]Row, error) {
	var rows []Row
	if len(ids) == 0 {
		return rows, nil
	}
	return rows, s.db.NewSelect().Model(&rows).Where("p.type = ?", docType).Where("p.document_id IN (?)", bun.In(ids)).
		Where("p.deleted_at IS NULL").OrderExpr("p.id ASC").Scan(ctx)
}

// Archive soft-deletes the live payment id whatever its status (its document goes with it) and
// drops its words.
func (s *Store) Archive(ctx context.Context, id, by int64, at time.Time) error {
	return archiving.SoftDelete(ctx, s.db, (*Row)(nil), Words, id, by, at)
}

// Unarchive brings back the deleted payment id with its words and returns it; ErrNotFound when
// it is not deleted.
func (s *Store) Unarchive(ctx context.Context, id int64, at time.Time) (*Row, error) {
	r := new(Row)
	if err := archiving.Deleted(ctx, s.db, r, "p", id); err != nil {
		return nil, err
	}
	return r, archiving.Undelete(ctx, s.db, (*Row)(nil), Words, id, RowWords(r), at)
}

// Selected returns up to limit live payments in scope: those of ids when ids is not empty, else
// those f narrows to, oldest first — an advanced delete's selection of payments.
func (s *Store) Selected(ctx context.Context, scope listing.Scope, f Filter, ids []int64, limit int) ([]Row, error) {
	var rows []Row
	narrow := func(q *bun.SelectQuery) *bun.SelectQuery { return s.filtered(q, scope, f) }
	return rows, archiving.Chosen(Spec.Rows(s.db, &rows, "p", scope, ""), "p", ids, narrow, "p.payment_date ASC, p.id ASC", limit).Scan(ctx)
}

// Held returns the live payment id for the rest of the transaction the Store works in
// (platform/db.Hold, as its document is): concurrent decisions and archives take turns.
func (s *Store) Held(ctx context.Context, id int64) (*Row, error) {
	r := new(Row)
	if err := db.Hold(ctx, s.db, Spec.Rows(s.db, r, "p", listing.Scope{All: true}, "").Where("p.id = ?", id), Table, "p", id, 0); err != nil {
		return nil, err
	}
	return r, nil
}
