package httpx

import (
	"context"

	"github.com/backoffice/backoffice/platform/caller"
)

// Principal is who is calling (platform/caller, which use cases read): the HTTP layer fills it
// from the session token.
type Principal = caller.Principal

// WithPrincipal returns ctx carrying p (caller.With).
func WithPrincipal(ctx context.Context, p Principal) context.Context { return caller.With(ctx, p) }

// PrincipalFrom returns the caller, if any (caller.From).
func PrincipalFrom(ctx context.Context) (Principal, bool) { return caller.From(ctx) }

// WithClientIP returns ctx carrying the caller's address (after trusted-proxy resolution).
func WithClientIP(ctx context.Context, ip string) context.Context {
	return caller.WithClientIP(ctx, ip)
}

// ClientIP returns the caller's address, or "" (caller.ClientIP).
func ClientIP(ctx context.Context) string { return caller.ClientIP(ctx) }

type requestIDKey struct{}

// RequestID returns the id of the request being served, or "".
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}
