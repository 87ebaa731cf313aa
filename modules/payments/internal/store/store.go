// Package store is the payments module's only SQL: the payments, payment_batches (the runs) and
// payment_words tables.
//
// Tenancy is enforced here: every read takes a listing.Scope, and a row outside it is reported
// exactly as a missing row (ErrNotFound), so that a user never learns that another company's
// payment exists.
//
// It reads no other module's table: a payment names its document by type and id, copies the
// document's number and party at write time, and the document's own figures are its owner's
// (platform/payable). What this store adds up for the never-overpaid rule is its own: the
// payments pending on a document.
package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/search"
)

// ErrNotFound is returned when no live row in scope matches (or a conditional update matched
// nothing): platform/db's one answer for missing, deleted and out of scope.
var ErrNotFound = db.ErrNotFound

// Row is a row of payments.
type Row struct {
	bun.BaseModel `bun:"table:payments,alias:p"`

	ID        int64 `bun:"id,pk,autoincrement"`
	CompanyID int64 `bun:"company_id,notnull"`
	// The document, named by type and id, with its number and party as of the payment.
	Type           string `bun:"type,notnull"`
	DocumentID     int64  `bun:"document_id,notnull"`
	DocumentNumber string `bun:"document_number,notnull"`
	PartyID        int64  `bun:"party_id,notnull"`
	PartyName      string `bun:"party_name,notnull"`
	// Direction is payment, or refund (a purchase's credit in our favour given back).
	Direction   string `bun:"direction,notnull"`
	PaymentDate string `bun:"payment_date,notnull"`
	ReferenceNo string `bun:"reference_no,notnull"`
	AmountCents int64  `bun:"amount_cents,notnull"`
	Method      string `bun:"method,notnull"`
	Note        string `bun:"note,notnull"`
	BatchID     *int64 `bun:"batch_id"`
	BatchNumber string `bun:"batch_number,notnull"`
	// CreatedByName is the name of the user who recorded it, as of then (caller.Users).
	CreatedByName string `bun:"created_by_name,notnull"`
	approval.Columns
	db.Stamps

	// SortKey is the list's text sort value as the database computes it (the payment date), read
	// back for the page cursors (see listing.Finish).
	SortKey string `bun:"sort_key,scanonly"`
}

// BatchRow is a row of payment_batches: a run, recorded in one transaction.
type BatchRow struct {
	bun.BaseModel `bun:"table:payment_batches,alias:b"`

	ID          int64     `bun:"id,pk,autoincrement"`
	CompanyID   int64     `bun:"company_id,notnull"`
	Number      string    `bun:"number,notnull"`
	Type        string    `bun:"type,notnull"`
	PaymentDate string    `bun:"payment_date,notnull"`
	ReferenceNo string    `bun:"reference_no,notnull"`
	Method      string    `bun:"method,notnull"`
	Note        string    `bun:"note,notnull"`
	CreatedBy   *int64    `bun:"created_by"`
	CreatedAt   time.Time `bun:"created_at,notnull"`
}

// Filter narrows a list or an export.
type Filter struct {
	// Q is the search text, by the rule of every list (platform/search: every term begins a
	// word, accents and case ignored): a payment matches when Q matches its reference number, its
	// document's number or its party's name as the payment copied them.
	Q string
	// Type is "", "purchase" or "sale"; Direction "", "payment" or "refund"; Approval "",
	// "pending", "approved" or "rejected"; Method "" or a method.
	Type, Direction, Approval, Method string
	// DocumentID and PartyID name a document or a party of Type; BatchID a run; CreatedBy the
	// user who recorded the payments (the pending page's "my payments").
	DocumentID, PartyID, BatchID, CreatedBy int64
	// From and To bound the payment date ('YYYY-MM-DD', both included; "" for open).
	From, To string
}

// Key identifies the filter and scope for the cached total.
func (f Filter) Key(s listing.Scope) string {
	return fmt.Sprintf("%s|%q|%q|%q|%q|%q|%d|%d|%d|%d|%q|%q", s, strings.TrimSpace(f.Q), f.Type, f.Direction, f.Approval, f.Method,
		f.DocumentID, f.PartyID, f.BatchID, f.CreatedBy, f.From, f.To)
}

