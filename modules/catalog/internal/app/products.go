package app

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/catalog/internal/domain"
	"github.com/backoffice/backoffice/modules/catalog/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/listing"
)

// Image is a product image as the API shows it.
type Image struct {
	ID  int64  `json:"id" doc:"Attachment id"`
	URL string `json:"url" doc:"Where the image is served (GET, signed in)"`
}

// ProductCategory names a product's category.
type ProductCategory struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Product is the API's view of a product. Money is in integer centavos.
type Product struct {
	ID            int64           `json:"id"`
	CompanyID     int64           `json:"company_id"`
	Code          string          `json:"code"`
	Name          string          `json:"name"`
	CategoryID    int64           `json:"category_id"`
	Category      ProductCategory `json:"category"`
	Unit          string          `json:"unit"`
	CostCents     int64           `json:"cost_cents"`
	PriceCents    int64           `json:"price_cents"`
	ProfitCents   int64           `json:"profit_cents" doc:"price - cost per unit; negative is a loss"`
	Quantity      int64           `json:"quantity" doc:"Units in stock"`
	AlertQuantity int64           `json:"alert_quantity"`
	LowStock      bool            `json:"low_stock" doc:"goods whose quantity <= alert_quantity (services hold no stock)"`
	IVAClass      string          `json:"iva_class" enum:"19,5,exento,excluido"`
	Kind          string          `json:"kind" enum:"goods,service"`
	Images        []Image         `json:"images"`
	CreatedAt     time.Time       `json:"created_at"`
	UpdatedAt     time.Time       `json:"updated_at"`
}

// ProductChoice is a product as the purchase order form picks it: what names and shows it,
// nothing about money or stock (buyers read only this).
type ProductChoice struct {
	ID         int64           `json:"id"`
	CompanyID  int64           `json:"company_id"`
	Code       string          `json:"code"`
	Name       string          `json:"name"`
	CategoryID int64           `json:"category_id"`
	Category   ProductCategory `json:"category"`
	Unit       string          `json:"unit"`
	Images     []Image         `json:"images"`
}

func toChoice(p Product) ProductChoice {
	return ProductChoice{ID: p.ID, CompanyID: p.CompanyID, Code: p.Code, Name: p.Name, CategoryID: p.CategoryID,
		Category: p.Category, Unit: p.Unit, Images: p.Images}
}

// ProductQuery is a products list request.
type ProductQuery struct {
	List       listing.Query
	Q          string
	CategoryID int64
	IVAClass   string
	Kind       string
	LowStock   bool
	// CompanyID filters an administrator's list to one company (others always see their own).
	CompanyID int64
}

func (q ProductQuery) filter() store.ProductFilter {
	return store.ProductFilter{Q: q.Q, CategoryID: q.CategoryID, IVAClass: q.IVAClass, Kind: q.Kind, LowStock: q.LowStock}
}

// Upload is one uploaded file.
type Upload struct {
	Filename string
	Data     []byte
}

// ProductInput is the product form. Quantity is read on creation only.
type ProductInput struct {
	domain.Product
	// Images are new images to add.
	Images []Upload
	// RemoveImages are attachment ids of the product's images to remove (edit only).
	RemoveImages []int64
}

// ImageOwner is the attachments owner kind of product images.
const ImageOwner = "product"

