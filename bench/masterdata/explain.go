package main

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
	"github.com/backoffice/backoffice/modules/catalog"
	"github.com/backoffice/backoffice/modules/people"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/search"
)

// explain prints EXPLAIN (ANALYZE, BUFFERS) of the statements behind the measured requests. They
// are written out from the stores' query builders (modules/catalog/internal/store,
// modules/people/internal/store): the page (limit per_page+1), the count behind the total, for one
// company and for every company. Searches are built with platform/search, as the stores build them.
func explain(ctx context.Context, bdb *bun.DB, ten benchkit.Tenants, lists []listSpec) error {
	const (
		productRows  = "SELECT p.*, c.name AS category_name, lower(p.name) AS sort_name FROM products AS p LEFT JOIN categories AS c ON c.id = p.category_id"
		customerRows = "SELECT p.*, lower(p.name) AS name_key, lower(p.city) AS city_key FROM customers AS p"
		order        = " ORDER BY lower(p.name) ASC, p.id ASC LIMIT 26"
		last         = " ORDER BY lower(p.name) DESC, p.id DESC LIMIT 26"
	)
	productWords, customerWords := catalog.ProductWords, people.CustomerWords
	// searchPage is the store's search page: the word index read in name order, then the rows.
	// The first page in name order, read the way the stores read it (search.Table.Page, which
	// first picks the rarest term and looks up the words it begins: that look-up is not
	// explained here).
	firstPage, err := listing.NewPlan(listing.Spec{Columns: map[string]listing.Column{"name": {Expr: "sort_name", Kind: listing.String}},
		Default: "name", ID: "id"}, listing.Query{PerPage: 25})
	if err != nil {
		return err
	}
	var pageErr error
	searchPage := func(t search.Table, rows, q string, sc listing.Scope) string {
		m, err := t.Page(ctx, bdb, search.Terms(q), sc, firstPage)
		if err != nil {
			pageErr = err
			return "SELECT 1"
		}
		return strings.Replace(rows, "FROM "+t.Source+" AS p", "FROM ("+m.String()+") AS m JOIN "+t.Source+" AS p ON p.id = m.id", 1) +
			" WHERE p.deleted_at IS NULL ORDER BY m.sort_name ASC, m.id ASC"
	}
	searchCount := func(t search.Table, q string, sc listing.Scope) string {
		return "SELECT count(*) FROM (" + t.Matches(bdb, search.Terms(q), sc).String() + ") AS m"
	}
	var stmts []benchkit.Statement
	for _, scope := range []struct {
		name, where string
		args        []any
		sc          listing.Scope
	}{{"one company", " WHERE p.deleted_at IS NULL AND p.company_id = ?", []any{ten.Company}, listing.Scope{CompanyID: ten.Company}},
		{"every company (admin)", " WHERE p.deleted_at IS NULL", nil, listing.Scope{All: true}}} {
		with := func(extra ...any) []any { return append(append([]any{}, scope.args...), extra...) }
		for _, l := range []struct {
			table, rows string
			words       search.Table
			spec        listSpec
		}{{"products", productRows, productWords, lists[0]}, {"customers", customerRows, customerWords, lists[1]}} {
			label := func(what string) string { return l.table + " " + what + ", " + scope.name }
			stmts = append(stmts,
				benchkit.Stmt(label("first page"), l.rows+scope.where+order, with()),
				benchkit.Stmt(label("last page"), l.rows+scope.where+last, with()),
				benchkit.Stmt(label("search word page"), searchPage(l.words, l.rows, l.spec.words[0], scope.sc), nil),
				benchkit.Stmt(label("search whole name page"), searchPage(l.words, l.rows, l.spec.names[0], scope.sc), nil),
				benchkit.Stmt(label("count"), "SELECT count(*) FROM "+l.table+" AS p"+scope.where, with()),
				benchkit.Stmt(label("search word count"), searchCount(l.words, l.spec.words[0], scope.sc), nil),
				benchkit.Stmt(label("search whole name count"), searchCount(l.words, l.spec.names[0], scope.sc), nil),
			)
		}
	}
	if pageErr != nil {
		return pageErr
	}
	return benchkit.Explain(ctx, bdb, stmts)
}
