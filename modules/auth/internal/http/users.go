package http

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/auth/internal/app"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/xlsx"
)

// UserIDPath is the {id} of a user path. The embedded input types are exported because huma fills
// only exported embedded structs.
type UserIDPath struct {
	ID int64 `path:"id" minimum:"1"`
}

// UserFilters are the user list's own filters.
type UserFilters struct {
	CompanyID int64  `query:"company_id" minimum:"0" doc:"Only this company's users"`
	Role      string `query:"role" enum:"admin,secretary,user,buyer"`
	Active    string `query:"active" enum:"true,false" doc:"Only active (true) or inactive (false) users"`
	Approval  string `query:"approval" enum:"pending,approved,rejected"`
}

// UserListInput is the user list's query string.
type UserListInput struct {
	listing.Query
	UserFilters
}

func (in UserListInput) query() app.UserQuery {
	q := app.UserQuery{Query: in.Query, CompanyID: in.CompanyID, Role: in.Role, Approval: in.Approval}
	if in.Active != "" {
		v := in.Active == "true"
		q.Active = &v
	}
	return q
}

type userExportInput struct {
	UserListInput
	xlsx.LangQuery
}

type userBody struct {
	Username             string `json:"username" required:"false" maxLength:"200"`
	FirstName            string `json:"first_name" required:"false" maxLength:"200"`
	LastName             string `json:"last_name" required:"false" maxLength:"200"`
	Email                string `json:"email" required:"false" maxLength:"320"`
	Phone                string `json:"phone" required:"false" maxLength:"40"`
	CompanyID            int64  `json:"company_id" required:"false" minimum:"0"`
	Role                 string `json:"role" required:"false" maxLength:"20"`
	Active               *bool  `json:"active,omitempty" required:"false" doc:"Default true on create; omitted keeps the value on update"`
	IPAddress            string `json:"ip_address" required:"false" maxLength:"2000" doc:"Allowed addresses and CIDR networks, comma separated; empty: any"`
	Password             string `json:"password" required:"false" maxLength:"1000" doc:"Required on create; on update empty keeps the current password"`
	PasswordConfirmation string `json:"password_confirmation" required:"false" maxLength:"1000"`
	EnableGoogle2FA      *bool  `json:"enable_google2fa,omitempty" required:"false" doc:"Require two-factor at sign-in; switching it off forgets the user's secret"`
}

func (b userBody) input() app.UserInput {
	return app.UserInput{Username: b.Username, FirstName: b.FirstName, LastName: b.LastName, Email: b.Email, Phone: b.Phone,
		CompanyID: b.CompanyID, Role: b.Role, Active: b.Active, Enable2FA: b.EnableGoogle2FA, IPAddress: b.IPAddress,
		Password: b.Password, PasswordConfirmation: b.PasswordConfirmation}
}

type userCreateInput struct {
	Body userBody
}

type userUpdateInput struct {
	UserIDPath
	Body userBody
}

type rejectInput struct {
	UserIDPath
	Body struct {
		Reason string `json:"reason" required:"false" maxLength:"1000"`
	}
}

// userColumns are the export's headers, English and Spanish.
var userColumns = []xlsx.Header{{"Username", "Usuario"}, {"First name", "Nombre"}, {"Last name", "Apellido"},
	{"Email", "Correo"}, {"Phone", "Teléfono"}, {"Company", "Empresa"}, {"Role", "Rol"}, {"Active", "Activo"},
	{"Approval", "Aprobación"}, {"Two-factor", "Doble factor"}, {"Created at", "Creado"}, {"Total sales", "Total ventas"},
	{"Sales amount", "Monto de ventas"}}

// userRoutes registers /api/users: administrators only (spec §6 denies /people/user to users and
// secretaries).
func userRoutes(api *httpx.API, svc *app.Service, adminRole string) {
	tags := []string{"users"}
	admin := httpx.SignedIn(adminRole)

	// Registered before /{id}, which would otherwise take "export.xlsx" for an id.
	httpx.Register(api, admin, huma.Operation{OperationID: "export-users", Method: http.MethodGet, Path: "/api/users/export.xlsx",
		Summary: "Users as an Excel file (same filters as the list, no paging)", Tags: tags},
		func(ctx context.Context, in *userExportInput) (*xlsx.File, error) {
			// Built in memory before the first byte goes out; the user list is short.
			return xlsx.Download("users", "users", svc.Now(), xlsx.Headers(in.Lang, userColumns), func(yield func([]any) error) error {
				return svc.ExportUsers(ctx, httpx.Caller(ctx), in.query(), func(u app.UserRecord) error {
					return yield(userRow(u, in.Lang))
				})
			}, xlsx.InLanguage(in.Lang))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "list-users", Method: http.MethodGet, Path: "/api/users",
		Summary: "Users of every company, with search and filters", Tags: tags},
		func(ctx context.Context, in *UserListInput) (*httpx.List[app.UserRecord], error) {
			return httpx.ListOf(svc.ListUsers(ctx, httpx.Caller(ctx), in.query()))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "create-user", Method: http.MethodPost, Path: "/api/users",
		Summary: "Create a user", Tags: tags, DefaultStatus: http.StatusCreated},
		func(ctx context.Context, in *userCreateInput) (*httpx.Data[app.UserRecord], error) {
			return httpx.DataOf(svc.CreateManagedUser(ctx, httpx.Caller(ctx), in.Body.input()))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "get-user", Method: http.MethodGet, Path: "/api/users/{id}",
		Summary: "One user", Tags: tags},
		func(ctx context.Context, in *UserIDPath) (*httpx.Data[app.UserRecord], error) {
			return httpx.DataOf(svc.GetUser(ctx, httpx.Caller(ctx), in.ID))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "update-user", Method: http.MethodPut, Path: "/api/users/{id}",
		Summary: "Change a user (password optional)", Tags: tags},
		func(ctx context.Context, in *userUpdateInput) (*httpx.Data[app.UserRecord], error) {
			return httpx.DataOf(svc.UpdateUser(ctx, httpx.Caller(ctx), in.ID, in.Body.input()))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "delete-user", Method: http.MethodDelete, Path: "/api/users/{id}",
		Summary: "Delete a user (not oneself); their sessions end", Tags: tags, DefaultStatus: http.StatusNoContent},
		func(ctx context.Context, in *UserIDPath) (*empty, error) {
			return nil, svc.DeleteUser(ctx, httpx.Caller(ctx), in.ID)
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "approve-user", Errors: []int{http.StatusConflict}, Method: http.MethodPost, Path: "/api/users/{id}/approve",
		Summary: "Approve a pending user", Tags: tags},
		func(ctx context.Context, in *UserIDPath) (*httpx.Data[app.UserRecord], error) {
			return httpx.DataOf(svc.ApproveUser(ctx, httpx.Caller(ctx), in.ID))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "reject-user", Errors: []int{http.StatusConflict}, Method: http.MethodPost, Path: "/api/users/{id}/reject",
		Summary: "Reject a pending user, with a reason", Tags: tags},
		func(ctx context.Context, in *rejectInput) (*httpx.Data[app.UserRecord], error) {
			return httpx.DataOf(svc.RejectUser(ctx, httpx.Caller(ctx), in.ID, in.Body.Reason))
		})
}
