// Package compose builds the whole back office — every module, wired to each other and to the
// HTTP server — on infrastructure it is given. cmd/backoffice's serve uses it on real
// infrastructure, and the API tests (modules/auth/authtest) on a test database, an in-memory
// cache and a manual clock, so that tests exercise exactly the product's wiring.
//
// Adding a module: a field in Product, its construction in New, its routes in Mount.
package compose

import (
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/settings"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/httpx"
)

// Deps is the infrastructure the modules run on.
type Deps struct {
	DB     *bun.DB
	Cache  cache.Store
	Now    func() time.Time
	Logger *slog.Logger
	// SessionTTL and IdleTimeout are the session lifetimes (config.Config).
	SessionTTL, IdleTimeout time.Duration
}

// Product is every module of the back office, wired.
type Product struct {
	Settings *settings.Module
	Auth     *auth.Module
}

// New wires the modules.
func New(d Deps) *Product {
	if d.Now == nil {
		d.Now = time.Now
	}
	st := settings.New(d.DB, d.Now, d.Logger)
	au := auth.New(auth.Deps{DB: d.DB, Cache: d.Cache, Windows: st, Companies: st, Now: d.Now, Logger: d.Logger,
		SessionTTL: d.SessionTTL, IdleTimeout: d.IdleTimeout})
	return &Product{Settings: st, Auth: au}
}

// ServerOptions are the HTTP server options the modules decide (the session authenticator);
// the caller adds logging, proxies, the web UI and the version.
func (p *Product) ServerOptions(o httpx.Options) httpx.Options {
	o.Authenticator = p.Auth.Authenticator()
	return o
}

// Mount registers every module's routes on srv, gate first, and finishes the server.
func (p *Product) Mount(srv *httpx.Server) {
	srv.UseAPI(p.Settings.Gate())
	p.Auth.Routes(srv.API())
	p.Settings.Routes(srv.API(), p.Auth, auth.RoleAdmin)
	srv.Finish()
}
