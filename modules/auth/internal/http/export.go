package http

import (
	"github.com/backoffice/backoffice/modules/auth/internal/app"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// userWords are the user export's roles and approval states as words, never the API's codes.
var userWords = xlsx.Words{"admin": {"Administrator", "Administrador"}, "secretary": {"Secretary", "Secretaria"},
	"user": {"User", "Usuario"}, "buyer": {"Buyer", "Comprador"}, "pending": {"Pending", "Pendiente"},
	"approved": {"Approved", "Aprobado"}, "rejected": {"Rejected", "Rechazado"}}

// userRow is one user of the export (userColumns), in lang.
func userRow(u app.UserRecord, lang string) []any {
	return []any{u.Username, u.FirstName, u.LastName, u.Email, u.Phone, u.CompanyName, userWords.In(lang, u.Role),
		u.Active, userWords.In(lang, u.ApprovalStatus), u.EnableGoogle2FA, u.CreatedAt, u.TotalSales, xlsx.Centavos(u.TotalSalesCents)}
}
