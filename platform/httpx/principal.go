package httpx

import "context"

// Principal is who is calling: set by the authentication middleware for a valid session token.
type Principal struct {
	UserID    int64
	CompanyID int64
	Role      string
	SessionID int64
	// Pending2FA marks a session that has passed the password but not yet the one-time code:
	// it opens only operations that allow it (Access.Pending2FA).
	Pending2FA bool
	// Token is the raw session token, kept so that logout can revoke exactly this session.
	Token string
}

type principalKey struct{}

// WithPrincipal returns ctx carrying p.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// PrincipalFrom returns the caller, if any.
func PrincipalFrom(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok
}

type clientIPKey struct{}

// WithClientIP returns ctx carrying the caller's address (after trusted-proxy resolution).
func WithClientIP(ctx context.Context, ip string) context.Context {
	return context.WithValue(ctx, clientIPKey{}, ip)
}

// ClientIP returns the caller's address, or "".
func ClientIP(ctx context.Context) string {
	ip, _ := ctx.Value(clientIPKey{}).(string)
	return ip
}

type requestIDKey struct{}

// RequestID returns the id of the request being served, or "".
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}
