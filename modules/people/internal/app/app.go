// Package app holds the people module's use cases. One Service manages one kind of party
// (customers or suppliers): the two share every rule, so they share this code, and a
// domain.Kind says what differs (names, table, messages).
//
// Every use case takes the Actor, whose role and company decide what it may see: admins see
// every company, everyone else only their own, and a record of another company is reported as
// not found. Writes run in one transaction with their audit entry and their domain event.
package app

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/people/internal/domain"
	"github.com/backoffice/backoffice/modules/people/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/listing"
)

// Messages sent to the client.
const (
	MsgNotFound       = "The requested information was not found"
	MsgCompanyInvalid = "The selected company is invalid."
)

// Module is the module name in event subjects.
const Module = "people"

// Verbs of the events the module publishes.
const (
	VerbCreated  = "created"
	VerbApproved = "approved"
	VerbRejected = "rejected"
)

// Event is the payload of every people event (backoffice.people.<entity>.<verb>.v1): ids and
// labels, not the whole record. Reason is set on rejections, archives and restores. CreatedBy is who created the
// record: the notifications module tells them when an admin approves or rejects it.
type Event struct {
	ID             int64  `json:"id"`
	Name           string `json:"name"`
	ApprovalStatus string `json:"approval_status"`
	Reason         string `json:"reason,omitempty"`
	CreatedBy      int64  `json:"created_by,omitempty"`
}

// Totals are a customer's sales figures, computed by the sales module, or a supplier's purchase
// figures, computed by the purchasing module (TotalSales is then the number of purchases, and
// returns and credits are the purchase returns'). Money in centavos.
type Totals struct {
	TotalSales       int64 `json:"total_sales" doc:"Number of sales to the customer"`
	TotalAmountCents int64 `json:"total_amount_cents" doc:"Sum of the sales, in centavos"`
	PaidCents        int64 `json:"paid_cents" doc:"Paid so far, in centavos"`
	BalanceCents     int64 `json:"balance_cents" doc:"Still owed, in centavos"`
	// Suppliers only (the customers' JSON leaves them out: sales have no returns).
	ReturnCents        int64 `json:"-"`
	PendingReturnCents int64 `json:"-"`
	CreditCents        int64 `json:"-"`
}

// CustomerTotals computes sales figures for customers. The ids given are already checked
// against the caller's company; customers missing from the answer have no sales.
type CustomerTotals interface {
	CustomerTotals(ctx context.Context, customerIDs []int64) (map[int64]Totals, error)
}

// CompanyNames resolves company ids to names; a company that is gone is missing from the answer.
type CompanyNames interface {
	CompanyNames(ctx context.Context, ids []int64) (map[int64]string, error)
}

// Actor is who calls a use case.
type Actor struct {
	UserID, CompanyID int64
	Role              string
	// Admin is whether Role is the admin role (Deps.AdminRole): sees every company, approves.
	Admin bool
}

// Actor is the Actor of the caller p.
func (s *Service) Actor(p caller.Principal) Actor {
	return Actor{UserID: p.UserID, CompanyID: p.CompanyID, Role: p.Role, Admin: p.Role == s.adminRole}
}

func (a Actor) admin() bool { return a.Admin }

// scope is what a may see; an admin may narrow it to one company.
func (a Actor) scope(companyFilter int64) store.Scope {
	return listing.ScopeFor(a.admin(), a.CompanyID, companyFilter)
}

// Input is a record as the user types it. CompanyID is honoured for admins on create only
// (0: the admin's own company); a record never moves between companies.
type Input struct {
	domain.Details
	CompanyID int64
}

// Record is a customer or supplier as the API shows it.
type Record struct {
	ID          int64
	CompanyID   int64
	CompanyName string
	domain.Details
	// VerificationDigit is the NIT check digit of DocumentNumber ("" for other documents).
	VerificationDigit string
	ApprovalStatus    string
	ApprovalReason    string
	ApprovedBy        *int64
	ApprovedAt        *time.Time
	CreatedBy         *int64
	CreatedAt         time.Time
	UpdatedAt         time.Time
	// Totals is set when the kind's module computes figures (customers: sales; suppliers:
	// purchases).
	Totals *Totals
}

