package http

import (
	"github.com/backoffice/backoffice/modules/procurement/internal/app"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// Column headers and status labels of the exports, per language (?lang=, the web app's
// i18next language).
var (
	orderHeaderText = map[string][]string{
		"en": {"Reference No", "Category", "Product code", "Product", "Quantity", "Received quantity", "Pending quantity", "Balance", "Status", "Note", "Created at"},
		"es": {"N.º de referencia", "Categoría", "Código del producto", "Producto", "Cantidad", "Cantidad recibida", "Cantidad pendiente", "Saldo", "Estado", "Nota", "Creada"},
	}
	receiptHeaderText = map[string][]string{
		"en": {"Reference No", "Purchase order", "Category", "Product code", "Product", "Receive quantity", "Balance", "Status", "Note", "Created at"},
		"es": {"N.º de referencia", "Orden de compra", "Categoría", "Código del producto", "Producto", "Cantidad recibida", "Saldo", "Estado", "Nota", "Creada"},
	}
	statusText = xlsx.Words{"pending": {"Pending", "Pendiente"}, "approved": {"Approved", "Aprobada"}, "rejected": {"Rejected", "Rechazada"},
		"partially_received": {"Partially received", "Recibida parcialmente"}, "received": {"Received", "Recibida"}}
)

func orderHeaders(lang string) []string { return orderHeaderText[xlsx.Lang(lang)] }

func receiptHeaders(lang string) []string { return receiptHeaderText[xlsx.Lang(lang)] }

func orderRow(o app.PurchaseOrder, lang string) []any {
	return []any{o.ReferenceNo, o.Category.Name, o.Product.Code, o.Product.Name, o.Quantity, o.ReceivedQuantity,
		o.PendingQuantity, o.Balance, statusText.In(lang, o.Status), o.Note, o.CreatedAt}
}

func receiptRow(r app.ReceivedOrder, lang string) []any {
	return []any{r.ReferenceNo, r.PurchaseOrder.ReferenceNo, r.Category.Name, r.Product.Code, r.Product.Name,
		r.Quantity, r.Balance, statusText.In(lang, r.Status), r.Note, r.CreatedAt}
}
