package store

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/search"
)

// ProductFacts is a live product with its live category, as other modules' documents check and
// copy it (catalog.ProductFacts).
type ProductFacts struct {
	ID           int64  `bun:"id"`
	CompanyID    int64  `bun:"company_id"`
	CategoryID   int64  `bun:"category_id"`
	CategoryName string `bun:"category_name"`
	Code         string `bun:"code"`
	Name         string `bun:"name"`
	Unit         string `bun:"unit"`
	IVAClass     string `bun:"iva_class"`
	Kind         string `bun:"kind"`
	CostCents    int64  `bun:"cost_cents"`
}

// ProductFacts returns the live products among ids whose category is live, of company companyID
// (0: any company), in no order.
func (s *Store) ProductFacts(ctx context.Context, companyID int64, ids []int64) ([]ProductFacts, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	var rows []ProductFacts
	q := s.liveProducts(companyID, ids).
		ColumnExpr("pr.id, pr.company_id, pr.category_id, c.name AS category_name, pr.code, pr.name, pr.unit, pr.iva_class, pr.kind, pr.cost_cents")
	return rows, q.Scan(ctx, &rows)
}

// liveProducts selects (no columns yet) the live products among ids whose category is live, of
// company companyID (0: any company), aliased pr: what ProductFacts reads and KeepProducts keeps.
func (s *Store) liveProducts(companyID int64, ids []int64) *bun.SelectQuery {
	q := s.db.NewSelect().TableExpr("products AS pr").
		Join("JOIN categories AS c ON c.id = pr.category_id AND c.deleted_at IS NULL").
		Where("pr.id IN (?)", bun.In(ids)).Where("pr.deleted_at IS NULL")
	if companyID != 0 {
		q = q.Where("pr.company_id = ?", companyID)
	}
	return q
}

// KeepProducts keeps the products among ids that ProductFacts would answer from being deleted
// until the transaction the Store works in ends (db.KeepRows: FOR KEY SHARE of the products
// only, in id order), and returns those it kept, ascending. Nothing is read for no ids.
func (s *Store) KeepProducts(ctx context.Context, companyID int64, ids []int64) ([]int64, error) {
	if len(ids) == 0 {
		return []int64{}, nil
	}
	return db.KeepRows(ctx, s.db, s.liveProducts(companyID, ids).ColumnExpr("pr.id"), "pr")
}

// KeepCategory keeps the live category id of company companyID from being deleted until the
// transaction the Store works in ends (db.KeepRow): how a product naming it is written.
// ErrNotFound when there is none.
func (s *Store) KeepCategory(ctx context.Context, companyID, id int64) error {
	return db.KeepRow(ctx, s.db, s.db.NewSelect().TableExpr("categories AS c").ColumnExpr("c.id").Where("c.id = ?", id).
		Where("c.company_id = ?", companyID).Where("c.deleted_at IS NULL"), "c")
}

// CategoryOfCompany reports whether categoryID is a live category of company companyID.
func (s *Store) CategoryOfCompany(ctx context.Context, companyID, categoryID int64) (bool, error) {
	return s.db.NewSelect().TableExpr("categories AS c").ColumnExpr("1").Where("c.id = ?", categoryID).
		Where("c.company_id = ?", companyID).Where("c.deleted_at IS NULL").Exists(ctx)
}

// ProductLabel is how another module's list shows a product it names: code, name, unit,
// current cost and the units in stock now (what an advanced delete's preview checks a
// take-back against).
type ProductLabel struct {
	ID        int64  `bun:"id"`
	Code      string `bun:"code"`
	Name      string `bun:"name"`
	Unit      string `bun:"unit"`
	CostCents int64  `bun:"cost_cents"`
	Quantity  int64  `bun:"quantity"`
}

// ProductLabels returns the labels of the products among ids, deleted ones included (a document
// keeps showing the product it was made for).
func (s *Store) ProductLabels(ctx context.Context, ids []int64) ([]ProductLabel, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	var rows []ProductLabel
	err := s.db.NewSelect().TableExpr("products AS p").ColumnExpr("p.id, p.code, p.name, p.unit, p.cost_cents, p.quantity").
		Where("p.id IN (?)", bun.In(ids)).Scan(ctx, &rows)
	return rows, err
}

// CategoryNames returns the names of the categories among ids, deleted ones included.
func (s *Store) CategoryNames(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID   int64  `bun:"id"`
		Name string `bun:"name"`
	}
	if err := s.db.NewSelect().TableExpr("categories AS c").ColumnExpr("c.id, c.name").
		Where("c.id IN (?)", bun.In(ids)).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r.Name
	}
	return out, nil
}

// ProductIDsMatching returns the products in scope whose code or name the search text finds by
// the rule of every list (platform/search: each term begins a word of the product, accents and
// letter case ignored); none without a term.
func (s *Store) ProductIDsMatching(ctx context.Context, sc listing.Scope, text string) ([]int64, error) {
	terms := search.Terms(text)
	if len(terms) == 0 {
		return nil, nil
	}
	var ids []int64
	err := ProductWords.IDs(s.db, terms, sc).Scan(ctx, &ids)
	return ids, err
}
