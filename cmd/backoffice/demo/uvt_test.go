package demo_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/backoffice/backoffice/cmd/backoffice/demo"
	"github.com/backoffice/backoffice/modules/auth/authtest"
)

// A first start in a year whose UVT nobody has entered yet (the product ships the years it knew;
// the DIAN publishes the next in November) still opens on the demo company: the seed gives that
// year the newest known value as a stand-in, which the administrator corrects under Settings → UVT,
// and leaves the years that have one as they are.
func TestSeedInAYearWithoutItsUVT(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		ctx := context.Background()
		var known int64
		if err := s.DB.NewRaw("SELECT uvt_cents FROM tax_uvt WHERE year = 2026").Scan(ctx, &known); err != nil {
			t.Fatal(err)
		}
		jan := time.Date(2027, 1, 12, 15, 0, 0, 0, time.UTC)
		s.Clock.Advance(jan.Sub(s.Clock.Now()))
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		if err := demo.Seed(ctx, s.Product, s.Server, s.DB, s.Clock.Now(), logger); err != nil {
			t.Fatalf("seed on %s: %v", jan.Format(time.DateOnly), err)
		}
		var got2027, got2026 int64
		if err := s.DB.NewRaw("SELECT (SELECT uvt_cents FROM tax_uvt WHERE year = 2027), (SELECT uvt_cents FROM tax_uvt WHERE year = 2026)").
			Scan(ctx, &got2027, &got2026); err != nil {
			t.Fatal(err)
		}
		if got2027 != known || got2026 != known {
			t.Errorf("UVT 2027 %d, 2026 %d: want 2026's %d as 2027's stand-in and 2026 unchanged", got2027, got2026, known)
		}
		if n := count(t, s.DB, "SELECT COUNT(*) FROM sales WHERE company_id = ? AND sale_date >= '2027-01-01'", s.CompanyID); n == 0 {
			t.Error("no sale dated 2027: the demo's last days are missing")
		}
	})
}
