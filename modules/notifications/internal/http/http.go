// Package http is the notifications module's thin huma handlers under /api/notifications. Every
// signed-in role has an inbox; every operation acts on the caller's own notifications only.
package http

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/notifications/internal/app"
	"github.com/backoffice/backoffice/modules/notifications/internal/store"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/listing"
)

// Filters are the inbox's own query parameters (exported: huma reads the parameters of exported
// embedded structs only).
type Filters struct {
	Kind      string `query:"kind" maxLength:"20" doc:"purchase, payment, purchase_order, received_order, customer, supplier, user, sale or return"`
	CompanyID int64  `query:"company_id" doc:"Only notifications about this company's records (useful to admins, who receive every company's)"`
	Unread    bool   `query:"unread" doc:"Only unread notifications"`
}

func (f Filters) filter(q string) store.Filter {
	return store.Filter{Kind: f.Kind, CompanyID: f.CompanyID, Unread: f.Unread, Q: q}
}

type listInput struct {
	listing.Query
	Filters
}

type deleteAllInput struct {
	Filters
}

type idInput struct {
	ID int64 `path:"id"`
}

type missedInput struct {
	After int64 `query:"after" doc:"Id of the last notification the tab saw"`
	Limit int   `query:"limit" doc:"At most this many (1–500, default 100)"`
}

type missedOutput struct {
	Body app.Missed
}

type listOutput struct {
	Body listing.Page[app.Notification]
}

// dataOutput is a single answer: {"data": ...}.
type dataOutput[T any] struct {
	Body struct {
		Data T `json:"data"`
	}
}

func data[T any](v T) *dataOutput[T] {
	out := &dataOutput[T]{}
	out.Body.Data = v
	return out
}

// Unread is the answer of unread_count: {"data": {"unread": 3}}.
type Unread struct {
	Unread int `json:"unread"`
}

// Updated is the answer of read_all: {"data": {"updated": 3}}.
type Updated struct {
	Updated int `json:"updated" doc:"Notifications that were unread and are now read"`
}

// Deleted is the answer of delete all: {"data": {"deleted": 3}}.
type Deleted struct {
	Deleted int `json:"deleted"`
}

type empty struct{}

// Routes registers the inbox operations; any signed-in role may call them.
func Routes(api huma.API, svc *app.Service) {
	access := httpx.SignedIn()
	tags := []string{"notifications"}
	me := func(ctx context.Context) httpx.Principal {
		p, _ := httpx.PrincipalFrom(ctx)
		return p
	}

	httpx.Register(api, access, huma.Operation{OperationID: "list-notifications", Method: http.MethodGet, Path: "/api/notifications",
		Summary: "The caller's notifications, newest first (keyset pages; q searches reference no and supplier; sort created_at)", Tags: tags},
		func(ctx context.Context, in *listInput) (*listOutput, error) {
			page, err := svc.List(ctx, me(ctx), app.ListParams{Query: in.Query, Filter: in.Filters.filter(in.Q)})
			if err != nil {
				return nil, err
			}
			return &listOutput{Body: page}, nil
		})

	httpx.Register(api, access, huma.Operation{OperationID: "missed-notifications", Method: http.MethodGet,
		Path: "/api/notifications/missed", Tags: tags,
		Summary: "Resume after a reconnection: the caller's notifications after the last one a tab saw, oldest first",
		Description: "A tab remembers the id of the last notification it received over the live channel and, when its " +
			"socket reconnects, asks for what it missed. Notifications created up to 30 s before that one are " +
			"included too (ids are not in commit order); the tab drops the ids it has already shown. Without " +
			"after (or 0) only last_id answers, the tab's starting point."},
		func(ctx context.Context, in *missedInput) (*missedOutput, error) {
			m, err := svc.Missed(ctx, me(ctx), in.After, in.Limit)
			if err != nil {
				return nil, err
			}
			return &missedOutput{Body: m}, nil
		})

	httpx.Register(api, access, huma.Operation{OperationID: "count-unread-notifications", Method: http.MethodGet,
		Path: "/api/notifications/unread_count", Summary: "How many of the caller's notifications are unread", Tags: tags},
		func(ctx context.Context, _ *struct{}) (*dataOutput[Unread], error) {
			n, err := svc.UnreadCount(ctx, me(ctx))
			if err != nil {
				return nil, err
			}
			return data(Unread{Unread: n}), nil
		})

	httpx.Register(api, access, huma.Operation{OperationID: "read-all-notifications", Method: http.MethodPost,
		Path: "/api/notifications/read_all", Summary: "Mark every notification of the caller read", Tags: tags},
		func(ctx context.Context, _ *struct{}) (*dataOutput[Updated], error) {
			n, err := svc.MarkAllRead(ctx, me(ctx))
			if err != nil {
				return nil, err
			}
			return data(Updated{Updated: n}), nil
		})

	httpx.Register(api, access, huma.Operation{OperationID: "read-notification", Method: http.MethodPost,
		Path: "/api/notifications/{id}/read", Summary: "Mark one notification read", Tags: tags},
		func(ctx context.Context, in *idInput) (*dataOutput[app.Notification], error) {
			n, err := svc.MarkRead(ctx, me(ctx), in.ID)
			if err != nil {
				return nil, err
			}
			return data(n), nil
		})

	httpx.Register(api, access, huma.Operation{OperationID: "delete-notification", Method: http.MethodDelete,
		Path: "/api/notifications/{id}", Summary: "Delete one notification", Tags: tags, DefaultStatus: http.StatusNoContent},
		func(ctx context.Context, in *idInput) (*empty, error) {
			if err := svc.Delete(ctx, me(ctx), in.ID); err != nil {
				return nil, err
			}
			return &empty{}, nil
		})

	httpx.Register(api, access, huma.Operation{OperationID: "delete-notifications", Method: http.MethodDelete,
		Path: "/api/notifications", Summary: "Delete the caller's notifications: all of them, or those matching the filters", Tags: tags},
		func(ctx context.Context, in *deleteAllInput) (*dataOutput[Deleted], error) {
			n, err := svc.DeleteAll(ctx, me(ctx), in.Filters.filter(""))
			if err != nil {
				return nil, err
			}
			return data(Deleted{Deleted: n}), nil
		})
}
