package http

import (
	"context"
	"time"

	"github.com/backoffice/backoffice/modules/people/internal/app"
	"github.com/backoffice/backoffice/modules/people/internal/domain"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// column is one column of the export: its header per language and its cell.
type column struct {
	header xlsx.Header
	cell   func(r app.Record, lang string) any
}

// words are the export's enumerated values as words of each language, never the API's codes.
var words = xlsx.Words{"pending": {"Pending", "Pendiente"}, "approved": {"Approved", "Aprobado"},
	"rejected": {"Rejected", "Rechazado"}, "natural": {"Natural person", "Natural"}, "juridica": {"Legal entity", "Jurídica"}}

func word(v, lang string) string { return words.In(lang, v) }

// partyColumns are the columns of both kinds; totalColumns are added for customers.
var (
	partyColumns = []column{
		{xlsx.Header{"ID", "ID"}, func(r app.Record, _ string) any { return r.ID }},
		{xlsx.Header{"Name", "Nombre"}, func(r app.Record, _ string) any { return r.Name }},
		{xlsx.Header{"Company", "Empresa"}, func(r app.Record, _ string) any { return r.Company }},
		{xlsx.Header{"Document type", "Tipo de documento"}, func(r app.Record, _ string) any { return string(r.DocumentType) }},
		{xlsx.Header{"Document number", "Número de documento"}, func(r app.Record, _ string) any { return r.DocumentNumber }},
		{xlsx.Header{"DV", "DV"}, func(r app.Record, _ string) any { return r.VerificationDigit }},
		{xlsx.Header{"Person type", "Tipo de persona"}, func(r app.Record, l string) any { return word(string(r.PersonType), l) }},
		{xlsx.Header{"Declarante", "Declarante"}, func(r app.Record, _ string) any { return r.Declarante }},
		{xlsx.Header{"IVA responsible", "Responsable de IVA"}, func(r app.Record, _ string) any { return r.IVAResponsible }},
		{xlsx.Header{"Gran contribuyente", "Gran contribuyente"}, func(r app.Record, _ string) any { return r.GranContribuyente }},
		{xlsx.Header{"Autorretenedor", "Autorretenedor"}, func(r app.Record, _ string) any { return r.Autorretenedor }},
		{xlsx.Header{"Email", "Correo"}, func(r app.Record, _ string) any { return r.Email }},
		{xlsx.Header{"Phone", "Teléfono"}, func(r app.Record, _ string) any { return r.Phone }},
		{xlsx.Header{"City", "Ciudad"}, func(r app.Record, _ string) any { return r.City }},
		{xlsx.Header{"Address", "Dirección"}, func(r app.Record, _ string) any { return r.Address }},
		{xlsx.Header{"Note", "Nota"}, func(r app.Record, _ string) any { return r.Note }},
		{xlsx.Header{"Approval", "Aprobación"}, func(r app.Record, l string) any { return word(r.ApprovalStatus, l) }},
		{xlsx.Header{"Rejection reason", "Motivo del rechazo"}, func(r app.Record, _ string) any { return r.ApprovalReason }},
		{xlsx.Header{"Belongs to", "Pertenece a"}, func(r app.Record, _ string) any { return r.CompanyName }},
		{xlsx.Header{"Created at", "Creado"}, func(r app.Record, _ string) any { return r.CreatedAt }},
	}
	// totalColumns are the customers' sales figures; a supplier's count is of purchases, and it
	// adds its returns and credit (supplierColumns).
	totalColumns = []column{
		{xlsx.Header{"Total sales", "Ventas"}, func(r app.Record, _ string) any { return totals(r).TotalSales }},
		{xlsx.Header{"Total amount", "Monto total"}, func(r app.Record, _ string) any { return xlsx.Centavos(totals(r).TotalAmountCents) }},
		{xlsx.Header{"Paid", "Pagado"}, func(r app.Record, _ string) any { return xlsx.Centavos(totals(r).PaidCents) }},
		{xlsx.Header{"Balance", "Saldo"}, func(r app.Record, _ string) any { return xlsx.Centavos(totals(r).BalanceCents) }},
	}
	supplierColumns = append([]column{
		{xlsx.Header{"Total purchases", "Compras"}, func(r app.Record, _ string) any { return totals(r).TotalSales }}},
		append(append([]column{}, totalColumns[1:]...),
			column{xlsx.Header{"Returns", "Devoluciones"}, func(r app.Record, _ string) any { return xlsx.Centavos(totals(r).ReturnCents) }},
			column{xlsx.Header{"Credit", "Saldo a favor"}, func(r app.Record, _ string) any { return xlsx.Centavos(totals(r).CreditCents) }})...)
)

func totals(r app.Record) app.Totals {
	if r.Totals == nil {
		return app.Totals{}
	}
	return *r.Totals
}

// exportFile is the workbook of the records run streams, on one sheet named after the kind in
// lang, as the file <plural>-YYYYMMDD.xlsx.
func exportFile(ctx context.Context, k domain.Kind, lang string, withTotals bool, now time.Time,
	run func(ctx context.Context, each func([]app.Record) error) error) (*xlsx.File, error) {
	lang = xlsx.Lang(lang)
	cols := partyColumns
	switch {
	case withTotals && k.Entity == domain.Suppliers.Entity:
		cols = append(append([]column{}, partyColumns...), supplierColumns...)
	case withTotals:
		cols = append(append([]column{}, partyColumns...), totalColumns...)
	}
	headers := make([]xlsx.Header, len(cols))
	for i, c := range cols {
		headers[i] = c.header
	}
	return xlsx.Download(k.Plural, k.Sheet[lang], now, xlsx.Headers(lang, headers), func(yield func(row []any) error) error {
		return run(ctx, func(recs []app.Record) error {
			for _, r := range recs {
				row := make([]any, len(cols))
				for i, c := range cols {
					row[i] = c.cell(r, lang)
				}
				if err := yield(row); err != nil {
					return err
				}
			}
			return nil
		})
	}, xlsx.InLanguage(lang))
}
