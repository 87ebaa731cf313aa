// Package http is the sales module's thin huma handlers: the sales list, Excel export, quote
// (the form's totals), detail, create, edit, delete, approve and reject.
//
// Create and edit take multipart/form-data so the images travel with the form: a part "data"
// holds the sale as JSON (the quote's object, plus customer_reference and, on edit,
// remove_image_ids) and "images" parts the new images. Everything else is JSON.
package http

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/sales/internal/app"
	"github.com/backoffice/backoffice/modules/sales/internal/domain"
	"github.com/backoffice/backoffice/modules/sales/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// Roles says who may do what.
type Roles struct {
	// Staff list, read, quote, export and delete (admin, user, secretary).
	Staff []string
	// Sellers create and edit (user, secretary: spec §6 keeps administrators off /sale/add and
	// /sale/edit).
	Sellers []string
	// Deciders approve and reject (admin).
	Deciders []string
}

// SaleLineBody is one line of the sale form. quantity and price_cents may be null (not typed
// yet).
type SaleLineBody struct {
	ProductID     int64  `json:"product_id" required:"false"`
	Quantity      *int64 `json:"quantity" required:"false"`
	PriceCents    *int64 `json:"price_cents" required:"false" doc:"Unit price before VAT, centavos (the form starts from the product's price)"`
	DiscountCents int64  `json:"discount_cents" required:"false" doc:"The line's discount, centavos, from 0 to quantity × price"`
}

// SaleBody is the sale form: the quote's body, and the JSON of the "data" part of create and
// edit. Every field is optional for the schema: the use case answers with the form's messages.
type SaleBody struct {
	SaleDate          string         `json:"sale_date" required:"false" maxLength:"10" doc:"YYYY-MM-DD (America/Bogota)"`
	CustomerID        int64          `json:"customer_id" required:"false"`
	StoreID           int64          `json:"store_id" required:"false"`
	CustomerReference string         `json:"customer_reference,omitempty" required:"false" maxLength:"100" doc:"Create and edit: the customer's own order reference"`
	Note              string         `json:"note" required:"false" maxLength:"5000"`
	CompanyID         int64          `json:"company_id,omitempty" required:"false" doc:"Administrators, on the quote: the company (default: their own)"`
	Lines             []SaleLineBody `json:"lines" required:"false" maxItems:"500"`
	RemoveImageIDs    []int64        `json:"remove_image_ids,omitempty" required:"false" maxItems:"10" doc:"Edit only: ids of the sale's images to remove"`
}

func (b SaleBody) draft() domain.Draft {
	d := domain.Draft{SaleDate: b.SaleDate, CustomerID: b.CustomerID, StoreID: b.StoreID,
		CustomerReference: b.CustomerReference, Note: b.Note}
	for _, l := range b.Lines {
		d.Lines = append(d.Lines, domain.Line{ProductID: l.ProductID, Quantity: l.Quantity, PriceCents: l.PriceCents,
			DiscountCents: l.DiscountCents})
	}
	return d
}

// saleForm is the multipart form of create and edit.
type saleForm struct {
	Data string `form:"data" required:"false" doc:"The sale as JSON (SaleBody)"`
	// Images are checked by content (PNG, JPEG, GIF, WebP; 4 MB each) by the use case, not by
	// the declared part type, so the encoding accepts any part.
	Images []huma.FormFile `form:"images" required:"false" doc:"Images to add (repeat the part); at most 10 per sale in all"`
}

func (f *saleForm) input() (app.Input, error) {
	var b SaleBody
	if f.Data != "" {
		if err := json.Unmarshal([]byte(f.Data), &b); err != nil {
			return app.Input{}, apperror.Invalid(domain.MsgInvalid, map[string]string{"data": domain.MsgInvalid})
		}
	}
	in := app.Input{Draft: b.draft(), RemoveImageIDs: b.RemoveImageIDs}
	for _, file := range f.Images {
		if !file.IsSet {
			continue
		}
		// One byte over the limit is enough to tell a file that is too big.
		data, err := io.ReadAll(io.LimitReader(file.File, attachments.MaxSize+1))
		_ = file.File.Close()
		if err != nil {
			return in, apperror.Internal(err)
		}
		in.Images = append(in.Images, app.Upload{Filename: file.Filename, Data: data})
	}
	return in, nil
}

