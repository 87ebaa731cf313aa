package listing_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/migrations"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/listing"
)

// item is a row of the test table.
type item struct {
	bun.BaseModel `bun:"table:listing_items"`

	ID        int64     `bun:"id,pk,autoincrement"`
	Name      string    `bun:"name,notnull"`
	Qty       int64     `bun:"qty,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull"`
	// SortName is lower(name) as the database computes it, selected with the row.
	SortName string `bun:"sort_name,scanonly"`
}

var spec = listing.Spec{
	Columns: map[string]listing.Column{
		"name":       {Expr: "lower(name)", Kind: listing.String},
		"qty":        {Expr: "qty", Kind: listing.Int},
		"created_at": {Expr: "created_at", Kind: listing.Time},
	},
	Default: "name",
	ID:      "id",
}

var base = time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)

// createTable makes the test table on db, with the dialect's column types.
func createTable(t *testing.T, db *bun.DB) {
	t.Helper()
	ty := migrations.TypesFor(db)
	_, err := db.ExecContext(context.Background(), fmt.Sprintf(
		"CREATE TABLE listing_items (id %s, name TEXT NOT NULL, qty BIGINT NOT NULL, created_at %s NOT NULL)", ty.PK, ty.Time))
	if err != nil {
		t.Fatalf("create table: %v", err)
	}
}

func insert(t *testing.T, db *bun.DB, items []item) {
	t.Helper()
	if len(items) == 0 {
		return
	}
	if _, err := db.NewInsert().Model(&items).Exec(context.Background()); err != nil {
		t.Fatalf("insert: %v", err)
	}
}

// seed inserts n rows whose sort values repeat a lot: 4 names in mixed case, 5 quantities and
// 6 instants (with microseconds), so that most pages start and end inside a run of ties and
// only the id tells rows apart.
func seed(t *testing.T, db *bun.DB, n int) {
	names := []string{"beta", "Alpha", "gamma", "ALPHA"}
	items := make([]item, n)
	for i := range items {
		items[i] = item{Name: names[i%len(names)], Qty: int64((i * 7) % 5), CreatedAt: base.Add(time.Duration(i%6) * 1500 * time.Microsecond)}
	}
	insert(t, db, items)
}

// list runs one list request the way a module's store does: search filter, plan, count, finish.
func list(t *testing.T, db *bun.DB, q listing.Query, search string) (listing.Page[item], error) {
	t.Helper()
	ctx := context.Background()
	plan, err := listing.NewPlan(spec, q)
	if err != nil {
		return listing.Page[item]{}, err
	}
	filter := func(sel *bun.SelectQuery) *bun.SelectQuery {
		if search != "" {
			sel = sel.Where(`lower(name) LIKE ? ESCAPE '\'`, listing.ContainsPattern(search))
		}
		return sel
	}
	var rows []item
	sel := db.NewSelect().Model(&rows).Column("id", "name", "qty", "created_at").ColumnExpr("lower(name) AS sort_name").Apply(filter)
	if err := plan.Apply(sel).Scan(ctx); err != nil {
		t.Fatalf("select: %v", err)
	}
	total, err := db.NewSelect().Model((*item)(nil)).Apply(filter).Count(ctx)
	if err != nil {
		t.Fatalf("count: %v", err)
	}
	return listing.Finish(plan, rows, int(total), keyOf(plan.Key())), nil
}

func keyOf(key string) func(item) (any, int64) {
	return func(it item) (any, int64) {
		switch key {
		case "qty":
			return it.Qty, it.ID
		case "created_at":
			return it.CreatedAt, it.ID
		}
		return it.SortName, it.ID
	}
}

func mustList(t *testing.T, db *bun.DB, q listing.Query, search string) listing.Page[item] {
	t.Helper()
	p, err := list(t, db, q, search)
	if err != nil {
		t.Fatalf("list %+v: %v", q, err)
	}
	return p
}

// oracle is the database's own full ordering of the table, without keyset or limit.
func oracle(t *testing.T, db *bun.DB, sort string) []int64 {
	t.Helper()
	key, dir := sort, "ASC"
	if sort[0] == '-' {
		key, dir = sort[1:], "DESC"
	}
	var ids []int64
	err := db.NewSelect().Model((*item)(nil)).Column("id").
		OrderExpr(fmt.Sprintf("%s %s, id %s", spec.Columns[key].Expr, dir, dir)).Scan(context.Background(), &ids)
	if err != nil {
		t.Fatalf("oracle: %v", err)
	}
	return ids
}

func ids(items []item) []int64 {
	out := make([]int64, len(items))
	for i, it := range items {
		out[i] = it.ID
	}
	return out
}

var sorts = []string{"name", "-name", "qty", "-qty", "created_at", "-created_at"}

