// Package store is the settings module's only SQL: companies, stores and the site status row.
//
// Every read of companies and stores skips soft-deleted rows; store reads also apply the caller's
// Scope, so a row of another company is simply not found.
package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/search"
)

// ErrNotFound is returned when no row matches.
var ErrNotFound = db.ErrNotFound

// Company is a row of companies.
type Company struct {
	bun.BaseModel `bun:"table:companies"`

	ID       int64  `bun:"id,pk,autoincrement"`
	Name     string `bun:"name,notnull"`
	Active   bool   `bun:"active,notnull"`
	HasTaxes bool   `bun:"has_taxes,notnull"`
	// WithholdingAgent and ReteIVAAgent: whether the company withholds income tax and VAT;
	// Autorretenedor: whether it withholds its own income tax (so its customers do not).
	WithholdingAgent bool       `bun:"withholding_agent,notnull"`
	ReteIVAAgent     bool       `bun:"reteiva_agent,notnull"`
	Autorretenedor   bool       `bun:"autorretenedor,notnull"`
	CreatedAt        time.Time  `bun:"created_at,notnull"`
	UpdatedAt        time.Time  `bun:"updated_at,notnull"`
	DeletedAt        *time.Time `bun:"deleted_at"`
	DeletedBy        *int64     `bun:"deleted_by"`
	// SearchWords is the company's words column (CompanyWords), written with its name.
	SearchWords string `bun:"search_words"`
}

// Site is the single row (id 1) of site_settings.
type Site struct {
	bun.BaseModel `bun:"table:site_settings"`

	ID                int64     `bun:"id,pk"`
	DisableSite       bool      `bun:"disable_site,notnull"`
	DisableAllDomains bool      `bun:"disable_all_domains,notnull"`
	DisableTimes      string    `bun:"disable_times,notnull"`
	UpdatedAt         time.Time `bun:"updated_at,notnull"`
	UpdatedBy         *int64    `bun:"updated_by"`
}

// Store reads and writes the settings tables on db (a *bun.DB or a transaction).
type Store struct{ db bun.IDB }

// New returns a Store on db.
func New(db bun.IDB) *Store { return &Store{db: db} }

// With returns a Store working inside tx.
func (s *Store) With(tx bun.IDB) *Store { return &Store{db: tx} }

// CompanyByID finds a live company.
func (s *Store) CompanyByID(ctx context.Context, id int64) (*Company, error) {
	c := new(Company)
	err := s.db.NewSelect().Model(c).Where("id = ?", id).Where("deleted_at IS NULL").Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return c, err
}

// CompanyByName finds a live company by name, ignoring letter case.
func (s *Store) CompanyByName(ctx context.Context, name string) (*Company, error) {
	c := new(Company)
	err := s.db.NewSelect().Model(c).Where("lower(name) = ?", strings.ToLower(strings.TrimSpace(name))).
		Where("deleted_at IS NULL").Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return c, err
}

// InsertCompany adds c and sets its ID.
func (s *Store) InsertCompany(ctx context.Context, c *Company) error {
	c.SearchWords = search.WordsText(c.Name)
	_, err := s.db.NewInsert().Model(c).Returning("id").Exec(ctx)
	return err
}

// Site returns the site status row, or the defaults (everything enabled) when it was never saved.
func (s *Store) Site(ctx context.Context) (*Site, error) {
	row := new(Site)
	err := s.db.NewSelect().Model(row).Where("id = 1").Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return &Site{ID: 1, DisableTimes: "[]"}, nil
	}
	return row, err
}

// SaveSite writes the site status row.
func (s *Store) SaveSite(ctx context.Context, row *Site) error {
	row.ID = 1
	_, err := s.db.NewInsert().Model(row).
		On("CONFLICT (id) DO UPDATE").
		Set("disable_site = EXCLUDED.disable_site").
		Set("disable_all_domains = EXCLUDED.disable_all_domains").
		Set("disable_times = EXCLUDED.disable_times").
		Set("updated_at = EXCLUDED.updated_at").
		Set("updated_by = EXCLUDED.updated_by").
		Exec(ctx)
	return err
}
