package product_test

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/danielgtaylor/huma/v2"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

// caller is a set of kinds of caller: the four roles and the anonymous visitor.
type caller uint8

const (
	admin caller = 1 << iota
	secretary
	user
	buyer
	anonymous

	staff    = admin | secretary | user
	signedIn = admin | secretary | user | buyer
	anyone   = signedIn | anonymous
)

// callers in the order the test tries them, with their role names.
var callers = []struct {
	who  caller
	role string
}{{admin, auth.RoleAdmin}, {secretary, auth.RoleSecretary}, {user, auth.RoleUser}, {buyer, auth.RoleBuyer}, {anonymous, ""}}

// accessTable declares, for every operation of the API, who may call it. It is the one place a
// reviewer reads the API's authorization: TestAccessTable calls every operation as every kind of
// caller and fails when the server disagrees, when an operation is missing here (a new operation
// must be declared deliberately) or when an entry names no operation.
//
// "May call" means the access rule lets the request through to the operation; what the operation
// then does with the caller's company and records is each module's own business (and its tests').
var accessTable = map[string]caller{
	// Sign-in and one's own account: every signed-in role (spec §4; the profile menu is everyone's).
	"POST /api/auth/login":              anyone,
	"POST /api/auth/2fa":                signedIn,
	"POST /api/auth/2fa/qr":             signedIn,
	"POST /api/auth/2fa/enable":         signedIn,
	"POST /api/auth/2fa/disable":        signedIn,
	"POST /api/auth/logout":             signedIn,
	"GET /api/auth/user/profile":        signedIn,
	"PUT /api/auth/user/profile":        signedIn,
	"PUT /api/auth/user/password":       signedIn,
	"GET /api/auth/user/ip_restriction": signedIn,
	"PUT /api/auth/user/ip_restriction": signedIn,
	"GET /api/attachments/{id}":         signedIn,

	// Users and companies: administrators only.
	"GET /api/users":                 admin,
	"POST /api/users":                admin,
	"GET /api/users/export.xlsx":     admin,
	"GET /api/users/{id}":            admin,
	"PUT /api/users/{id}":            admin,
	"DELETE /api/users/{id}":         admin,
	"POST /api/users/{id}/approve":   admin,
	"POST /api/users/{id}/reject":    admin,
	"GET /api/companies":             admin,
	"POST /api/companies":            admin,
	"GET /api/companies/export.xlsx": admin,
	"GET /api/companies/{id}":        admin,
	"PUT /api/companies/{id}":        admin,
	"DELETE /api/companies/{id}":     admin,

	// The audit trail: administrators only.
	"GET /api/audit":             admin,
	"GET /api/audit/export.xlsx": admin,

	// Stores: staff read, administrators write.
	"GET /api/stores":             staff,
	"GET /api/stores/export.xlsx": staff,
	"GET /api/stores/{id}":        staff,
	"POST /api/stores":            admin,
	"PUT /api/stores/{id}":        admin,
	"DELETE /api/stores/{id}":     admin,

	// Site status: public reads and the administrator's re-activation; settings for administrators.
	"GET /api/site_setting/status":       anyone,
	"GET /api/site_setting/disable_time": anyone,
	"POST /api/site_setting/activate":    anyone,
	"GET /api/site_setting":              admin,
	"PUT /api/site_setting":              admin,

	// Taxes: everyone signed in reads the UVT, administrators set it.
	// Advanced delete (spec §6: not secretary; buyers have no documents): admin and user; only
	// administrators restore.
	"POST /api/advanced-delete/preview":   admin | user,
	"POST /api/advanced-delete/send-code": admin | user,
	"POST /api/advanced-delete/verify":    admin | user,
	"GET /api/archive":                    admin | user,
	"POST /api/archive/{id}/restore":      admin,

	"GET /api/tax/uvt":        signedIn,
	"PUT /api/tax/uvt/{year}": admin,

	// Notifications: each person's own inbox.
	"GET /api/notifications":              signedIn,
	"GET /api/notifications/unread_count": signedIn,
	"GET /api/notifications/missed":       signedIn,
	"POST /api/notifications/read_all":    signedIn,
	"POST /api/notifications/{id}/read":   signedIn,
	"DELETE /api/notifications/{id}":      signedIn,
	"DELETE /api/notifications":           signedIn,

	// Catalogue: staff write; the buyer reads (the purchase-order form).
	"GET /api/categories":             signedIn,
	"GET /api/categories/export.xlsx": staff,
	"GET /api/categories/{id}":        signedIn,
	"POST /api/categories":            staff,
	"PUT /api/categories/{id}":        staff,
	"DELETE /api/categories/{id}":     staff,
	"GET /api/products":               staff, // cost, price and profit: not the buyer's (issue 9.5)
	"GET /api/products/alerts":        staff,
	"GET /api/products/export.xlsx":   staff,
	"GET /api/products/{id}":          staff,
	"GET /api/products/choices":       signedIn, // the order form's pick-list, nothing about money
	"POST /api/products":              staff,
	"PUT /api/products/{id}":          staff,
	"DELETE /api/products/{id}":       staff,

	// Customers and suppliers: staff; administrators decide.
	"GET /api/customers":               staff,
	"GET /api/customers/export.xlsx":   staff,
	"GET /api/customers/{id}":          staff,
	"POST /api/customers":              staff,
	"PUT /api/customers/{id}":          staff,
	"DELETE /api/customers/{id}":       staff,
	"POST /api/customers/{id}/approve": admin,
	"POST /api/customers/{id}/reject":  admin,
	"GET /api/suppliers":               staff,
	"GET /api/suppliers/export.xlsx":   staff,
	"GET /api/suppliers/{id}":          staff,
	"POST /api/suppliers":              staff,
	"PUT /api/suppliers/{id}":          staff,
	"DELETE /api/suppliers/{id}":       staff,
	"POST /api/suppliers/{id}/approve": admin,
	"POST /api/suppliers/{id}/reject":  admin,

	// Purchase orders and received orders: the buyer's work with staff; administrators decide;
	// administrators do not place or edit orders.
	"GET /api/purchase-orders":                     signedIn,
	"GET /api/purchase-orders/export.xlsx":         signedIn,
	"GET /api/purchase-orders/{id}":                signedIn,
	"POST /api/purchase-orders":                    secretary | user | buyer,
	"PUT /api/purchase-orders/{id}":                secretary | user,
	"DELETE /api/purchase-orders/{id}":             signedIn,
	"POST /api/purchase-orders/{id}/approve":       admin,
	"POST /api/purchase-orders/{id}/reject":        admin,
	"POST /api/purchase-orders/{id}/receive":       signedIn,
	"GET /api/received-orders":                     signedIn,
	"GET /api/received-orders/export.xlsx":         signedIn,
	"GET /api/received-orders/{id}":                signedIn,
	"PUT /api/received-orders/{id}":                signedIn,
	"POST /api/received-orders/{id}/approve":       admin,
	"POST /api/received-orders/{id}/reject":        admin,
	"GET /api/received-orders/{id}/purchase-draft": staff,

	// Purchases: staff; administrators decide.
	"GET /api/purchases":               staff,
	"GET /api/purchases/expiring":      staff,
	"GET /api/purchases/export.xlsx":   staff,
	"POST /api/purchases/quote":        staff,
	"GET /api/purchases/{id}":          staff,
	"POST /api/purchases":              staff,
	"PUT /api/purchases/{id}":          staff,
	"DELETE /api/purchases/{id}":       staff,
	"POST /api/purchases/{id}/approve": admin,
	"POST /api/purchases/{id}/reject":  admin,

	// Sales: staff read, quote and delete; administrators decide but never record or edit a sale
	// (spec §6: /sale/add and /sale/edit are not theirs); the buyer has no sales at all.
	"GET /api/sales":               staff,
	"GET /api/sales/export.xlsx":   staff,
	"GET /api/sales/sellers":       staff,
	"POST /api/sales/quote":        staff,
	"GET /api/sales/{id}":          staff,
	"POST /api/sales":              secretary | user,
	"PUT /api/sales/{id}":          secretary | user,
	"DELETE /api/sales/{id}":       staff,
	"POST /api/sales/{id}/approve": admin,
	"POST /api/sales/{id}/reject":  admin,

	// Payments: staff record, read, delete and export; administrators decide; the buyer has no
	// payments at all.
	"GET /api/payments":               staff,
	"GET /api/payments/export.xlsx":   staff,
	"GET /api/payments/documents":     staff,
	"GET /api/payments/{id}":          staff,
	"POST /api/payments":              staff,
	"POST /api/payments/batch":        staff,
	"DELETE /api/payments/{id}":       staff,
	"POST /api/payments/{id}/approve": admin,
	"POST /api/payments/{id}/reject":  admin,

	// Reports: staff read their company's (administrators every company's); users_report is
	// administrators' only; the buyer reads none.
	"GET /api/dashboard":                                    staff,
	"GET /api/reports/company_chart":                        staff,
	"GET /api/reports/company_chart/export.xlsx":            staff,
	"GET /api/reports/store_chart":                          staff,
	"GET /api/reports/store_chart/export.xlsx":              staff,
	"GET /api/reports/users_report":                         admin,
	"GET /api/reports/users_report/export.xlsx":             admin,
	"GET /api/reports/users_report/{id}":                    admin,
	"GET /api/reports/users_report/{id}/export.xlsx":        admin,
	"GET /api/reports/product_report":                       staff,
	"GET /api/reports/product_report/export.xlsx":           staff,
	"GET /api/reports/product_expiry_alert":                 staff,
	"GET /api/reports/product_expiry_alert/export.xlsx":     staff,
	"GET /api/reports/overview_chart":                       staff,
	"GET /api/reports/overview_chart/export.xlsx":           staff,
	"GET /api/reports/product_quantity_alert":               staff,
	"GET /api/reports/product_quantity_alert/export.xlsx":   staff,
	"GET /api/reports/expired_purchases_report":             staff,
	"GET /api/reports/expired_purchases_report/export.xlsx": staff,
	"GET /api/reports/sales_report":                         staff,
	"GET /api/reports/sales_report/export.xlsx":             staff,
	"GET /api/reports/purchases_report":                     staff,
	"GET /api/reports/purchases_report/export.xlsx":         staff,
	"GET /api/reports/payment_report":                       staff,
	"GET /api/reports/payment_report/export.xlsx":           staff,
	"GET /api/reports/income_report":                        staff,
	"GET /api/reports/income_report/export.xlsx":            staff,
	"GET /api/reports/customers_report":                     staff,
	"GET /api/reports/customers_report/export.xlsx":         staff,
	"GET /api/reports/customers_report/{id}":                staff,
	"GET /api/reports/customers_report/{id}/export.xlsx":    staff,
	"GET /api/reports/suppliers_report":                     staff,
	"GET /api/reports/suppliers_report/export.xlsx":         staff,
	"GET /api/reports/suppliers_report/{id}":                staff,
	"GET /api/reports/suppliers_report/{id}/export.xlsx":    staff,
	// Purchase returns: staff record, read, quote, delete and export; administrators decide; the
	// buyer has no returns at all.
	"GET /api/purchases/{id}/returnable": staff,
	"GET /api/returns":                   staff,
	"GET /api/returns/export.xlsx":       staff,
	"POST /api/returns/quote":            staff,
	"GET /api/returns/{id}":              staff,
	"POST /api/returns":                  staff,
	"DELETE /api/returns/{id}":           staff,
	"POST /api/returns/{id}/approve":     admin,
	"POST /api/returns/{id}/reject":      admin,
}

