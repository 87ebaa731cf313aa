package archiving

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/search"
)

// SoftDelete archives the live row id of model's table (a nil pointer of the owner's row type),
// whatever its state, and drops its words from words: the owners' stores archive through here so
// that every kind is archived the same way. db.ErrNotFound when id is not live.
func SoftDelete(ctx context.Context, idb bun.IDB, model any, words search.Table, id, by int64, at time.Time) error {
	ok, err := db.SoftDelete(ctx, idb.NewUpdate().Model(model), id, by, at)
	if err == nil && !ok {
		return db.ErrNotFound
	}
	if err != nil {
		return err
	}
	return words.Drop(ctx, idb, id)
}

// Undelete brings back the archived row id of model's table and puts back its words (wordsOf
// its row). db.ErrNotFound when id is not deleted.
func Undelete(ctx context.Context, idb bun.IDB, model any, words search.Table, id int64, wordsOf []string, at time.Time) error {
	ok, err := db.Undelete(ctx, idb.NewUpdate().Model(model).Set("updated_at = ?", at), id)
	if err == nil && !ok {
		return db.ErrNotFound
	}
	if err != nil {
		return err
	}
	return words.Put(ctx, idb, map[int64][]string{id: wordsOf})
}

// Deleted reads the deleted row id into dst (a pointer to the owner's row, whose table alias is
// alias). db.ErrNotFound when it is live or missing.
func Deleted(ctx context.Context, idb bun.IDB, dst any, alias string, id int64) error {
	return db.NotFound(idb.NewSelect().Model(dst).Where("?.id = ?", bun.Ident(alias), id).
		Where("?.deleted_at IS NOT NULL", bun.Ident(alias)).Scan(ctx))
}

// Chosen narrows q — a SELECT of an owner's live rows in scope, aliased alias — to the rows ids
// when there are some, else by narrow (the owner's list filter), in order, at most limit: an
// advanced delete's selection read the same way by every owner.
func Chosen(q *bun.SelectQuery, alias string, ids []int64, narrow func(*bun.SelectQuery) *bun.SelectQuery, order string, limit int) *bun.SelectQuery {
	if len(ids) > 0 {
		q = q.Where("?.id IN (?)", bun.Ident(alias), bun.In(ids))
	} else {
		q = narrow(q)
	}
	return q.OrderExpr(order).Limit(int64(limit))
}

// Grouped reads the live records that go with the documents ids (a purchase's returns, an
// order's received orders) by document: query selects them into dst, narrowed to ids, and
// parent names a record's document. Nothing is read for no ids.
func Grouped[R any](ctx context.Context, ids []int64, query func(dst *[]R) *bun.SelectQuery, parent func(R) int64) (map[int64][]R, error) {
	out := map[int64][]R{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []R
	err := query(&rows).Scan(ctx)
	for _, r := range rows {
		out[parent(r)] = append(out[parent(r)], r)
	}
	return out, err
}

// Created narrows q to the rows whose column (a creation instant) falls on the selection's
// dates, From and To read as days in Bogotá (both included): how master data — customers,
// suppliers, products, categories, which have no business date — are picked by date.
func (s Selection) Created(q *bun.SelectQuery, column string) *bun.SelectQuery {
	if from, err := calendar.ParseDate(s.From); s.From != "" && err == nil {
		q = q.Where("? >= ?", bun.Safe(column), from.UTC())
	}
	if to, err := calendar.ParseDate(s.To); s.To != "" && err == nil {
		q = q.Where("? < ?", bun.Safe(column), to.AddDate(0, 0, 1).UTC())
	}
	return q
}

// CreatedDay is the business day (Bogotá) of a record created at t, as a preview shows it.
func CreatedDay(t time.Time) string { return t.In(calendar.Bogota).Format(calendar.DateLayout) }

// CannotDelete is a master record's refusal in a preview (spec §8's 'X cannot be deleted' with
// the reason): label is the owner's kind ('Customer'), what holds it ('sales', 'stock on hand').
func CannotDelete(label, what string) string {
	return label + " cannot be deleted: it has " + what + "."
}

// ProductGone is a restore's refusal of the document number because a product it names was
// deleted since (a live document keeps its products live).
func ProductGone(number string) string {
	return number + " cannot be restored: its product was deleted."
}

// CannotRestore is a restore's refusal of the record number because a live record took
// its unique value (what: 'document number', 'code', 'name') meanwhile.
func CannotRestore(number, entity, what string) string {
	return number + " cannot be restored: another " + entity + " has its " + what + " now."
}
