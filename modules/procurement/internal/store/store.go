// Package store is the procurement module's only SQL: purchase_orders and received_orders and
// their search word tables (the words of each document's reference), which it owns and writes.
// It reads no other module's table (DESIGN §2 rule 3): the catalog names the lists show, the
// product an order is checked against and the products a search finds come from the catalog
// module's public reads, and stock changes go through its AdjustStock. Every read is limited to a
// Scope and to live rows (deleted_at IS NULL); a row of another company is simply not found.
//
// Quantities move with single guarded UPDATEs (Book, Receive), so concurrent receipts cannot
// book more than an order's quantity and concurrent decisions cannot both win.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/search"
)

// Errors the app layer maps to answers.
var (
	// ErrNotFound: no live row in scope (or no longer in the state a guarded write expects).
	ErrNotFound = db.ErrNotFound
	// ErrOverBalance: the booking would exceed the order's quantity.
	ErrOverBalance = errors.New("procurement store: over balance")
	// ErrNotReceivable: the order is not in a state that takes receipts.
	ErrNotReceivable = errors.New("procurement store: order not receivable")
)

// Scope is the companies a caller may see (see listing.Scope).
type Scope = listing.Scope

// Order is a row of purchase_orders.
type Order struct {
	bun.BaseModel `bun:"table:purchase_orders,alias:po"`

	ID               int64      `bun:"id,pk,autoincrement"`
	CompanyID        int64      `bun:"company_id,notnull"`
	ReferenceNo      string     `bun:"reference_no,notnull"`
	CategoryID       int64      `bun:"category_id,notnull"`
	ProductID        int64      `bun:"product_id,notnull"`
	Quantity         int64      `bun:"quantity,notnull"`
	BookedQuantity   int64      `bun:"booked_quantity,notnull"`
	ReceivedQuantity int64      `bun:"received_quantity,notnull"`
	ReceiptCount     int64      `bun:"receipt_count,notnull"`
	Note             string     `bun:"note,notnull"`
	Status           string     `bun:"status,notnull"`
	ApprovalReason   string     `bun:"approval_reason,notnull"`
	ApprovedBy       *int64     `bun:"approved_by"`
	ApprovedAt       *time.Time `bun:"approved_at"`
	CreatedBy        *int64     `bun:"created_by"`
	CreatedAt        time.Time  `bun:"created_at,notnull"`
	UpdatedBy        *int64     `bun:"updated_by"`
	UpdatedAt        time.Time  `bun:"updated_at,notnull"`
	DeletedAt        *time.Time `bun:"deleted_at"`
	DeletedBy        *int64     `bun:"deleted_by"`
}

// Names are the catalog labels of a row's category and product: the use cases fill them from
// the catalog module's public read (this store reads no catalog table).
type Names struct {
	CategoryName     string
	ProductCode      string
	ProductName      string
	ProductUnit      string
	ProductCostCents int64
	// ProductStock is the product's units in stock as read (an advanced delete's preview).
	ProductStock int64
}

// OrderRow is an order with its catalog names.
type OrderRow struct {
	Order `bun:",extend"`
	Names `bun:"-"`
}

// Receipt is a row of received_orders.
type Receipt struct {
	bun.BaseModel `bun:"table:received_orders,alias:ro"`

	ID              int64      `bun:"id,pk,autoincrement"`
	CompanyID       int64      `bun:"company_id,notnull"`
	PurchaseOrderID int64      `bun:"purchase_order_id,notnull"`
	ReferenceNo     string     `bun:"reference_no,notnull"`
	CategoryID      int64      `bun:"category_id,notnull"`
	ProductID       int64      `bun:"product_id,notnull"`
	Quantity        int64      `bun:"quantity,notnull"`
	Balance         int64      `bun:"balance,notnull"`
	Note            string     `bun:"note,notnull"`
	Status          string     `bun:"status,notnull"`
	ApprovalReason  string     `bun:"approval_reason,notnull"`
	ApprovedBy      *int64     `bun:"approved_by"`
	ApprovedAt      *time.Time `bun:"approved_at"`
	CreatedBy       *int64     `bun:"created_by"`
	CreatedAt       time.Time  `bun:"created_at,notnull"`
	UpdatedBy       *int64     `bun:"updated_by"`
	UpdatedAt       time.Time  `bun:"updated_at,notnull"`
	DeletedAt       *time.Time `bun:"deleted_at"`
	DeletedBy       *int64     `bun:"deleted_by"`
}

