package db_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

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
// before a 1 ms read), and a caller's own connection parameters still apply.
func TestPostgresConnectionsHaveNoJIT(t *testing.T) {
	bdb := dbtest.Postgres(t)
	var jit, path string
	if err := bdb.NewRaw("SELECT current_setting('jit'), current_setting('search_path')").Scan(context.Background(), &jit, &path); err != nil {
		t.Fatal(err)
	}
	if jit != "off" || !strings.HasPrefix(path, "t_") {
		t.Fatalf("jit %q, search_path %q: want off and the test's schema", jit, path)
	}
}
