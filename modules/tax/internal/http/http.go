// Package http is the tax module's thin huma handlers for the UVT table.
package http

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/tax/internal/app"
	"github.com/backoffice/backoffice/platform/httpx"
)

// UVT is one year's UVT in the API.
type UVT struct {
	Year      int       `json:"year"`
	UVTCents  int64     `json:"uvt_cents" doc:"The UVT in centavos (2026: 5237400 = $52.374)"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
	UpdatedBy *int64    `json:"updated_by" doc:"User id of the admin who last set it; null for the seeded values"`
	// UpdatedByName spares the page a users lookup (GET /api/users is admin-only and paged).
	UpdatedByName string `json:"updated_by_name" doc:"Display name of updated_by; empty for the seeded values"`
}

func uvtView(u app.UVT) UVT {
	return UVT{Year: u.Year, UVTCents: u.UVTCents, CreatedAt: u.CreatedAt, UpdatedAt: u.UpdatedAt, UpdatedBy: u.UpdatedBy,
		UpdatedByName: u.UpdatedByName}
}

// Access is who may call the module's operations.
type Access struct {
	// Readers list the values (any signed-in role: the purchase form shows the minimum bases).
	Readers httpx.Access
	// Admins set a year's value.
	Admins httpx.Access
}

type listOutput struct {
	Body struct {
		Data []UVT `json:"data"`
	}
}

type itemOutput struct {
	Body struct {
		Data UVT `json:"data"`
	}
}

type setInput struct {
	// Year is checked by the use case so that an out-of-range year gets the form's message.
	Year int `path:"year"`
	Body struct {
		UVTCents int64 `json:"uvt_cents" doc:"Whole pesos, in centavos"`
	}
}

// Routes registers GET /api/tax/uvt and PUT /api/tax/uvt/{year}.
func Routes(api huma.API, svc *app.Service, access Access) {
	tags := []string{"tax"}
	httpx.Register(api, access.Readers, huma.Operation{OperationID: "list-tax-uvt", Method: http.MethodGet, Path: "/api/tax/uvt",
		Summary: "The UVT of every year, newest first", Tags: tags},
		func(ctx context.Context, _ *struct{}) (*listOutput, error) {
			us, err := svc.List(ctx)
			if err != nil {
				return nil, err
			}
			out := &listOutput{}
			out.Body.Data = make([]UVT, len(us))
			for i, u := range us {
				out.Body.Data[i] = uvtView(u)
			}
			return out, nil
		})

	httpx.Register(api, access.Admins, huma.Operation{OperationID: "set-tax-uvt", Method: http.MethodPut, Path: "/api/tax/uvt/{year}",
		Summary: "Add or change a year's UVT (audited)", Tags: tags},
		func(ctx context.Context, in *setInput) (*itemOutput, error) {
			p, _ := httpx.PrincipalFrom(ctx)
			u, err := svc.Set(ctx, p, in.Year, in.Body.UVTCents)
			if err != nil {
				return nil, err
			}
			out := &itemOutput{}
			out.Body.Data = uvtView(u)
			return out, nil
		})
}
