package app

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/catalog/internal/domain"
	"github.com/backoffice/backoffice/modules/catalog/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/listing"
)

// Category is the API's view of a category.
type Category struct {
	ID               int64     `json:"id"`
	CompanyID        int64     `json:"company_id"`
	Name             string    `json:"name"`
	OrderedQuantity  int64     `json:"ordered_quantity" doc:"Units ordered from suppliers (purchase orders)"`
	ReceivedQuantity int64     `json:"received_quantity" doc:"Units received so far"`
	Percentage       float64   `json:"percentage" doc:"received / ordered in percent, two decimals; 0 when nothing was ordered"`
	CreatedAt        time.Time `json:"created_at"`
	UpdatedAt        time.Time `json:"updated_at"`
}

// CategoryQuery is a categories list request.
type CategoryQuery struct {
	List listing.Query
	Q    string
	// CompanyID filters an administrator's list to one company (others always see their own).
	CompanyID int64
}

// CategoryInput is a category to create or edit.
type CategoryInput struct {
	Name string
	// CompanyID is where an administrator creates the category (0: their own company).
	CompanyID int64
}

func (s *Service) toCategories(ctx context.Context, rows []store.Category) ([]Category, error) {
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	q := map[int64]Quantities{}
	if s.d.Quantities != nil && len(ids) > 0 {
		var err error
		if q, err = s.d.Quantities.CategoryQuantities(ctx, ids); err != nil {
			return nil, err
		}
	}
	out := make([]Category, len(rows))
	for i, r := range rows {
		qty := q[r.ID]
		out[i] = Category{ID: r.ID, CompanyID: r.CompanyID, Name: r.Name, OrderedQuantity: qty.Ordered,
			ReceivedQuantity: qty.Received, Percentage: domain.Percentage(qty.Received, qty.Ordered),
			CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
	}
	return out, nil
}

// ListCategories returns one page of the categories p may see.
func (s *Service) ListCategories(ctx context.Context, p caller.Principal, q CategoryQuery) (listing.Page[Category], error) {
	plan, err := listing.NewPlan(store.CategorySpec, q.List)
	if err != nil {
		return listing.Page[Category]{}, err
	}
	sc := s.scopeOf(p, q.CompanyID)
	f := store.CategoryFilter{Q: q.Q}
	return listing.Fetch(ctx, plan, listing.Source[store.Category]{
		Rows: func(ctx context.Context) ([]store.Category, error) { return s.store.ListCategories(ctx, sc, f, plan) },
		Count: s.d.Counter.Cached(tableCategories, f.Key(sc), func(ctx context.Context) (int, error) {
			return s.store.CountCategories(ctx, sc, f)
		}),
		Key: func(c store.Category) (any, int64) {
			if plan.Key() == "created_at" {
				return c.CreatedAt, c.ID
			}
			return c.SortName, c.ID
		},
	}, s.toCategories)
}

// ExportCategories checks the list request q and returns what runs the export: it calls fn
// for every category of the list (no paging), in its order. Checking first lets the caller
// answer a bad request before it starts sending the file.
func (s *Service) ExportCategories(ctx context.Context, p caller.Principal, q CategoryQuery) (func(fn func(Category) error) error, error) {
	if _, err := listing.NewPlan(store.CategorySpec, q.List); err != nil {
		return nil, err
	}
	sc := s.scopeOf(p, q.CompanyID)
	return func(fn func(Category) error) error {
		// Categories are few (tens to hundreds per company): collect them to ask for their
		// quantities in one call.
		var rows []store.Category
		err := s.store.EachCategory(ctx, sc, store.CategoryFilter{Q: q.Q}, q.List.Sort,
			func(c store.Category) error { rows = append(rows, c); return nil })
		if err != nil {
			return apperror.Internal(err)
		}
		cats, err := s.toCategories(ctx, rows)
		if err != nil {
			return apperror.Internal(err)
		}
		for _, c := range cats {
			if err := fn(c); err != nil {
				return err
			}
		}
		return nil
	}, nil
}

// GetCategory returns one category p may see.
func (s *Service) GetCategory(ctx context.Context, p caller.Principal, categoryID int64) (Category, error) {
	row, err := s.store.CategoryByID(ctx, s.scopeOf(p, 0), categoryID)
	if isNotFound(err) {
		return Category{}, notFound()
	}
	if err != nil {
		return Category{}, apperror.Internal(err)
	}
	out, err := s.toCategories(ctx, []store.Category{*row})
	if err != nil {
		return Category{}, apperror.Internal(err)
	}
	return out[0], nil
}

// checkCategoryName validates a name and its uniqueness in the company.
func (s *Service) checkCategoryName(ctx context.Context, companyID int64, name string, exceptID int64) (string, error) {
	name, fields := domain.CategoryName(name)
	if fields != nil {
		return "", invalid(fields)
	}
	taken, err := s.store.CategoryNameTaken(ctx, companyID, name, exceptID)
	if err != nil {
		return "", apperror.Internal(err)
	}
	if taken {
		return "", apperror.Field("name", domain.MsgCategoryNameTaken)
	}
	return name, nil
}

// CreateCategory adds a category to p's company (or, for an administrator, the one requested).
func (s *Service) CreateCategory(ctx context.Context, p caller.Principal, in CategoryInput) (Category, error) {
	companyID, err := s.writeCompany(ctx, p, in.CompanyID)
	if err != nil {
		return Category{}, err
	}
	name, err := s.checkCategoryName(ctx, companyID, in.Name, 0)
	if err != nil {
		return Category{}, err
	}
	now := s.d.Now().UTC()
	row := &store.Category{CompanyID: companyID, Name: name, CreatedBy: ptr(p.UserID), UpdatedBy: ptr(p.UserID),
		CreatedAt: now, UpdatedAt: now}
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.store.With(tx).InsertCategory(ctx, row); err != nil {
			return err
		}
		return s.record(ctx, tx, p, companyID, "category_created", "category", row.ID, name, now)
	})
	if err != nil {
		// Two creations of the same name racing: the unique index decides.
		if taken, _ := s.store.CategoryNameTaken(ctx, companyID, name, 0); taken {
			return Category{}, apperror.Field("name", domain.MsgCategoryNameTaken)
		}
		return Category{}, apperror.Internal(err)
	}
	s.d.Counter.Bump(ctx, tableCategories)
	return s.GetCategory(ctx, p, row.ID)
}

