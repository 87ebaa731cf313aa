// Package dbtest gives store tests a migrated database on every dialect the product supports:
// a fresh SQLite file always, and a fresh PostgreSQL schema when BACKOFFICE_TEST_POSTGRES_URL is
// set. In CI (CI=true) a missing PostgreSQL URL fails the test instead of skipping it.
package dbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/backoffice/backoffice/migrations"
	"github.com/backoffice/backoffice/platform/db"
)

// PostgresURLEnv names the variable that points the tests at a PostgreSQL server.
const PostgresURLEnv = "BACKOFFICE_TEST_POSTGRES_URL"

// Each runs fn once per dialect, as subtests "sqlite" and "postgres", each on a new migrated database.
func Each(t *testing.T, fn func(t *testing.T, db *bun.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
}

// EachEmpty runs fn once per dialect like Each, on a new database without any migration applied:
// for a test of one migration over rows written before it.
func EachEmpty(t *testing.T, fn func(t *testing.T, db *bun.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, emptySQLite(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, emptyPostgres(t)) })
}

// SQLite opens a new migrated SQLite database in the test's temp folder.
func SQLite(t testing.TB) *bun.DB {
	t.Helper()
	bdb := emptySQLite(t)
	migrate(t, bdb)
	return bdb
}

func emptySQLite(t testing.TB) *bun.DB {
	t.Helper()
	ctx := context.Background()
	bdb, err := db.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatalf("open sqlite: %v", err)
	}
	t.Cleanup(func() { _ = bdb.Close() })
	return bdb
}

// Postgres opens a migrated database in a new schema of the configured PostgreSQL server and
// drops the schema afterwards. It skips (or fails in CI) when no server is configured.
func Postgres(t testing.TB) *bun.DB {
	t.Helper()
	bdb := emptyPostgres(t)
	migrate(t, bdb)
	return bdb
}

func emptyPostgres(t testing.TB) *bun.DB {
	t.Helper()
	url := RequireEnv(t, PostgresURLEnv)
	ctx := context.Background()
	admin, err := db.Open(ctx, url)
	if err != nil {
		t.Fatalf("open postgres: %v", err)
	}
	schema := "t_" + randomHex(8)
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	bdb, err := db.Open(ctx, url, pgdriver.WithConnParams(map[string]any{"search_path": schema}))
	if err != nil {
		t.Fatalf("open postgres schema: %v", err)
	}
	t.Cleanup(func() {
		_ = bdb.Close()
		_, _ = admin.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		_ = admin.Close()
	})
	return bdb
}

// RequireEnv returns the variable's value; when it is unset the test is skipped, or failed when
// CI=true, because CI must run every integration test.
func RequireEnv(t testing.TB, name string) string {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set; CI must run this integration test", name)
		}
		t.Skipf("%s not set: integration test skipped", name)
	}
	return v
}

func migrate(t testing.TB, bdb *bun.DB) {
	t.Helper()
	if _, err := migrations.Up(context.Background(), bdb); err != nil {
		t.Fatalf("migrate: %v", err)
	}
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// companyCreatedAt is the creation time of the companies Company adds.
var companyCreatedAt = time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)

// Company adds a company (the tenant every module's rows belong to) named name and returns its
// id; the store tests of every module need one or two.
func Company(t testing.TB, db bun.IDB, name string) int64 {
	t.Helper()
	var id int64
	err := db.NewRaw("INSERT INTO companies (name, created_at, updated_at) VALUES (?, ?, ?) RETURNING id",
		name, companyCreatedAt, companyCreatedAt).Scan(context.Background(), &id)
	if err != nil {
		t.Fatalf("insert company %s: %v", name, err)
	}
	return id
}
