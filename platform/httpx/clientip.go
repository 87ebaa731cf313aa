package httpx

import (
	"log/slog"
	"net/netip"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// clientIP is the caller's address. Behind a trusted proxy it is the right-most X-Forwarded-For
// entry that is not itself a trusted proxy: each proxy appends the address it was called from,
// so that entry was written by our own proxy, while everything to its left was written by the
// client and proves nothing. (Fiber's c.IP() returns the raw header, which a client can fill with
// anything: a new address per attempt would escape every per-address rate limit, and an address
// from someone's allow list would pass the IP restriction.)
func (s *Server) clientIP(c *fiber.Ctx) string {
	remote, ok := netip.AddrFromSlice(c.Context().RemoteIP())
	if !ok {
		return c.Context().RemoteIP().String()
	}
	remote = remote.Unmap()
	if !s.isTrustedProxy(remote) {
		return remote.String()
	}
	hop := remote
	entries := strings.Split(c.Get(fiber.HeaderXForwardedFor), ",")
	for i := len(entries) - 1; i >= 0; i-- {
		addr, err := netip.ParseAddr(strings.TrimSpace(entries[i]))
		if err != nil {
			break // not an address: nothing left of it can be trusted either
		}
		addr = addr.WithZone("").Unmap()
		if !s.isTrustedProxy(addr) {
			return addr.String()
		}
		hop = addr
	}
	return hop.String()
}

func (s *Server) isTrustedProxy(addr netip.Addr) bool {
	for _, p := range s.trusted {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// parsePrefixes reads the trusted proxies, addresses or CIDRs as Fiber accepts them; an entry that
// is neither is logged and ignored, as Fiber does.
func parsePrefixes(logger *slog.Logger, entries []string) []netip.Prefix {
	var out []netip.Prefix
	for _, e := range entries {
		e = strings.TrimSpace(e)
		if p, err := netip.ParsePrefix(e); err == nil {
			out = append(out, p.Masked())
			continue
		}
		if a, err := netip.ParseAddr(e); err == nil {
			a = a.Unmap()
			out = append(out, netip.PrefixFrom(a, a.BitLen()))
			continue
		}
		logger.Warn("ignoring trusted proxy that is neither an address nor a CIDR", "entry", e)
	}
	return out
}
