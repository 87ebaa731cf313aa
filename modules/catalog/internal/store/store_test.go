package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/search"
)

var t0 = time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)

func category(t *testing.T, s *Store, companyID int64, name string) *Category {
	t.Helper()
	c := &Category{CompanyID: companyID, Name: name, CreatedAt: t0, UpdatedAt: t0}
	if err := s.InsertCategory(context.Background(), c); err != nil {
		t.Fatalf("insert category %s: %v", name, err)
	}
	return c
}

func product(t *testing.T, s *Store, c *Category, code, name string, price, qty, alert int64, at time.Time) *Product {
	t.Helper()
	p := &Product{CompanyID: c.CompanyID, CategoryID: c.ID, Code: code, Name: name, Unit: "und", CostCents: price / 2,
		PriceCents: price, Quantity: qty, AlertQuantity: alert, IVAClass: "19", Kind: "goods", CreatedAt: at, UpdatedAt: at}
	if err := s.InsertProduct(context.Background(), p); err != nil {
		t.Fatalf("insert product %s: %v", code, err)
	}
	return p
}

func TestCategoriesTenancyAndUniqueness(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		s := New(db)
		a, b := dbtest.Company(t, db, "A"), dbtest.Company(t, db, "B")
		bebidas := category(t, s, a, "Bebidas")
		category(t, s, b, "Bebidas") // same name, other company: allowed

		if _, err := s.CategoryByID(ctx, Scope{CompanyID: b}, bebidas.ID); !errors.Is(err, ErrNotFound) {
			t.Fatalf("other company's category visible: %v", err)
		}
		if c, err := s.CategoryByID(ctx, Scope{All: true}, bebidas.ID); err != nil || c.Name != "Bebidas" {
			t.Fatalf("admin scope: %v %v", c, err)
		}
		if taken, err := s.CategoryNameTaken(ctx, a, "BEBIDAS", 0); err != nil || !taken {
			t.Fatalf("case-insensitive name check: %v %v", taken, err)
		}
		if taken, _ := s.CategoryNameTaken(ctx, a, "bebidas", bebidas.ID); taken {
			t.Fatal("a category's own name counts as taken on edit")
		}
		dup := &Category{CompanyID: a, Name: "bebidas", CreatedAt: t0, UpdatedAt: t0}
		if err := s.InsertCategory(ctx, dup); err == nil {
			t.Fatal("unique index let a duplicate name in")
		}
		if err := s.SoftDeleteCategory(ctx, bebidas.ID, 1, t0); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CategoryByID(ctx, Scope{All: true}, bebidas.ID); !errors.Is(err, ErrNotFound) {
			t.Fatal("deleted category still readable")
		}
		category(t, s, a, "Bebidas") // the name is free again among live rows
		if err := s.SoftDeleteCategory(ctx, bebidas.ID, 1, t0); !errors.Is(err, ErrNotFound) {
			t.Fatalf("second delete: %v", err)
		}
		n, err := s.CountCategories(ctx, Scope{CompanyID: a}, CategoryFilter{})
		if err != nil || n != 1 {
			t.Fatalf("count company A = %d, %v", n, err)
		}
		n, _ = s.CountCategories(ctx, Scope{All: true}, CategoryFilter{})
		if n != 2 {
			t.Fatalf("count all = %d, want 2", n)
		}
	})
}

