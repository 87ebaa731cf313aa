package db_test

import (
	"context"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

func TestSoftDelete(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, bdb *bun.DB) {
		ctx := context.Background()
		at := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
		if _, err := bdb.ExecContext(ctx, `CREATE TABLE soft_rows (id BIGINT PRIMARY KEY, company_id BIGINT NOT NULL,
			deleted_at TIMESTAMP NULL, deleted_by BIGINT NULL)`); err != nil {
			t.Fatal(err)
		}
		if _, err := bdb.ExecContext(ctx, `INSERT INTO soft_rows (id, company_id) VALUES (1, 10), (2, 20), (3, 10)`); err != nil {
			t.Fatal(err)
		}
		del := func(id, by int64, company int64) bool {
			t.Helper()
			q := bdb.NewUpdate().Table("soft_rows")
			if company != 0 {
				q = q.Where("company_id = ?", company)
			}
			ok, err := db.SoftDelete(ctx, q, id, by, at)
			if err != nil {
				t.Fatalf("soft delete %d: %v", id, err)
			}
			return ok
		}
		if !del(1, 5, 0) {
			t.Fatal("live row 1 not deleted")
		}
		if del(1, 5, 0) {
			t.Fatal("row 1 deleted twice")
		}
		if del(2, 5, 10) {
			t.Fatal("row 2 of company 20 deleted through company 10's scope")
		}
		if del(99, 5, 0) {
			t.Fatal("missing row reported deleted")
		}
		if !del(3, 0, 10) {
			t.Fatal("row 3 not deleted")
		}
		var rows []struct {
			ID        int64  `bun:"id"`
			DeletedBy *int64 `bun:"deleted_by"`
			Deleted   bool   `bun:"deleted"`
		}
		if err := bdb.NewSelect().Table("soft_rows").ColumnExpr("id, deleted_by, deleted_at IS NOT NULL AS deleted").
			OrderExpr("id").Scan(ctx, &rows); err != nil {
			t.Fatal(err)
		}
		if len(rows) != 3 || !rows[0].Deleted || rows[0].DeletedBy == nil || *rows[0].DeletedBy != 5 ||
			rows[1].Deleted || !rows[2].Deleted || rows[2].DeletedBy != nil {
			t.Fatalf("rows after soft deletes: %+v", rows)
		}
	})
}
