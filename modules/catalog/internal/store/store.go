// Package store is the catalog module's only SQL: categories and products (their images are
// platform/attachments rows). Every read is limited to a Scope (one company, or every company for an
// administrator) and to live rows (deleted_at IS NULL), so a row of another company is simply
// not found.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/search"
)

// ErrNotFound is returned when no live row in scope matches.
var ErrNotFound = db.ErrNotFound

// Shortage is AdjustStock's refusal of a change that would make stock negative: Available is
// the product's stock at the refusal, read under the row's lock (see AdjustStock).
type Shortage struct {
	ProductID, Available int64
}

func (e *Shortage) Error() string {
	return fmt.Sprintf("catalog store: not enough stock of product %d: %d available", e.ProductID, e.Available)
}

// Scope is the companies a caller may see (see listing.Scope).
type Scope = listing.Scope

// Category is a row of categories.
type Category struct {
	bun.BaseModel `bun:"table:categories,alias:c"`

	ID        int64      `bun:"id,pk,autoincrement"`
	CompanyID int64      `bun:"company_id,notnull"`
	Name      string     `bun:"name,notnull"`
	CreatedBy *int64     `bun:"created_by"`
	UpdatedBy *int64     `bun:"updated_by"`
	CreatedAt time.Time  `bun:"created_at,notnull"`
	UpdatedAt time.Time  `bun:"updated_at,notnull"`
	DeletedAt *time.Time `bun:"deleted_at"`
	DeletedBy *int64     `bun:"deleted_by"`
	// SearchWords is the category's words column (CategoryWords), written with its name.
	SearchWords string `bun:"search_words"`

	// SortName is lower(name) as the database computes it (lists only): a page's cursor must
	// carry the value SQL compares, and SQLite's lower() folds only ASCII letters.
	SortName string `bun:"sort_name,scanonly"`
}

// Product is a row of products.
type Product struct {
	bun.BaseModel `bun:"table:products,alias:p"`

	ID            int64      `bun:"id,pk,autoincrement"`
	CompanyID     int64      `bun:"company_id,notnull"`
	CategoryID    int64      `bun:"category_id,notnull"`
	Code          string     `bun:"code,notnull"`
	Name          string     `bun:"name,notnull"`
	Unit          string     `bun:"unit,notnull"`
	CostCents     int64      `bun:"cost_cents,notnull"`
	PriceCents    int64      `bun:"price_cents,notnull"`
	Quantity      int64      `bun:"quantity,notnull"`
	AlertQuantity int64      `bun:"alert_quantity,notnull"`
	IVAClass      string     `bun:"iva_class,notnull"`
	Kind          string     `bun:"kind,notnull"`
	CreatedBy     *int64     `bun:"created_by"`
	UpdatedBy     *int64     `bun:"updated_by"`
	CreatedAt     time.Time  `bun:"created_at,notnull"`
	UpdatedAt     time.Time  `bun:"updated_at,notnull"`
	DeletedAt     *time.Time `bun:"deleted_at"`
	DeletedBy     *int64     `bun:"deleted_by"`
}

// ProductRow is a product with its category's name, as lists and the detail show it.
type ProductRow struct {
	Product      `bun:",extend"`
	CategoryName string `bun:"category_name,scanonly"`
	// SortName is lower(name) as the database computes it (see Category.SortName).
	SortName string `bun:"sort_name,scanonly"`
}

// Store reads and writes the catalog tables on db (a *bun.DB or a transaction).
type Store struct{ db bun.IDB }

// New returns a Store on db.
func New(db bun.IDB) *Store { return &Store{db: db} }

// With returns a Store working inside tx.
func (s *Store) With(tx bun.IDB) *Store { return &Store{db: tx} }

// ---- categories ----

// CategorySpec is the categories list's sorts.
var CategorySpec = listing.Spec{
	Columns: map[string]listing.Column{
		"name":       {Expr: "lower(c.name)", Kind: listing.String},
		"created_at": {Expr: "c.created_at", Kind: listing.Time},
	},
	Default: "name",
	ID:      "c.id",
}

