package app

import (
	"context"

	"github.com/backoffice/backoffice/modules/reports/internal/store"
)

// The pages whose rows are summed, sorted and paged in SQL (customers_report, suppliers_report,
// payment_report: rows per party, as many as the parties or the payments; product_report: a row
// per product, each summed from thousands of aggregate rows): one function reads a
// window of their rows in the query's order and answers the totals and count of every row; the
// list's page (page.paged) and the export (page.stream) are both made from it.

// sqlRows calls fn with the page's rows of w (every row when w.Limit is 0) in q's order and
// answers the totals and the count of every row.
type sqlRows func(ctx context.Context, st *store.Store, q query, w store.Window, fn func(Row) error) (map[string]int64, int, error)

// pageOf is a page of rows's rows read in SQL: offset, limit.
func pageOf(rows sqlRows) func(context.Context, *store.Store, query, int, int) (built, int, error) {
	return func(ctx context.Context, st *store.Store, q query, offset, limit int) (built, int, error) {
		out := []Row{}
		totals, n, err := rows(ctx, st, q, store.Window{Offset: offset, Limit: limit}, func(r Row) error {
			out = append(out, r)
			return nil
		})
		return built{rows: out, totals: totals}, n, err
	}
}

// streamOf is rows's export: every row from a cursor as the file is written, then the totals.
func streamOf(rows sqlRows) func(context.Context, *store.Store, query) (Rows, error) {
	return func(ctx context.Context, st *store.Store, q query) (Rows, error) {
		return func(yield func(Row) error) (map[string]int64, error) {
			totals, _, err := rows(ctx, st, q, store.Window{}, yield)
			return totals, err
		}, nil
	}
}

// collect is a streamed page's rows and totals held whole (Service.Whole).
func collect(ctx context.Context, st *store.Store, q query, stream func(context.Context, *store.Store, query) (Rows, error)) (built, error) {
	each, err := stream(ctx, st, q)
	if err != nil {
		return built{}, err
	}
	var out built
	out.totals, err = each(func(r Row) error {
		out.rows = append(out.rows, r)
		return nil
	})
	return out, err
}
