// Package store is the purchasing module's only SQL: the purchases and purchase_lines tables,
// and the returns' purchase_returns, purchase_return_lines and purchase_return_words.
//
// Tenancy is enforced here: every read takes a listing.Scope, and a row outside it is reported
// exactly as a missing row (ErrNotFound), so that a user never learns that another company's
// purchase exists.
//
// It reads no other module's table: the products, categories and stores a purchase names are
// checked through the catalog and settings modules' public reads, and their names are copied
// onto the purchase at write time.
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

// Row is a row of purchases.
type Row struct {
	bun.BaseModel `bun:"table:purchases,alias:p"`

	ID                     int64      `bun:"id,pk,autoincrement"`
	CompanyID              int64      `bun:"company_id,notnull"`
	StoreID                int64      `bun:"store_id,notnull"`
	SupplierID             int64      `bun:"supplier_id,notnull"`
	SupplierName           string     `bun:"supplier_name,notnull"`
	StoreName              string     `bun:"store_name,notnull"`
	ReferenceNo            string     `bun:"reference_no,notnull"`
	PurchaseDate           string     `bun:"purchase_date,notnull"`
	DaysOfCredit           int64      `bun:"days_of_credit,notnull"`
	DueDate                string     `bun:"due_date,notnull"`
	Note                   string     `bun:"note,notnull"`
	ShippingCarrier        string     `bun:"shipping_carrier,notnull"`
	ShippingCents          int64      `bun:"shipping_cents,notnull"`
	DiscountCents          int64      `bun:"discount_cents,notnull"`
	ReturnCents            int64      `bun:"return_cents,notnull"`
	PendingReturnCents     int64      `bun:"pending_return_cents,notnull"`
	SubtotalCents          int64      `bun:"subtotal_cents,notnull"`
	TaxableBaseCents       int64      `bun:"taxable_base_cents,notnull"`
	VATCents               int64      `bun:"vat_cents,notnull"`
	InvoiceCents           int64      `bun:"invoice_cents,notnull"`
	WithholdingIncomeCents int64      `bun:"withholding_income_cents,notnull"`
	WithholdingVATCents    int64      `bun:"withholding_vat_cents,notnull"`
	WithholdingIncomeRate  string     `bun:"withholding_income_rate,notnull"`
	WithholdingVATRate     string     `bun:"withholding_vat_rate,notnull"`
	TotalToPayCents        int64      `bun:"total_to_pay_cents,notnull"`
	PaidCents              int64      `bun:"paid_cents,notnull"`
	BalanceCents           int64      `bun:"balance_cents,notnull"`
	Status                 string     `bun:"status,notnull"`
	AttachmentID           *int64     `bun:"attachment_id"`
	ReceivedOrderID        *int64     `bun:"received_order_id"`
	ApprovalStatus         string     `bun:"approval_status,notnull"`
	ApprovalReason         string     `bun:"approval_reason,notnull"`
	ApprovedBy             *int64     `bun:"approved_by"`
	ApprovedAt             *time.Time `bun:"approved_at"`
	CreatedBy              *int64     `bun:"created_by"`
	CreatedAt              time.Time  `bun:"created_at,notnull"`
	UpdatedBy              *int64     `bun:"updated_by"`
	UpdatedAt              time.Time  `bun:"updated_at,notnull"`
	DeletedAt              *time.Time `bun:"deleted_at"`
	DeletedBy              *int64     `bun:"deleted_by"`

	// SortKey is the list's text sort value as the database computes it (lower(reference_no)),
	// read back for the page cursors (see listing.Finish).
	SortKey string `bun:"sort_key,scanonly"`
}

// LineRow is a row of purchase_lines.
type LineRow struct {
	bun.BaseModel `bun:"table:purchase_lines,alias:l"`

	ID            int64  `bun:"id,pk,autoincrement"`
	PurchaseID    int64  `bun:"purchase_id,notnull"`
	CompanyID     int64  `bun:"company_id,notnull"`
	LineNo        int    `bun:"line_no,notnull"`
	CategoryID    int64  `bun:"category_id,notnull"`
	ProductID     int64  `bun:"product_id,notnull"`
	CategoryName  string `bun:"category_name,notnull"`
	ProductCode   string `bun:"product_code,notnull"`
	ProductName   string `bun:"product_name,notnull"`
	IVAClass      string `bun:"iva_class,notnull"`
	Kind          string `bun:"kind,notnull"`
	ExpiryDate    string `bun:"expiry_date,notnull"`
	CostCents     int64  `bun:"cost_cents,notnull"`
	Quantity      int64  `bun:"quantity,notnull"`
	SubtotalCents int64  `bun:"subtotal_cents,notnull"`
	DiscountCents int64  `bun:"discount_cents,notnull"`
	BaseCents     int64  `bun:"base_cents,notnull"`
	IVACents      int64  `bun:"iva_cents,notnull"`
}

