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
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/payable"
)

// Names in event subjects (backoffice.payments.payment.<verb>.v1), audit entries and attachment
// owners: a payment, and a run (whose number sequence is named after it too).
const (
	Module    = "payments"
	Entity    = "payment"
	RunEntity = "payment_batch"
)

// VerbCreated is the verb of a recorded payment's event; a decision's is approval's
// (Decision.Verb: approved, rejected).
const VerbCreated = "created"

// Subject is the event subject of verb.
func Subject(verb string) string { return eventbus.Subject(Module, Entity, verb) }

// Event is the payload of every payment event: ids and labels for the notification, not the
// row. Status is the payment's approval status after the change; Reason is set on rejections
// only.
type Event struct {
	ID   int64  `json:"id"`
	Type string `json:"type"`
	// Direction is payment or refund: the notifications say which.
	Direction      string `json:"direction"`
	DocumentID     int64  `json:"document_id"`
	DocumentNumber string `json:"document_number"`
	PartyName      string `json:"party_name"`
	ReferenceNo    string `json:"reference_no"`
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
	// Users names the user who records a payment (the auth module), copied onto it.
	Users caller.Users
	// AdminRole sees every company; its payments are approved at once; it approves and rejects.
	AdminRole string
	Now       func() time.Time
}

// Service implements the payments use cases on its Deps.
type Service struct{ Deps }

// New builds the Service (on the system clock when d has none).
func New(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{Deps: d}
}

// sees is the companies p sees: an administrator every company, or the one companyFilter names;
// anyone else their own.
func (s *Service) sees(p caller.Principal, companyFilter int64) listing.Scope {
	return listing.ScopeFor(p.Role == s.AdminRole, p.CompanyID, companyFilter)
}

// payment is the live payment id p sees.
func (s *Service) payment(ctx context.Context, p caller.Principal, id int64) (*store.Row, error) {
	r, err := store.New(s.DB).Get(ctx, s.sees(p, 0), id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, apperror.NotFound(domain.MsgNotFound)
	case err != nil:
		return nil, apperror.Internal(err)
	}
	return r, nil
}

// hold reads the live document id of type t that p may pay — of any company for an
// administrator, else of p's own — inside tx, and holds it until tx ends
// (payable.Ledger.Document). ok is false when there is none.
func (s *Service) hold(ctx context.Context, tx bun.IDB, p caller.Principal, t string, id int64) (doc payable.Document, ok bool, err error) {
	company := p.CompanyID
	if p.Role == s.AdminRole {
		company = 0
	}
	doc, err = s.Ledgers[payable.Type(t)].Document(ctx, tx, company, id)
	if errors.Is(err, db.ErrNotFound) {
		return doc, false, nil
	}
	return doc, err == nil, err
}

// payableDoc refuses, under field, a document that may not be paid: only approved documents are (a
// pending one is not yet a debt, a rejected one never is).
func payableDoc(doc payable.Document, field string) error {
	if doc.ApprovalStatus != string(approval.Approved) {
		return apperror.Field(field, domain.MsgNotApproved)
	}
	return nil
}

// fits refuses, under field, an amount in direction that document doc (held in tx) cannot take
// besides what is pending on it in the same direction but except: a payment beyond the balance
// (never overpaid), a refund beyond the credit in our favour.
func fits(ctx context.Context, tx bun.IDB, t, direction string, doc payable.Document, except, amountCents int64, field string) error {
	pending, err := store.New(tx).Pending(ctx, t, direction, doc.ID, except)
	if err != nil {
		return err
	}
	if direction == domain.DirectionRefund {
		if available, over := domain.Refundable(doc, pending, amountCents); over {
			return apperror.Field(field, domain.MsgRefundExceeds(available))
		}
		return nil
	}
	if available, over := domain.Overpaid(doc, pending, amountCents); over {
		return apperror.Field(field, domain.MsgOverpaid(available))
	}
	return nil
}

// audited writes, inside tx, the audit entry of p's action on the payment or run id (entity) of
// company.
func audited(ctx context.Context, tx bun.IDB, p caller.Principal, entity string, company, id int64, action, detail string, at time.Time) error {
	return audit.Record(ctx, tx, audit.Entry{Action: entity + "_" + action, Entity: entity, EntityID: strconv.FormatInt(id, 10),
		CompanyID: audit.Int64(company), ActorID: audit.Int64(p.UserID), Detail: detail, IP: caller.ClientIP(ctx), CreatedAt: at})
}

