package settings_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"html"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/settings"
)

type companyPage struct {
	Data []settings.Company `json:"data"`
	Meta struct {
		Page       int    `json:"page"`
		PerPage    int    `json:"per_page"`
		Total      int    `json:"total"`
		TotalPages int    `json:"total_pages"`
		NextCursor string `json:"next_cursor"`
		PrevCursor string `json:"prev_cursor"`
	} `json:"meta"`
}

type storePage struct {
	Data []settings.Store `json:"data"`
	Meta struct {
		Total      int    `json:"total"`
		NextCursor string `json:"next_cursor"`
	} `json:"meta"`
}

type one[T any] struct {
	Data T `json:"data"`
}

func createCompany(t *testing.T, s *authtest.Stack, token string, body map[string]any) settings.Company {
	t.Helper()
	var out one[settings.Company]
	s.Send(t, http.MethodPost, "/api/companies", token, body).Expect(http.StatusCreated).JSON(&out)
	return out.Data
}

func createStore(t *testing.T, s *authtest.Stack, token string, companyID int64, name string) settings.Store {
	t.Helper()
	var out one[settings.Store]
	s.Send(t, http.MethodPost, "/api/stores", token, map[string]any{"name": name, "company_id": companyID}).
		Expect(http.StatusCreated).JSON(&out)
	return out.Data
}

// xlsxText returns the XML of a workbook's sheet and shared strings: every text cell is in it.
func xlsxText(t *testing.T, body []byte) string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatalf("export is not a zip: %v", err)
	}
	var all strings.Builder
	for _, f := range zr.File {
		if strings.HasPrefix(f.Name, "xl/worksheets/") || f.Name == "xl/sharedStrings.xml" {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(rc)
			_ = rc.Close()
			all.Write(b)
		}
	}
	// Keep the cells only, unescaped, so that failures print the data and not the namespaces.
	text := all.String()
	if i := strings.Index(text, "<sheetData>"); i >= 0 {
		text = text[i:]
	}
	return html.UnescapeString(text)
}

