package app

import (
	"context"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/payments/internal/domain"
	"github.com/backoffice/backoffice/modules/payments/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/payable"
)

// PaymentImage is one of a payment's images, or its run's.
type PaymentImage struct {
	ID  int64  `json:"id"`
	URL string `json:"url" doc:"GET it signed in"`
}

// Payment is a payment as the API shows it (money in centavos). Images are sent by the
// single-payment answers (get, create, approve, reject, a run), not by lists; a payment of a run
// shows the run's image.
type Payment struct {
	ID             int64          `json:"id"`
	CompanyID      int64          `json:"company_id"`
	Type           string         `json:"type" enum:"purchase,sale" doc:"purchase: money we pay a supplier; sale: money a customer pays us"`
	DocumentID     int64          `json:"document_id" doc:"The purchase's or the sale's id"`
	DocumentNumber string         `json:"document_number" doc:"The purchase's reference number or the sale's number, as of the payment"`
	PartyID        int64          `json:"party_id" doc:"The supplier (purchase) or the customer (sale)"`
	PartyName      string         `json:"party_name" doc:"As of the payment"`
	Date           string         `json:"date" doc:"YYYY-MM-DD (America/Bogota)"`
	ReferenceNo    string         `json:"reference_no"`
	AmountCents    int64          `json:"amount_cents"`
	Method         string         `json:"method" enum:"cash,transfer,card,cheque"`
	Note           string         `json:"note"`
	BatchID        *int64         `json:"batch_id" doc:"The run that recorded it (null: recorded alone)"`
	BatchNumber    string         `json:"batch_number" doc:"The run's number, LOTE-000123 (empty: recorded alone)"`
	ApprovalStatus string         `json:"approval_status" enum:"pending,approved,rejected" doc:"Only approved payments count as paid"`
	ApprovalReason string         `json:"approval_reason"`
	ApprovedBy     *int64         `json:"approved_by"`
	ApprovedAt     *time.Time     `json:"approved_at"`
	CreatedBy      *int64         `json:"created_by"`
	CreatedAt      time.Time      `json:"created_at"`
	UpdatedAt      time.Time      `json:"updated_at"`
	Images         []PaymentImage `json:"images,omitempty"`
}

// Upload is an uploaded file, not yet checked.
type Upload struct {
	Filename string
	Data     []byte
}

// Input is the payment form and its images.
type Input struct {
	domain.Draft
	Images []Upload
}

func view(r *store.Row, images []attachments.Info) Payment {
	out := Payment{ID: r.ID, CompanyID: r.CompanyID, Type: r.Type, DocumentID: r.DocumentID,
		DocumentNumber: r.DocumentNumber, PartyID: r.PartyID, PartyName: r.PartyName, Date: r.PaymentDate,
		ReferenceNo: r.ReferenceNo, AmountCents: r.AmountCents, Method: r.Method, Note: r.Note, BatchID: r.BatchID,
		BatchNumber: r.BatchNumber, ApprovalStatus: r.ApprovalStatus, ApprovalReason: r.ApprovalReason,
		ApprovedBy: r.ApprovedBy, ApprovedAt: utc(r.ApprovedAt), CreatedBy: r.CreatedBy, CreatedAt: r.CreatedAt.UTC(),
		UpdatedAt: r.UpdatedAt.UTC()}
	for _, img := range images {
		out.Images = append(out.Images, PaymentImage{ID: img.ID, URL: img.URL()})
	}
	return out
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// checkImages adds to f the first image that is not an image of at most 4 MB (by content), or
// too many of them (more than limit: tooMany).
func checkImages(f domain.Fields, images []Upload, limit int, tooMany string) error {
	if len(images) > limit {
		f["images"] = tooMany
		return nil
	}
	for _, up := range images {
		if _, err := attachments.Validate(up.Filename, up.Data); err != nil {
			e := apperror.As(err)
			if e == nil {
				return apperror.Internal(err)
			}
			f["images"] = e.Message
			return nil
		}
	}
	return nil
}

// saveImages stores ups as images of owner id (a payment, a run) of company inside tx.
func (s *Service) saveImages(ctx context.Context, tx bun.IDB, p caller.Principal, owner string, company, id int64, ups []Upload) error {
	for _, up := range ups {
		if _, err := s.d.Attachments.Save(ctx, tx, attachments.Attachment{Info: attachments.Info{CompanyID: company,
			Owner: owner, OwnerID: id, Filename: up.Filename, CreatedBy: p.UserID}, Data: up.Data}); err != nil {
			return err
		}
	}
	return nil
}

// images returns, read on db, the live images of the payments rows: each payment's own, then
// its run's.
func (s *Service) images(ctx context.Context, db bun.IDB, rows ...*store.Row) (map[int64][]attachments.Info, error) {
	ids, batches := make([]int64, len(rows)), []int64{}
	for i, r := range rows {
		ids[i] = r.ID
		if r.BatchID != nil {
			batches = append(batches, *r.BatchID)
		}
	}
	own, err := s.d.Attachments.ListByOwner(ctx, db, Entity, ids...)
	if err != nil {
		return nil, err
	}
	run, err := s.d.Attachments.ListByOwner(ctx, db, RunEntity, batches...)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if r.BatchID != nil {
			own[r.ID] = append(own[r.ID], run[*r.BatchID]...)
		}
	}
	return own, nil
}

