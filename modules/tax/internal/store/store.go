// Package store is the tax module's only SQL: the tax_uvt table, one row per year.
package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"
)

// ErrNotFound is returned when the year has no UVT.
var ErrNotFound = errors.New("tax store: no UVT for the year")

// Row is one year's UVT.
type Row struct {
	bun.BaseModel `bun:"table:tax_uvt"`

	Year      int       `bun:"year,pk"`
	UVTCents  int64     `bun:"uvt_cents,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull"`
	UpdatedAt time.Time `bun:"updated_at,notnull"`
	UpdatedBy *int64    `bun:"updated_by"`
}

// Store reads and writes tax_uvt.
type Store struct{ db bun.IDB }

// New returns a store on db (a *bun.DB, or a transaction for writes audited with it).
func New(db bun.IDB) *Store { return &Store{db: db} }

// List returns every year, newest first.
func (s *Store) List(ctx context.Context) ([]Row, error) {
	rows := []Row{}
	err := s.db.NewSelect().Model(&rows).OrderExpr("year DESC").Scan(ctx)
	return rows, err
}

// Get returns one year's UVT, or ErrNotFound.
func (s *Store) Get(ctx context.Context, year int) (Row, error) {
	var r Row
	err := s.db.NewSelect().Model(&r).Where("year = ?", year).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return Row{}, ErrNotFound
	}
	return r, err
}

// Upsert sets a year's UVT, inserting the year when it is new (created_at is kept on update).
// One statement, so two administrators saving the same new year at once cannot collide.
func (s *Store) Upsert(ctx context.Context, r Row) error {
	_, err := s.db.NewInsert().Model(&r).
		On("CONFLICT (year) DO UPDATE").
		Set("uvt_cents = EXCLUDED.uvt_cents").
		Set("updated_at = EXCLUDED.updated_at").
		Set("updated_by = EXCLUDED.updated_by").
		Exec(ctx)
	return err
}
