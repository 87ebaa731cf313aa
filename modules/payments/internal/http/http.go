// Package http is the payments module's thin huma handlers: the payments list, Excel export,
// the open documents of parties (the concurrent-payments form), detail, record one payment or a
// run, delete, approve and reject.
//
// Recording a payment takes multipart/form-data so the images travel with it: a part "data"
// holds the payment as JSON (PaymentBody) and "images" parts the images. Both creates accept an
// Idempotency-Key header (platform/idempotency), fingerprinted by the JSON text and the images'
// bytes as sent. Everything else is JSON.
package http

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/payments/internal/app"
	"github.com/backoffice/backoffice/modules/payments/internal/domain"
	"github.com/backoffice/backoffice/modules/payments/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/idempotency"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// Roles says who may do what.
type Roles struct {
	// Staff list, read, record, delete and export (admin, user, secretary).
	Staff []string
	// Deciders approve and reject (admin).
	Deciders []string
}

// PaymentBody is the payment form: the JSON of the "data" part of create. Every field is
// optional for the schema: the use case answers with the form's messages.
type PaymentBody struct {
	Type        string `json:"type" required:"false" enum:"purchase,sale" doc:"purchase (we pay a supplier) or sale (a customer pays us)"`
	DocumentID  int64  `json:"document_id" required:"false" doc:"The purchase's or the sale's id"`
	Date        string `json:"date" required:"false" maxLength:"10" doc:"YYYY-MM-DD (America/Bogota)"`
	ReferenceNo string `json:"reference_no" required:"false" maxLength:"200"`
	AmountCents int64  `json:"amount_cents" required:"false" doc:"Centavos, more than 0"`
	Method      string `json:"method" required:"false" enum:"cash,transfer,card,cheque"`
	Note        string `json:"note" required:"false" maxLength:"10000"`
}

func (b PaymentBody) draft() domain.Draft {
	return domain.Draft{Header: domain.Header{Type: b.Type, Date: b.Date, ReferenceNo: b.ReferenceNo, Method: b.Method,
		Note: b.Note}, DocumentID: b.DocumentID, AmountCents: b.AmountCents}
}

// paymentForm is the multipart form of create.
type paymentForm struct {
	Data string `form:"data" required:"false" doc:"The payment as JSON (PaymentBody)"`
	// Images are checked by content (PNG, JPEG, GIF, WebP; 4 MB each) by the use case, not by
	// the declared part type, so the encoding accepts any part.
	Images []huma.FormFile `form:"images" required:"false" doc:"Images (repeat the part): the receipt, the transfer's proof; at most 10"`
}

// fingerprint identifies a create's request for its Idempotency-Key: the JSON text as sent and
// each image's bytes.
func fingerprint(data []byte, images []attachments.Upload) string {
	parts := [][]byte{data}
	for _, up := range images {
		parts = append(parts, up.Data)
	}
	return idempotency.Fingerprint(parts...)
}

// badData is the answer to a "data" part that is not the JSON it should be.
func badData() error {
	return apperror.Invalid(domain.MsgInvalid, map[string]string{"data": domain.MsgInvalid})
}

func (f *paymentForm) input() (app.Input, error) {
	var b PaymentBody
	if f.Data != "" {
		if err := json.Unmarshal([]byte(f.Data), &b); err != nil {
			return app.Input{}, badData()
		}
	}
	images, err := attachments.ReadParts(f.Images)
	return app.Input{Draft: b.draft(), Images: images}, err
}

// Filters are the list's and the export's own query parameters.
type Filters struct {
	Type       string `query:"type" maxLength:"20" doc:"purchase or sale"`
	DocumentID int64  `query:"document_id" minimum:"0" doc:"One document's payments (with type)"`
	PartyID    int64  `query:"party_id" minimum:"0" doc:"One supplier's (type=purchase) or customer's (type=sale) payments; needs type"`
	Approval   string `query:"approval" maxLength:"20" doc:"pending (the /payment/pending page), approved or rejected"`
	Method     string `query:"method" maxLength:"20" doc:"cash, transfer, card or cheque"`
	BatchID    int64  `query:"batch_id" minimum:"0" doc:"One run's payments"`
	CreatedBy  int64  `query:"created_by" minimum:"0" doc:"The payments a user recorded (the pending page's own payments)"`
	From       string `query:"from" maxLength:"10" doc:"Payment date from (YYYY-MM-DD, included)"`
	To         string `query:"to" maxLength:"10" doc:"Payment date to (YYYY-MM-DD, included)"`
	CompanyID  int64  `query:"company_id" minimum:"0" doc:"Administrators: one company's payments"`
}

func (f Filters) query(q listing.Query) app.Query {
	return app.Query{List: q, CompanyID: f.CompanyID, Filter: store.Filter{Q: q.Q, Type: f.Type, Approval: f.Approval,
		Method: f.Method, DocumentID: f.DocumentID, PartyID: f.PartyID, BatchID: f.BatchID, CreatedBy: f.CreatedBy,
		From: f.From, To: f.To}}
}

type listInput struct {
	Filters
	listing.Query
}

type exportInput struct {
	Q    string `query:"q" maxLength:"100" doc:"Search text"`
	Sort string `query:"sort" maxLength:"40" doc:"Sort key, or -key for descending"`
	xlsx.LangQuery
	Filters
}