// Filters are the list's and the export's own query parameters.
type Filters struct {
	Approval   string `query:"approval" maxLength:"20" doc:"pending, approved or rejected"`
	Status     string `query:"status" maxLength:"20" doc:"Payment status: pending, partial or paid"`
	CustomerID int64  `query:"customer_id" minimum:"0"`
	StoreID    int64  `query:"store_id" minimum:"0"`
	Seller     int64  `query:"seller" minimum:"0" doc:"The user who recorded the sale"`
	From       string `query:"from" maxLength:"10" doc:"Sale date from (YYYY-MM-DD, included)"`
	To         string `query:"to" maxLength:"10" doc:"Sale date to (YYYY-MM-DD, included)"`
	CompanyID  int64  `query:"company_id" minimum:"0" doc:"Administrators: one company's sales"`
}

func (f Filters) query(q listing.Query) app.Query {
	return app.Query{List: q, CompanyID: f.CompanyID, Filter: store.Filter{Q: q.Q, Approval: f.Approval,
		Status: f.Status, CustomerID: f.CustomerID, StoreID: f.StoreID, SellerID: f.Seller, From: f.From, To: f.To}}
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

type sellersInput struct {
	CompanyID int64 `query:"company_id" minimum:"0" doc:"Administrators: one company's sellers"`
}

type idInput struct {
	ID int64 `path:"id" minimum:"1"`
}

type quoteInput struct {
	Body SaleBody
}

type createInput struct {
	RawBody huma.MultipartFormFiles[saleForm]
}

type updateInput struct {
	ID      int64 `path:"id" minimum:"1"`
	RawBody huma.MultipartFormFiles[saleForm]
}

type rejectInput struct {
	ID int64 `path:"id" minimum:"1"`
	// Body is optional so that a missing reason gets the form's message, not a schema error.
	Body *SaleRejectBody
}

// SaleRejectBody is a rejection's reason.
type SaleRejectBody struct {
	Reason string `json:"reason" required:"false" maxLength:"1000"`
}

type pageOutput struct {
	Body listing.Page[app.Sale]
}

// SaleQuote is the quote's answer: the totals and each line's amounts.
type SaleQuote struct {
	Totals app.SaleTotals       `json:"totals"`
	Lines  []app.SaleLineTotals `json:"lines"`
}

type empty struct{}

// Routes registers the sales endpoints. Static paths (export.xlsx, sellers, quote) are
// registered before /{id}.
func Routes(api *httpx.API, svc *app.Service, roles Roles, now func() time.Time) {
	staff, sellers, deciders := httpx.SignedIn(roles.Staff...), httpx.SignedIn(roles.Sellers...), httpx.SignedIn(roles.Deciders...)
	tags := []string{"sales"}
	const base = "/api/sales"

	httpx.Register(api, staff, huma.Operation{OperationID: "list-sales", Method: http.MethodGet, Path: base,
		Summary: "List sales (keyset pages; q searches number, customer reference and customer; sorts sale_date (default, newest first), created_at, number, customer_name, total_cents, balance_cents, status)", Tags: tags},
		func(ctx context.Context, in *listInput) (*pageOutput, error) {
			page, err := svc.List(ctx, httpx.Caller(ctx), in.Filters.query(in.Query))
			if err != nil {
				return nil, err
			}
			return &pageOutput{Body: page}, nil
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "export-sales", Method: http.MethodGet, Path: base + "/export.xlsx",
		Summary: "Sales as an Excel file, with the list's filters and sort", Tags: tags},
		func(ctx context.Context, in *exportInput) (*huma.StreamResponse, error) {
			run, err := svc.Export(httpx.Caller(ctx), in.Filters.query(listing.Query{Q: in.Q, Sort: in.Sort}))
			if err != nil {
				return nil, err
			}
			lang := xlsx.Lang(in.Lang)
			return xlsx.Stream(ctx, api.Logger(), xlsx.FileName("sales", now()), sheetName[lang], headers[lang], func(yield func([]any) error) error {
				return run(ctx, func(s app.Sale) error { return yield(row(s, lang)) })
			}, xlsx.InLanguage(lang)), nil
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "list-sale-sellers", Method: http.MethodGet, Path: base + "/sellers",
		Summary: "The users who recorded the sales the caller may see, by name: the list's seller filter", Tags: tags},
		func(ctx context.Context, in *sellersInput) (*httpx.Data[[]app.Seller], error) {
			return httpx.DataOf(svc.Sellers(ctx, httpx.Caller(ctx), in.CompanyID))
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "quote-sale", Method: http.MethodPost, Path: base + "/quote",
		Summary: "Price a sale form without saving it (the totals the form shows while typing)", Tags: tags},
		func(ctx context.Context, in *quoteInput) (*httpx.Data[SaleQuote], error) {
			totals, lines, err := svc.Quote(ctx, httpx.Caller(ctx), in.Body.CompanyID, in.Body.draft())
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(SaleQuote{Totals: totals, Lines: lines}, nil)
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "get-sale", Method: http.MethodGet, Path: base + "/{id}",
		Summary: "One sale with its lines and images", Tags: tags},
		func(ctx context.Context, in *idInput) (*httpx.Data[app.Sale], error) {
			return httpx.DataOf(svc.Get(ctx, httpx.Caller(ctx), in.ID))
		})

	httpx.Register(api, sellers, huma.Operation{OperationID: "create-sale", Errors: []int{http.StatusConflict}, Method: http.MethodPost, Path: base,
		Summary: "Record a sale (multipart: data = JSON, images = images); pending until an admin approves it; its goods leave stock at once ('Not enough stock of …' refuses it whole)",
		Tags:    tags, DefaultStatus: http.StatusCreated},
		func(ctx context.Context, in *createInput) (*httpx.Data[app.Sale], error) {
			form, err := in.RawBody.Data().input()
			if err != nil {
				return nil, err
			}
			form.RemoveImageIDs = nil
			return httpx.DataOf(svc.Create(ctx, httpx.Caller(ctx), form))
		})

	httpx.Register(api, sellers, huma.Operation{OperationID: "update-sale", Errors: []int{http.StatusConflict}, Method: http.MethodPut, Path: base + "/{id}",
		Summary: "Edit a pending sale (multipart like create; images sent are added, remove_image_ids removed); stock moves by the difference", Tags: tags},
		func(ctx context.Context, in *updateInput) (*httpx.Data[app.Sale], error) {
			form, err := in.RawBody.Data().input()
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(svc.Update(ctx, httpx.Caller(ctx), in.ID, form))
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "delete-sale", Errors: []int{http.StatusConflict}, Method: http.MethodDelete, Path: base + "/{id}",
		Summary: "Delete a pending sale without payments (soft); its goods go back to stock", Tags: tags, DefaultStatus: http.StatusNoContent},
		func(ctx context.Context, in *idInput) (*empty, error) {
			return nil, svc.Delete(ctx, httpx.Caller(ctx), in.ID)
		})

	httpx.Register(api, deciders, huma.Operation{OperationID: "approve-sale", Errors: []int{http.StatusConflict}, Method: http.MethodPost, Path: base + "/{id}/approve",
		Summary: "Approve a pending sale", Tags: tags},
		func(ctx context.Context, in *idInput) (*httpx.Data[app.Sale], error) {
			return httpx.DataOf(svc.Decide(ctx, httpx.Caller(ctx), in.ID, true, ""))
		})

	httpx.Register(api, deciders, huma.Operation{OperationID: "reject-sale", Errors: []int{http.StatusConflict}, Method: http.MethodPost, Path: base + "/{id}/reject",
		Summary: "Reject a pending sale with a reason; its goods go back to stock", Tags: tags},
		func(ctx context.Context, in *rejectInput) (*httpx.Data[app.Sale], error) {
			reason := ""
			if in.Body != nil {
				reason = in.Body.Reason
			}
			return httpx.DataOf(svc.Decide(ctx, httpx.Caller(ctx), in.ID, false, reason))
		})
}
