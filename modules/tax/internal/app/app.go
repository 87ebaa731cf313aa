// Package app is the tax module's use cases over the UVT table: list, read a year, and set a
// year's value (admins; audited).
package app

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/tax/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/caller"
)

// Messages the client shows (English keys; the web app translates them).
const (
	// MsgNoUVT takes the year.
	MsgNoUVT         = "No UVT value for %d. An administrator must add it."
	MsgYearRange     = "The year must be between 2006 and 2100."
	MsgUVTPositive   = "The UVT value must be greater than 0."
	MsgUVTWholePesos = "The UVT value must be in whole pesos."
	MsgUVTTooLarge   = "The UVT value is too large."
)

const (
	minYear, maxYear = 2006, 2100 // the UVT exists since 2006
	// maxUVTCents (100 million pesos) keeps UVT × 27 far from overflowing the tax arithmetic.
	maxUVTCents       = 10_000_000_000
	auditEntity       = "tax_uvt"
	auditActionSetUVT = "uvt_set"
)

// UVT is one year's value.
type UVT struct {
	Year      int
	UVTCents  int64
	CreatedAt time.Time
	UpdatedAt time.Time
	UpdatedBy *int64
	// UpdatedByName is UpdatedBy's display name (List and Set only: pricing a document needs none).
	UpdatedByName string
}

// Service runs the use cases.
type Service struct {
	db    *bun.DB
	now   func() time.Time
	users caller.Users
}

// New returns the service on db; users names who last set a year (the auth module).
func New(db *bun.DB, now func() time.Time, users caller.Users) *Service {
	return &Service{db: db, now: now, users: users}
}

// List returns every year, newest first.
func (s *Service) List(ctx context.Context) ([]UVT, error) {
	rows, err := store.New(s.db).List(ctx)
	if err != nil {
		return nil, apperror.Internal(err)
	}
	out := make([]UVT, len(rows))
	for i, r := range rows {
		out[i] = view(r)
	}
	return s.named(ctx, out)
}

// named fills UpdatedByName of the values an administrator set (the seeded ones have no author).
// The names are read when shown, not copied into tax_uvt: the page is the administrators', who
// see users' current names everywhere else too.
func (s *Service) named(ctx context.Context, us []UVT) ([]UVT, error) {
	var ids []int64
	for _, u := range us {
		if u.UpdatedBy != nil {
			ids = append(ids, *u.UpdatedBy)
		}
	}
	if len(ids) == 0 || s.users == nil {
		return us, nil
	}
	names, err := s.users.UserNames(ctx, ids)
	if err != nil {
		return nil, apperror.Internal(err)
	}
	for i, u := range us {
		if u.UpdatedBy != nil {
			us[i].UpdatedByName = names[*u.UpdatedBy]
		}
	}
	return us, nil
}

// Get returns a year's value; a missing year is an invalid-input error whose message tells the
// user what to do, since it blocks every purchase of that year.
func (s *Service) Get(ctx context.Context, year int) (UVT, error) {
	r, err := store.New(s.db).Get(ctx, year)
	if errors.Is(err, store.ErrNotFound) {
		return UVT{}, apperror.Invalid(fmt.Sprintf(MsgNoUVT, year), nil)
	}
	if err != nil {
		return UVT{}, apperror.Internal(err)
	}
	return view(r), nil
}

// Set adds or changes a year's value and audits it (old → new) in the same transaction.
func (s *Service) Set(ctx context.Context, p caller.Principal, year int, uvtCents int64) (UVT, error) {
	if year < minYear || year > maxYear {
		return UVT{}, apperror.Field("year", MsgYearRange)
	}
	switch {
	case uvtCents <= 0:
		return UVT{}, apperror.Field("uvt_cents", MsgUVTPositive)
	case uvtCents%100 != 0:
		return UVT{}, apperror.Field("uvt_cents", MsgUVTWholePesos)
	case uvtCents > maxUVTCents:
		return UVT{}, apperror.Field("uvt_cents", MsgUVTTooLarge)
	}
	now := s.now().UTC()
	err := s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		st := store.New(tx)
		old, err := st.Get(ctx, year)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if err := st.Upsert(ctx, store.Row{Year: year, UVTCents: uvtCents, CreatedAt: now, UpdatedAt: now,
			UpdatedBy: audit.Int64(p.UserID)}); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{CompanyID: audit.Int64(p.CompanyID), ActorID: audit.Int64(p.UserID),
			Action: auditActionSetUVT, Entity: auditEntity, EntityID: strconv.Itoa(year),
			Detail: fmt.Sprintf("uvt_cents %d -> %d", old.UVTCents, uvtCents), IP: caller.ClientIP(ctx), CreatedAt: now})
	})
	if err != nil {
		return UVT{}, apperror.Internal(err)
	}
	u, err := s.Get(ctx, year)
	if err != nil {
		return UVT{}, err
	}
	us, err := s.named(ctx, []UVT{u})
	if err != nil {
		return UVT{}, err
	}
	return us[0], nil
}

func view(r store.Row) UVT {
	return UVT{Year: r.Year, UVTCents: r.UVTCents, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt, UpdatedBy: r.UpdatedBy}
}