// Filter narrows a list or an export.
type Filter struct {
	// Q is the search text, by the rule of every list (platform/search: every term begins a
	// word, accents and case ignored): a purchase matches when Q matches its reference, or when
	// Q matches its supplier's current name, company, e-mail or document (SupplierIDs).
	Q string
	// SupplierIDs are the suppliers in scope that Q finds: the use case asks the people module,
	// which owns the suppliers' words, so that a renamed supplier's purchases follow it. Derived
	// from Q, it is not part of Key.
	SupplierIDs []int64

	// sides is the search resolved (Resolve).
	sides    search.Sides
	resolved bool
	// Approval is "", "pending", "approved" or "rejected".
	Approval string
	// Status is "", "pending", "partial", "paid" or "received".
	Status     string
	SupplierID int64
	StoreID    int64
	// From and To bound the purchase date ('YYYY-MM-DD', both included; "" for open).
	From, To string
}

// Key identifies the filter and scope for the cached total.
func (f Filter) Key(s Scope) string {
	return fmt.Sprintf("%s|%q|%q|%q|%d|%d|%q|%q", s, strings.TrimSpace(f.Q), f.Approval, f.Status, f.SupplierID,
		f.StoreID, f.From, f.To)
}

// Spec is the list's sorts: purchase_date (default, newest first), created_at, reference_no,
// total_to_pay_cents, balance_cents and due_date; the id breaks ties.
var Spec = listing.Spec{
	Columns: map[string]listing.Column{
		"purchase_date":      {Expr: "p.purchase_date", Kind: listing.String},
		"created_at":         {Expr: "p.created_at", Kind: listing.Time},
		"reference_no":       {Expr: "lower(p.reference_no)", Kind: listing.String},
		"total_to_pay_cents": {Expr: "p.total_to_pay_cents", Kind: listing.Int},
		"balance_cents":      {Expr: "p.balance_cents", Kind: listing.Int},
		"due_date":           {Expr: "p.due_date", Kind: listing.String},
	},
	Default:     "purchase_date",
	DefaultDesc: true,
	ID:          "p.id",
}

// Store reads and writes purchases on db (a *bun.DB or a transaction).
type Store struct {
	db bun.IDB
}

// New returns a Store on db.
func New(db bun.IDB) *Store { return &Store{db: db} }

// With returns the same Store working inside tx.
func (s *Store) With(tx bun.IDB) *Store { return &Store{db: tx} }

// Table is the table whose cached totals writes bump.
const Table = "purchases"

// live starts a SELECT of live purchases in scope, aliased p (no columns chosen: counts and
// existence checks).
func (s *Store) live(scope Scope) *bun.SelectQuery {
	return listing.Live(s.db, (*Row)(nil), "p", scope)
}

// rows is live reading whole rows into dst, with the text sort key of sort ("" for the default).
func (s *Store) rows(scope Scope, dst any, sort string) *bun.SelectQuery {
	return Spec.Rows(s.db, dst, "p", scope, sort)
}

