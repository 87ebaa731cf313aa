// Package settings owns the site-wide settings and the companies: the site status (site off,
// all domains off, the secretary's sign-in disable windows in America/Bogota), its re-activation
// by an administrator, and the companies table every record is scoped by. It owns the
// site_settings and companies tables.
//
// "Disable site" and "disable all domains" both switch the whole API off (503 site_disabled,
// the web app shows /disabled): this product serves one domain, so the spec's distinction has
// no second target yet. Only /api/site_setting/{status,disable_time,activate} stay open, and
// an administrator's credentials on /activate switch the site back on.
package settings

import (
	"context"
	"log/slog"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/settings/internal/app"
	settingshttp "github.com/backoffice/backoffice/modules/settings/internal/http"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/httpx"
)

// CredentialChecker verifies an administrator's credentials (implemented by the auth module).
type CredentialChecker = app.CredentialChecker

// CompanyUsers counts the live users of companies (implemented by the auth module).
type CompanyUsers = app.CompanyUsers

// Users is what the settings module needs from the auth module.
type Users interface {
	CredentialChecker
	CompanyUsers
}

// StoreReferences is implemented by a module whose records name a store; a store in use cannot
// be deleted. Give implementations in Deps.StoreRefs.
type StoreReferences = app.StoreReferences

// Company is the API's view of a company.
type Company = app.Company

// Store is the API's view of a store.
type Store = app.Store

// TaxProfile is a company's tax flags.
type TaxProfile = app.TaxProfile

// Deps is what the settings module needs from the process.
type Deps struct {
	DB *bun.DB
	// Cache keeps the lists' totals.
	Cache  cache.Store
	Now    func() time.Time
	Logger *slog.Logger
	// Push tells every open tab, on every process, that the site was switched off (ws.Pusher);
	// nil pushes nothing.
	Push Pusher
	// Users checks the credentials on /activate and counts the companies' users (the auth
	// module, which is built after this one: it reads the secretary windows and company names,
	// so the product passes a late-bound adapter).
	Users Users
	// StoreRefs tell whether another module's records name a store; a store in use cannot be
	// deleted.
	StoreRefs []StoreReferences
}

// Pusher sends a live message to every open tab (ws.Pusher implements it).
type Pusher = app.Pusher

// Module is the settings module's composition root.
type Module struct {
	svc    *app.Service
	users  Users
	logger *slog.Logger
}

// New wires the module.
func New(d Deps) *Module {
	if d.Now == nil {
		d.Now = time.Now
	}
	svc := app.New(app.Deps{DB: d.DB, Cache: d.Cache, Now: d.Now, Log: d.Logger, Push: d.Push, Users: d.Users,
		StoreRefs: d.StoreRefs})
	return &Module{svc: svc, users: d.Users, logger: d.Logger}
}

// Routes registers the site-status, company and store endpoints.
func (m *Module) Routes(api *httpx.API) {
	settingshttp.Routes(api, m.svc, m.users, auth.RoleAdmin, []string{auth.RoleAdmin, auth.RoleUser, auth.RoleSecretary})
}

// IndexSearch writes the search words (platform/search) of the companies and stores that have
// none (written before the words columns existed) and returns how many it wrote.
func (m *Module) IndexSearch(ctx context.Context) (int, error) { return m.svc.IndexSearch(ctx) }

// CompanyNames returns the names of the live companies among ids.
func (m *Module) CompanyNames(ctx context.Context, ids []int64) (map[int64]string, error) {
	return m.svc.CompanyNames(ctx, ids)
}

// CompanyTaxProfile returns a live company's tax flags (apperror not_found when it is gone).
func (m *Module) CompanyTaxProfile(ctx context.Context, id int64) (TaxProfile, error) {
	return m.svc.CompanyTaxProfile(ctx, id)
}

// StoreName returns the name of the live store storeID of company companyID (a purchase copies
// it at write time); ok is false when there is none (missing, deleted or another company's).
func (m *Module) StoreName(ctx context.Context, companyID, storeID int64) (name string, ok bool, err error) {
	return m.svc.StoreName(ctx, companyID, storeID)
}

// StoreOfCompany reports whether storeID is a live store of companyID.
func (m *Module) StoreOfCompany(ctx context.Context, storeID, companyID int64) (bool, error) {
	return m.svc.StoreOfCompany(ctx, storeID, companyID)
}

// Gate is the Fiber middleware that closes the API while the site is off.
func (m *Module) Gate() fiber.Handler { return settingshttp.Gate(m.svc, m.logger) }

// SecretaryBlocked reports whether at falls inside a secretary disable window.
func (m *Module) SecretaryBlocked(ctx context.Context, at time.Time) (bool, error) {
	return m.svc.SecretaryBlocked(ctx, at)
}

// CompanyActive reports whether a company is live and active (auth lets only their users in).
func (m *Module) CompanyActive(ctx context.Context, id int64) (bool, error) {
	return m.svc.CompanyActive(ctx, id)
}

// CompanyName returns a company's name.
func (m *Module) CompanyName(ctx context.Context, id int64) (string, error) {
	return m.svc.CompanyName(ctx, id)
}

// EnsureCompany returns the id of the company with this name, creating it if needed.
func (m *Module) EnsureCompany(ctx context.Context, name string) (int64, error) {
	return m.svc.EnsureCompany(ctx, name)
}