// walk reads every page forward, then every page backward from the last, and returns the ids
// in display order of each walk.
func walk(t *testing.T, s *Store, sc Scope, f ProductFilter, sort string, per int) (fwd, bwd []int64) {
	t.Helper()
	ctx := context.Background()
	key := func(r ProductRow) (any, int64) {
		switch strings.TrimPrefix(sort, "-") {
		case "code":
			return r.Code, r.ID
		case "price_cents":
			return r.PriceCents, r.ID
		case "quantity":
			return r.Quantity, r.ID
		case "created_at":
			return r.CreatedAt, r.ID
		}
		return r.SortName, r.ID
	}
	q := listing.Query{PerPage: per, Sort: sort}
	for i := 0; i < 100; i++ {
		plan, err := listing.NewPlan(ProductSpec, q)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := s.ListProducts(ctx, sc, f, plan)
		if err != nil {
			t.Fatal(err)
		}
		page := listing.Finish(plan, rows, 0, key)
		for _, r := range page.Data {
			fwd = append(fwd, r.ID)
		}
		if page.Meta.NextCursor == "" {
			break
		}
		q.After = page.Meta.NextCursor
	}
	q = listing.Query{PerPage: per, Sort: sort, Last: true}
	for i := 0; i < 100; i++ {
		plan, err := listing.NewPlan(ProductSpec, q)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := s.ListProducts(ctx, sc, f, plan)
		if err != nil {
			t.Fatal(err)
		}
		page := listing.Finish(plan, rows, 0, key)
		ids := make([]int64, 0, len(page.Data))
		for _, r := range page.Data {
			ids = append(ids, r.ID)
		}
		bwd = append(ids, bwd...)
		if page.Meta.PrevCursor == "" {
			break
		}
		q = listing.Query{PerPage: per, Sort: sort, Before: page.Meta.PrevCursor}
	}
	return fwd, bwd
}

