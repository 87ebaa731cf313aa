package app

import (
	"context"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/backoffice/backoffice/modules/reports/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/listing"
)

// KPIs are the dashboard's cards: this month to date against the same days of last month, and
// what is owed today. A month to date against a whole month would always look like a fall (on
// the 2nd, −95 %), so last month is cut at the same day: the 1st to LastMonthTo.
type KPIs struct {
	// SalesMonthCents and PurchasesMonthCents are this month's approved documents dated up to
	// today; the *LastMonthCents last month's dated up to LastMonthTo.
	SalesMonthCents         int64 `json:"sales_month_cents"`
	SalesLastMonthCents     int64 `json:"sales_last_month_cents"`
	PurchasesMonthCents     int64 `json:"purchases_month_cents"`
	PurchasesLastMonthCents int64 `json:"purchases_last_month_cents"`
	// MonthTo is today; LastMonthTo the same day of last month, or its last day when last month
	// is shorter (YYYY-MM-DD).
	MonthTo          string `json:"month_to" doc:"Today (YYYY-MM-DD): this month's figures are the 1st to this day"`
	LastMonthTo      string `json:"last_month_to" doc:"The same day of last month, or its last day when it is shorter (YYYY-MM-DD): last month's figures are its 1st to this day"`
	ReceivablesCents int64  `json:"receivables_cents"`
	PayablesCents    int64  `json:"payables_cents"`
	// OverdueCents is the payables past their due date (expired_purchases_report's total).
	OverdueCents int64 `json:"overdue_cents"`
}

// MonthFigures is one month of the dashboard's chart.
type MonthFigures struct {
	Month          string `json:"month" doc:"YYYY-MM"`
	SalesCents     int64  `json:"sales_cents"`
	PurchasesCents int64  `json:"purchases_cents"`
}

// QuantityAlert is a good at or below its alert quantity.
type QuantityAlert struct {
	ProductID     int64  `json:"product_id"`
	Code          string `json:"code"`
	Name          string `json:"name"`
	Quantity      int64  `json:"quantity"`
	AlertQuantity int64  `json:"alert_quantity"`
}

// Dashboard is /dashboards/home's figures.
type Dashboard struct {
	KPIs KPIs `json:"kpis"`
	// Months are the last 12 months, oldest first, this month last.
	Months []MonthFigures `json:"months"`
	// QuantityAlerts are the first DashboardAlerts of product_quantity_alert; QuantityAlertsTotal
	// counts them all.
	QuantityAlerts      []QuantityAlert `json:"quantity_alerts"`
	QuantityAlertsTotal int             `json:"quantity_alerts_total"`
	// Approvals counts what waits for an administrator per kind (purchases, sales, payments,
	// purchase_orders, received_orders, returns: purchase returns); null for everyone else.
	Approvals map[string]int64 `json:"approvals" nullable:"true"`
}

// DashboardAlerts is how many quantity alerts the dashboard lists.
const DashboardAlerts = 10

// Dashboard answers the dashboard of the caller's scope (administrators: every company, or
// companyID).
func (s *Service) Dashboard(ctx context.Context, p caller.Principal, companyID int64) (Dashboard, error) {
	admin := p.Role == s.adminRole
	scope := listing.ScopeFor(admin, p.CompanyID, companyID)
	today := calendar.Today(s.now())
	first := today.AddDate(0, 0, 1-today.Day())
	start := first.AddDate(0, -11, 0)
	f := store.Filter{Scope: scope, From: start.Format(calendar.DateLayout), To: first.AddDate(0, 1, -1).Format(calendar.DateLayout)}
	out, err := s.dashboard(ctx, f, today, start, admin)
	if err != nil {
		return Dashboard{}, apperror.Internal(err)
	}
	return out, nil
}

