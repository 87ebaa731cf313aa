package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/listing"
)

var t0 = time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)

func row(companyID int64, name, city, doc string, at time.Time) *Row {
	return &Row{CompanyID: companyID, Name: name, City: city, PersonType: "natural", DocumentType: "CC",
		DocumentNumber: doc, ApprovalStatus: "approved", CreatedAt: at, UpdatedAt: at}
}

func insert(t *testing.T, s *Store, r *Row) *Row {
	t.Helper()
	if err := s.Insert(context.Background(), r); err != nil {
		t.Fatalf("insert %s: %v", r.Name, err)
	}
	return r
}

func newCounter(t *testing.T) *listing.Counter {
	mem := cache.NewMemory(time.Now)
	t.Cleanup(func() { _ = mem.Close() })
	return listing.NewCounter(mem, time.Minute)
}

func TestTenancyAndWrites(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		ctx := context.Background()
		a, b := dbtest.Company(t, db, "A"), dbtest.Company(t, db, "B")
		for _, table := range []string{"customers", "suppliers"} {
			t.Run(table, func(t *testing.T) {
				s := New(db, table)
				ra := insert(t, s, row(a, "Ana", "Bogotá", "1010", t0))
				rb := insert(t, s, row(b, "Beto", "Cali", "1010", t0)) // same number, other company: allowed

				if _, err := s.Get(ctx, Scope{CompanyID: a}, rb.ID); !errors.Is(err, ErrNotFound) {
					t.Fatalf("company A reads B's row: %v", err)
				}
				if got, err := s.Get(ctx, Scope{All: true}, rb.ID); err != nil || got.Name != "Beto" || got.NameKey != "beto" {
					t.Fatalf("admin get: %+v %v", got, err)
				}
				page, err := s.List(ctx, Scope{CompanyID: b}, Filter{}, plan(t, listing.Query{}), newCounter(t))
				if err != nil || len(page.Data) != 1 || page.Data[0].ID != rb.ID || page.Meta.Total != 1 {
					t.Fatalf("company B list: %+v %v", page, err)
				}

				taken, err := s.DocumentTaken(ctx, a, "1010", 0)
				if err != nil || !taken {
					t.Fatalf("DocumentTaken = %v, %v", taken, err)
				}
				if taken, _ := s.DocumentTaken(ctx, a, "1010", ra.ID); taken {
					t.Fatal("a row's own number counts as taken")
				}
				if err := s.Insert(ctx, row(a, "Ana bis", "", "1010", t0)); err == nil {
					t.Fatal("the unique index lets a second live row have the same number")
				}
				insert(t, s, row(a, "No doc 1", "", "", t0))
				insert(t, s, row(a, "No doc 2", "", "", t0)) // empty numbers never clash

				// Decide only from the expected status.
				pending := insert(t, s, &Row{CompanyID: a, Name: "P", PersonType: "natural", DocumentType: "CC",
					ApprovalStatus: "pending", CreatedAt: t0, UpdatedAt: t0})
				if err := s.Decide(ctx, pending.ID, "pending", "rejected", "dup", 7, t0); err != nil {
					t.Fatal(err)
				}
				if err := s.Decide(ctx, pending.ID, "pending", "approved", "", 7, t0); !errors.Is(err, ErrNotFound) {
					t.Fatalf("second decision: %v", err)
				}
				got, _ := s.Get(ctx, Scope{CompanyID: a}, pending.ID)
				if got.ApprovalStatus != "rejected" || got.ApprovalReason != "dup" || got.ApprovedBy == nil || *got.ApprovedBy != 7 {
					t.Fatalf("after reject: %+v", got)
				}

				// Update changes the details, never the company.
				ra.Name, ra.CompanyID, ra.UpdatedAt = "Ana María", b, t0.Add(time.Hour)
				if err := s.Update(ctx, ra); err != nil {
					t.Fatal(err)
				}
				if got, err := s.Get(ctx, Scope{CompanyID: a}, ra.ID); err != nil || got.Name != "Ana María" {
					t.Fatalf("after update: %+v %v", got, err)
				}

				// Soft delete hides the row and frees its number.
				if err := s.SoftDelete(ctx, ra.ID, 7, t0); err != nil {
					t.Fatal(err)
				}
				if _, err := s.Get(ctx, Scope{All: true}, ra.ID); !errors.Is(err, ErrNotFound) {
					t.Fatalf("deleted row still visible: %v", err)
				}
				if err := s.SoftDelete(ctx, ra.ID, 7, t0); !errors.Is(err, ErrNotFound) {
					t.Fatalf("second delete: %v", err)
				}
				insert(t, s, row(a, "Ana again", "", "1010", t0))
			})
		}
	})
}

func plan(t *testing.T, q listing.Query) *listing.Plan {
	t.Helper()
	p, err := listing.NewPlan(Spec, q)
	if err != nil {
		t.Fatalf("plan %+v: %v", q, err)
	}
	return p
}

