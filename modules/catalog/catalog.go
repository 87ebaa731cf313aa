// Package catalog owns the product categories and the products: code, name, category, unit,
// cost and price (integer centavos), stock in whole units with its alert level, IVA class
// (19, 5, exento, excluido), kind (goods or service) and up to five images (platform/attachments,
// owner "product"). It owns the categories and products tables.
//
// Admin, user and secretary read and write everything here. Buyers pick products in purchase
// orders and read only what that form needs: the categories (names and units ordered and
// received, no money) and the product pick-list GET /api/products/choices (id, code, name,
// category, unit, images) with the product images; the products list, detail, alerts and every
// Excel export — money and stock — answer 403 to them. Everyone but an administrator sees and writes only
// their own company's records; an administrator sees every company (optionally filtered by
// company_id) and creates a category in any company. A product belongs to its category's
// company.
//
// The products list's search (q) finds the products where each word of the text begins a word of
// the name or the code (accents and letter case ignored; "ARZ-000123" typed whole too); it reads
// the product_words index (platform/search), which the store keeps in the transaction of every
// write.
//
// Stock is set once, when a product is created; afterwards it changes only through
// Module.AdjustStock, which the purchasing module (receiving, returns) and the sales module
// call inside their own transaction.
//
// Other modules plug in through small interfaces declared here:
//   - CategoryQuantities: the units ordered and received per category, shown in the categories
//     list. Purchasing will implement it from purchase orders; until then ZeroQuantities
//     answers zero for every category (percentage 0).
//   - CategoryReferences / ProductReferences: which categories or products a purchase, order or
//     sale still refers to; deleting one that is referenced answers 409 'Category cannot be
//     deleted' / 'Product cannot be deleted'. Inside the catalog, a category with live products
//     is refused the same way. A delete — one record, or an advanced delete's batch — takes its
//     rows (FOR UPDATE on PostgreSQL) and asks, in its own transaction, one query per reference
//     for all of them. A write that stores a record naming them keeps them meanwhile (FOR KEY
//     SHARE on PostgreSQL), so the delete waits for it and sees it, or goes first and the
//     write finds them gone: another module's document keeps its products
//     (Module.KeepProducts, in its own transaction), a product's create and edit keep its
//     category. Stock changes lock a product NO KEY UPDATE, which a keep does not block.
package catalog

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/catalog/internal/app"
	"github.com/backoffice/backoffice/modules/catalog/internal/store"
)

// Category is the API's view of a category.
type Category = app.Category

// Product is the API's view of a product (money in centavos).
type Product = app.Product

// ProductChoice is a product of the pick-list (no money, no stock).
type ProductChoice = app.ProductChoice

// Quantities are the units of a category ordered and received.
type Quantities = app.Quantities

// CategoryQuantities reports ordered and received units per category (purchasing).
type CategoryQuantities = app.CategoryQuantities

// CategoryReferences tells whether another module still refers to a category.
type CategoryReferences = app.CategoryReferences

// ProductReferences tells whether another module still refers to a product.
type ProductReferences = app.ProductReferences

// Companies resolves company ids (the settings module implements it).
type Companies = app.Companies

// ZeroQuantities is the CategoryQuantities used until purchase orders exist: nothing ordered,
// nothing received, for every category.
type ZeroQuantities struct{}

// CategoryQuantities answers no quantities, which the catalog reads as zero.
func (ZeroQuantities) CategoryQuantities(context.Context, []int64) (map[int64]Quantities, error) {
	return map[int64]Quantities{}, nil
}

// IndexSearchWords indexes the search words of the products on db that have none, for tools
// that load products straight into the table (the benchmarks); cached list totals are not
// cleared. A running server does the same at start (Module.IndexSearch).
func IndexSearchWords(ctx context.Context, db bun.IDB) (int, error) {
	return store.New(db).IndexMissingWords(ctx)
}

// ProductWords is the products' search word index (platform/search), for tools that read it.
var ProductWords = store.ProductWords