// operation is one operation of the served OpenAPI document.
type operation struct {
	key, method, path string
	op                *huma.Operation
}

// operations lists the document's operations in a stable order.
func operations(doc *huma.OpenAPI) []operation {
	var out []operation
	for path, item := range doc.Paths {
		for method, op := range map[string]*huma.Operation{http.MethodGet: item.Get, http.MethodPost: item.Post,
			http.MethodPut: item.Put, http.MethodPatch: item.Patch, http.MethodDelete: item.Delete} {
			if op != nil {
				out = append(out, operation{key: method + " " + path, method: method, path: path, op: op})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].key < out[j].key })
	return out
}

// concretePath fills the path's parameters: {year} with a year, any other with id.
func concretePath(template string, id int64) string {
	var b strings.Builder
	for seg := range strings.SplitSeq(strings.TrimPrefix(template, "/"), "/") {
		b.WriteByte('/')
		switch {
		case seg == "{year}":
			b.WriteString("2026")
		case strings.HasPrefix(seg, "{"):
			fmt.Fprint(&b, id)
		default:
			b.WriteString(seg)
		}
	}
	return b.String()
}

// emptyBody is a request body the operation's access check sees before it is read: {} for JSON,
// an empty form for multipart, nothing for operations without a body.
func emptyBody(op *huma.Operation) (body any, contentType string) {
	if op.RequestBody == nil {
		return nil, ""
	}
	if _, ok := op.RequestBody.Content["multipart/form-data"]; ok {
		return "--fuzz--\r\n", "multipart/form-data; boundary=fuzz"
	}
	return "{}", "application/json"
}