func TestKeysetWalk(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		createTable(t, db)
		const n, per = 23, 5
		seed(t, db, n)
		for _, sort := range sorts {
			t.Run(sort, func(t *testing.T) {
				want := oracle(t, db, sort)
				if len(want) != n {
					t.Fatalf("oracle has %d rows", len(want))
				}

				// Forward from the first page, following next cursors.
				var forward [][]int64
				q := listing.Query{PerPage: per, Sort: sort, Page: 1}
				for {
					p := mustList(t, db, q, "")
					if p.Meta.Total != n || p.Meta.TotalPages != 5 || p.Meta.Page != q.Page {
						t.Fatalf("page %d meta = %+v", q.Page, p.Meta)
					}
					if (q.Page == 1) != (p.Meta.PrevCursor == "") {
						t.Errorf("page %d: prev cursor %q", q.Page, p.Meta.PrevCursor)
					}
					forward = append(forward, ids(p.Data))
					if p.Meta.NextCursor == "" {
						break
					}
					if len(forward) > n {
						t.Fatal("forward walk does not end")
					}
					q = listing.Query{PerPage: per, Sort: sort, After: p.Meta.NextCursor, Page: q.Page + 1}
				}
				if got := slices.Concat(forward...); !slices.Equal(got, want) {
					t.Fatalf("forward walk = %v\nwant           %v", got, want)
				}
				if len(forward) != 5 || len(forward[4]) != 3 {
					t.Fatalf("forward pages = %v, want 4 pages of 5 and one of 3", forward)
				}

				// Backward from the last page, following prev cursors: the same pages.
				var backward [][]int64
				q = listing.Query{PerPage: per, Sort: sort, Last: true, Page: 1}
				for {
					p := mustList(t, db, q, "")
					if q.Last && p.Meta.Page != 5 {
						t.Errorf("last page number = %d, want 5", p.Meta.Page)
					}
					backward = append([][]int64{ids(p.Data)}, backward...)
					if p.Meta.PrevCursor == "" {
						break
					}
					if len(backward) > n {
						t.Fatal("backward walk does not end")
					}
					if p.Meta.NextCursor == "" && !q.Last {
						t.Errorf("page reached backward has no next cursor")
					}
					q = listing.Query{PerPage: per, Sort: sort, Before: p.Meta.PrevCursor, Page: 4}
				}
				if !slices.EqualFunc(backward, forward, slices.Equal) {
					t.Fatalf("backward pages = %v\nforward pages  = %v", backward, forward)
				}

				// Next then previous comes back to the same page.
				p1 := mustList(t, db, listing.Query{PerPage: per, Sort: sort}, "")
				p2 := mustList(t, db, listing.Query{PerPage: per, Sort: sort, After: p1.Meta.NextCursor, Page: 2}, "")
				back := mustList(t, db, listing.Query{PerPage: per, Sort: sort, Before: p2.Meta.PrevCursor, Page: 1}, "")
				if !slices.Equal(ids(back.Data), ids(p1.Data)) || back.Meta.PrevCursor != "" || back.Meta.NextCursor == "" {
					t.Errorf("back to page 1 = %v (prev %q), want %v", ids(back.Data), back.Meta.PrevCursor, ids(p1.Data))
				}
			})
		}
	})
}

func TestLastPageWhenPagesAreFull(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		createTable(t, db)
		seed(t, db, 10)
		p := mustList(t, db, listing.Query{PerPage: 5, Last: true}, "")
		if len(p.Data) != 5 || p.Meta.Page != 2 || p.Meta.NextCursor != "" || p.Meta.PrevCursor == "" {
			t.Fatalf("last page = %d rows, meta %+v", len(p.Data), p.Meta)
		}
		if want := oracle(t, db, "name")[5:]; !slices.Equal(ids(p.Data), want) {
			t.Errorf("last page = %v, want %v", ids(p.Data), want)
		}
		// Fewer rows than a page: the last page is the first, with no cursors.
		one := mustList(t, db, listing.Query{PerPage: 25, Last: true}, "")
		if len(one.Data) != 10 || one.Meta.Page != 1 || one.Meta.NextCursor != "" || one.Meta.PrevCursor != "" {
			t.Errorf("single page reached as last = %d rows, meta %+v", len(one.Data), one.Meta)
		}
	})
}

func TestEmptyList(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		createTable(t, db)
		for _, q := range []listing.Query{{}, {Last: true}, {Sort: "-created_at"}} {
			p := mustList(t, db, q, "")
			if p.Data == nil || len(p.Data) != 0 {
				t.Errorf("%+v: data = %#v, want an empty (non-nil) slice", q, p.Data)
			}
			want := listing.Meta{Page: 1, PerPage: 25, Total: 0, TotalPages: 0}
			if p.Meta != want {
				t.Errorf("%+v: meta = %+v, want %+v", q, p.Meta, want)
			}
		}
	})
}

