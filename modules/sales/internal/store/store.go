// Package store is the sales module's only SQL: the sales, sale_lines and sale_words tables.
//
// Tenancy is enforced here: every read takes a listing.Scope, and a row outside it is reported
// exactly as a missing row (ErrNotFound), so that a user never learns that another company's
// sale exists.
//
// It reads no other module's table: the customer, store and products a sale names are checked
// through the people, settings and catalog modules' public reads, and their names are copied
// onto the sale at write time; stock moves through the catalog's AdjustStock in the sale's
// transaction.
package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/payable"
	"github.com/backoffice/backoffice/platform/search"
)

// ErrNotFound is returned when no live row in scope matches (or a conditional update matched
// nothing): platform/db's one answer for missing, deleted and out of scope.
var ErrNotFound = db.ErrNotFound

// Scope is the companies a caller may see (see listing.Scope).
type Scope = listing.Scope

// Row is a row of sales.
type Row struct {
	bun.BaseModel `bun:"table:sales,alias:s"`

	ID                     int64      `bun:"id,pk,autoincrement"`
	CompanyID              int64      `bun:"company_id,notnull"`
	Number                 string     `bun:"number,notnull"`
	SaleDate               string     `bun:"sale_date,notnull"`
	CustomerID             int64      `bun:"customer_id,notnull"`
	CustomerName           string     `bun:"customer_name,notnull"`
	CustomerReference      string     `bun:"customer_reference,notnull"`
	StoreID                int64      `bun:"store_id,notnull"`
	StoreName              string     `bun:"store_name,notnull"`
	Note                   string     `bun:"note,notnull"`
	SubtotalCents          int64      `bun:"subtotal_cents,notnull"`
	DiscountCents          int64      `bun:"discount_cents,notnull"`
	TaxableBaseCents       int64      `bun:"taxable_base_cents,notnull"`
	VATCents               int64      `bun:"vat_cents,notnull"`
	InvoiceCents           int64      `bun:"invoice_cents,notnull"`
	WithholdingIncomeCents int64      `bun:"withholding_income_cents,notnull"`
	WithholdingIncomeRate  string     `bun:"withholding_income_rate,notnull"`
	WithholdingVATCents    int64      `bun:"withholding_vat_cents,notnull"`
	WithholdingVATRate     string     `bun:"withholding_vat_rate,notnull"`
	TotalCents             int64      `bun:"total_cents,notnull"`
	CostCents              int64      `bun:"cost_cents,notnull"`
	PaidCents              int64      `bun:"paid_cents,notnull"`
	ReturnCents            int64      `bun:"return_cents,notnull"`
	BalanceCents           int64      `bun:"balance_cents,notnull"`
	Status                 string     `bun:"status,notnull"`
	ApprovalStatus         string     `bun:"approval_status,notnull"`
	ApprovalReason         string     `bun:"approval_reason,notnull"`
	ApprovedBy             *int64     `bun:"approved_by"`
	ApprovedAt             *time.Time `bun:"approved_at"`
	CreatedBy              *int64     `bun:"created_by"`
	SellerName             string     `bun:"seller_name,notnull"` // CreatedBy's display name when the sale was recorded
	CreatedAt              time.Time  `bun:"created_at,notnull"`
	UpdatedBy              *int64     `bun:"updated_by"`
	UpdatedAt              time.Time  `bun:"updated_at,notnull"`
	DeletedAt              *time.Time `bun:"deleted_at"`
	DeletedBy              *int64     `bun:"deleted_by"`

	// SortKey is the list's text sort value as the database computes it (lower(customer_name)
	// for instance), read back for the page cursors (see listing.Finish).
	SortKey string `bun:"sort_key,scanonly"`
}

