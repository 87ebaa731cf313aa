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
