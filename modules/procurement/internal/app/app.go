// Package app holds the procurement use cases: purchase orders (list, read, create, edit while
// pending or rejected — which sends a rejected one again —, delete per the delete rule, approve,
// reject), receiving against an approved order,
// and received orders (list, read, edit while pending, approve — which adds stock in the same
// transaction — reject, and the purchase draft). Every write runs in one transaction with its
// audit entry and its domain events; events leave after the commit (Emitter.Flush).
package app

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/procurement/internal/domain"
	"github.com/backoffice/backoffice/modules/procurement/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/bounds"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/listing"
)

// Stock is the catalog's stock adjustment, run inside the caller's transaction.
type Stock interface {
	AdjustStock(ctx context.Context, tx bun.IDB, productID, delta int64) (int64, error)
	StockChanged(ctx context.Context)
}

// Deps is what the Service needs.
type Deps struct {
	DB          *bun.DB
	Counter     *listing.Counter
	Attachments *attachments.Store
	Stock       Stock
	Catalog     Catalog
	// Invoices tells which received orders a purchase invoices (the purchasing module): such a
	// received order, and its purchase order, cannot be deleted. Nil: none is (a process
	// without purchases).
	Invoices Invoices
	Events   eventbus.Emitter
	// AdminRole sees every company, decides and deletes; BuyerRole deletes its own pending orders.
	AdminRole, BuyerRole string
	Now                  func() time.Time
	Logger               *slog.Logger
}

// Service implements the procurement use cases.
type Service struct {
	d     Deps
	store *store.Store
}

// New builds the Service.
func New(d Deps) *Service { return &Service{d: d, store: store.New(d.DB)} }

// Attachment owners of order and receipt images.
const (
	OrderImageOwner   = "purchase_order"
	ReceiptImageOwner = "received_order"
)

// Upload is one uploaded image.
type Upload struct {
	Filename string
	Data     []byte
}

// OrderImage is an order's or receipt's image as the API shows it: null when there is none
// (the blank field makes the schema say so; huma cannot mark a $ref field nullable).
type OrderImage struct {
	_   struct{} `nullable:"true"`
	ID  int64    `json:"id" doc:"Attachment id"`
	URL string   `json:"url" doc:"Where the image is served (GET, signed in)"`
}

// OrderCategory names a category.
type OrderCategory struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// OrderProduct names a product.
type OrderProduct struct {
	ID   int64  `json:"id"`
	Code string `json:"code"`
	Name string `json:"name"`
	Unit string `json:"unit"`
}

func (s *Service) admin(p caller.Principal) bool { return p.Role == s.d.AdminRole }

func (s *Service) scopeOf(p caller.Principal, companyFilter int64) store.Scope {
	return listing.ScopeFor(s.admin(p), p.CompanyID, companyFilter)
}

func (s *Service) now() time.Time {
	// The databases keep microseconds: cursors must round-trip.
	return s.d.Now().UTC().Truncate(time.Microsecond)
}

func notFound() error { return apperror.NotFound(domain.MsgNotFound) }

func invalid(fields map[string]string) error {
	return apperror.Form(fields, domain.FieldOrder...)
}

func ptr(v int64) *int64 { return audit.Int64(v) }

func deref(v *int64) int64 {
	if v == nil {
		return 0
	}
	return *v
}

// checkImage validates an optional upload by content, as a form field error.
func checkImage(fields map[string]string, up *Upload) error {
	if up == nil {
		return nil
	}
	if _, err := attachments.Validate(up.Filename, up.Data); err != nil {
		e := apperror.As(err)
		if e == nil || e.Code != apperror.CodeInvalid {
			return apperror.Internal(err)
		}
		fields["image"] = e.Message
	}
	return nil
}

// replaceImage removes the current image of owner's record when remove or up is set, then
// stores up (if any), in tx.
func (s *Service) replaceImage(ctx context.Context, tx bun.IDB, p caller.Principal, owner string, companyID, id int64, up *Upload, remove bool) error {
	if remove || up != nil {
		if _, err := s.d.Attachments.SoftDeleteByOwner(ctx, tx, owner, id, attachments.Scope{CompanyID: companyID}, p.UserID); err != nil {
			return err
		}
	}
	if up == nil {
		return nil
	}
	_, err := s.d.Attachments.Save(ctx, tx, attachments.Attachment{Info: attachments.Info{CompanyID: companyID,
		Owner: owner, OwnerID: id, Filename: up.Filename, CreatedBy: p.UserID}, Data: up.Data})
	return err
}

