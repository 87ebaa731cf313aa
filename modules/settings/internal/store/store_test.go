package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/listing"
)

func TestStoresTenancyAndKeyset(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		st := New(db)
		at := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
		company := func(name string) int64 {
			c := &Company{Name: name, Active: true, HasTaxes: true, CreatedAt: at, UpdatedAt: at}
			if err := st.InsertCompany(ctx, c); err != nil {
				t.Fatal(err)
			}
			return c.ID
		}
		a, b := company("Alfa"), company("Beta")
		add := func(companyID int64, name string) int64 {
			r := &StoreRecord{CompanyID: companyID, Name: name, Active: true, CreatedAt: at, UpdatedAt: at}
			if err := st.InsertStore(ctx, r); err != nil {
				t.Fatalf("insert %s: %v", name, err)
			}
			return r.ID
		}
		// Names that sort differently under byte order and under lower(): the cursor must carry
		// the database's own lower() value.
		names := []string{"b", "A", "c", "Ñandú", "ñame", "Zorro", "a1"}
		for _, n := range names {
			add(a, n)
		}
		bID := add(b, "a")

		t.Run("unique name per company among live stores", func(t *testing.T) {
			if err := st.InsertStore(ctx, &StoreRecord{CompanyID: a, Name: "C", CreatedAt: at, UpdatedAt: at}); err == nil {
				t.Fatal("a second store C in company Alfa was accepted")
			}
			taken, err := st.StoreNameTaken(ctx, b, "A", 0)
			if err != nil || !taken {
				t.Fatalf("taken %v %v", taken, err)
			}
			if taken, _ := st.StoreNameTaken(ctx, b, "A", bID); taken {
				t.Fatal("a store's own name counts as taken")
			}
		})

		t.Run("scope", func(t *testing.T) {
			if _, err := st.StoreByID(ctx, bID, Scope{CompanyID: a}); !errors.Is(err, ErrNotFound) {
				t.Fatalf("other company's store: %v", err)
			}
			if _, err := st.StoreRecordByID(ctx, bID, Scope{CompanyID: a}); !errors.Is(err, ErrNotFound) {
				t.Fatalf("other company's store record: %v", err)
			}
			if ok, err := st.SoftDeleteStore(ctx, bID, 1, at, Scope{CompanyID: a}); ok || err != nil {
				t.Fatalf("deleted across companies: %v %v", ok, err)
			}
			n, err := st.CountStores(ctx, StoreFilter{Scope: Scope{CompanyID: a}, CompanyID: b})
			if err != nil || n != 0 {
				t.Fatalf("company filter widened the scope: %d %v", n, err)
			}
			if n, _ := st.CountStores(ctx, StoreFilter{Scope: Scope{All: true}}); n != len(names)+1 {
				t.Fatalf("all stores %d", n)
			}
		})

		t.Run("keyset walk both ways matches the full order", func(t *testing.T) {
			f := StoreFilter{Scope: Scope{CompanyID: a}}
			var full []string
			if err := st.EachStore(ctx, f, "", func(r StoreRow) error { full = append(full, r.Name); return nil }); err != nil {
				t.Fatal(err)
			}
			if len(full) != len(names) {
				t.Fatalf("each %v", full)
			}
			var walked []string
			q := listing.Query{PerPage: 2}
			var prev string
			for {
				plan, err := listing.NewPlan(StoreSpec, q)
				if err != nil {
					t.Fatal(err)
				}
				rows, err := st.ListStores(ctx, f, plan, q.Sort)
				if err != nil {
					t.Fatal(err)
				}
				page := listing.Finish(plan, rows, len(names), func(r StoreRow) (any, int64) { return r.SortKey, r.ID })
				for _, r := range page.Data {
					walked = append(walked, r.Name)
				}
				prev = page.Meta.PrevCursor
				if page.Meta.NextCursor == "" {
					break
				}
				q.After = page.Meta.NextCursor
			}
			if len(walked) != len(full) {
				t.Fatalf("walked %v, full %v", walked, full)
			}
			for i := range full {
				if walked[i] != full[i] {
					t.Fatalf("walked %v, full %v", walked, full)
				}
			}
			// One page back from the last one (7 rows, 2 a page: the last holds one) is rows 5 and 6.
			plan, err := listing.NewPlan(StoreSpec, listing.Query{PerPage: 2, Before: prev})
			if err != nil {
				t.Fatal(err)
			}
			rows, err := st.ListStores(ctx, f, plan, "")
			if err != nil {
				t.Fatal(err)
			}
			page := listing.Finish(plan, rows, len(names), func(r StoreRow) (any, int64) { return r.SortKey, r.ID })
			if len(page.Data) != 2 || page.Data[0].Name != full[4] || page.Data[1].Name != full[5] {
				t.Fatalf("back page %+v, full %v", page.Data, full)
			}
		})

		t.Run("company counts and delete", func(t *testing.T) {
			row, err := st.CompanyRowByID(ctx, a)
			if err != nil || row.Stores != len(names) {
				t.Fatalf("company row %+v %v", row, err)
			}
			if n, _ := st.CompanyStoreCount(ctx, b); n != 1 {
				t.Fatalf("beta stores %d", n)
			}
			if ok, err := st.SoftDeleteStore(ctx, bID, 1, at, Scope{CompanyID: b}); !ok || err != nil {
				t.Fatalf("delete own store %v %v", ok, err)
			}
			if n, _ := st.CompanyStoreCount(ctx, b); n != 0 {
				t.Fatalf("deleted store still counted: %d", n)
			}
			if ok, err := st.SoftDeleteCompany(ctx, b, 1, at); !ok || err != nil {
				t.Fatalf("delete company %v %v", ok, err)
			}
			names, err := st.CompanyNames(ctx, []int64{a, b})
			if err != nil || len(names) != 1 || names[a] != "Alfa" {
				t.Fatalf("names %v %v", names, err)
			}
			var all []string
			_ = st.EachCompany(ctx, CompanyFilter{}, "-name", func(r CompanyRow) error { all = append(all, r.Name); return nil })
			if len(all) != 1 || all[0] != "Alfa" {
				t.Fatalf("companies %v", all)
			}
		})
	})
}