// record writes payment r on document doc (held in tx by the caller, checked payable and
// fitting) with its effects: the payment and its words, the document's paid amount when the
// payment is approved at once, its audit entry and its created event.
func (s *Service) record(ctx context.Context, tx bun.IDB, p caller.Principal, r *store.Row, doc payable.Document, at time.Time) error {
	r.CompanyID, r.DocumentNumber, r.PartyID, r.PartyName = doc.CompanyID, doc.Number, doc.PartyID, doc.PartyName
	if err := s.store.With(tx).Insert(ctx, r); err != nil {
		return err
	}
	if r.ApprovalStatus == string(approval.Approved) {
		if err := s.ledger(r.Type).ApplyPaid(ctx, tx, doc.ID, r.AmountCents, at); err != nil {
			return err
		}
	}
	if err := s.audit(ctx, tx, p, Entity, r.CompanyID, r.ID, "created", "document="+r.Type+" "+r.DocumentNumber+
		"; reference="+r.ReferenceNo+"; amount="+domain.COP(r.AmountCents)+"; status="+r.ApprovalStatus, at); err != nil {
		return err
	}
	return s.emit(ctx, tx, p, r, VerbCreated, "", at)
}

// newRow is a payment of header h by p at instant at: approved at once when p is an
// administrator, pending otherwise.
func (s *Service) newRow(p caller.Principal, h domain.Header, documentID, amountCents int64, at time.Time) *store.Row {
	r := &store.Row{Type: h.Type, DocumentID: documentID, PaymentDate: h.Date, ReferenceNo: h.ReferenceNo,
		AmountCents: amountCents, Method: h.Method, Note: h.Note, ApprovalStatus: string(approval.Initial(s.admin(p))),
		CreatedBy: audit.Int64(p.UserID), CreatedAt: at, UpdatedBy: audit.Int64(p.UserID), UpdatedAt: at}
	if r.ApprovalStatus == string(approval.Approved) {
		r.ApprovedBy, r.ApprovedAt = audit.Int64(p.UserID), &at
	}
	return r
}

