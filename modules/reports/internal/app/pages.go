package app

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/backoffice/backoffice/modules/reports/internal/store"
	"github.com/backoffice/backoffice/platform/calendar"
)

// page is one report page: its columns, chart and totals, and how it builds its rows.
type page struct {
	name string
	// statement pages answer /{page}/{id} (a party's statement); adminOnly ones administrators
	// only; dated ones group by date (their first column is the period: "date" or "month").
	statement, adminOnly, dated bool
	// byMonth makes a dated page group by month unless the request says day.
	byMonth bool
	columns []ReportColumn
	chart   ReportChart
	// sums are the column keys totalled over every row (when build gives no totals of its own).
	sums  []string
	build func(ctx context.Context, st *store.Store, q query) (built, error)
	// stream, when set, is the export's rows from a cursor (pages that reach millions of rows):
	// its checks run at once, its rows as the file is written.
	stream func(ctx context.Context, st *store.Store, q query) (Rows, error)
	// paged, when set, answers one page of rows (offset, limit) read in SQL, its totals and how
	// many rows there are, for pages of many rows (paged.go; users_report/{id} in its own fixed
	// order).
	paged func(ctx context.Context, st *store.Store, q query, offset, limit int) (built, int, error)
}

// built is what a page's build answers.
type built struct {
	rows   []Row
	totals map[string]int64
	party  *ReportParty
}

// PageInfo describes a page for the HTTP layer, which registers one operation per page.
type PageInfo struct {
	Name                 string
	Statement, AdminOnly bool
}

// Pages lists the pages the engine answers.
func Pages() []PageInfo {
	out := make([]PageInfo, 0, len(pages))
	for _, p := range pages {
		out = append(out, PageInfo{Name: p.name, Statement: p.statement, AdminOnly: p.adminOnly})
	}
	return out
}

// pageNamed is the page name, its statement (/{id}) or its list.
func pageNamed(name string, statement bool) (page, bool) {
	i := slices.IndexFunc(pages, func(p page) bool { return p.name == name && p.statement == statement })
	if i < 0 {
		return page{}, false
	}
	return pages[i], true
}

// KindEnum is a text column whose values are codes (purchase, cash, pending…): the web
// translates reports:values.<code>, the export writes the word.
const KindEnum = "enum"

func money(keys ...string) []ReportColumn {
	out := make([]ReportColumn, len(keys))
	for i, k := range keys {
		out[i] = ReportColumn{Key: k, Kind: KindMoney}
	}
	return out
}

func cols(parts ...[]ReportColumn) []ReportColumn { return slices.Concat(parts...) }

func one(key, kind string) []ReportColumn { return []ReportColumn{{Key: key, Kind: kind}} }

func keys(cs []ReportColumn, kinds ...string) []string {
	var out []string
	for _, c := range cs {
		if slices.Contains(kinds, c.Kind) {
			out = append(out, c.Key)
		}
	}
	return out
}

