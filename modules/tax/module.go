package tax

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/tax/internal/app"
	taxhttp "github.com/backoffice/backoffice/modules/tax/internal/http"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/httpx"
)

// Deps is what the tax module needs from the process.
type Deps struct {
	DB  *bun.DB
	Now func() time.Time
	// AdminRole may set a year's UVT; every signed-in role may read the table.
	AdminRole string
	// Users names the administrator who last set each year (auth.Module.UserNames).
	Users caller.Users
}

// Module is the tax module's composition root: the UVT table and its API. Compute itself needs
// none of it.
type Module struct {
	svc    *app.Service
	access taxhttp.Access
}

// New wires the module.
func New(d Deps) *Module {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Module{svc: app.New(d.DB, d.Now, d.Users),
		access: taxhttp.Access{Readers: httpx.SignedIn(), Admins: httpx.SignedIn(d.AdminRole)}}
}

// Routes registers GET /api/tax/uvt (signed in) and PUT /api/tax/uvt/{year} (admin).
func (m *Module) Routes(api *httpx.API) { taxhttp.Routes(api, m.svc, m.access) }

// ParamsFor returns the Params of a document dated date: the UVT of date's year (read as a
// calendar date, like Input.Date). A year without a value is an apperror invalid with the message
// 'No UVT value for YEAR. An administrator must add it.'
func (m *Module) ParamsFor(ctx context.Context, date time.Time) (Params, error) {
	u, err := m.svc.Get(ctx, date.Year())
	if err != nil {
		return Params{}, err
	}
	return Params{Year: u.Year, UVTCents: u.UVTCents}, nil
}