// LineRow is a row of sale_lines.
type LineRow struct {
	bun.BaseModel `bun:"table:sale_lines,alias:l"`

	ID            int64  `bun:"id,pk,autoincrement"`
	SaleID        int64  `bun:"sale_id,notnull"`
	CompanyID     int64  `bun:"company_id,notnull"`
	LineNo        int    `bun:"line_no,notnull"`
	ProductID     int64  `bun:"product_id,notnull"`
	ProductCode   string `bun:"product_code,notnull"`
	ProductName   string `bun:"product_name,notnull"`
	IVAClass      string `bun:"iva_class,notnull"`
	Kind          string `bun:"kind,notnull"`
	Quantity      int64  `bun:"quantity,notnull"`
	PriceCents    int64  `bun:"price_cents,notnull"`
	CostCents     int64  `bun:"cost_cents,notnull"`
	SubtotalCents int64  `bun:"subtotal_cents,notnull"`
	DiscountCents int64  `bun:"discount_cents,notnull"`
	BaseCents     int64  `bun:"base_cents,notnull"`
	VATCents      int64  `bun:"vat_cents,notnull"`
}

// Filter narrows a list or an export.
type Filter struct {
	// Q is the search text, by the rule of every list (platform/search: every term begins a
	// word, accents and case ignored): a sale matches when Q matches its number or the
	// customer's order reference, or its customer's current name, company, e-mail or document
	// (CustomerIDs).
	Q string
	// CustomerIDs are the customers in scope that Q finds: the use case asks the people module,
	// which owns the customers' words, so that a renamed customer's sales follow it. Derived
	// from Q, it is not part of Key.
	CustomerIDs []int64

	// sides is the search resolved (Resolve).
	sides    search.Sides
	resolved bool
	// Approval is "", "pending", "approved" or "rejected".
	Approval string
	// Status is "", "pending", "partial" or "paid".
	Status     string
	CustomerID int64
	StoreID    int64
	// SellerID is the user who recorded the sale (created_by).
	SellerID int64
	// From and To bound the sale date ('YYYY-MM-DD', both included; "" for open).
	From, To string
}

// Key identifies the filter and scope for the cached total.
func (f Filter) Key(s Scope) string {
	return fmt.Sprintf("%s|%q|%q|%q|%d|%d|%d|%q|%q", s, strings.TrimSpace(f.Q), f.Approval, f.Status, f.CustomerID,
		f.StoreID, f.SellerID, f.From, f.To)
}

// Spec is the list's sorts: sale_date (default, newest first), created_at, number,
// customer_name, total_cents, balance_cents and status; the id breaks ties.
var Spec = listing.Spec{
	Columns: map[string]listing.Column{
		"sale_date":     {Expr: "s.sale_date", Kind: listing.String},
		"created_at":    {Expr: "s.created_at", Kind: listing.Time},
		"number":        {Expr: "s.number", Kind: listing.String},
		"customer_name": {Expr: "lower(s.customer_name)", Kind: listing.String},
		"total_cents":   {Expr: "s.total_cents", Kind: listing.Int},
		"balance_cents": {Expr: "s.balance_cents", Kind: listing.Int},
		"status":        {Expr: "s.status", Kind: listing.String},
	},
	Default:     "sale_date",
	DefaultDesc: true,
	ID:          "s.id",
}

// Store reads and writes sales on db (a *bun.DB or a transaction).
type Store struct {
	db bun.IDB
}

// New returns a Store on db.
func New(db bun.IDB) *Store { return &Store{db: db} }

// With returns the same Store working inside tx.
func (s *Store) With(tx bun.IDB) *Store { return &Store{db: tx} }

// Table is the table whose cached totals writes bump.
const Table = "sales"

// live starts a SELECT of live sales in scope, aliased s (no columns chosen: counts and
// existence checks).
func (s *Store) live(scope Scope) *bun.SelectQuery {
	return listing.Live(s.db, (*Row)(nil), "s", scope)
}

// rows is live reading whole rows into dst, with the text sort key of sort ("" for the default).
func (s *Store) rows(scope Scope, dst any, sort string) *bun.SelectQuery {
	return Spec.Rows(s.db, dst, "s", scope, sort)
}

