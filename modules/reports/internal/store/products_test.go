package store

import (
	"fmt"
	"strings"
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

// A month a range cuts is read from its smaller side: without halves its days in the range, or
// the month less its days out of it — never more than half a month of days; with halves each half
// so (the month when both are read whole). Every day of the range counts once.
func TestCutsOf(t *testing.T) {
	for _, c := range []struct {
		from, to string
		halves   bool
		want     string
	}{
		{"2026-10-01", "2026-10-31", false, "2026-10"},
		{"2026-10-01", "2026-10-09", false, "2026-10-01..2026-10-09"},
		// 17 of August's 31 days: August less its first 14.
		{"2026-08-15", "2026-08-31", false, "2026-08 -2026-08-01..2026-08-14"},
		// 16 days in the middle of a month: the month less the 15 around them.
		{"2026-10-05", "2026-10-20", false, "2026-10 -2026-10-01..2026-10-04 -2026-10-21..2026-10-31"},
		{"2026-10-05", "2026-10-19", false, "2026-10-05..2026-10-19"},
		// Two months, two years: each month on its own side.
		{"2026-12-10", "2027-01-20", false, "2026-12 -2026-12-01..2026-12-09 2027-01 -2027-01-21..2027-01-31"},
		{"2026-12-20", "2027-01-05", false, "2026-12-20..2026-12-31 2027-01-01..2027-01-05"},
		{"2026-11-16", "2027-02-15", false, "2026-11-16..2026-11-30 2026-12 2027-01 2027-02 -2027-02-16..2027-02-28"},
		// Half a month exactly reads the days (one part fewer); February of a leap year.
		{"2028-02-01", "2028-02-14", false, "2028-02-01..2028-02-14"},
		{"2028-02-01", "2028-02-15", false, "2028-02 -2028-02-16..2028-02-29"},
		{"2026-13-01", "2026-10-09", false, "2026-13-01..2026-10-09"},
		// With halves (days 1–15, 16 to the end): each half on its own side.
		{"2026-10-01", "2026-10-31", true, "2026-10"},
		{"2026-10-15", "2026-11-14", true, "2026-10-15..2026-10-15 H2026-10-16 H2026-11-01 -2026-11-15..2026-11-15"},
		{"2026-10-05", "2026-10-20", true, "H2026-10-01 -2026-10-01..2026-10-04 2026-10-16..2026-10-20"},
		{"2026-10-03", "2026-10-29", true, "2026-10 -2026-10-01..2026-10-02 -2026-10-30..2026-10-31"},
		{"2026-10-10", "2026-10-12", true, "2026-10-10..2026-10-12"},
		{"2026-12-20", "2027-01-10", true, "H2026-12-16 -2026-12-16..2026-12-19 H2027-01-01 -2027-01-11..2027-01-15"},
		{"2028-02-01", "2028-02-29", true, "2028-02"},
		{"2028-02-03", "2028-02-29", true, "2028-02 -2028-02-01..2028-02-02"},
		{"2028-02-16", "2028-02-27", true, "H2028-02-16 -2028-02-28..2028-02-29"},
	} {
		var got []string
		for _, p := range cutsOf(c.from, c.to, c.halves) {
			g := map[bool]string{true: "-"}[p.Neg] + p.Month
			if p.Half != "" {
				g += "H" + p.Half
			}
			if p.From != "" {
				g += p.From + ".." + p.To
			}
			got = append(got, g)
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("cutsOf(%s, %s, %v) = %s, want %s", c.from, c.to, c.halves, g, c.want)
		}
	}
}