// Spec is the list's sorts: date (the payment date; default, newest first), created_at and
// amount_cents; the id breaks ties.
var Spec = listing.Spec{
	Columns: map[string]listing.Column{
		"date":         {Expr: "p.payment_date", Kind: listing.String},
		"created_at":   {Expr: "p.created_at", Kind: listing.Time},
		"amount_cents": {Expr: "p.amount_cents", Kind: listing.Int},
	},
	Default:     "date",
	DefaultDesc: true,
	ID:          "p.id",
}

// Table is the payments' table, whose cached list totals writes bump.
const Table = "payments"

// Store reads and writes payments on db: the process's *bun.DB, or a use case's transaction.
type Store struct{ db bun.IDB }

// New returns a Store on db.
func New(db bun.IDB) *Store { return &Store{db: db} }

// Get returns the live payment id in scope.
func (s *Store) Get(ctx context.Context, scope listing.Scope, id int64) (*Row, error) {
	r := new(Row)
	return r, db.NotFound(Spec.Rows(s.db, r, "p", scope, "").Where("p.id = ?", id).Scan(ctx))
}

// Insert adds r and its words, and sets its ID.
func (s *Store) Insert(ctx context.Context, r *Row) error {
	if _, err := s.db.NewInsert().Model(r).Returning("id").Exec(ctx); err != nil {
		return err
	}
	return Words.Put(ctx, s.db, map[int64][]string{r.ID: RowWords(r)})
}

// InsertBatch adds the run b and sets its ID.
func (s *Store) InsertBatch(ctx context.Context, b *BatchRow) error {
	_, err := s.db.NewInsert().Model(b).Returning("id").Exec(ctx)
	return err
}

// BatchVisible reports whether the run id exists in scope.
func (s *Store) BatchVisible(ctx context.Context, scope listing.Scope, id int64) (bool, error) {
	return listing.Restrict(s.db.NewSelect().Model((*BatchRow)(nil)).ColumnExpr("1").Where("b.id = ?", id), scope, "b.company_id").
		Exists(ctx)
}

// Pending sums the live pending payments in direction of document (type, id), but except (0:
// none): what other payments already claim of its balance, or other refunds of its credit. The
// caller holds the document (its owner's Ledger.Document), so no payment of it is recorded or
// approved while the sum is used.
func (s *Store) Pending(ctx context.Context, docType, direction string, documentID, except int64) (int64, error) {
	var sum int64
	err := s.pending(docType, []int64{documentID}).Where("p.direction = ?", direction).Where("p.id <> ?", except).
		ColumnExpr("COALESCE(SUM(p.amount_cents), 0)").Scan(ctx, &sum)
	return sum, err
}

// PendingByDocument sums the live pending payments (not refunds) of each document of docType
// among ids; a document without pending payments is absent.
func (s *Store) PendingByDocument(ctx context.Context, docType string, ids []int64) (map[int64]int64, error) {
	out := make(map[int64]int64, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		DocumentID int64 `bun:"document_id"`
		Sum        int64 `bun:"sum"`
	}
	err := s.pending(docType, ids).Where("p.direction = 'payment'").ColumnExpr("p.document_id").ColumnExpr("SUM(p.amount_cents) AS sum").
		GroupExpr("p.document_id").Scan(ctx, &rows)
	for _, r := range rows {
		out[r.DocumentID] = r.Sum
	}
	return out, err
}

// pending selects the live pending payments of the documents ids of docType.
func (s *Store) pending(docType string, ids []int64) *bun.SelectQuery {
	return s.db.NewSelect().Model((*Row)(nil)).Where("p.type = ?", docType).Where("p.document_id IN (?)", bun.In(ids)).
		Where("p.approval_status = 'pending'").Where("p.deleted_at IS NULL")
}

// Decide stores decision d on the live payment id while it is pending (approval.Store):
// ErrNotFound when another decision or a deletion came first.
func (s *Store) Decide(ctx context.Context, id int64, d approval.Decision, by int64, at time.Time) error {
	return approval.Store(ctx, s.db.NewUpdate().Model((*Row)(nil)), id, approval.Pending, d, by, at)
}

// SoftDelete marks the live payment id deleted while it is pending (an approved payment is part
// of the books, a rejected one is the record of a refusal), and drops its words.
func (s *Store) SoftDelete(ctx context.Context, id, by int64, at time.Time) error {
	ok, err := db.SoftDelete(ctx, s.db.NewUpdate().Model((*Row)(nil)).Where("approval_status = ?", approval.Pending), id, by, at)
	switch {
	case err != nil:
		return err
	case !ok:
		return ErrNotFound
	}
	return Words.Drop(ctx, s.db, id)
}

