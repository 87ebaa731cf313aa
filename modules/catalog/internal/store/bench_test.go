package store

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/listing"
)

// BenchmarkProductList measures the products list on PostgreSQL with 200,000 products in the
// caller's company (and 20,000 in another): first page, a page deep in the list (by cursor),
// a name search and a price sort, without the count (the listing.Counter caches totals between
// writes), and the uncached count on its own. Run by hand:
//
//	BACKOFFICE_TEST_POSTGRES_URL=... go test -run '^$' -bench ProductList ./modules/catalog/internal/store/
func BenchmarkProductList(b *testing.B) {
	db := dbtest.Postgres(b)
	ctx := context.Background()
	s := New(db)
	a, other := dbtest.Company(b, db, "A"), dbtest.Company(b, db, "B")
	seed(b, db, s, a, 200_000)
	seed(b, db, s, other, 20_000)
	// What autovacuum does on a live system: statistics, and the visibility map that lets the
	// count read the index alone.
	if _, err := db.ExecContext(ctx, "VACUUM ANALYZE products"); err != nil {
		b.Fatal(err)
	}
	sc := Scope{CompanyID: a}
	page := func(b *testing.B, f ProductFilter, q listing.Query) listing.Page[ProductRow] {
		plan, err := listing.NewPlan(ProductSpec, q)
		if err != nil {
			b.Fatal(err)
		}
		rows, err := s.ListProducts(ctx, sc, f, plan)
		if err != nil {
			b.Fatal(err)
		}
		return listing.Finish(plan, rows, 0, func(r ProductRow) (any, int64) { return r.SortName, r.ID })
	}
	// A cursor 150,000 rows into the name order.
	var deep ProductRow
	err := db.NewSelect().Model(&deep).ColumnExpr("p.*").ColumnExpr("lower(p.name) AS sort_name").
		Where("p.company_id = ?", a).Where("p.deleted_at IS NULL").OrderExpr("lower(p.name), p.id").Offset(150_000).Limit(1).Scan(ctx)
	if err != nil {
		b.Fatal(err)
	}
	deepPlan, _ := listing.NewPlan(ProductSpec, listing.Query{PerPage: 1})
	cursor := listing.Finish(deepPlan, []ProductRow{deep, deep}, 2, func(r ProductRow) (any, int64) { return r.SortName, r.ID }).Meta.NextCursor

	if testing.Verbose() {
		var plan []string
		pat := listing.ContainsPattern("ducto 1234")
		if err := db.NewRaw(`EXPLAIN ANALYZE SELECT p.id FROM products AS p WHERE p.deleted_at IS NULL AND p.company_id = ?
			AND (lower(p.name) LIKE ? ESCAPE '\' OR lower(p.code) LIKE ? ESCAPE '\') ORDER BY lower(p.name), p.id LIMIT 26`,
			a, pat, pat).Scan(ctx, &plan); err != nil {
			b.Fatal(err)
		}
		var plan2 []string
		if err := db.NewRaw(`EXPLAIN ANALYZE SELECT count(*) FROM products AS p WHERE p.deleted_at IS NULL AND p.company_id = ?`, a).Scan(ctx, &plan2); err != nil {
			b.Fatal(err)
		}
		for _, l := range append(plan, plan2...) {
			b.Log(l)
		}
	}
	b.Run("first-page", func(b *testing.B) {
		for b.Loop() {
			page(b, ProductFilter{}, listing.Query{PerPage: 25})
		}
	})
	b.Run("deep-page", func(b *testing.B) {
		for b.Loop() {
			if p := page(b, ProductFilter{}, listing.Query{PerPage: 25, After: cursor}); len(p.Data) != 25 {
				b.Fatalf("deep page has %d rows", len(p.Data))
			}
		}
	})
	b.Run("search", func(b *testing.B) {
		for b.Loop() {
			page(b, ProductFilter{Q: "ducto 1234"}, listing.Query{PerPage: 25})
		}
	})
	b.Run("price-desc", func(b *testing.B) {
		for b.Loop() {
			page(b, ProductFilter{}, listing.Query{PerPage: 25, Sort: "-price_cents"})
		}
	})
	b.Run("count-uncached", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.CountProducts(ctx, sc, ProductFilter{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("count-search-uncached", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.CountProducts(ctx, sc, ProductFilter{Q: "ducto 1234"}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func seed(b *testing.B, db *bun.DB, s *Store, companyID int64, n int) {
	ctx := context.Background()
	now := time.Now().UTC()
	cats := make([]*Category, 20)
	for i := range cats {
		cats[i] = &Category{CompanyID: companyID, Name: fmt.Sprintf("Categoría %d", i), CreatedAt: now, UpdatedAt: now}
		if err := s.InsertCategory(ctx, cats[i]); err != nil {
			b.Fatal(err)
		}
	}
	const batch = 2000
	for start := 0; start < n; start += batch {
		rows := make([]Product, 0, batch)
		for i := start; i < min(start+batch, n); i++ {
			rows = append(rows, Product{CompanyID: companyID, CategoryID: cats[i%len(cats)].ID, Code: fmt.Sprintf("P-%07d", i),
				Name: fmt.Sprintf("Producto %d %s", i, []string{"arroz", "café", "Ñame", "leche"}[i%4]), Unit: "und",
				CostCents: int64(i%1000) * 100, PriceCents: int64(i%1500) * 100, Quantity: int64(i % 50), AlertQuantity: 5,
				IVAClass: "19", Kind: "goods", CreatedAt: now.Add(time.Duration(i) * time.Second), UpdatedAt: now})
		}
		if _, err := db.NewInsert().Model(&rows).Exec(ctx); err != nil {
			b.Fatal(err)
		}
	}
}