// ReceiptRow is a receipt with its order's reference and quantity and the catalog names.
type ReceiptRow struct {
	Receipt        `bun:",extend"`
	Names          `bun:"-"`
	OrderReference string `bun:"order_reference,scanonly"`
	OrderQuantity  int64  `bun:"order_quantity,scanonly"`
	OrderCreatedBy *int64 `bun:"order_created_by,scanonly"`
}

// Store reads and writes the procurement tables on db (a *bun.DB or a transaction).
type Store struct{ db bun.IDB }

// New returns a Store on db.
func New(db bun.IDB) *Store { return &Store{db: db} }

// With returns a Store working inside tx.
func (s *Store) With(tx bun.IDB) *Store { return &Store{db: tx} }

// documentSpec is the sorts of the purchase orders and received orders lists, on the table
// aliased alias: created_at (default, newest first), reference_no, quantity, status.
func documentSpec(alias string) listing.Spec {
	return listing.Spec{
		Columns: map[string]listing.Column{
			"created_at":   {Expr: alias + ".created_at", Kind: listing.Time},
			"reference_no": {Expr: alias + ".reference_no", Kind: listing.String},
			"quantity":     {Expr: alias + ".quantity", Kind: listing.Int},
			"status":       {Expr: alias + ".status", Kind: listing.String},
		},
		Default:     "created_at",
		DefaultDesc: true,
		ID:          alias + ".id",
	}
}

// matching selects the live rows in scope of model's table (purchase_orders or received_orders,
// aliased alias) that pass the filters both lists take: search text (each term begins a word of
// the reference — words, the document's word table — or the text found the document's product:
// textProducts, from the catalog's own search by the same rule), status, category and product
// ("" and 0 pass everything).
func (s *Store) matching(model any, alias string, words search.Table, sc Scope, text string, textProducts []int64, status string, categoryID, productID int64) *bun.SelectQuery {
	q := listing.Restrict(s.db.NewSelect().Model(model).Where(alias+".deleted_at IS NULL"), sc, alias+".company_id")
	if terms := search.Terms(text); len(terms) > 0 {
		if len(textProducts) == 0 {
			q = q.Where(alias+".id IN (?)", words.IDs(s.db, terms, sc))
		} else {
			q = q.Where("("+alias+".id IN (?) OR "+alias+".product_id IN (?))", words.IDs(s.db, terms, sc), bun.In(textProducts))
		}
	}
	if status != "" {
		q = q.Where(alias+".status = ?", status)
	}
	if categoryID != 0 {
		q = q.Where(alias+".category_id = ?", categoryID)
	}
	if productID != 0 {
		q = q.Where(alias+".product_id = ?", productID)
	}
	return q
}

// OrderWords and ReceiptWords are the purchase orders' and received orders' word indexes
// (platform/search): the words of a document's reference, kept by the inserts and updates in
// their transaction (a search by product asks the catalog, whose words follow a rename). Their
// sort key is the reference number.
var (
	OrderWords   = search.Table{Name: "purchase_order_words", Key: "purchase_order_id", Source: TableOrders, SortExpr: "s.reference_no"}
	ReceiptWords = search.Table{Name: "received_order_words", Key: "received_order_id", Source: TableReceipts, SortExpr: "s.reference_no"}
)

// docWordsRow is what a document's words are made of.
type docWordsRow struct {
	ID          int64  `bun:"id"`
	ReferenceNo string `bun:"reference_no"`
}

// docWords reads the words of the documents q selects (a SELECT of purchase_orders or
// received_orders aliased p).
func docWords(ctx context.Context, q *bun.SelectQuery) (map[int64][]string, error) {
	var rows []docWordsRow
	if err := q.ColumnExpr("p.id, p.reference_no").Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := make(map[int64][]string, len(rows))
	for _, r := range rows {
		var w search.Words
		out[r.ID] = w.Identifier(r.ReferenceNo).List()
	}
	return out, nil
}

