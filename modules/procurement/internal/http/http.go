// Package http is the procurement module's thin huma handlers: /api/purchase-orders and
// /api/received-orders (list, Excel export, detail, create/receive/edit as multipart forms with
// an optional image, delete, approve, reject) and the purchase draft of a received order.
package http

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/procurement/internal/app"
	"github.com/backoffice/backoffice/modules/procurement/internal/domain"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// Access is who may call each group of operations (spec §6 route table, held on the server).
type Access struct {
	// Read: list and open orders and receipts (every role).
	Read httpx.Access
	// CreateOrder: /purchase-order/add (buyer, user, secretary — not admin).
	CreateOrder httpx.Access
	// EditOrder: /purchase-order/edit/{id} (user, secretary — neither admin nor buyer).
	EditOrder httpx.Access
	// Receive: /purchase-order/receive/{id} and /received-order/edit/{id} (every role).
	Receive httpx.Access
	// Decide: approve and reject (admin).
	Decide httpx.Access
	// Delete: every role reaches the use case, which applies the delete rule (its 403 carries
	// the spec's message rather than the generic one).
	Delete httpx.Access
	// Draft: the purchase draft (roles that open /purchase/add: admin, user, secretary).
	Draft httpx.Access
}

type empty struct{}

type idInput struct {
	ID int64 `path:"id" minimum:"1"`
}

type pageOutput[T any] struct {
	Body listing.Page[T]
}

// OrderListInput is the purchase orders list's query string. Exported (like the other embedded
// parameter structs) because huma reads parameters only from exported embedded fields.
type OrderListInput struct {
	listing.Query
	Status     string `query:"status" enum:"pending,approved,rejected,partially_received,received"`
	CategoryID int64  `query:"category_id" minimum:"0"`
	ProductID  int64  `query:"product_id" minimum:"0"`
	Mine       bool   `query:"mine" doc:"Only the caller's own orders"`
	CompanyID  int64  `query:"company_id" minimum:"0" doc:"Administrators: only this company's orders"`
}

func (in OrderListInput) query() app.OrderQuery {
	return app.OrderQuery{List: in.Query, Status: in.Status, CategoryID: in.CategoryID, ProductID: in.ProductID,
		Mine: in.Mine, CompanyID: in.CompanyID}
}

// ExportParams are what an export adds to its list's parameters.
type ExportParams struct {
	Lang string `query:"lang" enum:"es,en" default:"es" doc:"Language of the column headers"`
}

type orderExportInput struct {
	OrderListInput
	ExportParams
}

// ReceiptListInput is the received orders list's query string.
type ReceiptListInput struct {
	listing.Query
	Status          string `query:"status" enum:"pending,approved,rejected"`
	PurchaseOrderID int64  `query:"purchase_order_id" minimum:"0"`
	CategoryID      int64  `query:"category_id" minimum:"0"`
	ProductID       int64  `query:"product_id" minimum:"0"`
	CompanyID       int64  `query:"company_id" minimum:"0" doc:"Administrators: only this company's received orders"`
}

func (in ReceiptListInput) query() app.ReceiptQuery {
	return app.ReceiptQuery{List: in.Query, Status: in.Status, PurchaseOrderID: in.PurchaseOrderID,
		CategoryID: in.CategoryID, ProductID: in.ProductID, CompanyID: in.CompanyID}
}

type receiptExportInput struct {
	ReceiptListInput
	ExportParams
}

// orderForm is the multipart purchase order form. Empty numeric fields read as 0.
type orderForm struct {
	CategoryID int64  `form:"category_id" required:"false"`
	ProductID  int64  `form:"product_id" required:"false"`
	Quantity   int64  `form:"quantity" required:"false" doc:"Units to order (> 0)"`
	Note       string `form:"note" required:"false" maxLength:"1000"`
	// Image is checked by content (PNG, JPEG, GIF, WebP; 4 MB), not by the declared part type.
	Image       huma.FormFile `form:"image" required:"false" doc:"Optional image; on edit it replaces the current one"`
	RemoveImage bool          `form:"remove_image" required:"false" doc:"Edit only: drop the current image"`
}

