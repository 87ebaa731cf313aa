// Package store is the auth module's only SQL: users and sessions.
package store

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
)

// ErrNotFound is returned when no row matches.
var ErrNotFound = db.ErrNotFound

// User is a row of users.
type User struct {
	bun.BaseModel `bun:"table:users"`

	ID                     int64      `bun:"id,pk,autoincrement"`
	CompanyID              int64      `bun:"company_id,notnull"`
	Username               string     `bun:"username,notnull"`
	FirstName              string     `bun:"first_name,notnull"`
	LastName               string     `bun:"last_name,notnull"`
	Email                  string     `bun:"email,notnull"`
	Phone                  string     `bun:"phone,notnull"`
	Role                   string     `bun:"role,notnull"`
	Active                 bool       `bun:"active,notnull"`
	IPAddress              string     `bun:"ip_address,notnull"`
	PasswordHash           string     `bun:"password_hash,notnull"`
	EnableGoogle2FA        bool       `bun:"enable_google2fa,notnull"`
	Google2FASecret        string     `bun:"google2fa_secret,notnull"`
	Google2FAPendingSecret string     `bun:"google2fa_pending_secret,notnull"`
	TOTPLastStep           int64      `bun:"totp_last_step,notnull"`
	ApprovalStatus         string     `bun:"approval_status,notnull"`
	ApprovalReason         string     `bun:"approval_reason,notnull"`
	ApprovedBy             *int64     `bun:"approved_by"`
	ApprovedAt             *time.Time `bun:"approved_at"`
	CreatedBy              *int64     `bun:"created_by"`
	CreatedAt              time.Time  `bun:"created_at,notnull"`
	UpdatedAt              time.Time  `bun:"updated_at,notnull"`
	DeletedAt              *time.Time `bun:"deleted_at"`
	DeletedBy              *int64     `bun:"deleted_by"`
}

// Session states.
const (
	SessionPending = "pending"
	SessionActive  = "active"
)

// Session is a row of sessions; only the token's hash is stored.
type Session struct {
	bun.BaseModel `bun:"table:sessions"`

	ID         int64      `bun:"id,pk,autoincrement"`
	TokenHash  string     `bun:"token_hash,notnull"`
	UserID     int64      `bun:"user_id,notnull"`
	State      string     `bun:"state,notnull"`
	IP         string     `bun:"ip,notnull"`
	UserAgent  string     `bun:"user_agent,notnull"`
	CreatedAt  time.Time  `bun:"created_at,notnull"`
	LastSeenAt time.Time  `bun:"last_seen_at,notnull"`
	ExpiresAt  time.Time  `bun:"expires_at,notnull"`
	RevokedAt  *time.Time `bun:"revoked_at"`
}

// Store reads and writes users and sessions on db (a *bun.DB or a transaction).
type Store struct{ db bun.IDB }

// New returns a Store on db.
func New(db bun.IDB) *Store { return &Store{db: db} }

// With returns a Store working inside tx.
func (s *Store) With(tx bun.IDB) *Store { return &Store{db: tx} }

// UserByUsername finds a live (not deleted) user, ignoring letter case.
func (s *Store) UserByUsername(ctx context.Context, username string) (*User, error) {
	u := new(User)
	err := s.db.NewSelect().Model(u).
		Where("lower(username) = ?", strings.ToLower(strings.TrimSpace(username))).
		Where("deleted_at IS NULL").Limit(1).Scan(ctx)
	return u, db.NotFound(err)
}

// UserByID finds a live user.
func (s *Store) UserByID(ctx context.Context, id int64) (*User, error) {
	u := new(User)
	err := s.db.NewSelect().Model(u).Where("id = ?", id).Where("deleted_at IS NULL").Scan(ctx)
	return u, db.NotFound(err)
}

