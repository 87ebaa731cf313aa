package main

import (
	"context"
	"math/rand/v2"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

// sales is the list measured (modules/sales/internal/store.Spec: sale_date descending, then id).
var sales = benchkit.DocTable{Path: "/api/sales", Table: "sales", DateColumn: "sale_date"}

// list is the sales list as one demo user sees it, and the values its filters and searches take.
type list struct {
	*benchkit.DocList
	// numbers are the numbers of random sales in scope, names the names of customers with sales
	// in scope: searched one after another, so that most searches count anew.
	numbers, names []string
	// customers, stores and sellers are the filters' values: customers and sellers with sales
	// in scope (a sample of the customers), every store in scope.
	customers, stores, sellers []int64
}

// prepare reads the values the filters and searches of the list d take.
func prepare(ctx context.Context, bdb *bun.DB, d *benchkit.DocList) (*list, error) {
	l := &list{DocList: d}
	where, args := l.Scope()
	for _, q := range []struct {
		sql string
		dst any
	}{
		{"SELECT number FROM sales WHERE " + where + " ORDER BY random() LIMIT 5000", &l.numbers},
		{"SELECT DISTINCT customer_name FROM sales WHERE " + where, &l.names},
		{"SELECT customer_id FROM (SELECT DISTINCT customer_id FROM sales WHERE " + where + ") AS c ORDER BY random() LIMIT 1000", &l.customers},
		{"SELECT DISTINCT store_id FROM sales WHERE " + where, &l.stores},
		{"SELECT DISTINCT created_by FROM sales WHERE " + where, &l.sellers},
	} {
		if err := bdb.NewRaw(q.sql, args...).Scan(ctx, q.dst); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// pages are the list's navigation, interleaved in one group with a control request that reads
// no sale: first, deep and last page, and a month's date range.
func (l *list) pages() []benchkit.Scenario {
	return append([]benchkit.Scenario{l.Control("/api/auth/user/profile (control)"), l.First("first page", ""), l.DeepWalk()},
		l.Firsts(benchkit.PageQuery{What: "last page (last=true)", Query: "&last=true"}, l.WindowQuery())...)
}

// filters are the list's other filters, with the same control: approval (an administrator's
// pending sales; the rejected ones), payment status, and a customer, a store or a seller chosen
// at random at each request.
func (l *list) filters() []benchkit.Scenario {
	g := []benchkit.Scenario{l.Control("/api/auth/user/profile (control of the filters)")}
	g = append(g, l.Firsts(firstPages("approval=pending", "approval=rejected", "status=partial")...)...)
	for _, f := range []struct {
		param, one string
		ids        []int64
	}{{"customer_id", "a customer", l.customers}, {"store_id", "a store", l.stores}, {"seller", "a seller", l.sellers}} {
		g = append(g, l.Varied(f.param+"=<"+f.one+">, first page", benchkit.Queries(f.param, f.ids), rand.IntN))
	}
	return g
}

// sorts are the sorts other than the default and the search — a whole sale number, a whole
// customer name, each of a random sale in scope — with the same control.
func (l *list) sorts() []benchkit.Scenario {
	g := []benchkit.Scenario{l.Control("/api/auth/user/profile (control of the sorts and searches)")}
	g = append(g, l.Firsts(firstPages("sort=-total_cents", "sort=customer_name", "sort=number", "sort=-balance_cents", "sort=created_at")...)...)
	return append(g, l.Varied("q=<sale number>, first page", benchkit.Queries("q", l.numbers), rand.IntN),
		l.Varied("q=<customer name>, first page", benchkit.Queries("q", l.names), rand.IntN))
}

// firstPages are the first pages of the list with each of queries ("approval=pending").
func firstPages(queries ...string) []benchkit.PageQuery {
	out := make([]benchkit.PageQuery, len(queries))
	for i, q := range queries {
		out[i] = benchkit.PageQuery{What: q + ", first page", Query: "&" + q}
	}
	return out
}
