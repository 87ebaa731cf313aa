package migrations_test

import (
	"context"
	"testing"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/migrations"
	"github.com/backoffice/backoffice/platform/db/dbtest"
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
