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

// monthCut is how the days of one month a range covers (all of them or some) are read from a
// monthly aggregate and a daily one with the fewest days: the Days themselves (Month ""), or the
// whole Month less the Days of it outside the range — at most half a month of days either way.
type monthCut struct {
	Month string
	Days  [][2]string
}

// cutsOf splits from..to (both YYYY-MM-DD, from ≤ to) into its months, each a monthCut: a month
// the range covers whole is its Month alone. Unparseable ends are one run of days as given.
func cutsOf(from, to string) []monthCut {
	f, errF := calendar.ParseDate(from)
	t, errT := calendar.ParseDate(to)
	if errF != nil || errT != nil {
		return []monthCut{{Days: [][2]string{{from, to}}}}
	}
	day := func(d time.Time) string { return d.Format(calendar.DateLayout) }
	var out []monthCut
	for d := f; !d.After(t); {
		first := time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, d.Location())
		last := first.AddDate(0, 1, -1)
		end := last
		if t.Before(last) {
			end = t
		}
		in, all := dayCount(d, end), dayCount(first, last)
		switch {
		case in == all:
			out = append(out, monthCut{Month: first.Format("2006-01")})
		case 2*in <= all:
			out = append(out, monthCut{Days: [][2]string{{day(d), day(end)}}})
		default:
			c := monthCut{Month: first.Format("2006-01")}
			if d.After(first) {
				c.Days = append(c.Days, [2]string{day(first), day(d.AddDate(0, 0, -1))})
			}
			if end.Before(last) {
				c.Days = append(c.Days, [2]string{day(end.AddDate(0, 0, 1)), day(last)})
			}
			out = append(out, c)
		}
		d = end.AddDate(0, 0, 1)
	}
	return out
}

// dayCount is how many days from..to holds (both dates at midnight, from ≤ to).
func dayCount(from, to time.Time) int {
	return int(to.Sub(from).Round(24*time.Hour)/(24*time.Hour)) + 1
}
