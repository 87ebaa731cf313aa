package http

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/settings/internal/app"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// IDPath is the {id} of a single-record path. The embedded input types are exported because huma
// fills only exported embedded structs.
type IDPath struct {
	ID int64 `path:"id" minimum:"1"`
}

// ActiveFilter is the list filter on the active flag: "true", "false", or absent for both.
type ActiveFilter struct {
	Active string `query:"active" enum:"true,false" doc:"Only active (true) or inactive (false) records"`
}

func (f ActiveFilter) value() *bool {
	if f.Active == "" {
		return nil
	}
	v := f.Active == "true"
	return &v
}

// CompanyListInput is the company list's query string.
type CompanyListInput struct {
	listing.Query
	ActiveFilter
}

type companyExportInput struct {
	CompanyListInput
	xlsx.LangQuery
}

type companyBody struct {
	Name             string `json:"name" required:"false" maxLength:"200"`
	Active           *bool  `json:"active,omitempty" required:"false" doc:"Default true on create; omitted keeps the value on update"`
	HasTaxes         *bool  `json:"has_taxes,omitempty" required:"false" doc:"Default true on create; omitted keeps the value on update"`
	WithholdingAgent *bool  `json:"withholding_agent,omitempty" required:"false" doc:"Default false on create; omitted keeps the value on update"`
	ReteIVAAgent     *bool  `json:"reteiva_agent,omitempty" required:"false" doc:"Default false on create; omitted keeps the value on update"`
	Autorretenedor   *bool  `json:"autorretenedor,omitempty" required:"false" doc:"Default false on create; omitted keeps the value on update"`
}

func (b companyBody) input() app.CompanyInput {
	return app.CompanyInput{Name: b.Name, Active: b.Active, HasTaxes: b.HasTaxes, WithholdingAgent: b.WithholdingAgent,
		ReteIVAAgent: b.ReteIVAAgent, Autorretenedor: b.Autorretenedor}
}

type companyInput struct {
	Body companyBody
}

type companyUpdateInput struct {
	IDPath
	Body companyBody
}

// StoreFilters are the store list's own filters.
type StoreFilters struct {
	CompanyID int64 `query:"company_id" minimum:"0" doc:"Administrators: only this company's stores; ignored for everyone else"`
	ActiveFilter
}

// StoreListInput is the store list's query string.
type StoreListInput struct {
	listing.Query
	StoreFilters
}

type storeExportInput struct {
	StoreListInput
	xlsx.LangQuery
}

type storeBody struct {
	Name      string `json:"name" required:"false" maxLength:"200"`
	CompanyID int64  `json:"company_id" required:"false" minimum:"0"`
	Active    *bool  `json:"active,omitempty" required:"false" doc:"Default true on create; omitted keeps the value on update"`
}

func (b storeBody) input() app.StoreInput {
	return app.StoreInput{Name: b.Name, CompanyID: b.CompanyID, Active: b.Active}
}

type storeInput struct {
	Body storeBody
}

type storeUpdateInput struct {
	IDPath
	Body storeBody
}

var companyColumns = []xlsx.Header{{"Name", "Nombre"}, {"Stores", "Tiendas"}, {"Users", "Usuarios"}, {"Active", "Activa"},
	{"Has taxes", "Tiene impuestos"}, {"Withholding agent", "Agente de retención"}, {"ReteIVA agent", "Agente de ReteIVA"},
	{"Autorretenedor", "Autorretenedor"}, {"Created at", "Creada"}}

var storeColumns = []xlsx.Header{{"Name", "Nombre"}, {"Company", "Empresa"}, {"Active", "Activa"}, {"Created at", "Creada"}}

