package domain

import (
	"errors"
	"net/netip"
	"testing"
)

func TestParseAllowListNormalises(t *testing.T) {
	tests := []struct {
		in        string
		want      string
		wantEmpty bool
	}{
		{"", "", true},
		{"  ,, \n ", "", true},
		{"1.2.3.4", "1.2.3.4", false},
		{"1.2.3.4, 10.0.0.0/8", "1.2.3.4, 10.0.0.0/8", false},
		{"1.2.3.4,10.0.0.0/8", "1.2.3.4, 10.0.0.0/8", false},
		{"1.2.3.4 10.0.0.0/8\t192.168.0.0/16", "1.2.3.4, 10.0.0.0/8, 192.168.0.0/16", false},
		{"10.1.2.3/8", "10.0.0.0/8", false},
		{"1.2.3.4/32", "1.2.3.4", false},
		{"1.2.3.4, 1.2.3.4/32, 1.2.3.4", "1.2.3.4", false},
		{"::ffff:1.2.3.4", "1.2.3.4", false},
		{"::ffff:10.0.0.0/104", "10.0.0.0/8", false},
		{"2001:DB8::1", "2001:db8::1", false},
		{"2001:db8::1/32", "2001:db8::/32", false},
		{"::1, 127.0.0.1", "::1, 127.0.0.1", false},
		{"0.0.0.0/0", "0.0.0.0/0", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			l, err := ParseAllowList(tt.in)
			if err != nil {
				t.Fatalf("ParseAllowList(%q): %v", tt.in, err)
			}
			if got := l.String(); got != tt.want {
				t.Fatalf("String() = %q, want %q", got, tt.want)
			}
			if l.Empty() != tt.wantEmpty {
				t.Fatalf("Empty() = %v, want %v", l.Empty(), tt.wantEmpty)
			}
			again, err := ParseAllowList(l.String())
			if err != nil || again.String() != l.String() {
				t.Fatalf("round trip of %q gave %q, %v", l.String(), again.String(), err)
			}
		})
	}
}

func TestParseAllowListInvalid(t *testing.T) {
	tests := []struct {
		in      string
		message string
	}{
		{"x", "Invalid IP address: x"},
		{"1.2.3.4, nope", "Invalid IP address: nope"},
		{"256.1.1.1", "Invalid IP address: 256.1.1.1"},
		{"1.2.3", "Invalid IP address: 1.2.3"},
		{"1.2.3.4/33", "Invalid IP address: 1.2.3.4/33"},
		{"1.2.3.4/", "Invalid IP address: 1.2.3.4/"},
		{"2001:db8::/129", "Invalid IP address: 2001:db8::/129"},
		{"fe80::1%eth0", "Invalid IP address: fe80::1%eth0"},
		{"1.2.3.4;5.6.7.8", "Invalid IP address: 1.2.3.4;5.6.7.8"},
		{"example.com", "Invalid IP address: example.com"},
		{"10.0.0.1-10.0.0.9", "Invalid IP address: 10.0.0.1-10.0.0.9"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			l, err := ParseAllowList(tt.in)
			if err == nil {
				t.Fatalf("ParseAllowList(%q) = %q, want an error", tt.in, l.String())
			}
			if err.Error() != tt.message {
				t.Fatalf("message %q, want %q", err.Error(), tt.message)
			}
			var ipErr *InvalidIPError
			if !errors.As(err, &ipErr) {
				t.Fatalf("error %T is not *InvalidIPError", err)
			}
			if !l.Empty() {
				t.Fatal("a failed parse returned a non-empty list")
			}
		})
	}
}

func TestAllowListAllows(t *testing.T) {
	list, err := ParseAllowList("1.2.3.4, 10.0.0.0/8, 2001:db8::/32")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		ip   string
		want bool
	}{
		{"1.2.3.4", true},
		{"1.2.3.5", false},
		{"10.0.0.0", true},
		{"10.255.255.255", true},
		{"11.0.0.0", false},
		{"9.255.255.255", false},
		{"::ffff:1.2.3.4", true},  // IPv4 client seen on a dual-stack socket
		{"::ffff:10.9.8.7", true}, // same, inside the CIDR
		{"::ffff:1.2.3.5", false},
		{"2001:db8::1", true},
		{"2001:db8:ffff::1", true},
		{"2001:db9::1", false},
		{"fe80::1%eth0", false},
		{"::1", false},
		{"127.0.0.1", false},
	}
	for _, tt := range tests {
		t.Run(tt.ip, func(t *testing.T) {
			if got := list.Allows(netip.MustParseAddr(tt.ip)); got != tt.want {
				t.Fatalf("Allows(%s) = %v, want %v", tt.ip, got, tt.want)
			}
		})
	}
	if list.Allows(netip.Addr{}) {
		t.Fatal("a non-empty list allowed the invalid address")
	}
}

func TestAllowListZonedAddressMatches(t *testing.T) {
	list, err := ParseAllowList("fe80::/10")
	if err != nil {
		t.Fatal(err)
	}
	if !list.Allows(netip.MustParseAddr("fe80::1%eth0")) {
		t.Fatal("zone should be ignored when matching")
	}
}

func TestEmptyAllowListAllowsEverything(t *testing.T) {
	for _, l := range []AllowList{{}, mustParseAllowList(t, ""), mustParseAllowList(t, " , ")} {
		if !l.Empty() {
			t.Fatal("want empty")
		}
		for _, ip := range []netip.Addr{netip.MustParseAddr("8.8.8.8"), netip.MustParseAddr("::1"), {}} {
			if !l.Allows(ip) {
				t.Fatalf("empty list refused %v", ip)
			}
		}
	}
}

func mustParseAllowList(t *testing.T, s string) AllowList {
	t.Helper()
	l, err := ParseAllowList(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
