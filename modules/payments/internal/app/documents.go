package app

import (
	"context"
	"slices"
	"time"

	"github.com/backoffice/backoffice/modules/payments/internal/domain"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/payable"
)

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
	company := s.scope(p, q.CompanyID).CompanyID
	docs, err := s.ledger(q.Type).Open(ctx, s.d.DB, company, q.PartyIDs, MaxOpenDocuments)
	if err != nil {
		return nil, apperror.Internal(err)
	}
	ids := make([]int64, len(docs))
	for i, d := range docs {
		ids[i] = d.ID
	}
	pending, err := s.store.PendingByDocument(ctx, q.Type, ids)
	if err != nil {
		return nil, apperror.Internal(err)
	}
	now := s.d.Now()
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
