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
	labelText = map[string]map[string]string{
		"en": {"19": "19%", "5": "5%", "exento": "Exempt", "excluido": "Excluded", "goods": "Goods", "service": "Service"},
		"es": {"19": "19%", "5": "5%", "exento": "Exento", "excluido": "Excluido", "goods": "Bien", "service": "Servicio"},
	}
)

func langOf(lang string) string {
	if lang == "en" {
		return "en"
	}
	return "es"
}

func categoryRow(c app.Category) []any {
	return []any{c.Name, c.OrderedQuantity, c.ReceivedQuantity, c.Percentage, c.CreatedAt}
}

func productRow(p app.Product, lang string) []any {
	labels := labelText[langOf(lang)]
	return []any{p.Code, p.Name, p.Category.Name, p.Unit, xlsx.Centavos(p.CostCents), xlsx.Centavos(p.PriceCents),
		xlsx.Centavos(p.ProfitCents), p.Quantity, p.AlertQuantity, labels[p.IVAClass], labels[p.Kind], p.CreatedAt}
}