type documentsInput struct {
	Type      string  `query:"type" maxLength:"20" doc:"purchase (suppliers' purchases) or sale (customers' sales)"`
	PartyIDs  []int64 `query:"party_ids" maxItems:"50" doc:"The suppliers (type=purchase) or customers (type=sale), comma-separated"`
	CompanyID int64   `query:"company_id" minimum:"0" doc:"Administrators: one company's documents"`
}

type idInput struct {
	ID int64 `path:"id" minimum:"1"`
}

type createInput struct {
	idempotency.Header
	RawBody huma.MultipartFormFiles[paymentForm]
}

type empty struct{}

// Routes registers the payments endpoints. Static paths (export.xlsx, documents, batch) are
// registered before /{id}.
func Routes(api *httpx.API, svc *app.Service, keys *idempotency.Keys, roles Roles) {
	staff := httpx.SignedIn(roles.Staff...)
	tags := []string{"payments"}
	const base = "/api/payments"
	// The "data" part's schema, named in its description, so that clients get its type.
	api.OpenAPI().Components.Schemas.Schema(reflect.TypeFor[PaymentBody](), true, "PaymentBody")

	httpx.Register(api, staff, huma.Operation{OperationID: "list-payments", Method: http.MethodGet, Path: base,
		Summary: "List payments (keyset pages; q searches reference, document number and party; sorts date (default, newest first), created_at, amount_cents)", Tags: tags},
		func(ctx context.Context, in *listInput) (*httpx.List[app.Payment], error) {
			return httpx.ListOf(svc.List(ctx, httpx.Caller(ctx), in.Filters.query(in.Query)))
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "export-payments", Method: http.MethodGet, Path: base + "/export.xlsx",
		Summary: "Payments as an Excel file, with the list's filters and sort", Tags: tags},
		func(ctx context.Context, in *exportInput) (*huma.StreamResponse, error) {
			run, err := svc.Export(httpx.Caller(ctx), in.Filters.query(listing.Query{Q: in.Q, Sort: in.Sort}))
			if err != nil {
				return nil, err
			}
			lang := xlsx.Lang(in.Lang)
			return xlsx.Stream(ctx, api.Logger(), xlsx.FileName("payments", svc.Now()), sheetName[lang], xlsx.Headers(lang, columns),
				func(yield func([]any) error) error {
					return run(ctx, func(p app.Payment) error { return yield(row(p, lang)) })
				}, xlsx.InLanguage(lang)), nil
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "list-payable-documents", Method: http.MethodGet, Path: base + "/documents",
		Summary: "The open documents (approved, balance > 0) of suppliers or customers, soonest due first, with what is pending on each: the concurrent-payments form", Tags: tags},
		func(ctx context.Context, in *documentsInput) (*httpx.Data[[]app.OpenDocument], error) {
			return httpx.DataOf(svc.Documents(ctx, httpx.Caller(ctx), app.DocumentsQuery{Type: in.Type, PartyIDs: in.PartyIDs,
				CompanyID: in.CompanyID}))
		})

	registerRun(api, staff, svc, keys, base, tags)

	httpx.Register(api, staff, huma.Operation{OperationID: "get-payment", Method: http.MethodGet, Path: base + "/{id}",
		Summary: "One payment with its images (and its run's)", Tags: tags},
		func(ctx context.Context, in *idInput) (*httpx.Data[app.Payment], error) {
			return httpx.DataOf(svc.Get(ctx, httpx.Caller(ctx), in.ID))
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "create-payment", Errors: []int{http.StatusNotFound, http.StatusConflict}, Method: http.MethodPost, Path: base,
		Summary: "Record a payment on an approved purchase or sale (multipart: data = JSON, images = images): approved at once when an admin records it, pending otherwise; refused when it exceeds the balance less what is pending. Idempotency-Key: a retry answers the first answer",
		Tags:    tags, DefaultStatus: http.StatusCreated},
		func(ctx context.Context, in *createInput) (*httpx.Data[app.Payment], error) {
			form := in.RawBody.Data()
			input, err := form.input()
			if err != nil {
				return nil, err
			}
			p := httpx.Caller(ctx)
			return httpx.DataOf(idempotency.Do(ctx, keys, "payments.create", p.UserID, in.IdempotencyKey,
				fingerprint([]byte(form.Data), input.Images), func(ctx context.Context) (app.Payment, error) {
					return svc.Create(ctx, p, input)
				}))
		})

	httpx.Register(api, staff, huma.Operation{OperationID: "delete-payment", Errors: []int{http.StatusConflict}, Method: http.MethodDelete, Path: base + "/{id}",
		Summary: "Delete a pending payment (soft): its amount is free again", Tags: tags, DefaultStatus: http.StatusNoContent},
		func(ctx context.Context, in *idInput) (*empty, error) {
			return nil, svc.Delete(ctx, httpx.Caller(ctx), in.ID)
		})

	httpx.Decisions(api, httpx.SignedIn(roles.Deciders...), base, "payment", tags, [2]string{
		"Approve a pending payment: the document's paid, balance and status follow at once (refused when the document can no longer take it)",
		"Reject a pending payment with a reason: its amount is free again"}, svc.Decide)
}
