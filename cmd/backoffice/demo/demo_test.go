package demo_test

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/cmd/backoffice/demo"
	"github.com/backoffice/backoffice/modules/auth/authtest"
)

// count runs a COUNT(*) query.
func count(t *testing.T, db bun.IDB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// TestSeedFillsTheDemoCompanyOnce seeds a fresh database through the API and checks that the
// demo company has what a newcomer should see — every state of every document — and that a
// second seed adds nothing.
func TestSeedFillsTheDemoCompanyOnce(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		ctx := context.Background()
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		if err := demo.Seed(ctx, s.Product, s.Server, s.Clock.Now(), logger); err != nil {
			t.Fatalf("seed: %v", err)
		}
		co := s.CompanyID
		exact := []struct {
			what  string
			query string
			want  int
		}{
			{"users", "SELECT COUNT(*) FROM users WHERE company_id = ?", 4},
			{"stores", "SELECT COUNT(*) FROM stores WHERE company_id = ?", 2},
			{"categories", "SELECT COUNT(*) FROM categories WHERE company_id = ?", 10},
			{"products", "SELECT COUNT(*) FROM products WHERE company_id = ?", 120},
			{"suppliers", "SELECT COUNT(*) FROM suppliers WHERE company_id = ?", 15},
			{"customers", "SELECT COUNT(*) FROM customers WHERE company_id = ?", 40},
			{"purchase orders", "SELECT COUNT(*) FROM purchase_orders WHERE company_id = ?", 20},
			{"purchases", "SELECT COUNT(*) FROM purchases WHERE company_id = ?", 93},
			{"sales", "SELECT COUNT(*) FROM sales WHERE company_id = ?", 60},
		}
		before := map[string]int{}
		for _, c := range exact {
			got := count(t, s.DB, c.query, co)
			if got != c.want {
				t.Errorf("%s: %d, want %d", c.what, got, c.want)
			}
			before[c.what] = got
		}
		atLeast := []struct {
			what  string
			query string
			min   int
		}{
			{"suppliers that are legal entities", "SELECT COUNT(*) FROM suppliers WHERE company_id = ? AND person_type = 'juridica'", 5},
			{"suppliers that are people", "SELECT COUNT(*) FROM suppliers WHERE company_id = ? AND person_type = 'natural'", 3},
			{"gran contribuyente suppliers", "SELECT COUNT(*) FROM suppliers WHERE company_id = ? AND gran_contribuyente", 2},
			{"autorretenedor suppliers", "SELECT COUNT(*) FROM suppliers WHERE company_id = ? AND autorretenedor", 2},
			{"non-declarante suppliers", "SELECT COUNT(*) FROM suppliers WHERE company_id = ? AND NOT declarante", 2},
			{"pending suppliers", "SELECT COUNT(*) FROM suppliers WHERE company_id = ? AND approval_status = 'pending'", 1},
			{"rejected suppliers", "SELECT COUNT(*) FROM suppliers WHERE company_id = ? AND approval_status = 'rejected'", 1},
			{"pending customers", "SELECT COUNT(*) FROM customers WHERE company_id = ? AND approval_status = 'pending'", 1},
			{"products below their alert", "SELECT COUNT(*) FROM products WHERE company_id = ? AND kind = 'goods' AND quantity < alert_quantity", 10},
			{"products out of stock", "SELECT COUNT(*) FROM products WHERE company_id = ? AND kind = 'goods' AND quantity = 0", 2},
			{"pending purchases", "SELECT COUNT(*) FROM purchases WHERE company_id = ? AND approval_status = 'pending'", 5},
			{"approved purchases", "SELECT COUNT(*) FROM purchases WHERE company_id = ? AND approval_status = 'approved'", 50},
			{"rejected purchases", "SELECT COUNT(*) FROM purchases WHERE company_id = ? AND approval_status = 'rejected'", 5},
			{"purchases invoicing a received order", "SELECT COUNT(*) FROM purchases WHERE company_id = ? AND status = 'received'", 2},
			{"purchases from 6 months back", "SELECT COUNT(*) FROM purchases WHERE company_id = ? AND purchase_date <= ?", 1},
			{"pending orders", "SELECT COUNT(*) FROM purchase_orders WHERE company_id = ? AND status = 'pending'", 1},
			{"approved orders", "SELECT COUNT(*) FROM purchase_orders WHERE company_id = ? AND status = 'approved'", 1},
			{"rejected orders", "SELECT COUNT(*) FROM purchase_orders WHERE company_id = ? AND status = 'rejected'", 1},
			{"partly received orders", "SELECT COUNT(*) FROM purchase_orders WHERE company_id = ? AND status = 'partially_received'", 1},
			{"received orders", "SELECT COUNT(*) FROM purchase_orders WHERE company_id = ? AND status = 'received'", 1},
			{"pending receipts", "SELECT COUNT(*) FROM received_orders WHERE company_id = ? AND status = 'pending'", 1},
			{"approved receipts", "SELECT COUNT(*) FROM received_orders WHERE company_id = ? AND status = 'approved'", 1},
			{"rejected receipts", "SELECT COUNT(*) FROM received_orders WHERE company_id = ? AND status = 'rejected'", 1},
			{"pending sales", "SELECT COUNT(*) FROM sales WHERE company_id = ? AND approval_status = 'pending'", 5},
			{"approved sales", "SELECT COUNT(*) FROM sales WHERE company_id = ? AND approval_status = 'approved'", 40},
			{"rejected sales with a reason", "SELECT COUNT(*) FROM sales WHERE company_id = ? AND approval_status = 'rejected' AND approval_reason <> ''", 3},
			{"sales by the user", "SELECT COUNT(*) FROM sales s JOIN users u ON u.id = s.created_by WHERE s.company_id = ? AND u.username = 'user'", 30},
			{"sales by the secretary", "SELECT COUNT(*) FROM sales s JOIN users u ON u.id = s.created_by WHERE s.company_id = ? AND u.username = 'secretary'", 20},
			{"stores that sold", "SELECT COUNT(DISTINCT store_id) FROM sales WHERE company_id = ?", 2},
			{"customers that bought", "SELECT COUNT(DISTINCT customer_id) FROM sales WHERE company_id = ?", 25},
			{"sales to legal entities", "SELECT COUNT(*) FROM sales s JOIN customers c ON c.id = s.customer_id WHERE s.company_id = ? AND c.person_type = 'juridica'", 12},
			{"sales with ReteFuente withheld", "SELECT COUNT(*) FROM sales WHERE company_id = ? AND withholding_income_cents > 0", 5},
			{"sales with ReteIVA withheld", "SELECT COUNT(*) FROM sales WHERE company_id = ? AND withholding_vat_cents > 0", 1},
			{"sales with a line discount", "SELECT COUNT(*) FROM sales WHERE company_id = ? AND discount_cents > 0", 5},
			{"sales mixing IVA classes", "SELECT COUNT(*) FROM (SELECT sale_id FROM sale_lines WHERE company_id = ? GROUP BY sale_id HAVING COUNT(DISTINCT iva_class) > 1) AS m", 12},
			{"sales with a service line", "SELECT COUNT(DISTINCT sale_id) FROM sale_lines WHERE company_id = ? AND kind = 'service'", 5},
			{"sales from 3 months back", "SELECT COUNT(*) FROM sales WHERE company_id = ? AND sale_date <= ?", 1},
			{"approved goods returns on a partly paid purchase", `SELECT COUNT(*) FROM purchase_returns r JOIN purchases p ON p.id = r.purchase_id
				WHERE r.company_id = ? AND r.kind = 'goods' AND r.approval_status = 'approved' AND p.status = 'partial'
				AND p.return_cents = r.amount_cents AND p.balance_cents = p.total_to_pay_cents - p.paid_cents - p.return_cents`, 1},
			{"pending value returns", `SELECT COUNT(*) FROM purchase_returns r JOIN purchases p ON p.id = r.purchase_id
				WHERE r.company_id = ? AND r.kind = 'value' AND r.approval_status = 'pending' AND p.pending_return_cents = r.amount_cents`, 1},
		}
		back := map[string]string{
			"purchases from 6 months back": s.Clock.Now().AddDate(0, -6, 0).Format("2006-01-02"),
			"sales from 3 months back":     s.Clock.Now().AddDate(0, -3, 0).Format("2006-01-02"),
		}
		for _, c := range atLeast {
			args := []any{co}
			if d, ok := back[c.what]; ok {
				args = append(args, d)
			}
			if got := count(t, s.DB, c.query, args...); got < c.min {
				t.Errorf("%s: %d, want at least %d", c.what, got, c.min)
			}
		}

		// Stock: no product below zero, and the sales took only units above the alert quantities,
		// so that the products below their alert are those the catalogue step left there.
		none := []struct {
			what  string
			query string
		}{
			{"products with negative stock", "SELECT COUNT(*) FROM products WHERE company_id = ? AND quantity < 0"},
			{"goods the sales took to their alert quantity", `SELECT COUNT(*) FROM products p WHERE p.company_id = ?
				AND p.kind = 'goods' AND p.quantity <= p.alert_quantity AND EXISTS (SELECT 1 FROM sale_lines l
				JOIN sales s ON s.id = l.sale_id WHERE l.product_id = p.id AND s.approval_status <> 'rejected')`},
			{"sales without lines", "SELECT COUNT(*) FROM sales s WHERE s.company_id = ? AND NOT EXISTS (SELECT 1 FROM sale_lines l WHERE l.sale_id = s.id)"},
			{"rejected sales without a reason", "SELECT COUNT(*) FROM sales WHERE company_id = ? AND approval_status = 'rejected' AND approval_reason = ''"},
			{"sales decided by another than the admin", "SELECT COUNT(*) FROM sales s JOIN users u ON u.id = s.approved_by WHERE s.company_id = ? AND u.username <> 'admin'"},
		}
		for _, c := range none {
			if got := count(t, s.DB, c.query, co); got != 0 {
				t.Errorf("%s: %d, want none", c.what, got)
			}
		}

		// The dashboard's expiring purchases (due within five days) come from the API itself.
		admin := s.Login(t, "admin", demo.Password, "").AuthToken
		r := s.Get(t, "/api/purchases/expiring", admin)
		var expiring struct {
			Data []struct {
				DaysLeft int `json:"days_left"`
			} `json:"data"`
		}
		r.JSON(&expiring)
		if len(expiring.Data) < 5 {
			t.Errorf("expiring purchases: %d, want at least 5 (%s)", len(expiring.Data), r.Body)
		}
		// The admin's pending sales, as the sales list answers them.
		var pendingSales struct {
			Meta struct {
				Total int `json:"total"`
			} `json:"meta"`
		}
		s.Get(t, "/api/sales?approval=pending", admin).JSON(&pendingSales)
		if want := count(t, s.DB, "SELECT COUNT(*) FROM sales WHERE company_id = ? AND approval_status = 'pending'", co); pendingSales.Meta.Total != want {
			t.Errorf("GET /api/sales?approval=pending: total %d, want %d", pendingSales.Meta.Total, want)
		}

		if err := demo.Seed(ctx, s.Product, s.Server, s.Clock.Now(), logger); err != nil {
			t.Fatalf("second seed: %v", err)
		}
		for _, c := range exact {
			if got := count(t, s.DB, c.query, co); got != before[c.what] {
				t.Errorf("second seed changed %s: %d, was %d", c.what, got, before[c.what])
			}
		}
	})
}
