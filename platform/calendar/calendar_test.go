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