// receiptForm is the multipart receive / received order edit form.
type receiptForm struct {
	Quantity    int64         `form:"quantity" required:"false" doc:"Receive quantity (> 0, at most the order's balance)"`
	Note        string        `form:"note" required:"false" maxLength:"1000"`
	Image       huma.FormFile `form:"image" required:"false" doc:"Optional image; on edit it replaces the current one"`
	RemoveImage bool          `form:"remove_image" required:"false" doc:"Edit only: drop the current image"`
}

type orderCreateInput struct {
	RawBody huma.MultipartFormFiles[orderForm]
}

type orderUpdateInput struct {
	ID      int64 `path:"id" minimum:"1"`
	RawBody huma.MultipartFormFiles[orderForm]
}

type receiptFormInput struct {
	ID      int64 `path:"id" minimum:"1"`
	RawBody huma.MultipartFormFiles[receiptForm]
}

type procurementRejectInput struct {
	ID   int64 `path:"id" minimum:"1"`
	Body struct {
		Reason string `json:"reason" maxLength:"500" doc:"Required: 'A reason is required.'"`
	}
}

// readImage reads an optional uploaded image, one byte past the limit so the size check can
// tell a file that is too big.
func readImage(f huma.FormFile) (*app.Upload, error) {
	if !f.IsSet || f.File == nil {
		return nil, nil
	}
	defer f.File.Close()
	b, err := io.ReadAll(io.LimitReader(f.File, attachments.MaxSize+1))
	if err != nil {
		return nil, apperror.Internal(err)
	}
	if len(b) == 0 && f.Filename == "" {
		return nil, nil // an empty file input
	}
	return &app.Upload{Filename: f.Filename, Data: b}, nil
}

func (f *orderForm) input() (app.OrderInput, error) {
	img, err := readImage(f.Image)
	return app.OrderInput{OrderInput: domain.OrderInput{CategoryID: f.CategoryID, ProductID: f.ProductID,
		Quantity: f.Quantity, Note: f.Note}, Image: img, RemoveImage: f.RemoveImage}, err
}

func (f *receiptForm) input() (app.ReceiptInput, error) {
	img, err := readImage(f.Image)
	return app.ReceiptInput{ReceiptInput: domain.ReceiptInput{Quantity: f.Quantity, Note: f.Note}, Image: img,
		RemoveImage: f.RemoveImage}, err
}

