package httpx

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
)

// requestContext gives every request an id (echoed in X-Request-ID) and puts the id and the
// client address into the context handlers see.
func (s *Server) requestContext(c *fiber.Ctx) error {
	id := newRequestID(c)
	c.Set("X-Request-ID", id)
	ctx := context.WithValue(c.UserContext(), requestIDKey{}, id)
	ctx = WithClientIP(ctx, s.clientIP(c))
	ctx = context.WithValue(ctx, tlsKey{}, c.Protocol() == "https")
	c.SetUserContext(ctx)
	return c.Next()
}

func (s *Server) accessLog(c *fiber.Ctx) error {
	start := time.Now()
	err := c.Next()
	if err != nil {
		if herr := c.App().ErrorHandler(c, err); herr != nil {
			_ = c.SendStatus(fiber.StatusInternalServerError)
		}
	}
	status := c.Response().StatusCode()
	path := c.Path()
	if path == "/healthz" || path == "/readyz" {
		return nil
	}
	attrs := []any{
		"request_id", RequestID(c.UserContext()), "method", c.Method(), "path", path,
		"status", status, "duration_ms", float64(time.Since(start).Microseconds()) / 1000, "ip", ClientIP(c.UserContext()),
	}
	if p, ok := PrincipalFrom(c.UserContext()); ok {
		attrs = append(attrs, "user_id", p.UserID)
	}
	level := slog.LevelInfo
	if status >= 500 {
		level = slog.LevelError
	}
	s.logger.Log(c.UserContext(), level, "http request", attrs...)
	return nil
}

func (s *Server) recoverer(c *fiber.Ctx) (err error) {
	defer func() {
		if r := recover(); r != nil {
			s.logger.Error("panic serving request", "request_id", RequestID(c.UserContext()), "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			err = writeError(c, &ErrorBody{status: fiber.StatusInternalServerError, Code: "internal", Message: "An unexpected error occurred. Please try again."})
		}
	}()
	return c.Next()
}

// securityHeaders applies the OWASP baseline of DESIGN §8.
func securityHeaders(c *fiber.Ctx) error {
	c.Set("X-Content-Type-Options", "nosniff")
	c.Set("X-Frame-Options", "DENY")
	c.Set("Referrer-Policy", "same-origin")
	c.Set("Cross-Origin-Opener-Policy", "same-origin")
	c.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "+
		"script-src 'self'; connect-src 'self' ws: wss:; font-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'")
	if c.Protocol() == "https" {
		c.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
	}
	return c.Next()
}

// authenticate resolves the session token (authToken cookie or Bearer header) into a Principal.
// An invalid token leaves the request anonymous, so public calls such as login still work with a
// stale cookie; the per-operation Access then answers 401 where a session is required.
func (s *Server) authenticate(c *fiber.Ctx) error {
	if s.opts.Authenticator == nil {
		return c.Next()
	}
	token := ""
	if h := c.Get(fiber.HeaderAuthorization); strings.HasPrefix(h, "Bearer ") {
		token = strings.TrimSpace(strings.TrimPrefix(h, "Bearer "))
	}
	if token == "" {
		token = c.Cookies(SessionCookieName)
	}
	if token == "" {
		return c.Next()
	}
	p, err := s.opts.Authenticator.Authenticate(c.UserContext(), token, ClientIP(c.UserContext()))
	switch {
	case errors.Is(err, ErrAddressBlocked):
		return WriteBlockedPage(c)
	case err != nil:
		return c.Next()
	}
	p.Token = token
	c.SetUserContext(WithPrincipal(c.UserContext(), p))
	return c.Next()
}

// WriteBlockedPage answers a request from an address the user may not connect from: a 404 with an
// HTML body, which the web client shows in place of the whole page (spec §8, "IP bloqueada").
func WriteBlockedPage(c *fiber.Ctx) error {
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(fiber.StatusNotFound).SendString(blockedPage)
}

const blockedPage = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>IP bloqueada</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#0f172a;color:#e2e8f0;display:grid;place-items:center;min-height:100vh;margin:0}
main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}p{color:#94a3b8}</style></head>
<body><main><h1>IP bloqueada</h1>
<p>Su cuenta no permite el acceso desde esta dirección IP. Contacte a un administrador.</p>
<p>Your account does not allow access from this IP address. Please contact an administrator.</p></main></body></html>`

func (s *Server) readyz(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), 2*time.Second)
	defer cancel()
	results := map[string]string{}
	ok := true
	for _, ch := range s.checks {
		if err := ch.Probe(ctx); err != nil {
			ok = false
			results[ch.Name] = "failing"
			s.logger.Warn("readiness check failed", "check", ch.Name, "error", err)
			continue
		}
		results[ch.Name] = "ok"
	}
	status := "ok"
	code := fiber.StatusOK
	if !ok {
		status, code = "unavailable", fiber.StatusServiceUnavailable
	}
	return c.Status(code).JSON(fiber.Map{"status": status, "checks": results})
}

func writeError(c *fiber.Ctx, body *ErrorBody) error {
	for k, vs := range body.headers {
		for _, v := range vs {
			c.Set(k, v)
		}
	}
	b, _ := json.Marshal(body)
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	return c.Status(body.status).Send(b)
}

// WriteError sends err in the API's error shape from a raw Fiber handler or middleware.
func WriteError(c *fiber.Ctx, logger *slog.Logger, err error) error {
	return writeError(c, ToErrorBody(c.UserContext(), logger, err))
}

func fiberErrorHandler(logger *slog.Logger) fiber.ErrorHandler {
	return func(c *fiber.Ctx, err error) error {
		var fe *fiber.Error
		if errors.As(err, &fe) {
			return writeError(c, &ErrorBody{status: fe.Code, Code: codeForStatus(fe.Code), Message: fe.Message})
		}
		return WriteError(c, logger, err)
	}
}
