package demo_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"testing"
	"time"

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
		if err := demo.Seed(ctx, s.Product, s.Server, s.DB, s.Clock.Now(), logger); err != nil {
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
			{"purchases", "SELECT COUNT(*) FROM purchases WHERE company_id = ?", 110},
			// Eight a month from 2025-11-01 to the Stack's day (103), a pending twin of each of
			// the last ten days' but today's (3) and a rejected one every fourth month (4).
			{"sales", "SELECT COUNT(*) FROM sales WHERE company_id = ?", 110},
			{"purchase returns", "SELECT COUNT(*) FROM purchase_returns WHERE company_id = ?", 6},
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
			{"pending purchases", "SELECT COUNT(*) FROM purchases WHERE company_id = ? AND approval_status = 'pending'", 4},
			{"approved purchases", "SELECT COUNT(*) FROM purchases WHERE company_id = ? AND approval_status = 'approved'", 50},
			{"rejected purchases", "SELECT COUNT(*) FROM purchases WHERE company_id = ? AND approval_status = 'rejected'", 5},
			{"purchases invoicing a received order", "SELECT COUNT(*) FROM purchases WHERE company_id = ? AND status = 'received'", 2},
			{"purchases from 12 months back", "SELECT COUNT(*) FROM purchases WHERE company_id = ? AND purchase_date <= ?", 1},
			{"pending orders", "SELECT COUNT(*) FROM purchase_orders WHERE company_id = ? AND status = 'pending'", 1},
			{"approved orders", "SELECT COUNT(*) FROM purchase_orders WHERE company_id = ? AND status = 'approved'", 1},
			{"rejected orders", "SELECT COUNT(*) FROM purchase_orders WHERE company_id = ? AND status = 'rejected'", 1},
			{"partly received orders", "SELECT COUNT(*) FROM purchase_orders WHERE company_id = ? AND status = 'partially_received'", 1},
			{"received orders", "SELECT COUNT(*) FROM purchase_orders WHERE company_id = ? AND status = 'received'", 1},
			{"pending receipts", "SELECT COUNT(*) FROM received_orders WHERE company_id = ? AND status = 'pending'", 1},
			{"approved receipts", "SELECT COUNT(*) FROM received_orders WHERE company_id = ? AND status = 'approved'", 1},
			{"rejected receipts", "SELECT COUNT(*) FROM received_orders WHERE company_id = ? AND status = 'rejected'", 1},
			{"pending sales", "SELECT COUNT(*) FROM sales WHERE company_id = ? AND approval_status = 'pending'", 2},
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
			{"sales from 12 months back", "SELECT COUNT(*) FROM sales WHERE company_id = ? AND sale_date <= ?", 1},
			{"purchases paid in full", "SELECT COUNT(*) FROM purchases WHERE company_id = ? AND status = 'paid'", 20},
			{"purchases paid in part", "SELECT COUNT(*) FROM purchases WHERE company_id = ? AND status = 'partial'", 3},
			{"sales paid in full", "SELECT COUNT(*) FROM sales WHERE company_id = ? AND status = 'paid'", 10},
			{"sales paid in part", "SELECT COUNT(*) FROM sales WHERE company_id = ? AND status = 'partial'", 2},
			{"payments awaiting approval by the user", "SELECT COUNT(*) FROM payments p JOIN users u ON u.id = p.created_by WHERE p.company_id = ? AND p.approval_status = 'pending' AND u.username = 'user'", 2},
			{"payments awaiting approval by the secretary", "SELECT COUNT(*) FROM payments p JOIN users u ON u.id = p.created_by WHERE p.company_id = ? AND p.approval_status = 'pending' AND u.username = 'secretary'", 2},
			{"users' payments the admin approved", "SELECT COUNT(*) FROM payments p JOIN users u ON u.id = p.created_by WHERE p.company_id = ? AND p.approval_status = 'approved' AND u.username = 'user'", 1},
			{"rejected payments with a reason", "SELECT COUNT(*) FROM payments WHERE company_id = ? AND approval_status = 'rejected' AND approval_reason <> ''", 1},
			{"payments naming who recorded them", "SELECT COUNT(*) FROM payments WHERE company_id = ? AND created_by_name <> ''", 40},
			{"suppliers of the run", "SELECT COUNT(DISTINCT party_id) FROM payments WHERE company_id = ? AND batch_id IS NOT NULL", 2},
			{"payment runs of supplier invoices", "SELECT COUNT(*) FROM payment_batches WHERE company_id = ? AND type = 'purchase'", 10},
			{"collection runs", "SELECT COUNT(*) FROM payment_batches WHERE company_id = ? AND type = 'sale'", 10},
			{"suppliers of the runs", "SELECT COUNT(DISTINCT party_id) FROM payments WHERE company_id = ? AND batch_id IS NOT NULL AND type = 'purchase'", 5},
			{"payments carrying an image", "SELECT COUNT(DISTINCT a.owner_id) FROM attachments a JOIN payments p ON p.id = a.owner_id WHERE a.owner = 'payment' AND p.company_id = ? AND a.deleted_at IS NULL", 4},
			{"returns carrying an image", "SELECT COUNT(DISTINCT a.owner_id) FROM attachments a JOIN purchase_returns r ON r.id = a.owner_id WHERE a.owner = 'return' AND r.company_id = ? AND a.deleted_at IS NULL", 2},
			{"approved goods returns on partly paid purchases", `SELECT COUNT(*) FROM purchase_returns r JOIN purchases p ON p.id = r.purchase_id
				WHERE r.company_id = ? AND r.kind = 'goods' AND r.approval_status = 'approved' AND p.status = 'partial'
				AND p.return_cents = r.amount_cents AND p.balance_cents = p.total_to_pay_cents - p.paid_cents - p.return_cents`, 2},
			{"returns the admin approved on the user's behalf", `SELECT COUNT(*) FROM purchase_returns r JOIN users u ON u.id = r.created_by
				WHERE r.company_id = ? AND r.approval_status = 'approved' AND u.username = 'user'`, 1},
			{"rejected returns with a reason", "SELECT COUNT(*) FROM purchase_returns WHERE company_id = ? AND approval_status = 'rejected' AND approval_reason <> ''", 1},
			{"pending value returns", `SELECT COUNT(*) FROM purchase_returns r JOIN purchases p ON p.id = r.purchase_id
				WHERE r.company_id = ? AND r.kind = 'value' AND r.approval_status = 'pending' AND p.pending_return_cents = r.amount_cents`, 1},
			{"approved refunds settling a credit", `SELECT COUNT(*) FROM payments f JOIN purchases p ON p.id = f.document_id
				WHERE f.company_id = ? AND f.direction = 'refund' AND f.approval_status = 'approved' AND p.balance_cents = 0
				AND p.paid_cents = p.total_to_pay_cents - p.return_cents`, 1},
			{"refunds awaiting approval", "SELECT COUNT(*) FROM payments WHERE company_id = ? AND direction = 'refund' AND approval_status = 'pending'", 1},
			{"purchases by the admin", "SELECT COUNT(*) FROM purchases p JOIN users u ON u.id = p.created_by WHERE p.company_id = ? AND u.username = 'admin'", 40},
			{"purchases by the user", "SELECT COUNT(*) FROM purchases p JOIN users u ON u.id = p.created_by WHERE p.company_id = ? AND u.username = 'user'", 30},
		}
		back := map[string]string{
			"purchases from 12 months back": s.Clock.Now().AddDate(0, -12, 0).Format("2006-01-02"),
			"sales from 12 months back":     s.Clock.Now().AddDate(0, -12, 0).Format("2006-01-02"),
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
			{"returns dated on or before their purchase", `SELECT COUNT(*) FROM purchase_returns r JOIN purchases p ON p.id = r.purchase_id
				WHERE r.company_id = ? AND r.return_date <= p.purchase_date`},
			{"payments dated before their purchase", `SELECT COUNT(*) FROM payments f JOIN purchases p ON p.id = f.document_id
				WHERE f.company_id = ? AND f.type = 'purchase' AND f.payment_date < p.purchase_date`},
			{"overpaid documents", "SELECT COUNT(*) FROM purchases WHERE company_id = ? AND paid_cents > total_to_pay_cents"},
			{"customers sharing a name", "SELECT COUNT(*) FROM (SELECT name FROM customers WHERE company_id = ? GROUP BY name HAVING COUNT(*) > 1) AS d"},
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

		// A year of life, as the dashboard and the report pages show it (approved documents only).
		var dash struct {
			Data struct {
				// KPIs are amounts, besides the month-to-date's days (month_to, last_month_to).
				KPIs   map[string]json.RawMessage `json:"kpis"`
				Months []struct {
					Month          string `json:"month"`
					SalesCents     int64  `json:"sales_cents"`
					PurchasesCents int64  `json:"purchases_cents"`
				} `json:"months"`
				QuantityAlertsTotal int              `json:"quantity_alerts_total"`
				Approvals           map[string]int64 `json:"approvals"`
			} `json:"data"`
		}
		r = s.Get(t, "/api/dashboard", admin)
		r.JSON(&dash)
		if len(dash.Data.Months) != 12 {
			t.Errorf("dashboard: %d months, want 12 (%s)", len(dash.Data.Months), r.Body)
		}
		for _, m := range dash.Data.Months {
			if m.SalesCents == 0 || m.PurchasesCents == 0 {
				t.Errorf("dashboard month %s: sales %d, purchases %d: want both", m.Month, m.SalesCents, m.PurchasesCents)
			}
		}
		for k, v := range dash.Data.KPIs {
			if string(v) == "0" || string(v) == `""` {
				t.Errorf("dashboard KPI %s is zero", k)
			}
		}
		if dash.Data.QuantityAlertsTotal == 0 {
			t.Errorf("dashboard: no quantity alerts")
		}
		for _, k := range []string{"purchases", "sales", "payments", "purchase_orders", "received_orders"} {
			if dash.Data.Approvals[k] == 0 {
				t.Errorf("dashboard: nothing waits for approval among %s (%v)", k, dash.Data.Approvals)
			}
		}
		type report struct {
			Data struct {
				Rows   []map[string]any `json:"rows"`
				Totals map[string]int64 `json:"totals"`
			} `json:"data"`
		}
		var ageing, lots report
		s.Get(t, "/api/reports/expired_purchases_report?per_page=500", admin).JSON(&ageing)
		for _, k := range []string{"days_1_30_cents", "days_31_60_cents", "days_61_90_cents", "over_90_cents"} {
			if ageing.Data.Totals[k] == 0 {
				t.Errorf("payables ageing: nothing in %s (%v)", k, ageing.Data.Totals)
			}
		}
		s.Get(t, "/api/reports/product_expiry_alert?per_page=500", admin).JSON(&lots)
		within := map[int]int{}
		for _, row := range lots.Data.Rows {
			days, _ := row["days_left"].(float64)
			for _, w := range []int{5, 30, 60, 90} {
				if days >= 0 && int(days) <= w && int(days) > map[int]int{5: -1, 30: 5, 60: 30, 90: 60}[w] {
					within[w]++
				}
			}
		}
		for _, w := range []int{5, 30, 60, 90} {
			if within[w] == 0 {
				t.Errorf("expiry alert: no lot expiring within %d days (%d lots listed)", w, len(lots.Data.Rows))
			}
		}
		var users report
		s.Get(t, "/api/reports/users_report?from="+s.Clock.Now().AddDate(-1, 0, 0).Format("2006-01-02")+"&to="+s.Clock.Now().Format("2006-01-02"), admin).JSON(&users)
		active := 0
		for _, row := range users.Data.Rows {
			for _, k := range []string{"purchases", "sales", "payments"} {
				if n, _ := row[k].(float64); n > 0 {
					active++
					break
				}
			}
		}
		if active < 3 {
			t.Errorf("users report over the year: %d users with records, want at least 3 (%v)", active, users.Data.Rows)
		}

		checkTradingFigures(t, s, admin)

		if err := demo.Seed(ctx, s.Product, s.Server, s.DB, s.Clock.Now(), logger); err != nil {
			t.Fatalf("second seed: %v", err)
		}
		for _, c := range exact {
			if got := count(t, s.DB, c.query, co); got != before[c.what] {
				t.Errorf("second seed changed %s: %d, was %d", c.what, got, before[c.what])
			}
		}
	})
}

