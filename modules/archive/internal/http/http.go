// Package http is the archive module's thin huma handlers: the advanced delete's preview,
// send-code and verify, and the archive's batches and restore.
package http

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/archive/internal/app"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/httpx"
)

// Roles are who may call: Deleters preview, send codes, verify and list batches (admin, user);
// Restorers restore (admin).
type Roles struct {
	Deleters, Restorers []string
}

// ArchiveSelection is the body every advanced-delete step takes.
type ArchiveSelection struct {
	Kind       string  `json:"kind" doc:"What to delete: purchases, sales, payments, returns, purchase_orders, received_orders, customers, suppliers, products or categories"`
	CompanyID  int64   `json:"company_id,omitempty" required:"false" minimum:"0" doc:"Administrators: one company's records (default: every company)"`
	IDs        []int64 `json:"ids,omitempty" required:"false" maxItems:"500" doc:"Chosen records; when set the filter is ignored"`
	From       string  `json:"from,omitempty" required:"false" maxLength:"10" doc:"Filter: first date (YYYY-MM-DD)"`
	To         string  `json:"to,omitempty" required:"false" maxLength:"10" doc:"Filter: last date (YYYY-MM-DD)"`
	PartyID    int64   `json:"party_id,omitempty" required:"false" minimum:"0" doc:"Filter: the supplier (purchases, returns) or customer (sales); refused for the other kinds"`
	StoreID    int64   `json:"store_id,omitempty" required:"false" minimum:"0" doc:"Filter: the store (purchases, sales; returns by their purchase's store); refused for the other kinds"`
	Status     string  `json:"status,omitempty" required:"false" enum:"pending,approved,rejected," doc:"Filter: approval status (not for products and categories)"`
	CategoryID int64   `json:"category_id,omitempty" required:"false" minimum:"0" doc:"Filter: the products' category (products only)"`
}

func (s ArchiveSelection) request() app.Request {
	return app.Request{Kind: s.Kind, CompanyID: s.CompanyID, Selection: archiving.Selection{IDs: s.IDs, From: s.From, To: s.To,
		PartyID: s.PartyID, StoreID: s.StoreID, Status: s.Status, CategoryID: s.CategoryID}}
}

// ArchiveItem is a record that goes (or went) with a selected one, or a batch's record.
type ArchiveItem struct {
	Kind        string `json:"kind" doc:"purchase, purchase_return, payment, sale, purchase_order, received_order, customer, supplier, product or category"`
	ID          int64  `json:"id"`
	Number      string `json:"number"`
	Party       string `json:"party"`
	AmountCents int64  `json:"amount_cents"`
	Selected    bool   `json:"selected" doc:"Chosen in the preview (false: went along with one)"`
}

// ArchiveRecord is a selected record in a preview.
type ArchiveRecord struct {
	ID          int64         `json:"id"`
	CompanyID   int64         `json:"company_id"`
	Number      string        `json:"number"`
	Party       string        `json:"party"`
	Date        string        `json:"date"`
	AmountCents int64         `json:"amount_cents"`
	Dependents  []ArchiveItem `json:"dependents"`
	Blocked     string        `json:"blocked" doc:"Why it cannot be deleted; empty when it goes"`
}

// ArchivePreview is what a selection would archive.
type ArchivePreview struct {
	Kind       string          `json:"kind"`
	Count      int             `json:"count" doc:"Records that go"`
	TotalCents *int64          `json:"total_cents" doc:"Their total amount; null for master data (customers, suppliers, products, categories), which carries no amount"`
	Dependents int             `json:"dependents" doc:"Records that go along with them"`
	Blocked    int             `json:"blocked" doc:"Selected records that cannot go"`
	Records    []ArchiveRecord `json:"records"`
}

