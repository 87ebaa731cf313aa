package domain

import (
	"errors"
	"reflect"
	"testing"
	"time"
)

// utc builds an instant from UTC wall-clock parts; Bogota is UTC-5 all year (no DST).
func utc(day, hour, minute, second int) time.Time {
	return time.Date(2026, time.November, day, hour, minute, second, 0, time.UTC)
}

func TestWindowContains(t *testing.T) {
	night := Window{Start: "22:00", End: "06:00"}
	morning := Window{Start: "08:00", End: "12:30"}
	oneMinute := Window{Start: "13:15", End: "13:15"}
	wholeDay := Window{Start: "00:00", End: "23:59"}
	tests := []struct {
		name string
		w    Window
		at   time.Time
		want bool
	}{
		// 22:00 Bogota on the 22nd is 03:00 UTC on the 23rd: the UTC date has already changed.
		{"night start 22:00", night, utc(23, 3, 0, 0), true},
		{"night 23:59", night, utc(23, 4, 59, 0), true},
		{"night 23:59:59", night, utc(23, 4, 59, 59), true},
		{"night midnight 00:00", night, utc(23, 5, 0, 0), true},
		{"night 03:30", night, utc(23, 8, 30, 0), true},
		{"night end 06:00", night, utc(23, 11, 0, 0), true},
		{"night end 06:00:59", night, utc(23, 11, 0, 59), true},
		{"night 06:01 outside", night, utc(23, 11, 1, 0), false},
		{"night 21:59 outside", night, utc(23, 2, 59, 0), false},
		{"night 21:59:59 outside", night, utc(23, 2, 59, 59), false},
		{"night noon outside", night, utc(22, 17, 0, 0), false},
		// 22:00 UTC is only 17:00 in Bogota: evaluating in UTC would wrongly block.
		{"22:00 UTC is 17:00 Bogota", night, utc(22, 22, 0, 0), false},
		// 06:30 UTC (01:30 Bogota) is inside and 11:30 UTC (06:30 Bogota) outside: the reverse of
		// what a UTC evaluation would answer.
		{"06:30 UTC is 01:30 Bogota", night, utc(22, 6, 30, 0), true},
		{"11:30 UTC is 06:30 Bogota", night, utc(22, 11, 30, 0), false},

		{"morning start", morning, utc(22, 13, 0, 0), true},
		{"morning before start", morning, utc(22, 12, 59, 59), false},
		{"morning end minute", morning, utc(22, 17, 30, 59), true},
		{"morning after end", morning, utc(22, 17, 31, 0), false},
		{"morning at 08:00 UTC (03:00 Bogota)", morning, utc(22, 8, 0, 0), false},

		{"one minute start", oneMinute, utc(22, 18, 15, 0), true},
		{"one minute last second", oneMinute, utc(22, 18, 15, 59), true},
		{"one minute before", oneMinute, utc(22, 18, 14, 59), false},
		{"one minute after", oneMinute, utc(22, 18, 16, 0), false},

		{"whole day at midnight", wholeDay, utc(22, 5, 0, 0), true},
		{"whole day last minute", wholeDay, utc(23, 4, 59, 59), true},

		// The zone of the input does not matter, only the instant.
		{"instant given in Madrid time", night, time.Date(2026, 11, 23, 4, 0, 0, 0, time.FixedZone("CET", 3600)), true},
		{"instant given in Bogota offset", morning, time.Date(2026, 11, 22, 9, 0, 0, 0, time.FixedZone("COT", -5*3600)), true},

		{"malformed window contains nothing", Window{Start: "7:00", End: "23:00"}, utc(22, 15, 0, 0), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.w.Contains(tt.at); got != tt.want {
				t.Fatalf("%+v.Contains(%s = %s Bogota) = %v, want %v", tt.w, tt.at.UTC().Format(time.DateTime),
					tt.at.In(bogota).Format(time.DateTime), got, tt.want)
			}
		})
	}
}

