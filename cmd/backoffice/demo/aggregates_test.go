package demo_test

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/cmd/backoffice/demo"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/reports"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

// The seed sets the reports' triggers aside on SQLite and rebuilds the aggregates at its end: what
// it leaves must be what the triggers would have kept, row for row (rows that net to zero aside —
// the triggers leave them behind, a rebuild does not, and every report reads them as nothing),
// with every trigger back and none left paused.
func TestSeedAggregatesAsTheTriggersKeepThem(t *testing.T) {
	seed := func(keepTriggers bool) *bun.DB {
		bdb := dbtest.SQLite(t)
		triggers := count(t, bdb, "SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger'")
		s := authtest.New(t, bdb)
		if keepTriggers {
			defer demo.KeepTriggers()()
		}
		if err := demo.Seed(context.Background(), s.Product, s.Server, s.DB, s.Clock.Now(), slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
			t.Fatalf("seed: %v", err)
		}
		if got := count(t, bdb, "SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger'"); got != triggers || triggers == 0 {
			t.Errorf("triggers after the seed: %d, before %d", got, triggers)
		}
		if n := count(t, bdb, "SELECT COUNT(*) FROM paused_triggers"); n != 0 {
			t.Errorf("%d triggers left paused", n)
		}
		return bdb
	}
	kept, rebuilt := seed(true), seed(false)
	// The two files side by side on one connection: each table's rows that count, one way and
	// the other, in SQL.
	var path string
	if err := kept.QueryRowContext(context.Background(), "SELECT file FROM pragma_database_list WHERE name = 'main'").Scan(&path); err != nil {
		t.Fatal(err)
	}
	conn, err := rebuilt.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(context.Background(), "ATTACH DATABASE ? AS kept", path); err != nil {
		t.Fatal(err)
	}
	// Every table the reports keep (their views aside), so that aggregates added later are
	// compared too.
	var tables []string
	if err := rebuilt.NewRaw("SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, ?) = ? ORDER BY name",
		len(reports.AggregateTriggers), reports.AggregateTriggers).Scan(context.Background(), &tables); err != nil || len(tables) < 4 {
		t.Fatalf("the reports' tables: %v, %v", tables, err)
	}
	rows := 0
	for _, table := range tables {
		var cols []string
		if err := rebuilt.NewRaw("SELECT name FROM pragma_table_info(?) ORDER BY cid", table).Scan(context.Background(), &cols); err != nil {
			t.Fatal(err)
		}
		cols = slices.DeleteFunc(cols, func(c string) bool { return slices.Contains(runningTotals[table].skip, c) })
		// Values compared as the reports read them: keys as text, figures as integers (a trigger's
		// sum and a rebuild's may differ in storage class, not in value), users by name (the seed
		// creates the admin and the user side by side, so their ids may swap between two seeds).
		var figures []string
		for _, c := range cols {
			// n_MM: report_payment_years and report_payment_store_years; months: report_payment_keys' bits.
			if c == "n" || strings.HasPrefix(c, "n_") || strings.HasSuffix(c, "_cents") || c == "months" {
				figures = append(figures, c)
			}
		}
		counts := "" // a table of keys alone (report_payment_acts): every row counts
		if len(figures) > 0 {
			counts = " WHERE " + strings.Join(figures, " <> 0 OR ") + " <> 0"
		}
		if w := runningTotals[table].where; w != "" {
			counts = " WHERE " + w
		}
		// One text per row, for the message.
		sel := func(schema string) string {
			if keys, ok := deltaLogs[table]; ok {
				// A log of +1/−1 rows, folded now and then: only its sums per key are the figure.
				list := make([]string, len(keys))
				for i, k := range keys {
					list[i] = "'" + k + "='||COALESCE(CAST(t." + k + " AS TEXT), 'NULL')"
				}
				return "SELECT " + strings.Join(list, " || ' ' || ") + " || ' n='||SUM(t.n) FROM " + schema + table + " t GROUP BY " +
					"t." + strings.Join(keys, ", t.") + " HAVING SUM(t.n) <> 0"
			}
			list := make([]string, len(cols))
			for i, c := range cols {
				switch {
				case slices.Contains(figures, c):
					list[i] = "'" + c + "='||CAST(t." + c + " AS INTEGER)"
				case c == "user_id":
					list[i] = "'user='||(SELECT u.username FROM " + schema + "users u WHERE u.id = t.user_id)"
				default:
					list[i] = "'" + c + "='||COALESCE(CAST(t." + c + " AS TEXT), 'NULL')"
				}
			}
			return "SELECT " + strings.Join(list, " || ' ' || ") + " FROM " + schema + table + " t" + counts
		}
		for _, q := range []struct{ only, a, b string }{{"the triggers kept", "kept.", "main."}, {"the seed left", "main.", "kept."}} {
			var diff []string
			if err := rebuilt.NewRaw("SELECT * FROM ("+sel(q.a)+" EXCEPT "+sel(q.b)+") LIMIT 3").Conn(conn).
				Scan(context.Background(), &diff); err != nil && !errors.Is(err, sql.ErrNoRows) {
				t.Fatal(err)
			}
			if len(diff) > 0 {
				t.Errorf("%s: rows only %s, such as %v", table, q.only, diff)
			}
		}
		var n int
		if err := conn.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM main."+table+counts).Scan(&n); err != nil {
			t.Fatal(err)
		}
		rows += n
	}
	if rows < 500 {
		t.Errorf("%d aggregate rows: the demo should fill a year of them", rows)
	}
}

// deltaLogs are the reports' tables kept as logs of changes (report_approval_deltas: a +1 or −1
// row per write, folded from time to time), with the columns their sums are kept by: a seed with
// the triggers on and one rebuilt at its end hold different rows with the same sums.
var deltaLogs = map[string][]string{"report_approval_deltas": {"company_id", "kind"}}

// runningTotals are the reports' tables of running totals (migrations/20261202010000): the
// triggers fill a party's months as its movements come and keep the months a movement later left
// (a document deleted in its party's last month leaves that month's row, its figures carried), a
// rebuild writes them from the first month with movements to the last. The rows compared are
// those of a month with movements of its own (where), the columns left out those that only say
// how far the rows go (skip); modules/reports' running_test checks every row against the months.
var runningTotals = map[string]struct {
	where string
	skip  []string
}{
	"report_party_running": {where: "month_n <> 0 OR month_total_cents <> 0 OR month_paid_cents <> 0 OR month_returns_cents <> 0"},
	"report_party_totals":  {skip: []string{"last_month"}},
}