func toProduct(r store.ProductRow, imgs []attachments.Info) Product {
	out := Product{ID: r.ID, CompanyID: r.CompanyID, Code: r.Code, Name: r.Name, CategoryID: r.CategoryID,
		Category: ProductCategory{ID: r.CategoryID, Name: r.CategoryName}, Unit: r.Unit, CostCents: r.CostCents,
		PriceCents: r.PriceCents, ProfitCents: domain.Profit(r.CostCents, r.PriceCents), Quantity: r.Quantity,
		AlertQuantity: r.AlertQuantity, LowStock: domain.LowStock(domain.Kind(r.Kind), r.Quantity, r.AlertQuantity),
		IVAClass: r.IVAClass, Kind: r.Kind, Images: make([]Image, 0, len(imgs)),
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
	for _, img := range imgs {
		out.Images = append(out.Images, Image{ID: img.ID, URL: img.URL()})
	}
	return out
}

func (s *Service) withImages(ctx context.Context, rows []store.ProductRow) ([]Product, error) {
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	imgs, err := s.d.Attachments.ListByOwner(ctx, s.d.DB, ImageOwner, ids...)
	if err != nil {
		return nil, err
	}
	out := make([]Product, len(rows))
	for i, r := range rows {
		out[i] = toProduct(r, imgs[r.ID])
	}
	return out, nil
}

// productKey is a product's value of the list's sort column, as the cursor carries it.
func productKey(key string) func(store.ProductRow) (any, int64) {
	return func(r store.ProductRow) (any, int64) {
		switch key {
		case "code":
			return r.Code, r.ID
		case "price_cents":
			return r.PriceCents, r.ID
		case "quantity":
			return r.Quantity, r.ID
		case "created_at":
			return r.CreatedAt, r.ID
		}
		return r.SortName, r.ID
	}
}

// ListProducts returns one page of the products p may see.
func (s *Service) ListProducts(ctx context.Context, p caller.Principal, q ProductQuery) (listing.Page[Product], error) {
	plan, err := listing.NewPlan(store.ProductSpec, q.List)
	if err != nil {
		return listing.Page[Product]{}, err
	}
	sc, f := s.scopeOf(p, q.CompanyID), q.filter()
	return listing.Fetch(ctx, plan, listing.Source[store.ProductRow]{
		Rows: func(ctx context.Context) ([]store.ProductRow, error) { return s.store.ListProducts(ctx, sc, f, plan) },
		Count: s.d.Counter.Cached(tableProducts, f.Key(sc), func(ctx context.Context) (int, error) {
			return s.store.CountProducts(ctx, sc, f)
		}),
		Key: productKey(plan.Key()),
	}, s.withImages)
}

// ListProductChoices returns one page of the product pick-list p may see: search (q), category
// and, for administrators, company; sorts name (default), code and created_at.
func (s *Service) ListProductChoices(ctx context.Context, p caller.Principal, q ProductQuery) (listing.Page[ProductChoice], error) {
	plan, err := listing.NewPlan(store.ProductChoiceSpec, q.List)
	if err != nil {
		return listing.Page[ProductChoice]{}, err
	}
	sc, f := s.scopeOf(p, q.CompanyID), store.ProductFilter{Q: q.Q, CategoryID: q.CategoryID}
	return listing.Fetch(ctx, plan, listing.Source[store.ProductRow]{
		Rows: func(ctx context.Context) ([]store.ProductRow, error) { return s.store.ListProducts(ctx, sc, f, plan) },
		Count: s.d.Counter.Cached(tableProducts, f.Key(sc), func(ctx context.Context) (int, error) {
			return s.store.CountProducts(ctx, sc, f)
		}),
		Key: productKey(plan.Key()),
	}, func(ctx context.Context, rows []store.ProductRow) ([]ProductChoice, error) {
		full, err := s.withImages(ctx, rows)
		if err != nil {
			return nil, err
		}
		out := make([]ProductChoice, len(full))
		for i, pr := range full {
			out[i] = toChoice(pr)
		}
		return out, nil
	})
}

// ExportProducts checks the list request q and returns what runs the export: it calls fn for
// every product of the list (no paging), in its order, streaming from the database. Exported
// products carry no images.
func (s *Service) ExportProducts(ctx context.Context, p caller.Principal, q ProductQuery) (func(fn func(Product) error) error, error) {
	if _, err := listing.NewPlan(store.ProductSpec, q.List); err != nil {
		return nil, err
	}
	sc, f := s.scopeOf(p, q.CompanyID), q.filter()
	return func(fn func(Product) error) error {
		return s.store.EachProduct(ctx, sc, f, q.List.Sort, func(r store.ProductRow) error { return fn(toProduct(r, nil)) })
	}, nil
}

// GetProduct returns one product p may see.
func (s *Service) GetProduct(ctx context.Context, p caller.Principal, productID int64) (Product, error) {
	row, err := s.store.ProductByID(ctx, s.scopeOf(p, 0), productID)
	if isNotFound(err) {
		return Product{}, notFound()
	}
	if err != nil {
		return Product{}, apperror.Internal(err)
	}
	out, err := s.withImages(ctx, []store.ProductRow{*row})
	if err != nil {
		return Product{}, apperror.Internal(err)
	}
	return out[0], nil
}

// ProductVisible reports whether p sees the live product productID (its company scope): the
// read rule of the product's images.
func (s *Service) ProductVisible(ctx context.Context, p caller.Principal, productID int64) (bool, error) {
	_, err := s.store.ProductByID(ctx, s.scopeOf(p, 0), productID)
	if isNotFound(err) {
		return false, nil
	}
	return err == nil, err
}

// checkProduct validates the form, the category (which must be visible in scope) and the code's
// uniqueness, and the images (by content); it returns the category's company.
func (s *Service) checkProduct(ctx context.Context, sc store.Scope, in ProductInput, exceptID int64, keptImages int) (domain.Product, int64, error) {
	d := in.Product.Normalize()
	fields := d.Validate()
	if fields == nil {
		fields = map[string]string{}
	}
	var companyID int64
	if d.CategoryID > 0 {
		cat, err := s.store.CategoryByID(ctx, sc, d.CategoryID)
		switch {
		case isNotFound(err):
			fields["category_id"] = domain.MsgCategoryRequired
		case err != nil:
			return d, 0, apperror.Internal(err)
		default:
			companyID = cat.CompanyID
		}
	}
	if _, bad := fields["code"]; !bad && companyID != 0 {
		taken, err := s.store.CodeTaken(ctx, companyID, d.Code, exceptID)
		if err != nil {
			return d, 0, apperror.Internal(err)
		}
		if taken {
			fields["code"] = domain.MsgCodeTaken
		}
	}
	for f, m := range domain.ImageCount(keptImages, len(in.Images)) {
		fields[f] = m
	}
	if _, bad := fields["images"]; !bad {
		for _, up := range in.Images {
			_, err := attachments.Validate(up.Filename, up.Data)
			if err != nil {
				e := apperror.As(err)
				if e == nil || e.Code != apperror.CodeInvalid {
					return d, 0, apperror.Internal(err)
				}
				fields["images"] = e.Message
				break
			}
		}
	}
	if len(fields) > 0 {
		return d, 0, invalid(fields)
	}
	return d, companyID, nil
}

// saveImages stores the uploads as attachments of product productID.
func (s *Service) saveImages(ctx context.Context, tx bun.IDB, p caller.Principal, companyID, productID int64, ups []Upload) error {
	for _, up := range ups {
		_, err := s.d.Attachments.Save(ctx, tx, attachments.Attachment{Info: attachments.Info{CompanyID: companyID,
			Owner: ImageOwner, OwnerID: productID, Filename: up.Filename, CreatedBy: p.UserID}, Data: up.Data})
		if err != nil {
			return err
		}
	}
	return nil
}

// codeConflict turns a failed write into "code taken" when a racing write took the code.
func (s *Service) codeConflict(ctx context.Context, err error, companyID int64, code string, exceptID int64) error {
	if e := apperror.As(err); e != nil {
		return e
	}
	if taken, _ := s.store.CodeTaken(ctx, companyID, code, exceptID); taken {
		return apperror.Field("code", domain.MsgCodeTaken)
	}
	return apperror.Internal(err)
}

// keepCategory keeps the category a product names, in tx, from being deleted until the product
// is written (store.KeepCategory): checkProduct read it before the transaction, and a category
// archived since then refuses the write as a missing one does. A category's archive takes it
// (FOR UPDATE) before asking whether live products name it, so the two queue on PostgreSQL and
// never both succeed.
func (s *Service) keepCategory(ctx context.Context, tx bun.IDB, companyID, categoryID int64) error {
	err := s.store.With(tx).KeepCategory(ctx, companyID, categoryID)
	if isNotFound(err) {
		return invalid(map[string]string{"category_id": domain.MsgCategoryRequired})
	}
	return err
}

// CreateProduct adds a product, with its opening stock and images, to the company of its
// category (which must be visible to p).
func (s *Service) CreateProduct(ctx context.Context, p caller.Principal, in ProductInput) (Product, error) {
	d, companyID, err := s.checkProduct(ctx, s.scopeOf(p, 0), in, 0, 0)
	if err != nil {
		return Product{}, err
	}
	now := s.d.Now().UTC()
	row := &store.Product{CompanyID: companyID, CategoryID: d.CategoryID, Code: d.Code, Name: d.Name, Unit: d.Unit,
		CostCents: d.CostCents, PriceCents: d.PriceCents, Quantity: d.Quantity, AlertQuantity: d.AlertQuantity,
		IVAClass: string(d.IVAClass), Kind: string(d.Kind), CreatedBy: ptr(p.UserID), UpdatedBy: ptr(p.UserID),
		CreatedAt: now, UpdatedAt: now}
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.keepCategory(ctx, tx, companyID, d.CategoryID); err != nil {
			return err
		}
		if err := s.store.With(tx).InsertProduct(ctx, row); err != nil {
			return err
		}
		if err := s.saveImages(ctx, tx, p, companyID, row.ID, in.Images); err != nil {
			return err
		}
		return s.record(ctx, tx, p, companyID, "product_created", "product", row.ID,
			fmt.Sprintf("code=%s quantity=%d images=%d", d.Code, d.Quantity, len(in.Images)), now)
	})
	if err != nil {
		return Product{}, s.codeConflict(ctx, err, companyID, d.Code, 0)
	}
	s.d.Counter.Bump(ctx, tableProducts)
	return s.GetProduct(ctx, p, row.ID)
}

