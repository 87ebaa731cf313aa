package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/listing"
)

// Scope is the companies a caller may see (see listing.Scope).
type Scope = listing.Scope

// count runs sel as a count.
func count(ctx context.Context, sel *bun.SelectQuery) (int, error) {
	n, err := sel.Count(ctx)
	return int(n), err
}

// nameAndActive keeps the rows of sel's table aliased alias (companies and stores both have a
// name and an active flag) whose name contains q, ignoring letter case, and, unless active is
// nil, whose flag is *active.
func nameAndActive(sel *bun.SelectQuery, alias, q string, active *bool) *bun.SelectQuery {
	if q := strings.TrimSpace(q); q != "" {
		sel = sel.Where("lower("+alias+`.name) LIKE ? ESCAPE '\'`, listing.ContainsPattern(q))
	}
	if active != nil {
		sel = sel.Where(alias+".active = ?", *active)
	}
	return sel
}

// page reads the rows of sel that plan's page holds.
func page[R any](ctx context.Context, plan *listing.Plan, sel *bun.SelectQuery) ([]R, error) {
	var rows []R
	err := plan.Apply(sel).Scan(ctx, &rows)
	return rows, err
}

// first reads sel's first row; ErrNotFound when there is none.
func first[R any](ctx context.Context, sel *bun.SelectQuery) (R, error) {
	var row R
	err := sel.Limit(1).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return row, ErrNotFound
	}
	return row, err
}
