package http

import (
	"context"
	"io"

	"github.com/backoffice/backoffice/modules/people/internal/app"
	"github.com/backoffice/backoffice/modules/people/internal/domain"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// column is one column of the export: its header per language and its cell.
type column struct {
	en, es string
	cell   func(r app.Record, lang string) any
}

// words translates the export's enumerated values for Spanish readers; English shows them as
// the API does.
var words = map[string]string{"pending": "pendiente", "approved": "aprobado", "rejected": "rechazado",
	"natural": "natural", "juridica": "jurídica"}

func word(v, lang string) string {
	if lang == "es" {
		if w, ok := words[v]; ok {
			return w
		}
	}
	return v
}

// partyColumns are the columns of both kinds; totalColumns are added for customers.
var (
	partyColumns = []column{
		{"ID", "ID", func(r app.Record, _ string) any { return r.ID }},
		{"Name", "Nombre", func(r app.Record, _ string) any { return r.Name }},
		{"Company", "Empresa", func(r app.Record, _ string) any { return r.Company }},
		{"Document type", "Tipo de documento", func(r app.Record, _ string) any { return string(r.DocumentType) }},
		{"Document number", "Número de documento", func(r app.Record, _ string) any { return r.DocumentNumber }},
		{"DV", "DV", func(r app.Record, _ string) any { return r.VerificationDigit }},
		{"Person type", "Tipo de persona", func(r app.Record, l string) any { return word(string(r.PersonType), l) }},
		{"Declarante", "Declarante", func(r app.Record, _ string) any { return r.Declarante }},
		{"IVA responsible", "Responsable de IVA", func(r app.Record, _ string) any { return r.IVAResponsible }},
		{"Gran contribuyente", "Gran contribuyente", func(r app.Record, _ string) any { return r.GranContribuyente }},
		{"Autorretenedor", "Autorretenedor", func(r app.Record, _ string) any { return r.Autorretenedor }},
		{"Email", "Correo", func(r app.Record, _ string) any { return r.Email }},
		{"Phone", "Teléfono", func(r app.Record, _ string) any { return r.Phone }},
		{"City", "Ciudad", func(r app.Record, _ string) any { return r.City }},
		{"Address", "Dirección", func(r app.Record, _ string) any { return r.Address }},
		{"Note", "Nota", func(r app.Record, _ string) any { return r.Note }},
		{"Approval", "Aprobación", func(r app.Record, l string) any { return word(r.ApprovalStatus, l) }},
		{"Rejection reason", "Motivo del rechazo", func(r app.Record, _ string) any { return r.ApprovalReason }},
		{"Belongs to", "Pertenece a", func(r app.Record, _ string) any { return r.CompanyName }},
		{"Created at", "Creado", func(r app.Record, _ string) any { return r.CreatedAt }},
	}
	totalColumns = []column{
		{"Total sales", "Ventas", func(r app.Record, _ string) any { return totals(r).TotalSales }},
		{"Total amount", "Monto total", func(r app.Record, _ string) any { return xlsx.Centavos(totals(r).TotalAmountCents) }},
		{"Paid", "Pagado", func(r app.Record, _ string) any { return xlsx.Centavos(totals(r).PaidCents) }},
		{"Balance", "Saldo", func(r app.Record, _ string) any { return xlsx.Centavos(totals(r).BalanceCents) }},
	}
)

func totals(r app.Record) app.Totals {
	if r.Totals == nil {
		return app.Totals{}
	}
	return *r.Totals
}

// writeWorkbook writes the records run streams as one sheet named after the kind in lang.
func writeWorkbook(ctx context.Context, w io.Writer, k domain.Kind, lang string, withTotals bool,
	run func(ctx context.Context, each func([]app.Record) error) error) error {
	if lang != "en" {
		lang = "es"
	}
	cols := partyColumns
	if withTotals {
		cols = append(append([]column{}, partyColumns...), totalColumns...)
	}
	headers := make([]string, len(cols))
	for i, c := range cols {
		headers[i] = c.es
		if lang == "en" {
			headers[i] = c.en
		}
	}
	return xlsx.Write(w, k.Sheet[lang], headers, func(yield func(row []any) error) error {
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
	})
}