// TestSearchRule: companies and stores are searched by the words rule — each term begins a word
// of the name, accents and case ignored — on writes and renames, and rows written without words
// get them from FillSearchWords.
func TestSearchRule(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		st := New(db)
		at := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
		gomez := &Company{Name: "Distribuciones Gómez", Active: true, CreatedAt: at, UpdatedAt: at}
		arroz := &Company{Name: "Arroz Diana", Active: true, CreatedAt: at, UpdatedAt: at}
		for _, c := range []*Company{gomez, arroz} {
			if err := st.InsertCompany(ctx, c); err != nil {
				t.Fatal(err)
			}
		}
		store := &StoreRecord{CompanyID: gomez.ID, Name: "Bodega Peñalosa", Active: true, CreatedAt: at, UpdatedAt: at}
		if err := st.InsertStore(ctx, store); err != nil {
			t.Fatal(err)
		}
		companies := func(q string) []string {
			t.Helper()
			plan, err := listing.NewPlan(CompanySpec, listing.Query{})
			if err != nil {
				t.Fatal(err)
			}
			rows, err := st.ListCompanies(ctx, CompanyFilter{Q: q}, plan, "")
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, r := range rows {
				out = append(out, r.Name)
			}
			if n, err := st.CountCompanies(ctx, CompanyFilter{Q: q}); err != nil || n != len(out) {
				t.Fatalf("count %q = %d, %v; list has %d", q, n, err, len(out))
			}
			return out
		}
		stores := func(q string) []string {
			t.Helper()
			plan, err := listing.NewPlan(StoreSpec, listing.Query{})
			if err != nil {
				t.Fatal(err)
			}
			f := StoreFilter{Scope: Scope{CompanyID: gomez.ID}, Q: q}
			rows, err := st.ListStores(ctx, f, plan, "")
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, r := range rows {
				out = append(out, r.Name)
			}
			if n, err := st.CountStores(ctx, f); err != nil || n != len(out) {
				t.Fatalf("count %q = %d, %v; list has %d", q, n, err, len(out))
			}
			return out
		}
		for q, want := range map[string]string{"gom": "Distribuciones Gómez", "GÓMEZ dist": "Distribuciones Gómez", "mez": "", "rroz": "", "arroz": "Arroz Diana"} {
			if got := strings.Join(companies(q), ","); got != want {
				t.Errorf("companies %q = %q, want %q", q, got, want)
			}
		}
		for q, want := range map[string]string{"penal": "Bodega Peñalosa", "bod PEÑ": "Bodega Peñalosa", "losa": "", "odega": ""} {
			if got := strings.Join(stores(q), ","); got != want {
				t.Errorf("stores %q = %q, want %q", q, got, want)
			}
		}
		store.Name = "Sede Bogotá"
		if err := st.UpdateStore(ctx, store); err != nil {
			t.Fatal(err)
		}
		gomez.Name = "Lácteos Ñuñoa"
		if err := st.UpdateCompany(ctx, gomez); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(stores("bogota"), ","); got != "Sede Bogotá" || len(stores("penal")) != 0 {
			t.Errorf("renamed store: %q", got)
		}
		if got := strings.Join(companies("nunoa"), ","); got != "Lácteos Ñuñoa" || len(companies("gomez")) != 0 {
			t.Errorf("renamed company: %q", got)
		}
		if _, err := db.NewRaw("INSERT INTO companies (name, active, has_taxes, withholding_agent, reteiva_agent, created_at, updated_at) VALUES ('Óptica Ñandú', true, false, false, false, ?, ?)", at, at).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if got := companies("nandu"); len(got) != 0 {
			t.Errorf("a company without words found: %v", got)
		}
		if n, err := st.FillSearchWords(ctx); err != nil || n != 1 {
			t.Fatalf("fill = %d, %v", n, err)
		}
		if got := strings.Join(companies("optica nandu"), ","); got != "Óptica Ñandú" {
			t.Errorf("filled company: %q", got)
		}
	})
}