// Deps is what a Service needs.
type Deps struct {
	DB        *bun.DB
	Counter   *listing.Counter
	Companies CompanyNames
	// Events writes domain events to the outbox and wakes the relay after commit.
	Events eventbus.Emitter
	Now    func() time.Time
	// Totals gives records their figures (customers: sales; suppliers: purchases); nil: none.
	Totals CustomerTotals
	// Refs refuse deleting a record another module's data still names; each says what holds it
	// ('sales', 'purchases': the advanced delete's preview names it).
	Refs []archiving.Reference
	// AdminRole sees every company, and its records need no approval; it approves the others'.
	AdminRole string
}

// Service implements the use cases of one kind.
type Service struct {
	kind      domain.Kind
	db        *bun.DB
	store     *store.Store
	counter   *listing.Counter
	companies CompanyNames
	now       func() time.Time
	events    eventbus.Emitter
	totals    CustomerTotals
	refs      []archiving.Reference
	adminRole string
}

// New builds the Service for kind.
func New(kind domain.Kind, d Deps) *Service {
	return &Service{kind: kind, db: d.DB, store: store.New(d.DB, kind.Table()), counter: d.Counter,
		companies: d.Companies, events: d.Events, now: d.Now, totals: d.Totals, refs: d.Refs, adminRole: d.AdminRole}
}

// Kind is the kind this Service manages.
func (s *Service) Kind() domain.Kind { return s.kind }

// HasTotals reports whether records carry figures (customers' sales, suppliers' purchases).
func (s *Service) HasTotals() bool { return s.totals != nil }

// Subject is the event subject of verb for this kind.
func (s *Service) Subject(verb string) string { return eventbus.Subject(Module, s.kind.Entity, verb) }

// ListParams is a list request.
type ListParams struct {
	Query listing.Query
	store.Filter
	// CompanyID narrows an admin's list to one company (ignored for others).
	CompanyID int64
}

// List returns one page of the records a may see.
func (s *Service) List(ctx context.Context, a Actor, p ListParams) (listing.Page[Record], error) {
	if err := checkFilter(p.Filter); err != nil {
		return listing.Page[Record]{}, err
	}
	plan, err := listing.NewPlan(store.Spec, p.Query)
	if err != nil {
		return listing.Page[Record]{}, err
	}
	page, err := s.store.List(ctx, a.scope(p.CompanyID), p.Filter, plan, s.counter)
	if err != nil {
		return listing.Page[Record]{}, apperror.Internal(err)
	}
	data, err := s.records(ctx, page.Data)
	if err != nil {
		return listing.Page[Record]{}, apperror.Internal(err)
	}
	return listing.Page[Record]{Data: data, Meta: page.Meta}, nil
}

func checkFilter(f store.Filter) error {
	_, err := approval.Parse(f.Approval)
	return err
}

// Export checks an export request and returns the function that streams its records, batch by
// batch, in the list's order. Checking first lets a bad request fail before the file starts.
func (s *Service) Export(a Actor, p ListParams) (func(ctx context.Context, each func([]Record) error) error, error) {
	if err := checkFilter(p.Filter); err != nil {
		return nil, err
	}
	if _, err := listing.NewPlan(store.Spec, listing.Query{Sort: p.Query.Sort}); err != nil {
		return nil, err
	}
	scope := a.scope(p.CompanyID)
	return func(ctx context.Context, each func([]Record) error) error {
		return s.store.Each(ctx, scope, p.Filter, p.Query.Sort, func(rows []store.Row) error {
			recs, err := s.records(ctx, rows)
			if err != nil {
				return err
			}
			return each(recs)
		})
	}, nil
}

// Get returns one record a may see.
func (s *Service) Get(ctx context.Context, a Actor, id int64) (Record, error) {
	r, err := s.get(ctx, a.scope(0), id)
	if err != nil {
		return Record{}, err
	}
	return s.record(ctx, r)
}

