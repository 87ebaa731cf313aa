package main

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/listing"
)

// explain prints EXPLAIN (ANALYZE, BUFFERS) of the statements behind the measured requests. They
// are written out from the stores' query builders (modules/catalog/internal/store,
// modules/people/internal/store): the page (limit per_page+1), the count behind the total, for one
// company and for every company.
func explain(ctx context.Context, bdb *bun.DB, ten tenants, lists []listSpec) error {
	const (
		productRows  = "SELECT p.*, c.name AS category_name, lower(p.name) AS sort_name FROM products AS p LEFT JOIN categories AS c ON c.id = p.category_id"
		customerRows = "SELECT p.*, lower(p.name) AS name_key, lower(p.city) AS city_key FROM customers AS p"
		productQ     = ` AND (lower(p.name) LIKE ? ESCAPE '\' OR lower(p.code) LIKE ? ESCAPE '\')`
		customerQ    = ` AND (lower(p.name) LIKE ? ESCAPE '\' OR lower(p.company) LIKE ? ESCAPE '\' OR lower(p.email) LIKE ? ESCAPE '\' OR lower(p.document_number) LIKE ? ESCAPE '\')`
		order        = " ORDER BY lower(p.name) ASC, p.id ASC LIMIT 26"
		last         = " ORDER BY lower(p.name) DESC, p.id DESC LIMIT 26"
	)
	pw, cw := listing.ContainsPattern(lists[0].words[0]), listing.ContainsPattern(lists[1].words[0])
	pn, cn := listing.ContainsPattern(lists[0].names[0]), listing.ContainsPattern(lists[1].names[0])
	type stmt struct {
		label, sql string
		args       []any
	}
	var stmts []stmt
	for _, scope := range []struct {
		name, where string
		args        []any
	}{{"one company", " WHERE p.deleted_at IS NULL AND p.company_id = ?", []any{ten.Company}},
		{"every company (admin)", " WHERE p.deleted_at IS NULL", nil}} {
		with := func(extra ...any) []any { return append(append([]any{}, scope.args...), extra...) }
		stmts = append(stmts,
			stmt{"products first page, " + scope.name, productRows + scope.where + order, with()},
			stmt{"products last page, " + scope.name, productRows + scope.where + last, with()},
			stmt{"products search word page, " + scope.name, productRows + scope.where + productQ + order, with(pw, pw)},
			stmt{"products search whole name page, " + scope.name, productRows + scope.where + productQ + order, with(pn, pn)},
			stmt{"products count, " + scope.name, "SELECT count(*) FROM products AS p" + scope.where, with()},
			stmt{"products search word count, " + scope.name, "SELECT count(*) FROM products AS p" + scope.where + productQ, with(pw, pw)},
			stmt{"customers first page, " + scope.name, customerRows + scope.where + order, with()},
			stmt{"customers last page, " + scope.name, customerRows + scope.where + last, with()},
			stmt{"customers search word page, " + scope.name, customerRows + scope.where + customerQ + order, with(cw, cw, cw, cw)},
			stmt{"customers search whole name page, " + scope.name, customerRows + scope.where + customerQ + order, with(cn, cn, cn, cn)},
			stmt{"customers count, " + scope.name, "SELECT count(*) FROM customers AS p" + scope.where, with()},
			stmt{"customers search word count, " + scope.name, "SELECT count(*) FROM customers AS p" + scope.where + customerQ, with(cw, cw, cw, cw)},
			stmt{"customers search whole name count, " + scope.name, "SELECT count(*) FROM customers AS p" + scope.where + customerQ, with(cn, cn, cn, cn)},
		)
	}
	for _, s := range stmts {
		var plan []string
		if err := bdb.NewRaw("EXPLAIN (ANALYZE, BUFFERS) "+s.sql, s.args...).Scan(ctx, &plan); err != nil {
			return fmt.Errorf("explain %s: %w", s.label, err)
		}
		fmt.Printf("\n### EXPLAIN %s\n\n```\n", s.label)
		for _, l := range plan {
			fmt.Println(l)
		}
		fmt.Println("```")
	}
	return nil
}