// InsertUser adds u and sets its ID.
func (s *Store) InsertUser(ctx context.Context, u *User) error {
	return s.inTx(ctx, func(ctx context.Context, tx bun.IDB) error {
		if _, err := tx.NewInsert().Model(u).Returning("id").Exec(ctx); err != nil {
			return err
		}
		return putWords(ctx, tx, u.ID)
	})
}

// UpdateUserColumns writes the named columns of u (and updated_at).
func (s *Store) UpdateUserColumns(ctx context.Context, u *User, columns ...string) error {
	if !slices.ContainsFunc(columns, func(c string) bool { return slices.Contains(wordColumns, c) }) {
		_, err := s.db.NewUpdate().Model(u).Column(append(columns, "updated_at")...).WherePK().Exec(ctx)
		return err
	}
	return s.inTx(ctx, func(ctx context.Context, tx bun.IDB) error {
		if _, err := tx.NewUpdate().Model(u).Column(append(columns, "updated_at")...).WherePK().Exec(ctx); err != nil {
			return err
		}
		return putWords(ctx, tx, u.ID)
	})
}

// wordColumns are the users' columns that their word rows depend on (Words).
var wordColumns = []string{"username", "first_name", "last_name", "email", "company_id"}

// AdvanceTOTPStep records step as the user's last used one-time-code step, only if it is newer
// than the stored one. It reports false when another request already used this step or a later
// one: a code is never accepted twice, even by two replicas at the same instant.
func (s *Store) AdvanceTOTPStep(ctx context.Context, userID, step int64) (bool, error) {
	res, err := s.db.NewUpdate().Model((*User)(nil)).Set("totp_last_step = ?", step).
		Where("id = ?", userID).Where("totp_last_step < ?", step).Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// InsertSession adds a session and sets its ID.
func (s *Store) InsertSession(ctx context.Context, sess *Session) error {
	_, err := s.db.NewInsert().Model(sess).Returning("id").Exec(ctx)
	return err
}

// SessionByHash finds a session that is not revoked, with its user.
func (s *Store) SessionByHash(ctx context.Context, hash string) (*Session, *User, error) {
	sess := new(Session)
	if err := s.db.NewSelect().Model(sess).Where("token_hash = ?", hash).Where("revoked_at IS NULL").Scan(ctx); err != nil {
		return nil, nil, db.NotFound(err)
	}
	u, err := s.UserByID(ctx, sess.UserID)
	if err != nil {
		return nil, nil, err
	}
	return sess, u, nil
}

// TouchSession moves last_seen_at forward (idle expiry is measured from it).
func (s *Store) TouchSession(ctx context.Context, id int64, at time.Time) error {
	_, err := s.db.NewUpdate().Model((*Session)(nil)).Set("last_seen_at = ?", at).Where("id = ?", id).Exec(ctx)
	return err
}

// ActivateSession turns a pending (2FA not yet checked) session into a full one.
func (s *Store) ActivateSession(ctx context.Context, id int64, at time.Time) error {
	_, err := s.db.NewUpdate().Model((*Session)(nil)).Set("state = ?", SessionActive).Set("last_seen_at = ?", at).
		Where("id = ?", id).Where("state = ?", SessionPending).Exec(ctx)
	return err
}

// RevokeSession ends one session.
func (s *Store) RevokeSession(ctx context.Context, id int64, at time.Time) error {
	_, err := s.db.NewUpdate().Model((*Session)(nil)).Set("revoked_at = ?", at).
		Where("id = ?", id).Where("revoked_at IS NULL").Exec(ctx)
	return err
}

// RevokeUserSessions ends every session of a user except keepID (0 keeps none).
func (s *Store) RevokeUserSessions(ctx context.Context, userID, keepID int64, at time.Time) error {
	_, err := s.db.NewUpdate().Model((*Session)(nil)).Set("revoked_at = ?", at).
		Where("user_id = ?", userID).Where("id <> ?", keepID).Where("revoked_at IS NULL").Exec(ctx)
	return err
}
