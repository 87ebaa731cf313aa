package reports_test

import (
	"context"
	"net/http"
	"os"
	"testing"

	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/product"
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

// TestReportsReadTheirOwnDatabase: with a reports database (BACKOFFICE_REPORTS_DATABASE_URL, a
// replica; here a second connection pool to the same test PostgreSQL schema) the report pages
// and the dashboard answer from it — and only from it: once it is closed they fail while the
// rest of the API still answers from the main database.
func TestReportsReadTheirOwnDatabase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	main := dbtest.Postgres(t)
	var schema string
	if err := main.NewRaw("SELECT current_schema()").Scan(ctx, &schema); err != nil {
		t.Fatal(err)
	}
	replica, err := db.Open(ctx, os.Getenv(dbtest.PostgresURLEnv), pgdriver.WithConnParams(map[string]any{"search_path": schema}))
	if err != nil {
		t.Fatal(err)
	}
	s := authtest.NewWith(t, main, func(d *product.Deps) { d.ReportsDB = replica })
	c := s.NewCast(t)
	var r authtest.Data[report]
	s.Get(t, "/api/reports/sales_report?from=2026-11-01&to=2026-11-30", c.Admin).Expect(http.StatusOK).JSON(&r)
	if r.Data.Page != "sales_report" || r.Data.Totals == nil {
		t.Fatalf("sales_report from the reports database: %+v", r.Data)
	}
	s.Get(t, "/api/dashboard", c.Admin).Expect(http.StatusOK)
	if err := replica.Close(); err != nil {
		t.Fatal(err)
	}
	s.Get(t, "/api/reports/sales_report?from=2026-11-01&to=2026-11-30", c.Admin).Expect(http.StatusInternalServerError)
	s.Get(t, "/api/sales", c.Admin).Expect(http.StatusOK)
}
