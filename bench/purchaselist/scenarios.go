package main

import (
	"context"
	"math/rand/v2"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

// list is the purchases list as one demo user sees it, and what its scenarios need.
type list struct {
	*benchkit.DocList
	// refs are reference numbers of random purchases in scope, suppliers the names of the
	// suppliers in scope: searched one after another, so that most searches count anew.
	refs, suppliers []string
}

// purchases is the list measured (modules/purchasing/internal/store.Spec: purchase_date
// descending, then id).
var purchases = benchkit.DocTable{Path: "/api/purchases", Table: "purchases", DateColumn: "purchase_date"}

// prepare reads the search texts of the list d.
func prepare(ctx context.Context, bdb *bun.DB, d *benchkit.DocList) (*list, error) {
	l := &list{DocList: d}
	where, args := l.Scope()
	if err := bdb.NewRaw("SELECT reference_no FROM purchases WHERE "+where+" ORDER BY random() LIMIT 5000", args...).Scan(ctx, &l.refs); err != nil {
		return nil, err
	}
	err := bdb.NewRaw("SELECT DISTINCT supplier_name FROM purchases WHERE "+where, args...).Scan(ctx, &l.suppliers)
	return l, err
}

// scenarios are the measured requests of the list, interleaved in one group with a control
// request that reads no purchase.
func (l *list) scenarios() []benchkit.Scenario {
	return append([]benchkit.Scenario{l.Control("/api/auth/user/profile (control)"), l.First("first page", ""), l.DeepWalk()},
		l.Firsts(benchkit.PageQuery{What: "last page (last=true)", Query: "&last=true"},
			benchkit.PageQuery{What: "status=pending, first page", Query: "&status=pending"}, l.WindowQuery())...)
}

// extras are the list's other filters and sorts, interleaved with the same control: the approval
// filter (an administrator's /pending-data/purchase), the search (q: reference number and supplier
// name; whole reference numbers and whole supplier names of random purchases, mostly counted
// anew), and sorts other than the default.
func (l *list) extras() []benchkit.Scenario {
	return []benchkit.Scenario{
		l.Control("/api/auth/user/profile (control of the filters and sorts)"),
		l.First("approval=pending, first page", "&approval=pending"),
		l.Varied("q=<reference number>, first page", benchkit.Queries("q", l.refs), rand.IntN),
		l.Varied("q=<supplier name>, first page", benchkit.Queries("q", l.suppliers), rand.IntN),
		l.First("sort=-balance_cents, first page", "&sort=-balance_cents"),
		l.First("sort=due_date, first page", "&sort=due_date"),
	}
}