// CategoryFilter is the categories list's search.
type CategoryFilter struct {
	Q string
}

// Key identifies the filter and scope in cache keys.
func (f CategoryFilter) Key(sc Scope) string {
	return sc.String() + "|q=" + strings.ToLower(strings.TrimSpace(f.Q))
}

func (s *Store) categories(sc Scope, f CategoryFilter, model any) *bun.SelectQuery {
	q := s.db.NewSelect().Model(model).Where("c.deleted_at IS NULL")
	q = listing.Restrict(q, sc, "c.company_id")
	return CategoryWords.Where(q, "c", f.Q)
}

// CategoryWords is the categories' words column (platform/search): a company's categories are
// few, so their search scans them by the words rule instead of keeping a word table.
var CategoryWords = search.Column{Table: "categories", Name: "search_words", Fields: []string{"name"}}

// FillCategoryWords writes the words of the categories that have none (written before the
// column existed) and returns how many it wrote.
func (s *Store) FillCategoryWords(ctx context.Context) (int, error) {
	return CategoryWords.FillMissing(ctx, s.db)
}

// ListCategories returns one page of categories (plan's keyset, order and limit).
func (s *Store) ListCategories(ctx context.Context, sc Scope, f CategoryFilter, plan *listing.Plan) ([]Category, error) {
	var rows []Category
	err := plan.Apply(s.categories(sc, f, &rows).ColumnExpr("c.*").ColumnExpr("lower(c.name) AS sort_name")).Scan(ctx)
	return rows, err
}

// CountCategories counts the categories matching f in scope.
func (s *Store) CountCategories(ctx context.Context, sc Scope, f CategoryFilter) (int, error) {
	n, err := s.categories(sc, f, (*Category)(nil)).Count(ctx)
	return int(n), err
}

// EachCategory calls fn for every category matching f in scope, in the order of sort (a key of
// CategorySpec, "-" for descending), without loading them all at once.
func (s *Store) EachCategory(ctx context.Context, sc Scope, f CategoryFilter, sort string, fn func(Category) error) error {
	q := s.categories(sc, f, (*Category)(nil)).OrderExpr(CategorySpec.OrderBy(sort))
	return listing.Each(ctx, q, fn)
}

// CategoryByID finds a live category in scope.
func (s *Store) CategoryByID(ctx context.Context, sc Scope, id int64) (*Category, error) {
	c := new(Category)
	err := s.categories(sc, CategoryFilter{}, c).Where("c.id = ?", id).Scan(ctx)
	return c, db.NotFound(err)
}

// CategoryNameTaken reports whether another live category of the company has this name
// (letter case ignored).
func (s *Store) CategoryNameTaken(ctx context.Context, companyID int64, name string, exceptID int64) (bool, error) {
	return s.db.NewSelect().Model((*Category)(nil)).Where("c.company_id = ?", companyID).
		Where("lower(c.name) = ?", strings.ToLower(name)).Where("c.id <> ?", exceptID).
		Where("c.deleted_at IS NULL").Exists(ctx)
}

// InsertCategory adds c and sets its ID.
func (s *Store) InsertCategory(ctx context.Context, c *Category) error {
	c.SearchWords = search.WordsText(c.Name)
	_, err := s.db.NewInsert().Model(c).Returning("id").Exec(ctx)
	return err
}

// UpdateCategory saves c's name.
func (s *Store) UpdateCategory(ctx context.Context, c *Category) error {
	c.SearchWords = search.WordsText(c.Name)
	_, err := s.db.NewUpdate().Model(c).Column("name", "search_words", "updated_at", "updated_by").WherePK().
		Where("deleted_at IS NULL").Exec(ctx)
	return err
}

// CategoriesWithProducts returns which of the categories ids a live product belongs to, in one
// query; nothing is read for no ids.
func (s *Store) CategoriesWithProducts(ctx context.Context, ids []int64) ([]int64, error) {
	return db.AmongIDs(ctx, s.db.NewSelect().Model((*Product)(nil)).Where("p.deleted_at IS NULL"), "p.category_id", ids)
}

