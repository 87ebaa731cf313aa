package http

import (
	"github.com/backoffice/backoffice/modules/audit/internal/app"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// Export sheet name, headers and kind words per language (?lang=); the action and the record
// kind stay the codes the modules write (purchase_approved), which is what an auditor searches.
var (
	sheetName = map[string]string{"en": "Audit trail", "es": "Auditoría"}
	columns   = []xlsx.Header{{"When", "Fecha y hora"}, {"Company", "Empresa"}, {"Who", "Quién"}, {"Kind", "Tipo"},
		{"Action", "Acción"}, {"Record", "Registro"}, {"Record id", "Id del registro"}, {"Detail", "Detalle"}, {"IP", "IP"}}
	kindWords = xlsx.Words{"sign_in": {"Sign-in", "Inicio de sesión"}, "approval": {"Approval", "Aprobación"},
		"rejection": {"Rejection", "Rechazo"}, "archive": {"Archive", "Archivo"}, "restore": {"Restore", "Restauración"},
		"deletion": {"Deletion", "Eliminación"}, "settings": {"Settings", "Configuración"}, "account": {"Account", "Cuenta"},
		"creation": {"Creation", "Creación"}, "change": {"Change", "Modificación"}, "other": {"Other", "Otro"}}
)

func row(e app.AuditEntry, lang string) []any {
	return []any{e.CreatedAt, e.CompanyName, e.ActorName, kindWords.In(lang, e.Kind), e.Action, e.Entity, e.EntityID, e.Detail, e.IP}
}
