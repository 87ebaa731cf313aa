package auth_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/product"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

// recordKeys are the fields of the admins' user object: the user object plus approval and sales.
var recordKeys = func() []string {
	k := append(slices.Clone(userKeys), "approval_reason", "approval_status", "approved_at", "approved_by", "updated_at",
		"total_sales", "total_sales_cents")
	slices.Sort(k)
	return k
}()

type userPage struct {
	Data []auth.UserRecord `json:"data"`
	Meta struct {
		Total      int    `json:"total"`
		NextCursor string `json:"next_cursor"`
	} `json:"meta"`
}

type userOne struct {
	Data auth.UserRecord `json:"data"`
}

func newUserBody(s *authtest.Stack, username, role string) map[string]any {
	return map[string]any{"username": username, "first_name": "Nombre " + username, "last_name": "Apellido",
		"email": username + "@demo.co", "phone": "300 123 4567", "company_id": s.CompanyID, "role": role,
		"password": authtest.Password, "password_confirmation": authtest.Password}
}

func createViaAPI(t *testing.T, s *authtest.Stack, token, username, role string) auth.UserRecord {
	t.Helper()
	var out userOne
	s.Send(t, http.MethodPost, "/api/users", token, newUserBody(s, username, role)).Expect(http.StatusCreated).JSON(&out)
	return out.Data
}

func setApproval(t *testing.T, s *authtest.Stack, id int64, status string) {
	t.Helper()
	if _, err := s.DB.NewUpdate().Table("users").Set("approval_status = ?", status).Where("id = ?", id).Exec(context.Background()); err != nil {
		t.Fatalf("set approval: %v", err)
	}
}

func outboxSubjects(t *testing.T, s *authtest.Stack) []string {
	t.Helper()
	var subjects []string
	if err := s.DB.NewSelect().TableExpr("outbox_events").Column("subject").OrderExpr("id").Scan(context.Background(), &subjects); err != nil {
		t.Fatalf("read outbox: %v", err)
	}
	return subjects
}