// UpdateCategory renames a category p may see.
func (s *Service) UpdateCategory(ctx context.Context, p caller.Principal, categoryID int64, in CategoryInput) (Category, error) {
	row, err := s.store.CategoryByID(ctx, s.scopeOf(p, 0), categoryID)
	if isNotFound(err) {
		return Category{}, notFound()
	}
	if err != nil {
		return Category{}, apperror.Internal(err)
	}
	name, err := s.checkCategoryName(ctx, row.CompanyID, in.Name, row.ID)
	if err != nil {
		return Category{}, err
	}
	now := s.d.Now().UTC()
	old := row.Name
	row.Name, row.UpdatedAt, row.UpdatedBy = name, now, ptr(p.UserID)
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.store.With(tx).UpdateCategory(ctx, row); err != nil {
			return err
		}
		return s.record(ctx, tx, p, row.CompanyID, "category_updated", "category", row.ID, old+" -> "+name, now)
	})
	if err != nil {
		if taken, _ := s.store.CategoryNameTaken(ctx, row.CompanyID, name, row.ID); taken {
			return Category{}, apperror.Field("name", domain.MsgCategoryNameTaken)
		}
		return Category{}, apperror.Internal(err)
	}
	s.d.Counter.Bump(ctx, tableCategories)
	return s.GetCategory(ctx, p, row.ID)
}

// DeleteCategory soft-deletes a category p may see, unless a product or another module's record
// still refers to it.
func (s *Service) DeleteCategory(ctx context.Context, p caller.Principal, categoryID int64) error {
	row, err := s.store.CategoryByID(ctx, s.scopeOf(p, 0), categoryID)
	if isNotFound(err) {
		return notFound()
	}
	if err != nil {
		return apperror.Internal(err)
	}
	now := s.d.Now().UTC()
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		// A product stored meanwhile in this category is seen (its own products are the first
		// of categoryRefs; on PostgreSQL the product's foreign key holds the row too).
		if err := archiving.Free(ctx, tx, tableCategories, row.ID, s.categoryRefs, apperror.Conflict(domain.MsgCategoryInUse)); err != nil {
			return err
		}
		if err := s.store.With(tx).SoftDeleteCategory(ctx, row.ID, p.UserID, now); err != nil {
			return err
		}
		return s.record(ctx, tx, p, row.CompanyID, "category_deleted", "category", row.ID, row.Name, now)
	})
	if e := apperror.As(err); e != nil {
		return e
	}
	if isNotFound(err) {
		return notFound()
	}
	if err != nil {
		return apperror.Internal(err)
	}
	s.d.Counter.Bump(ctx, tableCategories)
	return nil
}

func ptr(v int64) *int64 {
	if v == 0 {
		return nil
	}
	return &v
}
