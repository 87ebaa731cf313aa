package http

import (
	"fmt"
	"strconv"

	"github.com/backoffice/backoffice/modules/reports/internal/app"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// sheetNames are the pages' titles, the export's sheet name (at most 31 characters).
var sheetNames = xlsx.Words{
	"overview_chart":           {"Overview", "Resumen"},
	"company_chart":            {"By company", "Por empresa"},
	"store_chart":              {"By store", "Por tienda"},
	"product_quantity_alert":   {"Quantity alerts", "Alertas de cantidad"},
	"expired_purchases_report": {"Payables ageing", "Cartera CxP vencida"},
	"sales_report":             {"Sales", "Ventas"},
	"purchases_report":         {"Purchases", "Compras"},
	"payment_report":           {"Payments", "Pagos"},
	"income_report":            {"Income", "Utilidad bruta"},
	"customers_report":         {"Customers", "Clientes"},
	"suppliers_report":         {"Suppliers", "Proveedores"},
	"users_report":             {"Users", "Usuarios"},
	"product_report":           {"Products", "Productos"},
	"product_expiry_alert":     {"Expiry alerts", "Alertas de vencimiento"},
}

func sheetName(page, lang string) string { return sheetNames.In(lang, page) }

// labels are the column headers per key, the words the web shows (reports:columns.<key>).
var labels = xlsx.Words{
	"date": {"Date", "Fecha"}, "month": {"Month", "Mes"},
	"user_name": {"User", "Usuario"}, "role": {"Role", "Rol"}, "purchases": {"Purchases (no.)", "Compras (n.º)"},
	"sales": {"Sales (no.)", "Ventas (n.º)"}, "payments_cents": {"Payments amount", "Valor de pagos"},
	"approved": {"Approved by them", "Aprobados por él"}, "last_sign_in": {"Last sign-in", "Último ingreso"},
	"amount_cents":       {"Amount", "Valor"},
	"purchased_quantity": {"Purchased (qty)", "Comprado (cant.)"}, "purchased_cents": {"Purchased", "Comprado"},
	"received_quantity": {"Received (qty)", "Recibido (cant.)"}, "returned_quantity": {"Returned (qty)", "Devuelto (cant.)"},
	"returned_cents": {"Returned", "Devuelto"},
	"sold_quantity":  {"Sold (qty)", "Vendido (cant.)"}, "sold_cents": {"Sold", "Vendido"},
	"cost_of_sales_cents": {"Cost of sales", "Costo de ventas"}, "profit_cents": {"Profit", "Utilidad"},
	"stock_quantity": {"Stock", "Existencias"}, "average_cost_cents": {"Average cost", "Costo promedio"},
	"stock_value_cents": {"Stock value", "Valor del inventario"},
	"expiry_date":       {"Expiry date", "Fecha de vencimiento"}, "days_left": {"Days left", "Días restantes"},
	"bucket": {"Expiry", "Vencimiento"}, "lot_cost_cents": {"Cost", "Costo"},
	"company_name": {"Company", "Empresa"}, "store_name": {"Store", "Tienda"},
	"purchases_cents": {"Purchases", "Compras"}, "sales_cents": {"Sales", "Ventas"},
	"payments_out_cents": {"Payments out", "Pagos a proveedores"}, "collections_cents": {"Collections", "Recaudos"},
	"documents": {"Documents", "Documentos"}, "subtotal_cents": {"Subtotal", "Subtotal"},
	"discount_cents": {"Discount", "Descuento"}, "shipping_cents": {"Shipping", "Flete"},
	"base19_cents": {"Base 19%", "Base 19 %"}, "vat19_cents": {"VAT 19%", "IVA 19 %"},
	"base5_cents": {"Base 5%", "Base 5 %"}, "vat5_cents": {"VAT 5%", "IVA 5 %"},
	"base_exento_cents": {"Exempt base", "Base exenta"}, "base_excluido_cents": {"Excluded base", "Base excluida"},
	"taxable_base_cents": {"Taxable base", "Base gravable"}, "vat_cents": {"VAT", "IVA"},
	"invoice_cents": {"Invoice total", "Total factura"}, "withholding_income_cents": {"ReteFuente", "ReteFuente"},
	"withholding_vat_cents": {"ReteIVA", "ReteIVA"}, "total_cents": {"Total", "Total"},
	"direction": {"Direction", "Sentido"}, "method": {"Method", "Medio de pago"}, "party_name": {"Party", "Tercero"},
	"payments": {"Payments", "Pagos"}, "approved_out_cents": {"Paid (approved)", "Pagado (aprobado)"},
	"pending_out_cents": {"Paid (pending)", "Pagado (pendiente)"}, "approved_in_cents": {"Collected (approved)", "Recaudado (aprobado)"},
	"pending_in_cents": {"Collected (pending)", "Recaudado (pendiente)"},
	"paid_cents":       {"Paid", "Pagado"}, "returns_cents": {"Returns", "Devoluciones"}, "balance_cents": {"Balance", "Saldo"},
	"oldest_overdue_days": {"Oldest overdue (days)", "Mayor mora (días)"},
	"kind":                {"Movement", "Movimiento"}, "number": {"Number", "Número"},
	"charge_cents": {"Charge", "Cargo"}, "credit_cents": {"Credit", "Abono"},
	"days_1_30_cents": {"1–30 days", "1–30 días"}, "days_31_60_cents": {"31–60 days", "31–60 días"},
	"days_61_90_cents": {"61–90 days", "61–90 días"}, "over_90_cents": {"Over 90 days", "Más de 90 días"},
	"overdue_cents": {"Overdue", "Vencido"},
	"code":          {"Code", "Código"}, "name": {"Name", "Nombre"}, "unit": {"Unit", "Unidad"},
	"quantity": {"Quantity", "Cantidad"}, "alert_quantity": {"Alert quantity", "Cantidad de alerta"},
	"on_order_quantity": {"On order", "En pedido"},
	"net_sales_cents":   {"Net sales", "Ventas netas"}, "cost_cents": {"Cost of sales", "Costo de ventas"},
	"gross_profit_cents": {"Gross profit", "Utilidad bruta"}, "margin": {"Margin", "Margen"},
}

// values are the words of the enum columns' codes (reports:values.<code>).
var values = xlsx.Words{
	"out": {"Out", "Salida"}, "in": {"In", "Entrada"},
	"cash": {"Cash", "Efectivo"}, "transfer": {"Transfer", "Transferencia"}, "card": {"Card", "Tarjeta"}, "cheque": {"Cheque", "Cheque"},
	"purchase": {"Purchase", "Compra"}, "sale": {"Sale", "Venta"}, "payment": {"Payment", "Pago"}, "return": {"Return", "Devolución"},
	"opening": {"Opening balance", "Saldo inicial"},
	"expired": {"Expired", "Vencido"}, "days_0_30": {"0–30 days", "0–30 días"}, "days_31_60": {"31–60 days", "31–60 días"},
	"days_61_90": {"61–90 days", "61–90 días"},
	"admin":      {"Administrator", "Administrador"}, "user": {"User", "Usuario"}, "secretary": {"Secretary", "Secretaria"},
	"buyer": {"Buyer", "Comprador"}, "created": {"Recorded", "Registró"}, "approved": {"Approved", "Aprobó"},
}

// totalWord heads the totals row.
var totalWord = xlsx.Words{"total": {"Total", "Total"}}

func headers(cs []app.ReportColumn, lang string) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = labels.In(lang, c.Key)
	}
	return out
}