// Create records one payment on an approved document p may see: approved at once, and counted
// as paid on the document in the same transaction, when p is an administrator; pending until an
// administrator decides otherwise. The document is held while what it may still take is checked
// and the payment written, so concurrent payments never overpay it. It publishes
// payment.created.
func (s *Service) Create(ctx context.Context, p caller.Principal, in Input) (Payment, error) {
	d := in.Draft
	d.Header = d.Normalize()
	f := domain.Validate(d, s.d.Now())
	if err := checkImages(f, in.Images, domain.MaxImages, domain.MsgTooManyImages); err != nil {
		return Payment{}, err
	}
	if len(f) > 0 {
		return Payment{}, invalid(f)
	}
	now := s.now()
	r := s.newRow(p, d.Header, d.DocumentID, d.AmountCents, now)
	var imgs map[int64][]attachments.Info
	err := s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		doc, ok, err := s.hold(ctx, tx, d.Type, s.documentCompany(p), d.DocumentID)
		switch {
		case err != nil:
			return err
		case !ok:
			return notFound()
		}
		if err := payableDoc(doc, "document_id"); err != nil {
			return err
		}
		if err := s.fits(ctx, tx, d.Type, doc, 0, d.AmountCents, "amount_cents"); err != nil {
			return err
		}
		if err := s.record(ctx, tx, p, r, doc, now); err != nil {
			return err
		}
		if err := s.saveImages(ctx, tx, p, Entity, r.CompanyID, r.ID, in.Images); err != nil {
			return err
		}
		imgs, err = s.images(ctx, tx, r)
		return err
	})
	if err != nil {
		return Payment{}, apperror.OrInternal(err)
	}
	s.afterWrite(ctx, true)
	return view(r, imgs[r.ID]), nil
}

// Decide approves a pending payment, or rejects it with a reason (administrators). Approving
// holds the document, checks again that it can take the amount besides the other pending
// payments (a return may have lowered its balance since), and counts the payment as paid on it
// in the same transaction; rejecting frees the amount for other payments. It publishes
// payment.approved or payment.rejected.
func (s *Service) Decide(ctx context.Context, p caller.Principal, id int64, approve bool, reason string) (Payment, error) {
	if !s.admin(p) {
		return Payment{}, apperror.Forbidden("You are not allowed to perform this action.")
	}
	r, err := s.get(ctx, p, id)
	if err != nil {
		return Payment{}, err
	}
	now := s.now()
	_, err = approval.Run(ctx, s.d.DB, approval.Status(r.ApprovalStatus), approve, reason, func(ctx context.Context, tx bun.Tx, d approval.Decision) error {
		if approve {
			// The document first, as every payment of it does: holders take turns in one order.
			doc, ok, err := s.hold(ctx, tx, r.Type, r.CompanyID, r.DocumentID)
			switch {
			case err != nil:
				return err
			case !ok:
				return apperror.Conflict(domain.MsgNotApproved)
			}
			if err := s.fits(ctx, tx, r.Type, doc, r.ID, r.AmountCents, "amount_cents"); err != nil {
				return err
			}
		}
		if err := s.store.With(tx).Decide(ctx, r.ID, string(d.Status), d.Reason, p.UserID, now); err != nil {
			return err
		}
		if approve {
			if err := s.ledger(r.Type).ApplyPaid(ctx, tx, r.DocumentID, r.AmountCents, now); err != nil {
				return err
			}
		}
		r.ApprovalStatus, r.ApprovalReason, r.ApprovedBy, r.ApprovedAt = string(d.Status), d.Reason, audit.Int64(p.UserID), &now
		r.UpdatedBy, r.UpdatedAt = r.ApprovedBy, now
		if err := s.audit(ctx, tx, p, Entity, r.CompanyID, r.ID, d.Verb(), d.Reason, now); err != nil {
			return err
		}
		return s.emit(ctx, tx, p, r, d.Verb(), d.Reason, now)
	})
	if err != nil {
		return Payment{}, err
	}
	s.afterWrite(ctx, true)
	return s.whole(ctx, r)
}

// Delete soft-deletes a pending payment, with its images, and frees its amount; an approved
// payment is part of the books and a rejected one the record of a refusal: 409 'Payment cannot
// be deleted'.
func (s *Service) Delete(ctx context.Context, p caller.Principal, id int64) error {
	r, err := s.get(ctx, p, id)
	if err != nil {
		return err
	}
	if r.ApprovalStatus != string(approval.Pending) {
		return apperror.Conflict(domain.MsgCannotDelete)
	}
	now := s.now()
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.store.With(tx).SoftDelete(ctx, r.ID, p.UserID, now); err != nil {
			return err
		}
		if _, err := s.d.Attachments.SoftDeleteByOwner(ctx, tx, Entity, r.ID, attachments.Scope{CompanyID: r.CompanyID}, p.UserID); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, Entity, r.CompanyID, r.ID, "deleted", "reference="+r.ReferenceNo+"; amount="+domain.COP(r.AmountCents), now)
	})
	if errors.Is(err, store.ErrNotFound) {
		// Decided between our read and our write.
		return apperror.Conflict(domain.MsgCannotDelete)
	}
	if err != nil {
		return apperror.Internal(err)
	}
	s.afterWrite(ctx, false)
	return nil
}

