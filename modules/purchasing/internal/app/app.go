// Package app holds the purchasing use cases: quote (the form's totals while typing), list,
// export, read, create, edit, delete, approve and reject purchases, and the dashboard's expiring
// purchases; and the purchase returns (returns.go): what a purchase may still return, quote,
// record, list, export, read, approve, reject and delete, in the purchase's transaction. Every amount is priced by modules/tax from the supplier's and the buying company's
// tax profiles, so the totals the form shows and the totals stored are one engine's.
//
// Every use case takes the caller's caller.Principal: administrators see every company (with an
// optional company filter), everyone else their own company only, and a purchase of another
// company answers 404. Writes run in one transaction with their lines, their attachment, their
// audit entry and their domain event.
package app

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/purchasing/internal/domain"
	"github.com/backoffice/backoffice/modules/purchasing/internal/store"
	"github.com/backoffice/backoffice/modules/tax"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/listing"
)

// Module is the module name in event subjects.
const Module = "purchasing"

// Entity is the entity name in event subjects, audit entries and attachment owners.
const Entity = "purchase"

// Verbs of the events the module publishes.
const (
	VerbCreated  = "created"
	VerbApproved = "approved"
	VerbRejected = "rejected"
)

// Event is the payload of every purchase event (backoffice.purchasing.purchase.<verb>.v1): ids
// and labels for the notification, not the row. Status is the approval status after the change;
// Reason is set on rejections only.
type Event struct {
	ID           int64  `json:"id"`
	ReferenceNo  string `json:"reference_no"`
	SupplierName string `json:"supplier_name"`
	AmountCents  int64  `json:"amount_cents"`
	CreatedBy    int64  `json:"created_by"`
	Status       string `json:"status"`
	Reason       string `json:"reason,omitempty"`
}

// Supplier is what pricing needs of a supplier: its name (kept on the purchase), whether an
// admin rejected it, and its tax profile.
type Supplier struct {
	Name           string
	ApprovalStatus string
	Profile        tax.Supplier
}

// Suppliers finds a live supplier of a company (the people module); a supplier of another
// company, or none, is an apperror not_found.
type Suppliers interface {
	PurchaseSupplier(ctx context.Context, companyID, supplierID int64) (Supplier, error)
	// KeepSupplier keeps the live supplier from being deleted until tx — the transaction that
	// stores a purchase naming it — ends; a supplier gone meanwhile is an apperror not_found.
	KeepSupplier(ctx context.Context, tx bun.IDB, companyID, supplierID int64) error
	// SupplierIDs returns up to limit live suppliers in scope whose name, company, e-mail or
	// document match the search text q (platform/search): the list's search by supplier.
	SupplierIDs(ctx context.Context, sc listing.Scope, q string, limit int) ([]int64, error)
}

// Companies gives a live company's tax flags and its stores' names (the settings module).
type Companies interface {
	BuyerProfile(ctx context.Context, companyID int64) (tax.Buyer, error)
	// StoreName is the name of a live store of the company; ok is false when there is none.
	StoreName(ctx context.Context, companyID, storeID int64) (name string, ok bool, err error)
}

// Product is a live catalog product as a purchase line needs it: its category (to check the
// line), its names, IVA class and kind (copied onto the line) and its cost (the suggestion of a
// purchase draft).
type Product struct {
	ID           int64
	CategoryID   int64
	CategoryName string
	Code         string
	Name         string
	IVAClass     string
	Kind         string
	CostCents    int64
}

// Products reads the live products among ids of company companyID whose category is live, keyed
// by id (the catalog module).
type Products interface {
	LineProducts(ctx context.Context, companyID int64, ids []int64) (map[int64]Product, error)
	// KeepProducts keeps the live products among ids from being deleted until tx — the
	// transaction that stores a purchase naming them — ends, and returns those it kept,
	// ascending.
	KeepProducts(ctx context.Context, tx bun.IDB, companyID int64, ids []int64) ([]int64, error)
}

// ReceivedOrders keeps the received order a purchase invoices (the procurement module) from
// being deleted until the purchase's transaction db ends, and answers its status ("approved" is
// the only one a purchase may invoice), or "" when it is not a live received order of company
// companyID (missing, deleted or another company's alike).
type ReceivedOrders interface {
	KeepReceivedOrder(ctx context.Context, db bun.IDB, companyID, id int64) (string, error)
}

// ReceiptApproved is the status of a received order a purchase may invoice.
const ReceiptApproved = "approved"

// TaxParams gives the dated tax values (UVT) for a document date (the tax module).
type TaxParams interface {
	ParamsFor(ctx context.Context, date time.Time) (tax.Params, error)
}

