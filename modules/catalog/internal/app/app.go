// Package app holds the catalog's use cases: categories and products, listed, exported, created,
// edited and deleted within the caller's company scope, with their images, and the stock
// adjustments other modules make inside their own transactions.
package app

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/catalog/internal/domain"
	"github.com/backoffice/backoffice/modules/catalog/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/listing"
)

// Quantities are the units of a category ordered from suppliers and received so far.
type Quantities struct {
	Ordered  int64
	Received int64
}

// CategoryQuantities reports ordered and received units per category (the purchasing module
// will implement it from purchase orders). Categories missing from the answer count as zero.
type CategoryQuantities interface {
	CategoryQuantities(ctx context.Context, categoryIDs []int64) (map[int64]Quantities, error)
}

// CategoryReferences tells which categories another module still refers to: CategoriesInUse
// returns which of ids its live records name, read on db — the deleting transaction, after it
// took the categories — in one query for them all.
type CategoryReferences interface {
	CategoriesInUse(ctx context.Context, db bun.IDB, ids []int64) ([]int64, error)
}

// ProductReferences is CategoryReferences for products.
type ProductReferences interface {
	ProductsInUse(ctx context.Context, db bun.IDB, ids []int64) ([]int64, error)
}

// Companies resolves a company id to its name ("" when there is no such live company).
type Companies interface {
	CompanyName(ctx context.Context, id int64) (string, error)
}

// Deps is what the Service needs.
type Deps struct {
	DB          *bun.DB
	Counter     *listing.Counter
	Quantities  CategoryQuantities
	CategoryRef []CategoryReferences
	ProductRef  []ProductReferences
	Companies   Companies
	// Attachments keeps the product images (owner "product").
	Attachments *attachments.Store
	// AdminRole is the role that sees every company.
	AdminRole string
	// Events writes the advanced delete's events to the outbox (the zero Emitter writes them and
	// wakes no relay).
	Events eventbus.Emitter
	Now    func() time.Time
	Logger *slog.Logger
}

// Service implements the catalog use cases.
type Service struct {
	d     Deps
	store *store.Store
	// productRefs and categoryRefs are what holds a product or category from going, in the
	// order a refusal names them: the other modules' references, and first, for a category,
	// its own live products.
	productRefs, categoryRefs []archiving.Reference
}

// New builds the Service.
func New(d Deps) *Service {
	s := &Service{d: d, store: store.New(d.DB)}
	s.productRefs = archiving.References(d.ProductRef, ProductReferences.ProductsInUse)
	own := archiving.Reference{Holds: "products", InUse: func(ctx context.Context, db bun.IDB, ids []int64) ([]int64, error) {
		return s.store.With(db).CategoriesWithProducts(ctx, ids)
	}}
	s.categoryRefs = append([]archiving.Reference{own}, archiving.References(d.CategoryRef, CategoryReferences.CategoriesInUse)...)
	return s
}

// Tables named in the list-total cache.
const (
	tableCategories = "categories"
	tableProducts   = "products"
)

// scopeOf is what p may see: administrators every company (or the one they filter on), everyone
// else their own company, whatever filter they send.
func (s *Service) scopeOf(p caller.Principal, companyFilter int64) store.Scope {
	return listing.ScopeFor(p.Role == s.d.AdminRole, p.CompanyID, companyFilter)
}

// writeCompany is the company a new record of p goes to: an administrator's choice, else p's own.
func (s *Service) writeCompany(ctx context.Context, p caller.Principal, requested int64) (int64, error) {
	if p.Role != s.d.AdminRole || requested == 0 || requested == p.CompanyID {
		return p.CompanyID, nil
	}
	name, err := s.d.Companies.CompanyName(ctx, requested)
	if err != nil {
		return 0, apperror.Internal(err)
	}
	if name == "" {
		return 0, apperror.Field("company_id", domain.MsgCompanyNotFound)
	}
	return requested, nil
}

func notFound() error { return apperror.NotFound(domain.MsgNotFound) }

func invalid(fields map[string]string) error {
	return apperror.Form(fields, domain.FieldOrder...)
}

func id(v int64) string { return strconv.FormatInt(v, 10) }

// record writes an audit entry for a catalog change in tx.
func (s *Service) record(ctx context.Context, tx bun.IDB, p caller.Principal, companyID int64, action, entity string, entityID int64, detail string, at time.Time) error {
	return audit.Record(ctx, tx, audit.Entry{CompanyID: audit.Int64(companyID), ActorID: audit.Int64(p.UserID),
		Action: action, Entity: entity, EntityID: id(entityID), Detail: detail, IP: caller.ClientIP(ctx), CreatedAt: at})
}

// isNotFound reports a store miss.
func isNotFound(err error) bool { return errors.Is(err, store.ErrNotFound) }
