package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/db"
)

// Selected returns up to limit live rows in scope — an advanced delete's selection: those of
// sel's ids when it has some, else those of its approval status created on its dates, oldest
// first.
func (s *Store) Selected(ctx context.Context, scope Scope, sel archiving.Selection, limit int) ([]Row, error) {
	var rows []Row
	narrow := func(q *bun.SelectQuery) *bun.SelectQuery {
		if sel.Status != "" {
			q = q.Where("p.approval_status = ?", sel.Status)
		}
		return sel.Created(q, "p.created_at")
	}
	return rows, archiving.Chosen(s.selectLive(scope, &rows), "p", sel.IDs, narrow, "p.created_at ASC, p.id ASC", limit).Scan(ctx)
}

// Archived returns the deleted row id; ErrNotFound when it is live or missing.
func (s *Store) Archived(ctx context.Context, id int64) (*Row, error) {
	r := new(Row)
	err := s.db.NewSelect().Model(r).ModelTableExpr(s.table+" AS p").ColumnExpr("p.*").Where("p.id = ?", id).
		Where("p.deleted_at IS NOT NULL").Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return r, err
}

// Undelete brings back the deleted row r and puts back its words; ErrNotFound when it is not
// deleted. Run it in a transaction.
func (s *Store) Undelete(ctx context.Context, r *Row, at time.Time) error {
	ok, err := db.Undelete(ctx, s.db.NewUpdate().ModelTableExpr(s.table).Set("updated_at = ?", at), r.ID)
	if err == nil && !ok {
		err = ErrNotFound
	}
	if err != nil {
		return err
	}
	return s.words.Put(ctx, s.db, map[int64][]string{r.ID: RowWords(r)})
}

// Hold takes the rows ids for the rest of the transaction the Store works in, before a delete
// asks whether other records name them (db.HoldRows): a document keeping one (Keep) waits, or
// is waited for.
func (s *Store) Hold(ctx context.Context, ids []int64) error {
	return db.HoldRows(ctx, s.db, s.table, ids)
}

// Keep keeps the live row id of company companyID from being deleted until the transaction the
// Store works in ends (db.KeepRow): how a document naming it is stored. ErrNotFound when there
// is none.
func (s *Store) Keep(ctx context.Context, companyID, id int64) error {
	return db.KeepRow(ctx, s.db, s.live(Scope{CompanyID: companyID}).ColumnExpr("p.id").Where("p.id = ?", id), "p")
}
