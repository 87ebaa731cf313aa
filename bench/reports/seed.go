package main

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
	"github.com/backoffice/backoffice/modules/catalog"
	"github.com/backoffice/backoffice/modules/payments"
	"github.com/backoffice/backoffice/modules/people"
	"github.com/backoffice/backoffice/modules/purchasing"
	"github.com/backoffice/backoffice/modules/reports"
	"github.com/backoffice/backoffice/modules/sales"
	"github.com/backoffice/backoffice/platform/search"
)

// otherCompany holds a tenth of the documents (benchkit.Tenants).
const otherCompany = "Bench Informes Otra S.A.S."

// Per-company master data the documents name.
const (
	suppliersDemo, suppliersOther = 400, 60
	customersDemo, customersOther = 10_000, 1_000
	demoDocPrefix, otherDocPrefix = "7", "8"
)

// want is how many documents and payments the bench loads (90 % in the demo company).
type want struct{ purchases, sales, payments benchkit.Split }

func split(n int) benchkit.Split { return benchkit.Split{Demo: n - n/10, Other: n / 10} }

// seed loads (or reuses) the dataset in one transaction: per company the document benches'
// master data, purchases and their lines (bench/purchaselist's load), sales and their lines
// (bench/salelist's), then the payments (paymentsSQL) and approved purchase returns on dates of
// their own (returnsSQL), and the documents' search words (wordFills, then indexRest). The
// reports' triggers are in place
// but switched off for the load (session_replication_role = replica) and the aggregates rebuilt at
// its end (reports.RebuildAggregates), as a bulk import would.
func seed(ctx context.Context, bdb *bun.DB, w want) (benchkit.Tenants, bool, error) {
	return benchkit.LoadOrReuse(ctx, bdb, otherCompany,
		[]string{"purchases", "purchase_lines", "sales", "sale_lines", "payments", "purchase_returns", "suppliers", "customers",
			"stores", "products", "categories", "companies", "report_document_days", "report_payment_days", "report_due_balances",
			"report_product_months", "report_product_company_months", "report_product_bought", "report_product_company_bought",
			"report_product_days", "report_product_company_days", "report_product_company_halves", "report_lot_lines", "report_party_days",
			"report_party_months", "report_party_balances", "report_payment_years", "report_payment_keys",
			"report_payment_party_days", "report_payment_store_years", "report_payment_months", "report_party_running", "report_party_totals",
			"purchase_words", "sale_words", "payment_words"},
		func(t benchkit.Tenants) error { return reusable(ctx, bdb, t, w) },
		func(ctx context.Context, tx bun.Tx, t benchkit.Tenants, id int64, demo bool) error {
			np, ns, ny, sup, cus, stores, refPrefix, docPrefix, received := w.purchases.Demo, w.sales.Demo, w.payments.Demo,
				suppliersDemo, customersDemo, benchkit.DemoStores, "FV-", demoDocPrefix, int64(0)
			if !demo {
				np, ns, ny, sup, cus, stores, refPrefix, docPrefix, received = w.purchases.Other, w.sales.Other, w.payments.Other,
					suppliersOther, customersOther, benchkit.OtherStores, "FC-", otherDocPrefix, 100_000_000
			}
			// The reports' triggers would run once per row (their cost per write is measured
			// apart, triggerCost): off for the load, the aggregates rebuilt at its end.
			if _, err := tx.ExecContext(ctx, "SET LOCAL session_replication_role = replica"); err != nil {
				return err
			}
			if err := benchkit.AddDocMaster(ctx, tx, id, t.Admin, stores, benchkit.DocCategories, benchkit.DocProducts); err != nil {
				return err
			}
			for _, st := range []struct {
				what, sql string
				args      []any
			}{
				{"suppliers", benchkit.SuppliersSQL, []any{id, t.Admin, sup}},
				{"customers", benchkit.CustomersSQL, []any{id, docPrefix, t.Admin, cus}},
				{"purchases", benchkit.PurchasesSQL, []any{id, t.Admin, np, benchkit.DocProducts, refPrefix, received}},
				{"purchase lines", benchkit.PurchaseLinesSQL, []any{id, benchkit.DocProducts}},
				{"sale lines drafted", benchkit.SaleLinesDraftSQL, []any{id, t.Admin, ns, benchkit.DocProducts, docPrefix + "%"}},
				{"sales and lines", benchkit.SalesSQL, []any{id, t.Admin, ns, benchkit.DocProducts, docPrefix + "%"}},
				{"sale numbers", benchkit.SaleSequenceSQL, []any{id, t.Admin, ns, benchkit.DocProducts, docPrefix + "%"}},
				{"drafts dropped", "DROP TABLE bench_sale_lines", nil},
				// Statistics of what was just loaded, for the plans of the next statements.
				{"documents analysed", "ANALYZE purchases, sales", nil},
				{"payments", paymentsSQL, []any{id, t.Admin, ny}},
				{"returns", returnsSQL, []any{id, t.Admin}},
			} {
				t0 := time.Now()
				if _, err := tx.ExecContext(ctx, st.sql, st.args...); err != nil {
					return fmt.Errorf("%s: %w", st.what, err)
				}
				logf("company %d: %s in %v", id, st.what, time.Since(t0).Round(time.Millisecond))
			}
			if demo {
				return nil
			}
			t0 := time.Now()
			if err := reports.RebuildAggregates(ctx, tx); err != nil {
				return fmt.Errorf("aggregates: %w", err)
			}
			logf("the reports' aggregates rebuilt in %v", time.Since(t0).Round(time.Millisecond))
			return nil
		})
}