// Get returns the live sale id in scope.
func (s *Store) Get(ctx context.Context, scope Scope, id int64) (*Row, error) {
	r := new(Row)
	if err := db.NotFound(s.rows(scope, r, "").Where("s.id = ?", id).Scan(ctx)); err != nil {
		return nil, err
	}
	return r, nil
}

// Insert adds r and sets its ID.
func (s *Store) Insert(ctx context.Context, r *Row) error {
	if _, err := s.db.NewInsert().Model(r).Returning("id").Exec(ctx); err != nil {
		return err
	}
	return s.putWords(ctx, r)
}

// editable are the columns an edit rewrites.
var editable = []string{"sale_date", "customer_id", "customer_name", "customer_reference", "store_id", "store_name",
	"note", "subtotal_cents", "discount_cents", "taxable_base_cents", "vat_cents", "invoice_cents",
	"withholding_income_cents", "withholding_income_rate", "withholding_vat_cents", "withholding_vat_rate",
	"total_cents", "cost_cents", "balance_cents", "status", "updated_by", "updated_at"}

// UpdatePending writes r's editable columns over the live sale r.ID while it is still pending
// and nothing is paid on it: an admin's decision, a payment or another edit between the editor's
// read and this write wins, and the edit reports ErrNotFound.
func (s *Store) UpdatePending(ctx context.Context, r *Row) error {
	res, err := s.db.NewUpdate().Model(r).Column(editable...).
		Where("id = ?", r.ID).Where("deleted_at IS NULL").Where("approval_status = 'pending'").
		Where("paid_cents = 0").Exec(ctx)
	if err := db.OneRow(res, err); err != nil {
		return err
	}
	return s.putWords(ctx, r)
}

// ReplaceLines deletes the lines of sale saleID and inserts lines (numbered in order). Lines
// have no identity of their own: they are the sale's content, replaced as a whole.
func (s *Store) ReplaceLines(ctx context.Context, saleID int64, lines []LineRow) error {
	if _, err := s.db.NewDelete().Model((*LineRow)(nil)).Where("sale_id = ?", saleID).Exec(ctx); err != nil {
		return err
	}
	for i := range lines {
		lines[i].SaleID, lines[i].LineNo, lines[i].ID = saleID, i+1, 0
	}
	if len(lines) == 0 {
		return nil
	}
	_, err := s.db.NewInsert().Model(&lines).Exec(ctx)
	return err
}

// Lines returns the lines of sales ids, keyed by sale, in line order.
func (s *Store) Lines(ctx context.Context, ids []int64) (map[int64][]LineRow, error) {
	out := make(map[int64][]LineRow, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []LineRow
	if err := s.db.NewSelect().Model(&rows).Where("l.sale_id IN (?)", bun.In(ids)).
		OrderExpr("l.sale_id, l.line_no").Scan(ctx); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.SaleID] = append(out[r.SaleID], r)
	}
	return out, nil
}

// Decide moves the live sale id from pending to to. It reports ErrNotFound when the row is gone
// or no longer pending, so that two admins deciding at once cannot both win.
func (s *Store) Decide(ctx context.Context, id int64, to, reason string, by int64, at time.Time) error {
	res, err := s.db.NewUpdate().Model((*Row)(nil)).
		Set("approval_status = ?", to).Set("approval_reason = ?", reason).
		Set("approved_by = ?", by).Set("approved_at = ?", at).Set("updated_by = ?", by).Set("updated_at = ?", at).
		Where("id = ?", id).Where("approval_status = 'pending'").Where("deleted_at IS NULL").Exec(ctx)
	return db.OneRow(res, err)
}

