package catalog

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/catalog/internal/app"
	cataloghttp "github.com/backoffice/backoffice/modules/catalog/internal/http"
	"github.com/backoffice/backoffice/modules/catalog/internal/store"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/listing"
)

// totalsTTL bounds how long a list total is reused; writes clear totals at once (Counter.Bump),
// so this only matters for changes made behind the catalog's back.
const totalsTTL = 5 * time.Minute

// Deps is what the catalog module needs from the process.
type Deps struct {
	DB    *bun.DB
	Cache cache.Store
	// Attachments keeps product images.
	Attachments *attachments.Store
	// Companies checks the company an administrator creates a category in.
	Companies Companies
	// Quantities feeds the categories list (ZeroQuantities when nil).
	Quantities CategoryQuantities
	// CategoryRefs and ProductRefs are the other modules' references (none yet).
	CategoryRefs []CategoryReferences
	ProductRefs  []ProductReferences
	// AdminRole sees every company. PickRoles list categories and the product pick-list (no
	// money: buyers); ReadRoles also read products with money and stock and the exports;
	// WriteRoles write.
	AdminRole                        string
	PickRoles, ReadRoles, WriteRoles []string
	// Events writes the catalog's events (products and categories archived and restored by the
	// advanced delete) to the outbox and wakes the relay after commit.
	Events eventbus.Emitter
	Now    func() time.Time
	Logger *slog.Logger
}

// Module is the catalog module's composition root.
type Module struct {
	svc   *app.Service
	st    *store.Store
	roles cataloghttp.Roles
	now   func() time.Time
}

// New wires the module.
func New(d Deps) *Module {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Quantities == nil {
		d.Quantities = ZeroQuantities{}
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	var counter *listing.Counter
	if d.Cache != nil {
		counter = listing.NewCounter(d.Cache, totalsTTL)
	}
	svc := app.New(app.Deps{DB: d.DB, Counter: counter, Quantities: d.Quantities, CategoryRef: d.CategoryRefs,
		ProductRef: d.ProductRefs, Companies: d.Companies, Attachments: d.Attachments, AdminRole: d.AdminRole, Events: d.Events,
		Now: d.Now, Logger: d.Logger})
	// A product's images are read by whoever picks the product (buyers included: the purchase
	// order form shows them).
	d.Attachments.AllowReads(app.ImageOwner, attachments.ReadableBy(d.PickRoles, svc.ProductVisible))
	return &Module{svc: svc, st: store.New(d.DB), roles: cataloghttp.Roles{Pick: d.PickRoles, Read: d.ReadRoles, Write: d.WriteRoles}, now: d.Now}
}

// Routes registers the catalog endpoints.
func (m *Module) Routes(api *httpx.API) { cataloghttp.Routes(api, m.svc, m.roles, m.now) }

// AdjustStock adds delta units (negative: takes them out) to a product's stock inside the
// caller's transaction tx and returns the new stock. It answers 404 for a missing or deleted
// product and 409 'Not enough stock.' when stock would go below zero; that error wraps a
// *StockShortage (errors.As) with the units available, read under the product row's lock, so
// the number holds until tx ends. The caller must have checked that the product belongs to the
// company it works for, and should call StockChanged after committing.
func (m *Module) AdjustStock(ctx context.Context, tx bun.IDB, productID, delta int64) (int64, error) {
	return m.svc.AdjustStock(ctx, tx, productID, delta)
}

// StockShortage is what a refused AdjustStock wraps: the product and the units it had.
type StockShortage = store.Shortage

// Short reports the units a refused AdjustStock found under the product's lock, and whether err
// is that refusal (a *StockShortage) rather than another failure.
func Short(err error) (available int64, ok bool) {
	var short *StockShortage
	if errors.As(err, &short) {
		return short.Available, true
	}
	return 0, false
}

// StockChanged refreshes cached list totals (the low-stock count) after a committed AdjustStock.
func (m *Module) StockChanged(ctx context.Context) { m.svc.StockChanged(ctx) }

// IndexSearch indexes the search words of the products that have none: products written before
// the word index existed, or loaded straight into the table. serve runs it in the background at
// start; until it ends, a search may miss those products.
func (m *Module) IndexSearch(ctx context.Context) (int, error) { return m.svc.IndexSearch(ctx) }

// ProductFacts is a live product with its live category, as another module's document checks
// and copies it: company, category and its name, code, name, unit, IVA class, kind and cost.
type ProductFacts = store.ProductFacts

// ProductFacts returns the live products among ids that belong to company companyID and whose
// category is live, keyed by id: how purchases and purchase orders check their lines and copy
// the names at write time (DESIGN rule 3).
func (m *Module) ProductFacts(ctx context.Context, companyID int64, ids []int64) (map[int64]ProductFacts, error) {
	rows, err := m.st.ProductFacts(ctx, companyID, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]ProductFacts, len(rows))
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}

