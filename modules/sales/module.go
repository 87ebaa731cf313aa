package sales

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/catalog"
	"github.com/backoffice/backoffice/modules/people"
	"github.com/backoffice/backoffice/modules/sales/internal/app"
	saleshttp "github.com/backoffice/backoffice/modules/sales/internal/http"
	"github.com/backoffice/backoffice/modules/sales/internal/store"
	"github.com/backoffice/backoffice/modules/settings"
	"github.com/backoffice/backoffice/modules/tax"
	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/payable"
)

// Customers finds a live customer of a company with its tax profile, and the customers a
// search text finds (*people.Module).
type Customers interface {
	Customer(ctx context.Context, companyID, id int64) (people.Party, error)
	// KeepCustomer keeps the live customer from being deleted until tx, which stores a sale
	// naming it, ends (404 apperror when there is none).
	KeepCustomer(ctx context.Context, tx bun.IDB, companyID, id int64) error
	CustomerIDs(ctx context.Context, sc listing.Scope, q string, limit int) ([]int64, error)
}

// Companies gives a live company's tax flags and its stores' names (*settings.Module).
type Companies interface {
	CompanyTaxProfile(ctx context.Context, id int64) (settings.TaxProfile, error)
	StoreName(ctx context.Context, companyID, storeID int64) (name string, ok bool, err error)
}

// Catalog reads the products a sale's lines name and moves their stock in the sale's
// transaction (*catalog.Module).
type Catalog interface {
	ProductFacts(ctx context.Context, companyID int64, ids []int64) (map[int64]catalog.ProductFacts, error)
	// KeepProducts keeps the live products among ids from being deleted until tx, which stores
	// a sale naming them, ends, and returns those it kept.
	KeepProducts(ctx context.Context, tx bun.IDB, companyID int64, ids []int64) ([]int64, error)
	AdjustStock(ctx context.Context, tx bun.IDB, productID, delta int64) (int64, error)
	StockChanged(ctx context.Context)
}

// TaxParams gives the UVT of a document's year (*tax.Module).
type TaxParams interface {
	ParamsFor(ctx context.Context, date time.Time) (tax.Params, error)
}

// Users names the users who record sales (*auth.Module): first and last name, else the username.
// A sale keeps its seller's name as of its recording (DESIGN rule 3), which everyone who reads
// the sale may see, though only administrators list users.
type Users = caller.Users

// Deps is what the sales module needs from the process.
type Deps struct {
	DB    *bun.DB
	Cache cache.Store
	// Attachments keeps the sales' images (owner "sale").
	Attachments *attachments.Store
	// Events publishes the domain events (outbox + relay wake-up).
	Events eventbus.Emitter
	// Customers reads a sale's customer with its tax profile (*people.Module).
	Customers Customers
	Companies Companies
	Catalog   Catalog
	Taxes     TaxParams
	Users     Users
	// StaffRoles list, read, quote, delete and export (admin, user, secretary); SellerRoles
	// create and edit (user, secretary); AdminRole approves and rejects, and sees every
	// company.
	StaffRoles, SellerRoles []string
	AdminRole               string
	Now                     func() time.Time
}

// totalsTTL bounds how long a cached list total may lag behind another replica's write (this
// replica's writes invalidate it at once).
const totalsTTL = time.Minute

// Module is the sales module's composition root.
type Module struct {
	db    *bun.DB
	svc   *app.Service
	roles saleshttp.Roles
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
		Customers: customerSource{d.Customers}, Companies: sellerSource{d.Companies}, Products: productSource{d.Catalog},
		Stock: stockSource{d.Catalog}, Taxes: d.Taxes, Users: d.Users, AdminRole: d.AdminRole, Now: d.Now})
	// A sale's images are read by whoever reads the sale: staff of its company, not buyers.
	d.Attachments.AllowReads(app.Entity, attachments.ReadableBy(d.StaffRoles, svc.Visible))
	return &Module{db: d.DB, svc: svc, now: d.Now,
		roles: saleshttp.Roles{Staff: d.StaffRoles, Sellers: d.SellerRoles, Deciders: []string{d.AdminRole}}}
}

