package domain

import (
	"errors"
	"testing"
)

func TestSiteStatusDisabled(t *testing.T) {
	tests := []struct {
		s    SiteStatus
		want bool
	}{
		{SiteStatus{}, false},
		{SiteStatus{DisableSite: true}, true},
		{SiteStatus{DisableAllDomains: true}, true},
		{SiteStatus{DisableSite: true, DisableAllDomains: true}, true},
		// Windows only block secretary logins; they never switch the site off.
		{SiteStatus{DisableTimes: []Window{{"00:00", "23:59"}}}, false},
	}
	for _, tt := range tests {
		if got := tt.s.Disabled(); got != tt.want {
			t.Errorf("%+v.Disabled() = %v, want %v", tt.s, got, tt.want)
		}
	}
}

func TestSiteStatusValidate(t *testing.T) {
	if err := (SiteStatus{}).Validate(); err != nil {
		t.Fatalf("empty status: %v", err)
	}
	ok := SiteStatus{DisableTimes: []Window{{"22:00", "06:00"}, {"12:00", "13:00"}}}
	if err := ok.Validate(); err != nil {
		t.Fatalf("valid windows: %v", err)
	}
	bad := SiteStatus{DisableTimes: []Window{{"22:00", "06:00"}, {"12:00", "1pm"}, {"x", "13:00"}}}
	err := bad.Validate()
	var werrs WindowErrors
	if !errors.As(err, &werrs) {
		t.Fatalf("Validate() = %#v, want WindowErrors", err)
	}
	if len(werrs) != 2 || werrs[0] != nil {
		t.Fatalf("errors %v, want indexes 1 and 2", werrs)
	}
	var tf *TimeFormatError
	if !errors.As(werrs[1], &tf) || tf.Bound != "end" || tf.Value != "1pm" {
		t.Fatalf("index 1: %#v", werrs[1])
	}
	if !errors.As(werrs[2], &tf) || tf.Bound != "start" || tf.Value != "x" {
		t.Fatalf("index 2: %#v", werrs[2])
	}
	if err.Error() != "Time must be HH:MM" {
		t.Fatalf("message %q", err.Error())
	}
}
