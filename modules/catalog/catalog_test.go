package catalog_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/catalog"
	"github.com/backoffice/backoffice/platform/listing"
)

// pngBytes is a file that sniffs as PNG (the signature is what the check reads).
var pngBytes = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{7}, 64)...)

// form is a multipart product form.
type form struct {
	values [][2]string
	files  [][2]string // name, content
}

// set gives field k the one value v.
func (f form) set(k, v string) form {
	out := form{files: f.files}
	for _, kv := range f.values {
		if kv[0] != k {
			out.values = append(out.values, kv)
		}
	}
	out.values = append(out.values, [2]string{k, v})
	return out
}

// add repeats field k with one more value.
func (f form) add(k, v string) form {
	f.values = append(append([][2]string{}, f.values...), [2]string{k, v})
	return f
}

func (f form) file(name, content string) form {
	f.files = append(append([][2]string{}, f.files...), [2]string{name, content})
	return f
}

func productForm(code, name string, categoryID int64) form {
	return form{}.set("code", code).set("name", name).set("category_id", fmt.Sprint(categoryID)).set("unit", "und").
		set("cost_cents", "1000000").set("price_cents", "1250050").set("quantity", "4").set("alert_quantity", "5").
		set("iva_class", "19").set("kind", "goods")
}

// send posts or puts the form as multipart/form-data.
func send(t *testing.T, s *authtest.Stack, method, path, token string, f form) *authtest.Response {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, kv := range f.values {
		_ = w.WriteField(kv[0], kv[1])
	}
	for _, fc := range f.files {
		part, err := w.CreateFormFile("images", fc[0])
		if err != nil {
			t.Fatal(err)
		}
		_, _ = part.Write([]byte(fc[1]))
	}
	_ = w.Close()
	return s.Do(t, authtest.Request{Method: method, Path: path, Token: token, Body: buf.Bytes(),
		Header: map[string]string{"Content-Type": w.FormDataContentType()}})
}

type one[T any] struct {
	Data T `json:"data"`
}

func createCategory(t *testing.T, s *authtest.Stack, token, name string) catalog.Category {
	t.Helper()
	var out one[catalog.Category]
	s.Send(t, http.MethodPost, "/api/categories", token, map[string]any{"name": name}).Expect(http.StatusCreated).JSON(&out)
	return out.Data
}

func createProduct(t *testing.T, s *authtest.Stack, token string, f form) catalog.Product {
	t.Helper()
	var out one[catalog.Product]
	send(t, s, http.MethodPost, "/api/products", token, f).Expect(http.StatusCreated).JSON(&out)
	return out.Data
}

func list[T any](t *testing.T, s *authtest.Stack, path, token string) listing.Page[T] {
	t.Helper()
	var page listing.Page[T]
	s.Get(t, path, token).Expect(http.StatusOK).JSON(&page)
	return page
}

// users signs in one user per role of the Stack's company, and a user of a second company.
func users(t *testing.T, s *authtest.Stack) (admin, user, secretary, buyer, other string) {
	t.Helper()
	for _, u := range []struct {
		name, role string
		dst        *string
	}{{"ana", auth.RoleAdmin, &admin}, {"ulises", auth.RoleUser, &user}, {"sara", auth.RoleSecretary, &secretary}, {"bruno", auth.RoleBuyer, &buyer}} {
		s.CreateUser(t, u.name, u.role, false)
		*u.dst = s.Login(t, u.name, authtest.Password, "").AuthToken
	}
	otherCompany, err := s.Settings.EnsureCompany(context.Background(), "Otra Empresa S.A.S.")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Auth.CreateUser(context.Background(), auth.NewUser{CompanyID: otherCompany, Username: "olga",
		Password: authtest.Password, FirstName: "Olga", LastName: "O", Email: "olga@otra.co", Role: auth.RoleUser}); err != nil {
		t.Fatal(err)
	}
	other = s.Login(t, "olga", authtest.Password, "").AuthToken
	return
}