// Routes registers /api/sales.
func (m *Module) Routes(api *httpx.API) { saleshttp.Routes(api, m.svc, m.roles, m.now) }

// IndexSearch indexes the search words of the sales that have none (loaded straight into the
// table). serve runs it in the background at start.
func (m *Module) IndexSearch(ctx context.Context) (int, error) { return IndexSearchWords(ctx, m.db) }

// IndexSearchWords indexes the search words of the sales on db that have none, for tools that
// load them straight into the tables (the benchmarks).
func IndexSearchWords(ctx context.Context, db bun.IDB) (int, error) {
	return store.New(db).IndexMissingWords(ctx)
}

// Document reads the live sale id in tx for the payments module (payable.Ledger) and holds it
// until tx ends: on PostgreSQL a row lock, on SQLite the write lock. companyID scopes the read
// (0: any company); a missing, deleted or another company's sale answers db.ErrNotFound.
func (m *Module) Document(ctx context.Context, tx bun.IDB, companyID, id int64) (payable.Document, error) {
	r, err := store.New(tx).Hold(ctx, companyID, id)
	if err != nil {
		return payable.Document{}, err
	}
	return document(r), nil
}

// Open reads on db the live, approved sales with a balance of the customers customerIDs in
// company companyID (0: any), oldest first, at most limit (payable.Ledger): what a payment run
// may collect. A sale is due at once: it has no due date.
func (m *Module) Open(ctx context.Context, db bun.IDB, companyID int64, customerIDs []int64, limit int) ([]payable.Document, error) {
	rows, err := store.New(db).Open(ctx, listing.Scope{CompanyID: companyID, All: companyID == 0}, customerIDs, limit)
	return payable.Documents(rows, err, document)
}

// document is a sale as the payments module sees it.
func document(r *store.Row) payable.Document {
	date, _ := calendar.ParseDate(r.SaleDate)
	var createdBy int64
	if r.CreatedBy != nil {
		createdBy = *r.CreatedBy
	}
	return payable.Document{ID: r.ID, CompanyID: r.CompanyID, Number: r.Number, PartyID: r.CustomerID,
		PartyName: r.CustomerName, Date: date, TotalCents: r.TotalCents, PaidCents: r.PaidCents,
		ReturnsCents: r.ReturnCents, BalanceCents: r.BalanceCents, ApprovalStatus: r.ApprovalStatus, Status: r.Status,
		CreatedBy: createdBy, Reference: r.CustomerReference}
}

// ApplyPaid adds deltaCents (negative: an approved payment taken back) to the paid amount of
// the live sale id in tx, with its balance and status in the same statement (payable.Ledger). A
// paid amount below zero, or a sale that is gone, changes nothing and is an error.
func (m *Module) ApplyPaid(ctx context.Context, tx bun.IDB, id, deltaCents int64, at time.Time) error {
	err := store.New(tx).ApplyPaid(ctx, id, deltaCents, at.UTC())
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("sales: apply %d paid to sale %d: no such live sale, or paid would go below zero: %w", deltaCents, id, err)
	}
	return err
}

// Usage answers, from this module's tables only, the figures and references other modules show
// and check: it is built apart from the Module — before the people, settings, catalog and auth
// modules that take it, which the Module itself needs.
type Usage struct{ st *store.Store }

// NewUsage builds the sales Usage on db.
func NewUsage(db bun.IDB) *Usage { return &Usage{st: store.New(db)} }

// Holds names what keeps a customer or product it references from going (archiving.Holder).
func (u *Usage) Holds() string { return "sales" }

// CustomersInUse returns which of the customers ids a live sale names, read on db
// (people.CustomerReferences).
func (u *Usage) CustomersInUse(ctx context.Context, db bun.IDB, ids []int64) ([]int64, error) {
	return u.st.With(db).Using(ctx, "customer_id", ids)
}

