package httpx

import (
	"context"
	"log/slog"
	"net/http"
	"reflect"
	"slices"

	"github.com/danielgtaylor/huma/v2"
)

// Access says who may call an operation. Its zero value lets nobody in: an operation registered
// without a deliberate Access answers 403 to everyone (deny by default).
type Access struct {
	set      bool
	public   bool
	pending  bool
	roles    []string
	describe string
}

// Public lets anyone call, signed in or not.
func Public() Access { return Access{set: true, public: true, describe: "public"} }

// SignedIn lets a fully signed-in user with one of roles call; no roles means any role.
func SignedIn(roles ...string) Access {
	d := "any signed-in role"
	if len(roles) > 0 {
		d = "roles: " + joinRoles(roles)
	}
	return Access{set: true, roles: roles, describe: d}
}

// PendingOrSignedIn also admits a session that still owes its one-time code (the 2FA check and
// the enrollment QR).
func PendingOrSignedIn() Access {
	return Access{set: true, pending: true, describe: "signed in, or password checked and two-factor pending"}
}

const accessKey = "backoffice.access"

// decide tells whether p may call an operation guarded by a; the error is what the client sees.
func (a Access) decide(p Principal, signedIn bool) error {
	switch {
	case !a.set:
		return &ErrorBody{status: http.StatusForbidden, Code: "forbidden", Message: "You are not allowed to perform this action."}
	case a.public:
		return nil
	case !signedIn:
		return &ErrorBody{status: http.StatusUnauthorized, Code: "unauthorized", Message: "Your session has expired. Please sign in again."}
	case p.Pending2FA && !a.pending:
		return &ErrorBody{status: http.StatusUnauthorized, Code: "unauthorized", Message: "Two-factor verification is required."}
	case len(a.roles) > 0 && !slices.Contains(a.roles, p.Role):
		return &ErrorBody{status: http.StatusForbidden, Code: "forbidden", Message: "You are not allowed to perform this action."}
	}
	return nil
}

// Register adds an operation to api with its access rule; handler errors are converted to the
// API's error shape. Every module registers its operations through here, so that no operation
// can exist without an access decision, and none without its security requirement and error
// answers in the OpenAPI document (documentOperation; op.Errors adds the module's own, such as
// 409 and 429).
func Register[I, O any](api huma.API, access Access, op huma.Operation, handler func(context.Context, *I) (*O, error)) {
	if op.Metadata == nil {
		op.Metadata = map[string]any{}
	}
	op.Metadata[accessKey] = access
	errSchema := api.OpenAPI().Components.Schemas.Schema(reflect.TypeFor[ErrorBody](), true, "ErrorBody")
	documentOperation(&op, access, reflect.TypeFor[I](), errSchema)
	if op.Description == "" {
		op.Description = "Access: " + access.describe + "."
	} else {
		op.Description += "\n\nAccess: " + access.describe + "."
	}
	huma.Register(api, op, func(ctx context.Context, in *I) (*O, error) {
		out, err := handler(ctx, in)
		if err != nil {
			return nil, ToErrorBody(ctx, loggerFrom(api), err)
		}
		return out, nil
	})
}

// accessMiddleware enforces each operation's Access before its handler runs.
func accessMiddleware(api huma.API) func(ctx huma.Context, next func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		a, _ := ctx.Operation().Metadata[accessKey].(Access)
		p, ok := PrincipalFrom(ctx.Context())
		if err := a.decide(p, ok); err != nil {
			eb := err.(*ErrorBody)
			_ = huma.WriteErr(api, ctx, eb.status, eb.Message)
			return
		}
		next(ctx)
	}
}

func joinRoles(roles []string) string {
	out := ""
	for i, r := range roles {
		if i > 0 {
			out += ", "
		}
		out += r
	}
	return out
}

type loggerHolder interface{ Logger() *slog.Logger }

func loggerFrom(api huma.API) *slog.Logger {
	if h, ok := api.(loggerHolder); ok {
		return h.Logger()
	}
	return slog.Default()
}
