package http

import (
	"github.com/backoffice/backoffice/modules/payments/internal/app"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// Export sheet names, column headers and value words per language (?lang=, the web app's
// language). Dates are date cells (xlsx.Day), types, methods and statuses words, never the API's
// codes.
var (
	sheetName = map[string]string{"en": "Payments", "es": "Pagos"}
	columns   = []xlsx.Header{{"Date", "Fecha"}, {"Type", "Tipo"}, {"Direction", "Sentido"}, {"Document", "Documento"}, {"Supplier / customer", "Proveedor / cliente"},
		{"Reference No", "Referencia"}, {"Method", "Medio de pago"}, {"Amount", "Valor"}, {"Run", "Lote"}, {"Note", "Nota"},
		{"Approval", "Aprobación"}, {"Created by", "Creado por"}, {"Created at", "Creado"}}
	typeWords = xlsx.Words{"purchase": {"Purchase", "Compra"}, "sale": {"Sale", "Venta"}}
	// directionWords: a refund is the money a supplier gives back (un reembolso).
	directionWords = xlsx.Words{"payment": {"Payment", "Pago"}, "refund": {"Refund", "Reembolso"}}
	methodWords    = xlsx.Words{"cash": {"Cash", "Efectivo"}, "transfer": {"Transfer", "Transferencia"}, "card": {"Card", "Tarjeta"},
		"cheque": {"Cheque", "Cheque"}}
	// approvalWords are the approval states (un pago: masculine in Spanish).
	approvalWords = xlsx.Words{"pending": {"Pending", "Pendiente"}, "approved": {"Approved", "Aprobado"}, "rejected": {"Rejected", "Rechazado"}}
)

func row(p app.Payment, lang string) []any {
	return []any{xlsx.Day(p.Date), typeWords.In(lang, p.Type), directionWords.In(lang, p.Direction), p.DocumentNumber, p.PartyName, p.ReferenceNo,
		methodWords.In(lang, p.Method), xlsx.Centavos(p.AmountCents), p.BatchNumber, p.Note,
		approvalWords.In(lang, p.ApprovalStatus), p.CreatedByName, p.CreatedAt}
}
