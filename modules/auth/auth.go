// Package auth owns staff users and sign-in: argon2id passwords, server-side sessions with
// opaque tokens (15-minute idle and absolute expiry), TOTP two-factor with enrollment by QR code,
// the per-user IP allow list, rate limits on every credential check, and the secretary's
// disable windows at sign-in (read from the settings module). It owns the users and sessions
// tables.
//
// It also serves the administrators' user management (/api/users): list with search and filters,
// create, change, soft delete (never one's own account), approve or reject pending users, and the
// Excel export. Deactivating, deleting, setting a new password or switching off two-factor ends
// the user's sessions at once. A user created by anyone but an administrator starts pending and
// cannot sign in until approved (platform/approval); events backoffice.auth.user.{created,
// approved,rejected}.v1 announce it.
//
// Resolving a session token reads the session and its user; each process keeps what it read, per
// token hash, for at most two seconds (app.sessionCacheTTL, at most 10,000 entries; concurrent
// misses for a token share one read; failed look-ups are never kept, so random tokens neither
// grow it nor push real sessions out). Only the reading is reused: absolute and idle expiry, the
// pending two-factor limit, the user's active and approved state and the IP allow list are judged
// on every request against the current time. Every change made through this process to a user or
// their sessions (logout, password, two-factor, IP list, profile, the administrators' changes,
// revocations) evicts that user's entries at once; a change made on another replica applies here
// within those two seconds.
//
// The user pages show each user's total sales (spec §3), computed by the sales module through
// UserSales (Deps.Sales) once per page or export batch; until it exists, NoSales answers zero for
// everyone.
//
// Public surface: the Module (routes, the httpx.Authenticator, user creation for the command line
// and the demo seed, the demo seed's sessions — SeedSession: no password check, no route —, user
// counts per company for the settings module) and the role names every other module's access
// rules use.
package auth

import (
	"context"

	"github.com/backoffice/backoffice/modules/auth/internal/app"
	"github.com/backoffice/backoffice/modules/auth/internal/domain"
)

// Role names of spec §6, as stored and as sent in the API's user object.
const (
	RoleAdmin     = string(domain.RoleAdmin)
	RoleSecretary = string(domain.RoleSecretary)
	RoleUser      = string(domain.RoleUser)
	RoleBuyer     = string(domain.RoleBuyer)
)

// User is the API's view of a user (never carries the two-factor secret).
type User = app.User

// NewUser is a user to create from the command line or the seed.
type NewUser = app.NewUser

// UserRecord is the administrators' view of a user: User plus approval and last change.
type UserRecord = app.UserRecord

// SecretaryWindows tells whether secretaries are blocked from signing in at a moment.
type SecretaryWindows = app.SecretaryWindows

// CompanyNames resolves company ids to names for the user object and the user lists.
type CompanyNames = app.CompanyNames

// SalesFigures are a seller's figures (money in centavos).
type SalesFigures = app.SalesFigures

// UserSales computes users' sales figures; the sales module implements it. The ids are users the
// caller may see; a user missing from the answer has no sales.
type UserSales = app.UserSales

// NoSales is the UserSales of a product without a sales module: nobody has sold anything yet.
type NoSales struct{}

// UserSales answers no figures (zeros).
func (NoSales) UserSales(context.Context, []int64) (map[int64]SalesFigures, error) {
	return map[int64]SalesFigures{}, nil
}