var (
	overviewColumns = cols(one("date", KindDate), money("purchases_cents", "sales_cents", "payments_out_cents", "collections_cents"))
	// chartColumns are company_chart's and store_chart's: overview's figures per name.
	chartColumns = func(name string) []ReportColumn { return cols(one(name, KindText), overviewColumns[1:]) }
	taxColumns   = func(shipping bool) []ReportColumn {
		c := cols(one("date", KindDate), one("documents", KindInt), money("subtotal_cents", "discount_cents"))
		if shipping {
			c = append(c, money("shipping_cents")...)
		}
		return cols(c, money("base19_cents", "vat19_cents", "base5_cents", "vat5_cents", "base_exento_cents",
			"base_excluido_cents", "taxable_base_cents", "vat_cents", "invoice_cents", "withholding_income_cents",
			"withholding_vat_cents", "total_cents"))
	}
	paymentColumns = cols(one("direction", KindEnum), one("method", KindEnum), one("party_name", KindText),
		one("payments", KindInt), money("approved_out_cents", "pending_out_cents", "approved_in_cents", "pending_in_cents"))
	partyColumns = cols(one("party_name", KindText), one("documents", KindInt),
		money("total_cents", "paid_cents", "returns_cents", "balance_cents"), one("oldest_overdue_days", KindDays))
	statementColumns = cols(one("date", KindDate), one("kind", KindEnum), one("number", KindText),
		money("charge_cents", "credit_cents", "balance_cents"))
	ageingColumns = cols(one("party_name", KindText), one("documents", KindInt),
		money("days_1_30_cents", "days_31_60_cents", "days_61_90_cents", "over_90_cents", "overdue_cents"), one("oldest_overdue_days", KindDays))
	alertColumns = cols(one("code", KindText), one("name", KindText), one("unit", KindText),
		one("quantity", KindQuantity), one("alert_quantity", KindQuantity), one("on_order_quantity", KindQuantity))
	userColumns = cols(one("user_name", KindText), one("role", KindEnum), one("purchases", KindInt), money("purchases_cents"),
		one("sales", KindInt), money("sales_cents"), one("payments", KindInt), money("payments_cents"), one("approved", KindInt),
		one("last_sign_in", KindDate))
	userActColumns = cols(one("date", KindDate), one("kind", KindEnum), one("number", KindText), one("party_name", KindText),
		one("role", KindEnum), money("amount_cents"))
	productColumns = cols(one("code", KindText), one("name", KindText), one("purchased_quantity", KindQuantity), money("purchased_cents"),
		one("received_quantity", KindQuantity), one("returned_quantity", KindQuantity), money("returned_cents"), one("sold_quantity", KindQuantity), money("sold_cents", "cost_of_sales_cents", "profit_cents"), one("stock_quantity", KindQuantity),
		money("average_cost_cents", "stock_value_cents"))
	expiryColumns = cols(one("code", KindText), one("name", KindText), one("expiry_date", KindDate), one("days_left", KindDays),
		one("bucket", KindEnum), one("quantity", KindQuantity), money("lot_cost_cents"))
	incomeColumns = cols(one("date", KindDate), money("sales_cents", "returns_cents", "net_sales_cents", "cost_cents", "gross_profit_cents"),
		one("margin", KindPercent))
)

// pages are the report pages, in the spec's order.
var pages = []page{
	{name: "overview_chart", dated: true, byMonth: true, columns: overviewColumns,
		chart: ReportChart{Type: "bar", Series: keys(overviewColumns, KindMoney)}, sums: keys(overviewColumns, KindMoney), build: flows(store.ByMonth)},
	{name: "company_chart", columns: chartColumns("company_name"),
		chart: ReportChart{Type: "bar", X: "company_name", Series: keys(overviewColumns, KindMoney)}, sums: keys(overviewColumns, KindMoney),
		build: flows(store.ByCompany)},
	{name: "store_chart", columns: chartColumns("store_name"),
		chart: ReportChart{Type: "bar", X: "store_name", Series: keys(overviewColumns, KindMoney)}, sums: keys(overviewColumns, KindMoney),
		build: flows(store.ByStore)},
	{name: "product_quantity_alert", columns: alertColumns, chart: ReportChart{Type: "none", Series: []string{}}, build: quantityAlerts},
	{name: "product_expiry_alert", columns: expiryColumns, chart: ReportChart{Type: "none", Series: []string{}},
		sums: []string{"quantity", "lot_cost_cents"}, build: expiries},
	{name: "expired_purchases_report", columns: ageingColumns,
		chart: ReportChart{Type: "stacked", X: "party_name", Series: []string{"days_1_30_cents", "days_31_60_cents", "days_61_90_cents", "over_90_cents"}},
		sums:  keys(ageingColumns, KindMoney, KindInt), build: expiredPurchases},
	{name: "product_report", columns: productColumns, chart: ReportChart{Type: "none", Series: []string{}},
		paged: pageOf(products), stream: streamOf(products)},
	{name: "sales_report", dated: true, columns: taxColumns(false),
		chart: ReportChart{Type: "bar", Series: []string{"taxable_base_cents", "vat_cents"}},
		sums:  keys(taxColumns(false), KindMoney, KindInt), build: taxes(store.Sale)},
	{name: "purchases_report", dated: true, columns: taxColumns(true),
		chart: ReportChart{Type: "bar", Series: []string{"taxable_base_cents", "vat_cents"}},
		sums:  keys(taxColumns(true), KindMoney, KindInt), build: taxes(store.Purchase)},
	{name: "payment_report", columns: paymentColumns, chart: ReportChart{Type: "none", Series: []string{}},
		paged: pageOf(paymentsByParty), stream: streamOf(paymentsByParty)},
	{name: "income_report", dated: true, byMonth: true, columns: incomeColumns,
		chart: ReportChart{Type: "line", Series: []string{"net_sales_cents", "cost_cents", "gross_profit_cents"}}, build: income},
	{name: "customers_report", columns: partyColumns, chart: ReportChart{Type: "none", Series: []string{}},
		paged: pageOf(parties(store.Sale)), stream: streamOf(parties(store.Sale))},
	{name: "customers_report", statement: true, columns: statementColumns, chart: ReportChart{Type: "none", Series: []string{}},
		build: statement(store.Sale)},
	{name: "suppliers_report", columns: partyColumns, chart: ReportChart{Type: "none", Series: []string{}},
		paged: pageOf(parties(store.Purchase)), stream: streamOf(parties(store.Purchase))},
	{name: "suppliers_report", statement: true, columns: statementColumns, chart: ReportChart{Type: "none", Series: []string{}},
		build: statement(store.Purchase)},
	{name: "users_report", adminOnly: true, columns: userColumns, chart: ReportChart{Type: "none", Series: []string{}},
		sums: keys(userColumns, KindMoney, KindInt), build: users},
	{name: "users_report", adminOnly: true, statement: true, columns: userActColumns, chart: ReportChart{Type: "none", Series: []string{}},
		build: userActs, stream: eachUserAct, paged: userActsPage},
}

