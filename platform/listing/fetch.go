package listing

import (
	"context"

	"github.com/backoffice/backoffice/platform/apperror"
)

// Source is where one list request's rows come from, for Fetch. R is the store's row type.
type Source[R any] struct {
	// Rows reads the page: the store's query with the plan applied (Plan.Apply), which fetches
	// one row more than the page holds so that Finish can tell whether a next page exists.
	Rows func(context.Context) ([]R, error)
	// Count counts every row of the list: the same filters and scope, no keyset, no limit.
	// Counter.Cached keeps its answer between requests.
	Count func(context.Context) (int, error)
	// Key is a row's sort value and id, as Finish takes them.
	Key func(R) (any, int64)
}

// Fetch answers one list request that NewPlan accepted as p: it reads the page's rows, then
// the list's total (not counted when the rows are the whole list, see Plan.Whole), trims and orders the rows with Finish, and turns the page's rows into what
// the API shows with show (which may look up more, e.g. images, in one call for the page).
//
// A failed read or count is an internal error; so is a failure of show, unless show returns an
// application error (apperror), which passes as it is. The page's data is never nil, so an
// empty list is "data": [].
func Fetch[R, T any](ctx context.Context, p *Plan, src Source[R], show func(context.Context, []R) ([]T, error)) (Page[T], error) {
	rows, err := src.Rows(ctx)
	if err != nil {
		return Page[T]{}, apperror.Internal(err)
	}
	total := len(rows)
	if !p.Whole(len(rows)) {
		if total, err = src.Count(ctx); err != nil {
			return Page[T]{}, apperror.Internal(err)
		}
	}
	page := Finish(p, rows, total, src.Key)
	data, err := show(ctx, page.Data)
	if err != nil {
		return Page[T]{}, apperror.OrInternal(err)
	}
	if data == nil {
		data = []T{}
	}
	return Page[T]{Data: data, Meta: page.Meta}, nil
}

// PerRow is a show function for Fetch that turns each row into its API view on its own, for
// lists that need nothing beyond the row.
func PerRow[R, T any](view func(R) T) func(context.Context, []R) ([]T, error) {
	return func(_ context.Context, rows []R) ([]T, error) {
		out := make([]T, len(rows))
		for i, r := range rows {
			out[i] = view(r)
		}
		return out, nil
	}
}
