// Package calendar holds calendar days: dates compared without time zones or clock times, as
// business rules compare them (a purchase date against the day a decree took effect, a date
// against the accepted range). The day of a time.Time is read in the time's own location, so
// the caller decides which zone a day belongs to (America/Bogota for business dates).
package calendar

import "time"

// Day is one calendar day.
type Day struct {
	Year  int
	Month time.Month
	Day   int
}

// Of is the calendar day of t in t's own location.
func Of(t time.Time) Day { return Day{t.Year(), t.Month(), t.Day()} }

// Before reports whether a comes before b.
func (a Day) Before(b Day) bool {
	if a.Year != b.Year {
		return a.Year < b.Year
	}
	if a.Month != b.Month {
		return a.Month < b.Month
	}
	return a.Day < b.Day
}
