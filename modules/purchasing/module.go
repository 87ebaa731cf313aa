package purchasing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/catalog"
	"github.com/backoffice/backoffice/modules/people"
	"github.com/backoffice/backoffice/modules/purchasing/internal/app"
	purchasinghttp "github.com/backoffice/backoffice/modules/purchasing/internal/http"
	"github.com/backoffice/backoffice/modules/purchasing/internal/store"
	"github.com/backoffice/backoffice/modules/settings"
	"github.com/backoffice/backoffice/modules/tax"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/payable"
)

// Suppliers finds a live supplier of a company with its tax profile (*people.Module).
type Suppliers interface {
	Supplier(ctx context.Context, companyID, id int64) (people.Party, error)
	// KeepSupplier keeps the live supplier from being deleted until tx, which stores a purchase
	// naming it, ends (404 apperror when there is none).
	KeepSupplier(ctx context.Context, tx bun.IDB, companyID, id int64) error
	SupplierIDs(ctx context.Context, sc listing.Scope, q string, limit int) ([]int64, error)
}

// Companies gives a live company's tax flags and its stores' names (*settings.Module).
type Companies interface {
	CompanyTaxProfile(ctx context.Context, id int64) (settings.TaxProfile, error)
	StoreName(ctx context.Context, companyID, storeID int64) (name string, ok bool, err error)
}

// Catalog reads the products a purchase's lines name, and keeps them while the purchase is
// stored (*catalog.Module).
type Catalog interface {
	ProductFacts(ctx context.Context, companyID int64, ids []int64) (map[int64]catalog.ProductFacts, error)
	// KeepProducts keeps the live products among ids from being deleted until tx, which stores
	// a purchase naming them, ends, and returns those it kept.
	KeepProducts(ctx context.Context, tx bun.IDB, companyID int64, ids []int64) ([]int64, error)
}

// Stock moves the catalog's stock in the caller's transaction (*catalog.Module): an approved
// goods return takes its units out.
type Stock interface {
	AdjustStock(ctx context.Context, tx bun.IDB, productID, delta int64) (int64, error)
	StockChanged(ctx context.Context)
}

// Users names users (*auth.Module): a return copies who recorded and who decided it.
type Users = app.Users

// TaxParams gives the UVT of a document's year (*tax.Module).
type TaxParams interface {
	ParamsFor(ctx context.Context, date time.Time) (tax.Params, error)
}

// ReceivedOrders gives the status of a company's received order, read in the caller's
// transaction ("" when there is no such live received order of the company);
// *procurement.Usage implements it.
type ReceivedOrders = app.ReceivedOrders

// Deps is what the purchasing module needs from the process.
type Deps struct {
	DB    *bun.DB
	Cache cache.Store
	// Attachments keeps the invoice images (owner "purchase").
	Attachments *attachments.Store
	// Events publishes the domain events (outbox + relay wake-up).
	Events eventbus.Emitter
	// Suppliers reads a purchase's supplier with its tax profile (*people.Module).
	Suppliers Suppliers
	Companies Companies
	Catalog   Catalog
	Taxes     TaxParams
	// ReceivedOrders checks the received order a purchase is made from (create).
	ReceivedOrders ReceivedOrders
	// Stock takes an approved goods return's units out of stock; Users names a return's creator
	// and decider.
	Stock Stock
	Users Users
	// StaffRoles may list, read, quote, create, edit, delete and export (admin, user, secretary);
	// AdminRole also approves and rejects, and sees every company.
	StaffRoles []string
	AdminRole  string
	Now        func() time.Time
}

// totalsTTL bounds how long a cached list total may lag behind another replica's write (this
// replica's writes invalidate it at once).
const totalsTTL = time.Minute

// Module is the purchasing module's composition root.
type Module struct {
	db    *bun.DB
	svc   *app.Service
	roles purchasinghttp.Roles
	now   func() time.Time
}

// New wires the module.
func New(d Deps) *Module {
	if d.Now == nil {
		d.Now = time.Now
	}
	var counter *listing.Counter
	if d.Cache != nil {
		counter = listing.NewCounter(d.Cache, totalsTTL)
	}
	svc := app.New(app.Deps{DB: d.DB, Counter: counter, Attachments: d.Attachments, Events: d.Events,
		Suppliers: supplierSource{d.Suppliers}, Companies: buyerSource{d.Companies}, Products: productSource{d.Catalog}, Taxes: d.Taxes, ReceivedOrders: d.ReceivedOrders,
		Stock: stockSource{d.Stock}, Users: d.Users, AdminRole: d.AdminRole, Now: d.Now})
	// The invoice image is read by whoever reads the purchase: staff of its company, not buyers.
	d.Attachments.AllowReads(app.Entity, attachments.ReadableBy(d.StaffRoles, svc.Visible))
	d.Attachments.AllowReads(app.ReturnEntity, attachments.ReadableBy(d.StaffRoles, svc.ReturnVisible))
	return &Module{db: d.DB, svc: svc, now: d.Now,
		roles: purchasinghttp.Roles{Staff: d.StaffRoles, Deciders: []string{d.AdminRole}}}
}