// putWords indexes the words of document id of words' table as written (in the store's
// transaction).
func (s *Store) putWords(ctx context.Context, words search.Table, id int64) error {
	ws, err := docWords(ctx, s.db.NewSelect().TableExpr(words.Source+" AS p").Where("p.id = ?", id))
	if err != nil {
		return err
	}
	return words.Put(ctx, s.db, ws)
}

// IndexMissingWords indexes the words of the live purchase orders and received orders that have
// none (written before the word indexes existed) and returns how many it indexed.
func (s *Store) IndexMissingWords(ctx context.Context) (int, error) {
	n := 0
	for _, words := range []search.Table{OrderWords, ReceiptWords} {
		k, err := words.IndexMissing(ctx, s.db, func(ctx context.Context, tx bun.IDB, pick func(*bun.SelectQuery) *bun.SelectQuery) (map[int64][]string, error) {
			return docWords(ctx, pick(tx.NewSelect().TableExpr(words.Source+" AS p").Where("p.deleted_at IS NULL")))
		})
		n += k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// ---- purchase orders ----

// OrderSpec is the purchase orders list's sorts (see documentSpec).
var OrderSpec = documentSpec("po")

// OrderFilter narrows the purchase orders list.
type OrderFilter struct {
	Q string
	// QProducts are the products whose code or name contains Q (the catalog's answer).
	QProducts  []int64
	Status     string
	CategoryID int64
	ProductID  int64
	// CreatedBy keeps one user's orders.
	CreatedBy int64
}

// Key identifies the filter and scope in cache keys.
func (f OrderFilter) Key(sc Scope) string {
	return fmt.Sprintf("%s|q=%s|st=%s|cat=%d|prod=%d|by=%d", sc, strings.ToLower(strings.TrimSpace(f.Q)), f.Status,
		f.CategoryID, f.ProductID, f.CreatedBy)
}

func (s *Store) orders(sc Scope, f OrderFilter, model any) *bun.SelectQuery {
	q := s.matching(model, "po", OrderWords, sc, f.Q, f.QProducts, f.Status, f.CategoryID, f.ProductID)
	if f.CreatedBy != 0 {
		q = q.Where("po.created_by = ?", f.CreatedBy)
	}
	return q
}

func (s *Store) orderRows(sc Scope, f OrderFilter, model any) *bun.SelectQuery {
	return s.orders(sc, f, model).ColumnExpr("po.*")
}

// ListOrders returns one page of orders (plan's keyset, order and limit).
func (s *Store) ListOrders(ctx context.Context, sc Scope, f OrderFilter, plan *listing.Plan) ([]OrderRow, error) {
	var rows []OrderRow
	err := plan.Apply(s.orderRows(sc, f, &rows)).Scan(ctx)
	return rows, err
}

// CountOrders counts the orders matching f in scope.
func (s *Store) CountOrders(ctx context.Context, sc Scope, f OrderFilter) (int, error) {
	n, err := s.orders(sc, f, (*Order)(nil)).Count(ctx)
	return int(n), err
}

// EachOrder streams every order matching f in scope in the order of sort (exports).
func (s *Store) EachOrder(ctx context.Context, sc Scope, f OrderFilter, sort string, fn func(OrderRow) error) error {
	return listing.Each(ctx, s.orderRows(sc, f, (*OrderRow)(nil)).OrderExpr(OrderSpec.OrderBy(sort)), fn)
}

// OrderByID finds a live order in scope.
func (s *Store) OrderByID(ctx context.Context, sc Scope, id int64) (*OrderRow, error) {
	row := new(OrderRow)
	err := s.orderRows(sc, OrderFilter{}, row).Where("po.id = ?", id).Scan(ctx)
	return row, db.NotFound(err)
}

// InsertOrder adds o (with its reference number) and sets its ID.
func (s *Store) InsertOrder(ctx context.Context, o *Order) error {
	if _, err := s.db.NewInsert().Model(o).Returning("id").Exec(ctx); err != nil {
		return err
	}
	return s.putWords(ctx, OrderWords, o.ID)
}

// UpdateUndecidedOrder saves the editable columns and the decision columns (status, reason, who
// and when) of a live order while its status is still from: pending, or rejected when the edit
// sends it again. ErrNotFound when it is gone, or was decided or sent again meanwhile (the
// editor read it before that write, which wins).
func (s *Store) UpdateUndecidedOrder(ctx context.Context, o *Order, from string) error {
	res, err := s.db.NewUpdate().Model(o).Column("category_id", "product_id", "quantity", "note", "updated_by", "updated_at",
		"status", "approval_reason", "approved_by", "approved_at").
		WherePK().Where("status = ?", from).Where("deleted_at IS NULL").Exec(ctx)
	if err := db.OneRow(res, err); err != nil {
		return err
	}
	return s.putWords(ctx, OrderWords, o.ID)
}

// Decide moves the live row id of table (purchase_orders or received_orders) from status from
// to status to, recording who decided, when and why. ErrNotFound when it is gone or no longer
// in from: two admins deciding at once cannot both win.
func (s *Store) Decide(ctx context.Context, table string, id int64, from, to, reason string, by int64, at time.Time) error {
	res, err := s.db.NewUpdate().TableExpr(table).
		Set("status = ?", to).Set("approval_reason = ?", reason).Set("approved_by = ?", by).Set("approved_at = ?", at).
		Set("updated_by = ?", by).Set("updated_at = ?", at).
		Where("id = ?", id).Where("status = ?", from).Where("deleted_at IS NULL").Exec(ctx)
	return db.OneRow(res, err)
}

// Tables, for Decide and the list-total cache.
const (
	TableOrders   = "purchase_orders"
	TableReceipts = "received_orders"
)

// SoftDeleteOrder marks a live order without receipts deleted; ErrNotFound when it is gone or
// got a receipt meanwhile.
func (s *Store) SoftDeleteOrder(ctx context.Context, id, by int64, at time.Time) error {
	ok, err := db.SoftDelete(ctx, s.db.NewUpdate().Model((*Order)(nil)).Where("receipt_count = 0"), id, by, at)
	if err == nil && !ok {
		err = ErrNotFound
	}
	return err
}

// Book changes the order's booked units by delta (a new receipt: its quantity; an edit: the
// difference; a rejection: minus its quantity), counting a new receipt when newReceipt. The
// order must be receivable (approved or partially received) unless delta is negative, and the
// booking must stay within [0, quantity]; all in one statement. It returns the new balance.
func (s *Store) Book(ctx context.Context, orderID, delta int64, newReceipt bool, receivable []string, at time.Time) (int64, error) {
	q := s.db.NewUpdate().Model((*Order)(nil)).
		Set("booked_quantity = booked_quantity + ?", delta).Set("updated_at = ?", at).
		Where("id = ?", orderID).Where("deleted_at IS NULL").
		Where("booked_quantity + ? <= quantity", delta).Where("booked_quantity + ? >= 0", delta)
	if newReceipt {
		q = q.Set("receipt_count = receipt_count + 1")
	}
	if delta > 0 {
		q = q.Where("status IN (?)", bun.In(receivable))
	}
	var balance []int64
	err := q.Returning("quantity - booked_quantity").Scan(ctx, &balance)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	if len(balance) == 1 {
		return balance[0], nil
	}
	var cur Order
	err = s.db.NewSelect().Model(&cur).Column("status").Where("po.id = ?", orderID).Where("po.deleted_at IS NULL").Scan(ctx)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return 0, ErrNotFound
	case err != nil:
		return 0, err
	case delta > 0 && !contains(receivable, cur.Status):
		return 0, ErrNotReceivable
	}
	return 0, ErrOverBalance
}

// Receive adds qty approved units to the order and sets its status to statusOf(received,
// quantity) in the same statement's transaction; it returns the new status.
func (s *Store) Receive(ctx context.Context, orderID, qty int64, statusOf func(received, ordered int64) string, at time.Time) (string, error) {
	// received_quantity is incremented in SQL, so a concurrent approval of another receipt of the
	// same order adds up rather than overwriting; the status is then derived from the new figure.
	var received, ordered int64
	err := s.db.NewUpdate().Model((*Order)(nil)).
		Set("received_quantity = received_quantity + ?", qty).Set("updated_at = ?", at).
		Where("id = ?", orderID).Where("deleted_at IS NULL").
		Returning("received_quantity, quantity").Scan(ctx, &received, &ordered)
	if err != nil {
		return "", db.NotFound(err)
	}
	status := statusOf(received, ordered)
	_, err = s.db.NewUpdate().Model((*Order)(nil)).Set("status = ?", status).Where("id = ?", orderID).Exec(ctx)
	return status, err
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// ---- received orders ----

// ReceiptSpec is the received orders list's sorts (as OrderSpec).
var ReceiptSpec = documentSpec("ro")

// ReceiptFilter narrows the received orders list.
type ReceiptFilter struct {
	Q string
	// QProducts are the products whose code or name contains Q (the catalog's answer).
	QProducts       []int64
	Status          string
	PurchaseOrderID int64
	CategoryID      int64
	ProductID       int64
}

// Key identifies the filter and scope in cache keys.
func (f ReceiptFilter) Key(sc Scope) string {
	return fmt.Sprintf("%s|q=%s|st=%s|po=%d|cat=%d|prod=%d", sc, strings.ToLower(strings.TrimSpace(f.Q)), f.Status,
		f.PurchaseOrderID, f.CategoryID, f.ProductID)
}

func (s *Store) receipts(sc Scope, f ReceiptFilter, model any) *bun.SelectQuery {
	q := s.matching(model, "ro", ReceiptWords, sc, f.Q, f.QProducts, f.Status, f.CategoryID, f.ProductID)
	if f.PurchaseOrderID != 0 {
		q = q.Where("ro.purchase_order_id = ?", f.PurchaseOrderID)
	}
	return q
}

func (s *Store) receiptRows(sc Scope, f ReceiptFilter, model any) *bun.SelectQuery {
	return s.receipts(sc, f, model).ColumnExpr("ro.*").
		ColumnExpr("po.reference_no AS order_reference, po.quantity AS order_quantity, po.created_by AS order_created_by").
		Join("JOIN purchase_orders AS po ON po.id = ro.purchase_order_id")
}

// ListReceipts returns one page of received orders.
func (s *Store) ListReceipts(ctx context.Context, sc Scope, f ReceiptFilter, plan *listing.Plan) ([]ReceiptRow, error) {
	var rows []ReceiptRow
	err := plan.Apply(s.receiptRows(sc, f, &rows)).Scan(ctx)
	return rows, err
}

// CountReceipts counts the received orders matching f in scope.
func (s *Store) CountReceipts(ctx context.Context, sc Scope, f ReceiptFilter) (int, error) {
	n, err := s.receipts(sc, f, (*Receipt)(nil)).Count(ctx)
	return int(n), err
}

// EachReceipt streams every received order matching f in scope in the order of sort (exports).
func (s *Store) EachReceipt(ctx context.Context, sc Scope, f ReceiptFilter, sort string, fn func(ReceiptRow) error) error {
	return listing.Each(ctx, s.receiptRows(sc, f, (*ReceiptRow)(nil)).OrderExpr(ReceiptSpec.OrderBy(sort)), fn)
}

// ReceiptByID finds a live received order in scope.
func (s *Store) ReceiptByID(ctx context.Context, sc Scope, id int64) (*ReceiptRow, error) {
	row := new(ReceiptRow)
	err := s.receiptRows(sc, ReceiptFilter{}, row).Where("ro.id = ?", id).Scan(ctx)
	return row, db.NotFound(err)
}

// InsertReceipt adds r (with its reference number) and sets its ID.
func (s *Store) InsertReceipt(ctx context.Context, r *Receipt) error {
	if _, err := s.db.NewInsert().Model(r).Returning("id").Exec(ctx); err != nil {
		return err
	}
	return s.putWords(ctx, ReceiptWords, r.ID)
}

// UpdatePendingReceipt saves quantity, balance and note of a live receipt still pending.
func (s *Store) UpdatePendingReceipt(ctx context.Context, r *Receipt) error {
	res, err := s.db.NewUpdate().Model(r).Column("quantity", "balance", "note", "updated_by", "updated_at").
		WherePK().Where("status = 'pending'").Where("deleted_at IS NULL").Exec(ctx)
	return db.OneRow(res, err)
}

// KeepReceipt keeps the live received order id of company companyID from being deleted until
// the transaction the Store works in ends (db.KeepRow: FOR KEY SHARE on PostgreSQL) and returns
// its status: how a purchase invoicing it is stored, so that an archive of the receipt or of its
// order — which take the receipt FOR UPDATE before asking which purchases invoice it — either
// waits for the purchase and sees it, or goes first and the purchase finds the receipt gone.
// ErrNotFound when there is none (missing, deleted or another company's: the same answer, so
// that another company's ids reveal nothing).
func (s *Store) KeepReceipt(ctx context.Context, companyID, id int64) (string, error) {
	live := func() *bun.SelectQuery {
		return s.db.NewSelect().Model((*Receipt)(nil)).Where("ro.id = ?", id).Where("ro.company_id = ?", companyID).
			Where("ro.deleted_at IS NULL")
	}
	if err := db.KeepRow(ctx, s.db, live().ColumnExpr("ro.id"), "ro"); err != nil {
		return "", err
	}
	var status string
	return status, db.NotFound(live().Column("status").Scan(ctx, &status))
}

// ---- what the catalog asks ----

// Quantities are ordered and received units per category.
type Quantities struct {
	Ordered, Received int64
}

// CategoryQuantities sums, per category of ids, the units of live orders in one of counted
// states (ordered) and of approved live receipts (received).
func (s *Store) CategoryQuantities(ctx context.Context, ids []int64, counted []string, approved string) (map[int64]Quantities, error) {
	out := make(map[int64]Quantities, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	// units sums, per category, the quantities of table's live rows whose status passes where.
	units := func(table, where string, arg any) (map[int64]int64, error) {
		var sums []struct {
			CategoryID int64 `bun:"category_id"`
			Units      int64 `bun:"units"`
		}
		err := s.db.NewSelect().TableExpr(table).ColumnExpr("category_id, SUM(quantity) AS units").
			Where("category_id IN (?)", bun.In(ids)).Where(where, arg).Where("deleted_at IS NULL").
			GroupExpr("category_id").Scan(ctx, &sums)
		byCategory := make(map[int64]int64, len(sums))
		for _, r := range sums {
			byCategory[r.CategoryID] = r.Units
		}
		return byCategory, err
	}
	ordered, err := units(TableOrders, "status IN (?)", bun.In(counted))
	if err != nil {
		return nil, err
	}
	received, err := units(TableReceipts, "status = ?", approved)
	if err != nil {
		return nil, err
	}
	for id, n := range ordered {
		out[id] = Quantities{Ordered: n}
	}
	for id, n := range received {
		q := out[id]
		q.Received = n
		out[id] = q
	}
	return out, nil
}

// Using returns which of the catalog rows ids a live order or receipt refers to through column
// ("category_id" or "product_id"), in one query over both tables; nothing is read for no ids.
func (s *Store) Using(ctx context.Context, column string, ids []int64) ([]int64, error) {
	if column != "category_id" && column != "product_id" {
		return nil, fmt.Errorf("procurement store: Using on %q", column)
	}
	var used []int64
	if len(ids) == 0 {
		return used, nil
	}
	col, in := bun.Ident(column), bun.In(ids)
	err := s.db.NewRaw("SELECT ? FROM ? WHERE deleted_at IS NULL AND ? IN (?) UNION SELECT ? FROM ? WHERE deleted_at IS NULL AND ? IN (?)",
		col, bun.Ident(TableOrders), col, in, col, bun.Ident(TableReceipts), col, in).Scan(ctx, &used)
	return used, err
}