func TestProductListKeysetFiltersAndTenancy(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		s := New(db)
		a, b := dbtest.Company(t, db, "A"), dbtest.Company(t, db, "B")
		ca, cb := category(t, s, a, "Granos"), category(t, s, b, "Otros")
		cx := category(t, s, a, "Aseo")
		// Names with case-only differences and ties, equal prices, a non-ASCII name.
		specs := []struct {
			code, name string
			price      int64
			qty, alert int64
			cat        *Category
		}{
			{"A-1", "arroz", 300, 10, 2, ca}, {"A-2", "Arroz", 300, 1, 2, ca}, {"A-3", "banano", 100, 0, 0, ca},
			{"A-4", "Café 50% descuento", 500, 5, 1, ca}, {"A-5", "café_molido", 500, 5, 5, ca},
			{"A-6", "Ñame", 200, 9, 1, ca}, {"A-7", "zanahoria", 100, 3, 1, cx}, {"A-8", "arroz", 300, 8, 2, cx},
		}
		var want []int64
		for i, sp := range specs {
			p := product(t, s, sp.cat, sp.code, sp.name, sp.price, sp.qty, sp.alert, t0.Add(time.Duration(i%3)*time.Minute))
			want = append(want, p.ID)
		}
		product(t, s, cb, "B-1", "arroz", 300, 1, 1, t0) // other company

		sc := Scope{CompanyID: a}
		for _, sort := range []string{"name", "-name", "code", "-code", "price_cents", "-price_cents", "quantity", "created_at", "-created_at"} {
			for _, per := range []int{1, 3, 8, 20} {
				fwd, bwd := walk(t, s, sc, ProductFilter{}, sort, per)
				if len(fwd) != len(want) || !slices.Equal(fwd, bwd) {
					t.Fatalf("sort %s per %d: forward %v, backward %v", sort, per, fwd, bwd)
				}
				got := slices.Clone(fwd)
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Fatalf("sort %s per %d: walk visited %v, want each of %v once", sort, per, fwd, want)
				}
			}
		}
		// Exact order on columns both dialects compare alike.
		fwd, _ := walk(t, s, sc, ProductFilter{}, "-price_cents", 2)
		exp := []int64{want[4], want[3], want[7], want[1], want[0], want[5], want[6], want[2]}
		if !slices.Equal(fwd, exp) {
			t.Fatalf("-price_cents order %v, want %v (ties by id, descending too)", fwd, exp)
		}
		fwd, _ = walk(t, s, sc, ProductFilter{}, "name", 2)
		if fwd[0] != want[0] || fwd[1] != want[1] || fwd[2] != want[7] || fwd[3] != want[2] {
			t.Fatalf("name order %v: arroz, Arroz, arroz (by id), then banano", fwd)
		}

		count := func(f ProductFilter) int {
			t.Helper()
			n, err := s.CountProducts(ctx, sc, f)
			if err != nil {
				t.Fatal(err)
			}
			fwd, _ := walk(t, s, sc, f, "name", 3)
			if len(fwd) != n {
				t.Fatalf("filter %+v: count %d but list has %d", f, n, len(fwd))
			}
			return n
		}
		cases := []struct {
			f    ProductFilter
			want int
		}{
			{ProductFilter{}, 8},
			{ProductFilter{Q: "ARROZ"}, 3},
			{ProductFilter{Q: "a-7"}, 1},          // code search
			{ProductFilter{Q: "a"}, 8},            // every code begins with "a"
			{ProductFilter{Q: "50%"}, 1},          // words begin with "50": % is not a wildcard
			{ProductFilter{Q: "café_m"}, 1},       // _ is not a wildcard; the chunk's runs together
			{ProductFilter{Q: "%"}, 8},            // punctuation alone is no search
			{ProductFilter{Q: "cafe"}, 2},         // accents ignored
			{ProductFilter{Q: "ÑAME"}, 1},         // so is letter case
			{ProductFilter{Q: "name a-6"}, 1},     // every term must match
			{ProductFilter{Q: "name a-7"}, 0},     //
			{ProductFilter{Q: "rroz"}, 0},         // a term begins a word
			{ProductFilter{CategoryID: cx.ID}, 2}, // category
			{ProductFilter{CategoryID: cb.ID}, 0}, // other company's category: nothing
			{ProductFilter{LowStock: true}, 3},    // Arroz 1<=2, banano 0<=0, café_molido 5<=5
			{ProductFilter{Kind: "service"}, 0},   // kind
			{ProductFilter{IVAClass: "19"}, 8},    // IVA class
			{ProductFilter{Q: "arroz", CategoryID: ca.ID}, 2},
			{ProductFilter{Q: "arroz", LowStock: true}, 1},
		}
		for _, c := range cases {
			if got := count(c.f); got != c.want {
				t.Errorf("filter %+v: %d products, want %d", c.f, got, c.want)
			}
		}
		if n, _ := s.CountProducts(ctx, Scope{All: true}, ProductFilter{Q: "arroz"}); n != 4 {
			t.Errorf("admin sees %d arroz, want 4", n)
		}
		// A search read from the word index in the other orders and page sizes visits each match once.
		for _, sort := range []string{"name", "-name", "-price_cents"} {
			for _, per := range []int{1, 2, 5} {
				fwd, bwd := walk(t, s, sc, ProductFilter{Q: "ARROZ"}, sort, per)
				if len(fwd) != 3 || !slices.Equal(fwd, bwd) {
					t.Fatalf("search sort %s per %d: forward %v, backward %v", sort, per, fwd, bwd)
				}
			}
		}
		if fwd, _ := walk(t, s, sc, ProductFilter{Q: "arroz"}, "name", 1); !slices.Equal(fwd, []int64{want[0], want[1], want[7]}) {
			t.Fatalf("search name order %v: arroz, Arroz, arroz by id", fwd)
		}

		var exported []string
		err := s.EachProduct(ctx, sc, ProductFilter{CategoryID: ca.ID}, "-code", func(r ProductRow) error {
			exported = append(exported, r.Code+"/"+r.CategoryName)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(exported) != "[A-6/Granos A-5/Granos A-4/Granos A-3/Granos A-2/Granos A-1/Granos]" {
			t.Fatalf("export order %v", exported)
		}

		empty := category(t, s, a, "Vacía")
		if used, err := s.CategoriesWithProducts(ctx, []int64{cx.ID, empty.ID}); err != nil || len(used) != 1 || used[0] != cx.ID {
			t.Fatalf("categories with products %v %v, want only %d", used, err, cx.ID)
		}
	})
}