// walk follows next cursors from the first page and returns the names in order.
func walk(t *testing.T, s *Store, scope Scope, f Filter, sort string, perPage int) []string {
	t.Helper()
	var names []string
	q := listing.Query{PerPage: perPage, Sort: sort}
	for range 100 {
		page, err := s.List(context.Background(), scope, f, plan(t, q), newCounter(t))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range page.Data {
			names = append(names, r.Name)
		}
		if page.Meta.NextCursor == "" {
			return names
		}
		q.After = page.Meta.NextCursor
	}
	t.Fatal("pages never end")
	return nil
}

func TestListSortsFiltersAndPages(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		ctx := context.Background()
		a, b := dbtest.Company(t, db, "A"), dbtest.Company(t, db, "B")
		s := New(db, "customers")
		// Upper-case accented initials: SQLite's lower() leaves them alone, Go's would not.
		names := []string{"Zoe", "ana", "Ángel", "Óscar", "Ñandú", "beto", "Beto", "carla", "Álvaro", "david"}
		for i, n := range names {
			r := row(a, n, []string{"Bogotá", "MEDELLÍN", "Cali"}[i%3], fmt.Sprint(1000+i), t0.Add(time.Duration(i%4)*time.Second))
			r.Email = fmt.Sprintf("c%d@example.co", i)
			if i == 3 {
				r.ApprovalStatus, r.Company, r.DocumentType, r.DocumentNumber = "pending", "Óptica 100% Sur_", "NIT", "800197268"
			}
			insert(t, s, r)
		}
		insert(t, s, row(b, "other company", "Bogotá", "1", t0))
		scope := Scope{CompanyID: a}

		// Every sort, both directions, small pages: each row once, in the database's own order.
		for _, sort := range []string{"name", "-name", "city", "-city", "created_at", "-created_at"} {
			got := walk(t, s, scope, Filter{}, sort, 3)
			var want []string
			q := s.filtered(s.live(scope), scope, Filter{}).Column("p.name")
			col := Spec.Columns[trimDash(sort)]
			dir := "ASC"
			if sort[0] == '-' {
				dir = "DESC"
			}
			if err := q.OrderExpr(col.Expr+" "+dir+", p.id "+dir).Scan(ctx, &want); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Errorf("sort %s: pages give %v, want %v", sort, got, want)
			}
		}

		// Backward from the last page gives the same rows in the same order.
		q := listing.Query{PerPage: 4, Last: true}
		var back []string
		for range 10 {
			page, err := s.List(ctx, scope, Filter{}, plan(t, q), newCounter(t))
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, r := range page.Data {
				names = append(names, r.Name)
			}
			back = append(names, back...)
			if page.Meta.PrevCursor == "" {
				break
			}
			q = listing.Query{PerPage: 4, Before: page.Meta.PrevCursor}
		}
		if fwd := walk(t, s, scope, Filter{}, "", 4); !slices.Equal(back, fwd) {
			t.Errorf("backward %v, forward %v", back, fwd)
		}

		for _, tc := range []struct {
			f    Filter
			want []string
		}{
			{Filter{Q: "BETO"}, []string{"beto", "Beto"}},
			{Filter{Q: "100% sur"}, []string{"Óscar"}},   // % is not a wildcard
			{Filter{Q: "sur_"}, []string{"Óscar"}},       // nor is _
			{Filter{Q: "800.197"}, []string{"Óscar"}},    // document typed with dots
			{Filter{Q: "c9@example"}, []string{"david"}}, // email
			{Filter{Q: "%"}, names},                      // punctuation alone is no search
			{Filter{Q: "angel"}, []string{"Ángel"}},      // accents ignored
			{Filter{Q: "ÑANDU"}, []string{"Ñandú"}},      // and letter case
			{Filter{Q: "optica sur"}, []string{"Óscar"}}, // every term, any field
			{Filter{Q: "optica beto"}, nil},              //
			{Filter{Q: "ndu"}, nil},                      // a term begins a word
			{Filter{Q: "oscar", Approval: "pending"}, []string{"Óscar"}},
			{Filter{Q: "beto", City: "cali"}, []string{"beto"}},
			{Filter{Approval: "pending"}, []string{"Óscar"}},
			{Filter{City: "CALI"}, []string{"Ángel", "beto", "Álvaro"}},
			{Filter{City: "bogotá"}, []string{"Zoe", "Óscar", "Beto", "david"}},
			{Filter{City: "MEDELLÍN"}, []string{"ana", "Ñandú", "carla"}},
		} {
			want := slices.Clone(tc.want)
			slices.Sort(want)
			for _, sort := range []string{"created_at", "name", "-name"} {
				got := walk(t, s, scope, tc.f, sort, 2)
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Errorf("filter %+v sort %s: %v, want %v", tc.f, sort, got, want)
				}
			}
			page, err := s.List(ctx, scope, tc.f, plan(t, listing.Query{}), newCounter(t))
			if err != nil || page.Meta.Total != len(tc.want) {
				t.Errorf("filter %+v: total %d, want %d (%v)", tc.f, page.Meta.Total, len(tc.want), err)
			}
		}

		// Admins see every company.
		if got := walk(t, s, Scope{All: true}, Filter{Q: "other"}, "", 5); !slices.Equal(got, []string{"other company"}) {
			t.Errorf("admin search %v", got)
		}
	})
}

