// Package http is the purchasing module's thin huma handlers: the purchases list, Excel export,
// dashboard expiries, quote (the form's totals), detail, create, edit, delete, approve and reject.
//
// Create and edit take multipart/form-data so the attachment travels with the form: a part
// "data" holds the purchase as JSON (the same object the quote takes) and a part "attachment"
// the image. Everything else is JSON.
package http

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/purchasing/internal/app"
	"github.com/backoffice/backoffice/modules/purchasing/internal/domain"
	"github.com/backoffice/backoffice/modules/purchasing/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// Roles says who may do what.
type Roles struct {
	// Staff list, read, quote, create, edit, delete and export (admin, user, secretary).
	Staff []string
	// Deciders approve and reject (admin).
	Deciders []string
}

// PurchaseLineBody is one line of the purchase form. cost_cents and quantity may be null (not typed yet).
type PurchaseLineBody struct {
	CategoryID int64  `json:"category_id" required:"false"`
	ProductID  int64  `json:"product_id" required:"false"`
	ExpiryDate string `json:"expiry_date" required:"false" maxLength:"10" doc:"YYYY-MM-DD; required for goods"`
	CostCents  *int64 `json:"cost_cents" required:"false" doc:"Unit cost before VAT, centavos"`
	Quantity   *int64 `json:"quantity" required:"false"`
}

// PurchaseBody is the purchase form: the quote's body, and the JSON of the "data" part of create
// and edit. Every field is optional for the schema: the use case answers with the form's messages.
type PurchaseBody struct {
	PurchaseDate    string             `json:"purchase_date" required:"false" maxLength:"10" doc:"YYYY-MM-DD (America/Bogota)"`
	ReferenceNo     string             `json:"reference_no" required:"false" maxLength:"100"`
	SupplierID      int64              `json:"supplier_id" required:"false"`
	StoreID         int64              `json:"store_id" required:"false"`
	DaysOfCredit    int64              `json:"days_of_credit" required:"false"`
	Note            string             `json:"note" required:"false" maxLength:"5000"`
	ShippingCarrier string             `json:"shipping_carrier" required:"false" maxLength:"200"`
	ShippingCents   int64              `json:"shipping_cents" required:"false" doc:"Shipping billed by the supplier (taxed at 19%)"`
	DiscountCents   int64              `json:"discount_cents" required:"false" doc:"Unconditional discount, prorated across the lines"`
	ReturnCents     int64              `json:"return_cents" required:"false" doc:"Ignored: a purchase's returns are the sum of its approved returns (POST /api/returns)"`
	CompanyID       int64              `json:"company_id,omitempty" required:"false" doc:"Administrators, on create and quote: the company (default: their own)"`
	ReceivedOrderID int64              `json:"received_order_id,omitempty" required:"false" doc:"Create only: the received order this purchase invoices"`
	Lines           []PurchaseLineBody `json:"lines" required:"false" maxItems:"500"`
}

func (b PurchaseBody) draft() domain.Draft {
	d := domain.Draft{PurchaseDate: b.PurchaseDate, ReferenceNo: b.ReferenceNo, SupplierID: b.SupplierID,
		StoreID: b.StoreID, DaysOfCredit: b.DaysOfCredit, Note: b.Note, ShippingCarrier: b.ShippingCarrier,
		ShippingCents: b.ShippingCents, DiscountCents: b.DiscountCents}
	for _, l := range b.Lines {
		d.Lines = append(d.Lines, domain.Line{CategoryID: l.CategoryID, ProductID: l.ProductID, ExpiryDate: l.ExpiryDate,
			CostCents: l.CostCents, Quantity: l.Quantity})
	}
	return d
}

// purchaseForm is the multipart form of create and edit.
type purchaseForm struct {
	Data string `form:"data" required:"false" doc:"The purchase as JSON (PurchaseBody)"`
	// The attachment is checked by content (PNG, JPEG, GIF, WebP; 4 MB) by the use case, not by
	// the declared part type, so the encoding accepts any part.
	Attachment huma.FormFile `form:"attachment" required:"false" doc:"The invoice image; required on create, optional on edit (keeps the current one)"`
}

func (f *purchaseForm) input() (app.Input, error) {
	var b PurchaseBody
	if f.Data != "" {
		if err := json.Unmarshal([]byte(f.Data), &b); err != nil {
			return app.Input{}, apperror.Invalid(domain.MsgInvalid, map[string]string{"data": domain.MsgInvalid})
		}
	}
	in := app.Input{Draft: b.draft(), CompanyID: b.CompanyID, ReceivedOrderID: b.ReceivedOrderID}
	if f.Attachment.IsSet {
		// One byte over the limit is enough to tell a file that is too big.
		data, err := io.ReadAll(io.LimitReader(f.Attachment.File, attachments.MaxSize+1))
		_ = f.Attachment.File.Close()
		if err != nil {
			return in, apperror.Internal(err)
		}
		in.Attachment = &app.Upload{Filename: f.Attachment.Filename, Data: data}
	}
	return in, nil
}

