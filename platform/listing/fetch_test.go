package listing_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/listing"
)

// fetched is a store row of the Fetch tests; its API view is its name.
type fetched struct {
	ID   int64
	Name string
}

var fetchSpec = listing.Spec{
	Columns: map[string]listing.Column{"name": {Expr: "name", Kind: listing.String}},
	Default: "name",
	ID:      "id",
}

// fakeSource answers rows and total as a store would, and records the calls in order.
type fakeSource struct {
	rows     []fetched
	total    int
	rowsErr  error
	countErr error
	calls    []string
	shown    []fetched // the rows show was given
}

func (f *fakeSource) source() listing.Source[fetched] {
	return listing.Source[fetched]{
		Rows: func(context.Context) ([]fetched, error) {
			f.calls = append(f.calls, "rows")
			return slices.Clone(f.rows), f.rowsErr
		},
		Count: func(context.Context) (int, error) {
			f.calls = append(f.calls, "count")
			return f.total, f.countErr
		},
		Key: func(r fetched) (any, int64) { return r.Name, r.ID },
	}
}

func (f *fakeSource) show(_ context.Context, rows []fetched) ([]string, error) {
	f.shown = slices.Clone(rows)
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.Name
	}
	return out, nil
}

func plan(t *testing.T, q listing.Query) *listing.Plan {
	t.Helper()
	p, err := listing.NewPlan(fetchSpec, q)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestFetchFirstPage(t *testing.T) {
	ctx := context.Background()
	// The store read one row more than the page (Plan.Apply's limit): a next page exists.
	src := &fakeSource{rows: []fetched{{1, "a"}, {2, "b"}, {3, "c"}}, total: 7}
	page, err := listing.Fetch(ctx, plan(t, listing.Query{PerPage: 2}), src.source(), src.show)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(src.calls, []string{"rows", "count"}) {
		t.Fatalf("calls = %v, want the page read, then the count", src.calls)
	}
	if len(src.shown) != 2 || src.shown[1].ID != 2 {
		t.Fatalf("show was given %v, want the page without the extra row", src.shown)
	}
	if !slices.Equal(page.Data, []string{"a", "b"}) {
		t.Fatalf("data = %v, want [a b]", page.Data)
	}
	m := page.Meta
	if m.Total != 7 || m.TotalPages != 4 || m.Page != 1 || m.PerPage != 2 {
		t.Fatalf("meta = %+v, want total 7 in 4 pages of 2, page 1", m)
	}
	if m.NextCursor == "" || m.PrevCursor != "" {
		t.Fatalf("cursors next=%q prev=%q, want only a next cursor", m.NextCursor, m.PrevCursor)
	}
	// The next cursor starts after the page's last row.
	next := &fakeSource{rows: []fetched{{3, "c"}}, total: 7}
	page, err = listing.Fetch(ctx, plan(t, listing.Query{PerPage: 2, Page: 2, After: m.NextCursor}), next.source(), next.show)
	if err != nil {
		t.Fatal(err)
	}
	if page.Meta.Page != 2 || page.Meta.NextCursor != "" || page.Meta.PrevCursor == "" {
		t.Fatalf("second page meta = %+v, want page 2 with only a previous cursor", page.Meta)
	}
}

func TestFetchLastPage(t *testing.T) {
	// last=true reads backward (newest key first) and keeps total mod per_page rows, in display
	// order.
	src := &fakeSource{rows: []fetched{{5, "e"}, {4, "d"}, {3, "c"}}, total: 5}
	page, err := listing.Fetch(context.Background(), plan(t, listing.Query{PerPage: 2, Last: true}), src.source(), src.show)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(page.Data, []string{"e"}) || len(src.shown) != 1 {
		t.Fatalf("data = %v (show given %v), want the one row left after two full pages", page.Data, src.shown)
	}
	if page.Meta.Page != 3 || page.Meta.PrevCursor == "" || page.Meta.NextCursor != "" {
		t.Fatalf("meta = %+v, want page 3 of 3 with only a previous cursor", page.Meta)
	}
}

// A first page that does not fill is the whole list: its length is the total, nothing is counted.
// Any other page is counted.
func TestFetchCountsOnlyWhatItMust(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		q     listing.Query
		rows  []fetched
		count bool
	}{
		{"first page, not full", listing.Query{PerPage: 3}, []fetched{{1, "a"}, {2, "b"}}, false},
		{"first page, just full", listing.Query{PerPage: 2}, []fetched{{1, "a"}, {2, "b"}}, false},
		{"first page, more after it", listing.Query{PerPage: 2}, []fetched{{1, "a"}, {2, "b"}, {3, "c"}}, true},
		{"last page", listing.Query{PerPage: 3, Last: true}, []fetched{{2, "b"}, {1, "a"}}, true},
		{"a page after a cursor", listing.Query{PerPage: 3, After: cursorAfter(t, "a", 1)}, []fetched{{2, "b"}}, true},
	} {
		src := &fakeSource{rows: c.rows, total: 99}
		page, err := listing.Fetch(ctx, plan(t, c.q), src.source(), src.show)
		if err != nil {
			t.Fatal(err)
		}
		counted := slices.Contains(src.calls, "count")
		if counted != c.count {
			t.Errorf("%s: counted %t, want %t", c.name, counted, c.count)
		}
		if !c.count && page.Meta.Total != len(c.rows) {
			t.Errorf("%s: total %d, want %d", c.name, page.Meta.Total, len(c.rows))
		}
	}
}