// StoreInUse reports whether a live sale names the store (settings.StoreReferences).
func (u *Usage) StoreInUse(ctx context.Context, id int64) (bool, error) {
	used, err := u.st.Using(ctx, "store_id", []int64{id})
	return len(used) > 0, err
}

// ProductsInUse returns which of the products ids a line of a live sale names, read on db
// (catalog.ProductReferences).
func (u *Usage) ProductsInUse(ctx context.Context, db bun.IDB, ids []int64) ([]int64, error) {
	return u.st.With(db).ProductsUsing(ctx, ids)
}

// CustomerTotals are the customers' sales figures (people.CustomerTotals): count, amount, paid
// and balance of their approved sales.
func (u *Usage) CustomerTotals(ctx context.Context, customerIDs []int64) (map[int64]people.Totals, error) {
	figs, err := u.st.FiguresBy(ctx, "customer_id", string(approval.Approved), customerIDs)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]people.Totals, len(figs))
	for id, f := range figs {
		out[id] = people.Totals{TotalSales: f.Count, TotalAmountCents: f.TotalCents, PaidCents: f.PaidCents,
			BalanceCents: f.BalanceCents}
	}
	return out, nil
}

// UserSales are the sellers' figures (auth.UserSales): count and amount of the approved sales
// each user recorded.
func (u *Usage) UserSales(ctx context.Context, userIDs []int64) (map[int64]auth.SalesFigures, error) {
	figs, err := u.st.FiguresBy(ctx, "created_by", string(approval.Approved), userIDs)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]auth.SalesFigures, len(figs))
	for id, f := range figs {
		out[id] = auth.SalesFigures{Count: f.Count, AmountCents: f.TotalCents}
	}
	return out, nil
}

// customerSource reads a people customer as pricing needs it.
type customerSource struct{ c Customers }

func (a customerSource) SaleCustomer(ctx context.Context, companyID, id int64) (app.Customer, error) {
	p, err := a.c.Customer(ctx, companyID, id)
	if err != nil {
		return app.Customer{}, err
	}
	// A legal entity is named by its company name (people's DisplayName), copied at write time.
	return app.Customer{Name: p.DisplayName(), ApprovalStatus: p.ApprovalStatus,
		Profile: tax.Customer{PersonType: string(p.PersonType), GranContribuyente: p.GranContribuyente}}, nil
}

func (a customerSource) KeepCustomer(ctx context.Context, tx bun.IDB, companyID, id int64) error {
	return a.c.KeepCustomer(ctx, tx, companyID, id)
}

func (a customerSource) CustomerIDs(ctx context.Context, sc listing.Scope, q string, limit int) ([]int64, error) {
	return a.c.CustomerIDs(ctx, sc, q, limit)
}

// productSource reads the catalog's products as a sale line needs them, and keeps them while a
// sale naming them is stored.
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
		out[id] = app.Product{ID: p.ID, Code: p.Code, Name: p.Name, IVAClass: p.IVAClass, Kind: p.Kind, CostCents: p.CostCents}
	}
	return out, nil
}

// stockSource moves the catalog's stock and reads the units a refusal reports.
type stockSource struct{ Catalog }

func (stockSource) Available(err error) (int64, bool) { return catalog.Short(err) }

// sellerSource reads our company's tax flags as a seller, and names its stores.
type sellerSource struct{ c Companies }

func (a sellerSource) StoreName(ctx context.Context, companyID, storeID int64) (string, bool, error) {
	return a.c.StoreName(ctx, companyID, storeID)
}

func (a sellerSource) SellerProfile(ctx context.Context, companyID int64) (tax.Seller, error) {
	t, err := a.c.CompanyTaxProfile(ctx, companyID)
	if err != nil {
		return tax.Seller{}, err
	}
	return tax.Seller{HasTaxes: t.HasTaxes, Autorretenedor: t.Autorretenedor}, nil
}

// The payments module reaches sales through payable.Ledger.
var _ payable.Ledger = (*Module)(nil)
