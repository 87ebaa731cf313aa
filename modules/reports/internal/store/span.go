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
	return dayCount(x, y) - 1
}

// piece is a part of the sums a range's month is read from, added, or taken off when Neg: the
// Month whole (YYYY-MM, a monthly aggregate), a Half of it (its first day, YYYY-MM-01 for days
// 1–15 or YYYY-MM-16 for the 16th to the end, a half-monthly one), or the days From..To (a daily
// one).
type piece struct {
	Month, Half, From, To string
	Neg                   bool
}

// halfWeight is what reading a half month's sums costs in days' sums: a half holds about one
// row per product and type (each moves in half a month), a day well over half of that at
// 1,000,000 documents, so a half is read where it saves more than two days.
const halfWeight = 2

// cutsOf splits from..to (both YYYY-MM-DD, from ≤ to) into pieces, month by month: a month the
// range covers whole is its Month; one it cuts is read from its smaller side. Without halves
// (an aggregate that has none) that is its days in the range, or the Month less its days out of
// the range — at most half a month of days. With halves, each half of the month on its own:
// its days in the range, or the Half less its days out of the range (the Month when both halves
// are read whole) — at most a week of days a half. Unparseable ends are one run of days as given.
func cutsOf(from, to string, halves bool) []piece {
	f, errF := calendar.ParseDate(from)
	t, errT := calendar.ParseDate(to)
	if errF != nil || errT != nil {
		return []piece{{From: from, To: to}}
	}
	var out []piece
	// days appends the days a..b (a run within a month), when there are any.
	days := func(a, b time.Time, neg bool) {
		if !b.Before(a) {
			out = append(out, piece{From: a.Format(calendar.DateLayout), To: b.Format(calendar.DateLayout), Neg: neg})
		}
	}
	for d := f; !d.After(t); {
		first := time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, d.Location())
		last := first.AddDate(0, 1, -1)
		end := last
		if t.Before(last) {
			end = t
		}
		month := first.Format("2006-01")
		// parts are the month's halves (or the month as one part without halves), each read
		// whole (less its days out of the range) or as its days in the range.
		parts := [][2]time.Time{{first, last}}
		if halves {
			parts = [][2]time.Time{{first, first.AddDate(0, 0, 14)}, {first.AddDate(0, 0, 15), last}}
		}
		whole := make([]bool, len(parts))
		for i, h := range parts {
			a, b := maxTime(d, h[0]), minTime(end, h[1])
			in, all := 0, dayCount(h[0], h[1])
			if !b.Before(a) {
				in = dayCount(a, b)
			}
			if halves {
				whole[i] = in > 0 && all-in+halfWeight < in
			} else {
				whole[i] = 2*in > all
			}
		}
		if whole[0] && whole[len(whole)-1] {
			out = append(out, piece{Month: month})
		}
		for i, h := range parts {
			a, b := maxTime(d, h[0]), minTime(end, h[1])
			if !whole[i] {
				days(a, b, false)
				continue
			}
			if !whole[0] || !whole[len(whole)-1] {
				out = append(out, piece{Half: h[0].Format(calendar.DateLayout)})
			}
			days(h[0], a.AddDate(0, 0, -1), true)
			days(b.AddDate(0, 0, 1), h[1], true)
		}
		d = end.AddDate(0, 0, 1)
	}
	return out
}

// dayCount is how many days from..to holds (both dates at midnight, from ≤ to).
func dayCount(from, to time.Time) int {
	return int(to.Sub(from).Round(24*time.Hour)/(24*time.Hour)) + 1
}

// minTime is the earlier of a and b.
func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// maxTime is the later of a and b.
func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