func (s *Service) dashboard(ctx context.Context, f store.Filter, day time.Time, start time.Time, admin bool) (Dashboard, error) {
	today := day.Format(calendar.DateLayout)
	var out Dashboard
	// The four reads are independent: run at once, the dashboard takes the longest of them
	// rather than their sum.
	var months []store.MonthTotal
	var b store.Balances
	var alerts []store.Product
	first := day.AddDate(0, 0, 1-day.Day())
	cuts := [2][2]string{{first.Format(calendar.DateLayout), today},
		{first.AddDate(0, -1, 0).Format(calendar.DateLayout), sameDayLastMonth(day).Format(calendar.DateLayout)}}
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) {
		// The months, and this month to date against last month's same days, in one read.
		months, err = s.store.MonthTotals(gctx, f, cuts)
		return err
	})
	g.Go(func() (err error) { b, err = s.store.Balances(gctx, f, today); return err })
	g.Go(func() (err error) { alerts, err = s.store.Products(gctx, f.Scope, true); return err })
	if admin {
		g.Go(func() (err error) { out.Approvals, err = s.store.Approvals(gctx, f.Scope); return err })
	}
	if err := g.Wait(); err != nil {
		return out, err
	}
	out.Months, out.KPIs = dashboardMonths(months, start, day)
	out.KPIs.ReceivablesCents, out.KPIs.PayablesCents, out.KPIs.OverdueCents = b.Receivables, b.Payables, b.Overdue
	out.QuantityAlertsTotal = len(alerts)
	out.QuantityAlerts = []QuantityAlert{}
	for _, a := range alerts[:min(len(alerts), DashboardAlerts)] {
		out.QuantityAlerts = append(out.QuantityAlerts, QuantityAlert{ProductID: a.ID, Code: a.Code, Name: a.Name,
			Quantity: a.Quantity, AlertQuantity: a.AlertQuantity})
	}
	if admin {
		// Every kind is named, zero when nothing waits, so that the cards do not come and go.
		for _, k := range []string{"purchases", "sales", "payments", "purchase_orders", "received_orders", "returns"} {
			if _, ok := out.Approvals[k]; !ok {
				out.Approvals[k] = 0
			}
		}
	}
	return out, nil
}

// dashboardMonths places totals (the documents per month of the 12 months from start, and
// those of this month to day and of last month's same days) in the chart's months and the KPIs
// (the balances are the caller's).
func dashboardMonths(totals []store.MonthTotal, start, day time.Time) ([]MonthFigures, KPIs) {
	months := make([]MonthFigures, 12)
	index := map[string]int{}
	for i := range months {
		months[i].Month = start.AddDate(0, i, 0).Format("2006-01")
		index[months[i].Month] = i
	}
	k := KPIs{MonthTo: day.Format(calendar.DateLayout), LastMonthTo: sameDayLastMonth(day).Format(calendar.DateLayout)}
	thisMonth, lastMonth := months[11].Month, months[10].Month
	for _, t := range totals {
		i, ok := index[t.Month]
		if !ok {
			continue
		}
		*pick(t.Type == store.Sale, &months[i].SalesCents, &months[i].PurchasesCents) += t.TotalCents
		switch t.Month {
		case thisMonth:
			*pick(t.Type == store.Sale, &k.SalesMonthCents, &k.PurchasesMonthCents) += t.ToDateCents
		case lastMonth:
			*pick(t.Type == store.Sale, &k.SalesLastMonthCents, &k.PurchasesLastMonthCents) += t.ToDateCents
		}
	}
	return months, k
}

// pick is a when cond, else b.
func pick(cond bool, a, b *int64) *int64 {
	if cond {
		return a
	}
	return b
}

// sameDayLastMonth is day's day of the month in the month before, or that month's last day when
// it is shorter (March 31st compares with February 28th, or 29th).
func sameDayLastMonth(day time.Time) time.Time {
	first := day.AddDate(0, 0, 1-day.Day())
	return first.AddDate(0, -1, min(day.Day(), first.AddDate(0, 0, -1).Day())-1)
}
