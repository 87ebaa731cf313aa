package app

import (
	"context"
	"errors"
	"strings"

	"github.com/backoffice/backoffice/modules/auth/internal/domain"
	"github.com/backoffice/backoffice/modules/auth/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/uptrace/bun"
)

// NewUser is a user to create (the command line, the demo seed, and later the admins' user pages).
type NewUser struct {
	CompanyID                         int64
	Username, Password                string
	FirstName, LastName, Email, Phone string
	Role                              string
	Enable2FA                         bool
	// CreatedBy is the creating admin, 0 for the command line and the seed.
	CreatedBy int64
}

// MsgUsernameTaken is the answer for a username that exists already.
const MsgUsernameTaken = "The username has already been taken."

// CreateUser validates and stores a new, active, approved user.
func (s *Service) CreateUser(ctx context.Context, in NewUser) (User, error) {
	in.Username = strings.TrimSpace(in.Username)
	fields := map[string]string{}
	if in.Username == "" {
		fields["username"] = MsgUsernameRequired
	} else if len(in.Username) > 64 || strings.ContainsAny(in.Username, " \t\r\n") {
		fields["username"] = "Username must be at most 64 characters, without spaces."
	}
	role, err := domain.ParseRole(in.Role)
	if err != nil {
		fields["role"] = "Choose a role: admin, secretary, user or buyer."
	}
	for f, m := range domain.ValidateNewPassword(in.Password, in.Password) {
		fields[f] = m
	}
	if in.CompanyID == 0 {
		fields["company_id"] = "Company is required."
	}
	if len(fields) > 0 {
		return User{}, apperror.Invalid(firstMessage(fields, "username", "password", "role", "company_id"), fields)
	}
	if _, err := s.store.UserByUsername(ctx, in.Username); err == nil {
		return User{}, apperror.Field("username", MsgUsernameTaken)
	} else if !errors.Is(err, store.ErrNotFound) {
		return User{}, apperror.Internal(err)
	}
	hash, err := domain.HashPassword(in.Password)
	if err != nil {
		return User{}, apperror.Internal(err)
	}
	now := s.now().UTC()
	u := &store.User{CompanyID: in.CompanyID, Username: in.Username, FirstName: strings.TrimSpace(in.FirstName),
		LastName: strings.TrimSpace(in.LastName), Email: strings.TrimSpace(in.Email), Phone: strings.TrimSpace(in.Phone),
		Role: string(role), Active: true, PasswordHash: hash, EnableGoogle2FA: in.Enable2FA, ApprovalStatus: "approved",
		CreatedBy: audit.Int64(in.CreatedBy), CreatedAt: now, UpdatedAt: now}
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.store.With(tx).InsertUser(ctx, u); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{CompanyID: audit.Int64(u.CompanyID), ActorID: audit.Int64(in.CreatedBy),
			Action: "user_created", Entity: "user", EntityID: fmtID(u.ID), Detail: u.Role, CreatedAt: now})
	})
	if err != nil {
		// Two creations of the same username racing: the unique index decides.
		if _, lookErr := s.store.UserByUsername(ctx, in.Username); lookErr == nil {
			return User{}, apperror.Field("username", MsgUsernameTaken)
		}
		return User{}, apperror.Internal(err)
	}
	return s.toUser(ctx, u), nil
}

// UserExists reports whether a live user has this username (the seed uses it to stay idempotent).
func (s *Service) UserExists(ctx context.Context, username string) (bool, error) {
	_, err := s.store.UserByUsername(ctx, username)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}