func TestProductCodeAndStock(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		s := New(db)
		a := dbtest.Company(t, db, "A")
		c := category(t, s, a, "General")
		p := product(t, s, c, "SKU-1", "Pan", 100, 2, 1, t0)
		if taken, _ := s.CodeTaken(ctx, a, "sku-1", 0); !taken {
			t.Fatal("code check ignores case")
		}
		if taken, _ := s.CodeTaken(ctx, a, "SKU-1", p.ID); taken {
			t.Fatal("a product's own code counts as taken on edit")
		}
		dup := &Product{CompanyID: a, CategoryID: c.ID, Code: "Sku-1", Name: "x", Unit: "und", IVAClass: "5", Kind: "goods", CreatedAt: t0, UpdatedAt: t0}
		if err := s.InsertProduct(ctx, dup); err == nil {
			t.Fatal("unique index let a duplicate code in")
		}

		if q, err := s.AdjustStock(ctx, p.ID, 5, t0); err != nil || q != 7 {
			t.Fatalf("+5: %d %v", q, err)
		}
		if q, err := s.AdjustStock(ctx, p.ID, -7, t0); err != nil || q != 0 {
			t.Fatalf("-7: %d %v", q, err)
		}
		var short *Shortage
		if _, err := s.AdjustStock(ctx, p.ID, -1, t0); !errors.As(err, &short) || *short != (Shortage{ProductID: p.ID, Available: 0}) {
			t.Fatalf("below zero: %v", err)
		}
		if _, err := s.AdjustStock(ctx, 999999, 1, t0); !errors.Is(err, ErrNotFound) {
			t.Fatalf("missing product: %v", err)
		}

		// Editing never touches stock.
		p.Quantity, p.Name = 1000, "Pan integral"
		if err := s.UpdateProduct(ctx, p); err != nil {
			t.Fatal(err)
		}
		got, err := s.ProductByID(ctx, Scope{CompanyID: a}, p.ID)
		if err != nil || got.Quantity != 0 || got.Name != "Pan integral" || got.CategoryName != "General" {
			t.Fatalf("after edit: %+v %v", got, err)
		}

		if err := s.SoftDeleteProduct(ctx, p.ID, 1, t0); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AdjustStock(ctx, p.ID, 1, t0); !errors.Is(err, ErrNotFound) {
			t.Fatalf("deleted product adjusted: %v", err)
		}
		if taken, _ := s.CodeTaken(ctx, a, "SKU-1", 0); taken {
			t.Fatal("a deleted product's code is still taken")
		}
	})
}

// The word index follows every write: a rename is found by its new words only, a deleted product
// by none, and products loaded straight into the table are indexed by IndexMissingWords.
func TestProductWordsFollowWrites(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		s := New(db)
		a := dbtest.Company(t, db, "A")
		c := category(t, s, a, "Lácteos")
		sc := Scope{CompanyID: a}
		found := func(q string) []int64 {
			t.Helper()
			fwd, _ := walk(t, s, sc, ProductFilter{Q: q}, "name", 2)
			return fwd
		}
		p := product(t, s, c, "YOG-1", "Yogur Alpina 1 L", 500, 1, 1, t0)
		if got := found("yogur"); !slices.Equal(got, []int64{p.ID}) {
			t.Fatalf("yogur finds %v", got)
		}
		p.Name, p.Code = "Kumis Alpina 1 L", "KUM-1"
		if err := s.UpdateProduct(ctx, p); err != nil {
			t.Fatal(err)
		}
		if got := found("yogur"); len(got) != 0 {
			t.Fatalf("old name still found: %v", got)
		}
		if got := found("kumis kum-1"); !slices.Equal(got, []int64{p.ID}) {
			t.Fatalf("new name and code find %v", got)
		}
		if err := s.SoftDeleteProduct(ctx, p.ID, 1, t0); err != nil {
			t.Fatal(err)
		}
		if got := found("alpina"); len(got) != 0 {
			t.Fatalf("deleted product found: %v", got)
		}

		// Loaded behind the store's back: no words until indexed.
		if _, err := db.NewInsert().Model(&[]Product{
			{CompanyID: a, CategoryID: c.ID, Code: "Q-1", Name: "Queso Colanta", Unit: "und", IVAClass: "19", Kind: "goods", CreatedAt: t0, UpdatedAt: t0},
			{CompanyID: a, CategoryID: c.ID, Code: "Q-2", Name: "Queso Alpina", Unit: "und", IVAClass: "19", Kind: "goods", CreatedAt: t0, UpdatedAt: t0},
		}).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if got := found("queso"); len(got) != 0 {
			t.Fatalf("unindexed products found: %v", got)
		}
		n, err := s.IndexMissingWords(ctx)
		if err != nil || n != 2 {
			t.Fatalf("indexed %d, %v; want 2", n, err)
		}
		if got := found("queso"); len(got) != 2 {
			t.Fatalf("queso finds %v after indexing", got)
		}
		if n, err := s.IndexMissingWords(ctx); err != nil || n != 0 {
			t.Fatalf("second run indexed %d, %v; want 0", n, err)
		}
	})
}