// Find returns a live record of company companyID, for other modules (a purchase's supplier,
// a sale's customer); a record of another company is not found.
func (s *Service) Find(ctx context.Context, companyID, id int64) (Record, error) {
	r, err := s.get(ctx, store.Scope{CompanyID: companyID}, id)
	if err != nil {
		return Record{}, err
	}
	return s.record(ctx, r)
}

func (s *Service) get(ctx context.Context, scope store.Scope, id int64) (*store.Row, error) {
	r, err := s.store.Get(ctx, scope, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, apperror.NotFound(MsgNotFound)
	}
	if err != nil {
		return nil, apperror.Internal(err)
	}
	return r, nil
}

// Create validates and stores a new record: approved when an admin creates it, pending
// otherwise. It publishes <entity>.created.
func (s *Service) Create(ctx context.Context, a Actor, in Input) (Record, error) {
	companyID := a.CompanyID
	if a.admin() && in.CompanyID != 0 && in.CompanyID != a.CompanyID {
		names, err := s.companies.CompanyNames(ctx, []int64{in.CompanyID})
		if err != nil {
			return Record{}, apperror.Internal(err)
		}
		if _, ok := names[in.CompanyID]; !ok {
			return Record{}, apperror.Field("company_id", MsgCompanyInvalid)
		}
		companyID = in.CompanyID
	}
	d, err := s.validate(ctx, companyID, 0, in.Details)
	if err != nil {
		return Record{}, err
	}
	now := s.now().UTC().Truncate(time.Microsecond) // the databases keep microseconds: cursors must round-trip
	status := approval.Initial(a.admin())
	r := &store.Row{CompanyID: companyID, ApprovalStatus: string(status), CreatedBy: audit.Int64(a.UserID),
		CreatedAt: now, UpdatedBy: audit.Int64(a.UserID), UpdatedAt: now}
	setDetails(r, d)
	if status == approval.Approved {
		r.ApprovedBy, r.ApprovedAt = audit.Int64(a.UserID), &now
	}
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.store.With(tx).Insert(ctx, r); err != nil {
			return err
		}
		return s.journal(ctx, tx, a, r, "created", "status="+r.ApprovalStatus, VerbCreated, "")
	})
	if err != nil {
		return Record{}, s.writeFailed(ctx, companyID, r.ID, d.DocumentNumber, err)
	}
	s.committed(ctx)
	return s.record(ctx, r)
}

// Update replaces a record's details. A non-admin's edit of a rejected record sends it back to
// pending (the way to ask again after fixing what the admin objected to); otherwise the
// approval status is kept.
func (s *Service) Update(ctx context.Context, a Actor, id int64, in Input) (Record, error) {
	r, err := s.get(ctx, a.scope(0), id)
	if err != nil {
		return Record{}, err
	}
	d, err := s.validate(ctx, r.CompanyID, r.ID, in.Details)
	if err != nil {
		return Record{}, err
	}
	setDetails(r, d)
	detail := "details"
	if !a.admin() && r.ApprovalStatus == string(approval.Rejected) {
		r.ApprovalStatus, r.ApprovalReason, r.ApprovedBy, r.ApprovedAt = string(approval.Pending), "", nil, nil
		detail = "details; resubmitted for approval"
	}
	r.UpdatedBy, r.UpdatedAt = audit.Int64(a.UserID), s.now().UTC().Truncate(time.Microsecond)
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.store.With(tx).Update(ctx, r); err != nil {
			return err
		}
		return s.journal(ctx, tx, a, r, "updated", detail, "", "")
	})
	if err != nil {
		return Record{}, s.writeFailed(ctx, r.CompanyID, r.ID, d.DocumentNumber, err)
	}
	s.committed(ctx)
	return s.record(ctx, r)
}

