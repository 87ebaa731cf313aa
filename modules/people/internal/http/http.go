// Package http is the people module's thin huma handlers: parse, call the use case, map the
// answer. The customers and suppliers endpoints are registered by one generic function, since
// they differ only in names and in the customers' sales totals.
package http

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/people/internal/app"
	"github.com/backoffice/backoffice/modules/people/internal/domain"
	"github.com/backoffice/backoffice/modules/people/internal/store"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// Party is a customer or supplier in the API.
type Party struct {
	ID                int64      `json:"id"`
	CompanyID         int64      `json:"company_id" doc:"The back-office company (tenant) the record belongs to"`
	CompanyName       string     `json:"company_name"`
	Name              string     `json:"name"`
	Company           string     `json:"company" doc:"The party's own company or business name"`
	DisplayName       string     `json:"display_name" doc:"How the party is named: a legal entity (juridica) by its company name, a person by their name"`
	Email             string     `json:"email"`
	Phone             string     `json:"phone"`
	City              string     `json:"city"`
	Address           string     `json:"address"`
	Note              string     `json:"note"`
	PersonType        string     `json:"person_type" enum:"natural,juridica"`
	Declarante        bool       `json:"declarante"`
	IVAResponsible    bool       `json:"iva_responsible"`
	GranContribuyente bool       `json:"gran_contribuyente"`
	Autorretenedor    bool       `json:"autorretenedor"`
	DocumentType      string     `json:"document_type" enum:"CC,NIT,CE,PAS"`
	DocumentNumber    string     `json:"document_number" doc:"Without dots; a NIT without its check digit"`
	VerificationDigit string     `json:"verification_digit" doc:"NIT check digit (DV); empty for other documents"`
	ApprovalStatus    string     `json:"approval_status" enum:"pending,approved,rejected"`
	ApprovalReason    string     `json:"approval_reason" doc:"The rejection's reason"`
	ApprovedBy        *int64     `json:"approved_by" doc:"User id of the admin who decided (or created it approved)"`
	ApprovedAt        *time.Time `json:"approved_at"`
	CreatedBy         *int64     `json:"created_by"`
	CreatedAt         time.Time  `json:"created_at"`
	UpdatedAt         time.Time  `json:"updated_at"`
}

// Customer is a customer in the API: a party with its sales totals.
type Customer struct {
	Party
	app.Totals
}

// Supplier is a supplier in the API: a party with its purchase figures.
type Supplier struct {
	Party
	SupplierTotals
}

// SupplierTotals are a supplier's figures from its approved purchases, in centavos: what the
// company owes it (balance) and what it owes the company (credit: returns beyond a purchase's
// balance, saldo a favor).
type SupplierTotals struct {
	TotalPurchases     int64 `json:"total_purchases" doc:"Number of approved purchases from the supplier"`
	TotalAmountCents   int64 `json:"total_amount_cents" doc:"Sum of their totals to pay"`
	PaidCents          int64 `json:"paid_cents" doc:"Paid so far"`
	ReturnCents        int64 `json:"return_cents" doc:"Approved purchase returns"`
	PendingReturnCents int64 `json:"pending_return_cents" doc:"Purchase returns awaiting approval"`
	BalanceCents       int64 `json:"balance_cents" doc:"Still owed to the supplier: Σ of the purchases' positive balances"`
	CreditCents        int64 `json:"credit_cents" doc:"Owed to us: Σ of the purchases' credits (negative balances), saldo a favor"`
}

// CustomerView converts a customer record.
func CustomerView(r app.Record) Customer {
	d := Customer{Party: partyView(r)}
	if r.Totals != nil {
		d.Totals = *r.Totals
	}
	return d
}

// SupplierView converts a supplier record.
func SupplierView(r app.Record) Supplier {
	d := Supplier{Party: partyView(r)}
	if t := r.Totals; t != nil {
		d.SupplierTotals = SupplierTotals{TotalPurchases: t.TotalSales, TotalAmountCents: t.TotalAmountCents, PaidCents: t.PaidCents,
			ReturnCents: t.ReturnCents, PendingReturnCents: t.PendingReturnCents, BalanceCents: t.BalanceCents, CreditCents: t.CreditCents}
	}
	return d
}

