package bounds_test

import (
	"math"
	"testing"
	"time"

	"github.com/backoffice/backoffice/platform/bounds"
)

func TestDateInRange(t *testing.T) {
	bogota := time.FixedZone("America/Bogota", -5*3600)
	// 23:30 in Bogota on 2026-11-23 is already the 24th in UTC: today is the 23rd.
	today := time.Date(2026, 11, 23, 23, 30, 0, 0, bogota)
	for _, c := range []struct {
		date string
		ok   bool
	}{
		{"0001-01-01", false}, {"1999-12-31", false}, {"2000-01-01", true}, {"2026-11-23", true},
		{"2036-11-23", true}, {"2036-11-24", false}, {"4764-01-01", false}, {"9999-12-31", false},
	} {
		d, err := time.ParseInLocation("2006-01-02", c.date, bogota)
		if err != nil {
			t.Fatal(err)
		}
		if got := bounds.DateInRange(d, today); got != c.ok {
			t.Errorf("%s: %v, want %v", c.date, got, c.ok)
		}
	}
}

func TestLineCents(t *testing.T) {
	for _, c := range []struct {
		q, unit, want int64
		ok            bool
	}{
		{0, 5, 0, true},
		{3, 0, 0, true},
		{bounds.MaxQuantity, 10_000_000, bounds.MaxDocumentCents, true},
		{bounds.MaxQuantity, 10_000_001, 0, false},
		{bounds.MaxQuantity, bounds.MaxUnitCents, 0, false},
		{math.MaxInt64, math.MaxInt64, 0, false},
		{-1, 5, 0, false},
		{5, -1, 0, false},
	} {
		got, ok := bounds.LineCents(c.q, c.unit)
		if got != c.want || ok != c.ok {
			t.Errorf("LineCents(%d, %d) = %d, %v; want %d, %v", c.q, c.unit, got, ok, c.want, c.ok)
		}
	}
}