// Delete soft-deletes a record, refused while another module still references it.
func (s *Service) Delete(ctx context.Context, a Actor, id int64) error {
	r, err := s.get(ctx, a.scope(0), id)
	if err != nil {
		return err
	}
	now := s.now().UTC()
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		// A document naming the record keeps it (Keep): it is either stored before and seen
		// here, or finds the record gone.
		if err := archiving.Free(ctx, tx, s.store.Table(), r.ID, s.refs, apperror.Conflict(s.kind.MsgCannotDelete())); err != nil {
			return err
		}
		if err := s.store.With(tx).SoftDelete(ctx, r.ID, a.UserID, now); err != nil {
			return err
		}
		return s.journal(ctx, tx, a, r, "deleted", "name="+r.Name, "", "")
	})
	if errors.Is(err, store.ErrNotFound) {
		return apperror.NotFound(MsgNotFound) // deleted meanwhile
	}
	if err != nil {
		return apperror.OrInternal(err)
	}
	s.committed(ctx)
	return nil
}

// Decide approves a pending record, or rejects it with a reason (admins only). It publishes
// <entity>.approved or <entity>.rejected.
func (s *Service) Decide(ctx context.Context, a Actor, id int64, approve bool, reason string) (Record, error) {
	if !a.admin() {
		return Record{}, apperror.Forbidden("You are not allowed to perform this action.")
	}
	r, err := s.get(ctx, a.scope(0), id)
	if err != nil {
		return Record{}, err
	}
	now := s.now().UTC()
	from := r.ApprovalStatus
	// The store's conditional change answers store.ErrNotFound when another admin decided (or
	// someone deleted the record) between our read and our write: approval.Run's conflict.
	_, err = approval.Run(ctx, s.db, approval.Status(from), approve, reason, func(ctx context.Context, tx bun.Tx, d approval.Decision) error {
		r.ApprovalStatus, r.ApprovalReason, r.ApprovedBy, r.ApprovedAt = string(d.Status), d.Reason, audit.Int64(a.UserID), &now
		r.UpdatedBy, r.UpdatedAt = r.ApprovedBy, now
		if err := s.store.With(tx).Decide(ctx, r.ID, from, string(d.Status), d.Reason, a.UserID, now); err != nil {
			return err
		}
		return s.journal(ctx, tx, a, r, d.Verb(), d.Reason, d.Verb(), d.Reason)
	})
	if err != nil {
		return Record{}, err
	}
	s.committed(ctx)
	return s.record(ctx, r)
}

// journal writes the audit entry of action on r and, when verb is set, the domain event: both
// inside tx, with the change.
func (s *Service) journal(ctx context.Context, tx bun.IDB, a Actor, r *store.Row, action, detail, verb, reason string) error {
	now := s.now().UTC()
	err := audit.Record(ctx, tx, audit.Entry{CompanyID: audit.Int64(r.CompanyID), ActorID: audit.Int64(a.UserID),
		Action: s.kind.Entity + "_" + action, Entity: s.kind.Entity, EntityID: strconv.FormatInt(r.ID, 10),
		Detail: detail, IP: caller.ClientIP(ctx), CreatedAt: now})
	if err != nil || verb == "" {
		return err
	}
	ev := eventbus.NewEvent(s.Subject(verb), r.CompanyID, a.UserID,
		Event{ID: r.ID, Name: r.Name, ApprovalStatus: r.ApprovalStatus, Reason: reason, CreatedBy: derefID(r.CreatedBy)}, now)
	return s.events.Emit(ctx, tx, ev)
}

// validate normalises d and checks it, including the document number's uniqueness in the company.
func (s *Service) validate(ctx context.Context, companyID, id int64, d domain.Details) (domain.Details, error) {
	d, fields := domain.Normalize(d)
	if len(fields) > 0 {
		return d, apperror.Form(fields, fieldOrder...)
	}
	taken, err := s.store.DocumentTaken(ctx, companyID, d.DocumentNumber, id)
	if err != nil {
		return d, apperror.Internal(err)
	}
	if taken {
		return d, apperror.Field("document_number", domain.MsgDocumentTaken)
	}
	return d, nil
}

// writeFailed turns a failed insert or update into the answer: two writes of the same document
// number racing past validate are stopped by the unique index, and the loser is told why.
func (s *Service) writeFailed(ctx context.Context, companyID, id int64, number string, err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return apperror.NotFound(MsgNotFound)
	}
	if taken, lookErr := s.store.DocumentTaken(ctx, companyID, number, id); lookErr == nil && taken {
		return apperror.Field("document_number", domain.MsgDocumentTaken)
	}
	return apperror.Internal(err)
}