// Visible reports whether p sees the live payment id (its company scope): the read rule of the
// payment's images.
func (s *Service) Visible(ctx context.Context, p caller.Principal, id int64) (bool, error) {
	_, err := s.store.Get(ctx, s.scope(p, 0), id)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// RunVisible reports whether p sees the run id (its company scope): the read rule of a run's
// image.
func (s *Service) RunVisible(ctx context.Context, p caller.Principal, id int64) (bool, error) {
	return s.store.BatchVisible(ctx, s.scope(p, 0), id)
}

// Get returns one payment p may see, with its images.
func (s *Service) Get(ctx context.Context, p caller.Principal, id int64) (Payment, error) {
	r, err := s.get(ctx, p, id)
	if err != nil {
		return Payment{}, err
	}
	return s.whole(ctx, r)
}

// whole is r with its images.
func (s *Service) whole(ctx context.Context, r *store.Row) (Payment, error) {
	imgs, err := s.images(ctx, s.d.DB, r)
	if err != nil {
		return Payment{}, apperror.Internal(err)
	}
	return view(r, imgs[r.ID]), nil
}

// Query is a list or export request.
type Query struct {
	List listing.Query
	store.Filter
	// CompanyID narrows an administrator's list to one company (ignored for others).
	CompanyID int64
}

func checkFilter(f store.Filter) error {
	if _, err := approval.Parse(f.Approval); err != nil {
		return err
	}
	switch {
	case f.Type != "" && !domain.ValidType(f.Type):
		return apperror.Field("type", domain.MsgTypeRequired)
	case f.Method != "" && !domain.ValidMethod(f.Method):
		return apperror.Field("method", domain.MsgMethod)
	case f.PartyID > 0 && f.Type == "":
		// Suppliers and customers are numbered apart: a party id means nothing without its type.
		return apperror.Field("party_id", domain.MsgPartyNeedsType)
	}
	return listing.CheckDates(f.From, f.To)
}

// List returns one page of the payments p may see (no images).
func (s *Service) List(ctx context.Context, p caller.Principal, q Query) (listing.Page[Payment], error) {
	if err := checkFilter(q.Filter); err != nil {
		return listing.Page[Payment]{}, err
	}
	plan, err := listing.NewPlan(store.Spec, q.List)
	if err != nil {
		return listing.Page[Payment]{}, err
	}
	sc := s.scope(p, q.CompanyID)
	return listing.Fetch(ctx, plan, listing.Source[store.Row]{
		Rows: func(ctx context.Context) ([]store.Row, error) { return s.store.List(ctx, sc, q.Filter, plan) },
		Count: s.d.Counter.Cached(store.Table, q.Filter.Key(sc), func(ctx context.Context) (int, error) {
			return s.store.Count(ctx, sc, q.Filter)
		}),
		Key: store.KeyOf(plan.Key()),
	}, listing.PerRow(func(r store.Row) Payment { return view(&r, nil) }))
}

// Export checks an export request and returns what runs it: fn is called for every payment of
// the list (no paging, no images) in its order, streaming from the database.
func (s *Service) Export(p caller.Principal, q Query) (func(ctx context.Context, fn func(Payment) error) error, error) {
	if err := checkFilter(q.Filter); err != nil {
		return nil, err
	}
	if _, err := listing.NewPlan(store.Spec, listing.Query{Sort: q.List.Sort}); err != nil {
		return nil, err
	}
	sc := s.scope(p, q.CompanyID)
	return func(ctx context.Context, fn func(Payment) error) error {
		return s.store.Each(ctx, sc, q.Filter, q.List.Sort, func(r store.Row) error { return fn(view(&r, nil)) })
	}, nil
}
