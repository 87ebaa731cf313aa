package http

import (
	"github.com/backoffice/backoffice/modules/sales/internal/app"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// Export sheet names, column headers and value words per language (?lang=, the web app's
// language). Dates are date cells (xlsx.Day), statuses words, never the API's codes.
var (
	sheetName = map[string]string{"en": "Sales", "es": "Ventas"}
	headers   = map[string][]string{
		"en": {"Date", "Number", "Customer reference", "Customer", "Store", "Seller", "Subtotal", "Discount", "Taxable base",
			"VAT amount", "Withholding income", "Withholding VAT", "Total", "Cost", "Profit", "Paid", "Balance", "Status",
			"Approval", "Created at"},
		"es": {"Fecha", "Número", "Orden del cliente", "Cliente", "Tienda", "Vendedor", "Subtotal", "Descuento", "Base gravable",
			"IVA", "Retención en la fuente", "ReteIVA", "Total", "Costo", "Utilidad", "Pagado", "Saldo", "Estado",
			"Aprobación", "Creada"},
	}
	// paymentWords are the payment statuses, approvalWords the approval states (una venta:
	// feminine in Spanish).
	paymentWords  = xlsx.Words{"pending": {"Pending", "Pendiente"}, "partial": {"Partial", "Parcial"}, "paid": {"Paid", "Pagada"}}
	approvalWords = xlsx.Words{"pending": {"Pending", "Pendiente"}, "approved": {"Approved", "Aprobada"}, "rejected": {"Rejected", "Rechazada"}}
)

func row(s app.Sale, lang string) []any {
	t := s.Totals
	return []any{xlsx.Day(s.SaleDate), s.Number, s.CustomerReference, s.CustomerName, s.StoreName, s.SellerName,
		xlsx.Centavos(t.SubtotalCents), xlsx.Centavos(t.DiscountCents), xlsx.Centavos(t.TaxableBaseCents),
		xlsx.Centavos(t.VATCents), xlsx.Centavos(t.WithholdingIncomeCents), xlsx.Centavos(t.WithholdingVATCents),
		xlsx.Centavos(t.TotalCents), xlsx.Centavos(t.CostCents), xlsx.Centavos(t.ProfitCents), xlsx.Centavos(t.PaidCents),
		xlsx.Centavos(t.BalanceCents), paymentWords.In(lang, s.Status), approvalWords.In(lang, s.ApprovalStatus), s.CreatedAt}
}