func TestCompanies(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		s.CreateUser(t, "ana", auth.RoleAdmin, false)
		s.CreateUser(t, "uli", auth.RoleUser, false)
		admin := s.Login(t, "ana", authtest.Password, "").AuthToken
		user := s.Login(t, "uli", authtest.Password, "").AuthToken

		t.Run("only administrators", func(t *testing.T) {
			for _, r := range []struct{ method, path string }{{"GET", "/api/companies"}, {"POST", "/api/companies"},
				{"GET", fmt.Sprintf("/api/companies/%d", s.CompanyID)}, {"PUT", fmt.Sprintf("/api/companies/%d", s.CompanyID)},
				{"DELETE", fmt.Sprintf("/api/companies/%d", s.CompanyID)}, {"GET", "/api/companies/export.xlsx"}} {
				s.Send(t, r.method, r.path, user, map[string]any{"name": "X"}).ExpectError(http.StatusForbidden, "forbidden",
					"You are not allowed to perform this action.")
				s.Send(t, r.method, r.path, "", map[string]any{"name": "X"}).Expect(http.StatusUnauthorized)
			}
		})

		t.Run("create, defaults, validation and duplicates", func(t *testing.T) {
			c := createCompany(t, s, admin, map[string]any{"name": "  Ferretería Andina  "})
			if c.Name != "Ferretería Andina" || !c.Active || !c.HasTaxes || c.WithholdingAgent || c.ReteIVAAgent || c.Autorretenedor ||
				c.Stores != 0 || c.Users != 0 || c.ID == 0 {
				t.Fatalf("created %+v", c)
			}
			e := s.Send(t, http.MethodPost, "/api/companies", admin, map[string]any{"name": "FERRETERÍA ANDINA"}).
				ExpectError(http.StatusUnprocessableEntity, "invalid", "The name has already been taken.")
			if e.Fields["name"] != "The name has already been taken." {
				t.Fatalf("fields %v", e.Fields)
			}
			s.Send(t, http.MethodPost, "/api/companies", admin, map[string]any{"name": " "}).
				ExpectError(http.StatusUnprocessableEntity, "invalid", "Name is required.")
			s.Send(t, http.MethodPost, "/api/companies", admin, map[string]any{"name": "Sin IVA", "has_taxes": false, "reteiva_agent": true}).
				ExpectError(http.StatusUnprocessableEntity, "invalid", "A company without taxes cannot be a withholding or ReteIVA agent.")
			e = s.Send(t, http.MethodPost, "/api/companies", admin, map[string]any{"name": "Sin IVA", "has_taxes": false, "autorretenedor": true}).
				ExpectError(http.StatusUnprocessableEntity, "invalid", "A company without taxes cannot be autorretenedor.")
			if e.Fields["has_taxes"] != "A company without taxes cannot be autorretenedor." {
				t.Fatalf("fields %v", e.Fields)
			}
		})

		t.Run("a deactivated company's users cannot sign in and their sessions end", func(t *testing.T) {
			c := createCompany(t, s, admin, map[string]any{"name": "Cerrada"})
			if _, err := s.Auth.CreateUser(context.Background(), auth.NewUser{CompanyID: c.ID, Username: "cami",
				Password: authtest.Password, FirstName: "Cami", LastName: "Cerrada", Email: "cami@cerrada.co",
				Phone: "3001234567", Role: auth.RoleUser}); err != nil {
				t.Fatal(err)
			}
			cami := s.Login(t, "cami", authtest.Password, "").AuthToken
			s.Get(t, "/api/auth/user/profile", cami).Expect(http.StatusOK)
			s.Send(t, http.MethodPut, fmt.Sprintf("/api/companies/%d", c.ID), admin, map[string]any{"name": "Cerrada", "active": false}).
				Expect(http.StatusOK)
			s.Clock.Advance(3 * time.Second) // another process's change shows within the session cache's 2 s
			s.Get(t, "/api/auth/user/profile", cami).Expect(http.StatusUnauthorized)
			s.Send(t, http.MethodPost, "/api/auth/login", "", map[string]any{"username": "cami", "password": authtest.Password}).
				ExpectError(http.StatusForbidden, "forbidden", "Your company is inactive. Please contact an administrator.")
			// The administrators keep working, and reactivate it.
			s.Get(t, "/api/auth/user/profile", admin).Expect(http.StatusOK)
			s.Send(t, http.MethodPut, fmt.Sprintf("/api/companies/%d", c.ID), admin, map[string]any{"name": "Cerrada", "active": true}).
				Expect(http.StatusOK)
			s.Get(t, "/api/auth/user/profile", s.Login(t, "cami", authtest.Password, "").AuthToken).Expect(http.StatusOK)
		})

		t.Run("update keeps omitted flags", func(t *testing.T) {
			c := createCompany(t, s, admin, map[string]any{"name": "Agente", "withholding_agent": true, "reteiva_agent": true,
				"autorretenedor": true})
			var out one[settings.Company]
			s.Send(t, http.MethodPut, fmt.Sprintf("/api/companies/%d", c.ID), admin, map[string]any{"name": "Agente 2", "active": false}).
				Expect(http.StatusOK).JSON(&out)
			if out.Data.Name != "Agente 2" || out.Data.Active || !out.Data.WithholdingAgent || !out.Data.ReteIVAAgent || !out.Data.HasTaxes ||
				!out.Data.Autorretenedor {
				t.Fatalf("updated %+v", out.Data)
			}
			// The tax profile the purchases and sales read follows the stored flags.
			tp, err := s.Settings.CompanyTaxProfile(context.Background(), c.ID)
			if err != nil || tp != (settings.TaxProfile{HasTaxes: true, WithholdingAgent: true, ReteIVAAgent: true, Autorretenedor: true}) {
				t.Fatalf("tax profile %+v, %v", tp, err)
			}
			// Switching taxes off while autorretenedor stays on is refused; switching both off is not.
			s.Send(t, http.MethodPut, fmt.Sprintf("/api/companies/%d", c.ID), admin, map[string]any{"name": "Agente 2",
				"has_taxes": false, "withholding_agent": false, "reteiva_agent": false}).
				ExpectError(http.StatusUnprocessableEntity, "invalid", "A company without taxes cannot be autorretenedor.")
			s.Send(t, http.MethodPut, fmt.Sprintf("/api/companies/%d", c.ID), admin, map[string]any{"name": "Agente 2",
				"has_taxes": false, "withholding_agent": false, "reteiva_agent": false, "autorretenedor": false}).
				Expect(http.StatusOK).JSON(&out)
			if out.Data.HasTaxes || out.Data.Autorretenedor {
				t.Fatalf("untaxed %+v", out.Data)
			}
			if tp, err = s.Settings.CompanyTaxProfile(context.Background(), c.ID); err != nil || tp != (settings.TaxProfile{}) {
				t.Fatalf("untaxed tax profile %+v, %v", tp, err)
			}
			// Its own name again is not a duplicate.
			s.Send(t, http.MethodPut, fmt.Sprintf("/api/companies/%d", c.ID), admin, map[string]any{"name": "agente 2"}).Expect(http.StatusOK)
			s.Send(t, http.MethodPut, fmt.Sprintf("/api/companies/%d", c.ID), admin, map[string]any{"name": authtest.CompanyName}).
				ExpectError(http.StatusUnprocessableEntity, "invalid", "The name has already been taken.")
			s.Send(t, http.MethodPut, "/api/companies/999999", admin, map[string]any{"name": "Nadie"}).
				ExpectError(http.StatusNotFound, "not_found", "The requested information was not found")
		})

		t.Run("counts, delete rules", func(t *testing.T) {
			c := createCompany(t, s, admin, map[string]any{"name": "Con tienda"})
			st := createStore(t, s, admin, c.ID, "Bodega")
			createStore(t, s, admin, s.CompanyID, "Principal")
			var got one[settings.Company]
			s.Get(t, fmt.Sprintf("/api/companies/%d", c.ID), admin).Expect(http.StatusOK).JSON(&got)
			if got.Data.Stores != 1 || got.Data.Users != 0 {
				t.Fatalf("counts %+v", got.Data)
			}
			s.Get(t, fmt.Sprintf("/api/companies/%d", s.CompanyID), admin).Expect(http.StatusOK).JSON(&got)
			if got.Data.Stores != 1 || got.Data.Users != 2 {
				t.Fatalf("demo company counts %+v", got.Data)
			}
			// The demo company has users (the caller among them), the other one a store.
			s.Send(t, http.MethodDelete, fmt.Sprintf("/api/companies/%d", s.CompanyID), admin, nil).
				ExpectError(http.StatusConflict, "conflict", "Company cannot be deleted")
			s.Send(t, http.MethodDelete, fmt.Sprintf("/api/companies/%d", c.ID), admin, nil).
				ExpectError(http.StatusConflict, "conflict", "Company cannot be deleted")
			s.Send(t, http.MethodDelete, fmt.Sprintf("/api/stores/%d", st.ID), admin, nil).Expect(http.StatusNoContent)
			s.Send(t, http.MethodDelete, fmt.Sprintf("/api/companies/%d", c.ID), admin, nil).Expect(http.StatusNoContent)
			s.Get(t, fmt.Sprintf("/api/companies/%d", c.ID), admin).ExpectError(http.StatusNotFound, "not_found",
				"The requested information was not found")
			s.Send(t, http.MethodDelete, fmt.Sprintf("/api/companies/%d", c.ID), admin, nil).Expect(http.StatusNotFound)
			// The name is free again once the company is gone.
			createCompany(t, s, admin, map[string]any{"name": "Con tienda"})
		})

		t.Run("list, search, filter, pages", func(t *testing.T) {
			for i := 0; i < 5; i++ {
				createCompany(t, s, admin, map[string]any{"name": fmt.Sprintf("Zeta %d", i), "active": i%2 == 0})
			}
			var p companyPage
			s.Get(t, "/api/companies?q=zeta&per_page=2", admin).Expect(http.StatusOK).JSON(&p)
			if p.Meta.Total != 5 || len(p.Data) != 2 || p.Data[0].Name != "Zeta 0" || p.Meta.NextCursor == "" || p.Meta.TotalPages != 3 {
				t.Fatalf("first page %+v", p)
			}
			var names []string
			for cursor := ""; ; {
				var pg companyPage
				s.Get(t, "/api/companies?q=zeta&per_page=2&after="+cursor, admin).Expect(http.StatusOK).JSON(&pg)
				for _, c := range pg.Data {
					names = append(names, c.Name)
				}
				if cursor = pg.Meta.NextCursor; cursor == "" {
					break
				}
			}
			if strings.Join(names, ",") != "Zeta 0,Zeta 1,Zeta 2,Zeta 3,Zeta 4" {
				t.Fatalf("walk %v", names)
			}
			s.Get(t, "/api/companies?q=zeta&active=false&sort=-name", admin).Expect(http.StatusOK).JSON(&p)
			if p.Meta.Total != 2 || p.Data[0].Name != "Zeta 3" || p.Data[1].Name != "Zeta 1" {
				t.Fatalf("inactive %+v", p)
			}
			// Search is by words (platform/search): a LIKE wildcard is no word, so "%" is no
			// search, and "eta" begins no word of "Zeta".
			s.Get(t, "/api/companies?q=%25zeta", admin).Expect(http.StatusOK).JSON(&p)
			if p.Meta.Total != 5 {
				t.Fatalf("%%zeta matched %d", p.Meta.Total)
			}
			s.Get(t, "/api/companies?q=eta", admin).Expect(http.StatusOK).JSON(&p)
			if p.Meta.Total != 0 {
				t.Fatalf("eta matched %d", p.Meta.Total)
			}
			s.Get(t, "/api/companies?sort=password", admin).Expect(http.StatusUnprocessableEntity)
		})

		t.Run("export", func(t *testing.T) {
			createCompany(t, s, admin, map[string]any{"name": "=HYPERLINK(\"http://x\")"})
			r := s.Get(t, "/api/companies/export.xlsx?lang=en&q=hyperlink", admin).Expect(http.StatusOK)
			if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/vnd.openxmlformats") {
				t.Fatalf("content type %q", ct)
			}
			if cd := r.Header.Get("Content-Disposition"); cd != `attachment; filename="companies-20261123.xlsx"` {
				t.Fatalf("disposition %q", cd)
			}
			text := xlsxText(t, r.Body)
			if !strings.Contains(text, "Withholding agent") || !strings.Contains(text, "Autorretenedor") || !strings.Contains(text, "'=HYPERLINK") || strings.Contains(text, "Zeta") {
				t.Fatalf("export text %s", text)
			}
			es := xlsxText(t, s.Get(t, "/api/companies/export.xlsx", admin).Expect(http.StatusOK).Body)
			if !strings.Contains(es, "Agente de retención") || !strings.Contains(es, authtest.CompanyName) {
				t.Fatalf("spanish export %s", es)
			}
		})
	})
}