// withImages turns rows (owner's records, idOf giving their ids) into what the API shows with
// view, handing each the first live image of its record; the images of all rows are read in one
// call.
func withImages[R, T any](ctx context.Context, s *Service, owner string, rows []R, idOf func(R) int64, view func(R, *OrderImage) T) ([]T, error) {
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = idOf(r)
	}
	all, err := s.d.Attachments.ListByOwner(ctx, s.d.DB, owner, ids...)
	if err != nil {
		return nil, err
	}
	out := make([]T, len(rows))
	for i, r := range rows {
		var img *OrderImage
		if infos := all[ids[i]]; len(infos) > 0 {
			last := infos[len(infos)-1]
			img = &OrderImage{ID: last.ID, URL: last.URL()}
		}
		out[i] = view(r, img)
	}
	return out, nil
}

// OrderVisible reports whether p sees the live purchase order id (its company scope): the read
// rule of the order's image.
func (s *Service) OrderVisible(ctx context.Context, p caller.Principal, id int64) (bool, error) {
	return visible(s.store.OrderByID(ctx, s.scopeOf(p, 0), id))
}

// ReceiptVisible reports whether p sees the live received order id: the read rule of its image.
func (s *Service) ReceiptVisible(ctx context.Context, p caller.Principal, id int64) (bool, error) {
	return visible(s.store.ReceiptByID(ctx, s.scopeOf(p, 0), id))
}

// visible turns a store read into "seen": a miss is false, not an error.
func visible[R any](_ *R, err error) (bool, error) {
	if isNotFound(err) {
		return false, nil
	}
	return err == nil, err
}

// record writes an audit entry in tx.
func (s *Service) record(ctx context.Context, tx bun.IDB, p caller.Principal, companyID int64, action, entity string, id int64, detail string, at time.Time) error {
	return audit.Record(ctx, tx, audit.Entry{CompanyID: audit.Int64(companyID), ActorID: audit.Int64(p.UserID),
		Action: action, Entity: entity, EntityID: strconv.FormatInt(id, 10), Detail: detail, IP: caller.ClientIP(ctx), CreatedAt: at})
}

// emit writes a domain event to the outbox in tx.
func (s *Service) emit(ctx context.Context, tx bun.IDB, entity, verb string, companyID, actorID int64, ev Event, at time.Time) error {
	return s.d.Events.Emit(ctx, tx, eventbus.NewEvent(eventbus.Subject(Module, entity, verb), companyID, actorID, ev, at))
}

// changed runs after a committed write: events leave now, cached totals of tables are dropped.
func (s *Service) changed(ctx context.Context, tables ...string) {
	s.d.Events.Flush()
	for _, t := range tables {
		s.d.Counter.Bump(ctx, t)
	}
}

func isNotFound(err error) bool { return errors.Is(err, store.ErrNotFound) }

// found is the answer to a read of one record: a store miss is the module's not found, any
// other failure internal.
func found[R any](r *R, err error) (*R, error) {
	if isNotFound(err) {
		return nil, notFound()
	}
	if err != nil {
		return nil, apperror.Internal(err)
	}
	return r, nil
}

// amountOf is quantity units at unitCents, the amount events and the purchase draft show. Both
// are within their bounds (platform/bounds), but their product may not be: an order of 10^9
// units of a product costing 10^14 centavos would overflow int64. Beyond a document's bound
// the amount is shown at the bound, which a purchase could not exceed anyway, rather than as
// a wrapped-around number.
func amountOf(quantity, unitCents int64) int64 {
	if cents, ok := bounds.LineCents(quantity, unitCents); ok {
		return cents
	}
	return bounds.MaxDocumentCents
}

// Module, entities and verbs of the events (backoffice.procurement.<entity>.<verb>.v1).
const (
	Module        = "procurement"
	EntityOrder   = "purchase_order"
	EntityReceipt = "received_order"
	VerbCreated   = "created"
	VerbApproved  = "approved"
	VerbRejected  = "rejected"
	VerbReceived  = "received"
)

// Event is the payload of every procurement event: ids and labels, not rows. SupplierName is
// always "" (orders name no supplier; the field keeps the payload shape every notification
// reads). AmountCents is Quantity at the product's catalog cost when the event was written.
type Event struct {
	ID              int64  `json:"id"`
	ReferenceNo     string `json:"reference_no"`
	SupplierName    string `json:"supplier_name"`
	AmountCents     int64  `json:"amount_cents"`
	CreatedBy       int64  `json:"created_by" doc:"The record's creator (notified of decisions)"`
	Reason          string `json:"reason,omitempty"`
	Status          string `json:"status,omitempty"`
	ProductName     string `json:"product_name"`
	Quantity        int64  `json:"quantity"`
	PurchaseOrderID int64  `json:"purchase_order_id,omitempty" doc:"Received orders: their purchase order"`
}

// IndexSearch indexes the search words of the purchase orders and received orders that have
// none (written before the word indexes existed) and clears the cached list totals when it did.
func (s *Service) IndexSearch(ctx context.Context) (int, error) {
	n, err := s.store.IndexMissingWords(ctx)
	if n > 0 {
		s.d.Counter.Bump(ctx, store.TableOrders)
		s.d.Counter.Bump(ctx, store.TableReceipts)
	}
	return n, err
}