// The bulk path writes exactly the words a product's own write does: 1,200 products loaded behind
// the store's back (two batches of IndexMissing, each more than one statement of words on SQLite)
// get every word, with their own sort key, company and mask, and are found by their serials.
func TestBulkIndexingWritesEveryWord(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		s := New(db)
		// A third of the products in a second company.
		cats := []*Category{category(t, s, dbtest.Company(t, db, "B"), "Granos"), category(t, s, dbtest.Company(t, db, "A"), "Granos")}
		var rows []Product
		want := map[string]bool{}
		for i := range 1200 {
			c := cats[min(i%3, 1)]
			p := Product{CompanyID: c.CompanyID, CategoryID: c.ID, Code: fmt.Sprintf("ARZ-%05d", i),
				Name: fmt.Sprintf("Arroz %s Diana %d kg %05d", []string{"Blanco", "Integral", "Parbolizado"}[i%3], i%5, i), Unit: "und",
				IVAClass: "19", Kind: "goods", CreatedAt: t0, UpdatedAt: t0}
			rows = append(rows, p)
		}
		ctx := context.Background()
		if _, err := db.NewInsert().Model(&rows).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		for i := range rows {
			mask := search.MaskOf(ProductWordsOf(&rows[i])...)
			for _, w := range ProductWordsOf(&rows[i]) {
				want[fmt.Sprintf("%d %s %d %s %d %d", rows[i].ID, w, rows[i].CompanyID, strings.ToLower(rows[i].Name), mask[0], mask[1])] = true
			}
		}
		if n, err := s.IndexMissingWords(ctx); err != nil || n != len(rows) {
			t.Fatalf("indexed %d, %v; want %d", n, err, len(rows))
		}
		var got []struct {
			ID        int64  `bun:"product_id"`
			Word      string `bun:"word"`
			CompanyID int64  `bun:"company_id"`
			SortName  string `bun:"sort_name"`
			Mask1     int64  `bun:"mask1"`
			Mask2     int64  `bun:"mask2"`
		}
		if err := db.NewSelect().TableExpr("product_words").Column("product_id", "word", "company_id", "sort_name", "mask1", "mask2").
			Scan(ctx, &got); err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%d word rows, want %d", len(got), len(want))
		}
		for _, r := range got {
			if k := fmt.Sprintf("%d %s %d %s %d %d", r.ID, r.Word, r.CompanyID, r.SortName, r.Mask1, r.Mask2); !want[k] {
				t.Fatalf("unexpected word row %s", k)
			}
		}
		fwd, _ := walk(t, s, Scope{CompanyID: cats[1].CompanyID}, ProductFilter{Q: "arz-00001 integral"}, "name", 5)
		if !slices.Equal(fwd, []int64{rows[1].ID}) {
			t.Fatalf("ARZ-00001 finds %v", fwd)
		}
	})
}