// periods keeps rows per period in date order.
type periods struct {
	key  string
	rows map[string]Row
}

func (p *periods) at(k string) Row {
	r, ok := p.rows[k]
	if !ok {
		r = Row{p.key: k}
		p.rows[k] = r
	}
	return r
}

func (p *periods) sorted(cs []ReportColumn) []Row {
	out := make([]Row, 0, len(p.rows))
	for _, r := range p.rows {
		for _, c := range cs[1:] {
			if _, ok := r[c.Key]; !ok {
				r[c.Key] = int64(0)
			}
		}
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b Row) int { return compare(a[p.key], b[p.key]) })
	return out
}

func add(r Row, key string, v int64) {
	n, _ := r[key].(int64)
	r[key] = n + v
}

// flows: the approved purchases and sales (totals to pay) and the approved payments out and
// collections in the range, per period (overview_chart) or per company or store (company_chart,
// store_chart: side by side, named).
func flows(by store.Period) func(context.Context, *store.Store, query) (built, error) {
	return func(ctx context.Context, st *store.Store, q query) (built, error) {
		group, key, named := q.group, q.periodKey, true
		switch by {
		case store.ByCompany:
			group, key = by, "company_name"
		case store.ByStore:
			group, key = by, "store_name"
		default:
			named = false
		}
		docs, err := st.Documents(ctx, q.filter, "", group)
		if err != nil {
			return built{}, err
		}
		pays, err := st.PaymentsByPeriod(ctx, q.filter, group)
		if err != nil {
			return built{}, err
		}
		ps := periods{key: key, rows: map[string]Row{}}
		for _, d := range docs {
			add(ps.at(d.Key), map[string]string{store.Purchase: "purchases_cents", store.Sale: "sales_cents"}[d.Type], d.TotalCents)
		}
		for _, y := range pays {
			add(ps.at(y.Key), map[string]string{store.Purchase: "payments_out_cents", store.Sale: "collections_cents"}[y.Type], y.AmountCents)
		}
		if named {
			names, err := st.Names(ctx, q.filter.Scope, by == store.ByStore)
			if err != nil {
				return built{}, err
			}
			for _, r := range ps.rows {
				id, _ := strconv.ParseInt(r[key].(string), 10, 64)
				r[key] = names[id]
			}
		}
		return built{rows: ps.sorted(overviewColumns)}, nil
	}
}

// taxes: per period, the approved documents of typ with their bases and VAT by class and the
// withholdings.
func taxes(typ string) func(context.Context, *store.Store, query) (built, error) {
	return func(ctx context.Context, st *store.Store, q query) (built, error) {
		docs, err := st.Documents(ctx, q.filter, typ, q.group)
		if err != nil {
			return built{}, err
		}
		rows := make([]Row, 0, len(docs))
		for _, d := range docs {
			r := Row{q.periodKey: d.Key, "documents": d.Count, "subtotal_cents": d.SubtotalCents, "discount_cents": d.DiscountCents,
				"base19_cents": d.Base19Cents, "vat19_cents": d.VATCents - d.VAT5Cents, "base5_cents": d.Base5Cents,
				"vat5_cents": d.VAT5Cents, "base_exento_cents": d.BaseExentoCents, "base_excluido_cents": d.BaseExcluidoCents,
				"taxable_base_cents": d.TaxableBaseCents, "vat_cents": d.VATCents, "invoice_cents": d.InvoiceCents,
				"withholding_income_cents": d.WithholdingIncomeCents, "withholding_vat_cents": d.WithholdingVATCents,
				"total_cents": d.TotalCents}
			if typ == store.Purchase {
				r["shipping_cents"] = d.ShippingCents
			}
			rows = append(rows, r)
		}
		return built{rows: rows}, nil
	}
}