func TestUserManagement(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		ana := s.CreateUser(t, "ana", auth.RoleAdmin, false)
		s.CreateUser(t, "sara", auth.RoleSecretary, false)
		admin := s.Login(t, "ana", authtest.Password, "").AuthToken
		secretary := s.Login(t, "sara", authtest.Password, "").AuthToken

		t.Run("administrators only", func(t *testing.T) {
			for _, path := range []string{"/api/users", "/api/users/1", "/api/users/export.xlsx"} {
				s.Get(t, path, secretary).ExpectError(http.StatusForbidden, "forbidden", "You are not allowed to perform this action.")
			}
			s.Send(t, http.MethodPost, "/api/users", secretary, newUserBody(s, "x", "user")).Expect(http.StatusForbidden)
			s.Send(t, http.MethodPost, "/api/users/1/approve", secretary, nil).Expect(http.StatusForbidden)
		})

		t.Run("create", func(t *testing.T) {
			r := s.Send(t, http.MethodPost, "/api/users", admin, newUserBody(s, "Carla", "user")).Expect(http.StatusCreated)
			noSecrets(t, r)
			var raw map[string]map[string]any
			r.JSON(&raw)
			if got := keys(raw["data"]); !slices.Equal(got, recordKeys) {
				t.Fatalf("keys %v, want %v", got, recordKeys)
			}
			var out userOne
			r.JSON(&out)
			u := out.Data
			if u.Username != "Carla" || u.Role != "user" || !u.Active || u.ApprovalStatus != "approved" || u.ApprovedBy == nil ||
				*u.ApprovedBy != ana.ID || u.ApprovedAt == nil || u.CompanyName != authtest.CompanyName || u.Phone != "300 123 4567" {
				t.Fatalf("created %+v", u)
			}
			s.Login(t, "carla", authtest.Password, "")
			if got := outboxSubjects(t, s); !slices.Contains(got, auth.SubjectUserCreated) {
				t.Fatalf("outbox %v", got)
			}
			e := s.Send(t, http.MethodPost, "/api/users", admin, newUserBody(s, "CARLA", "user")).
				ExpectError(http.StatusUnprocessableEntity, "invalid", "The username has already been taken.")
			if e.Fields["username"] != "The username has already been taken." {
				t.Fatalf("fields %v", e.Fields)
			}
		})

		t.Run("create validation", func(t *testing.T) {
			for _, tc := range []struct {
				name, field, message string
				change               map[string]any
			}{
				{"no username", "username", "Username Required", map[string]any{"username": " "}},
				{"spaces", "username", "Username must be at most 64 characters, without spaces.", map[string]any{"username": "a b"}},
				{"role", "role", "Choose a role: admin, secretary, user or buyer.", map[string]any{"role": "root"}},
				{"company", "company_id", "Company is required.", map[string]any{"company_id": 0}},
				{"unknown company", "company_id", "The selected company does not exist.", map[string]any{"company_id": 99999}},
				{"mismatch", "password_confirmation", "Passwords do not match.", map[string]any{"password_confirmation": "Other123!"}},
				{"weak", "password", "Password must include uppercase, lowercase, and special character.", map[string]any{"password": "abc", "password_confirmation": "abc"}},
				{"no password", "password", "Password must include uppercase, lowercase, and special character.", map[string]any{"password": "", "password_confirmation": ""}},
				{"email", "email", "Enter a valid email address.", map[string]any{"email": "nope"}},
				{"phone", "phone", "Enter a valid phone number.", map[string]any{"phone": "abc"}},
				{"ip", "ip_address", "Invalid IP address: 10.0.0.999", map[string]any{"ip_address": "10.0.0.999"}},
			} {
				t.Run(tc.name, func(t *testing.T) {
					body := newUserBody(s, "val_"+strings.ReplaceAll(tc.name, " ", "_"), "user")
					for k, v := range tc.change {
						body[k] = v
					}
					e := s.Send(t, http.MethodPost, "/api/users", admin, body).Expect(http.StatusUnprocessableEntity).Err()
					if e.Fields[tc.field] != tc.message {
						t.Fatalf("fields %v, want %s=%q", e.Fields, tc.field, tc.message)
					}
				})
			}
		})

		t.Run("list, search, filters, pages", func(t *testing.T) {
			for _, n := range []string{"lu1", "lu2", "lu3"} {
				createViaAPI(t, s, admin, n, "buyer")
			}
			var p userPage
			s.Get(t, "/api/users?role=buyer&per_page=2", admin).Expect(http.StatusOK).JSON(&p)
			if p.Meta.Total != 3 || len(p.Data) != 2 || p.Data[0].Username != "lu1" || p.Meta.NextCursor == "" {
				t.Fatalf("buyers %+v", p)
			}
			noSecrets(t, s.Get(t, "/api/users", admin))
			s.Get(t, "/api/users?role=buyer&per_page=2&after="+p.Meta.NextCursor, admin).Expect(http.StatusOK).JSON(&p)
			if len(p.Data) != 1 || p.Data[0].Username != "lu3" {
				t.Fatalf("second page %+v", p)
			}
			// q matches the e-mail and the names too.
			s.Get(t, "/api/users?q=LU2%40DEMO", admin).Expect(http.StatusOK).JSON(&p)
			if p.Meta.Total != 1 || p.Data[0].Username != "lu2" {
				t.Fatalf("email search %+v", p)
			}
			s.Get(t, "/api/users?q=nombre%20lu3", admin).Expect(http.StatusOK).JSON(&p)
			if p.Meta.Total != 1 {
				t.Fatalf("name search %+v", p)
			}
			s.Get(t, "/api/users?approval=pending", admin).Expect(http.StatusOK).JSON(&p)
			if p.Meta.Total != 0 {
				t.Fatalf("pending %+v", p)
			}
			s.Get(t, "/api/users?company_id=99999", admin).Expect(http.StatusOK).JSON(&p)
			if p.Meta.Total != 0 {
				t.Fatalf("other company %+v", p)
			}
			s.Get(t, "/api/users?sort=-created_at&per_page=1", admin).Expect(http.StatusOK).JSON(&p)
			if p.Meta.NextCursor == "" {
				t.Fatalf("created_at sort %+v", p)
			}
			s.Get(t, "/api/users?sort=-created_at&per_page=1&after="+p.Meta.NextCursor, admin).Expect(http.StatusOK)
			s.Get(t, "/api/users?sort=password_hash", admin).Expect(http.StatusUnprocessableEntity)
			s.Get(t, "/api/users?role=root", admin).Expect(http.StatusUnprocessableEntity)
		})

		t.Run("update: password optional, new password and deactivation end sessions", func(t *testing.T) {
			u := createViaAPI(t, s, admin, "dora", "user")
			tok := s.Login(t, "dora", authtest.Password, "").AuthToken
			path := fmt.Sprintf("/api/users/%d", u.ID)
			body := newUserBody(s, "dora", "secretary")
			body["password"], body["password_confirmation"], body["first_name"] = "", "", "Dorotea"
			var out userOne
			s.Send(t, http.MethodPut, path, admin, body).Expect(http.StatusOK).JSON(&out)
			if out.Data.Role != "secretary" || out.Data.FirstName != "Dorotea" {
				t.Fatalf("updated %+v", out.Data)
			}
			s.Get(t, "/api/auth/user/profile", tok).Expect(http.StatusOK) // no new password: session lives
			body["password"], body["password_confirmation"] = "Nueva123!", "Nueva123!"
			s.Send(t, http.MethodPut, path, admin, body).Expect(http.StatusOK)
			s.Get(t, "/api/auth/user/profile", tok).Expect(http.StatusUnauthorized)
			tok = s.Login(t, "dora", "Nueva123!", "").AuthToken
			body["password"], body["password_confirmation"], body["active"] = "", "", false
			s.Send(t, http.MethodPut, path, admin, body).Expect(http.StatusOK).JSON(&out)
			if out.Data.Active {
				t.Fatal("still active")
			}
			s.Get(t, "/api/auth/user/profile", tok).Expect(http.StatusUnauthorized)
			login(t, s, "dora", "Nueva123!", "").Expect(http.StatusForbidden)
			s.Send(t, http.MethodPut, "/api/users/99999", admin, body).ExpectError(http.StatusNotFound, "not_found",
				"The requested information was not found")
		})

		t.Run("administrators cannot lock themselves out", func(t *testing.T) {
			path := fmt.Sprintf("/api/users/%d", ana.ID)
			body := newUserBody(s, "ana", "admin")
			body["password"], body["password_confirmation"], body["active"] = "", "", false
			e := s.Send(t, http.MethodPut, path, admin, body).Expect(http.StatusUnprocessableEntity).Err()
			if e.Fields["active"] != "You cannot deactivate your own account." {
				t.Fatalf("fields %v", e.Fields)
			}
			body["active"], body["role"] = true, "user"
			e = s.Send(t, http.MethodPut, path, admin, body).Expect(http.StatusUnprocessableEntity).Err()
			if e.Fields["role"] != "You cannot change your own role." {
				t.Fatalf("fields %v", e.Fields)
			}
			s.Send(t, http.MethodDelete, path, admin, nil).ExpectError(http.StatusForbidden, "forbidden", "You cannot delete your own account.")
			// Changing their own password keeps the session they made the change from.
			body["role"], body["password"], body["password_confirmation"] = "admin", "Cambio123!", "Cambio123!"
			s.Send(t, http.MethodPut, path, admin, body).Expect(http.StatusOK)
			s.Get(t, "/api/auth/user/profile", admin).Expect(http.StatusOK)
		})

		t.Run("delete", func(t *testing.T) {
			u := createViaAPI(t, s, admin, "eva", "buyer")
			tok := s.Login(t, "eva", authtest.Password, "").AuthToken
			s.Send(t, http.MethodDelete, fmt.Sprintf("/api/users/%d", u.ID), admin, nil).Expect(http.StatusNoContent)
			s.Get(t, "/api/auth/user/profile", tok).Expect(http.StatusUnauthorized)
			s.Get(t, fmt.Sprintf("/api/users/%d", u.ID), admin).Expect(http.StatusNotFound)
			s.Send(t, http.MethodDelete, fmt.Sprintf("/api/users/%d", u.ID), admin, nil).Expect(http.StatusNotFound)
			login(t, s, "eva", authtest.Password, "").Expect(http.StatusUnauthorized)
			createViaAPI(t, s, admin, "eva", "buyer") // the username is free again
		})

		t.Run("approve and reject", func(t *testing.T) {
			p := createViaAPI(t, s, admin, "pia", "user")
			q := createViaAPI(t, s, admin, "quin", "user")
			setApproval(t, s, p.ID, "pending")
			setApproval(t, s, q.ID, "pending")
			login(t, s, "pia", authtest.Password, "").Expect(http.StatusForbidden)
			var pg userPage
			s.Get(t, "/api/users?approval=pending", admin).Expect(http.StatusOK).JSON(&pg)
			if pg.Meta.Total != 2 {
				t.Fatalf("pending total %d", pg.Meta.Total)
			}
			s.Send(t, http.MethodPost, fmt.Sprintf("/api/users/%d/reject", q.ID), admin, map[string]any{"reason": "  "}).
				ExpectError(http.StatusUnprocessableEntity, "invalid", "A reason is required.")
			var out userOne
			s.Send(t, http.MethodPost, fmt.Sprintf("/api/users/%d/reject", q.ID), admin, map[string]any{"reason": "Duplicado"}).
				Expect(http.StatusOK).JSON(&out)
			if out.Data.ApprovalStatus != "rejected" || out.Data.ApprovalReason != "Duplicado" || *out.Data.ApprovedBy != ana.ID {
				t.Fatalf("rejected %+v", out.Data)
			}
			s.Send(t, http.MethodPost, fmt.Sprintf("/api/users/%d/approve", q.ID), admin, nil).
				ExpectError(http.StatusConflict, "conflict", "Only pending records can be approved or rejected.")
			s.Send(t, http.MethodPost, fmt.Sprintf("/api/users/%d/approve", p.ID), admin, nil).Expect(http.StatusOK).JSON(&out)
			if out.Data.ApprovalStatus != "approved" || out.Data.ApprovalReason != "" {
				t.Fatalf("approved %+v", out.Data)
			}
			s.Login(t, "pia", authtest.Password, "")
			login(t, s, "quin", authtest.Password, "").Expect(http.StatusForbidden)
			got := outboxSubjects(t, s)
			if !slices.Contains(got, auth.SubjectUserApproved) || !slices.Contains(got, auth.SubjectUserRejected) {
				t.Fatalf("outbox %v", got)
			}
			s.Send(t, http.MethodPost, "/api/users/99999/approve", admin, nil).Expect(http.StatusNotFound)
		})

		t.Run("export", func(t *testing.T) {
			r := s.Get(t, "/api/users/export.xlsx?lang=en&role=admin", admin).Expect(http.StatusOK)
			if cd := r.Header.Get("Content-Disposition"); cd != `attachment; filename="users-20261123.xlsx"` {
				t.Fatalf("disposition %q", cd)
			}
			if len(r.Body) < 100 || string(r.Body[:2]) != "PK" {
				t.Fatalf("not an xlsx: %d bytes", len(r.Body))
			}
			noSecrets(t, r)
		})
	})
}

