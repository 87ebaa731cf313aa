// Package http is the reports module's thin huma handlers: one operation per page
// (GET /api/reports/{page}, a statement's /api/reports/{page}/{id}) and its Excel export
// (…/export.xlsx), all answering the engine's one shape (app.Report), and the dashboard.
// Each page is its own operation so that the OpenAPI document names every page and the access
// rule of each (users_report: administrators) is declared where it is registered.
package http

import (
	"context"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/reports/internal/app"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// Roles says who reads the reports.
type Roles struct {
	// Staff read every page but the admin-only ones (admin, user, secretary).
	Staff []string
	// Admins read every page, of every company.
	Admins []string
}

// Range is what every page and its export take.
type Range struct {
	From      string `query:"from" maxLength:"10" doc:"First day (YYYY-MM-DD, America/Bogota, included); with to, or neither (this month)"`
	To        string `query:"to" maxLength:"10" doc:"Last day (YYYY-MM-DD, included); with from, or neither (this month)"`
	CompanyID int64  `query:"company_id" minimum:"0" doc:"Administrators: one company's figures (0 or absent: every company)"`
	StoreID   int64  `query:"store_id" minimum:"0" doc:"One store's documents and payments"`
	Group     string `query:"group" enum:"day,month" doc:"Pages grouped by date: by day or by month (default: day up to two months, month beyond; overview and income by month)"`
	Sort      string `query:"sort" maxLength:"40" doc:"A column key, or -key for descending (statements keep their date order)"`
}

func (r Range) params(id int64) app.Params {
	return app.Params{From: r.From, To: r.To, CompanyID: r.CompanyID, StoreID: r.StoreID, Group: r.Group, Sort: r.Sort, ID: id}
}

// Paging is the rows' page.
type Paging struct {
	Page    int `query:"page" minimum:"1" default:"1"`
	PerPage int `query:"per_page" minimum:"1" maximum:"500" default:"50"`
}

type reportInput struct {
	Range
	Paging
}

type statementInput struct {
	ID int64 `path:"id" minimum:"1" doc:"The customer's or supplier's id"`
	Range
	Paging
}

type exportInput struct {
	Range
	xlsx.LangQuery
}

type statementExportInput struct {
	ID int64 `path:"id" minimum:"1" doc:"The customer's or supplier's id"`
	Range
	xlsx.LangQuery
}

// Routes registers every page's operations (exports first: their paths are static where a
// statement's {id} would match them) and the dashboard.
func Routes(api *httpx.API, svc *app.Service, roles Roles) {
	dashboardRoutes(api, svc, roles)
	tags := []string{"reports"}
	for _, pg := range app.Pages() {
		access := httpx.SignedIn(roles.Staff...)
		if pg.AdminOnly {
			access = httpx.SignedIn(roles.Admins...)
		}
		id := "report-" + strings.ReplaceAll(pg.Name, "_", "-")
		path := "/api/reports/" + pg.Name
		summary := "Report " + pg.Name
		if pg.Statement {
			id, path, summary = id+"-statement", path+"/{id}", summary+": one party's statement"
		}
		export := func(ctx context.Context, in Range, lang string, partyID int64) (*huma.StreamResponse, error) {
			r, each, err := svc.Export(ctx, httpx.Caller(ctx), pg.Name, in.params(partyID))
			if err != nil {
				return nil, err
			}
			lang = xlsx.Lang(lang)
			return xlsx.Stream(ctx, api.Logger(), xlsx.FileName(pg.Name, svc.Now()), sheetName(pg.Name, lang), headers(r.Columns, lang),
				func(yield func([]any) error) error { return rows(r.Columns, each, lang, yield) }, xlsx.InLanguage(lang)), nil
		}
		exportOp := huma.Operation{OperationID: id + "-export", Method: http.MethodGet, Path: path + "/export.xlsx",
			Summary: summary + " as an Excel file: every row and the totals, as shown", Tags: tags}
		op := huma.Operation{OperationID: id, Method: http.MethodGet, Path: path,
			Summary: summary + " (rows paged; totals cover the whole range)", Tags: tags}
		if pg.Statement {
			httpx.Register(api, access, exportOp, func(ctx context.Context, in *statementExportInput) (*huma.StreamResponse, error) {
				return export(ctx, in.Range, in.Lang, in.ID)
			})
			httpx.Register(api, access, op, func(ctx context.Context, in *statementInput) (*httpx.Data[app.Report], error) {
				return httpx.DataOf(svc.Report(ctx, httpx.Caller(ctx), pg.Name, page(in.Range.params(in.ID), in.Paging)))
			})
			continue
		}
		httpx.Register(api, access, exportOp, func(ctx context.Context, in *exportInput) (*huma.StreamResponse, error) {
			return export(ctx, in.Range, in.Lang, 0)
		})
		httpx.Register(api, access, op, func(ctx context.Context, in *reportInput) (*httpx.Data[app.Report], error) {
			return httpx.DataOf(svc.Report(ctx, httpx.Caller(ctx), pg.Name, page(in.Range.params(0), in.Paging)))
		})
	}
}

func page(p app.Params, g Paging) app.Params {
	p.Page, p.PerPage = g.Page, g.PerPage
	return p
}

type dashboardInput struct {
	CompanyID int64 `query:"company_id" minimum:"0" doc:"Administrators: one company's figures (0 or absent: every company)"`
}

// dashboardRoutes registers GET /api/dashboard.
func dashboardRoutes(api *httpx.API, svc *app.Service, roles Roles) {
	httpx.Register(api, httpx.SignedIn(roles.Staff...), huma.Operation{OperationID: "get-dashboard", Method: http.MethodGet,
		Path: "/api/dashboard", Summary: "The dashboard: this month's sales and purchases against last month's, receivables, payables and overdue payables, 12 months of sales and purchases, the first quantity alerts, and (administrators) what waits for approval",
		Tags: []string{"reports"}},
		func(ctx context.Context, in *dashboardInput) (*httpx.Data[app.Dashboard], error) {
			return httpx.DataOf(svc.Dashboard(ctx, httpx.Caller(ctx), in.CompanyID))
		})
}