// HoldCategories and HoldProducts take the rows ids for the rest of the transaction the Store
// works in, before a delete asks what holds them (db.HoldRows).
func (s *Store) HoldCategories(ctx context.Context, ids []int64) error {
	return db.HoldRows(ctx, s.db, "categories", ids)
}

// HoldProducts is HoldCategories for products.
func (s *Store) HoldProducts(ctx context.Context, ids []int64) error {
	return db.HoldRows(ctx, s.db, "products", ids)
}

// SoftDeleteCategory marks the category deleted.
func (s *Store) SoftDeleteCategory(ctx context.Context, id, by int64, at time.Time) error {
	return softDelete(ctx, s.db.NewUpdate().Model((*Category)(nil)), id, by, at)
}

// ---- products ----

// ProductSpec is the products list's sorts.
var ProductSpec = listing.Spec{
	Columns: map[string]listing.Column{
		"name":        {Expr: "lower(p.name)", Kind: listing.String},
		"code":        {Expr: "p.code", Kind: listing.String},
		"price_cents": {Expr: "p.price_cents", Kind: listing.Int},
		"quantity":    {Expr: "p.quantity", Kind: listing.Int},
		"created_at":  {Expr: "p.created_at", Kind: listing.Time},
	},
	Default: "name",
	ID:      "p.id",
}

// ProductChoiceSpec is the sorts of the product pick-list (ProductSpec without the money and
// stock sorts, whose order would tell what the pick-list hides).
var ProductChoiceSpec = listing.Spec{
	Columns: map[string]listing.Column{
		"name":       ProductSpec.Columns["name"],
		"code":       ProductSpec.Columns["code"],
		"created_at": ProductSpec.Columns["created_at"],
	},
	Default: ProductSpec.Default,
	ID:      ProductSpec.ID,
}

// ProductFilter is the products list's search and filters.
type ProductFilter struct {
	Q          string
	CategoryID int64
	IVAClass   string
	Kind       string
	// LowStock keeps the products whose stock is at or below their alert quantity.
	LowStock bool
}

// Key identifies the filter and scope in cache keys.
func (f ProductFilter) Key(sc Scope) string {
	return fmt.Sprintf("%s|q=%s|cat=%d|iva=%s|kind=%s|low=%t", sc, strings.ToLower(strings.TrimSpace(f.Q)),
		f.CategoryID, f.IVAClass, f.Kind, f.LowStock)
}

// ProductWords is the products' word index (platform/search): the words of a product's name
// and code, kept by InsertProduct, UpdateProduct and SoftDeleteProduct.
var ProductWords = search.Table{Name: "product_words", Key: "product_id", Source: "products", SortExpr: "lower(s.name)"}

// ProductWordsOf returns the indexed words of a product.
func ProductWordsOf(p *Product) []string {
	var w search.Words
	return w.Text(p.Name).Identifier(p.Code).List()
}

// onlySearch tells whether f is a search and nothing else, which a page can read from the word
// index alone.
func (f ProductFilter) onlySearch() bool {
	return f.CategoryID == 0 && f.IVAClass == "" && f.Kind == "" && !f.LowStock
}

func (s *Store) products(sc Scope, f ProductFilter, model any) *bun.SelectQuery {
	q := s.db.NewSelect().Model(model).Where("p.deleted_at IS NULL")
	q = listing.Restrict(q, sc, "p.company_id")
	if terms := search.Terms(f.Q); len(terms) > 0 {
		q = q.Where("p.id IN (?)", ProductWords.IDs(s.db, terms, sc))
	}
	if f.CategoryID != 0 {
		q = q.Where("p.category_id = ?", f.CategoryID)
	}
	if f.IVAClass != "" {
		q = q.Where("p.iva_class = ?", f.IVAClass)
	}
	if f.Kind != "" {
		q = q.Where("p.kind = ?", f.Kind)
	}
	if f.LowStock {
		// domain.LowStock: goods only, a service holds no stock.
		q = q.Where("p.kind = ?", "goods").Where("p.quantity <= p.alert_quantity")
	}
	return q
}