// ArchiveBatch is an archived batch.
type ArchiveBatch struct {
	ID             int64         `json:"id"`
	CompanyID      *int64        `json:"company_id"`
	Kind           string        `json:"kind"`
	Reason         string        `json:"reason"`
	RecordCount    int           `json:"record_count"`
	DependentCount int           `json:"dependent_count"`
	TotalCents     *int64        `json:"total_cents" doc:"The total amount of its records; null for master data, which carries no amount"`
	CreatedBy      int64         `json:"created_by"`
	CreatedByName  string        `json:"created_by_name"`
	CreatedAt      time.Time     `json:"created_at"`
	RestoredAt     *time.Time    `json:"restored_at"`
	RestoredByName string        `json:"restored_by_name"`
	Restorable     bool          `json:"restorable" doc:"Not restored yet and archived within 30 days"`
	Items          []ArchiveItem `json:"items"`
}

func batchView(b app.Batch) ArchiveBatch {
	out := ArchiveBatch{ID: b.ID, CompanyID: b.CompanyID, Kind: b.Kind, Reason: b.Reason, RecordCount: b.RecordCount,
		DependentCount: b.DependentCount, TotalCents: amount(b.Priced, b.TotalCents), CreatedBy: b.CreatedBy, CreatedByName: b.CreatedByName,
		CreatedAt: b.CreatedAt, RestoredAt: b.RestoredAt, RestoredByName: b.RestoredByName, Restorable: b.Restorable,
		Items: make([]ArchiveItem, len(b.Items))}
	for i, it := range b.Items {
		out.Items[i] = ArchiveItem{Kind: it.Kind, ID: it.RecordID, Number: it.Number, Party: it.PartyName, AmountCents: it.AmountCents, Selected: it.Selected}
	}
	return out
}

// amount is a total as the API shows it: null when the kind's records carry no amount.
func amount(priced bool, cents int64) *int64 {
	if !priced {
		return nil
	}
	return &cents
}

func previewView(pv *app.Preview) ArchivePreview {
	out := ArchivePreview{Kind: pv.Kind, Count: pv.Count, TotalCents: amount(pv.Priced, pv.TotalCents), Dependents: pv.Dependents,
		Records: make([]ArchiveRecord, len(pv.Records))}
	for i, r := range pv.Records {
		rec := ArchiveRecord{ID: r.ID, CompanyID: r.CompanyID, Number: r.Number, Party: r.Party, Date: r.Date, AmountCents: r.AmountCents,
			Blocked: r.Blocked, Dependents: make([]ArchiveItem, len(r.Dependents))}
		for j, d := range r.Dependents {
			rec.Dependents[j] = ArchiveItem{Kind: d.Kind, ID: d.ID, Number: d.Number, Party: d.Party, AmountCents: d.AmountCents}
		}
		if r.Blocked != "" {
			out.Blocked++
		}
		out.Records[i] = rec
	}
	return out
}

type archiveSelectionInput struct {
	Body ArchiveSelection
}

type archiveSendInput struct {
	Lang string `header:"Accept-Language" doc:"The mail's language (es or en)"`
	Body ArchiveSelection
}

type archiveVerifyInput struct {
	Body struct {
		ArchiveSelection
		Code   string `json:"code" maxLength:"16" doc:"The 6-digit code mailed by send-code"`
		Reason string `json:"reason" maxLength:"2000" doc:"Why (required; kept with the batch)"`
	}
}

type archivePreviewOutput struct {
	Body struct {
		Data ArchivePreview `json:"data"`
	}
}

type archiveSentOutput struct {
	Body struct {
		Message string `json:"message"`
	}
}

type archiveBatchOutput struct {
	Body struct {
		Data ArchiveBatch `json:"data"`
	}
}

type archiveListInput struct {
	CompanyID int64 `query:"company_id" minimum:"0" doc:"Administrators: one company's batches"`
	Page      int   `query:"page" minimum:"1" default:"1"`
	PerPage   int   `query:"per_page" minimum:"1" maximum:"100" default:"20"`
}

type archiveListOutput struct {
	Body struct {
		Data  []ArchiveBatch `json:"data"`
		Total int            `json:"total"`
	}
}

type archiveRestoreInput struct {
	ID int64 `path:"id" minimum:"1"`
}

