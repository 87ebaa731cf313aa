package http

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/settings/internal/app"
	"github.com/backoffice/backoffice/platform/apperror"
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
	ExportLang
}

type companyBody struct {
	Name             string `json:"name" required:"false" maxLength:"200"`
	Active           *bool  `json:"active,omitempty" required:"false" doc:"Default true on create; omitted keeps the value on update"`
	HasTaxes         *bool  `json:"has_taxes,omitempty" required:"false" doc:"Default true on create; omitted keeps the value on update"`
	WithholdingAgent *bool  `json:"withholding_agent,omitempty" required:"false" doc:"Default false on create; omitted keeps the value on update"`
	ReteIVAAgent     *bool  `json:"reteiva_agent,omitempty" required:"false" doc:"Default false on create; omitted keeps the value on update"`
}

func (b companyBody) input() app.CompanyInput {
	return app.CompanyInput{Name: b.Name, Active: b.Active, HasTaxes: b.HasTaxes, WithholdingAgent: b.WithholdingAgent,
		ReteIVAAgent: b.ReteIVAAgent}
}

type companyInput struct {
	Body companyBody
}

type companyUpdateInput struct {
	IDPath
	Body companyBody
}

type companyOutput struct {
	Body struct {
		Data app.Company `json:"data"`
	}
}

type companyListOutput struct {
	Body listing.Page[app.Company]
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
	ExportLang
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

type storeOutput struct {
	Body struct {
		Data app.Store `json:"data"`
	}
}

type storeListOutput struct {
	Body listing.Page[app.Store]
}

// ExportLang picks the language of an export's headers (the web client sends i18next's).
type ExportLang struct {
	Lang string `query:"lang" enum:"es,en" doc:"Language of the column headers (default es)"`
}

// column is one export column's header in English and Spanish.
type column struct{ en, es string }

func (l ExportLang) headers(cols []column) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = c.es
		if l.Lang == "en" {
			out[i] = c.en
		}
	}
	return out
}

// fileOutput is a downloaded file.
type fileOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	Body               []byte
}

// exportFile writes an Excel workbook named <entity>-YYYYMMDD.xlsx (Bogota date). Exports are
// built in memory before the first byte is sent, so that a failure halfway still answers with
// an error rather than a truncated file; these lists are short.
func exportFile(entity string, now time.Time, headers []string, rows func(yield func([]any) error) error) (*fileOutput, error) {
	var buf bytes.Buffer
	if err := xlsx.Write(&buf, entity, headers, rows); err != nil {
		if apperror.As(err) != nil {
			return nil, err
		}
		return nil, apperror.Internal(err)
	}
	loc, err := time.LoadLocation(xlsx.BusinessTimeZone)
	if err != nil {
		loc = time.UTC
	}
	name := entity + "-" + now.In(loc).Format("20060102") + ".xlsx"
	return &fileOutput{ContentType: xlsx.ContentType, ContentDisposition: `attachment; filename="` + name + `"`, Body: buf.Bytes()}, nil
}

var companyColumns = []column{{"Name", "Nombre"}, {"Stores", "Tiendas"}, {"Users", "Usuarios"}, {"Active", "Activa"},
	{"Has taxes", "Tiene impuestos"}, {"Withholding agent", "Agente de retención"}, {"ReteIVA agent", "Agente de ReteIVA"},
	{"Created at", "Creada"}}

var storeColumns = []column{{"Name", "Nombre"}, {"Company", "Empresa"}, {"Active", "Activa"}, {"Created at", "Creada"}}