// productRows is products with the category name joined in.
func (s *Store) productRows(sc Scope, f ProductFilter, model any) *bun.SelectQuery {
	return s.products(sc, f, model).ColumnExpr("p.*").ColumnExpr("c.name AS category_name").
		ColumnExpr("lower(p.name) AS sort_name").
		Join("LEFT JOIN categories AS c ON c.id = p.category_id")
}

// ListProducts returns one page of products (plan's keyset, order and limit). A search in name
// order with no other filter reads its page from the word index, then joins the page's products.
func (s *Store) ListProducts(ctx context.Context, sc Scope, f ProductFilter, plan *listing.Plan) ([]ProductRow, error) {
	var rows []ProductRow
	terms := search.Terms(f.Q)
	if len(terms) == 0 || plan.Key() != "name" || !f.onlySearch() {
		err := plan.Apply(s.productRows(sc, f, &rows)).Scan(ctx)
		return rows, err
	}
	page, err := ProductWords.Page(ctx, s.db, terms, sc, plan)
	if err != nil {
		return nil, err
	}
	err = s.db.NewSelect().Model(&rows).ModelTableExpr("(?) AS m JOIN products AS p ON p.id = m.id", page).
		ColumnExpr("p.*").ColumnExpr("c.name AS category_name").ColumnExpr("m.sort_name AS sort_name").
		Join("LEFT JOIN categories AS c ON c.id = p.category_id").
		Where("p.deleted_at IS NULL").OrderExpr(plan.OrderOn("m.sort_name", "m.id")).Scan(ctx)
	return rows, err
}

// CountProducts counts the products matching f in scope; a search with no other filter is
// counted on the word index alone.
func (s *Store) CountProducts(ctx context.Context, sc Scope, f ProductFilter) (int, error) {
	if terms := search.Terms(f.Q); len(terms) > 0 && f.onlySearch() {
		n, err := s.db.NewSelect().TableExpr("(?) AS m", ProductWords.Matches(s.db, terms, sc)).Count(ctx)
		return int(n), err
	}
	n, err := s.products(sc, f, (*Product)(nil)).Count(ctx)
	return int(n), err
}

// EachProduct calls fn for every product matching f in scope, in the order of sort (a key of
// ProductSpec, "-" for descending), without loading them all at once.
func (s *Store) EachProduct(ctx context.Context, sc Scope, f ProductFilter, sort string, fn func(ProductRow) error) error {
	q := s.productRows(sc, f, (*ProductRow)(nil)).OrderExpr(ProductSpec.OrderBy(sort))
	return listing.Each(ctx, q, fn)
}

// ProductByID finds a live product in scope.
func (s *Store) ProductByID(ctx context.Context, sc Scope, id int64) (*ProductRow, error) {
	row := new(ProductRow)
	err := s.productRows(sc, ProductFilter{}, row).Where("p.id = ?", id).Scan(ctx)
	return row, db.NotFound(err)
}

// CodeTaken reports whether another live product of the company has this code (letter case
// ignored).
func (s *Store) CodeTaken(ctx context.Context, companyID int64, code string, exceptID int64) (bool, error) {
	return s.db.NewSelect().Model((*Product)(nil)).Where("p.company_id = ?", companyID).
		Where("lower(p.code) = ?", strings.ToLower(code)).Where("p.id <> ?", exceptID).
		Where("p.deleted_at IS NULL").Exists(ctx)
}

// InsertProduct adds p, sets its ID and indexes its words; run it in a transaction.
func (s *Store) InsertProduct(ctx context.Context, p *Product) error {
	if _, err := s.db.NewInsert().Model(p).Returning("id").Exec(ctx); err != nil {
		return err
	}
	return ProductWords.Put(ctx, s.db, map[int64][]string{p.ID: ProductWordsOf(p)})
}

// UpdateProduct saves everything the form edits and indexes the product's words again; stock
// (quantity) is left alone, as it changes only through AdjustStock. Run it in a transaction.
func (s *Store) UpdateProduct(ctx context.Context, p *Product) error {
	_, err := s.db.NewUpdate().Model(p).
		Column("category_id", "code", "name", "unit", "cost_cents", "price_cents", "alert_quantity",
			"iva_class", "kind", "updated_at", "updated_by").
		WherePK().Where("deleted_at IS NULL").Exec(ctx)
	if err != nil {
		return err
	}
	return ProductWords.Put(ctx, s.db, map[int64][]string{p.ID: ProductWordsOf(p)})
}

