package http

import "github.com/backoffice/backoffice/modules/procurement/internal/app"

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
	statusText = map[string]map[string]string{
		"en": {"pending": "Pending", "approved": "Approved", "rejected": "Rejected", "partially_received": "Partially received", "received": "Received"},
		"es": {"pending": "Pendiente", "approved": "Aprobada", "rejected": "Rechazada", "partially_received": "Recibida parcialmente", "received": "Recibida"},
	}
)

func langOf(lang string) string {
	if lang == "en" {
		return "en"
	}
	return "es"
}

func orderHeaders(lang string) []string { return orderHeaderText[langOf(lang)] }

func receiptHeaders(lang string) []string { return receiptHeaderText[langOf(lang)] }

func orderRow(o app.PurchaseOrder, lang string) []any {
	return []any{o.ReferenceNo, o.Category.Name, o.Product.Code, o.Product.Name, o.Quantity, o.ReceivedQuantity,
		o.PendingQuantity, o.Balance, statusText[langOf(lang)][o.Status], o.Note, o.CreatedAt}
}

func receiptRow(r app.ReceivedOrder, lang string) []any {
	return []any{r.ReferenceNo, r.PurchaseOrder.ReferenceNo, r.Category.Name, r.Product.Code, r.Product.Name,
		r.Quantity, r.Balance, statusText[langOf(lang)][r.Status], r.Note, r.CreatedAt}
}
