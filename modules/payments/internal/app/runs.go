package app

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/payments/internal/domain"
	"github.com/backoffice/backoffice/modules/payments/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/payable"
	"github.com/backoffice/backoffice/platform/sequence"
)

// PaymentRun is a run as the API shows it: its number, header and total, and its payments (one
// per item, in the items' order, each with the run's image).
type PaymentRun struct {
	ID          int64     `json:"id"`
	CompanyID   int64     `json:"company_id"`
	Number      string    `json:"number" doc:"LOTE-000123: the company's runs sequence"`
	Type        string    `json:"type" enum:"purchase,sale"`
	Date        string    `json:"date" doc:"YYYY-MM-DD (America/Bogota)"`
	ReferenceNo string    `json:"reference_no"`
	Method      string    `json:"method" enum:"cash,transfer,card,cheque"`
	Note        string    `json:"note"`
	TotalCents  int64     `json:"total_cents" doc:"Σ the payments' amounts"`
	Payments    []Payment `json:"payments"`
}

// RunInput is the run form and its image, not yet checked.
type RunInput struct {
	domain.Run
	Images []attachments.Upload
}

// RecordRun records a run (the concurrent-payments form): one payment per item, each on an
// approved document p may pay, with the run's date, reference, method and note, in one
// transaction — all or none. The documents are held in id order (two runs never wait on each
// other in a circle) and every item is checked as Create checks one payment: the first that its
// document cannot take refuses the whole run, named (items.N.amount_cents). Its payments are
// approved at once when p is an administrator. It publishes payment.created for each payment.
func (s *Service) RecordRun(ctx context.Context, p caller.Principal, in RunInput) (PaymentRun, error) {
	run := in.Run
	run.Header = run.Normalize()
	if err := refuse(domain.ValidateRun(run, s.Now()), in.Images, domain.MaxRunImages, domain.MsgRunImages); err != nil {
		return PaymentRun{}, err
	}
	w, err := s.writer(ctx, p)
	if err != nil {
		return PaymentRun{}, err
	}
	now := s.now()
	b := &store.BatchRow{Type: run.Type, PaymentDate: run.Date, ReferenceNo: run.ReferenceNo, Method: run.Method,
		Note: run.Note, CreatedBy: &p.UserID, CreatedAt: now}
	rows := make([]*store.Row, len(run.Items))
	var imgs map[int64][]attachments.Info
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		docs, err := s.holdRun(ctx, tx, p, run)
		if err != nil {
			return err
		}
		b.CompanyID = docs[run.Items[0].DocumentID].CompanyID
		n, err := sequence.Next(ctx, tx, b.CompanyID, RunEntity)
		if err != nil {
			return err
		}
		b.Number = sequence.Number(domain.RunPrefix, n)
		if err := store.New(tx).InsertBatch(ctx, b); err != nil {
			return err
		}
		for i, it := range run.Items {
			doc := docs[it.DocumentID]
			if err := fits(ctx, tx, run.Type, domain.DirectionPayment, doc, 0, it.AmountCents, domain.ItemField(i, "amount_cents")); err != nil {
				return err
			}
			r := s.newRow(w, run.Header, domain.DirectionPayment, it.DocumentID, it.AmountCents, now)
			r.BatchID, r.BatchNumber = &b.ID, b.Number
			if err := s.record(ctx, tx, p, r, doc, now); err != nil {
				return err
			}
			if paidNow(r) {
				// Paid at once: a later item on the same document sees what is left.
				doc.PaidCents, doc.BalanceCents = doc.PaidCents+it.AmountCents, doc.BalanceCents-it.AmountCents
				docs[it.DocumentID] = doc
			}
			rows[i] = r
		}
		owner := attachments.Info{CompanyID: b.CompanyID, Owner: RunEntity, OwnerID: b.ID, CreatedBy: p.UserID}
		if err := s.Attachments.SaveAll(ctx, tx, owner, in.Images); err != nil {
			return err
		}
		if err := audited(ctx, tx, p, RunEntity, b.CompanyID, b.ID, "created", fmt.Sprintf("number=%s; payments=%d", b.Number, len(rows)), now); err != nil {
			return err
		}
		imgs, err = s.images(ctx, tx, rows...)
		return err
	})
	if err != nil {
		return PaymentRun{}, apperror.OrInternal(err)
	}
	s.committed(ctx)
	out := PaymentRun{ID: b.ID, CompanyID: b.CompanyID, Number: b.Number, Type: b.Type, Date: b.PaymentDate,
		ReferenceNo: b.ReferenceNo, Method: b.Method, Note: b.Note, Payments: make([]Payment, len(rows))}
	for i, r := range rows {
		out.Payments[i] = view(r, imgs[r.ID])
		out.TotalCents += r.AmountCents
	}
	return out, nil
}