// IndexSearch indexes the search words of the purchases that have none (written before the word
// index existed). serve runs it in the background at start; until it ends, a search may miss
// those purchases by their reference (their supplier's names still find them).
func (m *Module) IndexSearch(ctx context.Context) (int, error) { return IndexSearchWords(ctx, m.db) }

// IndexSearchWords indexes the search words of the purchases on db that have none, for tools
// that load them straight into the tables (the benchmarks).
func IndexSearchWords(ctx context.Context, db bun.IDB) (int, error) {
	return store.New(db).IndexMissingWords(ctx)
}

// Routes registers /api/purchases and the purchase returns (/api/returns).
func (m *Module) Routes(api *httpx.API) {
	purchasinghttp.Routes(api, m.svc, m.roles, m.now)
	purchasinghttp.RegisterReturns(api, m.svc, m.roles, m.now)
}

// Document reads the live purchase id in tx for the payments module (payable.Ledger) and holds
// it until tx ends: on PostgreSQL a row lock, on SQLite the write lock. companyID scopes the read
// (0: any company); a missing, deleted or another company's purchase answers db.ErrNotFound.
func (m *Module) Document(ctx context.Context, tx bun.IDB, companyID, id int64) (payable.Document, error) {
	r, err := store.New(tx).Hold(ctx, companyID, id)
	if err != nil {
		return payable.Document{}, err
	}
	return document(r), nil
}

// ApplyPaid adds deltaCents (negative: an approved payment taken back) to the paid amount of
// the live purchase id in tx, with its balance and status in the same statement
// (payable.Ledger). A paid amount below zero, or a purchase that is gone, changes nothing and is
// an error.
func (m *Module) ApplyPaid(ctx context.Context, tx bun.IDB, id, deltaCents int64, at time.Time) error {
	err := store.New(tx).ApplyPaid(ctx, id, deltaCents, at.UTC())
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("purchasing: apply %d paid to purchase %d: no such live purchase, or paid would go below zero: %w", deltaCents, id, err)
	}
	return err
}

// Open reads on db the live, approved purchases with a balance of the suppliers supplierIDs in
// company companyID (0: any), soonest due first, at most limit (payable.Ledger): what a payment
// run may pay.
func (m *Module) Open(ctx context.Context, db bun.IDB, companyID int64, supplierIDs []int64, limit int) ([]payable.Document, error) {
	rows, err := store.New(db).Open(ctx, listing.Scope{CompanyID: companyID, All: companyID == 0}, supplierIDs, limit)
	return payable.Documents(rows, err, document)
}

// document is a purchase as the payments module sees it: its reference number is both what
// people call it and the supplier's invoice number; its returns are the approved ones, and its
// pending returns are kept out of what a payment may take.
func document(r *store.Row) payable.Document {
	date, _ := calendar.ParseDate(r.PurchaseDate)
	due, _ := calendar.ParseDate(r.DueDate)
	d := payable.Document{ID: r.ID, CompanyID: r.CompanyID, Number: r.ReferenceNo, PartyID: r.SupplierID,
		PartyName: r.SupplierName, Date: date, DueDate: due, Reference: r.ReferenceNo, TotalCents: r.TotalToPayCents,
		PaidCents: r.PaidCents, ReturnsCents: r.ReturnCents, PendingReturnsCents: r.PendingReturnCents, BalanceCents: r.BalanceCents,
		ApprovalStatus: r.ApprovalStatus, Status: r.Status}
	if r.CreatedBy != nil {
		d.CreatedBy = *r.CreatedBy
	}
	return d
}

// The payments module reaches purchases through payable.Ledger.
var _ payable.Ledger = (*Module)(nil)

// Usage answers whether live purchases name a supplier, store, product or category: the
// references that keep those from being deleted. It reads only this module's tables, so it is
// built apart from the Module — before the people, settings and catalog modules that take it,
// which the Module itself needs.
type Usage struct{ st *store.Store }

// NewUsage builds the purchasing Usage on db.
func NewUsage(db bun.IDB) *Usage { return &Usage{st: store.New(db)} }

// Holds names what keeps a supplier, product or category it references from going
// (archiving.Holder).
func (u *Usage) Holds() string { return "purchases" }

// SuppliersInUse returns which of the suppliers ids a live purchase names, read on db
// (people.SupplierReferences).
func (u *Usage) SuppliersInUse(ctx context.Context, db bun.IDB, ids []int64) ([]int64, error) {
	return u.st.With(db).Using(ctx, "supplier_id", ids)
}