func TestAnyContains(t *testing.T) {
	ws := []Window{{Start: "22:00", End: "06:00"}, {Start: "12:00", End: "13:00"}}
	tests := []struct {
		name string
		ws   []Window
		at   time.Time
		want bool
	}{
		{"first window", ws, utc(23, 4, 0, 0), true},      // 23:00 Bogota
		{"second window", ws, utc(22, 17, 30, 0), true},   // 12:30 Bogota
		{"between windows", ws, utc(22, 15, 0, 0), false}, // 10:00 Bogota
		{"no windows", nil, utc(23, 4, 0, 0), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := AnyContains(tt.ws, tt.at); got != tt.want {
				t.Fatalf("AnyContains = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestValidateWindow(t *testing.T) {
	tests := []struct {
		w         Window
		wantBound string
	}{
		{Window{"00:00", "23:59"}, ""},
		{Window{"22:00", "06:00"}, ""},
		{Window{"09:05", "09:05"}, ""},
		{Window{"24:00", "06:00"}, "start"},
		{Window{"7:00", "08:00"}, "start"},
		{Window{"07:0", "08:00"}, "start"},
		{Window{"07:60", "08:00"}, "start"},
		{Window{"0700", "08:00"}, "start"},
		{Window{"07-00", "08:00"}, "start"},
		{Window{" 07:00", "08:00"}, "start"},
		{Window{"", "08:00"}, "start"},
		{Window{"07:00", ""}, "end"},
		{Window{"07:00", "08:00:00"}, "end"},
		{Window{"07:00", "8 PM"}, "end"},
		{Window{"07:00", "٠٨:٠٠"}, "end"},
		{Window{"07:00", "-1:00"}, "end"},
		{Window{"bad", "worse"}, "start"},
	}
	for _, tt := range tests {
		t.Run(tt.w.Start+"-"+tt.w.End, func(t *testing.T) {
			err := ValidateWindow(tt.w)
			if tt.wantBound == "" {
				if err != nil {
					t.Fatalf("ValidateWindow(%+v) = %v, want nil", tt.w, err)
				}
				return
			}
			var tf *TimeFormatError
			if !errors.As(err, &tf) || tf.Bound != tt.wantBound {
				t.Fatalf("ValidateWindow(%+v) = %#v, want TimeFormatError on %s", tt.w, err, tt.wantBound)
			}
			if err.Error() != "Time must be HH:MM" {
				t.Fatalf("message %q", err.Error())
			}
		})
	}
}

func TestParseWindows(t *testing.T) {
	tests := []struct {
		name       string
		in         string
		want       []Window
		badIndexes []int // nil: no WindowErrors expected
		wantErr    bool
	}{
		{name: "blank", in: "  ", want: nil},
		{name: "null", in: "null", want: nil},
		{name: "empty list", in: "[]", want: []Window{}},
		{name: "one", in: `[{"start":"22:00","end":"06:00"}]`, want: []Window{{"22:00", "06:00"}}},
		{name: "two with spaces", in: ` [ {"start":"08:00","end":"09:00"}, {"end":"13:00","start":"12:00"} ] `,
			want: []Window{{"08:00", "09:00"}, {"12:00", "13:00"}}},
		{name: "syntax error", in: `[{"start":"22:00"`, wantErr: true},
		{name: "object not list", in: `{"start":"22:00","end":"06:00"}`, wantErr: true},
		{name: "number bound", in: `[{"start":2200,"end":"06:00"}]`, wantErr: true},
		{name: "missing end", in: `[{"start":"22:00"}]`, wantErr: true, badIndexes: []int{0}},
		{name: "second and third bad", in: `[{"start":"01:00","end":"02:00"},{"start":"25:00","end":"02:00"},{"start":"01:00","end":"2:00"}]`,
			wantErr: true, badIndexes: []int{1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseWindows(tt.in)
			if (err != nil) != tt.wantErr {
				t.Fatalf("ParseWindows(%q) error = %v, want error %v", tt.in, err, tt.wantErr)
			}
			var werrs WindowErrors
			isWindowErr := errors.As(err, &werrs)
			if (tt.badIndexes != nil) != isWindowErr {
				t.Fatalf("ParseWindows(%q) error %#v: WindowErrors = %v, want %v", tt.in, err, isWindowErr, tt.badIndexes != nil)
			}
			if isWindowErr {
				if len(werrs) != len(tt.badIndexes) {
					t.Fatalf("bad indexes %v, want %v", werrs, tt.badIndexes)
				}
				for _, i := range tt.badIndexes {
					if werrs[i] == nil {
						t.Fatalf("index %d not reported in %v", i, werrs)
					}
				}
				if err.Error() != MsgTimeFormat {
					t.Fatalf("message %q, want %q", err.Error(), MsgTimeFormat)
				}
			}
			if !tt.wantErr && !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("ParseWindows(%q) = %#v, want %#v", tt.in, got, tt.want)
			}
		})
	}
}

func TestFormatWindowsRoundTrip(t *testing.T) {
	if got := FormatWindows(nil); got != "[]" {
		t.Fatalf("FormatWindows(nil) = %q, want []", got)
	}
	ws := []Window{{"22:00", "06:00"}, {"12:00", "12:00"}}
	text := FormatWindows(ws)
	if text != `[{"start":"22:00","end":"06:00"},{"start":"12:00","end":"12:00"}]` {
		t.Fatalf("FormatWindows = %s", text)
	}
	back, err := ParseWindows(text)
	if err != nil || !reflect.DeepEqual(back, ws) {
		t.Fatalf("round trip = %v, %v", back, err)
	}
}

func TestBogotaIsUTCMinus5WithoutDST(t *testing.T) {
	for _, month := range []time.Month{time.January, time.July} {
		_, offset := time.Date(2026, month, 1, 12, 0, 0, 0, time.UTC).In(bogota).Zone()
		if offset != -5*3600 {
			t.Fatalf("Bogota offset in %s = %d s, want -18000", month, offset)
		}
	}
}
