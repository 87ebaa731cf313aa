package http

import (
	"github.com/backoffice/backoffice/modules/catalog/internal/app"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// Column headers and value labels of the exports, per language (the web app's i18next
// language, sent as ?lang=).
var (
	categoryColumns = []xlsx.Header{{"Name", "Nombre"}, {"Ordered quantity", "Cantidad pedida"},
		{"Received quantity", "Cantidad recibida"}, {"Percentage", "Porcentaje"}, {"Created at", "Creada"}}
	productColumns = []xlsx.Header{{"Code", "Código"}, {"Name", "Nombre"}, {"Category", "Categoría"}, {"Unit", "Unidad"},
		{"Cost", "Costo"}, {"Price", "Precio"}, {"Profit or loss", "Utilidad o pérdida"}, {"Quantity", "Cantidad"},
		{"Alert quantity", "Cantidad de alerta"}, {"IVA", "IVA"}, {"Type", "Tipo"}, {"Created at", "Creado"}}
	labels = xlsx.Words{"19": {"19%", "19%"}, "5": {"5%", "5%"}, "exento": {"Exempt", "Exento"}, "excluido": {"Excluded", "Excluido"},
		"goods": {"Goods", "Bien"}, "service": {"Service", "Servicio"}}
)

func categoryRow(c app.Category) []any {
	return []any{c.Name, c.OrderedQuantity, c.ReceivedQuantity, c.Percentage, c.CreatedAt}
}

func productRow(p app.Product, lang string) []any {
	return []any{p.Code, p.Name, p.Category.Name, p.Unit, xlsx.Centavos(p.CostCents), xlsx.Centavos(p.PriceCents),
		xlsx.Centavos(p.ProfitCents), p.Quantity, p.AlertQuantity, labels.In(lang, p.IVAClass), labels.In(lang, p.Kind), p.CreatedAt}
}
