package store

import (
	"time"

	"github.com/backoffice/backoffice/platform/calendar"
)

// span is how a range of days [from, to] falls on months, for the pages that read whole months
// from a monthly aggregate (report_party_months, report_product_months) and the days of the
// months the range covers only in part from the rows themselves: the whole months First..Last
// ("" none) and the runs of days outside them (at most two). The two parts cover every day of
// the range exactly once.
type span struct {
	First, Last string
	Days        [][2]string
}

// spanOf splits from..to (both YYYY-MM-DD, from ≤ to).
func spanOf(from, to string) span {
	f, errF := calendar.ParseDate(from)
	t, errT := calendar.ParseDate(to)
	if errF != nil || errT != nil {
		return span{Days: [][2]string{{from, to}}}
	}
	// start is the first day of the first whole month; end the last day of the last one.
	start := f
	if f.Day() != 1 {
		start = time.Date(f.Year(), f.Month()+1, 1, 0, 0, 0, 0, f.Location())
	}
	end := t
	if next := t.AddDate(0, 0, 1); next.Day() != 1 {
		end = time.Date(t.Year(), t.Month(), 0, 0, 0, 0, 0, t.Location())
	}
	if end.Before(start) {
		return span{Days: [][2]string{{from, to}}}
	}
	s := span{First: start.Format("2006-01"), Last: end.Format("2006-01")}
	if start.After(f) {
		s.Days = append(s.Days, [2]string{from, start.AddDate(0, 0, -1).Format(calendar.DateLayout)})
	}
	if end.Before(t) {
		s.Days = append(s.Days, [2]string{end.AddDate(0, 0, 1).Format(calendar.DateLayout), to})
	}
	return s
}

// monthEnd is the last day of day's month (YYYY-MM-DD).
func monthEnd(day string) string {
	d, err := calendar.ParseDate(day)
	if err != nil {
		return day
	}
	return time.Date(d.Year(), d.Month()+1, 0, 0, 0, 0, 0, d.Location()).Format(calendar.DateLayout)
}

// addMonths is month (YYYY-MM) moved n months.
func addMonths(month string, n int) string {
	t, err := time.Parse("2006-01", month)
	if err != nil {
		return month
	}
	return t.AddDate(0, n, 0).Format("2006-01")
}

// dayAfter is the day after day (YYYY-MM-DD).
func dayAfter(day string) string {
	d, err := calendar.ParseDate(day)
	if err != nil {
		return day
	}
	return d.AddDate(0, 0, 1).Format(calendar.DateLayout)
}

// dayBefore is the day before day (YYYY-MM-DD).
func dayBefore(day string) string {
	d, err := calendar.ParseDate(day)
	if err != nil {
		return day
	}
	return d.AddDate(0, 0, -1).Format(calendar.DateLayout)
}

// daysBetween is how many days day b is after day a (both YYYY-MM-DD; 0 when either is malformed).
func daysBetween(a, b string) int {
	x, errA := calendar.ParseDate(a)
	y, errB := calendar.ParseDate(b)
	if errA != nil || errB != nil {
		return 0
	}
	return int(y.Sub(x).Hours()/24 + 0.5)
}
