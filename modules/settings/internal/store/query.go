package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/listing"
)

// Scope is the set of companies a caller may see: one company, or every company (administrators).
// The app layer builds it from the principal; the store applies it to every store read and write.
type Scope struct {
	CompanyID int64
	All       bool
}

// where restricts sel to the scope; column is the company_id column to compare.
func (sc Scope) where(sel *bun.SelectQuery, column string) *bun.SelectQuery {
	if sc.All {
		return sel
	}
	return sel.Where("? = ?", bun.Ident(column), sc.CompanyID)
}

// SortColumn returns the column a list is sorted by for sort ("key" or "-key"; "" is the
// default). The key was validated by listing.NewPlan; an unknown one falls back to the default.
func SortColumn(spec listing.Spec, sort string) listing.Column {
	key := strings.TrimPrefix(strings.TrimSpace(sort), "-")
	if c, ok := spec.Columns[key]; ok {
		return c
	}
	return spec.Columns[spec.Default]
}

// sortKeyExpr is what a list selects as its sort_key column: the text sort expression itself,
// so that the cursor carries the value the database compares (SQLite's lower() only folds
// ASCII, Go's strings.ToLower folds everything); other kinds are read from their own column.
func sortKeyExpr(spec listing.Spec, sort string) string {
	if c := SortColumn(spec, sort); c.Kind == listing.String {
		return c.Expr
	}
	return "''"
}

// each runs sel in the list order for sort without a limit and calls fn row by row, so that an
// export never holds the whole table in memory.
func each[T any](ctx context.Context, sel *bun.SelectQuery, spec listing.Spec, sort string, fn func(T) error) error {
	dir := "ASC"
	key := strings.TrimSpace(sort)
	if key == "" && spec.DefaultDesc || strings.HasPrefix(key, "-") {
		dir = "DESC"
	}
	sel = sel.OrderExpr(fmt.Sprintf("%s %s, %s %s", SortColumn(spec, sort).Expr, dir, spec.ID, dir))
	rows, err := sel.Rows(ctx)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var row T
		if err := sel.DB().ScanRow(ctx, rows, &row); err != nil {
			return err
		}
		if err := fn(row); err != nil {
			return err
		}
	}
	return rows.Err()
}

// softDelete marks the live row id of table deleted by by at at, within scope; it reports
// whether a row was marked.
func softDelete(ctx context.Context, db bun.IDB, table string, id, by int64, at time.Time, sc Scope) (bool, error) {
	q := db.NewUpdate().Table(table).Set("deleted_at = ?", at).Set("deleted_by = ?", nullID(by)).
		Where("id = ?", id).Where("deleted_at IS NULL")
	if !sc.All {
		q = q.Where("company_id = ?", sc.CompanyID)
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// count runs sel as a count.
func count(ctx context.Context, sel *bun.SelectQuery) (int, error) {
	n, err := sel.Count(ctx)
	return int(n), err
}

func nullID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}