// orgRoutes registers /api/companies (administrators) and /api/stores (read: administrators,
// users and secretaries in their scope; write: administrators).
func orgRoutes(api *httpx.API, svc *app.Service, adminRole string, storeReaders []string) {
	principal := func(ctx context.Context) httpx.Principal { p, _ := httpx.PrincipalFrom(ctx); return p }
	admin := httpx.SignedIn(adminRole)

	companyTags := []string{"companies"}
	company := func(c app.Company, err error) (*companyOutput, error) {
		if err != nil {
			return nil, err
		}
		out := &companyOutput{}
		out.Body.Data = c
		return out, nil
	}
	// The export is registered before /{id}, which would otherwise take "export.xlsx" for an id.
	httpx.Register(api, admin, huma.Operation{OperationID: "export-companies", Method: http.MethodGet,
		Path: "/api/companies/export.xlsx", Summary: "Companies as an Excel file (same filters as the list, no paging)", Tags: companyTags},
		func(ctx context.Context, in *companyExportInput) (*fileOutput, error) {
			q := app.CompanyQuery{Query: in.Query, Active: in.value()}
			return exportFile("companies", svc.Now(), in.headers(companyColumns), func(yield func([]any) error) error {
				return svc.ExportCompanies(ctx, principal(ctx), q, func(c app.Company) error {
					return yield([]any{c.Name, c.Stores, c.Users, c.Active, c.HasTaxes, c.WithholdingAgent, c.ReteIVAAgent, c.CreatedAt})
				})
			})
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "list-companies", Method: http.MethodGet, Path: "/api/companies",
		Summary: "Companies, with their store and user counts", Tags: companyTags},
		func(ctx context.Context, in *CompanyListInput) (*companyListOutput, error) {
			page, err := svc.ListCompanies(ctx, principal(ctx), app.CompanyQuery{Query: in.Query, Active: in.value()})
			if err != nil {
				return nil, err
			}
			return &companyListOutput{Body: page}, nil
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "create-company", Method: http.MethodPost, Path: "/api/companies",
		Summary: "Create a company", Tags: companyTags, DefaultStatus: http.StatusCreated},
		func(ctx context.Context, in *companyInput) (*companyOutput, error) {
			return company(svc.CreateCompany(ctx, principal(ctx), in.Body.input()))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "get-company", Method: http.MethodGet, Path: "/api/companies/{id}",
		Summary: "One company", Tags: companyTags},
		func(ctx context.Context, in *IDPath) (*companyOutput, error) {
			return company(svc.Company(ctx, principal(ctx), in.ID))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "update-company", Method: http.MethodPut, Path: "/api/companies/{id}",
		Summary: "Change a company", Tags: companyTags},
		func(ctx context.Context, in *companyUpdateInput) (*companyOutput, error) {
			return company(svc.UpdateCompany(ctx, principal(ctx), in.ID, in.Body.input()))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "delete-company", Method: http.MethodDelete, Path: "/api/companies/{id}",
		Summary: "Delete a company that has no users and no stores", Tags: companyTags, DefaultStatus: http.StatusNoContent},
		func(ctx context.Context, in *IDPath) (*empty, error) {
			return nil, svc.DeleteCompany(ctx, principal(ctx), in.ID)
		})

	storeTags := []string{"stores"}
	readers := httpx.SignedIn(storeReaders...)
	store := func(s app.Store, err error) (*storeOutput, error) {
		if err != nil {
			return nil, err
		}
		out := &storeOutput{}
		out.Body.Data = s
		return out, nil
	}
	storeQuery := func(in StoreListInput) app.StoreQuery {
		return app.StoreQuery{Query: in.Query, CompanyID: in.CompanyID, Active: in.value()}
	}
	httpx.Register(api, readers, huma.Operation{OperationID: "export-stores", Method: http.MethodGet,
		Path: "/api/stores/export.xlsx", Summary: "Stores as an Excel file (same filters as the list, no paging)", Tags: storeTags},
		func(ctx context.Context, in *storeExportInput) (*fileOutput, error) {
			return exportFile("stores", svc.Now(), in.headers(storeColumns), func(yield func([]any) error) error {
				return svc.ExportStores(ctx, principal(ctx), storeQuery(in.StoreListInput), func(s app.Store) error {
					return yield([]any{s.Name, s.CompanyName, s.Active, s.CreatedAt})
				})
			})
		})
	httpx.Register(api, readers, huma.Operation{OperationID: "list-stores", Method: http.MethodGet, Path: "/api/stores",
		Summary: "Stores: every company's for administrators, one's own company's for everyone else", Tags: storeTags},
		func(ctx context.Context, in *StoreListInput) (*storeListOutput, error) {
			page, err := svc.ListStores(ctx, principal(ctx), storeQuery(*in))
			if err != nil {
				return nil, err
			}
			return &storeListOutput{Body: page}, nil
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "create-store", Method: http.MethodPost, Path: "/api/stores",
		Summary: "Create a store", Tags: storeTags, DefaultStatus: http.StatusCreated},
		func(ctx context.Context, in *storeInput) (*storeOutput, error) {
			return store(svc.CreateStore(ctx, principal(ctx), in.Body.input()))
		})
	httpx.Register(api, readers, huma.Operation{OperationID: "get-store", Method: http.MethodGet, Path: "/api/stores/{id}",
		Summary: "One store", Tags: storeTags},
		func(ctx context.Context, in *IDPath) (*storeOutput, error) {
			return store(svc.Store(ctx, principal(ctx), in.ID))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "update-store", Method: http.MethodPut, Path: "/api/stores/{id}",
		Summary: "Change a store", Tags: storeTags},
		func(ctx context.Context, in *storeUpdateInput) (*storeOutput, error) {
			return store(svc.UpdateStore(ctx, principal(ctx), in.ID, in.Body.input()))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "delete-store", Method: http.MethodDelete, Path: "/api/stores/{id}",
		Summary: "Delete a store no purchase or sale names", Tags: storeTags, DefaultStatus: http.StatusNoContent},
		func(ctx context.Context, in *IDPath) (*empty, error) {
			return nil, svc.DeleteStore(ctx, principal(ctx), in.ID)
		})
}
