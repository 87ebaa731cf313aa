package calendar

import (
	"testing"
	"time"
)

func TestBefore(t *testing.T) {
	for _, c := range []struct {
		a, b Day
		want bool
	}{
		{Day{2025, time.May, 31}, Day{2025, time.June, 1}, true},
		{Day{2025, time.June, 1}, Day{2025, time.June, 1}, false},
		{Day{2025, time.June, 2}, Day{2025, time.June, 1}, false},
		{Day{2024, time.December, 31}, Day{2025, time.January, 1}, true},
		{Day{2026, time.January, 1}, Day{2025, time.December, 31}, false},
	} {
		if got := c.a.Before(c.b); got != c.want {
			t.Errorf("%v before %v = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestOfReadsTheTimesOwnZone(t *testing.T) {
	bogota := time.FixedZone("COT", -5*3600)
	at := time.Date(2026, time.November, 25, 3, 0, 0, 0, time.UTC) // 22:00 on the 24th in Bogota
	if got := Of(at.In(bogota)); got != (Day{2026, time.November, 24}) {
		t.Fatalf("Bogota day %v", got)
	}
	if got := Of(at); got != (Day{2026, time.November, 25}) {
		t.Fatalf("UTC day %v", got)
	}
}

func TestBusinessDates(t *testing.T) {
	// 23:30 in Bogota is 04:30 UTC the next day: still the 23rd.
	if got := Today(time.Date(2026, time.November, 24, 4, 30, 0, 0, time.UTC)); got.Format(DateLayout) != "2026-11-23" || got.Location() != Bogota {
		t.Fatalf("Today = %v", got)
	}
	d, err := ParseDate("2026-02-28")
	if err != nil || !d.Equal(time.Date(2026, time.February, 28, 5, 0, 0, 0, time.UTC)) {
		t.Fatalf("ParseDate = %v, %v", d, err)
	}
	for _, bad := range []string{"2026-02-30", "28/02/2026", "", "2026-2-28"} {
		if _, err := ParseDate(bad); err == nil {
			t.Errorf("ParseDate(%q) accepted", bad)
		}
	}
}