// Filters are the list's and the export's own query parameters.
type Filters struct {
	Approval   string `query:"approval" maxLength:"20" doc:"pending (the /pending-data/purchase page), approved or rejected"`
	Status     string `query:"status" maxLength:"20" doc:"pending, partial, paid or received"`
	SupplierID int64  `query:"supplier_id" minimum:"0"`
	StoreID    int64  `query:"store_id" minimum:"0"`
	From       string `query:"from" maxLength:"10" doc:"Purchase date from (YYYY-MM-DD, included)"`
	To         string `query:"to" maxLength:"10" doc:"Purchase date to (YYYY-MM-DD, included)"`
	CompanyID  int64  `query:"company_id" minimum:"0" doc:"Administrators: one company's purchases"`
}

func (f Filters) query(q listing.Query) app.Query {
	return app.Query{List: q, CompanyID: f.CompanyID, Filter: store.Filter{Q: q.Q, Approval: f.Approval,
		Status: f.Status, SupplierID: f.SupplierID, StoreID: f.StoreID, From: f.From, To: f.To}}
}

type listInput struct {
	listing.Query
	Filters
}

type exportInput struct {
	Q    string `query:"q" maxLength:"100" doc:"Search text"`
	Sort string `query:"sort" maxLength:"40" doc:"Sort key, or -key for descending"`
	Lang string `query:"lang" enum:"es,en" default:"es" doc:"Language of the column headers"`
	Filters
}

type expiringInput struct {
	CompanyID int64 `query:"company_id" minimum:"0" doc:"Administrators: one company's purchases"`
}

type idInput struct {
	ID int64 `path:"id" minimum:"1"`
}

type quoteInput struct {
	Body PurchaseBody
}

type createInput struct {
	RawBody huma.MultipartFormFiles[purchaseForm]
}

type updateInput struct {
	ID      int64 `path:"id" minimum:"1"`
	RawBody huma.MultipartFormFiles[purchaseForm]
}

type rejectInput struct {
	ID int64 `path:"id" minimum:"1"`
	// Body is optional so that a missing reason gets the form's message, not a schema error.
	Body *PurchaseRejectBody
}

// PurchaseRejectBody is a rejection's reason.
type PurchaseRejectBody struct {
	Reason string `json:"reason" required:"false" maxLength:"1000"`
}

type pageOutput struct {
	Body listing.Page[app.Purchase]
}

// PurchaseQuote is the quote's answer: the totals and each line's share.
type PurchaseQuote struct {
	Totals app.PurchaseTotals       `json:"totals"`
	Lines  []app.PurchaseLineTotals `json:"lines"`
}

type empty struct{}

