package db

import (
	"context"
	"slices"

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

// HoldRows keeps the rows ids of table (live or not) for the rest of the transaction idb works
// in, before a check that nothing may overtake and the write it allows: a master record's
// delete, which first asks whether other records name it (platform/archiving.Held), or a
// receipt's decision, which first takes its purchase order. On PostgreSQL it is SELECT … FOR
// UPDATE, in id order so that two holders of overlapping rows queue instead of deadlocking; a
// writer that keeps one of the rows (KeepRow) waits for us, and we for it. On SQLite it does
// nothing: a transaction takes the database's write lock at BEGIN (_txlock=immediate), so no
// other writer runs until it ends. Nothing is read for no ids.
func HoldRows(ctx context.Context, idb bun.IDB, table string, ids []int64) error {
	if len(ids) == 0 || !IsPostgres(idb) {
		return nil
	}
	var held []int64
	return idb.NewSelect().Table(table).Column("id").Where("id IN (?)", bun.In(ids)).Order("id").For("UPDATE").
		Scan(ctx, &held)
}

// KeepRow reads sel — a SELECT of one live row's id, the row aliased alias — and keeps that row from being
// deleted until the transaction idb works in ends: a document keeps its customer or supplier,
// a product its category, while it is stored, so that an archive of that record either waits for the
// document and sees it, or goes first and the document finds the record gone. It is KeepRows
// for one row. ErrNotFound when there is no such row.
func KeepRow(ctx context.Context, idb bun.IDB, sel *bun.SelectQuery, alias string) error {
	kept, err := KeepRows(ctx, idb, sel, alias)
	if err == nil && len(kept) == 0 {
		err = ErrNotFound
	}
	return err
}

// KeepRows reads sel — a SELECT of live rows' ids ("alias.id"), the rows aliased alias — and
// keeps them from being deleted until the transaction idb works in ends (a document's products);
// it returns the ids it kept, ascending, and the caller tells the missing ones by their absence.
// On PostgreSQL it is FOR KEY SHARE of alias, which conflicts with HoldRows' FOR UPDATE but not
// with an edit of the rows' other columns (a stock change, an UPDATE or FOR NO KEY UPDATE), and
// it takes the rows in id order, as HoldRows does, so that a keeper and an archive of
// overlapping rows queue instead of deadlocking: whoever has the lowest row first goes on, the
// other waits for it before it holds any other. A row deleted by a transaction it waited for is
// not kept (PostgreSQL reads the row again and its live condition fails). On SQLite it is a
// plain read (the transaction holds the write lock from BEGIN).
func KeepRows(ctx context.Context, idb bun.IDB, sel *bun.SelectQuery, alias string) ([]int64, error) {
	sel = sel.OrderExpr(alias + ".id")
	if IsPostgres(idb) {
		sel = sel.For("KEY SHARE OF " + alias)
	}
	kept := []int64{}
	return kept, sel.Scan(ctx, &kept)
}

// AmongIDs reads which of ids the rows of q name in col (a column of q's rows, e.g.
// "s.customer_id"): its distinct values among ids, ascending, in one query; nothing is read for
// no ids. How a module answers "which of these records do my live records name" for a batch.
func AmongIDs(ctx context.Context, q *bun.SelectQuery, col string, ids []int64) ([]int64, error) {
	found := []int64{}
	if len(ids) == 0 {
		return found, nil
	}
	err := q.ColumnExpr("DISTINCT "+col).Where(col+" IN (?)", bun.In(ids)).OrderExpr(col).Scan(ctx, &found)
	return found, err
}

// Unkept keeps the rows a document's lines name and says which lines lost theirs: named gives
// the id line l names; keep (a KeepRows of the caller's records) is called once with the ids
// distinct and ascending and answers those it kept; the result is the positions of the lines
// whose id it did not keep, ascending — the lines a write refuses as it refuses a line naming
// a missing record.
func Unkept[L any](lines []L, named func(l L) int64, keep func(ids []int64) ([]int64, error)) ([]int, error) {
	ids := make([]int64, len(lines))
	for i, l := range lines {
		ids[i] = named(l)
	}
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	kept, err := keep(ids)
	if err != nil {
		return nil, err
	}
	var lost []int
	for i, l := range lines {
		if _, ok := slices.BinarySearch(kept, named(l)); !ok {
			lost = append(lost, i)
		}
	}
	return lost, nil
}
