package db_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

// A load's connections commit without waiting for the disk (NORMAL = 1) — only a load's: Open's
// stay FULL (TestSQLiteSynchronousFull) — and Sync leaves every commit in the database file, the
// WAL emptied, so that another handle reads them with no WAL at all.
func TestLoadCommitsUnsyncedUntilSync(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	ldb, err := db.OpenForLoad(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer ldb.Close()
	var level int
	if err := ldb.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&level); err != nil {
		t.Fatal(err)
	}
	if level != 1 {
		t.Fatalf("load connection: PRAGMA synchronous = %d, want 1 (NORMAL)", level)
	}
	if _, err := ldb.ExecContext(ctx, "CREATE TABLE t (n INTEGER)"); err != nil {
		t.Fatal(err)
	}
	for i := range 50 {
		if _, err := ldb.ExecContext(ctx, "INSERT INTO t (n) VALUES (?)", i); err != nil {
			t.Fatal(err)
		}
	}
	if st, err := os.Stat(path + "-wal"); err != nil || st.Size() == 0 {
		t.Fatalf("before Sync the commits should be in the WAL: %v, %v", st, err)
	}
	if err := db.Sync(ctx, ldb); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(path + "-wal"); err == nil && st.Size() != 0 {
		t.Fatalf("after Sync the WAL holds %d bytes, want 0 (checkpointed and truncated)", st.Size())
	}
	sdb, err := db.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer sdb.Close()
	var n int
	if err := sdb.QueryRowContext(ctx, "SELECT COUNT(*) FROM t").Scan(&n); err != nil || n != 50 {
		t.Fatalf("rows after Sync: %d, %v; want 50", n, err)
	}
}

// Paused triggers do not fire; resuming creates them again and runs the catch-up in the same
// transaction, once; a trigger a migration created meanwhile under a paused name is kept, and
// other triggers are left alone. PostgreSQL: nothing is paused.
func TestPauseAndResumeTriggers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, bdb *bun.DB) {
		ctx := context.Background()
		if db.IsPostgres(bdb) {
			n, err := db.PauseTriggers(ctx, bdb, "report_")
			if err != nil || n != 0 {
				t.Fatalf("PostgreSQL: paused %d, %v; want 0, nil", n, err)
			}
			return
		}
		for _, q := range []string{
			"CREATE TABLE x_rows (n INTEGER)",
			"CREATE TABLE x_sums (name TEXT PRIMARY KEY, total INTEGER NOT NULL)",
			"INSERT INTO x_sums VALUES ('a', 0), ('b', 0)",
			"CREATE TRIGGER x_sum_a AFTER INSERT ON x_rows BEGIN UPDATE x_sums SET total = total + NEW.n WHERE name = 'a'; END",
			"CREATE TRIGGER x_sum_b AFTER INSERT ON x_rows BEGIN UPDATE x_sums SET total = total + NEW.n WHERE name = 'b'; END",
			"CREATE TRIGGER other_sum AFTER INSERT ON x_rows BEGIN UPDATE x_sums SET total = total + 1000 WHERE name = 'b'; END",
		} {
			if _, err := bdb.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		total := func(name string) int {
			var v int
			if err := bdb.QueryRowContext(ctx, "SELECT total FROM x_sums WHERE name = ?", name).Scan(&v); err != nil {
				t.Fatal(err)
			}
			return v
		}
		n, err := db.PauseTriggers(ctx, bdb, "x_sum_")
		if err != nil || n != 2 {
			t.Fatalf("paused %d, %v; want 2", n, err)
		}
		if _, err := bdb.ExecContext(ctx, "INSERT INTO x_rows VALUES (5), (7)"); err != nil {
			t.Fatal(err)
		}
		if a, b := total("a"), total("b"); a != 0 || b != 2000 {
			t.Fatalf("while paused: a %d, b %d; want 0 and 2000 (only the other trigger fired)", a, b)
		}
		// A migration meanwhile replaced x_sum_b: its definition wins over the paused one.
		if _, err := bdb.ExecContext(ctx, "CREATE TRIGGER x_sum_b AFTER INSERT ON x_rows BEGIN UPDATE x_sums SET total = total + 10 * NEW.n WHERE name = 'b'; END"); err != nil {
			t.Fatal(err)
		}
		calls := 0
		catchUp := func(ctx context.Context, tx bun.Tx) error {
			calls++
			_, err := tx.ExecContext(ctx, "UPDATE x_sums SET total = (SELECT COALESCE(SUM(n), 0) FROM x_rows) WHERE name = 'a'")
			return err
		}
		if n, err := db.ResumeTriggers(ctx, bdb, catchUp); err != nil || n != 2 || calls != 1 {
			t.Fatalf("resumed %d, %v, catch-up called %d times; want 2, nil, 1", n, err, calls)
		}
		if n, err := db.ResumeTriggers(ctx, bdb, catchUp); err != nil || n != 0 || calls != 1 {
			t.Fatalf("second resume: %d, %v, catch-up called %d times; want 0, nil, 1", n, err, calls)
		}
		if _, err := bdb.ExecContext(ctx, "INSERT INTO x_rows VALUES (1)"); err != nil {
			t.Fatal(err)
		}
		if a, b := total("a"), total("b"); a != 13 || b != 3010 {
			t.Fatalf("after resume: a %d, b %d; want 13 (caught up, then fired) and 3010 (the newer x_sum_b and the other trigger)", a, b)
		}
	})
}
