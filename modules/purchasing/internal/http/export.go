package http

import (
	"github.com/backoffice/backoffice/modules/purchasing/internal/app"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// Export sheet names, column headers and value words per language (?lang=, the web app's
// language). Dates are date cells (xlsx.Day), statuses words, never the API's codes.
var (
	sheetName = map[string]string{"en": "Purchases", "es": "Compras"}
	headers   = map[string][]string{
		"en": {"Date", "Reference No", "Supplier", "Store", "Subtotal", "Taxable base", "VAT amount", "Withholding income",
			"Withholding VAT", "Total to pay", "Return", "Paid", "Balance", "Status", "Due date", "Approval", "Created at"},
		"es": {"Fecha", "Referencia", "Proveedor", "Tienda", "Subtotal", "Base gravable", "IVA", "Retención en la fuente",
			"ReteIVA", "Total a pagar", "Devolución", "Pagado", "Saldo", "Estado", "Vencimiento", "Aprobación", "Creada"},
	}
	// paymentWords are the payment statuses, approvalWords the approval states (a purchase: feminine).
	paymentWords = xlsx.Words{"pending": {"Pending", "Pendiente"}, "partial": {"Partial", "Parcial"}, "paid": {"Paid", "Pagada"},
		"received": {"Received", "Recibida"}}
	approvalWords = xlsx.Words{"pending": {"Pending", "Pendiente"}, "approved": {"Approved", "Aprobada"}, "rejected": {"Rejected", "Rechazada"}}
)

func row(p app.Purchase, lang string) []any {
	t := p.Totals
	return []any{xlsx.Day(p.PurchaseDate), p.ReferenceNo, p.SupplierName, p.StoreName, xlsx.Centavos(t.SubtotalCents),
		xlsx.Centavos(t.TaxableBaseCents), xlsx.Centavos(t.VATCents), xlsx.Centavos(t.WithholdingIncomeCents),
		xlsx.Centavos(t.WithholdingVATCents), xlsx.Centavos(t.TotalToPayCents), xlsx.Centavos(t.ReturnCents),
		xlsx.Centavos(t.PaidCents), xlsx.Centavos(t.BalanceCents), paymentWords.In(lang, p.Status), xlsx.Day(p.DueDate),
		approvalWords.In(lang, p.ApprovalStatus), p.CreatedAt}
}