// KeepProducts keeps the products among ids that ProductFacts would answer (live, of company
// companyID, in a live category) from being deleted until tx — the transaction storing a
// document that names them — ends, and returns those it kept, ascending: an id missing from
// the answer is a product gone since the document's check, which the caller refuses as it
// refuses a missing product. On PostgreSQL the products are taken FOR KEY SHARE in id order; an
// archive of them takes them FOR UPDATE in id order before asking what names them, so the
// document and the archive queue and never both succeed. A stock change of a kept product in
// the same tx (AdjustStock) is no conflict, and two documents keeping one product queue only
// on their stock changes.
func (m *Module) KeepProducts(ctx context.Context, tx bun.IDB, companyID int64, ids []int64) ([]int64, error) {
	return m.st.With(tx).KeepProducts(ctx, companyID, ids)
}

// CategoryOfCompany reports whether categoryID is a live category of company companyID.
func (m *Module) CategoryOfCompany(ctx context.Context, companyID, categoryID int64) (bool, error) {
	return m.st.CategoryOfCompany(ctx, companyID, categoryID)
}

// ProductLabel is how another module's list shows a product it names: code, name, unit and
// current cost.
type ProductLabel = store.ProductLabel

// Labels returns the labels of the products among productIDs and the names of the categories
// among categoryIDs, deleted ones included (a document keeps showing what it was made for);
// an id that never existed is absent.
func (m *Module) Labels(ctx context.Context, productIDs, categoryIDs []int64) (map[int64]ProductLabel, map[int64]string, error) {
	rows, err := m.st.ProductLabels(ctx, productIDs)
	if err != nil {
		return nil, nil, err
	}
	products := make(map[int64]ProductLabel, len(rows))
	for _, r := range rows {
		products[r.ID] = r
	}
	categories, err := m.st.CategoryNames(ctx, categoryIDs)
	return products, categories, err
}

// ProductIDsMatching returns the products in scope whose code or name the search text finds by
// the rule of every list (each term begins a word, accents and case ignored): another module's
// list searches its documents by product through it.
func (m *Module) ProductIDsMatching(ctx context.Context, sc listing.Scope, text string) ([]int64, error) {
	return m.st.ProductIDsMatching(ctx, sc, text)
}

// Subjects of the advanced delete's catalog events (payload Event).
var (
	SubjectProductArchived  = eventbus.Subject(app.Module, app.KindProduct, app.VerbArchived)
	SubjectProductRestored  = eventbus.Subject(app.Module, app.KindProduct, app.VerbRestored)
	SubjectCategoryArchived = eventbus.Subject(app.Module, app.KindCategory, app.VerbArchived)
	SubjectCategoryRestored = eventbus.Subject(app.Module, app.KindCategory, app.VerbRestored)
)

// Event is the payload of the catalog's events: {"id": 7, "code": "ARZ-1", "name": "Arroz",
// "reason": "Duplicated"} (code empty for a category).
type Event = app.Event

// Products is the advanced delete's way to products (archiving.Kind): a product with units in
// stock, or that live purchases, purchase orders or sales name, cannot go ('Product cannot be
// deleted: it has stock on hand.'); the others are archived with their images, and come back
// unless their category went or a live product took their code.
func (m *Module) Products() archiving.Kind {
	return archiving.KindFuncs{Selecting: m.svc.SelectProducts, Archiving: m.svc.ArchiveProducts,
		Restoring: m.svc.RestoreProducts, Settling: m.svc.ArchiveSettled}
}

// Categories is Products for categories: one with live products or documents cannot go; an
// archived one comes back unless a live category took its name.
func (m *Module) Categories() archiving.Kind {
	return archiving.KindFuncs{Selecting: m.svc.SelectCategories, Archiving: m.svc.ArchiveCategories,
		Restoring: m.svc.RestoreCategories, Settling: m.svc.ArchiveSettled}
}
