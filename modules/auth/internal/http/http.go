// Package http is the auth module's thin huma handlers: parse, call the use case, map the answer.
package http

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/auth/internal/app"
	"github.com/backoffice/backoffice/platform/httpx"
)

type loginInput struct {
	UserAgent string `header:"User-Agent"`
	Body      struct {
		Username string `json:"username" required:"false" maxLength:"200"`
		Password string `json:"password" required:"false" maxLength:"1000"`
	}
}

type loginOutput struct {
	SetCookie string `header:"Set-Cookie" doc:"The session cookie (authToken, HttpOnly), set when the sign-in is complete; a pending two-factor sign-in gets none"`
	Body      struct {
		AuthToken string   `json:"authToken" doc:"Opaque session token; a pending token when two-factor is enabled"`
		ExpiresIn int64    `json:"expires_in" doc:"Absolute lifetime of the session in seconds"`
		User      app.User `json:"user"`
	}
}

type otpInput struct {
	Body struct {
		OneTimePassword string `json:"one_time_password" required:"false" maxLength:"20"`
		Google2FASecret string `json:"google2fa_secret,omitempty" required:"false" doc:"Ignored: the server uses its stored secret"`
	}
}

type passwordConfirmInput struct {
	Body struct {
		Password string `json:"password" required:"false" maxLength:"1000"`
	}
}

type profileInput struct {
	Body struct {
		FirstName string `json:"first_name" required:"false" maxLength:"200"`
		LastName  string `json:"last_name" required:"false" maxLength:"200"`
		Email     string `json:"email" required:"false" maxLength:"320"`
		Phone     string `json:"phone" required:"false" maxLength:"40"`
	}
}

type passwordInput struct {
	Body struct {
		CurrentPassword      string `json:"current_password" required:"false" maxLength:"1000"`
		Password             string `json:"password" required:"false" maxLength:"1000"`
		PasswordConfirmation string `json:"password_confirmation" required:"false" maxLength:"1000"`
	}
}

type ipInput struct {
	Body struct {
		IPAddress string `json:"ip_address" required:"false" maxLength:"2000"`
	}
}

type empty struct{}

// verifyOutput is the 2FA answer: the signed-in user and the session cookie.
type verifyOutput struct {
	SetCookie string `header:"Set-Cookie" doc:"The session cookie (authToken, HttpOnly) for the now verified session"`
	Body      struct {
		Data app.User `json:"data"`
	}
}

// logoutOutput clears the session cookie.
type logoutOutput struct {
	SetCookie string `header:"Set-Cookie" doc:"Expires the session cookie"`
}

