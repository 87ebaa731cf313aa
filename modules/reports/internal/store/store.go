// Package store is the reports module's only SQL. It reads the views the module owns
// (report_document_heads, report_documents, report_payments, report_returns, report_products,
// report_parties, report_receipts, report_returned_lines, …) and the aggregates its
// triggers keep (report_document_days, report_payment_days, report_due_balances,
// report_user_days, report_payment_acts, report_approval_deltas; per party report_party_months,
// report_party_balances and report_payable_dues — parties.go — and
// report_payment_years, report_payment_keys, report_payment_party_days, report_payment_store_years,
// report_payment_months — payments.go; the product ones in products.go; see the reports package
// doc) and nothing else, so that the owners may change their tables behind them (DESIGN rule 5).
// Every read takes a Filter whose scope limits it to the caller's companies.
package store

import (
	"context"
	"database/sql"
	"slices"
	"strings"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"

	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
)

// ErrNotFound is answered for a party that is missing or out of scope.
var ErrNotFound = db.ErrNotFound

// Document types (report_documents.type, report_payments.type): the party's side.
const (
	Purchase = "purchase"
	Sale     = "sale"
)

// Filter is what every read is limited to: the companies in scope, one store (0: every store)
// and the business dates From..To, both included ("" for an open end).
type Filter struct {
	Scope    listing.Scope
	StoreID  int64
	From, To string
}

// Store reads the report views.
type Store struct{ db bun.IDB }

// New returns a store on db.
func New(d bun.IDB) *Store { return &Store{db: d} }

// sum is the SQL of an exact sum of the integer expr over a group that has rows: on PostgreSQL
// report_sum (migrations/20261206010000: a bigint, not SUM's numeric — a third of the CPU of the
// party lists' grouping), elsewhere SUM (SQLite's is an integer already).
func (s *Store) sum(expr string) string {
	if s.db.Dialect().Name() == dialect.PG {
		return "report_sum((" + expr + ")::bigint)"
	}
	return "SUM(" + expr + ")"
}

// where limits sel to f on the view aliased alias whose business date is dateCol.
func (f Filter) where(sel *bun.SelectQuery, alias, dateCol string) *bun.SelectQuery {
	sel = listing.Restrict(sel, f.Scope, alias+".company_id")
	if f.StoreID != 0 {
		sel = sel.Where(alias+".store_id = ?", f.StoreID)
	}
	if f.From != "" {
		sel = sel.Where(alias+"."+dateCol+" >= ?", f.From)
	}
	if f.To != "" {
		sel = sel.Where(alias+"."+dateCol+" <= ?", f.To)
	}
	return sel
}

// Period is how figures are grouped: by day ("YYYY-MM-DD"), by month ("YYYY-MM"), by company or
// by store (the id as text).
type Period int

// Periods.
const (
	ByDay Period = iota
	ByMonth
	ByCompany
	ByStore
)

// of is the grouping key's expression on the view aliased alias whose business date is dateCol.
func (p Period) of(alias, dateCol string) string {
	switch p {
	case ByMonth:
		return "substr(" + alias + "." + dateCol + ", 1, 7)"
	case ByCompany:
		return "CAST(" + alias + ".company_id AS TEXT)"
	case ByStore:
		return "CAST(" + alias + ".store_id AS TEXT)"
	}
	return alias + "." + dateCol
}

// DocumentFigures are the sums of a group of documents.
type DocumentFigures struct {
	Key                    string `bun:"k"`
	Type                   string `bun:"type"`
	Count                  int64  `bun:"n"`
	SubtotalCents          int64  `bun:"subtotal_cents"`
	DiscountCents          int64  `bun:"discount_cents"`
	ShippingCents          int64  `bun:"shipping_cents"`
	TaxableBaseCents       int64  `bun:"taxable_base_cents"`
	Base19Cents            int64  `bun:"base19_cents"`
	Base5Cents             int64  `bun:"base5_cents"`
	BaseExentoCents        int64  `bun:"base_exento_cents"`
	BaseExcluidoCents      int64  `bun:"base_excluido_cents"`
	VATCents               int64  `bun:"vat_cents"`
	VAT5Cents              int64  `bun:"vat5_cents"`
	InvoiceCents           int64  `bun:"invoice_cents"`
	WithholdingIncomeCents int64  `bun:"withholding_income_cents"`
	WithholdingVATCents    int64  `bun:"withholding_vat_cents"`
	TotalCents             int64  `bun:"total_cents"`
	PaidCents              int64  `bun:"paid_cents"`
	ReturnCents            int64  `bun:"return_cents"`
	BalanceCents           int64  `bun:"balance_cents"`
	CostCents              int64  `bun:"cost_cents"`
}