// orgRoutes registers /api/companies (administrators) and /api/stores (read: administrators,
// users and secretaries in their scope; write: administrators).
func orgRoutes(api *httpx.API, svc *app.Service, adminRole string, storeReaders []string) {
	admin := httpx.SignedIn(adminRole)

	companyTags := []string{"companies"}
	// The export is registered before /{id}, which would otherwise take "export.xlsx" for an id.
	httpx.Register(api, admin, huma.Operation{OperationID: "export-companies", Method: http.MethodGet,
		Path: "/api/companies/export.xlsx", Summary: "Companies as an Excel file (same filters as the list, no paging)", Tags: companyTags},
		func(ctx context.Context, in *companyExportInput) (*xlsx.File, error) {
			q := app.CompanyQuery{Query: in.Query, Active: in.value()}
			return xlsx.Download("companies", "companies", svc.Now(), xlsx.Headers(in.Lang, companyColumns), func(yield func([]any) error) error {
				return svc.ExportCompanies(ctx, httpx.Caller(ctx), q, func(c app.Company) error {
					return yield([]any{c.Name, c.Stores, c.Users, c.Active, c.HasTaxes, c.WithholdingAgent, c.ReteIVAAgent, c.Autorretenedor,
						c.CreatedAt})
				})
			}, xlsx.InLanguage(in.Lang))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "list-companies", Method: http.MethodGet, Path: "/api/companies",
		Summary: "Companies, with their store and user counts", Tags: companyTags},
		func(ctx context.Context, in *CompanyListInput) (*httpx.List[app.Company], error) {
			return httpx.ListOf(svc.ListCompanies(ctx, httpx.Caller(ctx), app.CompanyQuery{Query: in.Query, Active: in.value()}))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "create-company", Method: http.MethodPost, Path: "/api/companies",
		Summary: "Create a company", Tags: companyTags, DefaultStatus: http.StatusCreated},
		func(ctx context.Context, in *companyInput) (*httpx.Data[app.Company], error) {
			return httpx.DataOf(svc.CreateCompany(ctx, httpx.Caller(ctx), in.Body.input()))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "get-company", Method: http.MethodGet, Path: "/api/companies/{id}",
		Summary: "One company", Tags: companyTags},
		func(ctx context.Context, in *IDPath) (*httpx.Data[app.Company], error) {
			return httpx.DataOf(svc.Company(ctx, httpx.Caller(ctx), in.ID))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "update-company", Method: http.MethodPut, Path: "/api/companies/{id}",
		Summary: "Change a company", Tags: companyTags},
		func(ctx context.Context, in *companyUpdateInput) (*httpx.Data[app.Company], error) {
			return httpx.DataOf(svc.UpdateCompany(ctx, httpx.Caller(ctx), in.ID, in.Body.input()))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "delete-company", Errors: []int{http.StatusConflict}, Method: http.MethodDelete, Path: "/api/companies/{id}",
		Summary: "Delete a company that has no users and no stores", Tags: companyTags, DefaultStatus: http.StatusNoContent},
		func(ctx context.Context, in *IDPath) (*empty, error) {
			return nil, svc.DeleteCompany(ctx, httpx.Caller(ctx), in.ID)
		})

	storeTags := []string{"stores"}
	readers := httpx.SignedIn(storeReaders...)
	storeQuery := func(in StoreListInput) app.StoreQuery {
		return app.StoreQuery{Query: in.Query, CompanyID: in.CompanyID, Active: in.value()}
	}
	httpx.Register(api, readers, huma.Operation{OperationID: "export-stores", Method: http.MethodGet,
		Path: "/api/stores/export.xlsx", Summary: "Stores as an Excel file (same filters as the list, no paging)", Tags: storeTags},
		func(ctx context.Context, in *storeExportInput) (*xlsx.File, error) {
			return xlsx.Download("stores", "stores", svc.Now(), xlsx.Headers(in.Lang, storeColumns), func(yield func([]any) error) error {
				return svc.ExportStores(ctx, httpx.Caller(ctx), storeQuery(in.StoreListInput), func(s app.Store) error {
					return yield([]any{s.Name, s.CompanyName, s.Active, s.CreatedAt})
				})
			}, xlsx.InLanguage(in.Lang))
		})
	httpx.Register(api, readers, huma.Operation{OperationID: "list-stores", Method: http.MethodGet, Path: "/api/stores",
		Summary: "Stores: every company's for administrators, one's own company's for everyone else", Tags: storeTags},
		func(ctx context.Context, in *StoreListInput) (*httpx.List[app.Store], error) {
			return httpx.ListOf(svc.ListStores(ctx, httpx.Caller(ctx), storeQuery(*in)))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "create-store", Method: http.MethodPost, Path: "/api/stores",
		Summary: "Create a store", Tags: storeTags, DefaultStatus: http.StatusCreated},
		func(ctx context.Context, in *storeInput) (*httpx.Data[app.Store], error) {
			return httpx.DataOf(svc.CreateStore(ctx, httpx.Caller(ctx), in.Body.input()))
		})
	httpx.Register(api, readers, huma.Operation{OperationID: "get-store", Method: http.MethodGet, Path: "/api/stores/{id}",
		Summary: "One store", Tags: storeTags},
		func(ctx context.Context, in *IDPath) (*httpx.Data[app.Store], error) {
			return httpx.DataOf(svc.Store(ctx, httpx.Caller(ctx), in.ID))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "update-store", Method: http.MethodPut, Path: "/api/stores/{id}",
		Summary: "Change a store", Tags: storeTags},
		func(ctx context.Context, in *storeUpdateInput) (*httpx.Data[app.Store], error) {
			return httpx.DataOf(svc.UpdateStore(ctx, httpx.Caller(ctx), in.ID, in.Body.input()))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "delete-store", Errors: []int{http.StatusConflict}, Method: http.MethodDelete, Path: "/api/stores/{id}",
		Summary: "Delete a store no purchase or sale names", Tags: storeTags, DefaultStatus: http.StatusNoContent},
		func(ctx context.Context, in *IDPath) (*empty, error) {
			return nil, svc.DeleteStore(ctx, httpx.Caller(ctx), in.ID)
		})
}