// wordFills are the documents' word tables the bench fills itself (benchkit.FillWords), so that
// a server started on the database has nothing to index in the background during the
// measurements: each module's search.Table, and its RowWords' rule over the columns named
// (benchkit.CheckWords proves them the module's own).
var wordFills = []benchkit.WordFill{
	{Table: "purchase_words", Key: "purchase_id", Source: "purchases", SortExpr: "s.purchase_date", Columns: []string{"reference_no"},
		Words: func(c []string) []string { var w search.Words; return w.Identifier(c[0]).List() }, Index: purchasing.IndexSearchWords},
	{Table: "sale_words", Key: "sale_id", Source: "sales", SortExpr: "s.sale_date", Columns: []string{"number", "customer_reference"},
		Words: func(c []string) []string { var w search.Words; return w.Identifier(c[0]).Identifier(c[1]).List() },
		Index: sales.IndexSearchWords},
	{Table: "payment_words", Key: "payment_id", Source: "payments", SortExpr: "s.payment_date",
		Columns: []string{"reference_no", "document_number", "party_name"},
		Words: func(c []string) []string {
			var w search.Words
			return w.Identifier(c[0]).Identifier(c[1]).Text(c[2]).List()
		}, Index: payments.IndexSearchWords},
}

// indexRest writes the search words of what the load wrote without them, with the server idle
// (it indexed what lacked words at its start, before the load): the documents' (wordFills,
// checked against the modules' indexers on a sample) and the few master records' (customers,
// suppliers, products: thousands, seconds through the modules' own indexers).
func indexRest(ctx context.Context, bdb *bun.DB) error {
	for _, ix := range []func(context.Context, bun.IDB) (int, error){people.IndexSearchWords, catalog.IndexSearchWords} {
		t0 := time.Now()
		n, err := ix(ctx, bdb)
		if err != nil {
			return err
		}
		logf("indexed the words of %d master records in %v", n, time.Since(t0).Round(time.Millisecond))
	}
	if err := benchkit.FillWords(ctx, bdb, wordFills...); err != nil {
		return err
	}
	return benchkit.CheckWords(ctx, bdb, 500, wordFills...)
}

