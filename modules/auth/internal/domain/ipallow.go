package domain

import (
	"net/netip"
	"strings"
	"unicode"
)

// MsgInvalidIPPrefix starts the message for an entry that is neither an IP address nor a CIDR; the
// entry as typed follows it.
const MsgInvalidIPPrefix = "Invalid IP address: "

// InvalidIPError reports the first entry of an allow list that could not be read. Its message is the
// one the settings form shows under the ip_address field.
type InvalidIPError struct {
	// Item is the offending entry as the user typed it.
	Item string
}

func (e *InvalidIPError) Error() string { return MsgInvalidIPPrefix + e.Item }

// AllowList is a user's IP restriction: the addresses and networks a signed-in request may come
// from. The zero value is the empty list, which allows every address (no restriction).
type AllowList struct {
	prefixes []netip.Prefix
}

// ParseAllowList reads a list of IPv4/IPv6 addresses and CIDR networks separated by commas and/or
// whitespace. Host bits of a CIDR are cleared ("10.1.2.3/8" means 10.0.0.0/8), IPv4-mapped IPv6
// entries become plain IPv4, and duplicates are dropped, keeping the order the user wrote.
// Addresses with a zone ("fe80::1%eth0") are refused: a zone is local to one machine and never
// appears on a client address seen by the server. An empty or blank s is the empty list.
func ParseAllowList(s string) (AllowList, error) {
	items := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
	var list AllowList
	seen := make(map[netip.Prefix]bool, len(items))
	for _, item := range items {
		p, ok := parseAllowItem(item)
		if !ok {
			return AllowList{}, &InvalidIPError{Item: item}
		}
		if !seen[p] {
			seen[p] = true
			list.prefixes = append(list.prefixes, p)
		}
	}
	return list, nil
}

// parseAllowItem reads one address (as a single-host prefix) or CIDR, normalised.
func parseAllowItem(item string) (netip.Prefix, bool) {
	if strings.Contains(item, "/") {
		p, err := netip.ParsePrefix(item)
		if err != nil {
			return netip.Prefix{}, false
		}
		addr, bits := p.Addr(), p.Bits()
		if addr.Is4In6() && bits >= 96 {
			// ::ffff:10.0.0.0/104 is 10.0.0.0/8 written the long way.
			addr, bits = addr.Unmap(), bits-96
		}
		return netip.PrefixFrom(addr, bits).Masked(), true
	}
	addr, err := netip.ParseAddr(item)
	if err != nil || addr.Zone() != "" {
		return netip.Prefix{}, false
	}
	addr = addr.Unmap()
	return netip.PrefixFrom(addr, addr.BitLen()), true
}

// Empty reports whether the list has no entries, i.e. imposes no restriction.
func (l AllowList) Empty() bool { return len(l.prefixes) == 0 }

// Allows reports whether a request from ip may proceed. The empty list allows everything. An
// IPv4-mapped IPv6 address (what a dual-stack listener reports for an IPv4 client) is compared as
// the IPv4 address it carries, and a zone is ignored. An invalid ip is refused by a non-empty list.
func (l AllowList) Allows(ip netip.Addr) bool {
	if l.Empty() {
		return true
	}
	if !ip.IsValid() {
		return false
	}
	ip = ip.WithZone("").Unmap()
	for _, p := range l.prefixes {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// String is the normalised list as stored and shown back to the user: entries separated by ", ",
// single hosts without a prefix length ("1.2.3.4, 10.0.0.0/8"). Parsing it again yields the same
// list.
func (l AllowList) String() string {
	parts := make([]string, len(l.prefixes))
	for i, p := range l.prefixes {
		if p.IsSingleIP() {
			parts[i] = p.Addr().String()
		} else {
			parts[i] = p.String()
		}
	}
	return strings.Join(parts, ", ")
}
