package store

import (
	"context"

	"github.com/uptrace/bun"
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