// reusable checks that an earlier run left the wanted documents and payments.
func reusable(ctx context.Context, bdb *bun.DB, t benchkit.Tenants, w want) error {
	var p, s, y int
	err := bdb.NewRaw(`SELECT (SELECT count(*) FROM purchases WHERE company_id IN (?, ?) AND `+benchkit.PurchaseBenchRefs+`),
		(SELECT count(*) FROM sales WHERE company_id = ?), (SELECT count(*) FROM payments WHERE reference_no LIKE 'BR-%')`,
		t.Company, t.Other, t.Other).Scan(ctx, &p, &s, &y)
	if err == nil && (p != w.purchases.Demo+w.purchases.Other || s != w.sales.Other || y < (w.payments.Demo+w.payments.Other)*9/10) {
		err = fmt.Errorf("the database holds %d purchases, %d other-company sales and %d payments: run with -fresh", p, s, y)
	}
	return err
}

// paymentsSQL records payments (reference BR-…) on a company's (?0) approved documents with
// something paid, so that Σ approved payments = paid: one payment of the whole paid amount, or
// two (half each) on every document whose id is a multiple of the ratio that brings the count
// near ?2; dated 0–19 days after the document (never after today), by the document's creator,
// approved by the admin (?1), methods in turn. Then a pending payment of a quarter of the
// balance on one in 25 documents with a balance, which moves nothing until decided.
const paymentsSQL = `
WITH docs AS (
  SELECT 'purchase' AS type, id, reference_no AS number, supplier_id AS party, supplier_name AS name, purchase_date AS doc_date,
    paid_cents AS paid, balance_cents AS balance, created_by FROM purchases
  WHERE company_id = ?0 AND approval_status = 'approved' AND deleted_at IS NULL
  UNION ALL
  SELECT 'sale', id, number, customer_id, customer_name, sale_date, paid_cents, balance_cents, created_by FROM sales
  WHERE company_id = ?0 AND approval_status = 'approved' AND deleted_at IS NULL),
paid AS MATERIALIZED (SELECT count(*) AS n FROM docs WHERE paid > 0),
today AS (SELECT to_char((now() AT TIME ZONE 'America/Bogota')::date, 'YYYY-MM-DD') AS d),
parts AS (
  SELECT docs.*, CASE WHEN docs.id % greatest(1, paid.n / greatest(1, ?2 - paid.n)) = 0 THEN 2 ELSE 1 END AS of
  FROM docs, paid WHERE docs.paid > 0),
pays AS (
  SELECT type, id, number, party, name, created_by, 'approved' AS status,
    least(to_char(doc_date::date + ((id * 7 + 1) % 20)::int, 'YYYY-MM-DD'), today.d) AS pd,
    CASE WHEN of = 2 THEN paid / 2 ELSE paid END AS amount, 1 AS k
  FROM parts, today
  UNION ALL
  SELECT type, id, number, party, name, created_by, 'approved', least(to_char(doc_date::date + ((id * 7 + 2) % 20)::int, 'YYYY-MM-DD'), today.d),
    paid - paid / 2, 2
  FROM parts, today WHERE of = 2
  UNION ALL
  SELECT type, id, number, party, name, created_by, 'pending', least(to_char(doc_date::date + 20, 'YYYY-MM-DD'), today.d), balance / 4, 3
  FROM docs, today WHERE balance >= 400 AND id % 25 = 0)
INSERT INTO payments (company_id, created_at, created_by, type, document_id, document_number, party_id, party_name, payment_date,
  reference_no, amount_cents, method, approval_status, approved_by, approved_at, updated_at, updated_by)
SELECT ?0, now(), created_by, type, id, number, party, name, pd, 'BR-' || id || '-' || k, amount,
  (ARRAY['cash', 'transfer', 'card', 'cheque'])[1 + (id + k) % 4], status,
  CASE WHEN status = 'approved' THEN ?1::bigint END, CASE WHEN status = 'approved' THEN now() END, now(), created_by
FROM pays WHERE amount > 0`

