package store

import (
	"context"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/search"
)

// CompanySpec is the company list's sort keys: name (case-insensitive) and created_at.
var CompanySpec = listing.Spec{
	Columns: map[string]listing.Column{
		"name":       {Expr: "lower(c.name)", Kind: listing.String},
		"created_at": {Expr: "c.created_at", Kind: listing.Time},
	},
	Default: "name",
	ID:      "c.id",
}

// CompanyFilter narrows the company list.
type CompanyFilter struct {
	// Q is search text: each of its terms begins a word of the name, accents and case ignored.
	Q string
	// Active keeps only active (true) or inactive (false) companies; nil keeps both.
	Active *bool
}

// CompanyRow is a company as the list shows it: with its number of live stores, and the value it
// sorts by (read back from SQL, so that a cursor holds exactly what the database compares).
type CompanyRow struct {
	ID               int64     `bun:"id"`
	Name             string    `bun:"name"`
	Active           bool      `bun:"active"`
	HasTaxes         bool      `bun:"has_taxes"`
	WithholdingAgent bool      `bun:"withholding_agent"`
	ReteIVAAgent     bool      `bun:"reteiva_agent"`
	Autorretenedor   bool      `bun:"autorretenedor"`
	CreatedAt        time.Time `bun:"created_at"`
	UpdatedAt        time.Time `bun:"updated_at"`
	Stores           int       `bun:"stores"`
	SortKey          string    `bun:"sort_key"`
}

func (f CompanyFilter) apply(sel *bun.SelectQuery) *bun.SelectQuery {
	return nameAndActive(sel.Where("c.deleted_at IS NULL"), CompanyWords, "c", f.Q, f.Active)
}

// companySelect selects the list's columns, sortKey (sortKeyExpr) as sort_key.
func (s *Store) companySelect(f CompanyFilter, sortKey string) *bun.SelectQuery {
	return f.apply(s.db.NewSelect().TableExpr("companies AS c").
		ColumnExpr("c.id, c.name, c.active, c.has_taxes, c.withholding_agent, c.reteiva_agent, c.autorretenedor, c.created_at, c.updated_at").
		ColumnExpr("(SELECT count(*) FROM stores AS s WHERE s.company_id = c.id AND s.deleted_at IS NULL) AS stores").
		ColumnExpr(sortKey + " AS sort_key"))
}

// ListCompanies returns one page of companies as plan says.
func (s *Store) ListCompanies(ctx context.Context, f CompanyFilter, plan *listing.Plan, sort string) ([]CompanyRow, error) {
	return page[CompanyRow](ctx, plan, s.companySelect(f, CompanySpec.KeyExpr(sort)))
}

// CountCompanies counts the companies f matches.
func (s *Store) CountCompanies(ctx context.Context, f CompanyFilter) (int, error) {
	return count(ctx, f.apply(s.db.NewSelect().TableExpr("companies AS c")))
}

// EachCompany calls fn for every company f matches, in the list's order, reading rows one at a
// time (the Excel export).
func (s *Store) EachCompany(ctx context.Context, f CompanyFilter, sort string, fn func(CompanyRow) error) error {
	return listing.Each(ctx, s.companySelect(f, CompanySpec.KeyExpr(sort)).OrderExpr(CompanySpec.OrderBy(sort)), fn)
}

// CompanyRowByID finds a live company with its store count.
func (s *Store) CompanyRowByID(ctx context.Context, id int64) (CompanyRow, error) {
	return first[CompanyRow](ctx, s.companySelect(CompanyFilter{}, "''").Where("c.id = ?", id))
}

// CompanyNameTaken reports whether another live company (not exceptID) has this name, ignoring
// letter case.
func (s *Store) CompanyNameTaken(ctx context.Context, name string, exceptID int64) (bool, error) {
	return s.db.NewSelect().Model((*Company)(nil)).Where("lower(name) = ?", strings.ToLower(name)).
		Where("id <> ?", exceptID).Where("deleted_at IS NULL").Exists(ctx)
}

// UpdateCompany writes c's editable columns.
func (s *Store) UpdateCompany(ctx context.Context, c *Company) error {
	c.SearchWords = search.WordsText(c.Name)
	_, err := s.db.NewUpdate().Model(c).
		Column("name", "search_words", "active", "has_taxes", "withholding_agent", "reteiva_agent", "autorretenedor",
			"updated_at").
		WherePK().Where("deleted_at IS NULL").Exec(ctx)
	return err
}

// SoftDeleteCompany marks a live company deleted; it reports false when there was none.
func (s *Store) SoftDeleteCompany(ctx context.Context, id, by int64, at time.Time) (bool, error) {
	return db.SoftDelete(ctx, s.db.NewUpdate().Table("companies"), id, by, at)
}

// CompanyStoreCount counts a company's live stores.
func (s *Store) CompanyStoreCount(ctx context.Context, companyID int64) (int, error) {
	return count(ctx, s.db.NewSelect().Model((*StoreRecord)(nil)).Where("company_id = ?", companyID).Where("deleted_at IS NULL"))
}

// CompanyNames returns the names of the live companies among ids.
func (s *Store) CompanyNames(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Company
	if err := s.db.NewSelect().Model(&rows).Column("id", "name").Where("id IN (?)", bun.In(ids)).
		Where("deleted_at IS NULL").Scan(ctx); err != nil {
		return nil, err
	}
	for _, c := range rows {
		out[c.ID] = c.Name
	}
	return out, nil
}
