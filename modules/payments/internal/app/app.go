// Package app holds the payments use cases: list, export and read payments, record one payment
// or a run, approve, reject and delete, and the open documents a run may pay. A payment's
// document belongs to another module (purchasing's purchases, sales' sales): it is read, held
// and paid only through its owner's payable.Ledger, inside the payment's own transaction, so a
// payment and the document's new figures commit or roll back together.
//
// Every use case takes the caller's caller.Principal: administrators see every company (with an
// optional company filter), everyone else their own company only, and a payment or a document
// of another company answers 404.
package app

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/payments/internal/domain"
	"github.com/backoffice/backoffice/modules/payments/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/payable"
)

// Module is the module name in event subjects.
const Module = "payments"

// Entity is the entity name in event subjects, audit entries and attachment owners.
const Entity = "payment"

// RunEntity is a run's name in audit entries, attachment owners and its number sequence.
const RunEntity = "payment_batch"

// Verbs of the events the module publishes.
const (
	VerbCreated  = "created"
	VerbApproved = "approved"
	VerbRejected = "rejected"
)

// Event is the payload of every payment event (backoffice.payments.payment.<verb>.v1): ids and
// labels for the notification, not the row. Status is the approval status after the change;
// Reason is set on rejections only.
type Event struct {
	ID             int64  `json:"id"`
	ReferenceNo    string `json:"reference_no"`
	Type           string `json:"type"`
	DocumentID     int64  `json:"document_id"`
	DocumentNumber string `json:"document_number"`
	PartyName      string `json:"party_name"`
	AmountCents    int64  `json:"amount_cents"`
	CreatedBy      int64  `json:"created_by"`
	Status         string `json:"status"`
	Reason         string `json:"reason,omitempty"`
}

// Deps is what the Service needs.
type Deps struct {
	DB          *bun.DB
	Counter     *listing.Counter
	Attachments *attachments.Store
	Events      eventbus.Emitter
	// Ledgers are the owners of the payable documents, by type (purchase, sale).
	Ledgers map[payable.Type]payable.Ledger
	// AdminRole sees every company; its payments are approved at once; it approves and rejects.
	AdminRole string
	Now       func() time.Time
}

// Service implements the payments use cases.
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

// documentCompany is the company p reads documents in: 0 (any) for administrators.
func (s *Service) documentCompany(p caller.Principal) int64 {
	if s.admin(p) {
		return 0
	}
	return p.CompanyID
}

func notFound() error { return apperror.NotFound(domain.MsgNotFound) }

func invalid(f domain.Fields) error { return apperror.Invalid(f.First(), map[string]string(f)) }

// ledger is the owner of documents of type t (validated before).
func (s *Service) ledger(t string) payable.Ledger { return s.d.Ledgers[payable.Type(t)] }

// get returns the live payment id that p may see.
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

// hold reads document id of type t in company (0: any) inside tx and holds it until tx ends
// (payable.Ledger.Document). ok is false when there is no such live document the caller may
// see.
func (s *Service) hold(ctx context.Context, tx bun.IDB, t string, company, id int64) (doc payable.Document, ok bool, err error) {
	doc, err = s.ledger(t).Document(ctx, tx, company, id)
	if errors.Is(err, store.ErrNotFound) {
		return doc, false, nil
	}
	return doc, err == nil, err
}

// fits refuses, under field, an amount that document doc (held in tx) cannot take besides the
// other payments pending on it (but except): never overpaid.
func (s *Service) fits(ctx context.Context, tx bun.IDB, t string, doc payable.Document, except, amountCents int64, field string) error {
	pending, err := s.store.With(tx).Pending(ctx, t, doc.ID, except)
	if err != nil {
		return err
	}
	if available, over := domain.Overpaid(doc, pending, amountCents); over {
		return apperror.Field(field, domain.MsgOverpaid(available))
	}
	return nil
}

// payable refuses, under field, a document that may not be paid: only approved documents are
// (a pending one is not yet a debt, a rejected one never is).
func payableDoc(doc payable.Document, field string) error {
	if doc.ApprovalStatus != string(approval.Approved) {
		return apperror.Field(field, domain.MsgNotApproved)
	}
	return nil
}

// audit writes the audit entry of action on entity id of company inside tx.
func (s *Service) audit(ctx context.Context, tx bun.IDB, p caller.Principal, entity string, company, id int64, action, detail string, at time.Time) error {
	return audit.Record(ctx, tx, audit.Entry{CompanyID: audit.Int64(company), ActorID: audit.Int64(p.UserID),
		Action: entity + "_" + action, Entity: entity, EntityID: strconv.FormatInt(id, 10), Detail: detail,
		IP: caller.ClientIP(ctx), CreatedAt: at})
}

// emit writes the event of verb about r into tx's outbox.
func (s *Service) emit(ctx context.Context, tx bun.IDB, p caller.Principal, r *store.Row, verb, reason string, at time.Time) error {
	var createdBy int64
	if r.CreatedBy != nil {
		createdBy = *r.CreatedBy
	}
	ev := eventbus.NewEvent(Subject(verb), r.CompanyID, p.UserID, Event{ID: r.ID, ReferenceNo: r.ReferenceNo, Type: r.Type,
		DocumentID: r.DocumentID, DocumentNumber: r.DocumentNumber, PartyName: r.PartyName, AmountCents: r.AmountCents,
		CreatedBy: createdBy, Status: r.ApprovalStatus, Reason: reason}, at)
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
