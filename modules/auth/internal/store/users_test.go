package store

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/listing"
)

func TestUsersTenancy(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		st := New(db)
		at := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
		for _, name := range []string{"Alfa", "Beta"} {
			dbtest.Company(t, db, name)
		}
		const a, b = 1, 2
		add := func(companyID int64, username, first, email, role, approval string) *User {
			u := &User{CompanyID: companyID, Username: username, FirstName: first, Email: email, Role: role, Active: true,
				PasswordHash: "x", ApprovalStatus: approval, CreatedAt: at, UpdatedAt: at}
			if err := st.InsertUser(ctx, u); err != nil {
				t.Fatalf("insert %s: %v", username, err)
			}
			return u
		}
		add(a, "ana", "Ana", "ana@alfa.co", "admin", "approved")
		add(a, "luis", "Luis", "l@alfa.co", "user", "pending")
		add(a, "pct_user", "Cien%", "p@alfa.co", "buyer", "approved")
		beto := add(b, "beto", "Beto", "ana.fan@beta.co", "user", "pending")

		t.Run("scope and filters", func(t *testing.T) {
			count := func(f UserFilter) int {
				n, err := st.CountUsers(ctx, f)
				if err != nil {
					t.Fatal(err)
				}
				return n
			}
			alfa := Scope{CompanyID: a}
			for _, tc := range []struct {
				name string
				f    UserFilter
				want int
			}{
				{"own company", UserFilter{Scope: alfa}, 3},
				{"company filter cannot widen", UserFilter{Scope: alfa, CompanyID: b}, 0},
				{"all", UserFilter{Scope: Scope{All: true}}, 4},
				{"admin narrows", UserFilter{Scope: Scope{All: true}, CompanyID: b}, 1},
				{"q on e-mail across companies", UserFilter{Scope: Scope{All: true}, Q: "ANA"}, 2},
				{"q within scope", UserFilter{Scope: alfa, Q: "ana"}, 1},
				{"q of no word is no search", UserFilter{Scope: Scope{All: true}, Q: "%"}, 4},
				{"role", UserFilter{Scope: Scope{All: true}, Role: "user"}, 2},
				{"approval", UserFilter{Scope: alfa, Approval: "pending"}, 1},
			} {
				if got := count(tc.f); got != tc.want {
					t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
				}
			}
			if _, err := st.UserInScope(ctx, beto.ID, alfa); !errors.Is(err, ErrNotFound) {
				t.Fatalf("other company's user: %v", err)
			}
			if _, err := st.UserRowByID(ctx, beto.ID, alfa); !errors.Is(err, ErrNotFound) {
				t.Fatalf("other company's user row: %v", err)
			}
			if ok, err := st.SoftDeleteUser(ctx, beto.ID, 1, at, alfa); ok || err != nil {
				t.Fatalf("deleted across companies: %v %v", ok, err)
			}
			plan, err := listing.NewPlan(UserSpec, listing.Query{PerPage: 10, Sort: "-username"})
			if err != nil {
				t.Fatal(err)
			}
			rows, err := st.ListUsers(ctx, UserFilter{Scope: alfa}, plan, "-username")
			if err != nil || len(rows) != 3 || rows[0].Username != "pct_user" || rows[2].Username != "ana" {
				t.Fatalf("list %+v %v", rows, err)
			}
		})

		t.Run("counts per company skip deleted users", func(t *testing.T) {
			n, err := st.CountByCompany(ctx, []int64{a, b})
			if err != nil || n[a] != 3 || n[b] != 1 {
				t.Fatalf("counts %v %v", n, err)
			}
			if ok, err := st.SoftDeleteUser(ctx, beto.ID, 1, at, Scope{CompanyID: b}); !ok || err != nil {
				t.Fatalf("delete %v %v", ok, err)
			}
			n, _ = st.CountByCompany(ctx, []int64{a, b})
			if n[b] != 0 {
				t.Fatalf("deleted user counted: %v", n)
			}
			// The username is free again.
			add(b, "BETO", "Beto", "", "user", "approved")
		})

		t.Run("a decision is taken once", func(t *testing.T) {
			u, err := st.UserByUsername(ctx, "luis")
			if err != nil {
				t.Fatal(err)
			}
			ok, err := st.DecideApproval(ctx, u.ID, "approved", "", 1, at)
			if err != nil || !ok {
				t.Fatalf("first decision %v %v", ok, err)
			}
			if ok, _ := st.DecideApproval(ctx, u.ID, "rejected", "late", 1, at); ok {
				t.Fatal("a second decision on a decided user went through")
			}
			u, _ = st.UserByUsername(ctx, "luis")
			if u.ApprovalStatus != "approved" || u.ApprovedBy == nil || *u.ApprovedBy != 1 || u.ApprovedAt == nil {
				t.Fatalf("after decision %+v", u)
			}
		})
	})
}

