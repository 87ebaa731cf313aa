package app

import (
	"context"
	"errors"

	"github.com/backoffice/backoffice/modules/auth/internal/domain"
	"github.com/backoffice/backoffice/modules/auth/internal/store"
	"github.com/backoffice/backoffice/platform/caller"
)

// NewUser is a user to create from the command line or the demo seed (the admins' pages send a
// UserInput).
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

// CreateUser stores a new, active, approved user for the command line and the demo seed: they
// act as an administrator (CreatedBy, or nobody), and the password is typed once.
func (s *Service) CreateUser(ctx context.Context, in NewUser) (User, error) {
	active, twoFactor := true, in.Enable2FA
	system := caller.Principal{UserID: in.CreatedBy, Role: string(domain.RoleAdmin)}
	id, err := s.create(ctx, system, UserInput{Username: in.Username, FirstName: in.FirstName, LastName: in.LastName,
		Email: in.Email, Phone: in.Phone, CompanyID: in.CompanyID, Role: in.Role, Active: &active, Enable2FA: &twoFactor,
		Password: in.Password, PasswordConfirmation: in.Password})
	if err != nil {
		return User{}, err
	}
	rec, err := s.record(ctx, id, store.Scope{All: true})
	return rec.User, err
}

// UserExists reports whether a live user has this username (the seed uses it to stay idempotent).
func (s *Service) UserExists(ctx context.Context, username string) (bool, error) {
	_, err := s.store.UserByUsername(ctx, username)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}