// Routes registers the procurement endpoints; static paths (export.xlsx) before /{id}.
func Routes(api *httpx.API, svc *app.Service, a Access, now func() time.Time) {
	zone, err := time.LoadLocation(xlsx.BusinessTimeZone)
	if err != nil {
		zone = time.FixedZone("COT", -5*60*60)
	}
	today := func() string { return now().In(zone).Format("20060102") }
	poTags, roTags := []string{"purchase-orders"}, []string{"received-orders"}
	principal := func(ctx context.Context) httpx.Principal { p, _ := httpx.PrincipalFrom(ctx); return p }

	// Purchase orders.
	httpx.Register(api, a.Read, huma.Operation{OperationID: "list-purchase-orders", Method: http.MethodGet,
		Path: "/api/purchase-orders", Summary: "List purchase orders (sorts: created_at (default, newest first), reference_no, quantity, status)", Tags: poTags},
		func(ctx context.Context, in *OrderListInput) (*pageOutput[app.PurchaseOrder], error) {
			page, err := svc.ListOrders(ctx, principal(ctx), in.query())
			if err != nil {
				return nil, err
			}
			return &pageOutput[app.PurchaseOrder]{Body: page}, nil
		})

	httpx.Register(api, a.Read, huma.Operation{OperationID: "export-purchase-orders", Method: http.MethodGet,
		Path: "/api/purchase-orders/export.xlsx", Summary: "Purchase orders as an Excel file, with the list's filters and sort", Tags: poTags},
		func(ctx context.Context, in *orderExportInput) (*huma.StreamResponse, error) {
			run, err := svc.ExportOrders(ctx, principal(ctx), in.query())
			if err != nil {
				return nil, err
			}
			lang := in.Lang
			return export(ctx, api, "purchase-orders", orderHeaders(lang), today, xlsx.InLanguage(lang), func(yield func([]any) error) error {
				return run(func(o app.PurchaseOrder) error { return yield(orderRow(o, lang)) })
			}), nil
		})

	httpx.Register(api, a.Read, huma.Operation{OperationID: "get-purchase-order", Method: http.MethodGet,
		Path: "/api/purchase-orders/{id}", Summary: "One purchase order", Tags: poTags},
		func(ctx context.Context, in *idInput) (*httpx.Data[app.PurchaseOrder], error) {
			o, err := svc.GetOrder(ctx, principal(ctx), in.ID)
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(o, nil)
		})

	httpx.Register(api, a.CreateOrder, huma.Operation{OperationID: "create-purchase-order", Method: http.MethodPost,
		Path: "/api/purchase-orders", Summary: "Create a purchase order (multipart form, pending until an admin decides)",
		Tags: poTags, DefaultStatus: http.StatusCreated},
		func(ctx context.Context, in *orderCreateInput) (*httpx.Data[app.PurchaseOrder], error) {
			form, err := in.RawBody.Data().input()
			if err != nil {
				return nil, err
			}
			form.RemoveImage = false
			o, err := svc.CreateOrder(ctx, principal(ctx), form)
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(o, nil)
		})

	httpx.Register(api, a.EditOrder, huma.Operation{OperationID: "update-purchase-order", Errors: []int{http.StatusConflict}, Method: http.MethodPut,
		Path: "/api/purchase-orders/{id}", Summary: "Edit a pending purchase order, or correct a rejected one and send it again for approval (multipart form)", Tags: poTags},
		func(ctx context.Context, in *orderUpdateInput) (*httpx.Data[app.PurchaseOrder], error) {
			form, err := in.RawBody.Data().input()
			if err != nil {
				return nil, err
			}
			o, err := svc.UpdateOrder(ctx, principal(ctx), in.ID, form)
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(o, nil)
		})

	httpx.Register(api, a.Delete, huma.Operation{OperationID: "delete-purchase-order", Errors: []int{http.StatusConflict}, Method: http.MethodDelete,
		Path: "/api/purchase-orders/{id}", Summary: "Delete a purchase order (admins: without receipts; buyers: their own while pending)",
		Tags: poTags, DefaultStatus: http.StatusNoContent},
		func(ctx context.Context, in *idInput) (*empty, error) {
			return nil, svc.DeleteOrder(ctx, principal(ctx), in.ID)
		})

	httpx.Register(api, a.Decide, huma.Operation{OperationID: "approve-purchase-order", Errors: []int{http.StatusConflict}, Method: http.MethodPost,
		Path: "/api/purchase-orders/{id}/approve", Summary: "Approve a pending purchase order", Tags: poTags},
		func(ctx context.Context, in *idInput) (*httpx.Data[app.PurchaseOrder], error) {
			o, err := svc.DecideOrder(ctx, principal(ctx), in.ID, true, "")
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(o, nil)
		})

	httpx.Register(api, a.Decide, huma.Operation{OperationID: "reject-purchase-order", Errors: []int{http.StatusConflict}, Method: http.MethodPost,
		Path: "/api/purchase-orders/{id}/reject", Summary: "Reject a pending purchase order with a reason", Tags: poTags},
		func(ctx context.Context, in *procurementRejectInput) (*httpx.Data[app.PurchaseOrder], error) {
			o, err := svc.DecideOrder(ctx, principal(ctx), in.ID, false, in.Body.Reason)
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(o, nil)
		})

	httpx.Register(api, a.Receive, huma.Operation{OperationID: "receive-purchase-order", Errors: []int{http.StatusConflict}, Method: http.MethodPost,
		Path: "/api/purchase-orders/{id}/receive", Summary: "Receive units of an approved purchase order (multipart form): creates a pending received order",
		Tags: poTags, DefaultStatus: http.StatusCreated},
		func(ctx context.Context, in *receiptFormInput) (*httpx.Data[app.ReceivedOrder], error) {
			form, err := in.RawBody.Data().input()
			if err != nil {
				return nil, err
			}
			form.RemoveImage = false
			r, err := svc.Receive(ctx, principal(ctx), in.ID, form)
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(r, nil)
		})

	// Received orders.
	httpx.Register(api, a.Read, huma.Operation{OperationID: "list-received-orders", Method: http.MethodGet,
		Path: "/api/received-orders", Summary: "List received orders (sorts: created_at (default, newest first), reference_no, quantity, status)", Tags: roTags},
		func(ctx context.Context, in *ReceiptListInput) (*pageOutput[app.ReceivedOrder], error) {
			page, err := svc.ListReceipts(ctx, principal(ctx), in.query())
			if err != nil {
				return nil, err
			}
			return &pageOutput[app.ReceivedOrder]{Body: page}, nil
		})

	httpx.Register(api, a.Read, huma.Operation{OperationID: "export-received-orders", Method: http.MethodGet,
		Path: "/api/received-orders/export.xlsx", Summary: "Received orders as an Excel file, with the list's filters and sort", Tags: roTags},
		func(ctx context.Context, in *receiptExportInput) (*huma.StreamResponse, error) {
			run, err := svc.ExportReceipts(ctx, principal(ctx), in.query())
			if err != nil {
				return nil, err
			}
			lang := in.Lang
			return export(ctx, api, "received-orders", receiptHeaders(lang), today, xlsx.InLanguage(lang), func(yield func([]any) error) error {
				return run(func(r app.ReceivedOrder) error { return yield(receiptRow(r, lang)) })
			}), nil
		})

	httpx.Register(api, a.Read, huma.Operation{OperationID: "get-received-order", Method: http.MethodGet,
		Path: "/api/received-orders/{id}", Summary: "One received order", Tags: roTags},
		func(ctx context.Context, in *idInput) (*httpx.Data[app.ReceivedOrder], error) {
			r, err := svc.GetReceipt(ctx, principal(ctx), in.ID)
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(r, nil)
		})

	httpx.Register(api, a.Receive, huma.Operation{OperationID: "update-received-order", Errors: []int{http.StatusConflict}, Method: http.MethodPut,
		Path: "/api/received-orders/{id}", Summary: "Edit a pending received order (multipart form)", Tags: roTags},
		func(ctx context.Context, in *receiptFormInput) (*httpx.Data[app.ReceivedOrder], error) {
			form, err := in.RawBody.Data().input()
			if err != nil {
				return nil, err
			}
			r, err := svc.UpdateReceipt(ctx, principal(ctx), in.ID, form)
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(r, nil)
		})

	httpx.Register(api, a.Decide, huma.Operation{OperationID: "approve-received-order", Errors: []int{http.StatusConflict}, Method: http.MethodPost,
		Path: "/api/received-orders/{id}/approve", Summary: "Approve a pending received order: its units enter stock", Tags: roTags},
		func(ctx context.Context, in *idInput) (*httpx.Data[app.ReceivedOrder], error) {
			r, err := svc.DecideReceipt(ctx, principal(ctx), in.ID, true, "")
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(r, nil)
		})

	httpx.Register(api, a.Decide, huma.Operation{OperationID: "reject-received-order", Errors: []int{http.StatusConflict}, Method: http.MethodPost,
		Path: "/api/received-orders/{id}/reject", Summary: "Reject a pending received order with a reason: its units return to the order's balance", Tags: roTags},
		func(ctx context.Context, in *procurementRejectInput) (*httpx.Data[app.ReceivedOrder], error) {
			r, err := svc.DecideReceipt(ctx, principal(ctx), in.ID, false, in.Body.Reason)
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(r, nil)
		})

	httpx.Register(api, a.Draft, huma.Operation{OperationID: "received-order-purchase-draft", Errors: []int{http.StatusConflict}, Method: http.MethodGet,
		Path: "/api/received-orders/{id}/purchase-draft", Summary: "Purchase lines prefilled from an approved received order", Tags: roTags},
		func(ctx context.Context, in *idInput) (*httpx.Data[app.PurchaseDraft], error) {
			d, err := svc.PurchaseDraft(ctx, principal(ctx), in.ID)
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(d, nil)
		})
}

// export streams an Excel file named <entity>-YYYYMMDD.xlsx (date in the business time zone).
// The status and headers go before the rows: a failure half-way is logged and cuts the file.
func export(ctx context.Context, api *httpx.API, entity string, headers []string, today func() string, lang xlsx.Option,
	rows func(yield func([]any) error) error) *huma.StreamResponse {
	return xlsx.Stream(ctx, api.Logger(), fmt.Sprintf("%s-%s.xlsx", entity, today()), entity, headers, rows, lang)
}