var documentSums = []string{"subtotal_cents", "discount_cents", "shipping_cents", "taxable_base_cents", "base19_cents",
	"base5_cents", "base_exento_cents", "base_excluido_cents", "vat_cents", "vat5_cents", "invoice_cents",
	"withholding_income_cents", "withholding_vat_cents", "total_cents", "paid_cents", "return_cents", "balance_cents", "cost_cents"}

// Documents sums the approved documents of typ ("" both) dated in f per period (or company, or
// store), per type.
func (s *Store) Documents(ctx context.Context, f Filter, typ string, p Period) ([]DocumentFigures, error) {
	sel := f.where(s.db.NewSelect().TableExpr("report_document_days AS d"), "d", "day").
		ColumnExpr(p.of("d", "day") + " AS k").ColumnExpr("d.type").ColumnExpr("SUM(d.n) AS n")
	for _, c := range documentSums {
		sel = sel.ColumnExpr("COALESCE(SUM(d." + c + "), 0) AS " + c)
	}
	if typ != "" {
		sel = sel.Where("d.type = ?", typ)
	}
	var out []DocumentFigures
	// Days whose documents all went (rejected, deleted after approval…) keep a row of zeros.
	err := sel.GroupExpr(p.of("d", "day")).GroupExpr("d.type").Having("SUM(d.n) > 0").OrderExpr("k").Scan(ctx, &out)
	return out, err
}

// MonthTotal is what the approved documents of one type dated in a month are to pay: the whole
// month's, and that of its days up to the dashboard's cut.
type MonthTotal struct {
	Month       string `bun:"k"`
	Type        string `bun:"type"`
	TotalCents  int64  `bun:"total_cents"`
	ToDateCents int64  `bun:"to_date_cents"`
}

// MonthTotals sums the approved documents dated in f per month and type (the dashboard's
// months): the totals to pay, and those of the days in either of the cuts (from..to, both
// included) apart. Only total_cents is summed: Documents' every sum per day was most of the
// dashboard's read (722 groups of 19 sums from 5,769 rows at 100,000 documents, for 24 figures).
func (s *Store) MonthTotals(ctx context.Context, f Filter, cuts [2][2]string) ([]MonthTotal, error) {
	var out []MonthTotal
	err := f.where(s.db.NewSelect().TableExpr("report_document_days AS d"), "d", "day").
		ColumnExpr(ByMonth.of("d", "day")+" AS k").ColumnExpr("d.type").
		ColumnExpr("COALESCE(SUM(d.total_cents), 0) AS total_cents").
		ColumnExpr("COALESCE(SUM(CASE WHEN d.day BETWEEN ? AND ? OR d.day BETWEEN ? AND ? THEN d.total_cents ELSE 0 END), 0) AS to_date_cents",
			cuts[0][0], cuts[0][1], cuts[1][0], cuts[1][1]).
		GroupExpr(ByMonth.of("d", "day")).GroupExpr("d.type").Scan(ctx, &out)
	return out, err
}

// PaymentFigures are the sums of a group of payments.
type PaymentFigures struct {
	Key         string `bun:"k"`
	Type        string `bun:"type"`
	Method      string `bun:"method"`
	PartyID     int64  `bun:"party_id"`
	PartyName   string `bun:"party_name"`
	Approval    string `bun:"approval_status"`
	Count       int64  `bun:"n"`
	AmountCents int64  `bun:"amount_cents"`
}

// PaymentsByPeriod sums the approved payments dated in f per period (or company, or store) and
// type.
func (s *Store) PaymentsByPeriod(ctx context.Context, f Filter, p Period) ([]PaymentFigures, error) {
	var out []PaymentFigures
	err := f.where(s.db.NewSelect().TableExpr("report_payment_days AS y"), "y", "day").
		ColumnExpr(p.of("y", "day")+" AS k").ColumnExpr("y.type").ColumnExpr("SUM(y.n) AS n").
		ColumnExpr("COALESCE(SUM(y.amount_cents), 0) AS amount_cents").Where("y.approval_status = 'approved'").
		GroupExpr(p.of("y", "day")).GroupExpr("y.type").Having("SUM(y.n) > 0").OrderExpr("k").Scan(ctx, &out)
	return out, err
}

