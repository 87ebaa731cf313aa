package db_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

// Search folds letter case the same way on both dialects: SQLite's own lower() knows ASCII only.
func TestSQLiteLowerFoldsUnicode(t *testing.T) {
	bdb, err := db.Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer bdb.Close()
	var got string
	if err := bdb.QueryRowContext(context.Background(), "SELECT lower('ÑANDÚ Árbol ÉXITO')").Scan(&got); err != nil {
		t.Fatal(err)
	}
	if got != "ñandú árbol éxito" {
		t.Fatalf("lower() = %q", got)
	}
}

// PostgreSQL connections run without JIT (a plan cost over its threshold compiled for 10-30 ms
// before a 1 ms read) and plan prepared statements once, and a caller's own connection
// parameters still apply.
func TestPostgresConnectionParameters(t *testing.T) {
	bdb := dbtest.Postgres(t)
	var jit, plans, path string
	if err := bdb.NewRaw("SELECT current_setting('jit'), current_setting('plan_cache_mode'), current_setting('search_path')").
		Scan(context.Background(), &jit, &plans, &path); err != nil {
		t.Fatal(err)
	}
	if jit != "off" || plans != "force_generic_plan" || !strings.HasPrefix(path, "t_") {
		t.Fatalf("jit %q, plan_cache_mode %q, search_path %q: want off, force_generic_plan and the test's schema", jit, plans, path)
	}
}

// Query answers alike on both dialects; on PostgreSQL through a statement prepared once and
// reused.
func TestQueryPreparesOnPostgres(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, bdb *bun.DB) {
		ctx := context.Background()
		bdb.SetMaxOpenConns(1) // one connection: its prepared statements are the ones counted
		const q = "SELECT name FROM companies WHERE name >= ? AND name < ? ORDER BY name"
		dbtest.Company(t, bdb, "Alfa")
		dbtest.Company(t, bdb, "Beta")
		dbtest.Company(t, bdb, "Gama")
		for _, c := range []struct {
			lo, hi string
			want   []string
		}{{"A", "C", []string{"Alfa", "Beta"}}, {"B", "Z", []string{"Beta", "Gama"}}} {
			rows, err := db.Query(ctx, bdb, q, c.lo, c.hi)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for rows.Next() {
				var name string
				if err := rows.Scan(&name); err != nil {
					t.Fatal(err)
				}
				got = append(got, name)
			}
			if err := rows.Close(); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Fatalf("%s..%s: %v, want %v", c.lo, c.hi, got, c.want)
			}
		}
		if db.IsPostgres(bdb) {
			var n int
			if err := bdb.NewRaw("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE '%name >= $1 AND name < $2%'").
				Scan(ctx, &n); err != nil {
				t.Fatal(err)
			}
			if n != 1 {
				t.Fatalf("%d prepared statements of the query, want 1", n)
			}
		}
	})
}

// Every SQLite connection syncs the WAL at each commit (synchronous=FULL = 2): with NORMAL a
// power cut may drop acknowledged writes. Several connections are held at once so that the pool
// opens more than one and each is checked.
func TestSQLiteSynchronousFull(t *testing.T) {
	ctx := context.Background()
	bdb, err := db.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer bdb.Close()
	for i := range 3 {
		conn, err := bdb.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		var level int
		if err := conn.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&level); err != nil {
			t.Fatal(err)
		}
		if level != 2 {
			t.Fatalf("connection %d: PRAGMA synchronous = %d, want 2 (FULL)", i, level)
		}
	}
}
