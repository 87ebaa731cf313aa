package http

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
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

// ReturnLineBody is one line of a goods return: a line of the purchase and the units sent back.
type ReturnLineBody struct {
	PurchaseLineID int64 `json:"purchase_line_id" required:"false"`
	Quantity       int64 `json:"quantity" required:"false"`
}

// ReturnBody is the return form: the quote's body, and the JSON of the "data" part of create.
// Every field is optional for the schema: the use case answers with the form's messages.
type ReturnBody struct {
	PurchaseID  int64            `json:"purchase_id" required:"false"`
	ReturnDate  string           `json:"return_date" required:"false" maxLength:"10" doc:"YYYY-MM-DD (America/Bogota)"`
	ReferenceNo string           `json:"reference_no" required:"false" maxLength:"200"`
	Note        string           `json:"note" required:"false" maxLength:"10000"`
	Kind        string           `json:"kind" required:"false" enum:"goods,value" doc:"goods: lines and quantities; value: a price correction (value_cents)"`
	Lines       []ReturnLineBody `json:"lines" required:"false" maxItems:"500" doc:"Goods returns"`
	ValueCents  int64            `json:"value_cents" required:"false" doc:"Value returns: the agreed reduction of the base, centavos"`
}

func (b ReturnBody) draft() domain.ReturnDraft {
	d := domain.ReturnDraft{PurchaseID: b.PurchaseID, ReturnDate: b.ReturnDate, ReferenceNo: b.ReferenceNo, Note: b.Note,
		Kind: b.Kind, ValueCents: b.ValueCents}
	for _, l := range b.Lines {
		d.Lines = append(d.Lines, domain.ReturnLine{PurchaseLineID: l.PurchaseLineID, Quantity: l.Quantity})
	}
	return d
}

// returnForm is the multipart form of create.
type returnForm struct {
	Data string `form:"data" required:"false" doc:"The return as JSON (ReturnBody)"`
	// Images are checked by content (PNG, JPEG, GIF, WebP; 4 MB each) by the use case.
	Images []huma.FormFile `form:"images" required:"false" doc:"Images (repeat the part); at most 10"`
}

func (f *returnForm) input() (app.ReturnInput, error) {
	var b ReturnBody
	if f.Data != "" {
		if err := json.Unmarshal([]byte(f.Data), &b); err != nil {
			return app.ReturnInput{}, apperror.Invalid(domain.MsgInvalid, map[string]string{"data": domain.MsgInvalid})
		}
	}
	images, err := attachments.ReadParts(f.Images)
	return app.ReturnInput{ReturnDraft: b.draft(), Images: images}, err
}

// ReturnFilters are the returns list's and export's own query parameters.
type ReturnFilters struct {
	PurchaseID int64  `query:"purchase_id" minimum:"0" doc:"One purchase's returns"`
	SupplierID int64  `query:"supplier_id" minimum:"0" doc:"One supplier's returns"`
	Approval   string `query:"approval" maxLength:"20" doc:"pending, approved or rejected"`
	Kind       string `query:"kind" maxLength:"20" doc:"goods or value"`
	DateFrom   string `query:"date_from" maxLength:"10" doc:"Return date from (YYYY-MM-DD, included)"`
	DateTo     string `query:"date_to" maxLength:"10" doc:"Return date to (YYYY-MM-DD, included)"`
	CompanyID  int64  `query:"company_id" minimum:"0" doc:"Administrators: one company's returns"`
}

func (f ReturnFilters) query(q listing.Query) app.ReturnQuery {
	return app.ReturnQuery{List: q, CompanyID: f.CompanyID, Filter: store.ReturnFilter{Q: q.Q, Approval: f.Approval, Kind: f.Kind,
		PurchaseID: f.PurchaseID, SupplierID: f.SupplierID, From: f.DateFrom, To: f.DateTo}}
}

type returnListInput struct {
	ReturnFilters
	listing.Query
}

type returnExportInput struct {
	Q    string `query:"q" maxLength:"100" doc:"Search text"`
	Sort string `query:"sort" maxLength:"40" doc:"Sort key, or -key for descending"`
	xlsx.LangQuery
	ReturnFilters
}

type returnQuoteInput struct {
	Body ReturnBody
}

type returnCreateInput struct {
	RawBody huma.MultipartFormFiles[returnForm]
}