// UpdateProduct edits everything but the stock of a product p may see: the stock changes only
// through AdjustStock (receiving, returns, sales). RemoveImages drops images, Images adds new
// ones after those kept; the product keeps at most five.
func (s *Service) UpdateProduct(ctx context.Context, p caller.Principal, productID int64, in ProductInput) (Product, error) {
	cur, err := s.store.ProductByID(ctx, s.scopeOf(p, 0), productID)
	if isNotFound(err) {
		return Product{}, notFound()
	}
	if err != nil {
		return Product{}, apperror.Internal(err)
	}
	imgs, err := s.d.Attachments.ListByOwner(ctx, s.d.DB, ImageOwner, cur.ID)
	if err != nil {
		return Product{}, apperror.Internal(err)
	}
	existing := imgs[cur.ID]
	for _, rm := range in.RemoveImages {
		if !slices.ContainsFunc(existing, func(i attachments.Info) bool { return i.ID == rm }) {
			return Product{}, apperror.Field("remove_images", domain.MsgImageNotOfProduct)
		}
	}
	kept := len(existing) - len(uniq(in.RemoveImages))
	// The category must belong to the product's own company: a product never moves company.
	in.Quantity = cur.Quantity
	d, companyID, err := s.checkProduct(ctx, store.Scope{CompanyID: cur.CompanyID}, in, cur.ID, kept)
	if err != nil {
		return Product{}, err
	}
	now := s.d.Now().UTC()
	row := cur.Product
	row.CategoryID, row.Code, row.Name, row.Unit = d.CategoryID, d.Code, d.Name, d.Unit
	row.CostCents, row.PriceCents, row.AlertQuantity = d.CostCents, d.PriceCents, d.AlertQuantity
	row.IVAClass, row.Kind, row.UpdatedAt, row.UpdatedBy = string(d.IVAClass), string(d.Kind), now, ptr(p.UserID)
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.keepCategory(ctx, tx, companyID, d.CategoryID); err != nil {
			return err
		}
		st := s.store.With(tx)
		if err := st.UpdateProduct(ctx, &row); err != nil {
			return err
		}
		for _, rm := range uniq(in.RemoveImages) {
			if err := s.d.Attachments.SoftDelete(ctx, tx, rm, attachments.Scope{CompanyID: companyID}, p.UserID); err != nil {
				return err
			}
		}
		if err := s.saveImages(ctx, tx, p, companyID, row.ID, in.Images); err != nil {
			return err
		}
		return s.record(ctx, tx, p, companyID, "product_updated", "product", row.ID,
			fmt.Sprintf("code=%s cost=%d price=%d images+%d-%d", d.Code, d.CostCents, d.PriceCents,
				len(in.Images), len(uniq(in.RemoveImages))), now)
	})
	if err != nil {
		return Product{}, s.codeConflict(ctx, err, companyID, d.Code, row.ID)
	}
	s.d.Counter.Bump(ctx, tableProducts)
	return s.GetProduct(ctx, p, row.ID)
}

