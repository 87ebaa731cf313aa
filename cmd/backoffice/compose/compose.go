// Package compose builds the whole back office — every module, wired to each other and to the
// HTTP server — on infrastructure it is given. cmd/backoffice's serve uses it on real
// infrastructure, and the API tests (modules/auth/authtest) on a test database, an in-memory
// cache and a manual clock, so that tests exercise exactly the product's wiring.
//
// Adding a module: a field in Product, its construction in New, its routes in Mount.
package compose

import (
	"context"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/catalog"
	"github.com/backoffice/backoffice/modules/notifications"
	"github.com/backoffice/backoffice/modules/people"
	"github.com/backoffice/backoffice/modules/procurement"
	"github.com/backoffice/backoffice/modules/purchasing"
	"github.com/backoffice/backoffice/modules/settings"
	"github.com/backoffice/backoffice/modules/tax"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/ws"
)

// Deps is the infrastructure the modules run on.
type Deps struct {
	DB     *bun.DB
	Cache  cache.Store
	Now    func() time.Time
	Logger *slog.Logger
	// SessionTTL and IdleTimeout are the session lifetimes (config.Config).
	SessionTTL, IdleTimeout time.Duration
	// Bus carries domain events (durable consumers) and the live channel between processes;
	// nil serves no /ws and consumes nothing (API tests that do not need them).
	Bus *eventbus.Bus
	// Events is how modules publish domain events (outbox + relay wake-up).
	Events eventbus.Emitter
}

// Product is every module of the back office, wired.
type Product struct {
	Settings *settings.Module
	Auth     *auth.Module
	// Attachments stores uploaded images (product images) and serves them.
	Attachments *attachments.Store
	// Catalog is categories and products.
	Catalog *catalog.Module
	// People is customers and suppliers.
	People *people.Module
	// Procurement is purchase orders and the received orders booked against them.
	Procurement *procurement.Module
	// Purchasing is purchases priced with the Colombian taxes.
	Purchasing *purchasing.Module
	// Tax keeps the yearly UVT (tax.Compute itself is a pure function).
	Tax *tax.Module
	// Live is the WebSocket gateway of this process (nil without a bus); Push reaches every
	// process's gateway.
	Live *ws.Gateway
	Push ws.Pusher
	// Notifications is each person's inbox; with a bus it also runs the shared durable consumer
	// that turns domain events into notifications and live pushes.
	Notifications *notifications.Module
}

