package reports_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/uptrace/bun"
)

// The party lists' store-less aggregates (migrations/20261202010000_reports_party_running) hold
// the same figures however they were written: the triggers fill a party's months as its
// movements come (maybe a month before its first row, maybe after its last, maybe a month that
// later nets to zero), a rebuild only from its first month with movements to its last. So they
// are not compared row by row with rebuilt ones but checked for what the party lists rely on,
// against report_party_months and report_party_balances rebuilt from the owners' tables.

// runningFigures are four running or summed figures of a party.
type runningFigures struct{ n, total, paid, returns int64 }

func (f runningFigures) plus(g runningFigures) runningFigures {
	return runningFigures{f.n + g.n, f.total + g.total, f.paid + g.paid, f.returns + g.returns}
}

// partyKey is a party of a company ("<company> <type> <party>").
type partyKey = string

// runningState is what the two tables hold (or, for months and due, what a party moved per
// month over every store and the earliest due date of its stores' balances).
type runningState struct {
	running map[partyKey]map[string]runningFigures // month → figures up to its end
	own     map[partyKey]map[string]runningFigures // month → the month's own figures
	totals  map[partyKey]runningFigures
	last    map[partyKey]string
	due     map[partyKey]string
}

func readRunning(t *testing.T, db bun.IDB) runningState {
	t.Helper()
	ctx := context.Background()
	st := runningState{running: map[partyKey]map[string]runningFigures{}, own: map[partyKey]map[string]runningFigures{},
		totals: map[partyKey]runningFigures{},
		last:   map[partyKey]string{}, due: map[partyKey]string{}}
	var rows []struct {
		CompanyID    int64  `bun:"company_id"`
		Type         string `bun:"type"`
		PartyID      int64  `bun:"party_id"`
		Month        string `bun:"month"`
		LastMonth    string `bun:"last_month"`
		OldestDue    string `bun:"oldest_due"`
		N            int64  `bun:"n"`
		TotalCents   int64  `bun:"total_cents"`
		PaidCents    int64  `bun:"paid_cents"`
		ReturnsCents int64  `bun:"returns_cents"`
		MonthN       int64  `bun:"month_n"`
		MonthTotal   int64  `bun:"month_total_cents"`
		MonthPaid    int64  `bun:"month_paid_cents"`
		MonthReturns int64  `bun:"month_returns_cents"`
	}
	key := func(c int64, typ string, p int64) partyKey { return fmt.Sprint(c, " ", typ, " ", p) }
	if err := db.NewRaw(`SELECT company_id, type, party_id, month, n, total_cents, paid_cents, returns_cents, month_n, month_total_cents,
    month_paid_cents, month_returns_cents FROM report_party_running`).
		Scan(ctx, &rows); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		k := key(r.CompanyID, r.Type, r.PartyID)
		if st.running[k] == nil {
			st.running[k], st.own[k] = map[string]runningFigures{}, map[string]runningFigures{}
		}
		st.running[k][r.Month] = runningFigures{r.N, r.TotalCents, r.PaidCents, r.ReturnsCents}
		st.own[k][r.Month] = runningFigures{r.MonthN, r.MonthTotal, r.MonthPaid, r.MonthReturns}
	}
	rows = nil
	if err := db.NewRaw("SELECT company_id, type, party_id, last_month, oldest_due, n, total_cents, paid_cents, returns_cents FROM report_party_totals").
		Scan(ctx, &rows); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		k := key(r.CompanyID, r.Type, r.PartyID)
		st.totals[k] = runningFigures{r.N, r.TotalCents, r.PaidCents, r.ReturnsCents}
		st.last[k], st.due[k] = r.LastMonth, r.OldestDue
	}
	return st
}

