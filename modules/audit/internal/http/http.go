// Package http is the audit trail's thin huma handlers: the list and its Excel export, for
// administrators.
package http

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/audit/internal/app"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// Filters are the list's and the export's own query parameters.
type Filters struct {
	ActorID   int64  `query:"actor_id" minimum:"0" doc:"The entries of what one user did"`
	Kind      string `query:"kind" maxLength:"20" doc:"sign_in, approval, rejection, archive, restore, deletion, settings, account, creation or change"`
	Entity    string `query:"entity" maxLength:"40" doc:"The kind of record, e.g. purchase, user (the record filter)"`
	EntityID  string `query:"entity_id" maxLength:"64" doc:"One record's entries (with entity)"`
	From      string `query:"from" maxLength:"10" doc:"From this day (YYYY-MM-DD, America/Bogota, included); with to"`
	To        string `query:"to" maxLength:"10" doc:"To this day (YYYY-MM-DD, America/Bogota, included); with from"`
	CompanyID int64  `query:"company_id" minimum:"0" doc:"One company's entries"`
}

func (f Filters) query(q listing.Query) app.Query {
	return app.Query{List: q, CompanyID: f.CompanyID, ActorID: f.ActorID, Kind: f.Kind, Entity: f.Entity, EntityID: f.EntityID,
		From: f.From, To: f.To}
}

type listInput struct {
	Filters
	listing.Query
}

type exportInput struct {
	Q    string `query:"q" maxLength:"100" doc:"Search text"`
	Sort string `query:"sort" maxLength:"40" doc:"created_at or -created_at (default)"`
	xlsx.LangQuery
	Filters
}

// Routes registers /api/audit and its export, for admins (403 for anyone else signed in).
func Routes(api *httpx.API, svc *app.Service, admins []string) {
	admin := httpx.SignedIn(admins...)
	tags := []string{"audit"}
	const base = "/api/audit"

	httpx.Register(api, admin, huma.Operation{OperationID: "list-audit", Method: http.MethodGet, Path: base,
		Summary: "The audit trail: who did what to which record and when (keyset pages, newest first; q searches the detail, the record id and the action)", Tags: tags},
		func(ctx context.Context, in *listInput) (*httpx.List[app.AuditEntry], error) {
			return httpx.ListOf(svc.List(ctx, httpx.Caller(ctx), in.Filters.query(in.Query)))
		})

	httpx.Register(api, admin, huma.Operation{OperationID: "export-audit", Method: http.MethodGet, Path: base + "/export.xlsx",
		Summary: "The audit trail as an Excel file, with the list's filters", Tags: tags},
		func(ctx context.Context, in *exportInput) (*huma.StreamResponse, error) {
			run, err := svc.Export(httpx.Caller(ctx), in.Filters.query(listing.Query{Q: in.Q, Sort: in.Sort}))
			if err != nil {
				return nil, err
			}
			lang := xlsx.Lang(in.Lang)
			return xlsx.Stream(ctx, api.Logger(), xlsx.FileName("audit", svc.Now()), sheetName[lang], xlsx.Headers(lang, columns),
				func(yield func([]any) error) error {
					return run(ctx, func(e app.AuditEntry) error { return yield(row(e, lang)) })
				}, xlsx.InLanguage(lang)), nil
		})
}