// SoftDeleteProduct marks the product deleted and takes it out of the word index; run it in a
// transaction.
func (s *Store) SoftDeleteProduct(ctx context.Context, id, by int64, at time.Time) error {
	if err := softDelete(ctx, s.db.NewUpdate().Model((*Product)(nil)), id, by, at); err != nil {
		return err
	}
	return ProductWords.Drop(ctx, s.db, id)
}

// AdjustStock adds delta (negative to take out) to a live product's stock and returns the new
// quantity. The check and the change are one statement, so concurrent adjustments cannot take
// stock below zero between them. A refusal answers *Shortage with the stock available, read
// under the row's lock — PostgreSQL's FOR NO KEY UPDATE, SQLite's write lock, which the caller's
// transaction holds from its start — so that the number is exact until the caller's transaction
// ends; stock given back between the refused statement and that read is taken after all. The
// lock is the one the UPDATE itself takes (NO KEY UPDATE: every stock change waits for it), not
// FOR UPDATE, which would also wait for the documents that keep the product (KeepProducts' FOR
// KEY SHARE): a sale keeping products A and B, waiting for another's change of A, would
// deadlock with that other sale reading B's shortage under FOR UPDATE.
func (s *Store) AdjustStock(ctx context.Context, productID, delta int64, at time.Time) (int64, error) {
	for attempt := 0; ; attempt++ {
		qty, ok, err := s.adjust(ctx, productID, delta, at)
		if err != nil || ok {
			return qty, err
		}
		q := s.db.NewSelect().Model((*Product)(nil)).Column("p.quantity").Where("p.id = ?", productID).
			Where("p.deleted_at IS NULL")
		if db.IsPostgres(s.db) {
			q = q.For("NO KEY UPDATE OF p")
		}
		var available []int64
		if err := q.Scan(ctx, &available); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return 0, err
		}
		switch {
		case len(available) == 0:
			return 0, ErrNotFound
		case available[0]+delta < 0 || attempt > 0:
			return 0, &Shortage{ProductID: productID, Available: available[0]}
		}
		// Stock came back in between, and the row is held now: the change goes through.
	}
}

// adjust is AdjustStock's one conditional statement; ok is false when it changed no row.
func (s *Store) adjust(ctx context.Context, productID, delta int64, at time.Time) (qty int64, ok bool, err error) {
	var rows []int64
	err = s.db.NewUpdate().Model((*Product)(nil)).
		Set("quantity = quantity + ?", delta).Set("updated_at = ?", at).
		Where("id = ?", productID).Where("deleted_at IS NULL").Where("quantity + ? >= 0", delta).
		Returning("quantity").Scan(ctx, &rows)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, false, err
	}
	if len(rows) == 1 {
		return rows[0], true, nil
	}
	return 0, false, nil
}

// ---- shared ----

// softDelete soft-deletes the live row id of q's table, or answers ErrNotFound.
func softDelete(ctx context.Context, q *bun.UpdateQuery, id, by int64, at time.Time) error {
	ok, err := db.SoftDelete(ctx, q, id, by, at)
	if err == nil && !ok {
		err = ErrNotFound
	}
	return err
}

// IndexMissingWords indexes the words of every live product that has none, a batch per
// transaction, and returns how many products it indexed.
func (s *Store) IndexMissingWords(ctx context.Context) (int, error) {
	return ProductWords.IndexMissing(ctx, s.db, func(ctx context.Context, tx bun.IDB, pick func(*bun.SelectQuery) *bun.SelectQuery) (map[int64][]string, error) {
		var rows []Product
		err := pick(tx.NewSelect().Model(&rows).Where("p.deleted_at IS NULL")).Scan(ctx)
		words := make(map[int64][]string, len(rows))
		for i := range rows {
			words[rows[i].ID] = ProductWordsOf(&rows[i])
		}
		return words, err
	})
}