// emit writes the event of verb about payment r, by p, into tx's outbox.
func (s *Service) emit(ctx context.Context, tx bun.IDB, p caller.Principal, r *store.Row, verb string, at time.Time) error {
	ev := Event{ID: r.ID, Type: r.Type, Direction: r.Direction, DocumentID: r.DocumentID, DocumentNumber: r.DocumentNumber, PartyName: r.PartyName,
		ReferenceNo: r.ReferenceNo, AmountCents: r.AmountCents, Status: r.ApprovalStatus, Reason: r.ApprovalReason}
	if r.CreatedBy != nil {
		ev.CreatedBy = *r.CreatedBy
	}
	return s.Events.Emit(ctx, tx, eventbus.NewEvent(Subject(verb), r.CompanyID, p.UserID, ev, at))
}

// IndexSearch indexes the search words of the payments that have none (loaded straight into the
// table).
func (s *Service) IndexSearch(ctx context.Context) (int, error) {
	return store.New(s.DB).IndexMissingWords(ctx)
}

// committed runs once a write committed: the lists' totals are recounted and the relay woken.
func (s *Service) committed(ctx context.Context) {
	s.Counter.Bump(ctx, store.Table)
	s.Events.Flush()
}

// now is the current instant in UTC, to the microsecond the databases keep (cursors must
// round-trip).
func (s *Service) now() time.Time { return s.Now().UTC().Truncate(time.Microsecond) }

// PaymentImage is one of a payment's images, or its run's.
type PaymentImage struct {
	ID  int64  `json:"id"`
	URL string `json:"url" doc:"GET it signed in"`
}

// Payment is a payment as the API shows it (money in centavos), with its images — lists too,
// read for the whole page at once; a payment of a run shows the run's image.
type Payment struct {
	ID             int64  `json:"id"`
	CompanyID      int64  `json:"company_id"`
	Type           string `json:"type" enum:"purchase,sale" doc:"purchase: money we pay a supplier; sale: money a customer pays us"`
	Direction      string `json:"direction" enum:"payment,refund" doc:"payment; refund (purchases only): money the supplier gives back to settle the purchase's credit in our favour"`
	DocumentID     int64  `json:"document_id" doc:"The purchase's or the sale's id"`
	DocumentNumber string `json:"document_number" doc:"The purchase's reference number or the sale's number, as of the payment"`
	PartyID        int64  `json:"party_id" doc:"The supplier (purchase) or the customer (sale)"`
	PartyName      string `json:"party_name" doc:"As of the payment"`
	Date           string `json:"date" doc:"YYYY-MM-DD (America/Bogota)"`
	ReferenceNo    string `json:"reference_no"`
	AmountCents    int64  `json:"amount_cents"`
	Method         string `json:"method" enum:"cash,transfer,card,cheque"`
	Note           string `json:"note"`
	BatchID        *int64 `json:"batch_id" doc:"The run that recorded it (null: recorded alone)"`
	BatchNumber    string `json:"batch_number" doc:"The run's number, LOTE-000123 (empty: recorded alone)"`
	// Only approved payments count as paid.
	approval.Info
	CreatedBy *int64 `json:"created_by"`
	// CreatedByName is shown to everyone who may read the payment (only administrators list
	// users).
	CreatedByName string         `json:"created_by_name" doc:"The name of the user who recorded it, as of then"`
	CreatedAt     time.Time      `json:"created_at"`
	UpdatedAt     time.Time      `json:"updated_at"`
	Images        []PaymentImage `json:"images"`
}

// Input is the payment form and its images, not yet checked.
type Input struct {
	domain.Draft
	Images []attachments.Upload
}

// view is payment r as the API shows it, with images (an export reads none).
func view(r *store.Row, images []attachments.Info) Payment {
	out := Payment{ID: r.ID, CompanyID: r.CompanyID, Type: r.Type, Direction: r.Direction, DocumentID: r.DocumentID,
		DocumentNumber: r.DocumentNumber, PartyID: r.PartyID, PartyName: r.PartyName, Date: r.PaymentDate,
		ReferenceNo: r.ReferenceNo, AmountCents: r.AmountCents, Method: r.Method, Note: r.Note, BatchID: r.BatchID,
		BatchNumber: r.BatchNumber, Info: r.Columns.Info(), CreatedBy: r.CreatedBy, CreatedByName: r.CreatedByName, CreatedAt: r.CreatedAt.UTC(),
		UpdatedAt: r.UpdatedAt.UTC(), Images: []PaymentImage{}}
	for _, img := range images {
		out.Images = append(out.Images, PaymentImage{ID: img.ID, URL: img.URL()})
	}
	return out
}

