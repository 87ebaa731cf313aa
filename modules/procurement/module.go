package procurement

import (
	"context"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/procurement/internal/app"
	procurementhttp "github.com/backoffice/backoffice/modules/procurement/internal/http"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/listing"
)

// totalsTTL bounds how long a cached list total may lag behind another replica's write (this
// replica's own writes drop it at once).
const totalsTTL = time.Minute

// Deps is what the procurement module needs from the process.
type Deps struct {
	DB    *bun.DB
	Cache cache.Store
	// Attachments keeps order and receipt images.
	Attachments *attachments.Store
	// Stock adjusts product stock when a receipt is approved (the catalog module).
	Stock Stock
	// Catalog checks an order's product and category and names them in the lists
	// (*catalog.Module).
	Catalog Catalog
	// Invoices tells which received orders a purchase invoices (*purchasing.Module); nil: none.
	Invoices Invoices
	// Events publishes the module's domain events.
	Events eventbus.Emitter
	// AdminRole decides and sees every company; BuyerRole creates orders and deletes its own
	// pending ones; StaffRoles (user, secretary) create and edit orders.
	AdminRole, BuyerRole string
	StaffRoles           []string
	Now                  func() time.Time
	Logger               *slog.Logger
}

// Module is the procurement module's composition root.
type Module struct {
	svc    *app.Service
	access procurementhttp.Access
	now    func() time.Time
}

// New wires the module.
func New(d Deps) *Module {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	var counter *listing.Counter
	if d.Cache != nil {
		counter = listing.NewCounter(d.Cache, totalsTTL)
	}
	svc := app.New(app.Deps{DB: d.DB, Counter: counter, Attachments: d.Attachments, Stock: d.Stock, Catalog: d.Catalog, Invoices: d.Invoices,
		Events: d.Events, AdminRole: d.AdminRole, BuyerRole: d.BuyerRole, Now: d.Now, Logger: d.Logger})
	every := append([]string{d.AdminRole, d.BuyerRole}, d.StaffRoles...)
	// Order and receipt images are read by whoever reads the order or receipt.
	d.Attachments.AllowReads(app.OrderImageOwner, attachments.ReadableBy(every, svc.OrderVisible))
	d.Attachments.AllowReads(app.ReceiptImageOwner, attachments.ReadableBy(every, svc.ReceiptVisible))
	return &Module{svc: svc, now: d.Now, access: procurementhttp.Access{
		Read:        httpx.SignedIn(every...),
		CreateOrder: httpx.SignedIn(append([]string{d.BuyerRole}, d.StaffRoles...)...),
		EditOrder:   httpx.SignedIn(d.StaffRoles...),
		Receive:     httpx.SignedIn(every...),
		Decide:      httpx.SignedIn(d.AdminRole),
		Delete:      httpx.SignedIn(every...),
		Draft:       httpx.SignedIn(append([]string{d.AdminRole}, d.StaffRoles...)...),
	}}
}

// IndexSearch indexes the search words (platform/search) of the purchase orders and received
// orders that have none (written before the word indexes existed) and returns how many it
// indexed.
func (m *Module) IndexSearch(ctx context.Context) (int, error) { return m.svc.IndexSearch(ctx) }

// Routes registers /api/purchase-orders and /api/received-orders.
func (m *Module) Routes(api *httpx.API) { procurementhttp.Routes(api, m.svc, m.access, m.now) }
