package tax_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/tax"
	"github.com/backoffice/backoffice/platform/apperror"
)

type uvtRow struct {
	Year          int       `json:"year"`
	UVTCents      int64     `json:"uvt_cents"`
	CreatedAt     time.Time `json:"created_at"`
	UpdatedAt     time.Time `json:"updated_at"`
	UpdatedBy     *int64    `json:"updated_by"`
	UpdatedByName string    `json:"updated_by_name"`
}

func listUVT(t *testing.T, s *authtest.Stack, token string) []uvtRow {
	t.Helper()
	var out struct{ Data []uvtRow }
	s.Get(t, "/api/tax/uvt", token).Expect(http.StatusOK).JSON(&out)
	return out.Data
}

func TestUVTAPI(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		adminID := s.CreateUser(t, "admin1", auth.RoleAdmin, false).ID
		const adminName = "First admin1 Last" // authtest's names; the list says who set a year
		s.CreateUser(t, "user1", auth.RoleUser, false)
		s.CreateUser(t, "buyer1", auth.RoleBuyer, false)
		admin := s.Login(t, "admin1", authtest.Password, "").AuthToken
		user := s.Login(t, "user1", authtest.Password, "").AuthToken
		buyer := s.Login(t, "buyer1", authtest.Password, "").AuthToken

		// The seeded years, newest first, readable by any signed-in role.
		rows := listUVT(t, s, buyer)
		if len(rows) != 2 || rows[0].Year != 2026 || rows[0].UVTCents != 5_237_400 ||
			rows[1].Year != 2025 || rows[1].UVTCents != 4_979_900 || rows[0].UpdatedBy != nil {
			t.Fatalf("seeded rows %+v", rows)
		}
		s.Get(t, "/api/tax/uvt", "").Expect(http.StatusUnauthorized)

		// Only admins write.
		s.Send(t, http.MethodPut, "/api/tax/uvt/2027", user, map[string]any{"uvt_cents": 5_500_000}).
			ExpectError(http.StatusForbidden, "forbidden", "You are not allowed to perform this action.")
		s.Send(t, http.MethodPut, "/api/tax/uvt/2027", "", map[string]any{"uvt_cents": 5_500_000}).Expect(http.StatusUnauthorized)

		for _, c := range []struct {
			path  string
			cents int64
			field string
			msg   string
		}{
			{"/api/tax/uvt/2027", 0, "uvt_cents", "The UVT value must be greater than 0."},
			{"/api/tax/uvt/2027", -100, "uvt_cents", "The UVT value must be greater than 0."},
			{"/api/tax/uvt/2027", 5_237_450, "uvt_cents", "The UVT value must be in whole pesos."},
			{"/api/tax/uvt/2027", 10_000_000_100, "uvt_cents", "The UVT value is too large."},
			{"/api/tax/uvt/2005", 5_500_000, "year", "The year must be between 2006 and 2100."},
			{"/api/tax/uvt/2101", 5_500_000, "year", "The year must be between 2006 and 2100."},
		} {
			e := s.Send(t, http.MethodPut, c.path, admin, map[string]any{"uvt_cents": c.cents}).Expect(http.StatusUnprocessableEntity).Err()
			if e.Fields[c.field] != c.msg {
				t.Errorf("PUT %s %d: %+v, want %s: %s", c.path, c.cents, e, c.field, c.msg)
			}
		}
		if n := len(listUVT(t, s, admin)); n != 2 {
			t.Fatalf("a refused PUT stored something: %d rows", n)
		}

		// A new year, then a correction of an existing one (created_at kept, audited).
		var one struct{ Data uvtRow }
		s.Send(t, http.MethodPut, "/api/tax/uvt/2027", admin, map[string]any{"uvt_cents": 5_500_000}).Expect(http.StatusOK).JSON(&one)
		if one.Data.Year != 2027 || one.Data.UVTCents != 5_500_000 || one.Data.UpdatedBy == nil || *one.Data.UpdatedBy != adminID ||
			one.Data.UpdatedByName != adminName {
			t.Fatalf("PUT 2027 = %+v", one.Data)
		}
		seeded2026 := rows[0]
		s.Clock.Advance(10 * time.Minute) // under the idle timeout
		s.Send(t, http.MethodPut, "/api/tax/uvt/2026", admin, map[string]any{"uvt_cents": 5_237_500}).Expect(http.StatusOK).JSON(&one)
		if one.Data.UVTCents != 5_237_500 || !one.Data.CreatedAt.Equal(seeded2026.CreatedAt) ||
			!one.Data.UpdatedAt.Equal(s.Clock.Now()) {
			t.Fatalf("PUT 2026 = %+v (seeded %+v, now %s)", one.Data, seeded2026, s.Clock.Now())
		}
		rows = listUVT(t, s, user)
		if len(rows) != 3 || rows[0].Year != 2027 || rows[1].UVTCents != 5_237_500 ||
			rows[0].UpdatedByName != adminName || rows[2].UpdatedByName != "" {
			t.Fatalf("after PUTs %+v", rows)
		}
		var audits []string
		if err := s.DB.NewSelect().TableExpr("audit_log").Column("detail").
			Where("entity = 'tax_uvt'").OrderExpr("id").Scan(context.Background(), &audits); err != nil {
			t.Fatal(err)
		}
		if len(audits) != 2 || audits[0] != "uvt_cents 0 -> 5500000" || audits[1] != "uvt_cents 5237400 -> 5237500" {
			t.Fatalf("audit %q", audits)
		}

		// ParamsFor reads what was set, and feeds Compute.
		p, err := s.Product.Tax.ParamsFor(context.Background(), time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC))
		if err != nil || p != (tax.Params{Year: 2027, UVTCents: 5_500_000}) {
			t.Fatalf("ParamsFor 2027 = %+v, %v", p, err)
		}
	})
}

func TestParamsFor(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		ctx := context.Background()
		date := time.Date(2026, time.March, 10, 0, 0, 0, 0, time.UTC)
		p, err := s.Product.Tax.ParamsFor(ctx, date)
		if err != nil || p != (tax.Params{Year: 2026, UVTCents: 5_237_400}) {
			t.Fatalf("ParamsFor 2026 = %+v, %v", p, err)
		}
		// DESIGN §5's worked example with the stored UVT.
		r, err := tax.Compute(tax.Input{Date: date, Lines: []tax.Line{
			{Quantity: 10, UnitCostCents: 8_500_000, IVA: tax.IVA19, Concept: tax.Goods},
			{Quantity: 20, UnitCostCents: 1_250_000, IVA: tax.IVA5, Concept: tax.Goods},
			{Quantity: 5, UnitCostCents: 4_000_000, IVA: tax.IVAExcluido, Concept: tax.Goods},
		}, DiscountCents: 6_500_000, ShippingCents: 6_000_000,
			Buyer:    tax.Buyer{HasTaxes: true, WithholdingAgent: true, ReteIVAAgent: true},
			Supplier: tax.Supplier{PersonType: tax.PersonJuridica, IVAResponsible: true}, Params: p})
		if err != nil || r.TotalToPayCents != 141_282_000 {
			t.Fatalf("worked example = %d, %v", r.TotalToPayCents, err)
		}

		_, err = s.Product.Tax.ParamsFor(ctx, time.Date(2030, 6, 1, 0, 0, 0, 0, time.UTC))
		e := apperror.As(err)
		if e == nil || e.Code != apperror.CodeInvalid || e.Message != "No UVT value for 2030. An administrator must add it." {
			t.Fatalf("ParamsFor 2030 err = %v", err)
		}
	})
}
