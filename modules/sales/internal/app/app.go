// Package app holds the sales use cases: quote (the form's totals while typing), list, export,
// read, create, edit, delete, approve and reject sales, and the figures other modules show
// (customers' and users' sales, references, the payments' ledger). Every amount is priced by
// tax.ComputeSale from our company's and the customer's tax profiles, so the totals the form
// shows and the totals stored are one engine's.
//
// Every use case takes the caller's caller.Principal: administrators see every company (with an
// optional company filter), everyone else their own company only, and a sale of another
// company answers 404. Writes run in one transaction with their lines, their stock moves
// (catalog.AdjustStock), their images, their audit entry and their domain event.
package app

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/sales/internal/domain"
	"github.com/backoffice/backoffice/modules/sales/internal/store"
	"github.com/backoffice/backoffice/modules/tax"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/listing"
)

// Module is the module name in event subjects.
const Module = "sales"

// Entity is the entity name in event subjects, audit entries and attachment owners.
const Entity = "sale"

// Verbs of the events the module publishes.
const (
	VerbCreated  = "created"
	VerbApproved = "approved"
	VerbRejected = "rejected"
)

// Event is the payload of every sale event (backoffice.sales.sale.<verb>.v1): ids and labels for
// the notification, not the row. Status is the approval status after the change; Reason is set
// on rejections only.
type Event struct {
	ID           int64  `json:"id"`
	Number       string `json:"number"`
	CustomerName string `json:"customer_name"`
	AmountCents  int64  `json:"amount_cents"`
	CreatedBy    int64  `json:"created_by"`
	Status       string `json:"status"`
	Reason       string `json:"reason,omitempty"`
}

// Customer is what pricing needs of a customer: its name (kept on the sale), whether an admin
// rejected it, and its tax profile.
type Customer struct {
	Name           string
	ApprovalStatus string
	Profile        tax.Customer
}

// Customers finds a live customer of a company (the people module); a customer of another
// company, or none, is an apperror not_found.
type Customers interface {
	SaleCustomer(ctx context.Context, companyID, customerID int64) (Customer, error)
	// KeepCustomer keeps the live customer from being deleted until tx — the transaction that
	// stores a sale naming it — ends; a customer gone meanwhile is an apperror not_found.
	KeepCustomer(ctx context.Context, tx bun.IDB, companyID, customerID int64) error
	// CustomerIDs returns up to limit live customers in scope whose name, company, e-mail or
	// document match the search text q (platform/search): the list's search by customer.
	CustomerIDs(ctx context.Context, sc listing.Scope, q string, limit int) ([]int64, error)
}

// Companies gives our company's tax flags as a seller and its stores' names (the settings
// module).
type Companies interface {
	SellerProfile(ctx context.Context, companyID int64) (tax.Seller, error)
	// StoreName is the name of a live store of the company; ok is false when there is none.
	StoreName(ctx context.Context, companyID, storeID int64) (name string, ok bool, err error)
}

// Product is a live catalog product as a sale line needs it: its names, IVA class and kind
// (copied onto the line) and its cost now (the line's cost at the time of the sale).
type Product struct {
	ID        int64
	Code      string
	Name      string
	IVAClass  string
	Kind      string
	CostCents int64
}

// Products reads the live products among ids of company companyID, keyed by id (the catalog
// module).
type Products interface {
	LineProducts(ctx context.Context, companyID int64, ids []int64) (map[int64]Product, error)
	// KeepProducts keeps the live products among ids from being deleted until tx — the
	// transaction that stores a sale naming them — ends, and returns those it kept, ascending.
	KeepProducts(ctx context.Context, tx bun.IDB, companyID int64, ids []int64) ([]int64, error)
}

// Stock moves product stock inside the sale's transaction (the catalog module). A refusal to go
// below zero is an apperror wrapping the units available (Available reads them).
type Stock interface {
	AdjustStock(ctx context.Context, tx bun.IDB, productID, delta int64) (int64, error)
	// Available is the units available a refused AdjustStock reported, ok false for any other
	// error.
	Available(err error) (units int64, ok bool)
	StockChanged(ctx context.Context)
}

// Users names the users who record sales (the auth module).
type Users = caller.Users

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
	Customers   Customers
	Companies   Companies
	Products    Products
	Stock       Stock
	Taxes       TaxParams
	Users       Users
	// AdminRole sees every company, approves and rejects, and never records a sale.
	AdminRole string
	Now       func() time.Time
}

// Service implements the sales use cases.
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

// get returns the live sale id that p may see.
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
	ev := eventbus.NewEvent(Subject(verb), r.CompanyID, p.UserID, Event{ID: r.ID, Number: r.Number,
		CustomerName: r.CustomerName, AmountCents: r.TotalCents, CreatedBy: createdBy,
		Status: r.ApprovalStatus, Reason: reason}, at)
	return s.d.Events.Emit(ctx, tx, ev)
}

// afterWrite runs once a write committed: list totals are recounted, product lists see the new
// stock, and the relay is woken.
func (s *Service) afterWrite(ctx context.Context, stock, events bool) {
	s.d.Counter.Bump(ctx, store.Table)
	if stock {
		s.d.Stock.StockChanged(ctx)
	}
	if events {
		s.d.Events.Flush()
	}
}

// now is the current instant in UTC, to the microsecond the databases keep (cursors must
// round-trip).
func (s *Service) now() time.Time { return s.d.Now().UTC().Truncate(time.Microsecond) }
