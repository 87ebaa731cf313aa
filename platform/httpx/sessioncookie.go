package httpx

import (
	"context"
	"net/http"
	"time"
)

// SessionCookieName is the cookie that carries the session token in the browser (spec §4). API
// clients send the same token as "Authorization: Bearer" instead.
const SessionCookieName = "authToken"

type tlsKey struct{}

// viaTLS tells whether the request came over TLS, directly or as a trusted proxy's
// X-Forwarded-Proto says (requestContext records it).
func viaTLS(ctx context.Context) bool {
	v, _ := ctx.Value(tlsKey{}).(bool)
	return v
}

// SessionCookie is the Set-Cookie header value that hands token to the browser for maxAge. The
// server writes it, never the web app: HttpOnly, so no script on the page can read the session;
// SameSite=Strict, so no other site's page can send it; Secure when the request came over TLS
// (a plain-HTTP install on localhost still works).
func SessionCookie(ctx context.Context, token string, maxAge time.Duration) string {
	c := &http.Cookie{Name: SessionCookieName, Value: token, Path: "/", MaxAge: int(maxAge / time.Second),
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: viaTLS(ctx)}
	return c.String()
}

// ExpiredSessionCookie is the Set-Cookie header value that removes the session cookie (logout).
func ExpiredSessionCookie(ctx context.Context) string {
	c := &http.Cookie{Name: SessionCookieName, Value: "", Path: "/", MaxAge: -1, Expires: time.Unix(0, 0),
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: viaTLS(ctx)}
	return c.String()
}