// refuse is the answer to a form whose fields have the problems f, and whose images are at most
// limit (else tooMany), each an image of at most 4 MB by its content: nil when all is well.
func refuse(f domain.Fields, images []attachments.Upload, limit int, tooMany string) error {
	if len(images) > limit {
		f["images"] = tooMany
	}
	for _, up := range images {
		if _, bad := f["images"]; bad {
			break
		}
		_, err := attachments.Validate(up.Filename, up.Data)
		if e := apperror.As(err); e != nil {
			f["images"] = e.Message
		} else if err != nil {
			return apperror.Internal(err)
		}
	}
	if len(f) > 0 {
		return domain.Refused(f)
	}
	return nil
}

// images returns, read on idb, the live images of the payments rows: each payment's own, then
// its run's.
func (s *Service) images(ctx context.Context, idb bun.IDB, rows ...*store.Row) (map[int64][]attachments.Info, error) {
	ids, runs := make([]int64, len(rows)), []int64{}
	for i, r := range rows {
		ids[i] = r.ID
		if r.BatchID != nil {
			runs = append(runs, *r.BatchID)
		}
	}
	own, err := s.Attachments.ListByOwner(ctx, idb, Entity, ids...)
	if err != nil {
		return nil, err
	}
	ofRun, err := s.Attachments.ListByOwner(ctx, idb, RunEntity, runs...)
	for _, r := range rows {
		if r.BatchID != nil {
			own[r.ID] = append(own[r.ID], ofRun[*r.BatchID]...)
		}
	}
	return own, err
}

// writer is who records payments now: p, and p's name as the payments copy it.
type writer struct {
	caller.Principal
	name string
}

// writer names p (caller.Users), before a write.
func (s *Service) writer(ctx context.Context, p caller.Principal) (writer, error) {
	name, err := caller.Name(ctx, s.Users, p.UserID)
	if err != nil {
		return writer{}, apperror.Internal(err)
	}
	return writer{Principal: p, name: name}, nil
}

// newRow is a payment in direction of h by w at instant at on document documentID: approved at
// once when w is an administrator, pending otherwise.
func (s *Service) newRow(w writer, h domain.Header, direction string, documentID, amountCents int64, at time.Time) *store.Row {
	return &store.Row{Type: h.Type, Direction: direction, DocumentID: documentID, PaymentDate: h.Date, ReferenceNo: h.ReferenceNo,
		AmountCents: amountCents, Method: h.Method, Note: h.Note, CreatedByName: w.name,
		Columns: approval.Created(w.Role == s.AdminRole, w.UserID, at), Stamps: db.Stamped(w.UserID, at)}
}

// paidNow tells whether payment r, being recorded, counts as paid at once: an administrator's.
func paidNow(r *store.Row) bool { return r.ApprovalStatus == string(approval.Approved) }

// record writes payment r by p on document doc — held in tx by the caller, payable, with room
// for r — with its effects: the payment and its words, the document's paid amount when the
// payment is approved at once, the audit entry and the created event.
func (s *Service) record(ctx context.Context, tx bun.IDB, p caller.Principal, r *store.Row, doc payable.Document, at time.Time) error {
	r.CompanyID, r.DocumentNumber, r.PartyID, r.PartyName = doc.CompanyID, doc.Number, doc.PartyID, doc.PartyName
	if err := store.New(tx).Insert(ctx, r); err != nil {
		return err
	}
	if paidNow(r) {
		if err := s.Ledgers[payable.Type(r.Type)].ApplyPaid(ctx, tx, doc.ID, domain.Signed(r.Direction, r.AmountCents), at); err != nil {
			return err
		}
	}
	detail := "document=" + r.Type + " " + r.DocumentNumber + "; direction=" + r.Direction + "; reference=" + r.ReferenceNo + "; amount=" +
		domain.COP(r.AmountCents) + "; status=" + r.ApprovalStatus
	if err := audited(ctx, tx, p, Entity, r.CompanyID, r.ID, "created", detail, at); err != nil {
		return err
	}
	return s.emit(ctx, tx, p, r, VerbCreated, at)
}

