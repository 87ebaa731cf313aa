// Package http is the catalog module's thin huma handlers: categories and products (list,
// Excel export, detail, create, edit, delete) and the low-stock alerts. Product create and edit
// take multipart/form-data so that images travel with the form.
package http

import (
	"context"
	"io"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/catalog/internal/app"
	"github.com/backoffice/backoffice/modules/catalog/internal/domain"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// Roles says who may read and who may write the catalog.
type Roles struct {
	// Pick may list and open categories and list the product pick-list (no money): every role,
	// buyers included (they pick products in purchase orders).
	Pick []string
	// Read may also read products with their money and stock, the alerts and the exports.
	Read []string
	// Write may create, edit and delete categories and products.
	Write []string
}

// ProductChoiceInput is the product pick-list's query string.
type ProductChoiceInput struct {
	listing.Query
	CategoryID int64 `query:"category_id" minimum:"0"`
	CompanyID  int64 `query:"company_id" minimum:"0" doc:"Administrators: only this company's products"`
}

// MaxUploadBytes is read of each uploaded file at most: one byte over the 4 MB limit, so that the
// size check can tell a file that is too big.
const MaxUploadBytes = 4<<20 + 1

type empty struct{}

type idInput struct {
	ID int64 `path:"id" minimum:"1"`
}

// ---- categories ----

// CategoryListInput is the categories list's query string.
type CategoryListInput struct {
	listing.Query
	CompanyID int64 `query:"company_id" minimum:"0" doc:"Administrators: only this company's categories"`
}

func (in CategoryListInput) query() app.CategoryQuery {
	return app.CategoryQuery{List: in.Query, Q: in.Q, CompanyID: in.CompanyID}
}

type categoryExportInput struct {
	CategoryListInput
	xlsx.LangQuery
}

type categoryBody struct {
	Name      string `json:"name" maxLength:"200"`
	CompanyID int64  `json:"company_id,omitempty" required:"false" minimum:"0" doc:"Administrators: the company to create the category in (default: their own). Ignored on edit."`
}

type categoryWriteInput struct {
	Body categoryBody
}

type categoryUpdateInput struct {
	ID   int64 `path:"id" minimum:"1"`
	Body categoryBody
}

// ---- products ----

// ProductListInput is the products list's query string.
type ProductListInput struct {
	listing.Query
	CategoryID int64  `query:"category_id" minimum:"0"`
	IVAClass   string `query:"iva_class" enum:"19,5,exento,excluido"`
	Kind       string `query:"kind" enum:"goods,service"`
	LowStock   bool   `query:"low_stock" doc:"Only products with quantity <= alert_quantity"`
	CompanyID  int64  `query:"company_id" minimum:"0" doc:"Administrators: only this company's products"`
}

func (in ProductListInput) query() app.ProductQuery {
	return app.ProductQuery{List: in.Query, Q: in.Q, CategoryID: in.CategoryID, IVAClass: in.IVAClass,
		Kind: in.Kind, LowStock: in.LowStock, CompanyID: in.CompanyID}
}

type productExportInput struct {
	ProductListInput
	xlsx.LangQuery
}

// productForm is the multipart product form of create and edit. Empty numeric fields read as 0.
type productForm struct {
	Code          string `form:"code" required:"false" maxLength:"60"`
	Name          string `form:"name" required:"false" maxLength:"200"`
	CategoryID    int64  `form:"category_id" required:"false"`
	Unit          string `form:"unit" required:"false" maxLength:"20" doc:"e.g. und, kg"`
	CostCents     int64  `form:"cost_cents" required:"false" doc:"Cost per unit in centavos"`
	PriceCents    int64  `form:"price_cents" required:"false" doc:"Price per unit in centavos"`
	Quantity      int64  `form:"quantity" required:"false" doc:"Opening stock; create only (ignored on edit: stock changes through receiving)"`
	AlertQuantity int64  `form:"alert_quantity" required:"false"`
	IVAClass      string `form:"iva_class" required:"false" doc:"19, 5, exento or excluido"`
	Kind          string `form:"kind" required:"false" doc:"goods or service"`
	// Images are checked by content (PNG, JPEG, GIF, WebP; 4 MB each) by the catalog, not by the
	// declared part type, so the encoding accepts any part.
	Images       []huma.FormFile `form:"images" required:"false" doc:"New images (repeat the part); at most 5 per product in all"`
	RemoveImages []int64         `form:"remove_images" required:"false" doc:"Edit only: attachment ids of images to remove (repeat the part)"`
}

type productCreateInput struct {
	RawBody huma.MultipartFormFiles[productForm]
}

type productUpdateInput struct {
	ID      int64 `path:"id" minimum:"1"`
	RawBody huma.MultipartFormFiles[productForm]
}

func (f *productForm) input() (app.ProductInput, error) {
	in := app.ProductInput{Product: domain.Product{Code: f.Code, Name: f.Name, CategoryID: f.CategoryID, Unit: f.Unit,
		CostCents: f.CostCents, PriceCents: f.PriceCents, Quantity: f.Quantity, AlertQuantity: f.AlertQuantity,
		IVAClass: domain.IVAClass(f.IVAClass), Kind: domain.Kind(f.Kind)}, RemoveImages: f.RemoveImages}
	for _, file := range f.Images {
		if !file.IsSet {
			continue
		}
		b, err := io.ReadAll(io.LimitReader(file.File, MaxUploadBytes))
		_ = file.File.Close()
		if err != nil {
			return in, apperror.Internal(err)
		}
		in.Images = append(in.Images, app.Upload{Filename: file.Filename, Data: b})
	}
	return in, nil
}

// Routes registers the catalog endpoints. Static paths (export.xlsx, alerts) are registered
// before /{id}, which would otherwise take them.
func Routes(api *httpx.API, svc *app.Service, roles Roles, now func() time.Time) {
	pick, read, write := httpx.SignedIn(roles.Pick...), httpx.SignedIn(roles.Read...), httpx.SignedIn(roles.Write...)
	catTags, prodTags := []string{"categories"}, []string{"products"}

	// Categories.
	httpx.Register(api, pick, huma.Operation{OperationID: "list-categories", Method: http.MethodGet, Path: "/api/categories",
		Summary: "List categories (sorts: name, created_at)", Tags: catTags},
		func(ctx context.Context, in *CategoryListInput) (*httpx.List[app.Category], error) {
			return httpx.ListOf(svc.ListCategories(ctx, httpx.Caller(ctx), in.query()))
		})

	httpx.Register(api, read, huma.Operation{OperationID: "export-categories", Method: http.MethodGet, Path: "/api/categories/export.xlsx",
		Summary: "Categories as an Excel file, with the list's filters and sort", Tags: catTags},
		func(ctx context.Context, in *categoryExportInput) (*huma.StreamResponse, error) {
			p := httpx.Caller(ctx)
			run, err := svc.ExportCategories(ctx, p, in.query())
			if err != nil {
				return nil, err
			}
			return export(ctx, api, "categories", xlsx.Headers(in.Lang, categoryColumns), now(), func(yield func([]any) error) error {
				return run(func(c app.Category) error { return yield(categoryRow(c)) })
			}, xlsx.InLanguage(in.Lang)), nil
		})

	httpx.Register(api, pick, huma.Operation{OperationID: "get-category", Method: http.MethodGet, Path: "/api/categories/{id}",
		Summary: "One category", Tags: catTags},
		func(ctx context.Context, in *idInput) (*httpx.Data[app.Category], error) {
			return httpx.DataOf(svc.GetCategory(ctx, httpx.Caller(ctx), in.ID))
		})

	httpx.Register(api, write, huma.Operation{OperationID: "create-category", Method: http.MethodPost, Path: "/api/categories",
		Summary: "Create a category", Tags: catTags, DefaultStatus: http.StatusCreated},
		func(ctx context.Context, in *categoryWriteInput) (*httpx.Data[app.Category], error) {
			return httpx.DataOf(svc.CreateCategory(ctx, httpx.Caller(ctx), app.CategoryInput{Name: in.Body.Name, CompanyID: in.Body.CompanyID}))
		})

	httpx.Register(api, write, huma.Operation{OperationID: "update-category", Method: http.MethodPut, Path: "/api/categories/{id}",
		Summary: "Rename a category", Tags: catTags},
		func(ctx context.Context, in *categoryUpdateInput) (*httpx.Data[app.Category], error) {
			return httpx.DataOf(svc.UpdateCategory(ctx, httpx.Caller(ctx), in.ID, app.CategoryInput{Name: in.Body.Name}))
		})

	httpx.Register(api, write, huma.Operation{OperationID: "delete-category", Errors: []int{http.StatusConflict}, Method: http.MethodDelete, Path: "/api/categories/{id}",
		Summary: "Delete a category (refused while products or purchases use it)", Tags: catTags, DefaultStatus: http.StatusNoContent},
		func(ctx context.Context, in *idInput) (*empty, error) {
			return nil, svc.DeleteCategory(ctx, httpx.Caller(ctx), in.ID)
		})

	// Products.
	listProducts := func(ctx context.Context, in *ProductListInput) (*httpx.List[app.Product], error) {
		return httpx.ListOf(svc.ListProducts(ctx, httpx.Caller(ctx), in.query()))
	}
	httpx.Register(api, read, huma.Operation{OperationID: "list-products", Method: http.MethodGet, Path: "/api/products",
		Summary: "List products (sorts: name, code, price_cents, quantity, created_at)", Tags: prodTags}, listProducts)

	httpx.Register(api, pick, huma.Operation{OperationID: "list-product-choices", Method: http.MethodGet, Path: "/api/products/choices",
		Summary: "The product pick-list of the purchase order form: code, name, category, unit and images, no money or stock (sorts: name, code, created_at)",
		Tags:    prodTags},
		func(ctx context.Context, in *ProductChoiceInput) (*httpx.List[app.ProductChoice], error) {
			return httpx.ListOf(svc.ListProductChoices(ctx, httpx.Caller(ctx), app.ProductQuery{List: in.Query, Q: in.Q,
				CategoryID: in.CategoryID, CompanyID: in.CompanyID}))
		})

	httpx.Register(api, read, huma.Operation{OperationID: "product-alerts", Method: http.MethodGet, Path: "/api/products/alerts",
		Summary: "Products at or below their alert quantity (the list with low_stock=true)", Tags: prodTags},
		func(ctx context.Context, in *ProductListInput) (*httpx.List[app.Product], error) {
			in.LowStock = true
			return listProducts(ctx, in)
		})

	httpx.Register(api, read, huma.Operation{OperationID: "export-products", Method: http.MethodGet, Path: "/api/products/export.xlsx",
		Summary: "Products as an Excel file, with the list's filters and sort", Tags: prodTags},
		func(ctx context.Context, in *productExportInput) (*huma.StreamResponse, error) {
			p := httpx.Caller(ctx)
			run, err := svc.ExportProducts(ctx, p, in.query())
			if err != nil {
				return nil, err
			}
			lang := in.Lang
			return export(ctx, api, "products", xlsx.Headers(lang, productColumns), now(), func(yield func([]any) error) error {
				return run(func(pr app.Product) error { return yield(productRow(pr, lang)) })
			}, xlsx.InLanguage(lang)), nil
		})

	httpx.Register(api, read, huma.Operation{OperationID: "get-product", Method: http.MethodGet, Path: "/api/products/{id}",
		Summary: "One product", Tags: prodTags},
		func(ctx context.Context, in *idInput) (*httpx.Data[app.Product], error) {
			return httpx.DataOf(svc.GetProduct(ctx, httpx.Caller(ctx), in.ID))
		})

	httpx.Register(api, write, huma.Operation{OperationID: "create-product", Method: http.MethodPost, Path: "/api/products",
		Summary: "Create a product (multipart form with images)", Tags: prodTags, DefaultStatus: http.StatusCreated},
		func(ctx context.Context, in *productCreateInput) (*httpx.Data[app.Product], error) {
			p := httpx.Caller(ctx)
			form, err := in.RawBody.Data().input()
			if err != nil {
				return nil, err
			}
			form.RemoveImages = nil
			return httpx.DataOf(svc.CreateProduct(ctx, p, form))
		})

	httpx.Register(api, write, huma.Operation{OperationID: "update-product", Method: http.MethodPut, Path: "/api/products/{id}",
		Summary: "Edit a product (multipart form; stock is not edited here)", Tags: prodTags},
		func(ctx context.Context, in *productUpdateInput) (*httpx.Data[app.Product], error) {
			p := httpx.Caller(ctx)
			form, err := in.RawBody.Data().input()
			if err != nil {
				return nil, err
			}
			return httpx.DataOf(svc.UpdateProduct(ctx, p, in.ID, form))
		})

	httpx.Register(api, write, huma.Operation{OperationID: "delete-product", Errors: []int{http.StatusConflict}, Method: http.MethodDelete, Path: "/api/products/{id}",
		Summary: "Delete a product (refused while purchases or sales use it)", Tags: prodTags, DefaultStatus: http.StatusNoContent},
		func(ctx context.Context, in *idInput) (*empty, error) {
			return nil, svc.DeleteProduct(ctx, httpx.Caller(ctx), in.ID)
		})
}

// export streams an Excel file named <entity>-YYYYMMDD.xlsx (date in the business time zone).
// The status and headers are sent before the rows: a failure half-way is logged and cuts the
// file short, which the client sees as a damaged download.
func export(ctx context.Context, api *httpx.API, entity string, headers []string, now time.Time,
	rows func(yield func([]any) error) error, opts ...xlsx.Option) *huma.StreamResponse {
	return xlsx.Stream(ctx, api.Logger(), xlsx.FileName(entity, now), entity, headers, rows, opts...)
}