// Deps is what the Service needs.
type Deps struct {
	DB          *bun.DB
	Counter     *listing.Counter
	Attachments *attachments.Store
	Events      eventbus.Emitter
	Suppliers   Suppliers
	Companies   Companies
	Products    Products
	Taxes       TaxParams
	// ReceivedOrders checks the received order a purchase is made from.
	ReceivedOrders ReceivedOrders
	// Stock takes an approved goods return's units out of stock (the catalog module).
	Stock Stock
	// Users names who records and decides a return (the auth module).
	Users Users
	// AdminRole sees every company, approves and rejects.
	AdminRole string
	Now       func() time.Time
}

// Service implements the purchasing use cases.
type Service struct {
	d     Deps
	store *store.Store
}

// New builds the Service.
func New(d Deps) *Service { return &Service{d: d, store: store.New(d.DB)} }

// Subject is the event subject of verb.
func Subject(verb string) string { return eventbus.Subject(Module, Entity, verb) }

func (s *Service) admin(p caller.Principal) bool { return p.Role == s.d.AdminRole }

func (s *Service) scope(p caller.Principal, companyFilter int64) store.Scope {
	return listing.ScopeFor(s.admin(p), p.CompanyID, companyFilter)
}

func notFound() error { return apperror.NotFound(domain.MsgNotFound) }

func invalid(f domain.Fields) error { return apperror.Invalid(f.First(), map[string]string(f)) }

// get returns the live purchase id that p may see.
func (s *Service) get(ctx context.Context, p caller.Principal, id int64) (*store.Row, error) {
	r, err := s.store.Get(ctx, s.scope(p, 0), id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, notFound()
	}
	if err != nil {
		return nil, apperror.Internal(err)
	}
	return r, nil
}

// priced is a draft checked against the database and priced: what a save writes.
type priced struct {
	draft        domain.Draft
	date         time.Time
	supplierName string
	storeName    string
	lines        []store.LineRow
	result       tax.Result
}

// price checks draft for company companyID beyond the form (supplier, store, products, expiry
// dates) and computes its taxes. With quote set the store and expiry dates are not checked:
// the form asks for totals before it is complete.
func (s *Service) price(ctx context.Context, companyID int64, d domain.Draft, quote bool) (*priced, error) {
	f := domain.Fields{}
	pr := &priced{draft: d}
	var sup Supplier
	if d.SupplierID > 0 {
		var err error
		sup, err = s.d.Suppliers.PurchaseSupplier(ctx, companyID, d.SupplierID)
		switch {
		case apperror.IsCode(err, apperror.CodeNotFound):
			f["supplier_id"] = domain.MsgSupplierRequired
		case err != nil:
			return nil, apperror.Internal(err)
		case sup.ApprovalStatus == string(approval.Rejected):
			// An admin turned this supplier down: nothing may be bought from it.
			f["supplier_id"] = domain.MsgSupplierRequired
		}
		pr.supplierName = sup.Name
	}
	if !quote && d.StoreID > 0 {
		name, ok, err := s.d.Companies.StoreName(ctx, companyID, d.StoreID)
		switch {
		case err != nil:
			return nil, apperror.Internal(err)
		case !ok:
			f["store_id"] = domain.MsgStoreRequired
		}
		pr.storeName = name
	}
	ids := make([]int64, 0, len(d.Lines))
	for _, l := range d.Lines {
		if l.ProductID > 0 && !slices.Contains(ids, l.ProductID) {
			ids = append(ids, l.ProductID)
		}
	}
	products, err := s.d.Products.LineProducts(ctx, companyID, ids)
	if err != nil {
		return nil, apperror.Internal(err)
	}
	for i, l := range d.Lines {
		p, ok := products[l.ProductID]
		if !ok || p.CategoryID != l.CategoryID {
			// Missing, deleted, another company's, or not of the chosen category.
			lineRequired(f, i)
		}
	}
	if !quote {
		domain.CheckExpiry(d, func(id int64) bool { return products[id].Kind == string(tax.Goods) }, f)
	}
	if len(f) > 0 {
		return nil, invalid(f)
	}

	pr.date, _ = calendar.ParseDate(d.PurchaseDate) // Validate checked it
	buyer, err := s.d.Companies.BuyerProfile(ctx, companyID)
	if err != nil {
		return nil, err
	}
	in := tax.Input{Date: pr.date, DiscountCents: d.DiscountCents, ShippingCents: d.ShippingCents, Buyer: buyer,
		Supplier: sup.Profile}
	if buyer.HasTaxes && (buyer.WithholdingAgent || buyer.ReteIVAAgent) {
		if in.Params, err = s.d.Taxes.ParamsFor(ctx, pr.date); err != nil {
			return nil, err
		}
	}
	for _, l := range d.Lines {
		p := products[l.ProductID]
		in.Lines = append(in.Lines, tax.Line{Quantity: *l.Quantity, UnitCostCents: *l.CostCents,
			IVA: tax.IVAClass(p.IVAClass), Concept: tax.Concept(p.Kind)})
	}
	res, err := tax.Compute(in)
	if err != nil {
		return nil, apperror.Internal(fmt.Errorf("purchasing: price: %w", err))
	}
	pr.result = res
	for i, l := range d.Lines {
		p := products[l.ProductID]
		lr := res.Lines[i]
		pr.lines = append(pr.lines, store.LineRow{CompanyID: companyID, CategoryID: p.CategoryID, ProductID: p.ID,
			CategoryName: p.CategoryName, ProductCode: p.Code, ProductName: p.Name, IVAClass: p.IVAClass, Kind: p.Kind,
			ExpiryDate: l.ExpiryDate, CostCents: *l.CostCents, Quantity: *l.Quantity, SubtotalCents: lr.SubtotalCents,
			DiscountCents: lr.DiscountCents, BaseCents: lr.BaseCents, IVACents: lr.IVACents})
	}
	return pr, nil
}