// Words is the payments' word index (platform/search), kept by Insert and SoftDelete. Its sort
// key is the payment date, the list's default order.
var Words = search.Table{Name: "payment_words", Key: "payment_id", Source: Table, SortExpr: "s.payment_date"}

// RowWords returns the indexed words of a payment: those of its reference number, of its
// document's number and of its party's name, as the payment copied them (a payment is the
// record of a moment: it keeps the names it was made under).
func RowWords(r *Row) []string {
	var w search.Words
	return w.Identifier(r.ReferenceNo).Identifier(r.DocumentNumber).Text(r.PartyName).List()
}

// IndexMissingWords indexes the words of the live payments that have none (loaded straight into
// the table) and returns how many it indexed.
func (s *Store) IndexMissingWords(ctx context.Context) (int, error) {
	return Words.IndexMissing(ctx, s.db, func(ctx context.Context, tx bun.IDB, pick func(*bun.SelectQuery) *bun.SelectQuery) (map[int64][]string, error) {
		var rows []Row
		err := pick(tx.NewSelect().Model(&rows).Column("p.id", "p.reference_no", "p.document_number", "p.party_name").
			Where("p.deleted_at IS NULL")).Scan(ctx)
		words := make(map[int64][]string, len(rows))
		for i := range rows {
			words[rows[i].ID] = RowWords(&rows[i])
		}
		return words, err
	})
}

// filtered applies f to q, a SELECT of payments aliased p in scope.
func (s *Store) filtered(q *bun.SelectQuery, scope listing.Scope, f Filter) *bun.SelectQuery {
	if terms := search.Terms(f.Q); len(terms) > 0 {
		q = q.Where("p.id IN (?)", Words.IDs(s.db, terms, scope))
	}
	for cond, value := range map[string]any{"p.type = ?": f.Type, "p.direction = ?": f.Direction, "p.approval_status = ?": f.Approval, "p.method = ?": f.Method,
		"p.payment_date >= ?": f.From, "p.payment_date <= ?": f.To} {
		if value != "" {
			q = q.Where(cond, value)
		}
	}
	for cond, id := range map[string]int64{"p.document_id = ?": f.DocumentID, "p.party_id = ?": f.PartyID,
		"p.batch_id = ?": f.BatchID, "p.created_by = ?": f.CreatedBy} {
		if id > 0 {
			q = q.Where(cond, id)
		}
	}
	return q
}

// matching selects the live payments in scope matching f into dst, with the sort key of sort.
func (s *Store) matching(scope listing.Scope, f Filter, dst any, sort string) *bun.SelectQuery {
	return s.filtered(Spec.Rows(s.db, dst, "p", scope, sort), scope, f)
}

// List returns one page (plan) of the live payments in scope matching f, before Finish.
func (s *Store) List(ctx context.Context, scope listing.Scope, f Filter, plan *listing.Plan) ([]Row, error) {
	var rows []Row
	return rows, plan.Apply(s.matching(scope, f, &rows, plan.Query().Sort)).Scan(ctx)
}

// Count counts the live payments in scope matching f.
func (s *Store) Count(ctx context.Context, scope listing.Scope, f Filter) (int, error) {
	n, err := s.filtered(listing.Live(s.db, (*Row)(nil), "p", scope), scope, f).Count(ctx)
	return int(n), err
}

// Each calls fn for every live payment in scope matching f, in the list's order for sort,
// streaming from the database (the export).
func (s *Store) Each(ctx context.Context, scope listing.Scope, f Filter, sort string, fn func(Row) error) error {
	return listing.Each(ctx, s.matching(scope, f, (*Row)(nil), sort).OrderExpr(Spec.OrderBy(sort)), fn)
}

// KeyOf returns a row's cursor position for the sort key (listing.Plan.Key): the amount, the
// creation instant, or the payment date read back as the sort key.
func KeyOf(key string) func(Row) (any, int64) {
	return func(r Row) (any, int64) {
		if key == "amount_cents" {
			return r.AmountCents, r.ID
		}
		if key == "created_at" {
			return r.CreatedAt, r.ID
		}
		return r.SortKey, r.ID
	}
}
