package http

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"reflect"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/payments/internal/app"
	"github.com/backoffice/backoffice/modules/payments/internal/domain"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/idempotency"
)

// PaymentBatchItem is one document of a run and the amount paid on it.
type PaymentBatchItem struct {
	DocumentID  int64 `json:"document_id" required:"false" doc:"The purchase's or the sale's id (GET /api/payments/documents)"`
	AmountCents int64 `json:"amount_cents" required:"false" doc:"Centavos, more than 0; the form starts from the document's available_cents"`
}

// PaymentBatchBody is a run (the concurrent-payments form): one date, reference number, method
// and note for a payment on each item's document. Every field is optional for the schema: the
// use case answers with the form's messages.
type PaymentBatchBody struct {
	Type        string             `json:"type" required:"false" enum:"purchase,sale"`
	Date        string             `json:"date" required:"false" maxLength:"10" doc:"YYYY-MM-DD (America/Bogota)"`
	ReferenceNo string             `json:"reference_no" required:"false" maxLength:"200"`
	Method      string             `json:"method" required:"false" enum:"cash,transfer,card,cheque"`
	Note        string             `json:"note" required:"false" maxLength:"10000"`
	Items       []PaymentBatchItem `json:"items" required:"false" maxItems:"1000"`
}

func (b PaymentBatchBody) run() domain.Run {
	r := domain.Run{Header: domain.Header{Type: b.Type, Date: b.Date, ReferenceNo: b.ReferenceNo, Method: b.Method, Note: b.Note}}
	for _, it := range b.Items {
		r.Items = append(r.Items, domain.Item{DocumentID: it.DocumentID, AmountCents: it.AmountCents})
	}
	return r
}

// runInput takes the body as it is: JSON, or a multipart form, told apart by readRun.
type runInput struct {
	idempotency.Header
	RawBody []byte `contentType:"multipart/form-data"`
}

// runBodyBytes bounds a run's body: its image (4 MB) and the JSON of its items.
const runBodyBytes = 6 << 20

// registerRun registers POST base/batch: a run, sent as JSON (PaymentBatchBody) or, with its
// image, as multipart (a "data" part holding that JSON and an "image" part).
func registerRun(api huma.API, access httpx.Access, svc *app.Service, keys *idempotency.Keys, base string, tags []string) {
	body := api.OpenAPI().Components.Schemas.Schema(reflect.TypeFor[PaymentBatchBody](), true, "PaymentBatchBody")
	form := &huma.Schema{Type: huma.TypeObject, Properties: map[string]*huma.Schema{
		"data":  {Type: huma.TypeString, Description: "The run as JSON (PaymentBatchBody)"},
		"image": {Type: huma.TypeString, Format: "binary", ContentEncoding: "binary", Description: "The run's proof: one image (PNG, JPEG, GIF, WebP; 4 MB), optional"},
	}}
	op := huma.Operation{OperationID: "create-payment-run", Errors: []int{http.StatusConflict}, Method: http.MethodPost,
		Path: base + "/batch", Tags: tags, DefaultStatus: http.StatusCreated, MaxBodyBytes: runBodyBytes, SkipValidateBody: true,
		Summary: "Record a run (the concurrent-payments form): a payment on each item's document, one date, reference, method, note and image for all, in one transaction — all or none; an item over its document's balance (less what is pending) refuses the run, named items.N.amount_cents. JSON, or multipart with the image. Idempotency-Key: a retry answers the first answer",
		RequestBody: &huma.RequestBody{Required: true, Content: map[string]*huma.MediaType{
			"application/json": {Schema: body},
			"multipart/form-data": {Schema: form, Encoding: map[string]*huma.Encoding{
				"data": {ContentType: "text/plain"}, "image": {ContentType: "application/octet-stream"}}},
		}}}
	httpx.Register(api, access, op, func(ctx context.Context, in *runInput) (*httpx.Data[app.PaymentRun], error) {
		data, images, err := readRun(in.RawBody)
		if err != nil {
			return nil, err
		}
		var b PaymentBatchBody
		if err := json.Unmarshal(data, &b); err != nil {
			return nil, badData()
		}
		p := httpx.Caller(ctx)
		return httpx.DataOf(idempotency.Do(ctx, keys, "payments.run", p.UserID, in.IdempotencyKey, fingerprint(data, images),
			func(ctx context.Context) (app.PaymentRun, error) {
				return svc.RecordRun(ctx, p, app.RunInput{Run: b.run(), Images: images})
			}))
	})
}

// readRun reads a run's body: JSON as it is, or a multipart form — told by its first line, which
// is then the form's boundary — as its "data" part and its "image" parts (each read up to one
// byte over the size limit, enough to tell a file that is too big).
func readRun(body []byte) (data []byte, images []attachments.Upload, err error) {
	trimmed := bytes.TrimLeft(body, " \t\r\n")
	if !bytes.HasPrefix(trimmed, []byte("--")) {
		return body, nil, nil
	}
	first, _, _ := bytes.Cut(trimmed[2:], []byte("\n"))
	form := multipart.NewReader(bytes.NewReader(trimmed), strings.TrimRight(string(first), "\r"))
	for {
		part, err := form.NextPart()
		if errors.Is(err, io.EOF) {
			return data, images, nil
		}
		if err != nil {
			return nil, nil, badData()
		}
		content, err := io.ReadAll(io.LimitReader(part, attachments.MaxSize+1))
		if err != nil {
			return nil, nil, badData()
		}
		switch part.FormName() {
		case "data":
			data = content
		case "image":
			images = append(images, attachments.Upload{Filename: part.FileName(), Data: content})
		}
	}
}