func partyView(r app.Record) Party {
	return Party{ID: r.ID, CompanyID: r.CompanyID, CompanyName: r.CompanyName, Name: r.Name, Company: r.Company,
		DisplayName: r.DisplayName(), Email: r.Email, Phone: r.Phone, City: r.City, Address: r.Address, Note: r.Note,
		PersonType: string(r.PersonType), Declarante: r.Declarante, IVAResponsible: r.IVAResponsible,
		GranContribuyente: r.GranContribuyente, Autorretenedor: r.Autorretenedor,
		DocumentType: string(r.DocumentType), DocumentNumber: r.DocumentNumber, VerificationDigit: r.VerificationDigit,
		ApprovalStatus: r.ApprovalStatus, ApprovalReason: r.ApprovalReason, ApprovedBy: r.ApprovedBy,
		ApprovedAt: r.ApprovedAt, CreatedBy: r.CreatedBy, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

// partyBody is what the create and update forms send. Every field is optional for the schema:
// the use case checks them and answers with the form's messages.
type partyBody struct {
	Name              string `json:"name" required:"false" maxLength:"1000"`
	Company           string `json:"company" required:"false" maxLength:"1000"`
	Email             string `json:"email" required:"false" maxLength:"1000"`
	Phone             string `json:"phone" required:"false" maxLength:"1000"`
	City              string `json:"city" required:"false" maxLength:"1000"`
	Address           string `json:"address" required:"false" maxLength:"1000"`
	Note              string `json:"note" required:"false" maxLength:"5000"`
	PersonType        string `json:"person_type" required:"false" maxLength:"20" doc:"natural (default) or juridica"`
	Declarante        bool   `json:"declarante" required:"false"`
	IVAResponsible    bool   `json:"iva_responsible" required:"false"`
	GranContribuyente bool   `json:"gran_contribuyente" required:"false"`
	Autorretenedor    bool   `json:"autorretenedor" required:"false"`
	DocumentType      string `json:"document_type" required:"false" maxLength:"10" doc:"CC, NIT, CE or PAS; default CC for a person, NIT for a legal entity"`
	DocumentNumber    string `json:"document_number" required:"false" maxLength:"40" doc:"Dots and spaces are removed; a NIT may end in -DV, which is checked"`
	CompanyID         int64  `json:"company_id,omitempty" required:"false" doc:"Admins only, on create: the company the record belongs to (default: the admin's own); ignored otherwise"`
}

func (b partyBody) input() app.Input {
	return app.Input{CompanyID: b.CompanyID, Details: domain.Details{Name: b.Name, Company: b.Company, Email: b.Email,
		Phone: b.Phone, City: b.City, Address: b.Address, Note: b.Note,
		Profile: domain.Profile{PersonType: domain.PersonType(b.PersonType), Declarante: b.Declarante,
			IVAResponsible: b.IVAResponsible, GranContribuyente: b.GranContribuyente, Autorretenedor: b.Autorretenedor,
			DocumentType: domain.DocumentType(b.DocumentType), DocumentNumber: b.DocumentNumber}}}
}

// Filters are the list's and the export's own query parameters (exported: huma reads the
// parameters of exported embedded structs only).
type Filters struct {
	Approval  string `query:"approval" maxLength:"20" doc:"pending, approved or rejected"`
	City      string `query:"city" maxLength:"100" doc:"Whole city name, any letter case"`
	CompanyID int64  `query:"company_id" doc:"Admins only: one company's records"`
}

func (f Filters) params(q listing.Query) app.ListParams {
	return app.ListParams{Query: q, Filter: store.Filter{Q: q.Q, Approval: f.Approval, City: f.City}, CompanyID: f.CompanyID}
}

type listInput struct {
	listing.Query
	Filters
}

type exportInput struct {
	Q    string `query:"q" maxLength:"100" doc:"Search text"`
	Sort string `query:"sort" maxLength:"40" doc:"Sort key, or -key for descending"`
	xlsx.LangQuery
	Filters
}

type idInput struct {
	ID int64 `path:"id"`
}

type createInput struct {
	Body partyBody
}

type updateInput struct {
	ID   int64 `path:"id"`
	Body partyBody
}

type rejectInput struct {
	ID int64 `path:"id"`
	// Body is optional so that a missing reason gets the form's message, not a schema error.
	Body *struct {
		Reason string `json:"reason" required:"false" maxLength:"1000"`
	}
}

type empty struct{}

// Access is who may call the module's operations.
type Access struct {
	// Staff may list, read, create, edit, delete and export.
	Staff httpx.Access
	// Deciders may approve and reject.
	Deciders httpx.Access
}

// Routes registers the endpoints of svc's kind under /api/<plural>; view converts a record to
// the kind's DTO.
func Routes[T any](api huma.API, svc *app.Service, access Access, now func() time.Time, view func(app.Record) T) {
	k := svc.Kind()
	base := "/api/" + k.Plural
	tags := []string{k.Plural}
	one := func(r app.Record, err error) (*httpx.Data[T], error) {
		if err != nil {
			return nil, err
		}
		return httpx.DataOf(view(r), nil)
	}
	actor := func(ctx context.Context) app.Actor { return svc.Actor(httpx.Caller(ctx)) }

	httpx.Register(api, access.Staff, huma.Operation{OperationID: "list-" + k.Plural, Method: http.MethodGet, Path: base,
		Summary: "List " + k.Plural + " (keyset pages; q searches name, company, email, document number; sort name, city, created_at)", Tags: tags},
		func(ctx context.Context, in *listInput) (*httpx.List[T], error) {
			page, err := svc.List(ctx, actor(ctx), in.Filters.params(in.Query))
			if err != nil {
				return nil, err
			}
			out := &httpx.List[T]{}
			out.Body.Meta = page.Meta
			out.Body.Data = make([]T, len(page.Data))
			for i, r := range page.Data {
				out.Body.Data[i] = view(r)
			}
			return out, nil
		})

	// Registered before /{id}, which would otherwise take "export.xlsx" for an id.
	httpx.Register(api, access.Staff, huma.Operation{OperationID: "export-" + k.Plural, Method: http.MethodGet, Path: base + "/export.xlsx",
		Summary: "Excel file of the " + k.Plural + " matching the list's filters (no paging)", Tags: tags,
		Responses: map[string]*huma.Response{"200": {Description: "The workbook", Content: map[string]*huma.MediaType{xlsx.ContentType: {}}}}},
		func(ctx context.Context, in *exportInput) (*xlsx.File, error) {
			run, err := svc.Export(actor(ctx), in.Filters.params(listing.Query{Q: in.Q, Sort: in.Sort}))
			if err != nil {
				return nil, err
			}
			// The whole file is built before answering (Fiber buffers the body anyway).
			return exportFile(ctx, k, in.Lang, svc.HasTotals(), now(), run)
		})

	httpx.Register(api, access.Staff, huma.Operation{OperationID: "get-" + k.Entity, Method: http.MethodGet, Path: base + "/{id}",
		Summary: "One " + k.Entity, Tags: tags},
		func(ctx context.Context, in *idInput) (*httpx.Data[T], error) {
			return one(svc.Get(ctx, actor(ctx), in.ID))
		})

	httpx.Register(api, access.Staff, huma.Operation{OperationID: "create-" + k.Entity, Method: http.MethodPost, Path: base,
		Summary: "Create a " + k.Entity + " (approved when an admin creates it, pending otherwise)", Tags: tags, DefaultStatus: http.StatusCreated},
		func(ctx context.Context, in *createInput) (*httpx.Data[T], error) {
			return one(svc.Create(ctx, actor(ctx), in.Body.input()))
		})

	httpx.Register(api, access.Staff, huma.Operation{OperationID: "update-" + k.Entity, Method: http.MethodPut, Path: base + "/{id}",
		Summary: "Update a " + k.Entity + " (a non-admin's edit of a rejected one sends it back to pending)", Tags: tags},
		func(ctx context.Context, in *updateInput) (*httpx.Data[T], error) {
			return one(svc.Update(ctx, actor(ctx), in.ID, in.Body.input()))
		})

	httpx.Register(api, access.Staff, huma.Operation{OperationID: "delete-" + k.Entity, Errors: []int{http.StatusConflict}, Method: http.MethodDelete, Path: base + "/{id}",
		Summary: "Delete a " + k.Entity + " (soft; refused while referenced)", Tags: tags, DefaultStatus: http.StatusNoContent},
		func(ctx context.Context, in *idInput) (*empty, error) {
			if err := svc.Delete(ctx, actor(ctx), in.ID); err != nil {
				return nil, err
			}
			return &empty{}, nil
		})

	httpx.Register(api, access.Deciders, huma.Operation{OperationID: "approve-" + k.Entity, Errors: []int{http.StatusConflict}, Method: http.MethodPost, Path: base + "/{id}/approve",
		Summary: "Approve a pending " + k.Entity, Tags: tags},
		func(ctx context.Context, in *idInput) (*httpx.Data[T], error) {
			return one(svc.Decide(ctx, actor(ctx), in.ID, true, ""))
		})

	httpx.Register(api, access.Deciders, huma.Operation{OperationID: "reject-" + k.Entity, Errors: []int{http.StatusConflict}, Method: http.MethodPost, Path: base + "/{id}/reject",
		Summary: "Reject a pending " + k.Entity + " with a reason", Tags: tags},
		func(ctx context.Context, in *rejectInput) (*httpx.Data[T], error) {
			reason := ""
			if in.Body != nil {
				reason = in.Body.Reason
			}
			return one(svc.Decide(ctx, actor(ctx), in.ID, false, reason))
		})
}
