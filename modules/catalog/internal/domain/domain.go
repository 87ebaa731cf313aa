// Package domain holds the catalog's pure rules: what a valid category and product are, the IVA
// classes and product kinds, profit per unit and the ordered/received percentage of a category.
// No I/O here; the app layer calls these before touching the store.
package domain

import (
	"strings"
	"unicode/utf8"

	"github.com/backoffice/backoffice/platform/bounds"
)

// Messages the API sends (English keys; the web app translates them).
const (
	MsgNotFound            = "The requested information was not found"
	MsgNameRequired        = "Name is required."
	MsgNameTooLong         = "Name may have at most 200 characters."
	MsgCategoryNameTaken   = "The name has already been taken."
	MsgCodeRequired        = "Code is required."
	MsgCodeTooLong         = "Code may have at most 60 characters."
	MsgCodeTaken           = "The code has already been taken."
	MsgCategoryRequired    = "Please select a category."
	MsgUnitRequired        = "Unit is required."
	MsgUnitTooLong         = "Unit may have at most 20 characters."
	MsgCostInvalid         = "Cost must be between 0 and 1,000,000,000,000.00."
	MsgPriceInvalid        = "Price must be between 0 and 1,000,000,000,000.00."
	MsgQuantityInvalid     = "Quantity must be between 0 and 1,000,000,000."
	MsgAlertInvalid        = "Alert quantity must be between 0 and 1,000,000,000."
	MsgIVAClassInvalid     = "Please select an IVA class: 19, 5, exento or excluido."
	MsgKindInvalid         = "Please select a product type: goods or service."
	MsgTooManyImages       = "A product can have at most 5 images."
	MsgCategoryInUse       = "Category cannot be deleted"
	MsgProductInUse        = "Product cannot be deleted"
	MsgCompanyNotFound     = "Please select a company."
	MsgNotEnoughStock      = "Not enough stock."
	MsgImageNotOfProduct   = "This image does not belong to the product."
	MsgQuantityAfterCreate = "Quantity changes only through receiving and sales."
)

// Limits of the fields.
const (
	MaxNameLen = 200
	MaxCodeLen = 60
	MaxUnitLen = 20
	// MaxMoneyCents bounds a cost or a price: the money-per-unit bound every document shares
	// (platform/bounds, 1,000,000,000,000.00 pesos), so a product's cost is always a valid line
	// cost of a purchase.
	MaxMoneyCents = bounds.MaxUnitCents
	// MaxQuantity bounds stock and alert quantities (whole units): the quantity bound of
	// platform/bounds.
	MaxQuantity = bounds.MaxQuantity
	// MaxImages is how many images a product may carry.
	MaxImages = 5
)

// IVAClass is a product's VAT treatment (DESIGN §5). Exento (0 %, with the right to deduct) and
// excluido (outside VAT) are both 0 % but stay distinct because the tax engine treats them apart.
type IVAClass string

// The IVA classes.
const (
	IVA19       IVAClass = "19"
	IVA5        IVAClass = "5"
	IVAExento   IVAClass = "exento"
	IVAExcluido IVAClass = "excluido"
)

// Valid reports whether c is one of the IVA classes.
func (c IVAClass) Valid() bool {
	switch c {
	case IVA19, IVA5, IVAExento, IVAExcluido:
		return true
	}
	return false
}

// Kind says whether a product is goods or a service; withholding rates and minimum bases differ.
type Kind string

// The product kinds.
const (
	KindGoods   Kind = "goods"
	KindService Kind = "service"
)

// Valid reports whether k is a product kind.
func (k Kind) Valid() bool { return k == KindGoods || k == KindService }

// CategoryName trims name and checks it; fields maps "name" to its message when invalid.
func CategoryName(name string) (string, map[string]string) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return name, map[string]string{"name": MsgNameRequired}
	case utf8.RuneCountInString(name) > MaxNameLen:
		return name, map[string]string{"name": MsgNameTooLong}
	}
	return name, nil
}

// Product is the editable part of a product, as the form sends it.
type Product struct {
	Code          string
	Name          string
	CategoryID    int64
	Unit          string
	CostCents     int64
	PriceCents    int64
	Quantity      int64
	AlertQuantity int64
	IVAClass      IVAClass
	Kind          Kind
}

// Normalize trims the text fields.
func (p Product) Normalize() Product {
	p.Code = strings.TrimSpace(p.Code)
	p.Name = strings.TrimSpace(p.Name)
	p.Unit = strings.TrimSpace(p.Unit)
	return p
}

// Validate returns a message per invalid field (nil when p is valid). p should be normalized.
func (p Product) Validate() map[string]string {
	f := map[string]string{}
	switch {
	case p.Code == "":
		f["code"] = MsgCodeRequired
	case utf8.RuneCountInString(p.Code) > MaxCodeLen:
		f["code"] = MsgCodeTooLong
	}
	switch {
	case p.Name == "":
		f["name"] = MsgNameRequired
	case utf8.RuneCountInString(p.Name) > MaxNameLen:
		f["name"] = MsgNameTooLong
	}
	if p.CategoryID <= 0 {
		f["category_id"] = MsgCategoryRequired
	}
	switch {
	case p.Unit == "":
		f["unit"] = MsgUnitRequired
	case utf8.RuneCountInString(p.Unit) > MaxUnitLen:
		f["unit"] = MsgUnitTooLong
	}
	if p.CostCents < 0 || p.CostCents > MaxMoneyCents {
		f["cost_cents"] = MsgCostInvalid
	}
	if p.PriceCents < 0 || p.PriceCents > MaxMoneyCents {
		f["price_cents"] = MsgPriceInvalid
	}
	if p.Quantity < 0 || p.Quantity > MaxQuantity {
		f["quantity"] = MsgQuantityInvalid
	}
	if p.AlertQuantity < 0 || p.AlertQuantity > MaxQuantity {
		f["alert_quantity"] = MsgAlertInvalid
	}
	if !p.IVAClass.Valid() {
		f["iva_class"] = MsgIVAClassInvalid
	}
	if !p.Kind.Valid() {
		f["kind"] = MsgKindInvalid
	}
	if len(f) == 0 {
		return nil
	}
	return f
}

// FieldOrder is the order of the form's fields: the first invalid one gives an error its
// headline message.
var FieldOrder = []string{"code", "name", "category_id", "unit", "cost_cents", "price_cents", "quantity",
	"alert_quantity", "iva_class", "kind", "images"}

// Profit is the profit (negative: loss) per unit sold at price after buying at cost.
func Profit(costCents, priceCents int64) int64 { return priceCents - costCents }

// LowStock reports whether a product's stock has fallen to its alert level. A service holds no
// stock (its quantity stays 0), so it never raises a quantity alert.
func LowStock(kind Kind, quantity, alertQuantity int64) bool {
	return kind == KindGoods && quantity <= alertQuantity
}

// Percentage is received as a percentage of ordered, rounded half-up to two decimals (0 when
// nothing was ordered). It is computed in hundredths of a percent with integers so that the
// rounding is exact; the float only carries the final value to JSON.
func Percentage(received, ordered int64) float64 {
	if ordered <= 0 || received <= 0 {
		return 0
	}
	hundredths := (received*10000*2 + ordered) / (ordered * 2)
	return float64(hundredths) / 100
}

// ImageCount checks how many images a product ends up with after an edit.
func ImageCount(kept, added int) map[string]string {
	if kept+added > MaxImages {
		return map[string]string{"images": MsgTooManyImages}
	}
	return nil
}
