package reports

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/reports/internal/app"
	reportshttp "github.com/backoffice/backoffice/modules/reports/internal/http"
	"github.com/backoffice/backoffice/modules/reports/internal/store"
	"github.com/backoffice/backoffice/platform/httpx"
)

// Deps is what the reports module needs from the process.
type Deps struct {
	// DB is where the report views and aggregates are read: the main database, or the replica
	// BACKOFFICE_REPORTS_DATABASE_URL names (platform/config).
	DB *bun.DB
	// StaffRoles read the reports of their company (admin, user, secretary); AdminRole reads
	// every company's and the admin-only pages (users_report).
	StaffRoles []string
	AdminRole  string
	// Now is the clock (the default range, ageing, export file names).
	Now func() time.Time
}

// Module is the reports module's composition root.
type Module struct {
	svc   *app.Service
	roles reportshttp.Roles
}

// New wires the module.
func New(d Deps) *Module {
	return &Module{svc: app.New(app.Deps{DB: d.DB, AdminRole: d.AdminRole, Now: d.Now}),
		roles: reportshttp.Roles{Staff: d.StaffRoles, Admins: []string{d.AdminRole}}}
}

// Routes registers /api/reports/….
func (m *Module) Routes(api *httpx.API) { reportshttp.Routes(api, m.svc, m.roles) }

// RebuildAggregates recomputes the reports' aggregates (report_document_days,
// report_payment_days, report_due_balances, report_user_days, report_payment_acts, report_product_months,
// report_product_days and its company sums, report_product_bought, report_lot_lines and report_lot_totals, report_payable_dues, and the party aggregates) from the owners' tables, in db (pass a
// transaction). The triggers keep them exact on every write; this is for a bulk load that
// bypassed them (session_replication_role = replica, as bench/reports loads) and for tests that
// compare the kept aggregates with fresh ones.
func RebuildAggregates(ctx context.Context, db bun.IDB) error { return store.Rebuild(ctx, db) }
