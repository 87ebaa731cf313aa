package db

import (
	"context"

	"github.com/uptrace/bun"
)

// Hold reads sel — a SELECT of the live row id of table, aliased alias in sel, narrowed to it and
// to the caller's scope — and keeps that row for the rest of the transaction idb works in, so
// that the writers that hold it first take turns (concurrent payments of one document): on
// PostgreSQL the SELECT takes the row's lock (FOR UPDATE OF alias); on SQLite, where a
// transaction that has only read would let another writer in between, a no-op UPDATE of the row
// (by id, live, of company companyID unless it is 0) takes the database's write lock before the
// read. A row that is missing, deleted or of another company answers ErrNotFound.
func Hold(ctx context.Context, idb bun.IDB, sel *bun.SelectQuery, table, alias string, id, companyID int64) error {
	if IsPostgres(idb) {
		return NotFound(sel.For("UPDATE OF " + alias).Scan(ctx))
	}
	q := idb.NewUpdate().Table(table).Set("id = id").Where("id = ?", id).Where("deleted_at IS NULL")
	if companyID != 0 {
		q = q.Where("company_id = ?", companyID)
	}
	if err := OneRow(q.Exec(ctx)); err != nil {
		return err
	}
	return NotFound(sel.Scan(ctx))
}