// quantityAlerts: goods at or below their alert quantity with what open purchase orders will
// still bring. A snapshot: the range does not apply.
func quantityAlerts(ctx context.Context, st *store.Store, q query) (built, error) {
	ps, err := st.Products(ctx, q.filter.Scope, true)
	if err != nil {
		return built{}, err
	}
	rows := make([]Row, 0, len(ps))
	for _, p := range ps {
		rows = append(rows, Row{"code": p.Code, "name": p.Name, "unit": p.Unit, "quantity": p.Quantity,
			"alert_quantity": p.AlertQuantity, "on_order_quantity": p.OnOrder, "link": ReportLink{Kind: "product", ID: p.ID}})
	}
	return built{rows: rows, totals: map[string]int64{}}, nil
}

// income: per period, sales before VAT (the approved sales' taxable base) − returns − the cost
// each sale line kept = gross profit, and the margin over net sales in basis points.
func income(ctx context.Context, st *store.Store, q query) (built, error) {
	docs, err := st.Documents(ctx, q.filter, store.Sale, q.group)
	if err != nil {
		return built{}, err
	}
	rows := make([]Row, 0, len(docs))
	var t Row = Row{}
	for _, d := range docs {
		r := Row{q.periodKey: d.Key}
		incomeFigures(r, d.TaxableBaseCents, d.ReturnCents, d.CostCents)
		for _, k := range []string{"sales_cents", "returns_cents", "cost_cents"} {
			add(t, k, r[k].(int64))
		}
		rows = append(rows, r)
	}
	s, _ := t["sales_cents"].(int64)
	ret, _ := t["returns_cents"].(int64)
	c, _ := t["cost_cents"].(int64)
	incomeFigures(t, s, ret, c)
	totals := map[string]int64{}
	for k, v := range t {
		totals[k] = v.(int64)
	}
	return built{rows: rows, totals: totals}, nil
}

// incomeFigures fills r from sales, returns and cost: net sales, gross profit and margin
// (basis points of net sales, rounded half away from zero; 0 without net sales).
func incomeFigures(r Row, sales, returns, cost int64) {
	net := sales - returns
	profit := net - cost
	var margin int64
	if net != 0 {
		num := profit * 10000
		if (num >= 0) == (net > 0) {
			margin = (num + net/2) / net
		} else {
			margin = (num - net/2) / net
		}
	}
	r["sales_cents"], r["returns_cents"], r["net_sales_cents"], r["cost_cents"] = sales, returns, net, cost
	r["gross_profit_cents"], r["margin"] = profit, margin
}

func userName(u store.User) string {
	if n := strings.TrimSpace(u.FirstName + " " + u.LastName); n != "" {
		return n
	}
	return u.Username
}

// lastSignIn is the business date of a user's last sign-in ("" never).
func lastSignIn(u store.User) string {
	if u.LastSignInAt.IsZero() {
		return ""
	}
	return u.LastSignInAt.In(calendar.Bogota).Format(calendar.DateLayout)
}

// users: per user, the approved purchases, sales and payments they recorded in the range (count
// and amount), how many approved documents and payments of the range they approved, and their
// last sign-in. Users without any are listed too: the report is also who did nothing.
func users(ctx context.Context, st *store.Store, q query) (built, error) {
	us, err := st.Users(ctx, q.filter.Scope, 0)
	if err != nil {
		return built{}, err
	}
	figs, err := st.UserFigures(ctx, q.filter, 0)
	if err != nil {
		return built{}, err
	}
	byUser := map[int64]Row{}
	rows := make([]Row, 0, len(us))
	for _, u := range us {
		r := userFigures()
		r["user_name"], r["role"], r["last_sign_in"], r["link"] = userName(u), u.Role, lastSignIn(u), ReportLink{Kind: "user", ID: u.ID}
		byUser[u.ID] = r
		rows = append(rows, r)
	}
	for _, f := range figs {
		if r, ok := byUser[f.UserID]; ok { // else a deleted user, or one of a company out of scope
			tally(r, f)
		}
	}
	slices.SortStableFunc(rows, func(a, b Row) int { return compare(a["user_name"], b["user_name"]) })
	return built{rows: rows}, nil
}