// Party is a customer (type sale) or a supplier (type purchase).
type Party struct {
	Type      string `bun:"type"`
	ID        int64  `bun:"id"`
	CompanyID int64  `bun:"company_id"`
	Name      string `bun:"name"`
}

// Party returns the live party typ id in scope, or ErrNotFound.
func (s *Store) Party(ctx context.Context, scope listing.Scope, typ string, id int64) (Party, error) {
	var out []Party
	err := listing.Restrict(s.db.NewSelect().TableExpr("report_parties AS r"), scope, "r.company_id").
		ColumnExpr("r.*").Where("r.type = ?", typ).Where("r.id = ?", id).Scan(ctx, &out)
	if err != nil {
		return Party{}, err
	}
	if len(out) == 0 {
		return Party{}, ErrNotFound
	}
	return out[0], nil
}

// Product is a product's stock and what is on order (report_products).
type Product struct {
	ID            int64  `bun:"id"`
	CompanyID     int64  `bun:"company_id"`
	Code          string `bun:"code"`
	Name          string `bun:"name"`
	Unit          string `bun:"unit"`
	Quantity      int64  `bun:"quantity"`
	AlertQuantity int64  `bun:"alert_quantity"`
	CostCents     int64  `bun:"cost_cents"`
	OnOrder       int64  `bun:"on_order"`
}

// Products returns the live products in scope (report_products) by code; alerts keeps only
// the goods at or below their alert quantity (the catalog's alert rule), fewest in stock first,
// with what is on order (OnOrder is 0 otherwise).
func (s *Store) Products(ctx context.Context, scope listing.Scope, alerts bool) ([]Product, error) {
	var out []Product
	sel := listing.Restrict(s.db.NewSelect().TableExpr("report_products AS p"), scope, "p.company_id").
		ColumnExpr("p.id, p.company_id, p.code, p.name, p.unit, p.quantity, p.alert_quantity, p.cost_cents")
	if alerts {
		sel = sel.ColumnExpr("p.on_order").Where("p.kind = 'goods'").Where("p.quantity <= p.alert_quantity").OrderExpr("p.quantity, p.name, p.id")
	} else {
		// What is on order is the alerts' alone: every product's would be a subquery each.
		sel = sel.OrderExpr("p.code, p.id")
	}
	return out, sel.Scan(ctx, &out)
}

// Balances are what the approved documents in scope still owe, today.
type Balances struct {
	// Receivables is Σ the sales' balances; Payables Σ the purchases'; Overdue the purchases'
	// balances past their due date (before today).
	Receivables int64 `bun:"receivables"`
	Payables    int64 `bun:"payables"`
	Overdue     int64 `bun:"overdue"`
}

// Balances sums the balances of the approved documents in f's scope and store (f's dates are
// ignored: a balance is today's), overdue counting due dates before today.
func (s *Store) Balances(ctx context.Context, f Filter, today string) (Balances, error) {
	var out Balances
	err := Filter{Scope: f.Scope, StoreID: f.StoreID}.where(s.db.NewSelect().TableExpr("report_due_balances AS d"), "d", "due_date").
		ColumnExpr("COALESCE(SUM(CASE WHEN d.type = 'sale' THEN d.balance_cents ELSE 0 END), 0) AS receivables").
		ColumnExpr("COALESCE(SUM(CASE WHEN d.type = 'purchase' THEN d.balance_cents ELSE 0 END), 0) AS payables").
		ColumnExpr("COALESCE(SUM(CASE WHEN d.type = 'purchase' AND d.due_date < ? THEN d.positive_cents ELSE 0 END), 0) AS overdue", today).
		Scan(ctx, &out)
	return out, err
}

// Approvals counts what waits for a decision in scope, per kind: the sum of
// report_approval_deltas (+1 when a record starts waiting, −1 when it stops, folded every 512
// rows: 20261201060000_reports_approval_deltas), which is report_approvals' count without
// reading every pending record.
func (s *Store) Approvals(ctx context.Context, scope listing.Scope) (map[string]int64, error) {
	var rows []struct {
		Kind  string `bun:"kind"`
		Count int64  `bun:"n"`
	}
	err := listing.Restrict(s.db.NewSelect().TableExpr("report_approval_deltas AS a"), scope, "a.company_id").
		ColumnExpr("a.kind, SUM(a.n) AS n").GroupExpr("a.kind").Having("SUM(a.n) <> 0").Scan(ctx, &rows)
	out := map[string]int64{}
	for _, r := range rows {
		out[r.Kind] = r.Count
	}
	return out, err
}

