package app

import (
	"context"
	"slices"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/catalog"
	"github.com/backoffice/backoffice/modules/procurement/internal/store"
	"github.com/backoffice/backoffice/platform/listing"
)

// Catalog is what procurement reads of the catalog module (*catalog.Module): the product and
// category an order is checked against (and the product kept while the order is stored), the labels its lists show, and the products a search
// text finds. This module reads none of the catalog's tables itself (DESIGN rule 3).
type Catalog interface {
	ProductFacts(ctx context.Context, companyID int64, ids []int64) (map[int64]catalog.ProductFacts, error)
	// KeepProducts keeps the live products among ids from being deleted until tx — the
	// transaction that stores an order naming them — ends, and returns those it kept.
	KeepProducts(ctx context.Context, tx bun.IDB, companyID int64, ids []int64) ([]int64, error)
	CategoryOfCompany(ctx context.Context, companyID, categoryID int64) (bool, error)
	Labels(ctx context.Context, productIDs, categoryIDs []int64) (map[int64]catalog.ProductLabel, map[int64]string, error)
	ProductIDsMatching(ctx context.Context, sc listing.Scope, text string) ([]int64, error)
}

// namesBatch is how many streamed rows share one read of the catalog's labels (exports).
const namesBatch = 256

// textProducts is the products the search text q finds (the catalog's words rule), in scope
// (none without a text): a list's search matches them as well as the reference.
func (s *Service) textProducts(ctx context.Context, sc store.Scope, q string) ([]int64, error) {
	return s.d.Catalog.ProductIDsMatching(ctx, sc, q)
}

// labelled is a row showing a product and a category: an order or a received order.
type labelled interface {
	store.OrderRow | store.ReceiptRow
}

// refs are a row's product and category, and where their names go.
func refs[R labelled](r *R) (productID, categoryID int64, names *store.Names) {
	switch v := any(r).(type) {
	case *store.OrderRow:
		return v.ProductID, v.CategoryID, &v.Names
	case *store.ReceiptRow:
		return v.ProductID, v.CategoryID, &v.Names
	}
	panic("unreachable")
}

// fillNames fills the catalog names of rows with one read of the catalog. A product or category
// the catalog does not know leaves its names empty.
func fillNames[R labelled](ctx context.Context, c Catalog, rows []R) error {
	if len(rows) == 0 {
		return nil
	}
	var pids, cids []int64
	for i := range rows {
		p, c, _ := refs(&rows[i])
		pids, cids = append(pids, p), append(cids, c)
	}
	slices.Sort(pids)
	slices.Sort(cids)
	products, categories, err := c.Labels(ctx, slices.Compact(pids), slices.Compact(cids))
	if err != nil {
		return err
	}
	for i := range rows {
		p, c, n := refs(&rows[i])
		pl := products[p]
		*n = store.Names{CategoryName: categories[c], ProductCode: pl.Code, ProductName: pl.Name, ProductUnit: pl.Unit,
			ProductCostCents: pl.CostCents, ProductStock: pl.Quantity}
	}
	return nil
}

// named is a single read with its names filled.
func named[R labelled](ctx context.Context, c Catalog, r *R, err error) (*R, error) {
	if err != nil {
		return r, err
	}
	one := []R{*r}
	if err := fillNames(ctx, c, one); err != nil {
		return nil, err
	}
	return &one[0], nil
}

// eachNamed streams the rows each yields to fn with their names filled, reading the catalog once
// per namesBatch rows.
func eachNamed[R labelled](ctx context.Context, c Catalog, each func(func(R) error) error, fn func(R) error) error {
	buf := make([]R, 0, namesBatch)
	flush := func() error {
		if err := fillNames(ctx, c, buf); err != nil {
			return err
		}
		for _, r := range buf {
			if err := fn(r); err != nil {
				return err
			}
		}
		buf = buf[:0]
		return nil
	}
	err := each(func(r R) error {
		if buf = append(buf, r); len(buf) == namesBatch {
			return flush()
		}
		return nil
	})
	if err != nil {
		return err
	}
	return flush()
}