// holdRun holds, inside tx and in id order, the documents run names, and returns them by id. A
// document that p may not pay refuses the run on its first item: missing or of another company
// (items.N.document_id 'The selected document is invalid.'), not approved, or of another company
// than the run's other documents.
func (s *Service) holdRun(ctx context.Context, tx bun.IDB, p caller.Principal, run domain.Run) (map[int64]payable.Document, error) {
	ids := make([]int64, 0, len(run.Items))
	for _, it := range run.Items {
		ids = append(ids, it.DocumentID)
	}
	slices.Sort(ids)
	docs := make(map[int64]payable.Document, len(ids))
	var company int64
	for _, id := range slices.Compact(ids) {
		field := domain.ItemField(slices.IndexFunc(run.Items, func(it domain.Item) bool { return it.DocumentID == id }), "document_id")
		doc, ok, err := s.hold(ctx, tx, p, run.Type, id)
		switch {
		case err != nil:
			return nil, err
		case !ok:
			return nil, apperror.Field(field, domain.MsgDocumentInvalid)
		case company != 0 && doc.CompanyID != company:
			return nil, apperror.Field(field, domain.MsgOtherCompany)
		}
		if err := payableDoc(doc, field); err != nil {
			return nil, err
		}
		company, docs[id] = doc.CompanyID, doc
	}
	return docs, nil
}

// MaxParties bounds the suppliers or customers of one open-documents request (the form's
// picker).
const MaxParties = 50

// MaxOpenDocuments bounds the open documents one request answers.
const MaxOpenDocuments = 500

// OpenDocument is an approved document with a balance, as the concurrent-payments form shows it
// (money in centavos).
type OpenDocument struct {
	Type          string `json:"type" enum:"purchase,sale"`
	ID            int64  `json:"id"`
	CompanyID     int64  `json:"company_id"`
	Number        string `json:"number" doc:"The purchase's reference number or the sale's number"`
	InvoiceNumber string `json:"invoice_number" doc:"The supplier's invoice number (a purchase's reference number) or the customer's order reference"`
	PartyID       int64  `json:"party_id"`
	PartyName     string `json:"party_name"`
	Date          string `json:"date" doc:"YYYY-MM-DD"`
	DueDate       string `json:"due_date" doc:"YYYY-MM-DD; empty when the document has none (a sale is due at once)"`
	DaysOverdue   int    `json:"days_overdue" doc:"Days past the due date today (America/Bogota); 0 when not yet due or no due date"`
	TotalCents    int64  `json:"total_cents"`
	PaidCents     int64  `json:"paid_cents" doc:"Approved payments"`
	ReturnsCents  int64  `json:"returns_cents"`
	BalanceCents  int64  `json:"balance_cents" doc:"total − paid − returns"`
	PendingCents  int64  `json:"pending_cents" doc:"Payments recorded and awaiting approval"`
	// AvailableCents is what a new payment may take: the form's default amount.
	AvailableCents int64  `json:"available_cents" doc:"balance − pending payments − pending returns: the most a new payment may take"`
	Status         string `json:"status" doc:"The document's payment status (pending, partial, received…)"`
}

// DocumentsQuery asks for the open documents of parties of one type.
type DocumentsQuery struct {
	Type     string
	PartyIDs []int64
	// CompanyID narrows an administrator's answer to one company (ignored for others).
	CompanyID int64
}

// Documents returns the open documents — approved, with a balance — of the parties q names
// that p may see (an administrator: of every company, or of q.CompanyID), soonest due first,
// with what is pending on each and what a new payment may still take.
func (s *Service) Documents(ctx context.Context, p caller.Principal, q DocumentsQuery) ([]OpenDocument, error) {
	switch {
	case !domain.ValidType(q.Type):
		return nil, apperror.Field("type", domain.MsgTypeRequired)
	case len(q.PartyIDs) == 0 || len(q.PartyIDs) > MaxParties || slices.ContainsFunc(q.PartyIDs, func(id int64) bool { return id <= 0 }):
		return nil, apperror.Field("party_ids", domain.MsgPartyRequired)
	}
	company := s.sees(p, q.CompanyID).CompanyID
	docs, err := s.Ledgers[payable.Type(q.Type)].Open(ctx, s.DB, company, q.PartyIDs, MaxOpenDocuments)
	if err != nil {
		return nil, apperror.Internal(err)
	}
	ids := make([]int64, len(docs))
	for i, d := range docs {
		ids[i] = d.ID
	}
	pending, err := store.New(s.DB).PendingByDocument(ctx, q.Type, ids)
	if err != nil {
		return nil, apperror.Internal(err)
	}
	now := s.Now()
	out := make([]OpenDocument, len(docs))
	for i, d := range docs {
		out[i] = openDocument(q.Type, d, pending[d.ID], now)
	}
	return out, nil
}

// openDocument is d as the form shows it on instant now.
func openDocument(t string, d payable.Document, pending int64, now time.Time) OpenDocument {
	out := OpenDocument{Type: t, ID: d.ID, CompanyID: d.CompanyID, Number: d.Number, InvoiceNumber: d.Reference,
		PartyID: d.PartyID, PartyName: d.PartyName, Date: d.Date.Format(calendar.DateLayout),
		DaysOverdue: domain.DaysOverdue(d.DueDate, now), TotalCents: d.TotalCents, PaidCents: d.PaidCents,
		ReturnsCents: d.ReturnsCents, BalanceCents: d.BalanceCents, PendingCents: pending,
		AvailableCents: max(d.Available(pending), 0), Status: d.Status}
	if !d.DueDate.IsZero() {
		out.DueDate = d.DueDate.Format(calendar.DateLayout)
	}
	return out
}