func TestCategoriesAPI(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		admin, user, secretary, buyer, other := users(t, s)

		s.Get(t, "/api/categories", "").ExpectError(http.StatusUnauthorized, "unauthorized", "Your session has expired. Please sign in again.")
		s.Send(t, http.MethodPost, "/api/categories", buyer, map[string]any{"name": "X"}).Expect(http.StatusForbidden)

		bebidas := createCategory(t, s, user, "  Bebidas ")
		if bebidas.Name != "Bebidas" || bebidas.CompanyID != s.CompanyID || bebidas.Percentage != 0 || bebidas.OrderedQuantity != 0 {
			t.Fatalf("created %+v", bebidas)
		}
		createCategory(t, s, secretary, "Aseo")
		s.Send(t, http.MethodPost, "/api/categories", admin, map[string]any{"name": "BEBIDAS"}).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "The name has already been taken.")
		e := s.Send(t, http.MethodPost, "/api/categories", user, map[string]any{"name": " "}).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "Name is required.")
		if e.Fields["name"] != "Name is required." {
			t.Fatalf("fields %v", e.Fields)
		}
		// The other company may use the same name and sees only its own categories.
		otherCat := createCategory(t, s, other, "Bebidas")

		page := list[catalog.Category](t, s, "/api/categories?sort=name", buyer)
		if page.Meta.Total != 2 || page.Data[0].Name != "Aseo" || page.Data[1].Name != "Bebidas" {
			t.Fatalf("buyer's list %+v", page)
		}
		if p := list[catalog.Category](t, s, "/api/categories?q=beb", other); p.Meta.Total != 1 || p.Data[0].ID != otherCat.ID {
			t.Fatalf("other company's list %+v", p)
		}
		// Non-admins cannot widen their scope with company_id.
		if p := list[catalog.Category](t, s, fmt.Sprintf("/api/categories?company_id=%d", s.CompanyID), other); p.Meta.Total != 1 {
			t.Fatalf("company_id filter widened a user's scope: %+v", p)
		}
		if p := list[catalog.Category](t, s, "/api/categories", admin); p.Meta.Total != 3 {
			t.Fatalf("admin sees %d categories, want 3", p.Meta.Total)
		}
		if p := list[catalog.Category](t, s, fmt.Sprintf("/api/categories?company_id=%d", otherCat.CompanyID), admin); p.Meta.Total != 1 {
			t.Fatalf("admin company filter: %+v", p)
		}
		s.Get(t, "/api/categories?sort=size", user).ExpectError(http.StatusUnprocessableEntity, "invalid", `Cannot sort by "size".`)

		// Another company's category is not found, for reading, editing and deleting.
		path := fmt.Sprintf("/api/categories/%d", bebidas.ID)
		s.Get(t, path, other).ExpectError(http.StatusNotFound, "not_found", "The requested information was not found")
		s.Send(t, http.MethodPut, path, other, map[string]any{"name": "Mine"}).Expect(http.StatusNotFound)
		s.Send(t, http.MethodDelete, path, other, nil).Expect(http.StatusNotFound)

		var upd one[catalog.Category]
		s.Send(t, http.MethodPut, path, secretary, map[string]any{"name": "Bebidas frías"}).Expect(http.StatusOK).JSON(&upd)
		if upd.Data.Name != "Bebidas frías" {
			t.Fatalf("renamed %+v", upd.Data)
		}
		s.Send(t, http.MethodPut, path, secretary, map[string]any{"name": "aseo"}).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "The name has already been taken.")

		// Admin creates in another company.
		var inOther one[catalog.Category]
		s.Send(t, http.MethodPost, "/api/categories", admin, map[string]any{"name": "Lácteos", "company_id": otherCat.CompanyID}).
			Expect(http.StatusCreated).JSON(&inOther)
		if inOther.Data.CompanyID != otherCat.CompanyID {
			t.Fatalf("admin's category went to company %d", inOther.Data.CompanyID)
		}
		s.Send(t, http.MethodPost, "/api/categories", admin, map[string]any{"name": "X", "company_id": 99999}).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "Please select a company.")

		// A category with a product cannot be deleted; once empty it can.
		prod := createProduct(t, s, user, productForm("B-1", "Agua", bebidas.ID))
		s.Send(t, http.MethodDelete, path, user, nil).ExpectError(http.StatusConflict, "conflict", "Category cannot be deleted")
		s.Send(t, http.MethodDelete, fmt.Sprintf("/api/products/%d", prod.ID), user, nil).Expect(http.StatusNoContent)
		s.Send(t, http.MethodDelete, path, user, nil).Expect(http.StatusNoContent)
		s.Get(t, path, admin).Expect(http.StatusNotFound)
		if p := list[catalog.Category](t, s, "/api/categories", user); p.Meta.Total != 1 {
			t.Fatalf("total after delete %d, want 1 (cached total not refreshed?)", p.Meta.Total)
		}
	})
}