// Create records one payment on an approved document p may see: approved at once, and counted
// as paid on the document in the same transaction, when p is an administrator; pending until an
// administrator decides otherwise. The document is held while what it may still take is checked
// and the payment written, so concurrent payments never overpay it. It publishes
// payment.created.
func (s *Service) Create(ctx context.Context, p caller.Principal, in Input) (Payment, error) {
	d := in.Draft.Normalize()
	if err := refuse(domain.Validate(d, s.Now()), in.Images, domain.MaxImages, domain.MsgTooManyImages); err != nil {
		return Payment{}, err
	}
	w, err := s.writer(ctx, p)
	if err != nil {
		return Payment{}, err
	}
	now := s.now()
	r := s.newRow(w, d.Header, d.Direction, d.DocumentID, d.AmountCents, now)
	var imgs map[int64][]attachments.Info
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		doc, ok, err := s.hold(ctx, tx, p, d.Type, d.DocumentID)
		switch {
		case err != nil:
			return err
		case !ok:
			return apperror.NotFound(domain.MsgNotFound)
		}
		if err := payableDoc(doc, "document_id"); err != nil {
			return err
		}
		if err := fits(ctx, tx, d.Type, d.Direction, doc, 0, d.AmountCents, "amount_cents"); err != nil {
			return err
		}
		if err := s.record(ctx, tx, p, r, doc, now); err != nil {
			return err
		}
		owner := attachments.Info{CompanyID: r.CompanyID, Owner: Entity, OwnerID: r.ID, CreatedBy: p.UserID}
		if err := s.Attachments.SaveAll(ctx, tx, owner, in.Images); err != nil {
			return err
		}
		imgs, err = s.images(ctx, tx, r)
		return err
	})
	if err != nil {
		return Payment{}, apperror.OrInternal(err)
	}
	s.committed(ctx)
	return view(r, imgs[r.ID]), nil
}

// Decide approves a pending payment, or rejects it with a reason (administrators). Approving
// holds the document, checks again that it can take the amount besides the other pending
// payments (a return may have lowered its balance since), and counts the payment as paid on it
// in the same transaction; rejecting frees the amount for other payments. It publishes
// payment.approved or payment.rejected.
func (s *Service) Decide(ctx context.Context, p caller.Principal, id int64, approve bool, reason string) (Payment, error) {
	if p.Role != s.AdminRole {
		return Payment{}, apperror.Forbidden("You are not allowed to perform this action.")
	}
	r, err := s.payment(ctx, p, id)
	if err != nil {
		return Payment{}, err
	}
	now := s.now()
	_, err = approval.Run(ctx, s.DB, approval.Status(r.ApprovalStatus), approve, reason, func(ctx context.Context, tx bun.Tx, d approval.Decision) error {
		var doc payable.Document
		if approve {
			// The document first, as every payment of it: its holders take turns in one order.
			var ok bool
			var err error
			doc, ok, err = s.hold(ctx, tx, p, r.Type, r.DocumentID)
			if err == nil && !ok {
				err = apperror.Conflict(domain.MsgNotApproved)
			}
			if err != nil {
				return err
			}
		}
		// The decision before the re-check: r was read before the document was held, and another
		// administrator may have decided it meanwhile. Its write finds it no longer pending
		// (409, approval.Run) rather than re-check an amount the document already counts as paid
		// and refuse it as an overpayment (found by bench/paystorm).
		if err := store.New(tx).Decide(ctx, r.ID, d, p.UserID, now); err != nil {
			return err
		}
		if approve {
			if err := fits(ctx, tx, r.Type, r.Direction, doc, r.ID, r.AmountCents, "amount_cents"); err != nil {
				return err
			}
			if err := s.Ledgers[payable.Type(r.Type)].ApplyPaid(ctx, tx, r.DocumentID, domain.Signed(r.Direction, r.AmountCents), now); err != nil {
				return err
			}
		}
		r.Decided(d, p.UserID, now)
		r.UpdatedBy, r.UpdatedAt = r.ApprovedBy, now
		if err := audited(ctx, tx, p, Entity, r.CompanyID, r.ID, d.Verb(), d.Reason, now); err != nil {
			return err
		}
		return s.emit(ctx, tx, p, r, d.Verb(), now)
	})
	if err != nil {
		return Payment{}, err
	}
	s.committed(ctx)
	return s.Get(ctx, p, r.ID)
}

// Delete soft-deletes a pending payment, with its images, and so frees its amount; an approved
// payment is part of the books and a rejected one the record of a refusal: 409 'Payment cannot
// be deleted'.
func (s *Service) Delete(ctx context.Context, p caller.Principal, id int64) error {
	r, err := s.payment(ctx, p, id)
	if err != nil {
		return err
	}
	if r.ApprovalStatus != string(approval.Pending) {
		return apperror.Conflict(domain.MsgCannotDelete)
	}
	now := s.now()
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		err := store.New(tx).SoftDelete(ctx, r.ID, p.UserID, now)
		if err == nil {
			_, err = s.Attachments.SoftDeleteByOwner(ctx, tx, Entity, r.ID, attachments.Scope{CompanyID: r.CompanyID}, p.UserID)
		}
		if err == nil {
			err = audited(ctx, tx, p, Entity, r.CompanyID, r.ID, "deleted", "reference="+r.ReferenceNo+"; amount="+domain.COP(r.AmountCents), now)
		}
		return err
	})
	switch {
	case errors.Is(err, store.ErrNotFound):
		// Decided between our read and our write.
		return apperror.Conflict(domain.MsgCannotDelete)
	case err != nil:
		return apperror.Internal(err)
	}
	s.committed(ctx)
	return nil
}