// DeleteProduct soft-deletes a product p may see, unless another module's record still refers
// to it. Its images stay attached, so that an administrator's restore brings them back.
func (s *Service) DeleteProduct(ctx context.Context, p caller.Principal, productID int64) error {
	cur, err := s.store.ProductByID(ctx, s.scopeOf(p, 0), productID)
	if isNotFound(err) {
		return notFound()
	}
	if err != nil {
		return apperror.Internal(err)
	}
	now := s.d.Now().UTC()
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := archiving.Free(ctx, tx, tableProducts, cur.ID, s.productRefs, apperror.Conflict(domain.MsgProductInUse)); err != nil {
			return err
		}
		if err := s.store.With(tx).SoftDeleteProduct(ctx, cur.ID, p.UserID, now); err != nil {
			return err
		}
		return s.record(ctx, tx, p, cur.CompanyID, "product_deleted", "product", cur.ID, cur.Code+" "+cur.Name, now)
	})
	if e := apperror.As(err); e != nil {
		return e
	}
	if isNotFound(err) {
		return notFound()
	}
	if err != nil {
		return apperror.Internal(err)
	}
	s.d.Counter.Bump(ctx, tableProducts)
	return nil
}

// AdjustStock adds delta units (negative: takes them out) to a product's stock inside the
// caller's transaction tx, refusing to go below zero ('Not enough stock.'). The caller has
// checked the product belongs to the company it works for.
func (s *Service) AdjustStock(ctx context.Context, tx bun.IDB, productID, delta int64) (int64, error) {
	qty, err := s.store.With(tx).AdjustStock(ctx, productID, delta, s.d.Now().UTC())
	var short *store.Shortage
	switch {
	case isNotFound(err):
		return 0, notFound()
	case errors.As(err, &short):
		// The shortage rides along as the cause: a caller that names the units available
		// (sales) finds it with errors.As; to the others it is a 409 'Not enough stock.'.
		e := apperror.Conflict(domain.MsgNotEnoughStock)
		e.Cause = short
		return 0, e
	case err != nil:
		return 0, apperror.Internal(err)
	}
	return qty, nil
}

// StockChanged clears cached list totals after a committed stock change (the low-stock
// filter's count depends on stock).
func (s *Service) StockChanged(ctx context.Context) { s.d.Counter.Bump(ctx, tableProducts) }

func uniq(ids []int64) []int64 {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}

// IndexSearch writes the words of the categories and products that have none (written before the word index
// existed, or loaded straight into the table) and clears the cached list totals when it did.
func (s *Service) IndexSearch(ctx context.Context) (int, error) {
	c, err := s.store.FillCategoryWords(ctx)
	if c > 0 {
		s.d.Counter.Bump(ctx, tableCategories)
	}
	if err != nil {
		return c, err
	}
	n, err := s.store.IndexMissingWords(ctx)
	if n > 0 {
		s.d.Counter.Bump(ctx, tableProducts)
	}
	return c + n, err
}
