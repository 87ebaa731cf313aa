package db_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/backoffice/backoffice/platform/db"
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