// Visible reports whether p sees the live payment id (its company scope): the read rule of the
// payment's images.
func (s *Service) Visible(ctx context.Context, p caller.Principal, id int64) (bool, error) {
	_, err := store.New(s.DB).Get(ctx, s.sees(p, 0), id)
	return db.Found(err)
}

// RunVisible reports whether p sees the run id (its company scope): the read rule of a run's
// image.
func (s *Service) RunVisible(ctx context.Context, p caller.Principal, id int64) (bool, error) {
	return store.New(s.DB).BatchVisible(ctx, s.sees(p, 0), id)
}

// Get returns one payment p may see, with its images.
func (s *Service) Get(ctx context.Context, p caller.Principal, id int64) (Payment, error) {
	r, err := s.payment(ctx, p, id)
	var imgs map[int64][]attachments.Info
	if err == nil {
		imgs, err = s.images(ctx, s.DB, r)
	}
	if err != nil {
		return Payment{}, apperror.OrInternal(err)
	}
	return view(r, imgs[r.ID]), nil
}

// Query is a list or export request: its filter, its page and sort, and an administrator's
// company (ignored for others).
type Query struct {
	Filter    store.Filter
	List      listing.Query
	CompanyID int64
}

// plan checks q's filter and page and returns its plan.
func plan(q Query) (*listing.Plan, error) {
	f := q.Filter
	if _, err := approval.Parse(f.Approval); err != nil {
		return nil, err
	}
	switch {
	case f.Type != "" && !domain.ValidType(f.Type):
		return nil, apperror.Field("type", domain.MsgTypeRequired)
	case f.Direction != "" && !domain.ValidDirection(f.Direction):
		return nil, apperror.Field("direction", domain.MsgDirection)
	case f.Method != "" && !domain.ValidMethod(f.Method):
		return nil, apperror.Field("method", domain.MsgMethod)
	case f.PartyID > 0 && f.Type == "":
		// Suppliers and customers are numbered apart: a party id means nothing without its type.
		return nil, apperror.Field("party_id", domain.MsgPartyNeedsType)
	}
	if err := listing.CheckDates(f.From, f.To); err != nil {
		return nil, err
	}
	return listing.NewPlan(store.Spec, q.List)
}

// List returns one page of the payments p may see, with their images (read for the page at once).
func (s *Service) List(ctx context.Context, p caller.Principal, q Query) (listing.Page[Payment], error) {
	pl, err := plan(q)
	if err != nil {
		return listing.Page[Payment]{}, err
	}
	st, sc := store.New(s.DB), s.sees(p, q.CompanyID)
	count := func(ctx context.Context) (int, error) { return st.Count(ctx, sc, q.Filter) }
	src := listing.Source[store.Row]{Key: store.KeyOf(pl.Key()), Count: s.Counter.Cached(store.Table, q.Filter.Key(sc), count),
		Rows: func(ctx context.Context) ([]store.Row, error) { return st.List(ctx, sc, q.Filter, pl) }}
	return listing.Fetch(ctx, pl, src, func(ctx context.Context, rows []store.Row) ([]Payment, error) {
		ptrs := make([]*store.Row, len(rows))
		for i := range rows {
			ptrs[i] = &rows[i]
		}
		imgs, err := s.images(ctx, s.DB, ptrs...)
		if err != nil {
			return nil, err
		}
		out := make([]Payment, len(rows))
		for i := range rows {
			out[i] = view(&rows[i], imgs[rows[i].ID])
		}
		return out, nil
	})
}

// Export checks an export request and returns what runs it: fn is called for every payment of
// the list (no paging, no images) in its order, streaming from the database.
func (s *Service) Export(p caller.Principal, q Query) (func(ctx context.Context, fn func(Payment) error) error, error) {
	q.List = listing.Query{Sort: q.List.Sort}
	if _, err := plan(q); err != nil {
		return nil, err
	}
	sc := s.sees(p, q.CompanyID)
	return func(ctx context.Context, fn func(Payment) error) error {
		return store.New(s.DB).Each(ctx, sc, q.Filter, q.List.Sort, func(r store.Row) error { return fn(view(&r, nil)) })
	}, nil
}