// Routes registers the purchases endpoints. Static paths (export.xlsx, expiring, quote) are
// registered before /{id}.
func Routes(api *httpx.API, svc *app.Service, roles Roles, now func() time.Time) {
	staff, deciders := httpx.SignedIn(roles.Staff...), httpx.SignedIn(roles.Deciders...)
	tags := []string{"purchases"}
	const base = "/api/purchases"

	httpx.Register(api, staff, huma.Operation{OperationID: "list-purchases", Method: http.MethodGet, Path: base,
		Summary: "List purchases (keyset pages; q searches reference and supplier; sorts purchase_date (default, newest first), created_at, reference_no, total_to_pay_cents, balance_cents, due_date)", Tags: tags},
		func(ctx context.Context, in *listInput) (*pageOutput, error) {
			p, _ := httpx.PrincipalFrom(ctx)
			page, err := svc.List(ctx, p, in.Filters.query(in.Query))
			if err != nil {
				return nil, err
			}
			return &pageOutput{Body: page}, nil
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "export-purchases", Method: http.MethodGet, Path: base + "/export.xlsx",
		Summary: "Purchases as an Excel file, with the list's filters and sort", Tags: tags},
		func(ctx context.Context, in *exportInput) (*huma.StreamResponse, error) {
			p, _ := httpx.PrincipalFrom(ctx)
			run, err := svc.Export(p, in.Filters.query(listing.Query{Q: in.Q, Sort: in.Sort}))
			if err != nil {
				return nil, err
			}
			name := xlsx.FileName("purchases", now())
			lang := xlsx.Lang(in.Lang)
			return xlsx.Stream(ctx, api.Logger(), name, sheetName[lang], headers[lang], func(yield func([]any) error) error {
				return run(ctx, func(pu app.Purchase) error { return yield(row(pu, lang)) })
			}, xlsx.InLanguage(lang)), nil
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "expiring-purchases", Method: http.MethodGet, Path: base + "/expiring",
		Summary: "Purchases with a balance due from today to today + 5 days (America/Bogota), soonest first: the dashboard's 'Expiries in 5 days'", Tags: tags},
		func(ctx context.Context, in *expiringInput) (*httpx.Data[[]app.ExpiringPurchase], error) {
			p, _ := httpx.PrincipalFrom(ctx)
			rows, err := svc.Expiring(ctx, p, in.CompanyID)
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(rows, nil)
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "quote-purchase", Method: http.MethodPost, Path: base + "/quote",
		Summary: "Price a purchase form without saving it (the totals the form shows while typing)", Tags: tags},
		func(ctx context.Context, in *quoteInput) (*httpx.Data[PurchaseQuote], error) {
			p, _ := httpx.PrincipalFrom(ctx)
			totals, lines, err := svc.Quote(ctx, p, in.Body.CompanyID, in.Body.draft())
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(PurchaseQuote{Totals: totals, Lines: lines}, nil)
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "get-purchase", Method: http.MethodGet, Path: base + "/{id}",
		Summary: "One purchase with its lines", Tags: tags},
		func(ctx context.Context, in *idInput) (*httpx.Data[app.Purchase], error) {
			p, _ := httpx.PrincipalFrom(ctx)
			pu, err := svc.Get(ctx, p, in.ID)
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(pu, nil)
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "create-purchase", Method: http.MethodPost, Path: base,
		Summary: "Create a purchase (multipart: data = JSON, attachment = image); approved when an admin creates it, pending otherwise",
		Tags:    tags, DefaultStatus: http.StatusCreated},
		func(ctx context.Context, in *createInput) (*httpx.Data[app.Purchase], error) {
			p, _ := httpx.PrincipalFrom(ctx)
			form, err := in.RawBody.Data().input()
			if err != nil {
				return nil, err
			}
			pu, err := svc.Create(ctx, p, form)
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(pu, nil)
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "update-purchase", Errors: []int{http.StatusConflict}, Method: http.MethodPut, Path: base + "/{id}",
		Summary: "Edit a pending purchase, or correct a rejected one and send it again for approval (multipart like create; the attachment is optional)", Tags: tags},
		func(ctx context.Context, in *updateInput) (*httpx.Data[app.Purchase], error) {
			p, _ := httpx.PrincipalFrom(ctx)
			form, err := in.RawBody.Data().input()
			if err != nil {
				return nil, err
			}
			form.CompanyID, form.ReceivedOrderID = 0, 0
			pu, err := svc.Update(ctx, p, in.ID, form)
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(pu, nil)
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "delete-purchase", Errors: []int{http.StatusConflict}, Method: http.MethodDelete, Path: base + "/{id}",
		Summary: "Delete a purchase that is not approved and has no payments (soft)", Tags: tags, DefaultStatus: http.StatusNoContent},
		func(ctx context.Context, in *idInput) (*empty, error) {
			p, _ := httpx.PrincipalFrom(ctx)
			return nil, svc.Delete(ctx, p, in.ID)
		})

	httpx.Register(api, deciders, huma.Operation{OperationID: "approve-purchase", Errors: []int{http.StatusConflict}, Method: http.MethodPost, Path: base + "/{id}/approve",
		Summary: "Approve a pending purchase", Tags: tags},
		func(ctx context.Context, in *idInput) (*httpx.Data[app.Purchase], error) {
			p, _ := httpx.PrincipalFrom(ctx)
			pu, err := svc.Decide(ctx, p, in.ID, true, "")
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(pu, nil)
		})

	httpx.Register(api, deciders, huma.Operation{OperationID: "reject-purchase", Errors: []int{http.StatusConflict}, Method: http.MethodPost, Path: base + "/{id}/reject",
		Summary: "Reject a pending purchase with a reason", Tags: tags},
		func(ctx context.Context, in *rejectInput) (*httpx.Data[app.Purchase], error) {
			p, _ := httpx.PrincipalFrom(ctx)
			reason := ""
			if in.Body != nil {
				reason = in.Body.Reason
			}
			pu, err := svc.Decide(ctx, p, in.ID, false, reason)
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(pu, nil)
		})
}