// cell is a value as the export writes it by its column's kind: money in pesos, dates as date
// cells, percents as numbers with two decimals, codes as words.
func cell(c app.ReportColumn, v any, lang string) any {
	switch c.Kind {
	case app.KindMoney:
		n, _ := v.(int64)
		return xlsx.Centavos(n)
	case app.KindDate:
		s, _ := v.(string)
		return xlsx.Day(s)
	case app.KindPercent:
		n, _ := v.(int64)
		sign := ""
		if n < 0 {
			sign, n = "-", -n
		}
		f, _ := strconv.ParseFloat(fmt.Sprintf("%s%d.%02d", sign, n/100, n%100), 64)
		return f
	case app.KindEnum:
		s, _ := v.(string)
		return values.In(lang, s)
	}
	return v
}

// rows yields r's rows, then its totals (when it has any) under the first column's "Total".
func rows(r app.Report, lang string, yield func([]any) error) error {
	for _, row := range r.Rows {
		out := make([]any, len(r.Columns))
		for i, c := range r.Columns {
			out[i] = cell(c, row[c.Key], lang)
		}
		if err := yield(out); err != nil {
			return err
		}
	}
	if len(r.Totals) == 0 {
		return nil
	}
	out := make([]any, len(r.Columns))
	out[0] = totalWord.In(lang, "total")
	for i, c := range r.Columns[1:] {
		if v, ok := r.Totals[c.Key]; ok {
			out[i+1] = cell(c, v, lang)
		}
	}
	return yield(out)
}