func TestStores(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		s.CreateUser(t, "ana", auth.RoleAdmin, false)
		s.CreateUser(t, "sara", auth.RoleSecretary, false)
		s.CreateUser(t, "bruno", auth.RoleBuyer, false)
		admin := s.Login(t, "ana", authtest.Password, "").AuthToken
		secretary := s.Login(t, "sara", authtest.Password, "").AuthToken
		buyer := s.Login(t, "bruno", authtest.Password, "").AuthToken

		other, err := s.Settings.EnsureCompany(context.Background(), "Otra S.A.S.")
		if err != nil {
			t.Fatal(err)
		}
		mine := createStore(t, s, admin, s.CompanyID, "Principal")
		theirs := createStore(t, s, admin, other, "Principal") // same name, other company
		createStore(t, s, admin, s.CompanyID, "Norte")
		if mine.CompanyName != authtest.CompanyName || !mine.Active {
			t.Fatalf("store %+v", mine)
		}

		t.Run("validation", func(t *testing.T) {
			e := s.Send(t, http.MethodPost, "/api/stores", admin, map[string]any{"name": "principal", "company_id": s.CompanyID}).
				ExpectError(http.StatusUnprocessableEntity, "invalid", "The name has already been taken.")
			if e.Fields["name"] == "" {
				t.Fatalf("fields %v", e.Fields)
			}
			e = s.Send(t, http.MethodPost, "/api/stores", admin, map[string]any{"name": ""}).Expect(http.StatusUnprocessableEntity).Err()
			if e.Fields["name"] != "Name is required." || e.Fields["company_id"] != "Company is required." {
				t.Fatalf("fields %v", e.Fields)
			}
			s.Send(t, http.MethodPost, "/api/stores", admin, map[string]any{"name": "X", "company_id": 999999}).
				ExpectError(http.StatusUnprocessableEntity, "invalid", "The selected company does not exist.")
			// Moving a store into a company that has one of that name is a duplicate too.
			s.Send(t, http.MethodPut, fmt.Sprintf("/api/stores/%d", theirs.ID), admin, map[string]any{"name": "Principal", "company_id": s.CompanyID}).
				ExpectError(http.StatusUnprocessableEntity, "invalid", "The name has already been taken.")
		})

		t.Run("readers see their own company only", func(t *testing.T) {
			var p storePage
			s.Get(t, "/api/stores", secretary).Expect(http.StatusOK).JSON(&p)
			if p.Meta.Total != 2 || len(p.Data) != 2 || p.Data[0].Name != "Norte" || p.Data[1].ID != mine.ID {
				t.Fatalf("secretary list %+v", p)
			}
			// A company filter cannot widen the scope.
			s.Get(t, fmt.Sprintf("/api/stores?company_id=%d", other), secretary).Expect(http.StatusOK).JSON(&p)
			if p.Meta.Total != 0 {
				t.Fatalf("secretary sees another company: %+v", p)
			}
			s.Get(t, fmt.Sprintf("/api/stores/%d", theirs.ID), secretary).
				ExpectError(http.StatusNotFound, "not_found", "The requested information was not found")
			s.Get(t, fmt.Sprintf("/api/stores/%d", mine.ID), secretary).Expect(http.StatusOK)
			xs := xlsxText(t, s.Get(t, "/api/stores/export.xlsx", secretary).Expect(http.StatusOK).Body)
			if !strings.Contains(xs, "Norte") || strings.Contains(xs, "Otra S.A.S.") {
				t.Fatalf("secretary export %s", xs)
			}
			// Administrators see every company, and may narrow to one.
			s.Get(t, "/api/stores", admin).Expect(http.StatusOK).JSON(&p)
			if p.Meta.Total != 3 {
				t.Fatalf("admin total %d", p.Meta.Total)
			}
			s.Get(t, fmt.Sprintf("/api/stores?company_id=%d", other), admin).Expect(http.StatusOK).JSON(&p)
			if p.Meta.Total != 1 || p.Data[0].ID != theirs.ID || p.Data[0].CompanyName != "Otra S.A.S." {
				t.Fatalf("admin filtered %+v", p)
			}
		})

		t.Run("writes are for administrators, buyers read nothing", func(t *testing.T) {
			s.Send(t, http.MethodPost, "/api/stores", secretary, map[string]any{"name": "Sur", "company_id": s.CompanyID}).Expect(http.StatusForbidden)
			s.Send(t, http.MethodPut, fmt.Sprintf("/api/stores/%d", mine.ID), secretary, map[string]any{"name": "Sur", "company_id": s.CompanyID}).Expect(http.StatusForbidden)
			s.Send(t, http.MethodDelete, fmt.Sprintf("/api/stores/%d", mine.ID), secretary, nil).Expect(http.StatusForbidden)
			s.Get(t, "/api/stores", buyer).Expect(http.StatusForbidden)
		})

		t.Run("update, deactivate, filter, delete", func(t *testing.T) {
			var out one[settings.Store]
			s.Send(t, http.MethodPut, fmt.Sprintf("/api/stores/%d", mine.ID), admin,
				map[string]any{"name": "Centro", "company_id": s.CompanyID, "active": false}).Expect(http.StatusOK).JSON(&out)
			if out.Data.Name != "Centro" || out.Data.Active {
				t.Fatalf("updated %+v", out.Data)
			}
			var p storePage
			s.Get(t, "/api/stores?active=true", secretary).Expect(http.StatusOK).JSON(&p)
			if p.Meta.Total != 1 || p.Data[0].Name != "Norte" {
				t.Fatalf("active stores %+v", p)
			}
			s.Send(t, http.MethodDelete, fmt.Sprintf("/api/stores/%d", mine.ID), admin, nil).Expect(http.StatusNoContent)
			s.Get(t, fmt.Sprintf("/api/stores/%d", mine.ID), admin).Expect(http.StatusNotFound)
			s.Get(t, "/api/stores", secretary).Expect(http.StatusOK).JSON(&p)
			if p.Meta.Total != 1 {
				t.Fatalf("total after delete %d", p.Meta.Total)
			}
		})
	})
}