// Quote prices a purchase form for company (admins: the one they name, else their own) without
// storing anything, so the form shows the server's totals while the user types. Only the
// supplier, the date, the lines and the amounts are read; the form's other fields are checked
// when it is saved.
func (s *Service) Quote(ctx context.Context, p caller.Principal, companyID int64, d domain.Draft) (PurchaseTotals, []PurchaseLineTotals, error) {
	companyID, err := s.writeCompany(ctx, p, companyID)
	if err != nil {
		return PurchaseTotals{}, nil, err
	}
	d = domain.Normalize(d)
	f := domain.Validate(d, s.d.Now())
	// The form asks for totals before it is complete: what is not typed yet is not an error
	// (no reference, no store, no credit), but a typed value out of its bounds is refused as
	// create and edit refuse it.
	for _, k := range []string{"reference_no", "store_id"} {
		delete(f, k)
	}
	if d.DaysOfCredit == 0 {
		delete(f, "days_of_credit")
	}
	for k, m := range f {
		if m == domain.MsgExpiryRequired {
			delete(f, k)
		}
	}
	if len(f) > 0 {
		return PurchaseTotals{}, nil, invalid(f)
	}
	pr, err := s.price(ctx, companyID, d, true)
	if err != nil {
		return PurchaseTotals{}, nil, err
	}
	lines := make([]PurchaseLineTotals, len(pr.lines))
	for i, l := range pr.lines {
		lines[i] = lineTotals(l)
	}
	return totalsOf(pr.result, 0, 0), lines, nil
}

// writeCompany is the company a purchase of p goes to: an administrator may name another live
// company; anyone else writes to their own.
func (s *Service) writeCompany(ctx context.Context, p caller.Principal, requested int64) (int64, error) {
	if !s.admin(p) || requested == 0 || requested == p.CompanyID {
		return p.CompanyID, nil
	}
	if _, err := s.d.Companies.BuyerProfile(ctx, requested); err != nil {
		if apperror.IsCode(err, apperror.CodeNotFound) {
			return 0, apperror.Field("company_id", "The selected company is invalid.")
		}
		return 0, err
	}
	return requested, nil
}

// audit writes the audit entry of action on r inside tx.
func (s *Service) audit(ctx context.Context, tx bun.IDB, p caller.Principal, r *store.Row, action, detail string, at time.Time) error {
	return audit.Record(ctx, tx, audit.Entry{CompanyID: audit.Int64(r.CompanyID), ActorID: audit.Int64(p.UserID),
		Action: Entity + "_" + action, Entity: Entity, EntityID: strconv.FormatInt(r.ID, 10), Detail: detail,
		IP: caller.ClientIP(ctx), CreatedAt: at})
}

// emit writes the event of verb about r into tx's outbox.
func (s *Service) emit(ctx context.Context, tx bun.IDB, p caller.Principal, r *store.Row, verb, reason string, at time.Time) error {
	var createdBy int64
	if r.CreatedBy != nil {
		createdBy = *r.CreatedBy
	}
	ev := eventbus.NewEvent(Subject(verb), r.CompanyID, p.UserID, Event{ID: r.ID, ReferenceNo: r.ReferenceNo,
		SupplierName: r.SupplierName, AmountCents: r.TotalToPayCents, CreatedBy: createdBy,
		Status: r.ApprovalStatus, Reason: reason}, at)
	return s.d.Events.Emit(ctx, tx, ev)
}

// afterWrite runs once a write committed: list totals are recounted and the relay woken.
func (s *Service) afterWrite(ctx context.Context, events bool) {
	s.d.Counter.Bump(ctx, store.Table)
	if events {
		s.d.Events.Flush()
	}
}

// now is the current instant in UTC, to the microsecond the databases keep (cursors must
// round-trip).
func (s *Service) now() time.Time { return s.d.Now().UTC().Truncate(time.Microsecond) }

// lineRequired is the answer to line i naming no product of its category (missing, deleted,
// another company's, another category's), on the line and on the lines.
func lineRequired(f domain.Fields, i int) {
	f[domain.LineField(i, "product_id")] = domain.MsgLineRequired
	if _, set := f["lines"]; !set {
		f["lines"] = domain.MsgLineRequired
	}
}