// TestUserSearchRule: users are searched by the words rule — each term begins a word of the
// username, names or e-mail, accents and case ignored — after inserts and updates, and users
// inserted by hand get their words from IndexMissingWords.
func TestUserSearchRule(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		st := New(db)
		at := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
		a, b := dbtest.Company(t, db, "Alfa"), dbtest.Company(t, db, "Beta")
		add := func(companyID int64, username, first, last, email string) *User {
			u := &User{CompanyID: companyID, Username: username, FirstName: first, LastName: last, Email: email, Role: "user",
				Active: true, PasswordHash: "x", ApprovalStatus: "approved", CreatedAt: at, UpdatedAt: at}
			if err := st.InsertUser(ctx, u); err != nil {
				t.Fatalf("insert %s: %v", username, err)
			}
			return u
		}
		maria := add(a, "mgomez", "María José", "Gómez", "mj@alfa.co")
		add(a, "arroz", "Arroz", "Diana", "ad@alfa.co")
		add(b, "otra", "Otra", "Gómez", "o@beta.co")
		names := func(q string) []string {
			t.Helper()
			f := UserFilter{Scope: Scope{CompanyID: a}, Q: q}
			plan, err := listing.NewPlan(UserSpec, listing.Query{})
			if err != nil {
				t.Fatal(err)
			}
			rows, err := st.ListUsers(ctx, f, plan, "")
			if err != nil {
				t.Fatal(err)
			}
			out := []string{}
			for _, r := range rows {
				out = append(out, r.Username)
			}
			if n, err := st.CountUsers(ctx, f); err != nil || n != len(out) {
				t.Fatalf("count %q = %d, %v; list has %d", q, n, err, len(out))
			}
			return out
		}
		for q, want := range map[string]string{
			"gom": "[mgomez]", "GÓMEZ maria": "[mgomez]", "jose": "[mgomez]", "mez": "[]", "rroz": "[]",
			"arroz": "[arroz]", "mj@alfa": "[mgomez]", "alfa": "[arroz mgomez]", "otra": "[]",
		} {
			if got := fmt.Sprint(names(q)); got != want {
				t.Errorf("search %q = %s, want %s", q, got, want)
			}
		}
		maria.LastName = "Peñalosa"
		if err := st.UpdateUserColumns(ctx, maria, "last_name"); err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(names("penalosa")); got != "[mgomez]" {
			t.Errorf("renamed: %s", got)
		}
		if got := fmt.Sprint(names("gomez")); got != "[]" { // "mgomez" does not begin with it
			t.Errorf("old last name: %s", got)
		}
		if got := fmt.Sprint(names("mgom")); got != "[mgomez]" {
			t.Errorf("username: %s", got)
		}
		if got := fmt.Sprint(names("gomez maria")); got != "[]" {
			t.Errorf("old last name kept: %s", got)
		}
		if _, err := db.NewRaw(`INSERT INTO users (company_id, username, first_name, last_name, email, role, active, password_hash,
			approval_status, created_at, updated_at) VALUES (?, 'nunez', 'Íñigo', 'Núñez', 'n@alfa.co', 'user', true, 'x', 'approved', ?, ?)`,
			a, at, at).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(names("inigo")); got != "[]" {
			t.Errorf("found without words: %s", got)
		}
		if n, err := st.IndexMissingWords(ctx); err != nil || n != 1 {
			t.Fatalf("indexed %d, %v", n, err)
		}
		if got := fmt.Sprint(names("inigo nun")); got != "[nunez]" {
			t.Errorf("after indexing: %s", got)
		}
	})
}
