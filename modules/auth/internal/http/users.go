package http

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/auth/internal/app"
	"github.com/backoffice/backoffice/platform/apperror"
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
	Lang string `query:"lang" enum:"es,en" doc:"Language of the column headers (default es)"`
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

type userRecordOutput struct {
	Body struct {
		Data app.UserRecord `json:"data"`
	}
}

type userListOutput struct {
	Body listing.Page[app.UserRecord]
}

type fileOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	Body               []byte
}

// userColumns are the export's headers, English and Spanish.
var userColumns = [][2]string{{"Username", "Usuario"}, {"First name", "Nombre"}, {"Last name", "Apellido"},
	{"Email", "Correo"}, {"Phone", "Teléfono"}, {"Company", "Empresa"}, {"Role", "Rol"}, {"Active", "Activo"},
	{"Approval", "Aprobación"}, {"Two-factor", "Doble factor"}, {"Created at", "Creado"}}

// userRoutes registers /api/users: administrators only (spec §6 denies /people/user to users and
// secretaries).
func userRoutes(api *httpx.API, svc *app.Service, adminRole string) {
	tags := []string{"users"}
	admin := httpx.SignedIn(adminRole)
	principal := func(ctx context.Context) httpx.Principal { p, _ := httpx.PrincipalFrom(ctx); return p }
	record := func(r app.UserRecord, err error) (*userRecordOutput, error) {
		if err != nil {
			return nil, err
		}
		out := &userRecordOutput{}
		out.Body.Data = r
		return out, nil
	}

	// Registered before /{id}, which would otherwise take "export.xlsx" for an id.
	httpx.Register(api, admin, huma.Operation{OperationID: "export-users", Method: http.MethodGet, Path: "/api/users/export.xlsx",
		Summary: "Users as an Excel file (same filters as the list, no paging)", Tags: tags},
		func(ctx context.Context, in *userExportInput) (*fileOutput, error) {
			headers := make([]string, len(userColumns))
			for i, c := range userColumns {
				headers[i] = c[1]
				if in.Lang == "en" {
					headers[i] = c[0]
				}
			}
			// Built in memory before the first byte goes out, so that a failure halfway still
			// answers with an error rather than a truncated file; the user list is short.
			var buf bytes.Buffer
			err := xlsx.Write(&buf, "users", headers, func(yield func([]any) error) error {
				return svc.ExportUsers(ctx, principal(ctx), in.query(), func(u app.UserRecord) error {
					return yield([]any{u.Username, u.FirstName, u.LastName, u.Email, u.Phone, u.CompanyName, u.Role,
						u.Active, u.ApprovalStatus, u.EnableGoogle2FA, u.CreatedAt})
				})
			})
			if err != nil {
				if apperror.As(err) != nil {
					return nil, err
				}
				return nil, apperror.Internal(err)
			}
			loc, err := time.LoadLocation(xlsx.BusinessTimeZone)
			if err != nil {
				loc = time.UTC
			}
			name := "users-" + svc.Now().In(loc).Format("20060102") + ".xlsx"
			return &fileOutput{ContentType: xlsx.ContentType, ContentDisposition: `attachment; filename="` + name + `"`,
				Body: buf.Bytes()}, nil
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "list-users", Method: http.MethodGet, Path: "/api/users",
		Summary: "Users of every company, with search and filters", Tags: tags},
		func(ctx context.Context, in *UserListInput) (*userListOutput, error) {
			page, err := svc.ListUsers(ctx, principal(ctx), in.query())
			if err != nil {
				return nil, err
			}
			return &userListOutput{Body: page}, nil
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "create-user", Method: http.MethodPost, Path: "/api/users",
		Summary: "Create a user", Tags: tags, DefaultStatus: http.StatusCreated},
		func(ctx context.Context, in *userCreateInput) (*userRecordOutput, error) {
			return record(svc.CreateManagedUser(ctx, principal(ctx), in.Body.input()))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "get-user", Method: http.MethodGet, Path: "/api/users/{id}",
		Summary: "One user", Tags: tags},
		func(ctx context.Context, in *UserIDPath) (*userRecordOutput, error) {
			return record(svc.GetUser(ctx, principal(ctx), in.ID))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "update-user", Method: http.MethodPut, Path: "/api/users/{id}",
		Summary: "Change a user (password optional)", Tags: tags},
		func(ctx context.Context, in *userUpdateInput) (*userRecordOutput, error) {
			return record(svc.UpdateUser(ctx, principal(ctx), in.ID, in.Body.input()))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "delete-user", Method: http.MethodDelete, Path: "/api/users/{id}",
		Summary: "Delete a user (not oneself); their sessions end", Tags: tags, DefaultStatus: http.StatusNoContent},
		func(ctx context.Context, in *UserIDPath) (*empty, error) {
			return nil, svc.DeleteUser(ctx, principal(ctx), in.ID)
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "approve-user", Method: http.MethodPost, Path: "/api/users/{id}/approve",
		Summary: "Approve a pending user", Tags: tags},
		func(ctx context.Context, in *UserIDPath) (*userRecordOutput, error) {
			return record(svc.ApproveUser(ctx, principal(ctx), in.ID))
		})
	httpx.Register(api, admin, huma.Operation{OperationID: "reject-user", Method: http.MethodPost, Path: "/api/users/{id}/reject",
		Summary: "Reject a pending user, with a reason", Tags: tags},
		func(ctx context.Context, in *rejectInput) (*userRecordOutput, error) {
			return record(svc.RejectUser(ctx, principal(ctx), in.ID, in.Body.Reason))
		})
}