// readMonths is report_party_months summed over the stores per party and month, and each
// party's earliest oldest_due of report_party_balances ("" none).
func readMonths(t *testing.T, db bun.IDB) (map[partyKey]map[string]runningFigures, map[partyKey]string) {
	t.Helper()
	ctx := context.Background()
	var rows []struct {
		CompanyID    int64  `bun:"company_id"`
		Type         string `bun:"type"`
		PartyID      int64  `bun:"party_id"`
		Month        string `bun:"month"`
		OldestDue    string `bun:"oldest_due"`
		N            int64  `bun:"n"`
		TotalCents   int64  `bun:"total_cents"`
		PaidCents    int64  `bun:"paid_cents"`
		ReturnsCents int64  `bun:"returns_cents"`
	}
	if err := db.NewRaw("SELECT company_id, type, party_id, month, n, total_cents, paid_cents, returns_cents FROM report_party_months").
		Scan(ctx, &rows); err != nil {
		t.Fatal(err)
	}
	months := map[partyKey]map[string]runningFigures{}
	for _, r := range rows {
		k := fmt.Sprint(r.CompanyID, " ", r.Type, " ", r.PartyID)
		if months[k] == nil {
			months[k] = map[string]runningFigures{}
		}
		months[k][r.Month] = months[k][r.Month].plus(runningFigures{r.N, r.TotalCents, r.PaidCents, r.ReturnsCents})
	}
	rows = nil
	if err := db.NewRaw("SELECT company_id, type, party_id, oldest_due FROM report_party_balances").Scan(ctx, &rows); err != nil {
		t.Fatal(err)
	}
	due := map[partyKey]string{}
	for _, r := range rows {
		k := fmt.Sprint(r.CompanyID, " ", r.Type, " ", r.PartyID)
		if r.OldestDue != "" && (due[k] == "" || r.OldestDue < due[k]) {
			due[k] = r.OldestDue
		}
	}
	return months, due
}

func nextMonthOf(month string) string {
	m, err := time.Parse("2006-01", month)
	if err != nil {
		panic(err)
	}
	return m.AddDate(0, 1, 0).Format("2006-01")
}

// runningFaults lists where st is not what the party lists read it as, for the parties'
// months and due dates: every party that moved or owes has a totals row, its sums over every
// month, its earliest due date, and last_month its last running row's; the running rows of a
// party are every month from its first to its last, none missing, each the sum of the months
// up to it and the month's own, and no month that moved lies outside them.
func runningFaults(st runningState, months map[partyKey]map[string]runningFigures, due map[partyKey]string) []string {
	var out []string
	parties := map[partyKey]bool{}
	for k := range months {
		parties[k] = true
	}
	for k := range due {
		parties[k] = true
	}
	for k := range st.totals {
		parties[k] = true
	}
	for k := range st.running {
		parties[k] = true
	}
	for k := range parties {
		var sum runningFigures
		moved := false
		for _, f := range months[k] {
			sum = sum.plus(f)
			moved = moved || f != (runningFigures{})
		}
		total, ok := st.totals[k]
		if !ok {
			if moved || due[k] != "" || st.running[k] != nil {
				out = append(out, fmt.Sprintf("party %s: no report_party_totals row (moved %+v, due %q)", k, sum, due[k]))
			}
			continue
		}
		if total != sum || st.due[k] != due[k] {
			out = append(out, fmt.Sprintf("party %s: totals %+v due %q, want %+v due %q", k, total, st.due[k], sum, due[k]))
		}
		rows := st.running[k]
		first, last := "", ""
		for m := range rows {
			if first == "" || m < first {
				first = m
			}
			last = max(last, m)
		}
		if last != st.last[k] {
			out = append(out, fmt.Sprintf("party %s: last_month %q, its last running row %q", k, st.last[k], last))
		}
		for m, f := range months[k] {
			if f != (runningFigures{}) && (m < first || m > last) {
				out = append(out, fmt.Sprintf("party %s: moved %+v in %s, outside its running rows %s..%s", k, f, m, first, last))
			}
		}
		if first == "" {
			continue
		}
		for m := first; m <= last; m = nextMonthOf(m) {
			var upTo runningFigures
			for mm, f := range months[k] {
				if mm <= m {
					upTo = upTo.plus(f)
				}
			}
			got, ok := rows[m]
			if !ok {
				out = append(out, fmt.Sprintf("party %s: no running row for %s (its rows %s..%s)", k, m, first, last))
			} else if got != upTo || st.own[k][m] != months[k][m] {
				out = append(out, fmt.Sprintf("party %s: running %s %+v (its own %+v), want %+v (%+v)", k, m, got, st.own[k][m], upTo,
					months[k][m]))
			}
		}
	}
	return out
}

// checkRunning checks report_party_running and report_party_totals as the triggers kept them,
// and as RebuildAggregates writes them (in a transaction rolled back), against
// report_party_months and report_party_balances rebuilt from the owners' tables.
func checkRunning(t *testing.T, db *bun.DB) {
	t.Helper()
	kept := readRunning(t, db)
	tx, done := rebuilt(t, db)
	defer done()
	months, due := readMonths(t, tx)
	if len(months) == 0 {
		t.Fatal("no party moved: the data prove nothing")
	}
	for _, f := range runningFaults(kept, months, due) {
		t.Errorf("kept: %s", f)
	}
	for _, f := range runningFaults(readRunning(t, tx), months, due) {
		t.Errorf("rebuilt: %s", f)
	}
}
