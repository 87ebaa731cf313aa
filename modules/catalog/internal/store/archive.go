package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/db"
)

// SelectedProducts returns up to limit live products in scope with their category's name — an
// advanced delete's selection: those of sel's ids when it has some, else those of its category
// created on its dates, oldest first.
func (s *Store) SelectedProducts(ctx context.Context, sc Scope, sel archiving.Selection, limit int) ([]ProductRow, error) {
	var rows []ProductRow
	narrow := func(q *bun.SelectQuery) *bun.SelectQuery {
		if sel.CategoryID != 0 {
			q = q.Where("p.category_id = ?", sel.CategoryID)
		}
		return sel.Created(q, "p.created_at")
	}
	return rows, archiving.Chosen(s.productRows(sc, ProductFilter{}, &rows), "p", sel.IDs, narrow, "p.created_at ASC, p.id ASC", limit).Scan(ctx)
}

// SelectedCategories is SelectedProducts for categories (by their dates only).
func (s *Store) SelectedCategories(ctx context.Context, sc Scope, sel archiving.Selection, limit int) ([]Category, error) {
	var rows []Category
	narrow := func(q *bun.SelectQuery) *bun.SelectQuery { return sel.Created(q, "c.created_at") }
	return rows, archiving.Chosen(s.categories(sc, CategoryFilter{}, &rows), "c", sel.IDs, narrow, "c.created_at ASC, c.id ASC", limit).Scan(ctx)
}

// ArchivedProduct returns the deleted product id; ErrNotFound when it is live or missing.
func (s *Store) ArchivedProduct(ctx context.Context, id int64) (*Product, error) {
	p := new(Product)
	return p, archiving.Deleted(ctx, s.db, p, "p", id)
}

// UndeleteProduct brings back the deleted product p with its words; ErrNotFound when it is not
// deleted. Run it in a transaction.
func (s *Store) UndeleteProduct(ctx context.Context, p *Product, at time.Time) error {
	return archiving.Undelete(ctx, s.db, (*Product)(nil), ProductWords, p.ID, ProductWordsOf(p), at)
}

// ArchivedCategory returns the deleted category id; ErrNotFound when it is live or missing.
func (s *Store) ArchivedCategory(ctx context.Context, id int64) (*Category, error) {
	c := new(Category)
	return c, archiving.Deleted(ctx, s.db, c, "c", id)
}

// UndeleteCategory brings back the deleted category id (its words column stayed with it);
// ErrNotFound when it is not deleted.
func (s *Store) UndeleteCategory(ctx context.Context, id int64, at time.Time) error {
	ok, err := db.Undelete(ctx, s.db.NewUpdate().Model((*Category)(nil)).Set("updated_at = ?", at), id)
	if err == nil && !ok {
		err = ErrNotFound
	}
	return err
}