func TestProductsAPI(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		admin, user, secretary, buyer, other := users(t, s)
		cat := createCategory(t, s, user, "Granos")
		cat2 := createCategory(t, s, user, "Aseo")
		otherCat := createCategory(t, s, other, "Otros")

		// Create with two images.
		p := createProduct(t, s, secretary, productForm(" ARZ-1 ", "Arroz 500 g", cat.ID).
			file("a.png", string(pngBytes)).file("b.png", string(pngBytes)))
		if p.Code != "ARZ-1" || p.CostCents != 1_000_000 || p.PriceCents != 1_250_050 || p.ProfitCents != 250_050 ||
			p.Quantity != 4 || p.AlertQuantity != 5 || !p.LowStock || p.IVAClass != "19" || p.Kind != "goods" ||
			p.Category.Name != "Granos" || p.CompanyID != s.CompanyID || len(p.Images) != 2 {
			t.Fatalf("created %+v", p)
		}
		img := s.Get(t, p.Images[0].URL, buyer).Expect(http.StatusOK)
		if img.Header.Get("Content-Type") != "image/png" || !bytes.Equal(img.Body, pngBytes) {
			t.Fatalf("image served as %q, %d bytes", img.Header.Get("Content-Type"), len(img.Body))
		}
		s.Get(t, p.Images[0].URL, other).Expect(http.StatusNotFound)

		// Validation.
		e := send(t, s, http.MethodPost, "/api/products", user, productForm("arz-1", "Otro", cat.ID)).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "The code has already been taken.")
		if e.Fields["code"] != "The code has already been taken." {
			t.Fatalf("fields %v", e.Fields)
		}
		e = send(t, s, http.MethodPost, "/api/products", user, form{}.set("cost_cents", "-5")).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "Code is required.")
		for _, f := range []string{"code", "name", "category_id", "unit", "cost_cents", "iva_class", "kind"} {
			if e.Fields[f] == "" {
				t.Errorf("no message for %s in %v", f, e.Fields)
			}
		}
		send(t, s, http.MethodPost, "/api/products", user, productForm("X-1", "X", otherCat.ID)).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "Please select a category.")
		send(t, s, http.MethodPost, "/api/products", user, productForm("X-1", "X", cat.ID).set("iva_class", "16")).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "Please select an IVA class: 19, 5, exento or excluido.")
		send(t, s, http.MethodPost, "/api/products", user, productForm("X-1", "X", cat.ID).file("x.png", "<svg onload=alert(1)>")).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "The file must be an image (PNG, JPEG, GIF or WebP).")
		send(t, s, http.MethodPost, "/api/products", user, productForm("X-1", "X", cat.ID).file("big.png", string(pngBytes)+strings.Repeat("x", 4<<20))).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "Max file size should be 4MB")
		six := productForm("X-1", "X", cat.ID)
		for i := 0; i < 6; i++ {
			six = six.file(fmt.Sprintf("%d.png", i), string(pngBytes))
		}
		send(t, s, http.MethodPost, "/api/products", user, six).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "A product can have at most 5 images.")
		send(t, s, http.MethodPost, "/api/products", buyer, productForm("X-1", "X", cat.ID)).Expect(http.StatusForbidden)
		if n := list[catalog.Product](t, s, "/api/products", user).Meta.Total; n != 1 {
			t.Fatalf("failed creations left %d products", n)
		}

		// Edit: stock is not edited, images removed and added, at most five in all.
		path := fmt.Sprintf("/api/products/%d", p.ID)
		edit := productForm("ARZ-1", "Arroz 1 kg", cat2.ID).set("quantity", "999").set("price_cents", "900000").
			set("remove_images", fmt.Sprint(p.Images[0].ID)).
			file("c.png", string(pngBytes)).file("d.png", string(pngBytes)).file("e.png", string(pngBytes)).file("f.png", string(pngBytes))
		var upd one[catalog.Product]
		send(t, s, http.MethodPut, path, user, edit).Expect(http.StatusOK).JSON(&upd)
		if upd.Data.Quantity != 4 || upd.Data.Name != "Arroz 1 kg" || upd.Data.Category.Name != "Aseo" ||
			upd.Data.ProfitCents != -100_000 || len(upd.Data.Images) != 5 || upd.Data.Images[0].ID != p.Images[1].ID {
			t.Fatalf("edited %+v", upd.Data)
		}
		s.Get(t, p.Images[0].URL, user).Expect(http.StatusNotFound) // removed image is gone
		send(t, s, http.MethodPut, path, user, productForm("ARZ-1", "Arroz", cat.ID).file("g.png", string(pngBytes))).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "A product can have at most 5 images.")
		send(t, s, http.MethodPut, path, user, productForm("ARZ-1", "Arroz", cat.ID).set("remove_images", "999999")).
			ExpectError(http.StatusUnprocessableEntity, "invalid", "This image does not belong to the product.")
		send(t, s, http.MethodPut, path, other, productForm("ARZ-1", "Arroz", otherCat.ID)).Expect(http.StatusNotFound)

		// Stock moves only through AdjustStock (purchasing, sales), inside their transaction.
		ctx := context.Background()
		if q, err := s.Product.Catalog.AdjustStock(ctx, s.DB, p.ID, 10); err != nil || q != 14 {
			t.Fatalf("adjust +10: %d %v", q, err)
		}
		_, err := s.Product.Catalog.AdjustStock(ctx, s.DB, p.ID, -15)
		var short *catalog.StockShortage
		if err == nil || !strings.Contains(err.Error(), "Not enough stock.") || !errors.As(err, &short) ||
			*short != (catalog.StockShortage{ProductID: p.ID, Available: 14}) {
			t.Fatalf("adjust below zero: %v", err)
		}
		s.Product.Catalog.StockChanged(ctx)

		// Low stock and filters.
		createProduct(t, s, user, productForm("LIM-1", "Limpiador", cat2.ID).set("quantity", "0").set("alert_quantity", "0").set("kind", "service").set("iva_class", "exento"))
		createProduct(t, s, other, productForm("OTR-1", "Arroz de otra empresa", otherCat.ID))
		alerts := list[catalog.Product](t, s, "/api/products/alerts", secretary)
		// A service holds no stock: 0 of 0 is no alert (goods at their level are, store tests).
		if alerts.Meta.Total != 0 {
			t.Fatalf("alerts %+v", alerts)
		}
		for q, want := range map[string]int{
			"":                                      2,
			"?q=arroz":                              1,
			"?q=lim-":                               1,
			"?kind=service":                         1,
			"?iva_class=exento":                     1,
			"?iva_class=19":                         1,
			fmt.Sprintf("?category_id=%d", cat2.ID): 2,
			fmt.Sprintf("?category_id=%d", cat.ID):  0,
			"?low_stock=true":                       0,
		} {
			if got := list[catalog.Product](t, s, "/api/products"+q, user).Meta.Total; got != want {
				t.Errorf("GET /api/products%s: total %d, want %d", q, got, want)
			}
		}
		if got := list[catalog.Product](t, s, "/api/products?q=arroz", admin).Meta.Total; got != 2 {
			t.Errorf("admin search across companies: %d, want 2", got)
		}
		s.Get(t, "/api/products?kind=rental", user).Expect(http.StatusUnprocessableEntity)

		// Paging by cursor, sorted by price descending.
		first := list[catalog.Product](t, s, "/api/products?per_page=1&sort=-price_cents", user)
		if first.Meta.TotalPages != 2 || first.Data[0].Code != "LIM-1" || first.Meta.NextCursor == "" {
			t.Fatalf("first page %+v", first)
		}
		second := list[catalog.Product](t, s, "/api/products?per_page=1&page=2&sort=-price_cents&after="+url.QueryEscape(first.Meta.NextCursor), user)
		if second.Data[0].Code != "ARZ-1" || second.Meta.NextCursor != "" || second.Meta.Page != 2 {
			t.Fatalf("second page %+v", second)
		}
		s.Get(t, "/api/products?sort=name&after="+url.QueryEscape(first.Meta.NextCursor), user).Expect(http.StatusUnprocessableEntity)

		// Tenancy on the detail.
		s.Get(t, path, other).ExpectError(http.StatusNotFound, "not_found", "The requested information was not found")
		s.Get(t, path, buyer).Expect(http.StatusForbidden) // money: see TestBuyerPicksWithoutMoney

		// Export: the list's filters, headers in the requested language, money in pesos.
		r := s.Get(t, "/api/products/export.xlsx?lang=en&sort=code", user).Expect(http.StatusOK)
		if r.Header.Get("Content-Type") != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" ||
			r.Header.Get("Content-Disposition") != `attachment; filename="products-20261123.xlsx"` {
			t.Fatalf("export headers %v", r.Header)
		}
		rows := readSheet(t, r.Body, "products")
		if len(rows) != 3 || rows[0][0] != "Code" || rows[0][6] != "Profit or loss" || rows[1][0] != "ARZ-1" ||
			rows[2][0] != "LIM-1" || rows[2][10] != "Service" || rows[2][9] != "Exempt" {
			t.Fatalf("export rows %q", rows)
		}
		rows = readSheet(t, s.Get(t, "/api/products/export.xlsx?q=lim", user).Expect(http.StatusOK).Body, "products")
		if len(rows) != 2 || rows[0][0] != "Código" || rows[1][10] != "Servicio" {
			t.Fatalf("filtered Spanish export %q", rows)
		}
		rows = readSheet(t, s.Get(t, "/api/categories/export.xlsx?lang=en", user).Expect(http.StatusOK).Body, "categories")
		if len(rows) != 3 || rows[0][0] != "Name" || rows[1][0] != "Aseo" || rows[1][3] != "0" {
			t.Fatalf("categories export %q", rows)
		}
		s.Get(t, "/api/products/export.xlsx?sort=nope", user).Expect(http.StatusUnprocessableEntity)

		// Delete.
		s.Send(t, http.MethodDelete, path, buyer, nil).Expect(http.StatusForbidden)
		s.Send(t, http.MethodDelete, path, other, nil).Expect(http.StatusNotFound)
		s.Send(t, http.MethodDelete, path, admin, nil).Expect(http.StatusNoContent)
		s.Get(t, path, admin).Expect(http.StatusNotFound)
		if got := list[catalog.Product](t, s, "/api/products", user).Meta.Total; got != 1 {
			t.Fatalf("after delete total %d, want 1", got)
		}
		// The code is free again.
		createProduct(t, s, user, productForm("ARZ-1", "Arroz nuevo", cat.ID))
	})
}

func readSheet(t *testing.T, body []byte, sheet string) [][]string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("open export: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows(sheet)
	if err != nil {
		t.Fatalf("read sheet %s: %v", sheet, err)
	}
	return rows
}
