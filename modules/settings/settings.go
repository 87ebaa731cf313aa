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

	"github.com/backoffice/backoffice/modules/settings/internal/app"
	settingshttp "github.com/backoffice/backoffice/modules/settings/internal/http"
	"github.com/backoffice/backoffice/platform/httpx"
)

// CredentialChecker verifies an administrator's credentials (implemented by the auth module).
type CredentialChecker = app.CredentialChecker

// Module is the settings module's composition root.
type Module struct {
	svc    *app.Service
	logger *slog.Logger
}

// New wires the module.
func New(db *bun.DB, now func() time.Time, logger *slog.Logger) *Module {
	if now == nil {
		now = time.Now
	}
	return &Module{svc: app.New(db, now, logger), logger: logger}
}

// Routes registers the site-status endpoints; adminRole may edit them, creds checks /activate.
func (m *Module) Routes(api *httpx.API, creds CredentialChecker, adminRole string) {
	settingshttp.Routes(api, m.svc, creds, adminRole)
}

// Gate is the Fiber middleware that closes the API while the site is off.
func (m *Module) Gate() fiber.Handler { return settingshttp.Gate(m.svc, m.logger) }

// SecretaryBlocked reports whether at falls inside a secretary disable window.
func (m *Module) SecretaryBlocked(ctx context.Context, at time.Time) (bool, error) {
	return m.svc.SecretaryBlocked(ctx, at)
}

// CompanyName returns a company's name.
func (m *Module) CompanyName(ctx context.Context, id int64) (string, error) {
	return m.svc.CompanyName(ctx, id)
}

// EnsureCompany returns the id of the company with this name, creating it if needed.
func (m *Module) EnsureCompany(ctx context.Context, name string) (int64, error) {
	return m.svc.EnsureCompany(ctx, name)
}