// Get returns the live purchase id in scope.
func (s *Store) Get(ctx context.Context, scope Scope, id int64) (*Row, error) {
	r := new(Row)
	if err := db.NotFound(s.rows(scope, r, "").Where("p.id = ?", id).Scan(ctx)); err != nil {
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
var editable = []string{"store_id", "supplier_id", "supplier_name", "store_name", "reference_no", "purchase_date",
	"days_of_credit", "due_date", "note", "shipping_carrier", "shipping_cents", "discount_cents",
	"subtotal_cents", "taxable_base_cents", "vat_cents", "invoice_cents", "withholding_income_cents",
	"withholding_vat_cents", "withholding_income_rate", "withholding_vat_rate", "total_to_pay_cents",
	"balance_cents", "status", "attachment_id", "updated_by", "updated_at"}

// UpdateUndecided writes r's editable columns and its approval columns over the live purchase
// r.ID while its approval status is still from (pending, or rejected when the edit sends it
// again): an admin's decision, or another edit, between the editor's read and this write wins,
// and the edit reports ErrNotFound.
func (s *Store) UpdateUndecided(ctx context.Context, r *Row, from string) error {
	res, err := s.db.NewUpdate().Model(r).Column(editable...).
		Column("approval_status", "approval_reason", "approved_by", "approved_at").
		Where("id = ?", r.ID).Where("deleted_at IS NULL").Where("approval_status = ?", from).Exec(ctx)
	if err := db.OneRow(res, err); err != nil {
		return err
	}
	return s.putWords(ctx, r)
}

// SetAttachment records the purchase's attachment (saved after the purchase, which it names).
func (s *Store) SetAttachment(ctx context.Context, id, attachmentID int64) error {
	res, err := s.db.NewUpdate().Model((*Row)(nil)).Set("attachment_id = ?", attachmentID).Where("id = ?", id).Exec(ctx)
	return db.OneRow(res, err)
}

// ReplaceLines deletes the lines of purchase purchaseID and inserts lines (numbered in order).
// Lines have no identity of their own: they are the purchase's content, replaced as a whole.
func (s *Store) ReplaceLines(ctx context.Context, purchaseID int64, lines []LineRow) error {
	if _, err := s.db.NewDelete().Model((*LineRow)(nil)).Where("purchase_id = ?", purchaseID).Exec(ctx); err != nil {
		return err
	}
	for i := range lines {
		lines[i].PurchaseID, lines[i].LineNo, lines[i].ID = purchaseID, i+1, 0
	}
	if len(lines) == 0 {
		return nil
	}
	_, err := s.db.NewInsert().Model(&lines).Exec(ctx)
	return err
}

// Lines returns the lines of purchases ids, keyed by purchase, in line order.
func (s *Store) Lines(ctx context.Context, ids []int64) (map[int64][]LineRow, error) {
	out := make(map[int64][]LineRow, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []LineRow
	if err := s.db.NewSelect().Model(&rows).Where("l.purchase_id IN (?)", bun.In(ids)).
		OrderExpr("l.purchase_id, l.line_no").Scan(ctx); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.PurchaseID] = append(out[r.PurchaseID], r)
	}
	return out, nil
}

// Decide moves the live purchase id from approval status from to to. It reports ErrNotFound
// when the row is gone or no longer in from, so that two admins deciding at once cannot both win.
func (s *Store) Decide(ctx context.Context, id int64, from, to, reason string, by int64, at time.Time) error {
	res, err := s.db.NewUpdate().Model((*Row)(nil)).
		Set("approval_status = ?", to).Set("approval_reason = ?", reason).
		Set("approved_by = ?", by).Set("approved_at = ?", at).Set("updated_by = ?", by).Set("updated_at = ?", at).
		Where("id = ?", id).Where("approval_status = ?", from).Where("deleted_at IS NULL").Exec(ctx)
	return db.OneRow(res, err)
}

// SoftDelete marks the live purchase id deleted while it is not approved and nothing is paid on
// it: the conditions are checked again by the write, which waits for a writer holding the
// purchase (an approval, a payment or a return, which only approved purchases take), so that a
// purchase approved since the caller read it stays. ErrNotFound when it is gone or approved.
func (s *Store) SoftDelete(ctx context.Context, id, by int64, at time.Time) error {
	ok, err := db.SoftDelete(ctx, s.db.NewUpdate().Model((*Row)(nil)).Where("paid_cents = 0").
		Where("approval_status <> 'approved'"), id, by, at)
	if err == nil && !ok {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	return Words.Drop(ctx, s.db, id)
}

// ReferenceTaken reports whether another live purchase (not exceptID) of the company and supplier
// has reference ref, ignoring letter case. It only gives the early, friendly answer: the unique
// index purchases_reference_uq is what decides between simultaneous writes.
func (s *Store) ReferenceTaken(ctx context.Context, companyID, supplierID int64, ref string, exceptID int64) (bool, error) {
	return s.db.NewSelect().Model((*Row)(nil)).ColumnExpr("1").
		Where("p.company_id = ?", companyID).Where("p.supplier_id = ?", supplierID).
		Where("lower(p.reference_no) = lower(?)", ref).Where("p.id <> ?", exceptID).
		Where("p.deleted_at IS NULL").Exists(ctx)
}

// ReceivedOrderUsed reports whether a live purchase of the company (not exceptID) was made from
// received order id. The rule is per company, like the unique index purchases_received_order_uq:
// another company's purchase never blocks this company's receipt.
func (s *Store) ReceivedOrderUsed(ctx context.Context, companyID, receivedOrderID, exceptID int64) (bool, error) {
	return s.db.NewSelect().Model((*Row)(nil)).ColumnExpr("1").Where("p.company_id = ?", companyID).
		Where("p.received_order_id = ?", receivedOrderID).Where("p.id <> ?", exceptID).
		Where("p.deleted_at IS NULL").Exists(ctx)
}

// Words is the purchases' word index (platform/search) of their references, kept by Insert,
// UpdatePending and SoftDelete. Its sort key is the purchase date, the list's default order.
// The supplier's names are not copied into it: they are matched through the supplier's own
// words (Filter.SupplierIDs), which follow a rename, and a whole supplier name is a handful of
// suppliers rather than a few hundred thousand word rows to intersect.
var Words = search.Table{Name: "purchase_words", Key: "purchase_id", Source: "purchases", SortExpr: "s.purchase_date"}

// RowWords returns the indexed words of a purchase: those of its reference.
func RowWords(r *Row) []string {
	var w search.Words
	return w.Identifier(r.ReferenceNo).List()
}

// putWords indexes r's words (r is written).
func (s *Store) putWords(ctx context.Context, r *Row) error {
	return Words.Put(ctx, s.db, map[int64][]string{r.ID: RowWords(r)})
}

// IndexMissingWords indexes the words of the live purchases that have none (written before the
// word index existed) and returns how many it indexed.
func (s *Store) IndexMissingWords(ctx context.Context) (int, error) {
	return Words.IndexMissing(ctx, s.db, func(ctx context.Context, tx bun.IDB, pick func(*bun.SelectQuery) *bun.SelectQuery) (map[int64][]string, error) {
		var rows []Row
		q := tx.NewSelect().Model(&rows).Column("p.id", "p.reference_no").Where("p.deleted_at IS NULL")
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

// filtered applies f to a SELECT of purchases aliased p, in scope.
func (s *Store) filtered(q *bun.SelectQuery, scope Scope, f Filter) *bun.SelectQuery {
	return s.narrowed(bySupplier.Where(s.db, q, scope, f.search()), f)
}

// narrowed applies f's filters but the search to a SELECT of purchases aliased p.
func (s *Store) narrowed(q *bun.SelectQuery, f Filter) *bun.SelectQuery {
	if f.Approval != "" {
		q = q.Where("p.approval_status = ?", f.Approval)
	}
	if f.Status != "" {
		q = q.Where("p.status = ?", f.Status)
	}
	if f.SupplierID > 0 {
		q = q.Where("p.supplier_id = ?", f.SupplierID)
	}
	if f.StoreID > 0 {
		q = q.Where("p.store_id = ?", f.StoreID)
	}
	if f.From != "" {
		q = q.Where("p.purchase_date >= ?", f.From)
	}
	if f.To != "" {
		q = q.Where("p.purchase_date <= ?", f.To)
	}
	return q
}

// bySupplier is the list's search: by the purchase's reference words, or by its supplier.
var bySupplier = search.Party{Words: Words, Alias: "p", Column: "supplier_id", Dated: "purchase_date"}

// search is f's search, probed by Resolve or not yet.
func (f Filter) search() search.Sides {
	if f.resolved {
		return f.sides
	}
	return search.Resolve(f.Q, f.SupplierIDs)
}

// Resolve probes f's search (search.Party.Probe) and returns f with the answer: List, Count
// and Each then do not probe it again. A use case that both lists and counts resolves once.
func (s *Store) Resolve(ctx context.Context, scope Scope, f Filter) (Filter, error) {
	var err error
	f.sides, err = bySupplier.Probe(ctx, s.db, scope, f.search())
	f.resolved = err == nil
	return f, err
}

// List returns one page (plan) of the live purchases in scope matching f, before Finish.
func (s *Store) List(ctx context.Context, scope Scope, f Filter, plan *listing.Plan) ([]Row, error) {
	f, err := s.Resolve(ctx, scope, f)
	if err != nil {
		return nil, err
	}
	var rows []Row
	err = bySupplier.Page(s.db, s.rows(scope, &rows, plan.Query().Sort), scope, f.search(), plan,
		func(q *bun.SelectQuery) *bun.SelectQuery { return s.narrowed(q, f) }).Scan(ctx)
	return rows, err
}

// Count counts the live purchases in scope matching f.
func (s *Store) Count(ctx context.Context, scope Scope, f Filter) (int, error) {
	f, err := s.Resolve(ctx, scope, f)
	if err != nil {
		return 0, err
	}
	n, err := s.filtered(s.live(scope), scope, f).Count(ctx)
	return int(n), err
}

// Each calls fn for every live purchase in scope matching f, in the list's order for sort,
// streaming from the database (the export).
func (s *Store) Each(ctx context.Context, scope Scope, f Filter, sort string, fn func(Row) error) error {
	f, err := s.Resolve(ctx, scope, f)
	if err != nil {
		return err
	}
	q := s.filtered(s.rows(scope, (*Row)(nil), sort), scope, f).OrderExpr(Spec.OrderBy(sort))
	return listing.Each(ctx, q, fn)
}

// KeyOf returns a row's cursor position for the sort key (listing.Plan.Key).
func KeyOf(key string) func(Row) (any, int64) {
	return func(r Row) (any, int64) {
		switch key {
		case "created_at":
			return r.CreatedAt, r.ID
		case "total_to_pay_cents":
			return r.TotalToPayCents, r.ID
		case "balance_cents":
			return r.BalanceCents, r.ID
		default:
			// purchase_date, due_date and reference_no are text; KeyExpr read them back.
			return r.SortKey, r.ID
		}
	}
}

// Expiring returns up to limit live, not rejected purchases in scope with a balance that fall due
// between from and to ('YYYY-MM-DD', both included), soonest first.
func (s *Store) Expiring(ctx context.Context, scope Scope, from, to string, limit int) ([]Row, error) {
	var rows []Row
	err := s.rows(scope, &rows, "due_date").Where("p.balance_cents > 0").Where("p.approval_status <> 'rejected'").
		Where("p.due_date >= ?", from).Where("p.due_date <= ?", to).
		OrderExpr("p.due_date ASC, p.id ASC").Limit(int64(limit)).Scan(ctx)
	return rows, err
}

// Using returns which of ids live purchases refer to through column (supplier_id, store_id),
// in one query.
func (s *Store) Using(ctx context.Context, column string, ids []int64) ([]int64, error) {
	switch column {
	case "supplier_id", "store_id":
	default:
		return nil, fmt.Errorf("purchasing store: no reference column %q", column)
	}
	return db.AmongIDs(ctx, s.db.NewSelect().Model((*Row)(nil)).Where("p.deleted_at IS NULL"), "p."+column, ids)
}

// LinesUsing returns which of ids a line of a live purchase refers to through column
// (product_id, category_id), in one query.
func (s *Store) LinesUsing(ctx context.Context, column string, ids []int64) ([]int64, error) {
	switch column {
	case "product_id", "category_id":
	default:
		return nil, fmt.Errorf("purchasing store: no line reference column %q", column)
	}
	return db.AmongIDs(ctx, s.db.NewSelect().Model((*LineRow)(nil)).Join("JOIN purchases AS p ON p.id = l.purchase_id").
		Where("p.deleted_at IS NULL"), "l."+column, ids)
}

// Hold takes the live purchase id of company companyID (0: any) for the rest of the transaction
// the Store works in, and returns it (platform/db.Hold: a row lock on PostgreSQL, the write lock
// on SQLite): concurrent payments of one purchase take turns this way.
func (s *Store) Hold(ctx context.Context, companyID, id int64) (*Row, error) {
	r := new(Row)
	sel := s.rows(Scope{CompanyID: companyID, All: companyID == 0}, r, "").Where("p.id = ?", id)
	if err := db.Hold(ctx, s.db, sel, Table, "p", id, companyID); err != nil {
		return nil, err
	}
	return r, nil
}

// Open returns up to limit live, approved purchases in scope with a balance, of the suppliers
// ids, soonest due first: what a payment run may pay.
func (s *Store) Open(ctx context.Context, scope Scope, supplierIDs []int64, limit int) ([]Row, error) {
	var rows []Row
	q := payable.Payable(s.rows(scope, &rows, ""), "p", "supplier_id", supplierIDs)
	return rows, q.OrderExpr("p.due_date ASC, p.id ASC").Limit(int64(limit)).Scan(ctx)
}

// paidColumns are the purchases' columns for payable.ApplyPaid: a purchase owes its total to
// pay, and one made from a received order is "received" until something is paid.
var paidColumns = payable.Columns{Total: "total_to_pay_cents", Returns: "return_cents",
	Unpaid: "CASE WHEN received_order_id IS NULL THEN 'pending' ELSE 'received' END"}

// ApplyPaid adds delta centavos to the paid amount of the live purchase id and recomputes its
// balance and status in the same statement (domain.Status's rule, in SQL); a paid amount that
// would go below zero changes nothing and reports ErrNotFound, as a missing purchase does.
func (s *Store) ApplyPaid(ctx context.Context, id, delta int64, at time.Time) error {
	return payable.ApplyPaid(ctx, s.db.NewUpdate().Model((*Row)(nil)), paidColumns, id, delta, at)
}
