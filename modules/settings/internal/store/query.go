package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/search"
)

// CompanyWords and StoreWords are the companies' and stores' words columns (platform/search):
// both lists are small (companies of one installation, stores of one company), so their
// search scans them by the words rule instead of keeping a word table.
var (
	CompanyWords = search.Column{Table: "companies", Name: "search_words", Fields: []string{"name"}}
	StoreWords   = search.Column{Table: "stores", Name: "search_words", Fields: []string{"name"}}
)

// FillSearchWords writes the words of the companies and stores that have none (written before
// the words columns existed, or inserted by hand) and returns how many it wrote.
func (s *Store) FillSearchWords(ctx context.Context) (int, error) {
	n, err := CompanyWords.FillMissing(ctx, s.db)
	if err != nil {
		return n, err
	}
	k, err := StoreWords.FillMissing(ctx, s.db)
	return n + k, err
}

// Scope is the companies a caller may see (see listing.Scope).
type Scope = listing.Scope

// count runs sel as a count.
func count(ctx context.Context, sel *bun.SelectQuery) (int, error) {
	n, err := sel.Count(ctx)
	return int(n), err
}

// nameAndActive keeps the rows of sel's table aliased alias (companies and stores both have a
// name and an active flag) whose name matches the search text q by the words rule (words, the
// table's words column) and, unless active is nil, whose flag is *active.
func nameAndActive(sel *bun.SelectQuery, words search.Column, alias, q string, active *bool) *bun.SelectQuery {
	sel = words.Where(sel, alias, q)
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