func trimDash(s string) string {
	if len(s) > 0 && s[0] == '-' {
		return s[1:]
	}
	return s
}

func TestEachReadsEverythingInBatches(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		ctx := context.Background()
		a := dbtest.Company(t, db, "A")
		s := New(db, "suppliers")
		const n = exportBatch*2 + 37
		rows := make([]Row, n)
		for i := range rows {
			rows[i] = *row(a, fmt.Sprintf("supplier %04d", i), "", fmt.Sprint(10000+i), t0)
		}
		if _, err := db.NewInsert().Model(&rows).ModelTableExpr("suppliers").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		var batches, seen int
		last := ""
		err := s.Each(ctx, Scope{CompanyID: a}, Filter{}, "name", func(batch []Row) error {
			batches++
			for _, r := range batch {
				if r.Name <= last {
					t.Fatalf("%q after %q", r.Name, last)
				}
				last = r.Name
				seen++
			}
			return nil
		})
		if err != nil || seen != n || batches != 3 {
			t.Fatalf("Each: %d rows in %d batches, err %v; want %d in 3", seen, batches, err, n)
		}
	})
}

// The word index follows every write, and rows loaded straight into the table are indexed by
// IndexMissingWords.
func TestWordsFollowWrites(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		ctx := context.Background()
		a := dbtest.Company(t, db, "A")
		for _, table := range []string{"customers", "suppliers"} {
			s := New(db, table)
			scope := Scope{CompanyID: a}
			found := func(q string) []string {
				t.Helper()
				return walk(t, s, scope, Filter{Q: q}, "name", 2)
			}
			r := insert(t, s, row(a, "Lucía Pérez", "Cali", "52100", t0))
			r.Name = "Lucía Gómez"
			if err := s.Update(ctx, r); err != nil {
				t.Fatal(err)
			}
			if got := found("perez"); len(got) != 0 {
				t.Fatalf("%s: old name found: %v", table, got)
			}
			if got := found("lucia gomez"); !slices.Equal(got, []string{"Lucía Gómez"}) {
				t.Fatalf("%s: new name finds %v", table, got)
			}
			if err := s.SoftDelete(ctx, r.ID, 1, t0); err != nil {
				t.Fatal(err)
			}
			if got := found("lucia"); len(got) != 0 {
				t.Fatalf("%s: deleted row found: %v", table, got)
			}
			loaded := row(a, "Tomás Ríos", "Cali", "52101", t0)
			if _, err := db.NewInsert().Model(loaded).ModelTableExpr(table).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			if got := found("tomas"); len(got) != 0 {
				t.Fatalf("%s: unindexed row found: %v", table, got)
			}
			if n, err := s.IndexMissingWords(ctx); err != nil || n != 1 {
				t.Fatalf("%s: indexed %d, %v; want 1", table, n, err)
			}
			if got := found("tomas rios 52101"); !slices.Equal(got, []string{"Tomás Ríos"}) {
				t.Fatalf("%s: after indexing %v", table, got)
			}
		}
	})
}

// A search of several terms whose longest term is a common word (more candidates than search
// probes blindly) finds, through the masks, exactly the records with every term, page by page;
// a short term (no bit in the masks) too.
func TestSearchOfCommonWords(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		a := dbtest.Company(t, db, "A")
		s := New(db, "customers")
		first := []string{"María", "Marcela", "José", "Luis", "Ana", "Óscar"}
		second := []string{"Ríos", "Restrepo", "Rojas", "Díaz"}
		want := map[string]int{}
		for i := range 240 {
			f, l := first[i%len(first)], second[i/len(first)%len(second)]
			insert(t, s, row(a, fmt.Sprintf("%s Gómez %s %03d", f, l, i), "Cali", fmt.Sprintf("7%05d", i), t0))
			want[f+" "+l]++
		}
		for q, n := range map[string]int{
			"gomez jose":           40, // the longest term first: 240 candidates, the mask sorts
			"gomez ana rios":       want["Ana Ríos"],
			"gómez maría ríos":     want["María Ríos"],
			"restrepo gomez oscar": want["Óscar Restrepo"],
			"gomez ma":             80, // María and Marcela
			"gomez ma ro":          want["María Rojas"] + want["Marcela Rojas"],
			"gomez pedro":          0,
		} {
			got := walk(t, s, Scope{CompanyID: a}, Filter{Q: q}, "name", 7)
			if len(got) != n || !slices.IsSorted(got) {
				t.Errorf("q=%q: %d names (sorted %v), want %d", q, len(got), slices.IsSorted(got), n)
			}
			page, err := s.List(context.Background(), Scope{All: true}, Filter{Q: q}, plan(t, listing.Query{PerPage: 5}), newCounter(t))
			if err != nil || page.Meta.Total != n {
				t.Errorf("q=%q: admin total %d, %v; want %d", q, page.Meta.Total, err, n)
			}
		}
	})
}
