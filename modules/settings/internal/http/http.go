// Package http is the settings module's thin huma handlers (site status, companies, stores) and
// the site-status gate.
package http

import (
	"context"
	"log/slog"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/gofiber/fiber/v2"

	"github.com/backoffice/backoffice/modules/settings/internal/app"
	"github.com/backoffice/backoffice/modules/settings/internal/domain"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/httpx"
)

// siteStatusBody is the admin's view and edit of the site status.
type siteStatusBody struct {
	DisableSite       bool            `json:"disable_site"`
	DisableAllDomains bool            `json:"disable_all_domains"`
	DisableTimes      []domain.Window `json:"disable_times" required:"false" maxItems:"48"`
}

type siteStatusOutput struct {
	Body struct {
		Data siteStatusBody `json:"data"`
	}
}

type siteStatusInput struct {
	Body siteStatusBody
}

type textOutput struct {
	Body struct {
		Data string `json:"data"`
	}
}

type activateInput struct {
	Body struct {
		Username string `json:"username" required:"false" maxLength:"200"`
		Password string `json:"password" required:"false" maxLength:"1000"`
	}
}

type empty struct{}

// Statuses the public status call answers.
const (
	statusEnabled  = "enabled"
	statusDisabled = "disabled"
)

func toBody(st domain.SiteStatus) siteStatusBody {
	ws := st.DisableTimes
	if ws == nil {
		ws = []domain.Window{}
	}
	return siteStatusBody{DisableSite: st.DisableSite, DisableAllDomains: st.DisableAllDomains, DisableTimes: ws}
}

// Routes registers the site-status, company and store endpoints. adminRole names the role that
// may edit them; storeReaders are the roles that may read their own company's stores.
func Routes(api *httpx.API, svc *app.Service, creds app.CredentialChecker, adminRole string, storeReaders []string) {
	orgRoutes(api, svc, adminRole, storeReaders)
	tags := []string{"site status"}
	text := func(s string) *textOutput { o := &textOutput{}; o.Body.Data = s; return o }

	httpx.Register(api, httpx.Public(), huma.Operation{OperationID: "site-status", Method: http.MethodGet, Path: "/api/site_setting/status",
		Summary: "Whether the site is enabled or disabled", Tags: tags},
		func(ctx context.Context, _ *empty) (*textOutput, error) {
			st, err := svc.SiteStatus(ctx)
			if err != nil {
				return nil, apperror.Internal(err)
			}
			if st.Disabled() {
				return text(statusDisabled), nil
			}
			return text(statusEnabled), nil
		})

	httpx.Register(api, httpx.Public(), huma.Operation{OperationID: "site-disable-time", Method: http.MethodGet, Path: "/api/site_setting/disable_time",
		Summary: "The secretary's disable windows, as JSON text holding a list of {start, end}", Tags: tags},
		func(ctx context.Context, _ *empty) (*textOutput, error) {
			st, err := svc.SiteStatus(ctx)
			if err != nil {
				return nil, apperror.Internal(err)
			}
			return text(domain.FormatWindows(st.DisableTimes)), nil
		})

	httpx.Register(api, httpx.SignedIn(adminRole), huma.Operation{OperationID: "get-site-setting", Method: http.MethodGet, Path: "/api/site_setting",
		Summary: "The full site status", Tags: tags},
		func(ctx context.Context, _ *empty) (*siteStatusOutput, error) {
			st, err := svc.SiteStatus(ctx)
			if err != nil {
				return nil, apperror.Internal(err)
			}
			out := &siteStatusOutput{}
			out.Body.Data = toBody(st)
			return out, nil
		})

	httpx.Register(api, httpx.SignedIn(adminRole), huma.Operation{OperationID: "update-site-setting", Method: http.MethodPut, Path: "/api/site_setting",
		Summary: "Switch the site or all domains off or on, and set the secretary's disable windows", Tags: tags},
		func(ctx context.Context, in *siteStatusInput) (*siteStatusOutput, error) {
			st, err := svc.UpdateSiteStatus(ctx, httpx.Caller(ctx), domain.SiteStatus{DisableSite: in.Body.DisableSite,
				DisableAllDomains: in.Body.DisableAllDomains, DisableTimes: in.Body.DisableTimes})
			if err != nil {
				return nil, err
			}
			out := &siteStatusOutput{}
			out.Body.Data = toBody(st)
			return out, nil
		})

	httpx.Register(api, httpx.Public(), huma.Operation{OperationID: "activate-site", Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusTooManyRequests}, Method: http.MethodPost, Path: "/api/site_setting/activate",
		Summary: "Switch the site back on with an administrator's credentials", Tags: tags},
		func(ctx context.Context, in *activateInput) (*textOutput, error) {
			if err := svc.Activate(ctx, creds, in.Body.Username, in.Body.Password); err != nil {
				return nil, err
			}
			return text(statusEnabled), nil
		})
}

// alwaysOpen are the calls that keep working while the site is off: the status itself, the
// re-activation, and the API description.
var alwaysOpen = []string{"/api/site_setting/status", "/api/site_setting/disable_time", "/api/site_setting/activate",
	"/api/openapi", "/api/docs", "/api/schemas"}

// Gate answers 503 "site disabled" to every other API call while the site is off.
func Gate(svc *app.Service, logger *slog.Logger) fiber.Handler {
	return func(c *fiber.Ctx) error {
		path := c.Path()
		for _, p := range alwaysOpen {
			if strings.HasPrefix(path, p) {
				return c.Next()
			}
		}
		st, err := svc.SiteStatus(c.UserContext())
		if err != nil {
			return httpx.WriteError(c, logger, apperror.Internal(err))
		}
		if st.Disabled() {
			return httpx.WriteError(c, logger, apperror.SiteDisabled(app.MsgSiteDisabled))
		}
		return c.Next()
	}
}
