package listing

import (
	"context"
	"strings"

	"github.com/uptrace/bun"
)

// sortOf reads a sort parameter ("key", "-key", or "" for the default) the way NewPlan does. An
// unknown key falls back to the default column and order: the unpaged reads below run after
// NewPlan has refused unknown keys, so the fallback only keeps them total.
func (s Spec) sortOf(sort string) (Column, bool) {
	sort = strings.TrimSpace(sort)
	if sort == "" {
		return s.Columns[s.Default], s.DefaultDesc
	}
	if c, ok := s.Columns[strings.TrimPrefix(sort, "-")]; ok {
		return c, strings.HasPrefix(sort, "-")
	}
	return s.Columns[s.Default], s.DefaultDesc
}

// Column returns the column a list is sorted by for sort ("key" or "-key"; "" is the default).
func (s Spec) Column(sort string) Column {
	c, _ := s.sortOf(sort)
	return c
}

// KeyExpr is what a list selects as its sort key: the text sort expression itself, so that a
// cursor carries the value the database compares (SQLite's lower() folds only ASCII, Go's
// strings.ToLower folds everything). Other kinds are read from their own column, so their key
// expression is an empty SQL string literal.
func (s Spec) KeyExpr(sort string) string {
	if c := s.Column(sort); c.Kind == String {
		return c.Expr
	}
	return "''"
}

// OrderBy is the ORDER BY of an unpaged read (an export) in the order a list shows for sort,
// the id breaking ties as in Plan.Apply.
func (s Spec) OrderBy(sort string) string {
	c, desc := s.sortOf(sort)
	dir := "ASC"
	if desc {
		dir = "DESC"
	}
	return c.Expr + " " + dir + ", " + s.ID + " " + dir
}

// Each runs sel and calls fn row by row, so that an export never holds the whole table in
// memory. sel carries its own order (OrderBy); an error of fn stops the read and is returned.
func Each[T any](ctx context.Context, sel *bun.SelectQuery, fn func(T) error) error {
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
