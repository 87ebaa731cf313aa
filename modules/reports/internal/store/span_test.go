package store

import "testing"

// A range's balances at its end are read from the side of its end's month that has fewer days
// to add or take away (balanceFromOf).
func TestBalanceFromReadsTheFewerDays(t *testing.T) {
	for _, c := range []struct {
		from, to string
		want     balanceFrom
	}{
		// Ends on a month's end: that month's balances, no days.
		{"2026-03-15", "2026-04-30", balanceFrom{Month: "2026-04"}},
		// Starts before its last month: the month before's balances plus its last run of days.
		{"2026-03-15", "2026-04-14", balanceFrom{Month: "2026-03", ToEnd: true}},
		{"2026-03-15", "2026-04-28", balanceFrom{Month: "2026-03", ToEnd: true}},
		{"2025-12-20", "2026-01-05", balanceFrom{Month: "2025-12", ToEnd: true}},
		// Within one month: 2 days before it against 13 after it.
		{"2026-09-03", "2026-09-17", balanceFrom{Month: "2026-08", ToEnd: true, Before: [2]string{"2026-09-01", "2026-09-02"}}},
		// 17 days before it against 2 after it; and a tie reads the days after.
		{"2026-10-18", "2026-10-29", balanceFrom{Month: "2026-10", After: [2]string{"2026-10-30", "2026-10-31"}}},
		{"2026-02-08", "2026-02-21", balanceFrom{Month: "2026-02", After: [2]string{"2026-02-22", "2026-02-28"}}},
	} {
		if got := balanceFromOf(c.from, c.to); got != c.want {
			t.Errorf("balanceFromOf(%s, %s) = %+v, want %+v", c.from, c.to, got, c.want)
		}
	}
}