func TestRefusedRequests(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		createTable(t, db)
		seed(t, db, 12)
		byName := mustList(t, db, listing.Query{PerPage: 5}, "")
		byQty := mustList(t, db, listing.Query{PerPage: 5, Sort: "qty"}, "")
		const stale = "This page link is no longer valid. Go back to the first page."
		cases := []struct {
			name    string
			q       listing.Query
			message string
		}{
			{"cursor of another sort", listing.Query{Sort: "qty", After: byName.Meta.NextCursor}, stale},
			{"cursor of another sort, before", listing.Query{Sort: "name", Before: byQty.Meta.NextCursor}, stale},
			// The same key, the other direction, is the same key: still accepted (below).
			{"not base64", listing.Query{After: "!!!"}, stale},
			{"not json", listing.Query{After: "bm90IGpzb24"}, stale},
			{"value of the wrong kind", listing.Query{Sort: "qty", After: "eyJrIjoicXR5IiwidiI6ImFiYyIsImkiOjF9"}, stale}, // {"k":"qty","v":"abc","i":1}
			// NUL reaches no database: PostgreSQL refuses it in text, and SQLite's statement ends at it.
			{"text value with NUL", listing.Query{After: "eyJrIjoibmFtZSIsInYiOiJhXHUwMDAwYiIsImkiOjF9"}, stale},                                                          // {"k":"name","v":"a\u0000b","i":1}
			{"time before year 1", listing.Query{Sort: "created_at", After: "eyJrIjoiY3JlYXRlZF9hdCIsInYiOiIwMDAwLTAxLTAxVDAwOjAwOjAwWiIsImkiOjF9"}, stale},               // {"k":"created_at","v":"0000-01-01T00:00:00Z","i":1}
			{"time before year 1 in UTC", listing.Query{Sort: "created_at", After: "eyJrIjoiY3JlYXRlZF9hdCIsInYiOiIwMDAxLTAxLTAxVDAwOjAwOjAwKzAxOjAwIiwiaSI6MX0"}, stale}, // 0001-01-01T00:00:00+01:00
			{"both directions", listing.Query{After: byName.Meta.NextCursor, Before: byName.Meta.NextCursor}, "Give either after or before, not both."},
			{"unknown sort", listing.Query{Sort: "password"}, `Cannot sort by "password".`},
			{"unknown sort, descending", listing.Query{Sort: "-id"}, `Cannot sort by "id".`},
		}
		for _, c := range cases {
			_, err := list(t, db, c.q, "")
			ae := apperror.As(err)
			if ae == nil || ae.Code != apperror.CodeInvalid || ae.Message != c.message {
				t.Errorf("%s: error = %v, want invalid %q", c.name, err, c.message)
			}
		}
		if _, err := list(t, db, listing.Query{Sort: "-name", After: byName.Meta.NextCursor}, ""); err != nil {
			t.Errorf("cursor of the same key, other direction: %v", err)
		}
	})
}

func TestPageSizeBounds(t *testing.T) {
	for _, c := range []struct{ in, want int }{{0, 25}, {-3, 25}, {1, 1}, {100, 100}, {101, 100}, {100000, 100}} {
		p, err := listing.NewPlan(spec, listing.Query{PerPage: c.in})
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Query().PerPage; got != c.want {
			t.Errorf("per_page %d → %d, want %d", c.in, got, c.want)
		}
	}
	p, _ := listing.NewPlan(spec, listing.Query{Sort: "-qty"})
	if p.Key() != "qty" {
		t.Errorf("Key() = %q, want qty", p.Key())
	}
	p, _ = listing.NewPlan(spec, listing.Query{})
	if p.Key() != "name" {
		t.Errorf("default Key() = %q, want name", p.Key())
	}
}

func TestSearchPatternEscaping(t *testing.T) {
	if got := listing.ContainsPattern(`  50%_Off\ `); got != `%50\%\_off\\%` {
		t.Errorf("ContainsPattern = %q", got)
	}
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		createTable(t, db)
		names := []string{"50% off", "50 percent", "500 units", "a_b", "axb", `back\slash`, "backslash", "ABC mayúsculas", "it's"}
		items := make([]item, len(names))
		for i, n := range names {
			items[i] = item{Name: n, CreatedAt: base}
		}
		insert(t, db, items)
		cases := map[string][]string{
			"50%":   {"50% off"},
			"%":     {"50% off"},
			"_":     {"a_b"},
			"a_b":   {"a_b"},
			`\`:     {`back\slash`},
			`k\s`:   {`back\slash`},
			"abc":   {"ABC mayúsculas"},
			"ABC":   {"ABC mayúsculas"},
			"'":     {"it's"},
			"50":    {"50 percent", "50% off", "500 units"},
			"  50 ": {"50 percent", "50% off", "500 units"},
			"zzz":   {},
		}
		for q, want := range cases {
			p := mustList(t, db, listing.Query{PerPage: 100}, q)
			got := make([]string, len(p.Data))
			for i, it := range p.Data {
				got[i] = it.Name
			}
			slices.Sort(got)
			if !slices.Equal(got, want) || p.Meta.Total != len(want) {
				t.Errorf("search %q = %q (total %d), want %q", q, got, p.Meta.Total, want)
			}
		}
	})
}
