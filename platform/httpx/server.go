// Package httpx is the HTTP platform every module plugs into: one Fiber app with the huma
// OpenAPI layer, request ids, JSON access logs, security headers, session authentication,
// deny-by-default access rules, the one error shape, health and readiness, the embedded web UI
// and graceful shutdown.
package httpx

import (
	"context"
	"io/fs"
	"log/slog"
	"maps"
	"net/netip"
	"sync"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humafiber"
	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/compress"
	"github.com/google/uuid"

	"github.com/backoffice/backoffice/platform/caller"
)

// Authenticator turns a session token into the caller. It returns ErrAddressBlocked when the
// token is valid but the user may not connect from clientIP, and any other error for a token
// that opens nothing (the request then goes on anonymous).
type Authenticator interface {
	Authenticate(ctx context.Context, token, clientIP string) (Principal, error)
}

// Rechecker is implemented by an Authenticator that can confirm a session is still valid without
// counting the check as the user's activity (long-lived WebSocket connections use it).
type Rechecker interface {
	Recheck(ctx context.Context, token, clientIP string) (Principal, error)
}

// ErrAddressBlocked is the Authenticator's answer for a user calling from outside their allow list
// (caller.ErrAddressBlocked, which use cases return).
var ErrAddressBlocked = caller.ErrAddressBlocked

// Check is one readiness probe (database, NATS, Redis).
type Check struct {
	Name  string
	Probe func(ctx context.Context) error
}

// Options configure a Server.
type Options struct {
	Logger *slog.Logger
	// TrustedProxies (addresses or CIDRs) may set X-Forwarded-For: behind them the client is the
	// right-most entry of that header that is not itself a trusted proxy.
	TrustedProxies []string
	// Authenticator resolves session tokens; nil means every request is anonymous.
	Authenticator Authenticator
	// Web is the built web UI (index.html + assets); nil serves no UI.
	Web fs.FS
	// Version is reported in the OpenAPI document.
	Version string
}

// setHumaError guards the one write of huma's package-level error hook.
var setHumaError sync.Once

// API is the huma API that modules register operations on.
type API struct {
	huma.API
	logger *slog.Logger
}

// Logger is where operation errors are logged.
func (a *API) Logger() *slog.Logger { return a.logger }

// Server is the HTTP server of one binary.
type Server struct {
	app    *fiber.App
	api    *API
	logger *slog.Logger
	checks []Check
	opts   Options
	// trusted are the parsed TrustedProxies.
	trusted []netip.Prefix
}

// New builds the server with its middleware chain; modules then register on API() and Router().
func New(opts Options) *Server {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	app := fiber.New(fiber.Config{
		AppName:                 "backoffice",
		DisableStartupMessage:   true,
		EnableTrustedProxyCheck: len(opts.TrustedProxies) > 0,
		TrustedProxies:          opts.TrustedProxies,
		ProxyHeader:             proxyHeader(opts.TrustedProxies),
		BodyLimit:               24 << 20, // five 4 MB images and the form around them
		ReadTimeout:             60 * time.Second,
		IdleTimeout:             120 * time.Second,
		ErrorHandler:            fiberErrorHandler(opts.Logger),
	})
	s := &Server{app: app, logger: opts.Logger, opts: opts, trusted: parsePrefixes(opts.Logger, opts.TrustedProxies)}

	app.Use(s.recoverer, s.requestContext, s.accessLog, securityHeaders)
	app.Use(compress.New(compress.Config{Level: compress.LevelBestSpeed}))
	app.Get("/healthz", func(c *fiber.Ctx) error { return c.JSON(fiber.Map{"status": "ok"}) })
	app.Get("/readyz", s.readyz)
	app.Use("/api", s.authenticate)

	// huma.NewError is huma's package-level hook; setting it once per process gives huma's own
	// errors (validation, malformed JSON) the API's single error shape. The Once keeps servers
	// built concurrently (tests) from racing on the variable.
	setHumaError.Do(func() { huma.NewError = newHumaError })
	cfg := huma.DefaultConfig("Back office API", opts.Version)
	// DefaultConfig hands out huma's package-level DefaultFormats map: copy it before adding to it.
	cfg.Formats = maps.Clone(cfg.Formats)
	cfg.OpenAPIPath = "/api/openapi"
	cfg.DocsPath = "/api/docs"
	cfg.SchemasPath = "/api/schemas"
	cfg.Formats[htmlContentType] = htmlFormat
	cfg.CreateHooks = nil // no $schema links injected into every response body
	cfg.Info.License = &huma.License{Name: "Proprietary", Identifier: "LicenseRef-Proprietary"}
	cfg.Components.SecuritySchemes = securitySchemes()
	// The API is served under the same origin as the web app; a relative server keeps the
	// document valid wherever it is deployed.
	cfg.Servers = []*huma.Server{{URL: "/", Description: "This server"}}
	api := humafiber.New(app, cfg)
	api.UseMiddleware(accessMiddleware(api), textCheckMiddleware(api))
	s.api = &API{API: api, logger: opts.Logger}
	return s
}

// API is where modules register their operations (through Register).
func (s *Server) API() *API { return s.api }

// UseAPI adds a Fiber middleware in front of every /api route (e.g. the site-status gate). It
// must be called before any operation is registered, as Fiber runs middleware in order.
func (s *Server) UseAPI(h fiber.Handler) { s.app.Use("/api", h) }

// App exposes the Fiber app for the few raw routes huma does not model (WebSocket upgrade).
func (s *Server) App() *fiber.App { return s.app }

// AddCheck registers a readiness probe.
func (s *Server) AddCheck(c Check) { s.checks = append(s.checks, c) }

// Finish mounts what must come after every module's routes: the web UI and its SPA fallback.
func (s *Server) Finish() {
	s.app.Use("/api", func(c *fiber.Ctx) error {
		return writeError(c, &ErrorBody{status: fiber.StatusNotFound, Code: "not_found", Message: "The requested information was not found"})
	})
	if s.opts.Web != nil {
		s.app.Use(webHandler(s.opts.Web))
	}
}

// Listen serves on addr until ctx is cancelled, then stops accepting connections and waits up to
// shutdownTimeout for in-flight requests to finish.
func (s *Server) Listen(ctx context.Context, addr string, shutdownTimeout time.Duration) error {
	errc := make(chan error, 1)
	go func() { errc <- s.app.Listen(addr) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.logger.Info("shutting down http server", "timeout", shutdownTimeout.String())
	if err := s.app.ShutdownWithTimeout(shutdownTimeout); err != nil {
		return err
	}
	return <-errc
}

func newRequestID(c *fiber.Ctx) string {
	if id := c.Get("X-Request-ID"); id != "" && len(id) <= 64 {
		return id
	}
	return uuid.NewString()
}

func proxyHeader(trusted []string) string {
	if len(trusted) == 0 {
		return ""
	}
	return fiber.HeaderXForwardedFor
}