// userFigures are users_report's counts and amounts of one user, all zero.
func userFigures() Row {
	return Row{"purchases": int64(0), "purchases_cents": int64(0), "sales": int64(0), "sales_cents": int64(0), "payments": int64(0),
		"payments_cents": int64(0), "approved": int64(0)}
}

// tally adds f to r: its approvals, or its records of one kind and their amount.
func tally(r Row, f store.UserFigures) {
	if f.Role == "approved" {
		add(r, "approved", f.Count)
		return
	}
	add(r, f.Kind+"s", f.Count)
	add(r, f.Kind+"s_cents", f.AmountCents)
}

// userTotals are a user's page totals: users_report's figures of that user (so the page shows
// the row it was opened from) and the amount they recorded; n is how many acts there are.
func userTotals(ctx context.Context, st *store.Store, q query) (totals map[string]int64, n int64, err error) {
	figs, err := st.UserFigures(ctx, q.filter, q.id)
	if err != nil {
		return nil, 0, err
	}
	r := userFigures()
	for _, f := range figs {
		n += f.Count
		tally(r, f)
	}
	totals = map[string]int64{}
	for k, v := range r {
		totals[k] = v.(int64)
	}
	totals["amount_cents"] = totals["purchases_cents"] + totals["sales_cents"] + totals["payments_cents"]
	return totals, n, nil
}

// userActs: what one user recorded and approved in the range, in date order, with userTotals.
func userActs(ctx context.Context, st *store.Store, q query) (built, error) {
	us, err := st.Users(ctx, q.filter.Scope, q.id)
	if err != nil {
		return built{}, err
	}
	acts, err := st.Acts(ctx, q.filter, q.id)
	if err != nil {
		return built{}, err
	}
	totals, _, err := userTotals(ctx, st, q)
	if err != nil {
		return built{}, err
	}
	rows := make([]Row, 0, len(acts))
	for _, a := range acts {
		rows = append(rows, actRow(a, map[string]int64{}))
	}
	return built{rows: rows, totals: totals, party: &ReportParty{ID: us[0].ID, Kind: "user", Name: userName(us[0])}}, nil
}

// userActsPage is one page of userActs: the rows read with LIMIT and OFFSET, the count and
// the totals from report_user_days.
func userActsPage(ctx context.Context, st *store.Store, q query, offset, limit int) (built, int, error) {
	us, err := st.Users(ctx, q.filter.Scope, q.id)
	if err != nil {
		return built{}, 0, err
	}
	totals, n, err := userTotals(ctx, st, q)
	if err != nil {
		return built{}, 0, err
	}
	acts, err := st.ActsPage(ctx, q.filter, q.id, offset, limit)
	if err != nil {
		return built{}, 0, err
	}
	rows := make([]Row, 0, len(acts))
	for _, a := range acts {
		rows = append(rows, actRow(a, map[string]int64{}))
	}
	return built{rows: rows, totals: totals, party: &ReportParty{ID: us[0].ID, Kind: "user", Name: userName(us[0])}}, int(n), nil
}

// eachUserAct is userActs' export: the user is checked at once, the acts read from a cursor.
func eachUserAct(ctx context.Context, st *store.Store, q query) (Rows, error) {
	if _, err := st.Users(ctx, q.filter.Scope, q.id); err != nil {
		return nil, err
	}
	return func(yield func(Row) error) (map[string]int64, error) {
		totals := map[string]int64{"amount_cents": 0}
		err := st.EachAct(ctx, q.filter, q.id, func(a store.Act) error { return yield(actRow(a, totals)) })
		return totals, err
	}, nil
}

// actRow is an act's row; what the user recorded adds to totals' amount.
func actRow(a store.Act, totals map[string]int64) Row {
	if a.Role == "created" {
		totals["amount_cents"] += a.AmountCents
	}
	return Row{"date": a.Date, "kind": a.Kind, "number": a.Number, "party_name": a.PartyName, "role": a.Role,
		"amount_cents": a.AmountCents, "link": ReportLink{Kind: a.Kind, ID: a.ID}}
}