// RegisterReturns registers the purchase returns' endpoints: /api/purchases/{id}/returnable and
// /api/returns (static paths before /{id}).
func RegisterReturns(api *httpx.API, svc *app.Service, roles Roles, now func() time.Time) {
	staff := httpx.SignedIn(roles.Staff...)
	tags := []string{"returns"}
	const base = "/api/returns"
	// The "data" part's schema, named in its description, so that clients get its type.
	api.OpenAPI().Components.Schemas.Schema(reflect.TypeFor[ReturnBody](), true, "ReturnBody")

	httpx.Register(api, staff, huma.Operation{OperationID: "get-purchase-returnable", Method: http.MethodGet, Path: "/api/purchases/{id}/returnable",
		Summary: "What an approved purchase may still return: its header (returns, pending returns, balance, credit), each line's purchased, returned, pending and returnable units, and the base a value return may take", Tags: tags},
		func(ctx context.Context, in *idInput) (*httpx.Data[app.Returnable], error) {
			return httpx.DataOf(svc.Returnable(ctx, httpx.Caller(ctx), in.ID))
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "list-returns", Method: http.MethodGet, Path: base,
		Summary: "List purchase returns (keyset pages; q searches reference, purchase reference and supplier; sorts return_date (default, newest first), amount_cents, reference_no, created_at)", Tags: tags},
		func(ctx context.Context, in *returnListInput) (*httpx.List[app.Return], error) {
			return httpx.ListOf(svc.ListReturns(ctx, httpx.Caller(ctx), in.ReturnFilters.query(in.Query)))
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "export-returns", Method: http.MethodGet, Path: base + "/export.xlsx",
		Summary: "Purchase returns as an Excel file, with the list's filters and sort", Tags: tags},
		func(ctx context.Context, in *returnExportInput) (*huma.StreamResponse, error) {
			run, err := svc.ExportReturns(httpx.Caller(ctx), in.ReturnFilters.query(listing.Query{Q: in.Q, Sort: in.Sort}))
			if err != nil {
				return nil, err
			}
			lang := xlsx.Lang(in.Lang)
			return xlsx.Stream(ctx, api.Logger(), xlsx.FileName("returns", now()), returnSheet[lang], xlsx.Headers(lang, returnColumns),
				func(yield func([]any) error) error {
					return run(ctx, func(r app.Return) error { return yield(returnRow(r, lang)) })
				}, xlsx.InLanguage(lang)), nil
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "quote-return", Errors: []int{http.StatusNotFound}, Method: http.MethodPost, Path: base + "/quote",
		Summary: "Price a return form without saving it: its base, VAT, the withholdings it reverses and its amount, in proportion to the purchase", Tags: tags},
		func(ctx context.Context, in *returnQuoteInput) (*httpx.Data[app.ReturnQuote], error) {
			return httpx.DataOf(svc.QuoteReturn(ctx, httpx.Caller(ctx), in.Body.draft()))
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "get-return", Method: http.MethodGet, Path: base + "/{id}",
		Summary: "One purchase return with its lines and images", Tags: tags},
		func(ctx context.Context, in *idInput) (*httpx.Data[app.Return], error) {
			return httpx.DataOf(svc.GetReturn(ctx, httpx.Caller(ctx), in.ID))
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "create-return", Errors: []int{http.StatusNotFound}, Method: http.MethodPost, Path: base,
		Summary: "Record a return on an approved purchase (multipart: data = JSON, images = images): approved at once when an admin records it (stock and the purchase's balance follow), pending otherwise",
		Tags:    tags, DefaultStatus: http.StatusCreated},
		func(ctx context.Context, in *returnCreateInput) (*httpx.Data[app.Return], error) {
			form, err := in.RawBody.Data().input()
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(svc.CreateReturn(ctx, httpx.Caller(ctx), form))
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "delete-return", Errors: []int{http.StatusConflict}, Method: http.MethodDelete, Path: base + "/{id}",
		Summary: "Delete a pending or rejected return (soft): a pending one frees its quantities and amount", Tags: tags, DefaultStatus: http.StatusNoContent},
		func(ctx context.Context, in *idInput) (*empty, error) {
			return nil, svc.DeleteReturn(ctx, httpx.Caller(ctx), in.ID)
		})

	httpx.Decisions(api, httpx.SignedIn(roles.Deciders...), base, "return", tags, [2]string{
		"Approve a pending return: a goods return leaves stock (refused, naming the product, below zero) and the purchase's returns, balance and status follow",
		"Reject a pending return with a reason: its quantities and amount are free again"}, svc.DecideReturn)
}

// Returns export: sheet names, column headers and value words per language.
var (
	returnSheet   = map[string]string{"en": "Returns", "es": "Devoluciones"}
	returnColumns = []xlsx.Header{{"Date", "Fecha"}, {"Reference No", "Referencia"}, {"Purchase", "Compra"},
		{"Supplier", "Proveedor"}, {"Kind", "Tipo"}, {"Base", "Base"}, {"VAT amount", "IVA"},
		{"Withholding income", "Retención en la fuente"}, {"Withholding VAT", "ReteIVA"}, {"Amount", "Valor"},
		{"Note", "Nota"}, {"Approval", "Aprobación"}, {"Created by", "Creada por"}, {"Created at", "Creada"}}
	returnKindWords = xlsx.Words{"goods": {"Goods", "Mercancía"}, "value": {"Value", "Valor"}}
)

func returnRow(r app.Return, lang string) []any {
	t := r.Totals
	return []any{xlsx.Day(r.ReturnDate), r.ReferenceNo, r.PurchaseReferenceNo, r.SupplierName, returnKindWords.In(lang, r.Kind),
		xlsx.Centavos(t.TaxableBaseCents), xlsx.Centavos(t.VATCents), xlsx.Centavos(t.WithholdingIncomeCents),
		xlsx.Centavos(t.WithholdingVATCents), xlsx.Centavos(t.AmountCents), r.Note, approvalWords.In(lang, r.ApprovalStatus),
		r.CreatedByName, r.CreatedAt}
}