// fieldOrder is the form's order: the first invalid field's message becomes the error message.
var fieldOrder = []string{"name", "company", "email", "phone", "city", "address", "note", "person_type",
	"document_type", "document_number"}

func setDetails(r *store.Row, d domain.Details) {
	r.Name, r.Company, r.Email, r.Phone, r.City, r.Address, r.Note = d.Name, d.Company, d.Email, d.Phone, d.City, d.Address, d.Note
	r.PersonType, r.Declarante, r.IVAResponsible = string(d.PersonType), d.Declarante, d.IVAResponsible
	r.GranContribuyente, r.Autorretenedor = d.GranContribuyente, d.Autorretenedor
	r.DocumentType, r.DocumentNumber = string(d.DocumentType), d.DocumentNumber
}

// record converts one row.
func (s *Service) record(ctx context.Context, r *store.Row) (Record, error) {
	recs, err := s.records(ctx, []store.Row{*r})
	if err != nil {
		return Record{}, apperror.Internal(err)
	}
	return recs[0], nil
}

// records converts rows, resolving company names and, for customers, the sales totals once
// per batch.
func (s *Service) records(ctx context.Context, rows []store.Row) ([]Record, error) {
	out := make([]Record, len(rows))
	var companyIDs []int64
	for _, r := range rows {
		if !slices.Contains(companyIDs, r.CompanyID) {
			companyIDs = append(companyIDs, r.CompanyID)
		}
	}
	names, err := s.companies.CompanyNames(ctx, companyIDs)
	if err != nil {
		return nil, fmt.Errorf("company names: %w", err)
	}
	var totals map[int64]Totals
	if s.totals != nil && len(rows) > 0 {
		ids := make([]int64, len(rows))
		for i, r := range rows {
			ids[i] = r.ID
		}
		if totals, err = s.totals.CustomerTotals(ctx, ids); err != nil {
			return nil, fmt.Errorf("customer totals: %w", err)
		}
	}
	for i, r := range rows {
		rec := Record{ID: r.ID, CompanyID: r.CompanyID, CompanyName: names[r.CompanyID],
			Details: domain.Details{Name: r.Name, Company: r.Company, Email: r.Email, Phone: r.Phone, City: r.City,
				Address: r.Address, Note: r.Note, Profile: domain.Profile{PersonType: domain.PersonType(r.PersonType),
					Declarante: r.Declarante, IVAResponsible: r.IVAResponsible, GranContribuyente: r.GranContribuyente,
					Autorretenedor: r.Autorretenedor, DocumentType: domain.DocumentType(r.DocumentType),
					DocumentNumber: r.DocumentNumber}},
			ApprovalStatus: r.ApprovalStatus, ApprovalReason: r.ApprovalReason, ApprovedBy: r.ApprovedBy,
			ApprovedAt: r.ApprovedAt, CreatedBy: r.CreatedBy, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
		if rec.DocumentType == domain.NIT && rec.DocumentNumber != "" {
			rec.VerificationDigit = domain.VerificationDigit(rec.DocumentNumber)
		}
		if s.totals != nil {
			t := totals[r.ID]
			rec.Totals = &t
		}
		out[i] = rec
	}
	return out, nil
}

func derefID(id *int64) int64 {
	if id == nil {
		return 0
	}
	return *id
}

// committed follows a committed write: the cached totals of the table go stale, and the relay
// sends the write's event now rather than at its next poll.
func (s *Service) committed(ctx context.Context) {
	s.counter.Bump(ctx, s.store.Table())
	s.events.Flush()
}

// IndexSearch indexes the search words of the records that have none (written before the word
// index existed, or loaded straight into the table) and clears the cached list totals when it did.
func (s *Service) IndexSearch(ctx context.Context) (int, error) {
	n, err := s.store.IndexMissingWords(ctx)
	if n > 0 {
		s.counter.Bump(ctx, s.store.Table())
	}
	return n, err
}