// checkTradingFigures checks that the demo's figures look like a trading company's, as the report
// pages and the dashboard show them (approved documents, before tax): over the twelve full months
// before this one and this month, every month buys and sells; the year sells more than it buys, at
// a gross margin of 15–40 % with no month at a loss; the months' sales stay within ±40 % of their
// average (December up to +70 %); this month to date sells within ±35 % of last month's same
// days; receivables and payables are of one magnitude (neither above 1.5 times the other), both
// with something overdue.
func checkTradingFigures(t *testing.T, s *authtest.Stack, admin string) {
	t.Helper()
	today := s.Clock.Now().In(bogota)
	first := today.AddDate(0, 0, 1-today.Day())
	from, to := first.AddDate(0, -12, 0).Format("2006-01-02"), today.Format("2006-01-02")
	type report struct {
		Data struct {
			Rows   []map[string]any `json:"rows"`
			Totals map[string]int64 `json:"totals"`
		} `json:"data"`
	}
	byMonth := func(name, key string) map[string]int64 {
		var r report
		s.Get(t, "/api/reports/"+name+"?group=month&from="+from+"&to="+to, admin).JSON(&r)
		out := map[string]int64{}
		for _, row := range r.Data.Rows {
			date, _ := row["month"].(string) // the first column, "date" by day, is "month" by month
			v, _ := row[key].(float64)
			out[date[:min(len(date), 7)]] += int64(v)
		}
		return out
	}
	sales, purchases := byMonth("sales_report", "taxable_base_cents"), byMonth("purchases_report", "taxable_base_cents")
	var totalSales, totalPurchases, fullMonths int64
	for i := range 13 {
		m := first.AddDate(0, i-12, 0).Format("2006-01")
		t.Logf("%s: sales %d, purchases %d (pesos, before tax)", m, sales[m]/100, purchases[m]/100)
		if sales[m] <= 0 || purchases[m] <= 0 {
			t.Errorf("month %s: sales %d, purchases %d: want both", m, sales[m], purchases[m])
		}
		totalSales, totalPurchases = totalSales+sales[m], totalPurchases+purchases[m]
		if i < 12 {
			fullMonths += sales[m]
		}
	}
	if totalSales <= totalPurchases {
		t.Errorf("sales %d ≤ purchases %d over the year: a trading company sells more than it buys", totalSales, totalPurchases)
	}
	average := fullMonths / 12
	for i := range 12 {
		m := first.AddDate(0, i-12, 0)
		hi := int64(140)
		if m.Month() == time.December {
			hi = 170
		}
		if v := sales[m.Format("2006-01")]; v*100 < average*60 || v*100 > average*hi {
			t.Errorf("month %s: sales %d against a monthly average of %d: want within −40 %% / +%d %%", m.Format("2006-01"), v, average, hi-100)
		}
	}

	var income report
	s.Get(t, "/api/reports/income_report?group=month&from="+from+"&to="+to, admin).JSON(&income)
	t.Logf("income_report: %v", income.Data.Totals)
	if m := income.Data.Totals["margin"]; m < 1500 || m > 4000 {
		t.Errorf("income_report: gross margin %d.%02d %%, want 15–40 %%", m/100, m%100)
	}
	for _, row := range income.Data.Rows {
		if p, _ := row["gross_profit_cents"].(float64); p < 0 {
			t.Errorf("income_report %v: a month at a loss (%v)", row["month"], row)
		}
	}

	var dash struct {
		Data struct {
			KPIs struct {
				SalesMonth     int64 `json:"sales_month_cents"`
				SalesLastMonth int64 `json:"sales_last_month_cents"`
				Receivables    int64 `json:"receivables_cents"`
				Payables       int64 `json:"payables_cents"`
				Overdue        int64 `json:"overdue_cents"`
			} `json:"kpis"`
		} `json:"data"`
	}
	s.Get(t, "/api/dashboard", admin).JSON(&dash)
	k := dash.Data.KPIs
	t.Logf("dashboard: sales month to date %d, last month's same days %d, receivables %d, payables %d, overdue payables %d (pesos)",
		k.SalesMonth/100, k.SalesLastMonth/100, k.Receivables/100, k.Payables/100, k.Overdue/100)
	if k.SalesMonth*100 < k.SalesLastMonth*65 || k.SalesMonth*100 > k.SalesLastMonth*135 {
		t.Errorf("dashboard: sales to date %d against last month's same days %d: want within ±35 %%", k.SalesMonth, k.SalesLastMonth)
	}
	if k.Receivables <= 0 || k.Payables <= 0 || k.Receivables*3 < k.Payables*2 || k.Payables*3 < k.Receivables*2 {
		t.Errorf("dashboard: receivables %d, payables %d: want both, neither above 1.5 times the other", k.Receivables, k.Payables)
	}
	var customers report
	s.Get(t, "/api/reports/customers_report?per_page=100", admin).JSON(&customers)
	overdue := 0
	for _, row := range customers.Data.Rows {
		if d, _ := row["oldest_overdue_days"].(float64); d > 0 {
			overdue++
		}
	}
	if overdue == 0 {
		t.Errorf("customers_report: no customer overdue (%d rows)", len(customers.Data.Rows))
	}
}

// bogota is the company's calendar (the dates the reports and the dashboard count by).
var bogota = func() *time.Location {
	loc, err := time.LoadLocation("America/Bogota")
	if err != nil {
		return time.FixedZone("COT", -5*3600)
	}
	return loc
}()
