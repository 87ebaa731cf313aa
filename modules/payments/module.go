package payments

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/payments/internal/app"
	paymentshttp "github.com/backoffice/backoffice/modules/payments/internal/http"
	"github.com/backoffice/backoffice/modules/payments/internal/store"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/idempotency"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/payable"
)

// Deps is what the payments module needs from the process.
type Deps struct {
	DB *bun.DB
	// Cache (required) keeps the list totals and the Idempotency-Keys, shared by every replica
	// when it is Redis.
	Cache cache.Store
	// Attachments keeps the payments' and the runs' images (owners "payment", "payment_batch").
	Attachments *attachments.Store
	// Events publishes the domain events (outbox + relay wake-up).
	Events eventbus.Emitter
	// Users names the user who records a payment (*auth.Module), copied onto the payment.
	Users caller.Users
	// Purchases and Sales own the documents payments settle (*purchasing.Module, *sales.Module).
	Purchases, Sales payable.Ledger
	// StaffRoles list, read, record, delete and export (admin, user, secretary); AdminRole
	// approves and rejects, sees every company, and its payments are approved at once.
	StaffRoles []string
	AdminRole  string
	// Now is the clock (business dates, stamps, export file names).
	Now func() time.Time
}

// Module is the payments module's composition root.
type Module struct {
	svc   *app.Service
	roles paymentshttp.Roles
	// keys are the creates' Idempotency-Keys.
	keys *idempotency.Keys
}

// New wires the module. List totals are cached for a minute at most: this replica's writes
// invalidate them at once, another replica's show within that minute.
func New(d Deps) *Module {
	svc := app.New(app.Deps{DB: d.DB, Counter: listing.NewCounter(d.Cache, time.Minute), Attachments: d.Attachments,
		Events: d.Events, Users: d.Users, AdminRole: d.AdminRole, Now: d.Now,
		Ledgers: map[payable.Type]payable.Ledger{payable.Purchase: d.Purchases, payable.Sale: d.Sales}})
	// A payment's images, and a run's, are read by whoever reads the payment: staff of its
	// company, not buyers.
	d.Attachments.AllowReads(app.Entity, attachments.ReadableBy(d.StaffRoles, svc.Visible))
	d.Attachments.AllowReads(app.RunEntity, attachments.ReadableBy(d.StaffRoles, svc.RunVisible))
	return &Module{svc: svc, keys: idempotency.New(d.Cache, idempotency.TTL),
		roles: paymentshttp.Roles{Staff: d.StaffRoles, Deciders: []string{d.AdminRole}}}
}

// Routes registers /api/payments.
func (m *Module) Routes(api *httpx.API) { paymentshttp.Routes(api, m.svc, m.keys, m.roles) }

// IndexSearch indexes the search words of the payments that have none (loaded straight into the
// table). serve runs it in the background at start.
func (m *Module) IndexSearch(ctx context.Context) (int, error) { return m.svc.IndexSearch(ctx) }

// IndexSearchWords indexes the search words of the payments on db that have none, for tools that
// load them straight into the tables (the benchmarks).
func IndexSearchWords(ctx context.Context, db bun.IDB) (int, error) {
	return store.New(db).IndexMissingWords(ctx)
}
