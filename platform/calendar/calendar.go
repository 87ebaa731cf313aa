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

// Bogota is the business time zone (DESIGN §4): business dates (a purchase date, a sale date,
// an expiry date) are days in America/Bogota. Colombia keeps UTC−5 all year and has had no
// daylight saving time since 1993, so a fixed zone is exact and needs no zone database.
var Bogota = time.FixedZone("America/Bogota", -5*60*60)

// DateLayout is how business dates are written: in the API and in the database ('YYYY-MM-DD',
// which also sorts as text).
const DateLayout = "2006-01-02"

// ParseDate reads a business date 'YYYY-MM-DD' (midnight in Bogota).
func ParseDate(s string) (time.Time, error) {
	return time.ParseInLocation(DateLayout, s, Bogota)
}

// Today is the business date at instant now (midnight in Bogota).
func Today(now time.Time) time.Time {
	y, m, d := now.In(Bogota).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, Bogota)
}
