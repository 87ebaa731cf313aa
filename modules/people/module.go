package people

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/people/internal/app"
	"github.com/backoffice/backoffice/modules/people/internal/domain"
	peoplehttp "github.com/backoffice/backoffice/modules/people/internal/http"
	"github.com/backoffice/backoffice/modules/people/internal/store"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/search"
)

// Deps is what the people module needs from the process.
type Deps struct {
	DB        *bun.DB
	Cache     cache.Store
	Companies CompanyNames
	// Events writes domain events to the outbox and wakes the relay after commit.
	Events eventbus.Emitter
	Now    func() time.Time
	// StaffRoles may list, read, create, edit, delete and export (admin, user, secretary);
	// AdminRole also approves and rejects.
	StaffRoles []string
	AdminRole  string
	// CustomerTotals gives customers their sales figures (the sales module); nil: NoSales.
	CustomerTotals CustomerTotals
	// SupplierTotals gives suppliers their purchase figures with returns and credits (the
	// purchasing module); nil: suppliers carry none.
	SupplierTotals SupplierTotals
	// CustomerRefs and SupplierRefs make deleting a record one of them reports in use fail with
	// 409 'Customer cannot be deleted' / 'Supplier cannot be deleted'.
	CustomerRefs []CustomerReferences
	SupplierRefs []SupplierReferences
}

// totalTTL bounds how long a cached list total may lag behind another replica's write (this
// replica's own writes invalidate it at once).
const totalTTL = time.Minute

// Module is the people module's composition root.
type Module struct {
	db                   bun.IDB
	customers, suppliers *app.Service
	now                  func() time.Time
	access               peoplehttp.Access
}

// New wires the module.
func New(d Deps) *Module {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.CustomerTotals == nil {
		d.CustomerTotals = NoSales{}
	}
	ad := app.Deps{DB: d.DB, Counter: listing.NewCounter(d.Cache, totalTTL), Companies: d.Companies, Events: d.Events, Now: d.Now,
		AdminRole: d.AdminRole}
	cd, sd := ad, ad
	cd.Totals = d.CustomerTotals
	if d.SupplierTotals != nil {
		sd.Totals = supplierTotals{d.SupplierTotals}
	}
	cd.Refs = archiving.References(d.CustomerRefs, CustomerReferences.CustomersInUse)
	sd.Refs = archiving.References(d.SupplierRefs, SupplierReferences.SuppliersInUse)
	return &Module{db: d.DB, customers: app.New(domain.Customers, cd), suppliers: app.New(domain.Suppliers, sd), now: d.Now,
		access: peoplehttp.Access{Staff: httpx.SignedIn(d.StaffRoles...), Deciders: httpx.SignedIn(d.AdminRole)}}
}

// Routes registers /api/customers and /api/suppliers.
func (m *Module) Routes(api *httpx.API) {
	peoplehttp.Routes(api, m.customers, m.access, m.now, peoplehttp.CustomerView)
	peoplehttp.Routes(api, m.suppliers, m.access, m.now, peoplehttp.SupplierView)
}

// Customer returns a live customer of company companyID (404 apperror otherwise), with totals.
func (m *Module) Customer(ctx context.Context, companyID, id int64) (Party, error) {
	return m.customers.Find(ctx, companyID, id)
}

// Supplier returns a live supplier of company companyID (404 apperror otherwise), with its tax
// profile for the withholding computations.
func (m *Module) Supplier(ctx context.Context, companyID, id int64) (Party, error) {
	return m.suppliers.Find(ctx, companyID, id)
}

// KeepCustomer keeps the live customer id of company companyID from being deleted until tx — the
// transaction storing a document that names it — ends (404 apperror when there is none): a sale
// and an archive of its customer cannot both succeed.
func (m *Module) KeepCustomer(ctx context.Context, tx bun.IDB, companyID, id int64) error {
	return m.customers.Keep(ctx, tx, companyID, id)
}

// KeepSupplier is KeepCustomer for a purchase's supplier.
func (m *Module) KeepSupplier(ctx context.Context, tx bun.IDB, companyID, id int64) error {
	return m.suppliers.Keep(ctx, tx, companyID, id)
}

// SupplierIDs returns up to limit live suppliers in scope that the search text q finds by the
// suppliers list's rule (platform/search: every term begins a word of the name, company, e-mail
// or document): how another module's list searches its records by their supplier's current
// names. No terms, no suppliers.
func (m *Module) SupplierIDs(ctx context.Context, sc listing.Scope, q string, limit int) ([]int64, error) {
	return m.partyIDs(ctx, SupplierWords, sc, q, limit)
}

// CustomerIDs is SupplierIDs for customers: how the sales list searches sales by their
// customer's current names.
func (m *Module) CustomerIDs(ctx context.Context, sc listing.Scope, q string, limit int) ([]int64, error) {
	return m.partyIDs(ctx, CustomerWords, sc, q, limit)
}

// partyIDs returns up to limit live records of words' table in scope that q finds.
func (m *Module) partyIDs(ctx context.Context, words search.Table, sc listing.Scope, q string, limit int) ([]int64, error) {
	terms := store.Terms(q)
	if len(terms) == 0 {
		return nil, nil
	}
	var ids []int64
	err := words.IDs(m.db, terms, sc).Distinct().Limit(int64(limit)).Scan(ctx, &ids)
	return ids, err
}

// IndexSearch indexes the search words of the customers and suppliers that have none: records
// written before the word index existed, or loaded straight into the tables. serve runs it in the
// background at start; until it ends, a search may miss those records.
func (m *Module) IndexSearch(ctx context.Context) (int, error) {
	c, err := m.customers.IndexSearch(ctx)
	if err != nil {
		return c, err
	}
	s, err := m.suppliers.IndexSearch(ctx)
	return c + s, err
}

// IndexSearchWords indexes the search words of the customers and suppliers on db that have
// none, for tools that load them straight into the tables (the benchmarks); cached list totals
// are not cleared.
func IndexSearchWords(ctx context.Context, db bun.IDB) (int, error) {
	n := 0
	for _, table := range []string{domain.Customers.Table(), domain.Suppliers.Table()} {
		k, err := store.New(db, table).IndexMissingWords(ctx)
		n += k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// CustomerWords and SupplierWords are the search word indexes (platform/search), for tools that
// read them.
var (
	CustomerWords = store.WordsOf(domain.Customers.Table())
	SupplierWords = store.WordsOf(domain.Suppliers.Table())
)

// supplierTotals serves the suppliers' figures where the records' service asks for totals.
type supplierTotals struct{ s SupplierTotals }

func (a supplierTotals) CustomerTotals(ctx context.Context, ids []int64) (map[int64]Totals, error) {
	return a.s.SupplierTotals(ctx, ids)
}

// Customers is the advanced delete's way to customers (archiving.Kind): a customer that live
// sales still name cannot go ('Customer cannot be deleted: it has sales.'); the others are
// archived, and come back unless a live customer has taken their document number.
func (m *Module) Customers() archiving.Kind { return archiveKind(m.customers) }

// Suppliers is Customers for suppliers (held by purchases).
func (m *Module) Suppliers() archiving.Kind { return archiveKind(m.suppliers) }

func archiveKind(s *app.Service) archiving.Kind {
	return archiving.KindFuncs{Selecting: s.SelectArchivable, Archiving: s.Archive, Restoring: s.Restore, Settling: s.ArchiveSettled}
}