// products: per product, what approved purchases brought and approved sales took in the range
// (quantities and amounts before VAT), the units received (approved received orders, on their
// approval day) and sent back (approved purchase returns' lines, on the return's date, with
// their base), the cost of those sales (the unit cost each sale line kept) and the profit, the
// stock today, its weighted average purchase cost (every approved purchase up to the range's
// end; the catalog's cost when it was never bought) and the stock's value at that cost.
// Products without movement in the range and without stock are left out. Summed, sorted and
// paged in SQL (store.ProductRows).
func products(ctx context.Context, st *store.Store, q query, w store.Window, fn func(Row) error) (map[string]int64, int, error) {
	t, err := st.ProductRows(ctx, q.filter, q.order, w, func(p store.ProductRow) error {
		return fn(Row{"code": p.Code, "name": p.Name, "purchased_quantity": p.PurchasedQuantity, "purchased_cents": p.PurchasedCents,
			"received_quantity": p.ReceivedQuantity, "returned_quantity": p.ReturnedQuantity, "returned_cents": p.ReturnedCents,
			"sold_quantity": p.SoldQuantity, "sold_cents": p.SoldCents, "cost_of_sales_cents": p.CostCents,
			"profit_cents": p.ProfitCents, "stock_quantity": p.StockQuantity, "average_cost_cents": p.AverageCostCents,
			"stock_value_cents": p.StockValueCents, "link": ReportLink{Kind: "product", ID: p.ID}})
	})
	return map[string]int64{"purchased_cents": t.PurchasedCents, "returned_cents": t.ReturnedCents, "sold_cents": t.SoldCents,
		"cost_of_sales_cents": t.CostCents, "profit_cents": t.ProfitCents, "stock_value_cents": t.StockValueCents}, t.Rows, err
}

// expiries: today's stock of each good given to its purchase lots first in, first out — the
// newest lots hold what is left — and the lots that have expired or expire within 90 days, by
// bucket (expired, 0–30, 31–60, 61–90 days left), with their quantity and cost (the lot's base
// after discount, in proportion). A snapshot: the range does not apply.
func expiries(ctx context.Context, st *store.Store, q query) (built, error) {
	ps, err := st.Products(ctx, q.filter.Scope, false)
	if err != nil {
		return built{}, err
	}
	lots, err := stockLots(ctx, st, ps, addDays(q.today, 90))
	if err != nil {
		return built{}, err
	}
	byID := make(map[int64]store.Product, len(ps))
	for _, p := range ps {
		byID[p.ID] = p
	}
	var rows []Row
	for _, l := range lots {
		p := byID[l.ProductID]
		days := daysBetween(q.today, l.ExpiryDate)
		bucket := "expired"
		switch {
		case days > 60:
			bucket = "days_61_90"
		case days > 30:
			bucket = "days_31_60"
		case days >= 0:
			bucket = "days_0_30"
		}
		qty := l.Holds()
		rows = append(rows, Row{"code": p.Code, "name": p.Name, "expiry_date": l.ExpiryDate, "days_left": days, "bucket": bucket,
			"quantity": qty, "lot_cost_cents": (l.BaseCents*qty*2 + l.Quantity) / (2 * l.Quantity), "link": ReportLink{Kind: "product", ID: p.ID}})
	}
	slices.SortStableFunc(rows, func(a, b Row) int {
		return cmp.Or(compare(a["expiry_date"], b["expiry_date"]), compare(a["code"], b["code"]))
	})
	return built{rows: rows}, nil
}

// firstLots is how many of a product's newest lots stockLots reads at first; a product whose
// stock they do not cover is read again with lotsGrowth times as many.
const firstLots, lotsGrowth = 16, 8

// stockLots answers the lots of ps that hold some of their product's stock today and expire by
// expiresBy. Only the newest lots are read: those of the products whose stock the first
// firstLots do not cover are read again, more of them.
func stockLots(ctx context.Context, st *store.Store, ps []store.Product, expiresBy string) ([]store.StockLot, error) {
	var need []int64
	for _, p := range ps {
		if p.Quantity > 0 {
			need = append(need, p.ID)
		}
	}
	var out []store.StockLot
	for limit := firstLots; len(need) > 0; limit *= lotsGrowth {
		lots, err := st.StockLots(ctx, need, limit, expiresBy)
		if err != nil {
			return nil, err
		}
		short := map[int64]bool{}
		for _, l := range lots {
			if !l.Covered(limit) {
				short[l.ProductID] = true // older lots may hold the rest
			}
		}
		need = need[:0]
		for id := range short {
			need = append(need, id)
		}
		for _, l := range lots {
			if !short[l.ProductID] && l.ExpiryDate <= expiresBy {
				out = append(out, l)
			}
		}
	}
	return out, nil
}

// addDays is day (YYYY-MM-DD) n days later.
func addDays(day string, n int) string {
	d, err := calendar.ParseDate(day)
	if err != nil {
		return day
	}
	return d.AddDate(0, 0, n).Format(calendar.DateLayout)
}