func TestFetchEmpty(t *testing.T) {
	src := &fakeSource{}
	nilShow := func(context.Context, []fetched) ([]string, error) { return nil, nil }
	page, err := listing.Fetch(context.Background(), plan(t, listing.Query{}), src.source(), nilShow)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(page)
	if want := `{"data":[],"meta":{"page":1,"per_page":25,"total":0,"total_pages":0}}`; string(b) != want {
		t.Fatalf("empty page = %s, want %s", b, want)
	}
}

func TestFetchErrors(t *testing.T) {
	ctx := context.Background()
	p := plan(t, listing.Query{PerPage: 2})
	boom := errors.New("connection reset")
	internal := func(t *testing.T, err error) {
		t.Helper()
		if !apperror.IsCode(err, apperror.CodeInternal) || !errors.Is(err, boom) {
			t.Fatalf("err = %v, want an internal error caused by %v", err, boom)
		}
	}

	src := &fakeSource{rowsErr: boom}
	_, err := listing.Fetch(ctx, p, src.source(), src.show)
	internal(t, err)
	if !slices.Equal(src.calls, []string{"rows"}) {
		t.Fatalf("calls = %v, want no count after a failed read", src.calls)
	}

	src = &fakeSource{rows: []fetched{{1, "a"}, {2, "b"}, {3, "c"}}, countErr: boom}
	_, err = listing.Fetch(ctx, p, src.source(), src.show)
	internal(t, err)
	if src.shown != nil {
		t.Fatal("show ran after a failed count")
	}

	src = &fakeSource{rows: []fetched{{1, "a"}}, total: 1}
	failing := func(context.Context, []fetched) ([]string, error) { return nil, boom }
	_, err = listing.Fetch(ctx, p, src.source(), failing)
	internal(t, err)

	refused := apperror.Forbidden("You are not allowed to perform this action.")
	refusing := func(context.Context, []fetched) ([]string, error) { return nil, refused }
	if _, err = listing.Fetch(ctx, p, src.source(), refusing); err != refused {
		t.Fatalf("err = %v, want show's application error as it is", err)
	}
}

func TestPerRow(t *testing.T) {
	show := listing.PerRow(func(r fetched) string { return fmt.Sprintf("%d:%s", r.ID, r.Name) })
	out, err := show(context.Background(), []fetched{{1, "a"}, {2, "b"}})
	if err != nil || !slices.Equal(out, []string{"1:a", "2:b"}) {
		t.Fatalf("PerRow = %v, %v", out, err)
	}
}

func TestCounterCached(t *testing.T) {
	ctx := context.Background()
	calls := 0
	count := func(context.Context) (int, error) { calls++; return 4, nil }

	// Without a cache, every call counts.
	var none *listing.Counter
	none.Bump(ctx, "products")
	for i := 1; i <= 2; i++ {
		if n, err := none.Cached("products", "all", count)(ctx); n != 4 || err != nil || calls != i {
			t.Fatalf("nil counter: %d, %v after %d counts, want 4 after %d", n, err, calls, i)
		}
	}

	now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	mem := cache.NewMemory(func() time.Time { return now })
	t.Cleanup(func() { _ = mem.Close() })
	c := listing.NewCounter(mem, time.Minute)
	total := c.Cached("products", "all", count)
	calls = 0
	for range 2 {
		if n, err := total(ctx); n != 4 || err != nil || calls != 1 {
			t.Fatalf("cached: %d, %v after %d counts, want 4 after 1", n, err, calls)
		}
	}
}

// cursorAfter is the next cursor of a one-row page holding (id, name).
func cursorAfter(t *testing.T, name string, id int64) string {
	t.Helper()
	src := &fakeSource{rows: []fetched{{id, name}, {id + 1, name + "z"}}, total: 2}
	page, err := listing.Fetch(context.Background(), plan(t, listing.Query{PerPage: 1}), src.source(), src.show)
	if err != nil || page.Meta.NextCursor == "" {
		t.Fatalf("no next cursor: %+v, %v", page.Meta, err)
	}
	return page.Meta.NextCursor
}
