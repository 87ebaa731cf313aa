package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"
)

// Product is a live catalog product as a purchase line needs it: its company and category (to
// check the line), its names, IVA class and kind (copied onto the line) and its cost (the
// suggestion of a purchase draft).
type Product struct {
	ID           int64  `bun:"id"`
	CompanyID    int64  `bun:"company_id"`
	CategoryID   int64  `bun:"category_id"`
	CategoryName string `bun:"category_name"`
	Code         string `bun:"code"`
	Name         string `bun:"name"`
	IVAClass     string `bun:"iva_class"`
	Kind         string `bun:"kind"`
	CostCents    int64  `bun:"cost_cents"`
}

// Products returns the live products among ids that belong to company companyID, with their
// live category, keyed by id. Read only (see the package doc).
func (s *Store) Products(ctx context.Context, companyID int64, ids []int64) (map[int64]Product, error) {
	out := make(map[int64]Product, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Product
	err := s.db.NewSelect().TableExpr("products AS pr").
		Join("JOIN categories AS c ON c.id = pr.category_id AND c.deleted_at IS NULL").
		ColumnExpr("pr.id, pr.company_id, pr.category_id, c.name AS category_name, pr.code, pr.name, pr.iva_class, pr.kind, pr.cost_cents").
		Where("pr.id IN (?)", bun.In(ids)).Where("pr.company_id = ?", companyID).Where("pr.deleted_at IS NULL").
		Scan(ctx, &rows)
	if err != nil {
		return nil, err
	}
	for _, p := range rows {
		out[p.ID] = p
	}
	return out, nil
}

// StoreName returns the name of the live store storeID of company companyID, or ErrNotFound.
// Read only (see the package doc).
func (s *Store) StoreName(ctx context.Context, companyID, storeID int64) (string, error) {
	var name string
	err := s.db.NewSelect().TableExpr("stores AS st").ColumnExpr("st.name").
		Where("st.id = ?", storeID).Where("st.company_id = ?", companyID).Where("st.deleted_at IS NULL").
		Scan(ctx, &name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	return name, err
}