// SoftDelete marks the live sale id deleted while it is pending and nothing is paid on it.
func (s *Store) SoftDelete(ctx context.Context, id, by int64, at time.Time) error {
	ok, err := db.SoftDelete(ctx, s.db.NewUpdate().Model((*Row)(nil)).Where("paid_cents = 0").
		Where("approval_status = 'pending'"), id, by, at)
	if err == nil && !ok {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	return Words.Drop(ctx, s.db, id)
}

// Words is the sales' word index (platform/search) of their numbers and customers' order
// references, kept by Insert, UpdatePending and SoftDelete. Its sort key is the sale date, the
// list's default order. The customer's names are not copied into it: they are matched through
// the customer's own words (Filter.CustomerIDs), which follow a rename.
var Words = search.Table{Name: "sale_words", Key: "sale_id", Source: "sales", SortExpr: "s.sale_date"}

// RowWords returns the indexed words of a sale: those of its number and of the customer's
// order reference.
func RowWords(r *Row) []string {
	var w search.Words
	return w.Identifier(r.Number).Identifier(r.CustomerReference).List()
}

// putWords indexes r's words (r is written).
func (s *Store) putWords(ctx context.Context, r *Row) error {
	return Words.Put(ctx, s.db, map[int64][]string{r.ID: RowWords(r)})
}

// IndexMissingWords indexes the words of the live sales that have none (loaded straight into the
// table) and returns how many it indexed.
func (s *Store) IndexMissingWords(ctx context.Context) (int, error) {
	return Words.IndexMissing(ctx, s.db, func(ctx context.Context, tx bun.IDB, pick func(*bun.SelectQuery) *bun.SelectQuery) (map[int64][]string, error) {
		var rows []Row
		// IndexMissing's picks name the source "p" (the sales' own alias is "s").
		q := tx.NewSelect().Model(&rows).ModelTableExpr("sales AS p").
			Column("p.id", "p.number", "p.customer_reference").Where("p.deleted_at IS NULL")
		if err := pick(q).Scan(ctx); err != nil {
			return nil, err
		}
		out := make(map[int64][]string, len(rows))
		for i := range rows {
			out[rows[i].ID] = RowWords(&rows[i])
		}
		return out, nil
	})
}

// byCustomer is the list's search: by the sale's own words, or by its customer.
var byCustomer = search.Party{Words: Words, Alias: "s", Column: "customer_id", Dated: "sale_date"}

// search is f's search, probed by Resolve or not yet.
func (f Filter) search() search.Sides {
	if f.resolved {
		return f.sides
	}
	return search.Resolve(f.Q, f.CustomerIDs)
}

// Resolve probes f's search (search.Party.Probe) and returns f with the answer: List, Count
// and Each then do not probe it again. A use case that both lists and counts resolves once.
func (s *Store) Resolve(ctx context.Context, scope Scope, f Filter) (Filter, error) {
	var err error
	f.sides, err = byCustomer.Probe(ctx, s.db, scope, f.search())
	f.resolved = err == nil
	return f, err
}

// filtered applies f to a SELECT of sales aliased s, in scope.
func (s *Store) filtered(q *bun.SelectQuery, scope Scope, f Filter) *bun.SelectQuery {
	return s.narrowed(byCustomer.Where(s.db, q, scope, f.search()), f)
}

// narrowed applies f's filters but the search to a SELECT of sales aliased s.
func (s *Store) narrowed(q *bun.SelectQuery, f Filter) *bun.SelectQuery {
	for _, c := range []struct {
		column string
		value  any
		set    bool
	}{
		{"s.approval_status = ?", f.Approval, f.Approval != ""},
		{"s.status = ?", f.Status, f.Status != ""},
		{"s.customer_id = ?", f.CustomerID, f.CustomerID > 0},
		{"s.store_id = ?", f.StoreID, f.StoreID > 0},
		{"s.created_by = ?", f.SellerID, f.SellerID > 0},
		{"s.sale_date >= ?", f.From, f.From != ""},
		{"s.sale_date <= ?", f.To, f.To != ""},
	} {
		if c.set {
			q = q.Where(c.column, c.value)
		}
	}
	return q
}

// List returns one page (plan) of the live sales in scope matching f, before Finish.
func (s *Store) List(ctx context.Context, scope Scope, f Filter, plan *listing.Plan) ([]Row, error) {
	f, err := s.Resolve(ctx, scope, f)
	if err != nil {
		return nil, err
	}
	var rows []Row
	err = byCustomer.Page(s.db, s.rows(scope, &rows, plan.Query().Sort), scope, f.search(), plan,
		func(q *bun.SelectQuery) *bun.SelectQuery { return s.narrowed(q, f) }).Scan(ctx)
	return rows, err
}

// Count counts the live sales in scope matching f.
func (s *Store) Count(ctx context.Context, scope Scope, f Filter) (int, error) {
	f, err := s.Resolve(ctx, scope, f)
	if err != nil {
		return 0, err
	}
	n, err := s.filtered(s.live(scope), scope, f).Count(ctx)
	return int(n), err
}

// Each calls fn for every live sale in scope matching f, in the list's order for sort,
// streaming from the database (the export).
func (s *Store) Each(ctx context.Context, scope Scope, f Filter, sort string, fn func(Row) error) error {
	f, err := s.Resolve(ctx, scope, f)
	if err != nil {
		return err
	}
	q := s.filtered(s.rows(scope, (*Row)(nil), sort), scope, f).OrderExpr(Spec.OrderBy(sort))
	return listing.Each(ctx, q, fn)
}

// Seller is one user who recorded sales, named as on their latest sale.
type Seller struct {
	ID   int64  `bun:"id"`
	Name string `bun:"name"`
}

// Sellers returns the users who recorded the live sales in scope, each once, named as on their
// latest sale (a name is copied at write time, so a renamed seller's sales may carry two), in no
// particular order. The sellers are few and the sales many: the query skips from one seller to
// the next — the smallest created_by above the last one, one index probe each
// (sales_company_seller_idx in a company, sales_seller_date_idx across companies) — instead of
// reading every sale.
func (s *Store) Sellers(ctx context.Context, scope Scope) ([]Seller, error) {
	first := s.live(scope).ColumnExpr("MIN(s.created_by)")
	next := s.live(scope).ColumnExpr("MIN(s.created_by)").Where("s.created_by > seller.id")
	name := s.live(scope).Column("s.seller_name").Where("s.created_by = seller.id").
		OrderExpr("s.company_id DESC, s.sale_date DESC, s.id DESC").Limit(1)
	var out []Seller
	err := s.db.NewRaw("WITH RECURSIVE seller (id) AS (? UNION ALL SELECT (?) FROM seller WHERE seller.id IS NOT NULL) "+
		"SELECT seller.id, (?) AS name FROM seller WHERE seller.id IS NOT NULL", first, next, name).Scan(ctx, &out)
	return out, err
}

// KeyOf returns a row's cursor position for the sort key (listing.Plan.Key).
func KeyOf(key string) func(Row) (any, int64) {
	return func(r Row) (any, int64) {
		switch key {
		case "created_at":
			return r.CreatedAt, r.ID
		case "total_cents":
			return r.TotalCents, r.ID
		case "balance_cents":
			return r.BalanceCents, r.ID
		default:
			// sale_date, number, customer_name and status are text; KeyExpr read them back.
			return r.SortKey, r.ID
		}
	}
}

// Using returns which of ids live sales refer to through column (customer_id, store_id), in
// one query.
func (s *Store) Using(ctx context.Context, column string, ids []int64) ([]int64, error) {
	switch column {
	case "customer_id", "store_id":
	default:
		return nil, fmt.Errorf("sales store: no reference column %q", column)
	}
	return db.AmongIDs(ctx, s.db.NewSelect().Model((*Row)(nil)).Where("s.deleted_at IS NULL"), "s."+column, ids)
}

// ProductsUsing returns which of the products ids a line of a live sale names, in one query.
func (s *Store) ProductsUsing(ctx context.Context, ids []int64) ([]int64, error) {
	return db.AmongIDs(ctx, s.db.NewSelect().Model((*LineRow)(nil)).Join("JOIN sales AS s ON s.id = l.sale_id").
		Where("s.deleted_at IS NULL"), "l.product_id", ids)
}

// Figures are the sums of a group of sales (one customer's, one seller's). Money in centavos.
type Figures struct {
	Key          int64 `bun:"key"`
	Count        int64 `bun:"n"`
	TotalCents   int64 `bun:"total_cents"`
	PaidCents    int64 `bun:"paid_cents"`
	BalanceCents int64 `bun:"balance_cents"`
}

// FiguresBy sums the live sales in approval status approval per value of column (customer_id,
// created_by) among ids: count, total, paid and balance. A value without such sales is absent.
func (s *Store) FiguresBy(ctx context.Context, column, approval string, ids []int64) (map[int64]Figures, error) {
	switch column {
	case "customer_id", "created_by":
	default:
		return nil, fmt.Errorf("sales store: no figures by %q", column)
	}
	out := make(map[int64]Figures, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Figures
	col := bun.Ident("s." + column)
	err := s.db.NewSelect().Model((*Row)(nil)).ColumnExpr("? AS key", col).ColumnExpr("COUNT(*) AS n").
		ColumnExpr("COALESCE(SUM(s.total_cents), 0) AS total_cents").ColumnExpr("COALESCE(SUM(s.paid_cents), 0) AS paid_cents").
		ColumnExpr("COALESCE(SUM(s.balance_cents), 0) AS balance_cents").
		Where("? IN (?)", col, bun.In(ids)).Where("s.approval_status = ?", approval).Where("s.deleted_at IS NULL").
		GroupExpr("?", col).Scan(ctx, &rows)
	for _, r := range rows {
		out[r.Key] = r
	}
	return out, err
}

// Hold takes the live sale id in company companyID (0: any) for the rest of the transaction the
// Store works in, and returns it: on PostgreSQL a row lock (SELECT … FOR UPDATE), on SQLite the
// database's write lock, taken by a no-op UPDATE of the row before it is read (a transaction
// that only read would let another writer in between). Concurrent payments of one sale take
// turns this way.
func (s *Store) Hold(ctx context.Context, companyID, id int64) (*Row, error) {
	r := new(Row)
	sel := s.rows(listing.Scope{CompanyID: companyID, All: companyID == 0}, r, "").Where("s.id = ?", id)
	if err := db.Hold(ctx, s.db, sel, Table, "s", id, companyID); err != nil {
		return nil, err
	}
	return r, nil
}

// paidColumns are the sales' columns for payable.ApplyPaid.
var paidColumns = payable.Columns{Total: "total_cents", Returns: "return_cents", Unpaid: "'pending'"}

// ApplyPaid adds delta centavos to the paid amount of the live sale id and recomputes its
// balance and payment status in the same statement (platform/payable's rule, written in SQL);
// a paid amount that would go below zero changes nothing and reports ErrNotFound, as a missing
// sale does.
func (s *Store) ApplyPaid(ctx context.Context, id, delta int64, at time.Time) error {
	return payable.ApplyPaid(ctx, s.db.NewUpdate().Model((*Row)(nil)), paidColumns, id, delta, at)
}

// Open returns up to limit live, approved sales in scope with a balance, of the customers ids,
// oldest first: what a payment run may collect.
func (s *Store) Open(ctx context.Context, scope Scope, customerIDs []int64, limit int) ([]Row, error) {
	var rows []Row
	q := payable.Payable(s.rows(scope, &rows, ""), "s", "customer_id", customerIDs)
	return rows, q.OrderExpr("s.sale_date ASC, s.id ASC").Limit(int64(limit)).Scan(ctx)
}
