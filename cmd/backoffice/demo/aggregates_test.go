package demo_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/cmd/backoffice/demo"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

// The seed sets the reports' triggers aside on SQLite and rebuilds the aggregates at its end: what
// it leaves must be what the triggers would have kept, row for row (rows that net to zero aside —
// the triggers leave them behind, a rebuild does not, and every report reads them as nothing),
// with every trigger back and none left paused.
func TestSeedAggregatesAsTheTriggersKeepThem(t *testing.T) {
	seed := func(keepTriggers bool) map[string]string {
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
		return aggregates(t, bdb)
	}
	kept, rebuilt := seed(true), seed(false)
	for k, v := range kept {
		if rebuilt[k] != v {
			t.Errorf("%s: the triggers kept%s, the seed left%s", k, v, rebuilt[k])
		}
	}
	for k, v := range rebuilt {
		if _, ok := kept[k]; !ok {
			t.Errorf("%s: the seed left%s, the triggers kept nothing", k, v)
		}
	}
	if len(kept) < 500 {
		t.Errorf("%d aggregate rows: the demo should fill a year of them", len(kept))
	}
}

// aggregates reads the reports' daily aggregates, keyed by their key columns, without the rows
// whose figures are all zero.
func aggregates(t *testing.T, q bun.IDB) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, table := range []string{"report_document_days", "report_payment_days", "report_due_balances", "report_user_days"} {
		rows, err := q.QueryContext(context.Background(), "SELECT * FROM "+table)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals, ptrs := make([]any, len(cols)), make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			key, figures, zero := table, "", true
			for i, c := range cols {
				v := fmt.Sprint(vals[i])
				if b, ok := vals[i].([]byte); ok {
					v = string(b)
				}
				if strings.HasSuffix(c, "_cents") || c == "n" {
					figures += " " + c + "=" + v
					zero = zero && v == "0"
				} else {
					key += " " + c + "=" + v
				}
			}
			if !zero {
				out[key] = figures
			}
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}
