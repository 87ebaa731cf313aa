// Package audit owns reading the audit trail: the administrators' page /audit (GET /api/audit
// and its Excel export) listing who did what to which record and when — approvals, rejections,
// deletes, archives, restores, settings changes and sign-ins, succeeded or failed. It owns no
// table: every module writes its entries into platform/audit's audit_log inside the transaction
// of the change they record (platform/audit keeps the writing), and this module only reads them.
// Actors' and companies' names come from their owners' public methods (auth's UserNames,
// settings' CompanyNames), never from their tables.
//
// Rules (decided here):
//   - Administrators only (403 for every other role); every company's entries, or the one
//     company_id names. Entries of no company (a failed sign-in of an unknown username) show
//     only without the company filter.
//   - Filters: actor_id (a user), kind (internal/domain: sign_in, approval, rejection, archive,
//     restore, deletion, settings, account, creation, change — matched on the action's verb or
//     the record kind), the record (entity, and entity_id needing entity), and the range from/to
//     (Bogota days, both or neither: 'Please select dates' like the reports).
//   - Newest first, keyset pages like every list; the export streams what the list shows.
package audit

import (
	"github.com/backoffice/backoffice/modules/audit/internal/app"
	audithttp "github.com/backoffice/backoffice/modules/audit/internal/http"
	"github.com/backoffice/backoffice/platform/httpx"
)

// Deps is what the module needs: the database, the names of users (auth.Module.UserNames) and
// of companies (settings.Module.CompanyNames), the administrators' role and the clock.
type Deps = app.Deps

// Module is the audit trail's composition root.
type Module struct {
	svc   *app.Service
	admin string
}

// New wires the module.
func New(d Deps) *Module {
	return &Module{svc: app.New(d), admin: d.AdminRole}
}

// Routes registers /api/audit and /api/audit/export.xlsx.
func (m *Module) Routes(api *httpx.API) { audithttp.Routes(api, m.svc, []string{m.admin}) }
