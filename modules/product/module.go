// Package product builds the whole back office — every module, wired to each other and to the
// HTTP server — on infrastructure it is given. It owns no table and no route of its own: it is
// the composition of the modules' root packages, which DESIGN rule 1 lets any module import.
// cmd/backoffice builds it on real infrastructure, and the API test harness
// (modules/auth/authtest) on a test database, an in-memory cache and a manual clock, so that tests
// exercise exactly the product's wiring. It lives under modules/ rather than cmd/ so that the
// harness, and through it the modules' tests, never import cmd/ (import direction
// cmd → modules → platform). cmd/notifier does not use it: it serves only the live channel and
// wires the four parts that needs itself.
//
// Every module is constructed with everything it needs, no setter afterwards. Two cycles are
// broken here: the references that keep a customer, supplier, store, product or category from
// being deleted, and the customers' sales figures, come from the owners' Usage values
// (purchasing.NewUsage, procurement.NewUsage, sales.NewUsage), which read only their own
// tables and so are built first; and settings, which auth reads, reaches auth through a
// late-bound adapter (authUsers) bound before New returns.
//
// Building is separate from starting: New starts nothing; Start runs this process's
// notifications consumer (serve, and tests that need it).
//
// Adding a module: a field in Product, its construction in New, its routes in Mount.
package product

import (
	"cmp"
	"context"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/archive"
	"github.com/backoffice/backoffice/modules/audit"
	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/catalog"
	"github.com/backoffice/backoffice/modules/notifications"
	"github.com/backoffice/backoffice/modules/payments"
	"github.com/backoffice/backoffice/modules/people"
	"github.com/backoffice/backoffice/modules/procurement"
	"github.com/backoffice/backoffice/modules/purchasing"
	"github.com/backoffice/backoffice/modules/reports"
	"github.com/backoffice/backoffice/modules/sales"
	"github.com/backoffice/backoffice/modules/settings"
	"github.com/backoffice/backoffice/modules/tax"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/mail"
	"github.com/backoffice/backoffice/platform/ws"
)

// Deps is the infrastructure the modules run on.
type Deps struct {
	DB *bun.DB
	// ReportsDB is where the reports module reads (a replica; nil: DB).
	ReportsDB *bun.DB
	Cache     cache.Store
	Now       func() time.Time
	Logger    *slog.Logger
	// SessionTTL and IdleTimeout are the session lifetimes (config.Config).
	SessionTTL, IdleTimeout time.Duration
	// Bus carries domain events (durable consumers) and the live channel between processes;
	// nil serves no /ws and consumes nothing (API tests that do not need them).
	Bus *eventbus.Bus
	// Events is how modules publish domain events (outbox + relay wake-up).
	Events eventbus.Emitter
	// Mail sends the product's e-mail (platform/mail.FromConfig in production); nil is a
	// mail.Memory that keeps the messages in the process (tests, the OpenAPI document).
	Mail mail.Sender
	// Later is what the modules still to come (returns) give the ones that exist; zero until
	// they land. The API tests fill it to prove the people module honours it.
	Later Later
}

