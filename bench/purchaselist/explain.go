package main

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/bench/internal/benchkit"

	"github.com/backoffice/backoffice/platform/listing"
)

// explain prints EXPLAIN (ANALYZE, BUFFERS) of the statements behind the measured requests, for
// each measured user's scope. They are written out from modules/purchasing/internal/store
// (Store.List through listing.Plan.Apply, and Store.Count) as bun renders them: the page (limit
// per_page+1) of the default sort (purchase_date DESC, id DESC), a deep page (the keyset condition
// at the middle of the order), the last page (the order reversed), the filters, the search (a
// whole reference number and a whole supplier name), two other sorts, and the counts behind the
// totals.
func explain(ctx context.Context, bdb *bun.DB, lists []*list) error {
	const (
		rows  = `SELECT p.*, p.purchase_date AS sort_key FROM "purchases" AS "p" WHERE (p.deleted_at IS NULL)`
		count = `SELECT count(*) FROM "purchases" AS "p" WHERE (p.deleted_at IS NULL)`
		deep  = ` AND ((p.purchase_date, p.id) < (?, ?))`
		state = ` AND (p.status = 'pending')`
		appr  = ` AND (p.approval_status = 'pending')`
		q     = ` AND ((lower(p.reference_no) LIKE ? ESCAPE '\' OR lower(p.supplier_name) LIKE ? ESCAPE '\'))`
		dates = ` AND (p.purchase_date >= ?) AND (p.purchase_date <= ?)`
		desc  = ` ORDER BY p.purchase_date DESC, p.id DESC LIMIT %d`
		asc   = ` ORDER BY p.purchase_date ASC, p.id ASC LIMIT %d`
	)
	for _, l := range lists {
		scope, where, args := "every company, as "+l.S.User, "", []any{}
		if !l.All {
			scope, where, args = "one company, as "+l.S.User, " AND (p.company_id = ?)", []any{l.Company}
		}
		with := func(extra ...any) []any { return append(append([]any{}, args...), extra...) }
		limit := l.PerPage + 1
		ref, sup := listing.ContainsPattern(l.refs[0]), listing.ContainsPattern(l.suppliers[0])
		// A sort other than the default selects its own key (Spec.KeyExpr: the text expression,
		// or '' for the other kinds).
		byKey := func(key string) string {
			if key == "p.due_date" {
				return `SELECT p.*, p.due_date AS sort_key FROM "purchases" AS "p" WHERE (p.deleted_at IS NULL)`
			}
			return `SELECT p.*, '' AS sort_key FROM "purchases" AS "p" WHERE (p.deleted_at IS NULL)`
		}
		stmts := []benchkit.Statement{
			benchkit.Stmt("first page, "+scope, rows+where+fmt.Sprintf(desc, limit), with()),
			benchkit.Stmt("deep page (middle), "+scope, rows+where+deep+fmt.Sprintf(desc, limit), with(l.Mid.Value, l.Mid.ID)),
			benchkit.Stmt("last page, "+scope, rows+where+fmt.Sprintf(asc, limit), with()),
			benchkit.Stmt("status=pending page, "+scope, rows+where+state+fmt.Sprintf(desc, limit), with()),
			benchkit.Stmt("date range page, "+scope, rows+where+dates+fmt.Sprintf(desc, limit), with(l.Window[0], l.Window[1])),
			benchkit.Stmt("approval=pending page, "+scope, rows+where+appr+fmt.Sprintf(desc, limit), with()),
			benchkit.Stmt("q=<reference number> page, "+scope, rows+where+q+fmt.Sprintf(desc, limit), with(ref, ref)),
			benchkit.Stmt("q=<supplier name> page, "+scope, rows+where+q+fmt.Sprintf(desc, limit), with(sup, sup)),
			benchkit.Stmt("sort=-balance_cents page, "+scope, byKey("p.balance_cents")+where+" ORDER BY p.balance_cents DESC, p.id DESC"+fmt.Sprintf(" LIMIT %d", limit), with()),
			benchkit.Stmt("sort=due_date page, "+scope, byKey("p.due_date")+where+" ORDER BY p.due_date ASC, p.id ASC"+fmt.Sprintf(" LIMIT %d", limit), with()),
			benchkit.Stmt("count, "+scope, count+where, with()),
			benchkit.Stmt("status=pending count, "+scope, count+where+state, with()),
			benchkit.Stmt("date range count, "+scope, count+where+dates, with(l.Window[0], l.Window[1])),
			benchkit.Stmt("approval=pending count, "+scope, count+where+appr, with()),
			benchkit.Stmt("q=<reference number> count, "+scope, count+where+q, with(ref, ref)),
			benchkit.Stmt("q=<supplier name> count, "+scope, count+where+q, with(sup, sup)),
		}
		if err := benchkit.Explain(ctx, bdb, stmts); err != nil {
			return err
		}
	}
	return nil
}