// SupplierTotals are the suppliers' figures from their live, approved purchases
// (people.SupplierTotals): count, total to pay, paid, approved and pending returns, what is still
// owed (Σ positive balances) and the credit in the company's favour (Σ negative balances).
func (u *Usage) SupplierTotals(ctx context.Context, ids []int64) (map[int64]people.Totals, error) {
	figs, err := u.st.SupplierFigures(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]people.Totals, len(figs))
	for id, f := range figs {
		out[id] = people.Totals{TotalSales: f.Count, TotalAmountCents: f.TotalCents, PaidCents: f.PaidCents,
			ReturnCents: f.ReturnCents, PendingReturnCents: f.PendingReturnCents, BalanceCents: f.BalanceCents, CreditCents: f.CreditCents}
	}
	return out, nil
}

// StoreInUse reports whether a live purchase names the store (settings.StoreReferences).
func (u *Usage) StoreInUse(ctx context.Context, id int64) (bool, error) {
	used, err := u.st.Using(ctx, "store_id", []int64{id})
	return len(used) > 0, err
}

// ProductsInUse returns which of the products ids a line of a live purchase names, read on db
// (catalog.ProductReferences).
func (u *Usage) ProductsInUse(ctx context.Context, db bun.IDB, ids []int64) ([]int64, error) {
	return u.st.With(db).LinesUsing(ctx, "product_id", ids)
}

// CategoriesInUse returns which of the categories ids a line of a live purchase names, read on
// db (catalog.CategoryReferences).
func (u *Usage) CategoriesInUse(ctx context.Context, db bun.IDB, ids []int64) ([]int64, error) {
	return u.st.With(db).LinesUsing(ctx, "category_id", ids)
}

// supplierSource reads a people supplier as pricing needs it.
type supplierSource struct{ s Suppliers }

func (a supplierSource) PurchaseSupplier(ctx context.Context, companyID, id int64) (app.Supplier, error) {
	p, err := a.s.Supplier(ctx, companyID, id)
	if err != nil {
		return app.Supplier{}, err
	}
	// A legal entity is named by its company name (people's DisplayName), copied at write time.
	return app.Supplier{Name: p.DisplayName(), ApprovalStatus: p.ApprovalStatus, Profile: tax.Supplier{
		PersonType: string(p.PersonType), Declarante: p.Declarante, IVAResponsible: p.IVAResponsible,
		GranContribuyente: p.GranContribuyente, Autorretenedor: p.Autorretenedor}}, nil
}

func (a supplierSource) KeepSupplier(ctx context.Context, tx bun.IDB, companyID, id int64) error {
	return a.s.KeepSupplier(ctx, tx, companyID, id)
}

func (a supplierSource) SupplierIDs(ctx context.Context, sc listing.Scope, q string, limit int) ([]int64, error) {
	return a.s.SupplierIDs(ctx, sc, q, limit)
}

// productSource reads the catalog's products as a purchase line needs them, and keeps them
// while a purchase naming them is stored.
type productSource struct{ c Catalog }

func (a productSource) KeepProducts(ctx context.Context, tx bun.IDB, companyID int64, ids []int64) ([]int64, error) {
	return a.c.KeepProducts(ctx, tx, companyID, ids)
}

func (a productSource) LineProducts(ctx context.Context, companyID int64, ids []int64) (map[int64]app.Product, error) {
	facts, err := a.c.ProductFacts(ctx, companyID, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]app.Product, len(facts))
	for id, p := range facts {
		out[id] = app.Product{ID: p.ID, CategoryID: p.CategoryID, CategoryName: p.CategoryName, Code: p.Code, Name: p.Name,
			IVAClass: p.IVAClass, Kind: p.Kind, CostCents: p.CostCents}
	}
	return out, nil
}

// buyerSource reads a company's tax flags as pricing needs them, and names its stores.
type buyerSource struct{ c Companies }

func (a buyerSource) StoreName(ctx context.Context, companyID, storeID int64) (string, bool, error) {
	return a.c.StoreName(ctx, companyID, storeID)
}

func (a buyerSource) BuyerProfile(ctx context.Context, companyID int64) (tax.Buyer, error) {
	t, err := a.c.CompanyTaxProfile(ctx, companyID)
	if err != nil {
		return tax.Buyer{}, err
	}
	return tax.Buyer{HasTaxes: t.HasTaxes, WithholdingAgent: t.WithholdingAgent, ReteIVAAgent: t.ReteIVAAgent}, nil
}

// stockSource moves the catalog's stock and reads the units a refusal reports.
type stockSource struct{ Stock }

func (stockSource) Available(err error) (int64, bool) { return catalog.Short(err) }