// returnsSQL: on one approved purchase in 200 with a balance, an approved value return of a
// tenth of its balance dated 5–34 days after the purchase (never after today), and the purchase
// updated as the purchasing module does on approval (returns and balance).
const returnsSQL = `
WITH today AS (SELECT to_char((now() AT TIME ZONE 'America/Bogota')::date, 'YYYY-MM-DD') AS d),
ret AS (
  INSERT INTO purchase_returns (company_id, purchase_id, purchase_reference_no, supplier_id, supplier_name, return_date,
    reference_no, kind, value_cents, subtotal_cents, discount_cents, taxable_base_cents, vat_cents, withholding_income_cents,
    withholding_vat_cents, amount_cents, approval_status, approved_by, approved_at, created_at, created_by, updated_at)
  SELECT p.company_id, p.id, p.reference_no, p.supplier_id, p.supplier_name,
    least(to_char(p.purchase_date::date + (5 + p.id % 30)::int, 'YYYY-MM-DD'), today.d), 'NC-' || p.id, 'value',
    p.balance_cents / 10, p.balance_cents / 10, 0, p.balance_cents / 10, 0, 0, 0, p.balance_cents / 10, 'approved', ?1::bigint, now(),
    now(), ?1::bigint, now()
  FROM purchases p, today
  WHERE p.company_id = ?0 AND p.approval_status = 'approved' AND p.deleted_at IS NULL AND p.balance_cents >= 1000 AND p.id % 200 = 0
  RETURNING purchase_id, amount_cents)
UPDATE purchases p SET return_cents = p.return_cents + ret.amount_cents, balance_cents = p.balance_cents - ret.amount_cents
FROM ret WHERE p.id = ret.purchase_id`

// triggerCost times n single-row writes of each kind a payment approval makes — a purchase's
// paid and balance, a payment's status — with the reports' triggers and without them
// (session_replication_role = replica), in transactions rolled back: what a trigger adds per
// write.
func triggerCost(ctx context.Context, bdb *bun.DB, n int) (with, without time.Duration, err error) {
	var ids []int64
	if err = bdb.NewRaw(`SELECT id FROM purchases WHERE approval_status = 'approved' AND deleted_at IS NULL AND balance_cents > 100
		ORDER BY id DESC LIMIT ?`, n).Scan(ctx, &ids); err != nil {
		return 0, 0, err
	}
	var pays []int64
	if err = bdb.NewRaw(`SELECT id FROM payments WHERE approval_status = 'pending' AND deleted_at IS NULL ORDER BY id DESC LIMIT ?`, n).
		Scan(ctx, &pays); err != nil {
		return 0, 0, err
	}
	timed := func(replica bool) (time.Duration, error) {
		tx, err := bdb.BeginTx(ctx, nil)
		if err != nil {
			return 0, err
		}
		defer func() { _ = tx.Rollback() }()
		if replica {
			if _, err := tx.ExecContext(ctx, "SET LOCAL session_replication_role = replica"); err != nil {
				return 0, err
			}
		}
		t0 := time.Now()
		for i, id := range ids {
			if _, err := tx.ExecContext(ctx, "UPDATE purchases SET paid_cents = paid_cents + 100, balance_cents = balance_cents - 100 WHERE id = ?", id); err != nil {
				return 0, err
			}
			if i < len(pays) {
				if _, err := tx.ExecContext(ctx, "UPDATE payments SET approval_status = 'approved' WHERE id = ?", pays[i]); err != nil {
					return 0, err
				}
			}
		}
		return time.Since(t0) / time.Duration(max(1, len(ids)+min(len(ids), len(pays)))), nil
	}
	// Warm both paths once, then measure each.
	if _, err = timed(false); err != nil {
		return 0, 0, err
	}
	if without, err = timed(true); err != nil {
		return 0, 0, err
	}
	with, err = timed(false)
	return with, without, err
}
