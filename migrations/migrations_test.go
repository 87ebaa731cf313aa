package migrations_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/migrations"
	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/search"
)

// The whole history applies on both dialects, and applying it again changes nothing.
func TestHistoryAppliesOnEveryDialect(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		again, err := migrations.Up(context.Background(), db)
		if err != nil {
			t.Fatalf("second run: %v", err)
		}
		if len(again) != 0 {
			t.Fatalf("second run applied %v, want nothing", again)
		}
		for _, table := range []string{"users", "sessions", "companies", "site_settings", "audit_log", "outbox_events"} {
			var n int
			if err := db.NewSelect().TableExpr(table).ColumnExpr("count(*)").Scan(context.Background(), &n); err != nil {
				t.Errorf("table %s: %v", table, err)
			}
		}
	})
}

// The search masks migration gives the word rows written before it the mask Put gives now: each
// row carries the bits of every word of its record.
func TestWordMasksOfRowsWrittenBefore(t *testing.T) {
	ctx := context.Background()
	dbtest.EachEmpty(t, func(t *testing.T, db *bun.DB) {
		if _, err := migrations.UpTo(ctx, db, "20261123030000_people_search_words"); err != nil {
			t.Fatal(err)
		}
		at := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
		company := dbtest.Company(t, db, "A")
		var category int64
		if err := db.NewRaw("INSERT INTO categories (company_id, name, created_at, updated_at) VALUES (?, 'Granos', ?, ?) RETURNING id",
			company, at, at).Scan(ctx, &category); err != nil {
			t.Fatal(err)
		}
		records := []struct {
			insert, table, key string
			words              [][]string
		}{
			{"INSERT INTO products (company_id, category_id, code, name, unit, iva_class, kind, created_at, updated_at) " +
				"VALUES (?0, ?1, 'P-' || ?3, ?3, 'und', '19', 'goods', ?2, ?2) RETURNING id", "product_words", "product_id",
				[][]string{{"arroz", "diana", "p"}, {"yogur", "жук"}}},
			{"INSERT INTO customers (company_id, name, created_at, updated_at) VALUES (?0, ?3, ?2, ?2) RETURNING id",
				"customer_words", "customer_id", [][]string{{"maria", "gomez", "restrepo", "co"}, {"jose"}}},
			{"INSERT INTO suppliers (company_id, name, created_at, updated_at) VALUES (?0, ?3, ?2, ?2) RETURNING id",
				"supplier_words", "supplier_id", [][]string{{"alpina", "9001234567"}}},
		}
		want := map[string]map[int64]search.Mask{}
		for _, r := range records {
			want[r.table] = map[int64]search.Mask{}
			for _, words := range r.words {
				var id int64
				if err := db.NewRaw(r.insert, company, category, at, strings.Join(words, " ")).Scan(ctx, &id); err != nil {
					t.Fatal(err)
				}
				for _, w := range words {
					if _, err := db.NewRaw("INSERT INTO "+r.table+" ("+r.key+", word, company_id, sort_name) VALUES (?, ?, ?, ?)",
						id, w, company, strings.Join(words, " ")).Exec(ctx); err != nil {
						t.Fatal(err)
					}
				}
				want[r.table][id] = search.MaskOf(words...)
			}
		}
		if _, err := migrations.Up(ctx, db); err != nil {
			t.Fatal(err)
		}
		for _, r := range records {
			var rows []struct {
				ID    int64 `bun:"id"`
				Mask1 int64 `bun:"mask1"`
				Mask2 int64 `bun:"mask2"`
			}
			if err := db.NewRaw("SELECT "+r.key+" AS id, mask1, mask2 FROM "+r.table).Scan(ctx, &rows); err != nil {
				t.Fatal(err)
			}
			if len(rows) == 0 {
				t.Fatalf("%s: no rows", r.table)
			}
			for _, row := range rows {
				if got := (search.Mask{row.Mask1, row.Mask2}); got != want[r.table][row.ID] {
					t.Errorf("%s %d: masks %b, want %b", r.table, row.ID, got, want[r.table][row.ID])
				}
			}
		}
	})
}
