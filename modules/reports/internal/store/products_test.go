package store

import (
	"fmt"
	"testing"
)

// A range is read as whole months from the monthly aggregates and the days at either end from
// the lines: the two parts cover every day of the range once.
func TestSpanOf(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{"2026-10-01", "2026-10-31", "2026-10..2026-10 []"},
		{"2026-08-17", "2026-10-09", "2026-09..2026-09 [[2026-08-17 2026-08-31] [2026-10-01 2026-10-09]]"},
		{"2026-10-05", "2026-10-20", ".. [[2026-10-05 2026-10-20]]"},
		{"2026-10-05", "2026-11-20", ".. [[2026-10-05 2026-11-20]]"},
		{"2025-12-01", "2026-11-30", "2025-12..2026-11 []"},
		{"2026-02-01", "2026-02-28", "2026-02..2026-02 []"},
		{"2026-01-31", "2026-03-01", "2026-02..2026-02 [[2026-01-31 2026-01-31] [2026-03-01 2026-03-01]]"},
	} {
		s := spanOf(c.from, c.to)
		if got := fmt.Sprintf("%s..%s %v", s.First, s.Last, s.Days); got != c.want {
			t.Errorf("spanOf(%s, %s) = %s, want %s", c.from, c.to, got, c.want)
		}
	}
	if got := monthEnd("2028-02-10"); got != "2028-02-29" {
		t.Errorf("monthEnd = %s", got)
	}
}

// A month a range cuts is read from its smaller side: its days in the range, or the month less
// its days out of it — never more than half a month of days, every day of the range once.
func TestCutsOf(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{"2026-10-01", "2026-10-31", "[{2026-10 []}]"},
		{"2026-10-01", "2026-10-09", "[{ [[2026-10-01 2026-10-09]]}]"},
		// 17 of August's 31 days: August less its first 16.
		{"2026-08-15", "2026-08-31", "[{2026-08 [[2026-08-01 2026-08-14]]}]"},
		// 16 days in the middle of a month: the month less the 15 around them.
		{"2026-10-05", "2026-10-20", "[{2026-10 [[2026-10-01 2026-10-04] [2026-10-21 2026-10-31]]}]"},
		{"2026-10-05", "2026-10-19", "[{ [[2026-10-05 2026-10-19]]}]"},
		// Two months, two years: each month on its own side.
		{"2026-12-10", "2027-01-20", "[{2026-12 [[2026-12-01 2026-12-09]]} {2027-01 [[2027-01-21 2027-01-31]]}]"},
		{"2026-12-20", "2027-01-05", "[{ [[2026-12-20 2026-12-31]]} { [[2027-01-01 2027-01-05]]}]"},
		{"2026-11-16", "2027-02-15", "[{ [[2026-11-16 2026-11-30]]} {2026-12 []} {2027-01 []} {2027-02 [[2027-02-16 2027-02-28]]}]"},
		// Half a month exactly reads the days (one part fewer); February of a leap year.
		{"2028-02-01", "2028-02-14", "[{ [[2028-02-01 2028-02-14]]}]"},
		{"2028-02-01", "2028-02-15", "[{2028-02 [[2028-02-16 2028-02-29]]}]"},
		{"2026-13-01", "2026-10-09", "[{ [[2026-13-01 2026-10-09]]}]"},
	} {
		if got := fmt.Sprint(cutsOf(c.from, c.to)); got != c.want {
			t.Errorf("cutsOf(%s, %s) = %s, want %s", c.from, c.to, got, c.want)
		}
	}
}