// userSales is a stand-in for the sales module: it answers its figures and records every call.
type userSales struct {
	mu      sync.Mutex
	figures map[int64]auth.SalesFigures
	calls   [][]int64
}

func (u *userSales) UserSales(_ context.Context, ids []int64) (map[int64]auth.SalesFigures, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.calls = append(u.calls, slices.Clone(ids))
	out := map[int64]auth.SalesFigures{}
	for _, id := range ids {
		if f, ok := u.figures[id]; ok {
			out[id] = f
		}
	}
	return out, nil
}

// takeCalls returns the calls made since the last take.
func (u *userSales) takeCalls() [][]int64 {
	u.mu.Lock()
	defer u.mu.Unlock()
	c := u.calls
	u.calls = nil
	return c
}

func TestUserSalesFigures(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		sales := &userSales{figures: map[int64]auth.SalesFigures{}}
		s := authtest.NewWith(t, db, func(d *product.Deps) { d.Later.UserSales = sales })
		ana := s.CreateUser(t, "ana", auth.RoleAdmin, false)
		seller := s.CreateUser(t, "vera", auth.RoleUser, false)
		quiet := s.CreateUser(t, "quinn", auth.RoleUser, false)
		admin := s.Login(t, "ana", authtest.Password, "").AuthToken
		sales.figures[seller.ID] = auth.SalesFigures{Count: 3, AmountCents: 123456789}
		sales.takeCalls()

		// The page's users, in one call; a user the sales module does not name has zeros.
		var p userPage
		s.Get(t, "/api/users?role=user&sort=username", admin).Expect(http.StatusOK).JSON(&p)
		if len(p.Data) != 2 || p.Data[0].ID != quiet.ID || p.Data[1].ID != seller.ID {
			t.Fatalf("page %+v", p.Data)
		}
		if q, v := p.Data[0], p.Data[1]; q.TotalSales != 0 || q.TotalSalesCents != 0 || v.TotalSales != 3 || v.TotalSalesCents != 123456789 {
			t.Fatalf("figures %+v / %+v", q, v)
		}
		if calls := sales.takeCalls(); len(calls) != 1 || !slices.Equal(calls[0], []int64{quiet.ID, seller.ID}) {
			t.Fatalf("calls %v", calls)
		}

		var one userOne
		s.Get(t, fmt.Sprintf("/api/users/%d", seller.ID), admin).Expect(http.StatusOK).JSON(&one)
		if one.Data.TotalSales != 3 || one.Data.TotalSalesCents != 123456789 {
			t.Fatalf("detail %+v", one.Data)
		}
		if calls := sales.takeCalls(); len(calls) != 1 || !slices.Equal(calls[0], []int64{seller.ID}) {
			t.Fatalf("detail calls %v", calls)
		}

		// The export carries both figures, the amount in pesos, headers in each language.
		rows := s.Get(t, "/api/users/export.xlsx?lang=en&sort=username", admin).Expect(http.StatusOK).Sheet("users")
		head := rows[0]
		if len(rows) != 4 || head[len(head)-2] != "Total sales" || head[len(head)-1] != "Sales amount" {
			t.Fatalf("export rows %q", rows)
		}
		for _, row := range rows[1:] {
			want := []string{"0", "0.00"}
			if row[0] == "vera" {
				want = []string{"3", "1,234,567.89"}
			}
			if got := row[len(row)-2:]; !slices.Equal(got, want) {
				t.Fatalf("export row %q, want figures %q", row, want)
			}
		}
		if calls := sales.takeCalls(); len(calls) != 1 || len(calls[0]) != 3 || !slices.Contains(calls[0], ana.ID) {
			t.Fatalf("export calls %v", calls)
		}
		es := s.Get(t, "/api/users/export.xlsx", admin).Expect(http.StatusOK).Sheet("users")
		if h := es[0]; h[len(h)-2] != "Total ventas" || h[len(h)-1] != "Monto de ventas" {
			t.Fatalf("spanish headers %q", h)
		}
	})
}