// A term that begins many distinct words (more than search reads word by word) still pages
// through every match once, in both directions, like a term that begins a few.
func TestProductSearchOfManyWords(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		s := New(db)
		a := dbtest.Company(t, db, "A")
		c := category(t, s, a, "Varios")
		for i := range 40 {
			product(t, s, c, fmt.Sprintf("Z-%02d", i), fmt.Sprintf("Zeta%02d común", 39-i), 100, 1, 1, t0)
		}
		for _, q := range []string{"z", "zeta0", "zeta01", "comun z"} {
			want := map[string]int{"z": 40, "zeta0": 10, "zeta01": 1, "comun z": 40}[q]
			for _, per := range []int{3, 7} {
				fwd, bwd := walk(t, s, Scope{CompanyID: a}, ProductFilter{Q: q}, "name", per)
				if len(fwd) != want || !slices.Equal(fwd, bwd) {
					t.Fatalf("q=%q per %d: forward %v, backward %v, want %d", q, per, fwd, bwd, want)
				}
			}
			if n, err := s.CountProducts(context.Background(), Scope{All: true}, ProductFilter{Q: q}); err != nil || n != want {
				t.Fatalf("q=%q: admin count %d, %v", q, n, err)
			}
		}
	})
}

// TestCategorySearchRule: each term begins a word of the name, accents and case ignored; a
// rename is searched by its new words; a category written before the words column gets its
// words from FillCategoryWords.
func TestCategorySearchRule(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		s := New(db)
		a, b := dbtest.Company(t, db, "A"), dbtest.Company(t, db, "B")
		gomez := category(t, s, a, "Productos Gómez")
		category(t, s, a, "Arroz y granos")
		category(t, s, b, "Gómez B")
		names := func(q string) []string {
			t.Helper()
			plan, err := listing.NewPlan(CategorySpec, listing.Query{})
			if err != nil {
				t.Fatal(err)
			}
			rows, err := s.ListCategories(ctx, Scope{CompanyID: a}, CategoryFilter{Q: q}, plan)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, r := range rows {
				out = append(out, r.Name)
			}
			return out
		}
		for q, want := range map[string][]string{
			"gomez": {"Productos Gómez"}, "GÓM": {"Productos Gómez"}, "gom prod": {"Productos Gómez"},
			"mez": nil, "rroz": nil, "arroz": {"Arroz y granos"}, "gom arroz": nil,
		} {
			if got := names(q); !slices.Equal(got, want) {
				t.Errorf("search %q = %v, want %v", q, got, want)
			}
			if n, err := s.CountCategories(ctx, Scope{CompanyID: a}, CategoryFilter{Q: q}); err != nil || n != len(want) {
				t.Errorf("count %q = %d, %v; want %d", q, n, err, len(want))
			}
		}
		gomez.Name = "Lácteos"
		if err := s.UpdateCategory(ctx, gomez); err != nil {
			t.Fatal(err)
		}
		if got := names("gomez"); got != nil {
			t.Errorf("old name still found: %v", got)
		}
		if got := names("lacteos"); !slices.Equal(got, []string{"Lácteos"}) {
			t.Errorf("new name: %v", got)
		}
		if _, err := db.NewRaw("INSERT INTO categories (company_id, name, created_at, updated_at) VALUES (?, 'Ñame', ?, ?)", a, t0, t0).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if got := names("name"); got != nil {
			t.Errorf("a category without words found: %v", got)
		}
		if n, err := s.FillCategoryWords(ctx); err != nil || n != 1 {
			t.Fatalf("fill = %d, %v", n, err)
		}
		if got := names("name"); !slices.Equal(got, []string{"Ñame"}) {
			t.Errorf("filled category: %v", got)
		}
	})
}
