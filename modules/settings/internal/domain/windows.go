// Package domain holds the pure rules of the settings module: the site status switches and the
// daily time windows during which secretaries may not sign in (spec §5, §6). Times are evaluated
// in America/Bogota whatever the server's zone; the zone database is embedded so the rules work on
// machines without /usr/share/zoneinfo.
package domain

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	// The secretary windows are Bogota wall-clock times; embedding tzdata makes LoadLocation work
	// in minimal containers.
	_ "time/tzdata"
)

// MsgTimeFormat is the message for a window bound that is not a 24-hour HH:MM time (API contract,
// PUT /api/site_setting).
const MsgTimeFormat = "Time must be HH:MM"

// BusinessTimeZone is where the company's wall clock runs (spec §9).
const BusinessTimeZone = "America/Bogota"

// bogota is loaded once; with time/tzdata embedded the lookup cannot fail, so a failure is a broken
// build and panicking at start-up is the honest answer.
var bogota = mustLoadLocation(BusinessTimeZone)

func mustLoadLocation(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(fmt.Sprintf("settings: loading %s: %v", name, err))
	}
	return loc
}

// Window is a daily period of wall-clock time in Bogota, both bounds "HH:MM" (24 h) and inclusive
// to the minute. End earlier than Start crosses midnight (22:00–06:00 is the night); Start equal
// to End is that single minute. The JSON names are the stored and public format
// (GET /api/site_setting/disable_time sends a JSON text of these).
type Window struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

// TimeFormatError reports a window bound that is not HH:MM.
type TimeFormatError struct {
	// Bound is "start" or "end".
	Bound string
	// Value is the text found there.
	Value string
}

func (e *TimeFormatError) Error() string { return MsgTimeFormat }

// WindowErrors maps the index of each invalid window to why it is invalid, so a form can mark
// the offending rows.
type WindowErrors map[int]error

// Error is the message of the lowest invalid index: all window errors share the same user text,
// and the HTTP layer shows one message for the disable_times field.
func (e WindowErrors) Error() string {
	first := -1
	for i := range e {
		if first < 0 || i < first {
			first = i
		}
	}
	if first < 0 {
		return MsgTimeFormat
	}
	return e[first].Error()
}

// ParseWindows reads the stored JSON text (a list of {start, end}) and validates every window.
// Blank text and JSON null mean no windows. A syntax error is returned as is; invalid windows
// come back as WindowErrors.
func ParseWindows(jsonText string) ([]Window, error) {
	if strings.TrimSpace(jsonText) == "" {
		return nil, nil
	}
	var ws []Window
	if err := json.Unmarshal([]byte(jsonText), &ws); err != nil {
		return nil, fmt.Errorf("settings: reading disable windows: %w", err)
	}
	if err := validateWindows(ws); err != nil {
		return nil, err
	}
	return ws, nil
}

// FormatWindows is the inverse of ParseWindows: the JSON text stored and sent by
// GET /api/site_setting/disable_time. No windows is "[]", never "null", so clients can always
// iterate the result.
func FormatWindows(ws []Window) string {
	if ws == nil {
		ws = []Window{}
	}
	b, err := json.Marshal(ws)
	if err != nil {
		// A slice of string pairs always marshals; reaching this is a programming error.
		panic(fmt.Sprintf("settings: marshalling windows: %v", err))
	}
	return string(b)
}

// ValidateWindow reports a *TimeFormatError for the first bound that is not a 24-hour HH:MM time
// (two digits each, 00:00 to 23:59).
func ValidateWindow(w Window) error {
	if _, ok := minuteOfDay(w.Start); !ok {
		return &TimeFormatError{Bound: "start", Value: w.Start}
	}
	if _, ok := minuteOfDay(w.End); !ok {
		return &TimeFormatError{Bound: "end", Value: w.End}
	}
	return nil
}

func validateWindows(ws []Window) error {
	var errs WindowErrors
	for i, w := range ws {
		if err := ValidateWindow(w); err != nil {
			if errs == nil {
				errs = WindowErrors{}
			}
			errs[i] = err
		}
	}
	if errs == nil {
		return nil
	}
	return errs
}

// Contains reports whether t, taken as Bogota wall-clock time truncated to the minute, falls in the
// window. A window with a malformed bound contains nothing (validate before storing).
func (w Window) Contains(t time.Time) bool {
	start, okStart := minuteOfDay(w.Start)
	end, okEnd := minuteOfDay(w.End)
	if !okStart || !okEnd {
		return false
	}
	local := t.In(bogota)
	m := local.Hour()*60 + local.Minute()
	if start <= end {
		return start <= m && m <= end
	}
	// Crosses midnight: the evening part or the morning part.
	return m >= start || m <= end
}

// AnyContains reports whether any window contains t; this is the "secretary login blocked" test.
func AnyContains(ws []Window, t time.Time) bool {
	for _, w := range ws {
		if w.Contains(t) {
			return true
		}
	}
	return false
}

// minuteOfDay reads a strict "HH:MM" (two digits each) into minutes after midnight.
func minuteOfDay(s string) (int, bool) {
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	digit := func(i int) (int, bool) {
		c := s[i]
		return int(c - '0'), c >= '0' && c <= '9'
	}
	h1, ok1 := digit(0)
	h2, ok2 := digit(1)
	m1, ok3 := digit(3)
	m2, ok4 := digit(4)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return 0, false
	}
	h, m := h1*10+h2, m1*10+m2
	if h > 23 || m > 59 {
		return 0, false
	}
	return h*60 + m, true
}