// Names are the live companies' or stores' names in scope by id (report_companies,
// report_stores).
func (s *Store) Names(ctx context.Context, scope listing.Scope, stores bool) (map[int64]string, error) {
	view := "report_companies"
	if stores {
		view = "report_stores"
	}
	var rows []struct {
		ID   int64  `bun:"id"`
		Name string `bun:"name"`
	}
	err := listing.Restrict(s.db.NewSelect().TableExpr(view+" AS v"), scope, "v.company_id").ColumnExpr("v.id, v.name").Scan(ctx, &rows)
	out := make(map[int64]string, len(rows))
	for _, r := range rows {
		out[r.ID] = r.Name
	}
	return out, err
}

// User is a user with their last sign-in (report_users).
type User struct {
	ID           int64        `bun:"id"`
	CompanyID    int64        `bun:"company_id"`
	Username     string       `bun:"username"`
	FirstName    string       `bun:"first_name"`
	LastName     string       `bun:"last_name"`
	Role         string       `bun:"role"`
	LastSignInAt bun.NullTime `bun:"last_sign_in_at"`
}

// Users returns the live users in scope (id 0: every one; otherwise that one, or ErrNotFound).
func (s *Store) Users(ctx context.Context, scope listing.Scope, id int64) ([]User, error) {
	var out []User
	sel := listing.Restrict(s.db.NewSelect().TableExpr("report_users AS u"), scope, "u.company_id").ColumnExpr("u.*")
	if id != 0 {
		sel = sel.Where("u.id = ?", id)
	}
	if err := sel.OrderExpr("u.id").Scan(ctx, &out); err != nil {
		return nil, err
	}
	if id != 0 && len(out) == 0 {
		return nil, ErrNotFound
	}
	return out, nil
}

// UserFigures are what one user recorded (Role created) or approved of one kind (purchase,
// sale, payment) in a range: how many and their amount.
type UserFigures struct {
	UserID      int64  `bun:"user_id"`
	Kind        string `bun:"kind"`
	Role        string `bun:"role"`
	Count       int64  `bun:"n"`
	AmountCents int64  `bun:"amount_cents"`
}

// UserFigures sums report_user_days (the acts Acts lists, per user, kind and role) dated in f,
// of one user (userID 0: every user).
func (s *Store) UserFigures(ctx context.Context, f Filter, userID int64) ([]UserFigures, error) {
	var out []UserFigures
	sel := f.where(s.db.NewSelect().TableExpr("report_user_days AS u"), "u", "day").
		ColumnExpr("u.user_id, u.kind, u.role, SUM(u.n) AS n, COALESCE(SUM(u.amount_cents), 0) AS amount_cents")
	if userID != 0 {
		sel = sel.Where("u.user_id = ?", userID)
	}
	err := sel.GroupExpr("u.user_id, u.kind, u.role").Having("SUM(u.n) > 0").Scan(ctx, &out)
	return out, err
}

// Lot is a purchase line of goods with an expiry date (report_lot_lines).
type Lot struct {
	ID         int64  `bun:"id"`
	ProductID  int64  `bun:"product_id"`
	Date       string `bun:"doc_date"`
	ExpiryDate string `bun:"expiry_date"`
	Quantity   int64  `bun:"quantity"`
	BaseCents  int64  `bun:"base_cents"`
}