// Later holds what the modules still to come (returns) give the people module — the
// references that keep a customer or supplier from being deleted, beside sales' and
// purchasing's — and UserSales, a stand-in for the sales module's users' figures that auth's
// tests give to count its calls (nil: the sales module's).
type Later struct {
	UserSales    auth.UserSales
	CustomerRefs []people.CustomerReferences
	SupplierRefs []people.SupplierReferences
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
	// Sales is sales to customers, priced with the Colombian taxes, taking stock.
	Sales *sales.Module
	// Payments is money paid on purchases and sales, through their owners' payable.Ledger.
	Payments *payments.Module
	// Reports reads the report views (every page and the dashboard's figures).
	Reports *reports.Module
	// Archive is the advanced delete: batches of records archived with a reason, restored by an
	// administrator.
	Archive *archive.Module
	// Mail is the Deps' sender, for the modules built here that send e-mail.
	Mail mail.Sender
	// Audit reads the audit trail every module writes (the administrators' /audit page).
	Audit *audit.Module
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

// New wires the modules. It starts nothing (Start does).
func New(d Deps) (*Product, error) {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Mail == nil {
		d.Mail = &mail.Memory{}
	}
	var sitePush settings.Pusher // switching the site off moves every open tab to /disabled
	if d.Bus != nil {
		sitePush = ws.NewPusher(d.Bus)
	}
	staff := []string{auth.RoleAdmin, auth.RoleUser, auth.RoleSecretary}
	// What references a supplier, store, product or category, read from the owners' tables only.
	purUsage := purchasing.NewUsage(d.DB)
	poUsage := procurement.NewUsage(d.DB) // also ordered/received per category, receipt status
	saleUsage := sales.NewUsage(d.DB)     // also the customers' and users' sales figures
	var userSales auth.UserSales = saleUsage
	if d.Later.UserSales != nil {
		userSales = d.Later.UserSales
	}
	users := &authUsers{}
	st := settings.New(settings.Deps{DB: d.DB, Cache: d.Cache, Now: d.Now, Logger: d.Logger, Push: sitePush,
		Users: users, StoreRefs: []settings.StoreReferences{purUsage, saleUsage}})
	au := auth.New(auth.Deps{DB: d.DB, Cache: d.Cache, Windows: st, Companies: st, Now: d.Now, Logger: d.Logger,
		SessionTTL: d.SessionTTL, IdleTimeout: d.IdleTimeout, Events: d.Events, Sales: userSales})
	users.m = au
	p := &Product{Settings: st, Auth: au, Mail: d.Mail}
	p.Attachments = attachments.New(d.DB, d.Now)
	p.Tax = tax.New(tax.Deps{DB: d.DB, Now: d.Now, AdminRole: auth.RoleAdmin, Users: au})
	p.Catalog = catalog.New(catalog.Deps{Quantities: poUsage, DB: d.DB, Cache: d.Cache, Attachments: p.Attachments, Companies: st,
		AdminRole: auth.RoleAdmin, Now: d.Now, Logger: d.Logger,
		CategoryRefs: []catalog.CategoryReferences{purUsage, poUsage}, ProductRefs: []catalog.ProductReferences{purUsage, poUsage, saleUsage},
		Events:     d.Events,
		PickRoles:  []string{auth.RoleAdmin, auth.RoleUser, auth.RoleSecretary, auth.RoleBuyer},
		ReadRoles:  staff,
		WriteRoles: staff})
	p.People = people.New(people.Deps{DB: d.DB, Cache: d.Cache, Companies: st, Events: d.Events, Now: d.Now,
		StaffRoles: staff, AdminRole: auth.RoleAdmin,
		CustomerTotals: saleUsage, SupplierTotals: purUsage, CustomerRefs: append([]people.CustomerReferences{saleUsage}, d.Later.CustomerRefs...),
		SupplierRefs: append([]people.SupplierReferences{purUsage}, d.Later.SupplierRefs...)})
	p.Purchasing = purchasing.New(purchasing.Deps{DB: d.DB, Cache: d.Cache, Attachments: p.Attachments,
		Events: d.Events, Suppliers: p.People, Companies: st, Catalog: p.Catalog, Taxes: p.Tax, ReceivedOrders: poUsage, Now: d.Now,
		Stock: p.Catalog, Users: au, AdminRole: auth.RoleAdmin, StaffRoles: staff})
	p.Sales = sales.New(sales.Deps{DB: d.DB, Cache: d.Cache, Attachments: p.Attachments, Events: d.Events,
		Customers: p.People, Companies: st, Catalog: p.Catalog, Taxes: p.Tax, Users: au, Now: d.Now,
		StaffRoles: staff, SellerRoles: []string{auth.RoleUser, auth.RoleSecretary}, AdminRole: auth.RoleAdmin})
	p.Payments = payments.New(payments.Deps{DB: d.DB, Cache: d.Cache, Attachments: p.Attachments, Events: d.Events,
		Users: au, Purchases: p.Purchasing, Sales: p.Sales, StaffRoles: staff, AdminRole: auth.RoleAdmin, Now: d.Now})
	p.Procurement = procurement.New(procurement.Deps{DB: d.DB, Cache: d.Cache, Attachments: p.Attachments,
		Stock: p.Catalog, Catalog: p.Catalog, Invoices: p.Purchasing, Events: d.Events, AdminRole: auth.RoleAdmin, BuyerRole: auth.RoleBuyer,
		StaffRoles: []string{auth.RoleUser, auth.RoleSecretary}, Now: d.Now, Logger: d.Logger})
	p.Archive = archive.New(archive.Deps{DB: d.DB, Mail: d.Mail, Users: au, Now: d.Now,
		DeleteRoles: []string{auth.RoleAdmin, auth.RoleUser}, AdminRole: auth.RoleAdmin,
		Kinds: map[string]archive.Kind{
			"purchases": {Owner: p.Purchasing.Purchases(), Along: p.Payments.Attached(), DocType: "purchase"},
			"sales":     {Owner: p.Sales.Sales(), Along: p.Payments.Attached(), DocType: "sale"},
			"payments":  {Owner: p.Payments.Payments(), Filters: []string{archive.FilterStatus}},
			// Returns on their own, the purchase staying; a refund settling their credit keeps them.
			"returns":         {Owner: p.Purchasing.Returns(p.Payments)},
			"purchase_orders": {Owner: p.Procurement.PurchaseOrders(), Filters: []string{archive.FilterStatus}},
			"received_orders": {Owner: p.Procurement.ReceivedOrders(), Filters: []string{archive.FilterStatus}},
			// Master data: what live records still hold stays ('… cannot be deleted: it has …').
			"customers":  {Owner: p.People.Customers(), Filters: []string{archive.FilterStatus}, NoAmounts: true},
			"suppliers":  {Owner: p.People.Suppliers(), Filters: []string{archive.FilterStatus}, NoAmounts: true},
			"products":   {Owner: p.Catalog.Products(), Filters: []string{archive.FilterCategory}, NoAmounts: true},
			"categories": {Owner: p.Catalog.Categories(), Filters: []string{}, NoAmounts: true},
		}})
	p.Audit = audit.New(audit.Deps{DB: d.DB, Users: au.UserNames, Companies: st.CompanyNames, AdminRole: auth.RoleAdmin, Now: d.Now})
	p.Reports = reports.New(reports.Deps{DB: cmp.Or(d.ReportsDB, d.DB), StaffRoles: staff, AdminRole: auth.RoleAdmin, Now: d.Now})
	if d.Bus != nil {
		g, err := ws.NewGateway(d.Bus, au.Authenticator(), d.Logger)
		if err != nil {
			return nil, err
		}
		p.Live, p.Push = g, ws.NewPusher(d.Bus)
	}
	p.Notifications = NewNotifications(d.DB, au, d.Bus, p.Push, d.Now, d.Logger)
	return p, nil
}

// NewNotifications builds the notifications module as every process runs it: consuming the
// domain events from bus and pushing over push when there is a bus (nil: the inbox API only),
// its recipients resolved by the auth module, users.
// cmd/notifier builds it alone.
func NewNotifications(db *bun.DB, users *auth.Module, bus *eventbus.Bus, push ws.Pusher, now func() time.Time, logger *slog.Logger) *notifications.Module {
	nd := notifications.Deps{DB: db, Users: users, AdminRole: auth.RoleAdmin, Now: now, Logger: logger,
		OtherRoles: []string{auth.RoleUser, auth.RoleSecretary, auth.RoleBuyer}}
	if bus != nil {
		nd.Events, nd.Push = bus, push
	}
	return notifications.New(nd)
}

// Start runs this process's share of the notifications consumer (nothing without a bus). Close
// stops it.
func (p *Product) Start(ctx context.Context) error { return p.Notifications.Start(ctx) }

// authUsers is the settings module's view of the auth module, which is built after settings
// because it reads settings (the secretary windows, company names). New binds m before it
// returns, so no request ever finds it nil.
type authUsers struct{ m *auth.Module }

func (a *authUsers) CheckAdminCredentials(ctx context.Context, username, password, ip string) (int64, error) {
	return a.m.CheckAdminCredentials(ctx, username, password, ip)
}

func (a *authUsers) CountUsers(ctx context.Context, companyIDs []int64) (map[int64]int, error) {
	return a.m.CountUsers(ctx, companyIDs)
}

// IndexSearch indexes the search words (platform/search) of the records that have none —
// products, customers, suppliers, purchases, sales, payments, purchase orders, received orders,
// users and notifications (word tables), categories, companies and stores (words columns) written before
// their words existed, or loaded straight into the tables — and returns how many it indexed. It
// is idempotent and cheap when there is nothing to do, so serve runs it in the background at
// every start.
func (p *Product) IndexSearch(ctx context.Context) (int, error) {
	n := 0
	for _, index := range []func(context.Context) (int, error){p.Catalog.IndexSearch, p.People.IndexSearch,
		p.Purchasing.IndexSearch, p.Sales.IndexSearch, p.Payments.IndexSearch, p.Procurement.IndexSearch, p.Auth.IndexSearch, p.Notifications.IndexSearch,
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
	p.Sales.Routes(srv.API())
	p.Payments.Routes(srv.API())
	p.Reports.Routes(srv.API())
	p.Archive.Routes(srv.API())
	p.Audit.Routes(srv.API())
	p.Notifications.Routes(srv.API())
	p.Tax.Routes(srv.API())
	p.Settings.Routes(srv.API())
	srv.Finish()
}

func (p *Product) mountLive(srv *httpx.Server) {
	if p.Live != nil {
		srv.App().Get("/ws", p.Live.Handler())
	}
}
