package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/search"
)

// StoreRecord is a row of stores (a company's point of sale or warehouse).
type StoreRecord struct {
	bun.BaseModel `bun:"table:stores"`

	ID        int64      `bun:"id,pk,autoincrement"`
	CompanyID int64      `bun:"company_id,notnull"`
	Name      string     `bun:"name,notnull"`
	Active    bool       `bun:"active,notnull"`
	CreatedBy *int64     `bun:"created_by"`
	CreatedAt time.Time  `bun:"created_at,notnull"`
	UpdatedAt time.Time  `bun:"updated_at,notnull"`
	DeletedAt *time.Time `bun:"deleted_at"`
	DeletedBy *int64     `bun:"deleted_by"`
	// SearchWords is the store's words column (StoreWords), written with its name.
	SearchWords string `bun:"search_words"`
}

// StoreSpec is the store list's sort keys: name (case-insensitive) and created_at.
var StoreSpec = listing.Spec{
	Columns: map[string]listing.Column{
		"name":       {Expr: "lower(s.name)", Kind: listing.String},
		"created_at": {Expr: "s.created_at", Kind: listing.Time},
	},
	Default: "name",
	ID:      "s.id",
}

// StoreFilter narrows the store list.
type StoreFilter struct {
	Scope Scope
	// CompanyID, when not 0, keeps one company's stores (within Scope).
	CompanyID int64
	// Q is search text: each of its terms begins a word of the name, accents and case ignored.
	Q string
	// Active keeps only active (true) or inactive (false) stores; nil keeps both.
	Active *bool
}

// StoreRow is a store with its company's name, as lists and forms show it.
type StoreRow struct {
	ID          int64     `bun:"id"`
	CompanyID   int64     `bun:"company_id"`
	CompanyName string    `bun:"company_name"`
	Name        string    `bun:"name"`
	Active      bool      `bun:"active"`
	CreatedAt   time.Time `bun:"created_at"`
	UpdatedAt   time.Time `bun:"updated_at"`
	SortKey     string    `bun:"sort_key"`
}

func (f StoreFilter) apply(sel *bun.SelectQuery) *bun.SelectQuery {
	sel = listing.Restrict(sel.Where("s.deleted_at IS NULL"), f.Scope, "s.company_id")
	if f.CompanyID != 0 {
		sel = sel.Where("s.company_id = ?", f.CompanyID)
	}
	return nameAndActive(sel, StoreWords, "s", f.Q, f.Active)
}

func (s *Store) storeSelect(f StoreFilter, sortKey string) *bun.SelectQuery {
	return f.apply(s.db.NewSelect().TableExpr("stores AS s").
		Join("JOIN companies AS co ON co.id = s.company_id").
		ColumnExpr("s.id, s.company_id, co.name AS company_name, s.name, s.active, s.created_at, s.updated_at").
		ColumnExpr(sortKey + " AS sort_key"))
}

// ListStores returns one page of stores as plan says.
func (s *Store) ListStores(ctx context.Context, f StoreFilter, plan *listing.Plan, sort string) ([]StoreRow, error) {
	return page[StoreRow](ctx, plan, s.storeSelect(f, StoreSpec.KeyExpr(sort)))
}

// CountStores counts the stores f matches.
func (s *Store) CountStores(ctx context.Context, f StoreFilter) (int, error) {
	return count(ctx, f.apply(s.db.NewSelect().TableExpr("stores AS s")))
}

// EachStore calls fn for every store f matches, in the list's order (the Excel export).
func (s *Store) EachStore(ctx context.Context, f StoreFilter, sort string, fn func(StoreRow) error) error {
	return listing.Each(ctx, s.storeSelect(f, StoreSpec.KeyExpr(sort)).OrderExpr(StoreSpec.OrderBy(sort)), fn)
}

// StoreByID finds a live store within scope, with its company's name.
func (s *Store) StoreByID(ctx context.Context, id int64, sc Scope) (StoreRow, error) {
	return first[StoreRow](ctx, s.storeSelect(StoreFilter{Scope: sc}, "''").Where("s.id = ?", id))
}

// StoreRecordByID finds a live store row within scope, for update.
func (s *Store) StoreRecordByID(ctx context.Context, id int64, sc Scope) (*StoreRecord, error) {
	r := new(StoreRecord)
	sel := listing.Restrict(s.db.NewSelect().Model(r).Where("id = ?", id).Where("deleted_at IS NULL"), sc, "company_id")
	err := sel.Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return r, err
}

// StoreNameTaken reports whether another live store (not exceptID) of the company has this
// name, ignoring letter case.
func (s *Store) StoreNameTaken(ctx context.Context, companyID int64, name string, exceptID int64) (bool, error) {
	return s.db.NewSelect().Model((*StoreRecord)(nil)).Where("company_id = ?", companyID).
		Where("lower(name) = ?", strings.ToLower(name)).Where("id <> ?", exceptID).
		Where("deleted_at IS NULL").Exists(ctx)
}

// InsertStore adds r and sets its ID.
func (s *Store) InsertStore(ctx context.Context, r *StoreRecord) error {
	r.SearchWords = search.WordsText(r.Name)
	_, err := s.db.NewInsert().Model(r).Returning("id").Exec(ctx)
	return err
}

// UpdateStore writes r's editable columns.
func (s *Store) UpdateStore(ctx context.Context, r *StoreRecord) error {
	r.SearchWords = search.WordsText(r.Name)
	_, err := s.db.NewUpdate().Model(r).Column("company_id", "name", "search_words", "active", "updated_at").
		WherePK().Where("deleted_at IS NULL").Exec(ctx)
	return err
}

// SoftDeleteStore marks a live store deleted within scope; it reports false when there was none.
func (s *Store) SoftDeleteStore(ctx context.Context, id, by int64, at time.Time, sc Scope) (bool, error) {
	return db.SoftDelete(ctx, listing.Restrict(s.db.NewUpdate().Table("stores"), sc, "company_id"), id, by, at)
}
