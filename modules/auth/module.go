package auth

import (
	"context"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth/internal/app"
	authhttp "github.com/backoffice/backoffice/modules/auth/internal/http"
	"github.com/backoffice/backoffice/modules/auth/internal/store"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/ws"
)

// Deps is what the auth module needs from the process.
type Deps struct {
	DB        *bun.DB
	Cache     cache.Store
	Windows   SecretaryWindows
	Companies CompanyNames
	Now       func() time.Time
	Logger    *slog.Logger
	// SessionTTL is the absolute session lifetime (expires_in); IdleTimeout ends unused sessions.
	SessionTTL, IdleTimeout time.Duration
	// Events writes user events to the outbox and wakes the relay after commit.
	Events eventbus.Emitter
	// Sales gives the user pages each user's sales figures (the sales module); nil: NoSales.
	Sales UserSales
}

// Module is the auth module's composition root.
type Module struct {
	svc *app.Service
}

// New wires the module.
func New(d Deps) *Module {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Sales == nil {
		d.Sales = NoSales{}
	}
	return &Module{svc: app.New(d.DB, d.Cache, d.Windows, d.Companies, d.Now, d.Logger,
		app.Config{SessionTTL: d.SessionTTL, IdleTimeout: d.IdleTimeout, Events: d.Events, Sales: d.Sales})}
}

// Routes registers the auth endpoints.
func (m *Module) Routes(api *httpx.API) { authhttp.Routes(api, m.svc, RoleAdmin) }

// IndexSearch indexes the search words (platform/search) of the users that have none (written
// before the word index existed, or inserted by hand) and returns how many it indexed.
func (m *Module) IndexSearch(ctx context.Context) (int, error) { return m.svc.IndexSearch(ctx) }

// Authenticator resolves session tokens for the HTTP server and the live channel.
func (m *Module) Authenticator() ws.Authenticator { return m.svc }

// CreateUser stores a new active, approved user (command line, seed).
func (m *Module) CreateUser(ctx context.Context, in NewUser) (User, error) {
	return m.svc.CreateUser(ctx, in)
}

// SeedSession opens a session for username without a password check and returns its token: the
// demo seed's way to act as the demo users it has just created (a sign-in would run argon2id once
// more per user on the first start's path). Go code only; no route calls it.
func (m *Module) SeedSession(ctx context.Context, username string) (string, error) {
	return m.svc.SeedSession(ctx, username)
}

// UserExists reports whether a live user has this username.
func (m *Module) UserExists(ctx context.Context, username string) (bool, error) {
	return m.svc.UserExists(ctx, username)
}

// CountUsers counts the live users of each company among companyIDs (the settings module's
// company list and company delete).
func (m *Module) CountUsers(ctx context.Context, companyIDs []int64) (map[int64]int, error) {
	return m.svc.CountUsers(ctx, companyIDs)
}

// UserNames returns the display name of each user among ids — first and last name, else the
// username, as the user pages show them —, deleted users included; an unknown id is absent. The
// sales module copies its seller's name onto a sale this way (DESIGN rule 3: names are copied at
// write time, never read from another module's table).
func (m *Module) UserNames(ctx context.Context, ids []int64) (map[int64]string, error) {
	return m.svc.UserNames(ctx, ids)
}

// Recipients returns, ascending, the live active users among ids, plus every approved
// administrator when admins, leaving out except (0: nobody): whom a notification reaches. It
// reads in tx, the caller's transaction (DESIGN rule 3), so the answer and the notifications
// written from it are one snapshot.
func (m *Module) Recipients(ctx context.Context, tx bun.IDB, ids []int64, admins bool, except int64) ([]int64, error) {
	return store.New(tx).Recipients(ctx, ids, admins, RoleAdmin, except)
}

// CheckAdminCredentials verifies an administrator's credentials without opening a session.
func (m *Module) CheckAdminCredentials(ctx context.Context, username, password, ip string) (int64, error) {
	return m.svc.CheckAdminCredentials(ctx, username, password, ip)
}

// Contact returns the live user id's display name and e-mail address, read on db (the advanced
// delete mails its verification code there); db.ErrNotFound when there is no such user.
func (m *Module) Contact(ctx context.Context, db bun.IDB, id int64) (name, email string, err error) {
	u, err := store.New(db).UserByID(ctx, id)
	if err != nil {
		return "", "", err
	}
	names, err := m.svc.UserNames(ctx, []int64{id})
	return names[id], u.Email, err
}