// Routes registers /api/advanced-delete/{preview,send-code,verify}, GET /api/archive and POST
// /api/archive/{id}/restore.
func Routes(api huma.API, svc *app.Service, roles Roles) {
	tags := []string{"advanced-delete"}
	deleters := httpx.SignedIn(roles.Deleters...)
	httpx.Register(api, deleters, huma.Operation{OperationID: "advanced-delete-preview", Method: http.MethodPost,
		Path: "/api/advanced-delete/preview", Summary: "What a selection would archive (nothing changes)", Tags: tags},
		func(ctx context.Context, in *archiveSelectionInput) (*archivePreviewOutput, error) {
			p, _ := httpx.PrincipalFrom(ctx)
			pv, err := svc.Preview(ctx, p, in.Body.request())
			if err != nil {
				return nil, err
			}
			out := &archivePreviewOutput{}
			out.Body.Data = previewView(pv)
			return out, nil
		})

	httpx.Register(api, deleters, huma.Operation{OperationID: "advanced-delete-send-code", Method: http.MethodPost,
		Path: "/api/advanced-delete/send-code", Errors: []int{http.StatusTooManyRequests},
		Summary: "Mail the signed-in user a 6-digit code bound to this selection's preview (10 minutes, single use; 3 per 15 minutes)", Tags: tags},
		func(ctx context.Context, in *archiveSendInput) (*archiveSentOutput, error) {
			p, _ := httpx.PrincipalFrom(ctx)
			if err := svc.SendCode(ctx, p, in.Body.request(), in.Lang); err != nil {
				return nil, err
			}
			out := &archiveSentOutput{}
			out.Body.Message = "Verification code sent."
			return out, nil
		})

	httpx.Register(api, deleters, huma.Operation{OperationID: "advanced-delete-verify", Method: http.MethodPost,
		Path: "/api/advanced-delete/verify", Summary: "Check the code and archive the selection with a reason, in one transaction", Tags: tags,
		// 409: a record that could go at the preview cannot any longer (a purchase stored
		// meanwhile invoices a received order of it, a refund settles a return's credit…).
		Errors: []int{http.StatusConflict}},
		func(ctx context.Context, in *archiveVerifyInput) (*archiveBatchOutput, error) {
			p, _ := httpx.PrincipalFrom(ctx)
			b, err := svc.Verify(ctx, p, in.Body.request(), in.Body.Code, in.Body.Reason)
			if err != nil {
				return nil, err
			}
			out := &archiveBatchOutput{}
			out.Body.Data = batchView(app.Batch{Batch: *b, Restorable: true, Priced: svc.Priced(b.Kind)})
			return out, nil
		})

	httpx.Register(api, deleters, huma.Operation{OperationID: "list-archive", Method: http.MethodGet, Path: "/api/archive",
		Summary: "Archived batches, newest first: who, when, reason, what, totals", Tags: tags},
		func(ctx context.Context, in *archiveListInput) (*archiveListOutput, error) {
			p, _ := httpx.PrincipalFrom(ctx)
			bs, n, err := svc.Batches(ctx, p, in.CompanyID, (in.Page-1)*in.PerPage, in.PerPage)
			if err != nil {
				return nil, err
			}
			out := &archiveListOutput{}
			out.Body.Total = n
			out.Body.Data = make([]ArchiveBatch, len(bs))
			for i, b := range bs {
				out.Body.Data[i] = batchView(b)
			}
			return out, nil
		})

	httpx.Register(api, httpx.SignedIn(roles.Restorers...), huma.Operation{OperationID: "restore-archive", Method: http.MethodPost,
		Path: "/api/archive/{id}/restore", Errors: []int{http.StatusConflict},
		Summary: "Restore a batch archived within 30 days, re-applying every effect, or refuse with the reason", Tags: tags},
		func(ctx context.Context, in *archiveRestoreInput) (*archiveBatchOutput, error) {
			p, _ := httpx.PrincipalFrom(ctx)
			b, err := svc.Restore(ctx, p, in.ID)
			if err != nil {
				return nil, err
			}
			out := &archiveBatchOutput{}
			out.Body.Data = batchView(app.Batch{Batch: *b, Priced: svc.Priced(b.Kind)})
			return out, nil
		})
}
