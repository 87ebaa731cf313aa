// Package caller is who is calling a use case: the signed-in Principal and the client's address,
// carried in the context. The HTTP layer (platform/httpx) fills them from the session token and
// the trusted-proxy resolution of the request; use cases read them from here and never import
// the HTTP layer, so that a use case called by a command, a consumer or a test needs no HTTP
// request to know who acts.
package caller

import (
	"context"
	"errors"
	"fmt"
)

// Principal is who is calling: set by the authentication middleware for a valid session token.
type Principal struct {
	UserID    int64
	CompanyID int64
	Role      string
	SessionID int64
	// Pending2FA marks a session that has passed the password but not yet the one-time code:
	// it opens only operations that allow it (httpx.Access.Pending2FA).
	Pending2FA bool
	// Token is the raw session token, kept so that logout can revoke exactly this session.
	Token string
}

// ErrAddressBlocked is what resolving a session answers for a user calling from outside their
// IP allow list; the HTTP layer maps it to 403 ip_blocked.
var ErrAddressBlocked = errors.New("caller: client address not allowed for this user")

type principalKey struct{}

// With returns ctx carrying p.
func With(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// From returns the caller, if any.
func From(ctx context.Context) (Principal, bool) {
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

// Users names users (the auth module's UserNames): the display name of each id — first and last
// name, else the username —, deleted users included, an unknown id absent. A module that shows
// who recorded something (a sale's seller, a payment's creator) copies the name at write time
// through it, since only the auth module reads the users table and only administrators list
// users, while everyone who reads the record should see who wrote it.
type Users interface {
	UserNames(ctx context.Context, ids []int64) (map[int64]string, error)
}

// Name is the display name of user id by users. The id is a signed-in caller's, so a missing
// user is an error, not an empty name.
func Name(ctx context.Context, users Users, id int64) (string, error) {
	names, err := users.UserNames(ctx, []int64{id})
	if err != nil {
		return "", err
	}
	name, ok := names[id]
	if !ok {
		return "", fmt.Errorf("caller: user %d has no name", id)
	}
	return name, nil
}