// rebuild is the aggregates' content computed afresh from the views — what the reports
// migration's backfill writes and the triggers keep from then on.
var rebuild = []string{
	"DELETE FROM report_document_days",
	"DELETE FROM report_payment_days",
	"DELETE FROM report_due_balances",
	"DELETE FROM report_user_days",
	"DELETE FROM report_approval_deltas",
	`INSERT INTO report_approval_deltas (company_id, kind, n)
SELECT a.company_id, a.kind, COUNT(*) FROM report_approvals a GROUP BY a.company_id, a.kind`,
	`INSERT INTO report_document_days (company_id, day, store_id, type, n, ` + strings.Join(documentSums, ", ") + `)
SELECT d.company_id, d.doc_date, d.store_id, d.type, COUNT(*), ` + sums("d", documentSums) + `
FROM report_documents d GROUP BY d.company_id, d.doc_date, d.store_id, d.type`,
	`INSERT INTO report_payment_days (company_id, day, store_id, type, approval_status, n, amount_cents)
SELECT y.company_id, y.payment_date, COALESCE(y.store_id, 0), y.type, y.approval_status, COUNT(*), SUM(y.amount_cents)
FROM report_payments y GROUP BY y.company_id, y.payment_date, COALESCE(y.store_id, 0), y.type, y.approval_status`,
	`INSERT INTO report_due_balances (company_id, type, store_id, due_date, n, balance_cents, positive_cents)
SELECT d.company_id, d.type, d.store_id, d.due_date, COUNT(*), SUM(d.balance_cents),
    SUM(CASE WHEN d.balance_cents > 0 THEN d.balance_cents ELSE 0 END)
FROM report_document_heads d GROUP BY d.company_id, d.type, d.store_id, d.due_date`,
	`INSERT INTO report_user_days (company_id, day, store_id, user_id, kind, role, n, amount_cents)
SELECT a.company_id, a.day, a.store_id, a.user_id, a.kind, a.role, COUNT(*), SUM(a.amount_cents) FROM (
    SELECT d.company_id, d.doc_date AS day, d.store_id, d.created_by AS user_id, d.type AS kind, 'created' AS role, d.total_cents AS amount_cents
    FROM report_document_heads d WHERE d.created_by IS NOT NULL
    UNION ALL
    SELECT d.company_id, d.doc_date, d.store_id, d.approved_by, d.type, 'approved', d.total_cents
    FROM report_document_heads d WHERE d.approved_by IS NOT NULL
    UNION ALL
    SELECT y.company_id, y.payment_date, COALESCE(y.store_id, 0), y.created_by, 'payment', 'created', y.amount_cents
    FROM report_payments y WHERE y.approval_status = 'approved' AND y.created_by IS NOT NULL
    UNION ALL
    SELECT y.company_id, y.payment_date, COALESCE(y.store_id, 0), y.approved_by, 'payment', 'approved', y.amount_cents
    FROM report_payments y WHERE y.approval_status = 'approved' AND y.approved_by IS NOT NULL) AS a
GROUP BY a.company_id, a.day, a.store_id, a.user_id, a.kind, a.role`,
	"DELETE FROM report_payment_acts",
	`INSERT INTO report_payment_acts (payment_id, role, user_id, store_id, day)
SELECT y.id, 'created', y.created_by, COALESCE(y.store_id, 0), y.payment_date
FROM report_payments y WHERE y.approval_status = 'approved' AND y.created_by IS NOT NULL
UNION ALL
SELECT y.id, 'approved', y.approved_by, COALESCE(y.store_id, 0), y.payment_date
FROM report_payments y WHERE y.approval_status = 'approved' AND y.approved_by IS NOT NULL`,
}

func sums(alias string, cols []string) string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = "SUM(" + alias + "." + c + ")"
	}
	return strings.Join(out, ", ")
}

// Rebuild recomputes the daily aggregates from the owners' tables in db (a transaction, so that
// readers never see them half-filled): for a bulk load that bypassed the triggers
// (session_replication_role = replica), or to check that the triggers kept them exact.
func Rebuild(ctx context.Context, db bun.IDB) error {
	for _, q := range slices.Concat(rebuild, partyRebuild, partyRunningRebuild, duesRebuild, paymentRebuild, productRebuild, lotPositions(db)) {
		if _, err := db.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	return nil
}

// serial plans no parallel workers for the rest of tx (PostgreSQL): at 10 clients on 2 cores a
// Gather's workers are CPU taken from the other requests, not time saved (payment_report's year
// count planned 3 processes, the payables ageing's sums 3; measured, bench/RESULTS.md).
func serial(ctx context.Context, tx bun.Tx) error {
	_, err := tx.ExecContext(ctx, "SET LOCAL max_parallel_workers_per_gather = 0")
	return err
}

// serially runs fn on PostgreSQL in a read-only transaction without parallel workers (serial),
// elsewhere on the store's database as it is: SQLite plans no parallel workers, and its
// transactions take the write lock at BEGIN.
func (s *Store) serially(ctx context.Context, fn func(ctx context.Context, db bun.IDB) error) error {
	if s.db.Dialect().Name() != dialect.PG {
		return fn(ctx, s.db)
	}
	return s.db.RunInTx(ctx, &sql.TxOptions{ReadOnly: true}, func(ctx context.Context, tx bun.Tx) error {
		if err := serial(ctx, tx); err != nil {
			return err
		}
		return fn(ctx, tx)
	})
}
