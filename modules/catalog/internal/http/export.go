package http

import (
	"github.com/backoffice/backoffice/modules/catalog/internal/app"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// Column headers and value labels of the exports, per language (the web app's i18next
// language, sent as ?lang=).
var (
	categoryHeaderText = map[string][]string{
		"en": {"Name", "Ordered quantity", "Received quantity", "Percentage", "Created at"},
		"es": {"Nombre", "Cantidad pedida", "Cantidad recibida", "Porcentaje", "Creada"},
	}
	productHeaderText = map[string][]string{
		"en": {"Code", "Name", "Category", "Unit", "Cost", "Price", "Profit or loss", "Quantity", "Alert quantity", "IVA", "Type", "Created at"},
		"es": {"Código", "Nombre", "Categoría", "Unidad", "Costo", "Precio", "Utilidad o pérdida", "Cantidad", "Cantidad de alerta", "IVA", "Tipo", "Creado"},
	}
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

func categoryHeaders(lang string) []string { return categoryHeaderText[langOf(lang)] }

func productHeaders(lang string) []string { return productHeaderText[langOf(lang)] }

func categoryRow(c app.Category) []any {
	return []any{c.Name, c.OrderedQuantity, c.ReceivedQuantity, c.Percentage, c.CreatedAt}
}

func productRow(p app.Product, lang string) []any {
	labels := labelText[langOf(lang)]
	return []any{p.Code, p.Name, p.Category.Name, p.Unit, xlsx.Centavos(p.CostCents), xlsx.Centavos(p.PriceCents),
		xlsx.Centavos(p.ProfitCents), p.Quantity, p.AlertQuantity, labels[p.IVAClass], labels[p.Kind], p.CreatedAt}
}