// Routes registers the auth endpoints of spec §7 and those the interface implies, and the
// administrators' user management (adminRole).
func Routes(api *httpx.API, svc *app.Service, adminRole string) {
	userRoutes(api, svc, adminRole)
	tags := []string{"auth"}

	httpx.Register(api, httpx.Public(), huma.Operation{OperationID: "login", Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusTooManyRequests}, Method: http.MethodPost, Path: "/api/auth/login",
		Summary: "Sign in with username and password", Tags: tags},
		func(ctx context.Context, in *loginInput) (*loginOutput, error) {
			res, err := svc.Login(ctx, in.Body.Username, in.Body.Password, httpx.ClientIP(ctx), in.UserAgent)
			if err != nil {
				return nil, err
			}
			out := &loginOutput{}
			out.Body.AuthToken, out.Body.ExpiresIn, out.Body.User = res.Token, res.ExpiresIn, res.User
			// A pending sign-in's token stays with the client (spec §4: localStorage, sent as
			// Bearer to /api/auth/2fa): as a cookie it would look like a session to the web app.
			if !res.Pending {
				out.SetCookie = httpx.SessionCookie(ctx, res.Token, time.Duration(res.ExpiresIn)*time.Second)
			}
			return out, nil
		})

	httpx.Register(api, httpx.PendingOrSignedIn(), huma.Operation{OperationID: "verify-2fa", Errors: []int{http.StatusTooManyRequests}, Method: http.MethodPost, Path: "/api/auth/2fa",
		Summary: "Complete a sign-in with a one-time code", Tags: tags},
		func(ctx context.Context, in *otpInput) (*verifyOutput, error) {
			p := httpx.Caller(ctx)
			u, err := svc.Verify2FA(ctx, p, in.Body.OneTimePassword)
			if err != nil {
				return nil, err
			}
			// The session's own expiry is enforced by the server; the cookie lives as long as a
			// session may, like the login's expires_in.
			out := &verifyOutput{SetCookie: httpx.SessionCookie(ctx, p.Token, svc.SessionTTL())}
			out.Body.Data = u
			return out, nil
		})

	httpx.Register(api, httpx.PendingOrSignedIn(), huma.Operation{OperationID: "generate-2fa-qr", Method: http.MethodPost, Path: "/api/auth/2fa/qr",
		Summary: "Start two-factor enrollment: a new secret as a QR code", Tags: tags},
		func(ctx context.Context, _ *empty) (*httpx.Data[app.Enrollment], error) {
			return httpx.DataOf(svc.StartEnrollment(ctx, httpx.Caller(ctx)))
		})

	httpx.Register(api, httpx.SignedIn(), huma.Operation{OperationID: "enable-2fa", Errors: []int{http.StatusTooManyRequests}, Method: http.MethodPost, Path: "/api/auth/2fa/enable",
		Summary: "Turn two-factor on with a code for the new secret", Tags: tags},
		func(ctx context.Context, in *otpInput) (*httpx.Data[app.User], error) {
			return httpx.DataOf(svc.EnableTOTP(ctx, httpx.Caller(ctx), in.Body.OneTimePassword))
		})

	httpx.Register(api, httpx.SignedIn(), huma.Operation{OperationID: "disable-2fa", Errors: []int{http.StatusTooManyRequests}, Method: http.MethodPost, Path: "/api/auth/2fa/disable",
		Summary: "Turn two-factor off (password required)", Tags: tags},
		func(ctx context.Context, in *passwordConfirmInput) (*httpx.Data[app.User], error) {
			return httpx.DataOf(svc.DisableTOTP(ctx, httpx.Caller(ctx), in.Body.Password))
		})

	httpx.Register(api, httpx.PendingOrSignedIn(), huma.Operation{OperationID: "logout", Method: http.MethodPost, Path: "/api/auth/logout",
		Summary: "End the session", Tags: tags, DefaultStatus: http.StatusNoContent},
		func(ctx context.Context, _ *empty) (*logoutOutput, error) {
			if err := svc.Logout(ctx, httpx.Caller(ctx)); err != nil {
				return nil, err
			}
			return &logoutOutput{SetCookie: httpx.ExpiredSessionCookie(ctx)}, nil
		})

	httpx.Register(api, httpx.SignedIn(), huma.Operation{OperationID: "get-profile", Method: http.MethodGet, Path: "/api/auth/user/profile",
		Summary: "The signed-in user", Tags: tags},
		func(ctx context.Context, _ *empty) (*httpx.Data[app.User], error) {
			return httpx.DataOf(svc.Profile(ctx, httpx.Caller(ctx)))
		})

	httpx.Register(api, httpx.SignedIn(), huma.Operation{OperationID: "update-profile", Method: http.MethodPut, Path: "/api/auth/user/profile",
		Summary: "Change the signed-in user's names, e-mail and phone", Tags: tags},
		func(ctx context.Context, in *profileInput) (*httpx.Data[app.User], error) {
			return httpx.DataOf(svc.UpdateProfile(ctx, httpx.Caller(ctx), app.ProfileInput{FirstName: in.Body.FirstName,
				LastName: in.Body.LastName, Email: in.Body.Email, Phone: in.Body.Phone}))
		})

	httpx.Register(api, httpx.SignedIn(), huma.Operation{OperationID: "change-password", Errors: []int{http.StatusTooManyRequests}, Method: http.MethodPut, Path: "/api/auth/user/password",
		Summary: "Change the signed-in user's password", Tags: tags, DefaultStatus: http.StatusNoContent},
		func(ctx context.Context, in *passwordInput) (*empty, error) {
			return nil, svc.ChangePassword(ctx, httpx.Caller(ctx), app.PasswordInput{Current: in.Body.CurrentPassword,
				Password: in.Body.Password, Confirmation: in.Body.PasswordConfirmation})
		})

	httpx.Register(api, httpx.SignedIn(), huma.Operation{OperationID: "get-ip-restriction", Method: http.MethodGet, Path: "/api/auth/user/ip_restriction",
		Summary: "The signed-in user's IP allow list and current address", Tags: tags},
		func(ctx context.Context, _ *empty) (*httpx.Data[app.IPRestriction], error) {
			return httpx.DataOf(svc.GetIPRestriction(ctx, httpx.Caller(ctx)))
		})

	httpx.Register(api, httpx.SignedIn(), huma.Operation{OperationID: "set-ip-restriction", Method: http.MethodPut, Path: "/api/auth/user/ip_restriction",
		Summary: "Replace the signed-in user's IP allow list (empty: no restriction)", Tags: tags},
		func(ctx context.Context, in *ipInput) (*httpx.Data[app.User], error) {
			return httpx.DataOf(svc.SetIPRestriction(ctx, httpx.Caller(ctx), in.Body.IPAddress))
		})
}
