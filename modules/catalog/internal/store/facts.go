package store

import (
	"context"

	"github.com/uptrace/bun"

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
	q := s.db.NewSelect().TableExpr("products AS pr").
		Join("JOIN categories AS c ON c.id = pr.category_id AND c.deleted_at IS NULL").
		ColumnExpr("pr.id, pr.company_id, pr.category_id, c.name AS category_name, pr.code, pr.name, pr.unit, pr.iva_class, pr.kind, pr.cost_cents").
		Where("pr.id IN (?)", bun.In(ids)).Where("pr.deleted_at IS NULL")
	if companyID != 0 {
		q = q.Where("pr.company_id = ?", companyID)
	}
	return rows, q.Scan(ctx, &rows)
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