// signIn creates a user of each role and returns a session token per role.
func signIn(t *testing.T, s *authtest.Stack) map[string]string {
	t.Helper()
	tokens := map[string]string{}
	for _, c := range callers {
		if c.role == "" {
			continue
		}
		s.CreateUser(t, "access_"+c.role, c.role, false)
		tokens[c.role] = s.Login(t, "access_"+c.role, authtest.Password, "").AuthToken
	}
	return tokens
}

// TestAccessTable proves deny by default: every operation the server documents answers each kind
// of caller as accessTable says — 401 to the anonymous visitor and 403 to a signed-in role it
// does not name, anything else (the operation ran: 2xx, 404 for the made-up id, 422 for the empty
// body) to those it names.
func TestAccessTable(t *testing.T) {
	s := authtest.New(t, dbtest.SQLite(t))
	tokens := signIn(t, s)
	ops := operations(s.Server.API().OpenAPI())

	documented := map[string]bool{}
	for _, o := range ops {
		documented[o.key] = true
		if _, ok := accessTable[o.key]; !ok {
			t.Errorf("%s is not in accessTable: declare who may call it", o.key)
		}
	}
	for key := range accessTable {
		if !documented[key] {
			t.Errorf("accessTable names %s, which the server does not serve", key)
		}
	}

	// The made-up id matches no record: an allowed call changes nothing and answers 404 or 422.
	const missingID = 999_999
	for _, o := range ops {
		allowed, ok := accessTable[o.key]
		if !ok {
			continue
		}
		body, contentType := emptyBody(o.op)
		for _, c := range callers {
			token := tokens[c.role]
			if o.key == "POST /api/auth/logout" && token != "" {
				// Logging out ends the session: use a session of its own.
				token = s.Login(t, "access_"+c.role, authtest.Password, "").AuthToken
			}
			req := authtest.Request{Method: o.method, Path: concretePath(o.path, missingID), Token: token, Body: body}
			if contentType != "" {
				req.Header = map[string]string{"Content-Type": contentType}
			}
			r := s.Do(t, req)
			name := c.role
			if name == "" {
				name = "anonymous"
			}
			switch {
			case allowed&c.who != 0:
				if r.Status == http.StatusUnauthorized || r.Status == http.StatusForbidden || r.Status >= 500 {
					t.Errorf("%s as %s: %d, want the operation to run (%s)", o.key, name, r.Status, r.Body)
				}
			case c.who == anonymous:
				if r.Status != http.StatusUnauthorized {
					t.Errorf("%s as anonymous: %d, want 401 (%s)", o.key, r.Status, r.Body)
				}
			default:
				if r.Status != http.StatusForbidden {
					t.Errorf("%s as %s: %d, want 403 (%s)", o.key, name, r.Status, r.Body)
				}
			}
		}
	}
}
