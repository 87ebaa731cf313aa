package app

import (
	"testing"
	"time"

	"github.com/backoffice/backoffice/platform/calendar"
)

// The dashboard compares this month to date with last month up to the same day: a shorter last
// month ends where it ends, never spilling into this month.
func TestSameDayLastMonth(t *testing.T) {
	for day, want := range map[string]string{
		"2026-11-23": "2026-10-23",
		"2026-11-01": "2026-10-01",
		"2026-10-31": "2026-09-30",
		"2026-03-31": "2026-02-28",
		"2028-03-30": "2028-02-29", // a leap year
		"2027-01-31": "2026-12-31", // across the year
	} {
		d, err := time.Parse(calendar.DateLayout, day)
		if err != nil {
			t.Fatal(err)
		}
		if got := sameDayLastMonth(d).Format(calendar.DateLayout); got != want {
			t.Errorf("sameDayLastMonth(%s) = %s, want %s", day, got, want)
		}
	}
}