// New wires the modules.
func New(d Deps) (*Product, error) {
	if d.Now == nil {
		d.Now = time.Now
	}
	var sitePush settings.Pusher // switching the site off moves every open tab to /disabled
	if d.Bus != nil {
		sitePush = ws.NewPusher(d.Bus)
	}
	st := settings.New(settings.Deps{DB: d.DB, Cache: d.Cache, Now: d.Now, Logger: d.Logger, Push: sitePush})
	au := auth.New(auth.Deps{DB: d.DB, Cache: d.Cache, Windows: st, Companies: st, Now: d.Now, Logger: d.Logger,
		SessionTTL: d.SessionTTL, IdleTimeout: d.IdleTimeout, Events: d.Events})
	p := &Product{Settings: st, Auth: au}
	p.Attachments = attachments.New(d.DB, d.Now)
	p.Tax = tax.New(tax.Deps{DB: d.DB, Now: d.Now, AdminRole: auth.RoleAdmin})
	poUsage := procurement.NewUsage(d.DB) // ordered/received per category, references, receipt status
	p.Purchasing = purchasing.New(purchasing.Deps{DB: d.DB, Cache: d.Cache, Attachments: p.Attachments,
		Events: d.Events, Companies: st, Taxes: p.Tax, ReceivedOrders: poUsage, Now: d.Now, AdminRole: auth.RoleAdmin,
		StaffRoles: []string{auth.RoleAdmin, auth.RoleUser, auth.RoleSecretary}})
	st.AddStoreReferences(p.Purchasing)
	p.Catalog = catalog.New(catalog.Deps{Quantities: poUsage, DB: d.DB, Cache: d.Cache, Attachments: p.Attachments, Companies: st,
		AdminRole: auth.RoleAdmin, Now: d.Now, Logger: d.Logger,
		CategoryRefs: []catalog.CategoryReferences{p.Purchasing, poUsage}, ProductRefs: []catalog.ProductReferences{p.Purchasing, poUsage},
		PickRoles:  []string{auth.RoleAdmin, auth.RoleUser, auth.RoleSecretary, auth.RoleBuyer},
		ReadRoles:  []string{auth.RoleAdmin, auth.RoleUser, auth.RoleSecretary},
		WriteRoles: []string{auth.RoleAdmin, auth.RoleUser, auth.RoleSecretary}})
	p.Procurement = procurement.New(procurement.Deps{DB: d.DB, Cache: d.Cache, Attachments: p.Attachments,
		Stock: p.Catalog, Events: d.Events, AdminRole: auth.RoleAdmin, BuyerRole: auth.RoleBuyer,
		StaffRoles: []string{auth.RoleUser, auth.RoleSecretary}, Now: d.Now, Logger: d.Logger})
	p.People = people.New(people.Deps{DB: d.DB, Cache: d.Cache, Companies: st, Events: d.Events, Now: d.Now,
		StaffRoles: []string{auth.RoleAdmin, auth.RoleUser, auth.RoleSecretary}, AdminRole: auth.RoleAdmin})
	p.People.AddSupplierReferences(p.Purchasing)
	p.Purchasing.SetSuppliers(p.People)
	if d.Bus != nil {
		g, err := ws.NewGateway(d.Bus, au.Authenticator(), d.Logger)
		if err != nil {
			return nil, err
		}
		p.Live, p.Push = g, ws.NewPusher(d.Bus)
	}
	nd := notifications.Deps{DB: d.DB, AdminRole: auth.RoleAdmin, Now: d.Now, Logger: d.Logger,
		OtherRoles: []string{auth.RoleUser, auth.RoleSecretary, auth.RoleBuyer}}
	if d.Bus != nil {
		nd.Events, nd.Push = d.Bus, p.Push
	}
	p.Notifications = notifications.New(nd)
	if err := p.Notifications.Start(context.Background()); err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

// IndexSearch indexes the search words (platform/search) of the records that have none —
// products, customers, suppliers, purchases, purchase orders, received orders, users and
// notifications (word tables), categories, companies and stores (words columns) written before
// their words existed, or loaded straight into the tables — and returns how many it indexed. It
// is idempotent and cheap when there is nothing to do, so serve runs it in the background at
// every start.
func (p *Product) IndexSearch(ctx context.Context) (int, error) {
	n := 0
	for _, index := range []func(context.Context) (int, error){p.Catalog.IndexSearch, p.People.IndexSearch,
		p.Purchasing.IndexSearch, p.Procurement.IndexSearch, p.Auth.IndexSearch, p.Notifications.IndexSearch,
		p.Settings.IndexSearch} {
		k, err := index(ctx)
		n += k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// Close stops this process's notifications consumer and ends its live connections.
func (p *Product) Close() {
	if p.Notifications != nil {
		p.Notifications.Close()
	}
	if p.Live != nil {
		p.Live.Close()
	}
}

// ServerOptions are the HTTP server options the modules decide (the session authenticator);
// the caller adds logging, proxies, the web UI and the version.
func (p *Product) ServerOptions(o httpx.Options) httpx.Options {
	o.Authenticator = p.Auth.Authenticator()
	return o
}

// Mount registers every module's routes on srv, gate first, and finishes the server. withLive
// also serves the live channel at /ws (off on API replicas when cmd/notifier serves it).
func (p *Product) Mount(srv *httpx.Server, withLive bool) {
	if withLive {
		p.mountLive(srv)
	}
	srv.UseAPI(p.Settings.Gate())
	p.Auth.Routes(srv.API())
	p.Attachments.Routes(srv.API())
	p.Catalog.Routes(srv.API())
	p.People.Routes(srv.API())
	p.Procurement.Routes(srv.API())
	p.Purchasing.Routes(srv.API())
	p.Notifications.Routes(srv.API())
	p.Tax.Routes(srv.API())
	p.Settings.Routes(srv.API(), p.Auth)
	srv.Finish()
}

// MountNotifier registers only the live channel: what cmd/notifier serves.
func (p *Product) MountNotifier(srv *httpx.Server) {
	p.mountLive(srv)
	srv.Finish()
}

func (p *Product) mountLive(srv *httpx.Server) {
	if p.Live != nil {
		srv.App().Get("/ws", p.Live.Handler())
	}
}
