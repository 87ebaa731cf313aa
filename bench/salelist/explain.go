package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
	"github.com/backoffice/backoffice/modules/people"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/search"
)

// saleWords is the sales' word table as modules/sales/internal/store declares it (store.Words,
// which the module does not export): the search by number reads it.
var saleWords = search.Table{Name: "sale_words", Key: "sale_id", Source: "sales", SortExpr: "s.sale_date"}

// explain prints EXPLAIN (ANALYZE, BUFFERS) of the statements behind the measured requests, for
// each measured user's scope, as the server sends them (bun writes the values into the text;
// read off PostgreSQL's statement log of a run): the page (limit per_page+1) in the default order
// (sale_date DESC, id DESC), a deep page (the keyset condition at the middle of the order), the
// last page (the order reversed), each filter, the other sorts, the searches — a number through
// the sales' words, a customer's name through the customers' ids that modules/people finds for
// it (people.CustomerWords, as CustomerIDs reads them) — and the counts behind the totals.
func explain(ctx context.Context, bdb *bun.DB, lists []*list) error {
	const (
		rows  = `SELECT s.*, s.sale_date AS sort_key FROM "sales" AS "s" WHERE (s.deleted_at IS NULL)`
		count = `SELECT count(*) FROM "sales" AS "s" WHERE (s.deleted_at IS NULL)`
		desc  = ` ORDER BY s.sale_date DESC, s.id DESC LIMIT %d`
	)
	for _, l := range lists {
		scope, where, sc := "every company, as "+l.S.User, "", listing.Scope{All: true}
		if !l.All {
			scope, where, sc = "one company, as "+l.S.User, fmt.Sprintf(" AND (s.company_id = %d)", l.Company), listing.Scope{CompanyID: l.Company}
		}
		page := fmt.Sprintf(desc, l.PerPage+1)
		sorted := func(key, expr, dir string) string {
			return `SELECT s.*, ` + key + ` AS sort_key FROM "sales" AS "s" WHERE (s.deleted_at IS NULL)` + where +
				fmt.Sprintf(" ORDER BY %s %s, s.id %s LIMIT %d", expr, dir, dir, l.PerPage+1)
		}
		// The customers a whole name finds, as the people module answers the sales' search.
		var ids []int64
		if err := people.CustomerWords.IDs(bdb, search.Terms(l.names[0]), sc).Distinct().Limit(10000).Scan(ctx, &ids); err != nil {
			return err
		}
		byName := " AND FALSE"
		if len(ids) > 0 {
			in := make([]string, len(ids))
			for i, id := range ids {
				in[i] = strconv.FormatInt(id, 10)
			}
			byName = " AND (s.customer_id IN (" + strings.Join(in, ", ") + "))"
		}
		number := " AND (s.id IN (" + saleWords.IDs(bdb, search.Terms(l.numbers[0]), sc).String() + "))"
		filters := []struct{ what, cond string }{
			{"deep page (middle)", fmt.Sprintf(" AND ((s.sale_date, s.id) < ('%s', %d))", l.Mid.Value, l.Mid.ID)},
			{"date range", fmt.Sprintf(" AND (s.sale_date >= '%s') AND (s.sale_date <= '%s')", l.Window[0], l.Window[1])},
			{"approval=pending", " AND (s.approval_status = 'pending')"},
			{"approval=rejected", " AND (s.approval_status = 'rejected')"},
			{"status=partial", " AND (s.status = 'partial')"},
			{"customer_id", fmt.Sprintf(" AND (s.customer_id = %d)", l.customers[0])},
			{"store_id", fmt.Sprintf(" AND (s.store_id = %d)", l.stores[0])},
			{"seller", fmt.Sprintf(" AND (s.created_by = %d)", l.sellers[0])},
			{fmt.Sprintf("q=%q (number)", l.numbers[0]), number},
			{fmt.Sprintf("q=%q (%d customers)", l.names[0], len(ids)), byName},
		}
		perParty, err := perPartyPage(ctx, bdb, sc, where, l.names[0], ids, l.PerPage)
		if err != nil {
			return err
		}
		stmts := []benchkit.Statement{
			benchkit.Stmt(fmt.Sprintf("q=%q (%d customers) page per customer (search.Party.Page), %s", l.names[0], len(ids), scope), perParty, nil),
			benchkit.Stmt("first page, "+scope, rows+where+page, nil),
			benchkit.Stmt("last page, "+scope, rows+where+" ORDER BY s.sale_date ASC, s.id ASC"+fmt.Sprintf(" LIMIT %d", l.PerPage+1), nil),
			benchkit.Stmt("sort=-total_cents page, "+scope, sorted("''", "s.total_cents", "DESC"), nil),
			benchkit.Stmt("sort=customer_name page, "+scope, sorted("lower(s.customer_name)", "lower(s.customer_name)", "ASC"), nil),
			benchkit.Stmt("sort=number page, "+scope, sorted("s.number", "s.number", "ASC"), nil),
			benchkit.Stmt("sort=-balance_cents page, "+scope, sorted("''", "s.balance_cents", "DESC"), nil),
			benchkit.Stmt("sort=created_at page, "+scope, sorted("''", "s.created_at", "ASC"), nil),
			benchkit.Stmt("count, "+scope, count+where, nil),
		}
		for _, f := range filters {
			stmts = append(stmts, benchkit.Stmt(f.what+" page, "+scope, rows+where+f.cond+page, nil))
			if f.what != "deep page (middle)" {
				stmts = append(stmts, benchkit.Stmt(f.what+" count, "+scope, count+where+f.cond, nil))
			}
		}
		if err := benchkit.Explain(ctx, bdb, stmts); err != nil {
			return err
		}
	}
	return nil
}

// perPartyPage is the page of the search by a customer's name as search.Party.Page reads it
// when the name finds at least search.PerPartyFrom customers (and the IN page otherwise).
func perPartyPage(ctx context.Context, bdb *bun.DB, sc listing.Scope, where, name string, ids []int64, perPage int) (string, error) {
	byCustomer := search.Party{Words: saleWords, Alias: "s", Column: "customer_id", Dated: "sale_date"}
	sides, err := byCustomer.Probe(ctx, bdb, sc, search.Resolve(name, ids))
	if err != nil {
		return "", err
	}
	plan, err := listing.NewPlan(listing.Spec{Columns: map[string]listing.Column{"sale_date": {Expr: "s.sale_date"}},
		Default: "sale_date", DefaultDesc: true, ID: "s.id"}, listing.Query{PerPage: perPage})
	if err != nil {
		return "", err
	}
	rows := bdb.NewSelect().TableExpr(`"sales" AS "s"`).ColumnExpr("s.*").ColumnExpr("s.sale_date AS sort_key").
		Where("s.deleted_at IS NULL" + where)
	same := func(q *bun.SelectQuery) *bun.SelectQuery { return q }
	return byCustomer.Page(bdb, rows, sc, sides, plan, same).String(), nil
}
