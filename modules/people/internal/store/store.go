// Package store is the people module's only SQL: the customers and suppliers tables. Both have
// the same columns, so one Store type serves either, bound to its table by New.
//
// Tenancy is enforced here: every read takes a Scope, and a row outside it is reported exactly as
// a missing row (ErrNotFound), so that a user never learns that another company's record exists.
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

// ErrNotFound is returned when no live row in scope matches.
var ErrNotFound = db.ErrNotFound

// Scope is the companies a caller may see (see listing.Scope).
type Scope = listing.Scope

// Row is a row of customers or suppliers.
type Row struct {
	// The table is chosen per query (ModelTableExpr) because two tables share this shape.
	bun.BaseModel `bun:"table:people_parties"`

	ID                int64      `bun:"id,pk,autoincrement"`
	CompanyID         int64      `bun:"company_id,notnull"`
	Name              string     `bun:"name,notnull"`
	Company           string     `bun:"company,notnull"`
	Email             string     `bun:"email,notnull"`
	Phone             string     `bun:"phone,notnull"`
	City              string     `bun:"city,notnull"`
	Address           string     `bun:"address,notnull"`
	Note              string     `bun:"note,notnull"`
	PersonType        string     `bun:"person_type,notnull"`
	Declarante        bool       `bun:"declarante,notnull"`
	IVAResponsible    bool       `bun:"iva_responsible,notnull"`
	GranContribuyente bool       `bun:"gran_contribuyente,notnull"`
	Autorretenedor    bool       `bun:"autorretenedor,notnull"`
	DocumentType      string     `bun:"document_type,notnull"`
	DocumentNumber    string     `bun:"document_number,notnull"`
	ApprovalStatus    string     `bun:"approval_status,notnull"`
	ApprovalReason    string     `bun:"approval_reason,notnull"`
	ApprovedBy        *int64     `bun:"approved_by"`
	ApprovedAt        *time.Time `bun:"approved_at"`
	CreatedBy         *int64     `bun:"created_by"`
	CreatedAt         time.Time  `bun:"created_at,notnull"`
	UpdatedBy         *int64     `bun:"updated_by"`
	UpdatedAt         time.Time  `bun:"updated_at,notnull"`
	DeletedAt         *time.Time `bun:"deleted_at"`
	DeletedBy         *int64     `bun:"deleted_by"`

	// NameKey and CityKey are the sort values as the database computes them (lower()), read
	// back for the page cursors: computing them in Go could differ from the database's own
	// lower() on non-ASCII letters and make pages skip or repeat rows.
	NameKey string `bun:"name_key,scanonly"`
	CityKey string `bun:"city_key,scanonly"`
}

// Filter narrows a list or an export.
type Filter struct {
	// Q searches name, company, email and document number.
	Q string
	// Approval is "", "pending", "approved" or "rejected".
	Approval string
	// City matches the whole city name, ignoring letter case.
	City string
}

// onlySearch tells whether f is a search and nothing else, which a page can read from the word
// index alone.
func (f Filter) onlySearch() bool { return f.Approval == "" && strings.TrimSpace(f.City) == "" }

// key identifies the filter and scope for the cached total.
func (f Filter) key(s Scope) string {
	return fmt.Sprintf("%d|%t|%q|%q|%q", s.CompanyID, s.All, strings.TrimSpace(f.Q), f.Approval, strings.TrimSpace(f.City))
}

// Spec is the list's sorts: name (default), city and created_at; the id breaks ties.
var Spec = listing.Spec{
	Columns: map[string]listing.Column{
		"name":       {Expr: "lower(p.name)", Kind: listing.String},
		"city":       {Expr: "lower(p.city)", Kind: listing.String},
		"created_at": {Expr: "p.created_at", Kind: listing.Time},
	},
	Default: "name",
	ID:      "p.id",
}

// Store reads and writes one of the two tables on db (a *bun.DB or a transaction).
type Store struct {
	db    bun.IDB
	table string
	words search.Table
}

// New returns a Store for table ("customers" or "suppliers") on db.
func New(db bun.IDB, table string) *Store { return &Store{db: db, table: table, words: WordsOf(table)} }

// WordsOf is the word index of table ("customers" or "suppliers"): customer_words or
// supplier_words (platform/search), kept by Insert, Update and SoftDelete.
func WordsOf(table string) search.Table {
	one := strings.TrimSuffix(table, "s")
	return search.Table{Name: one + "_words", Key: one + "_id", Source: table, SortExpr: "lower(s.name)"}
}

// RowWords returns the indexed words of a row: its name, company, e-mail and document number.
func RowWords(r *Row) []string {
	var w search.Words
	return w.Text(r.Name).Text(r.Company).Identifier(r.Email).Identifier(r.DocumentNumber).List()
}

// With returns the same Store working inside tx.
func (s *Store) With(tx bun.IDB) *Store { return &Store{db: tx, table: s.table, words: s.words} }

// Table is the table this Store works on (the cached totals are kept per table).
func (s *Store) Table() string { return s.table }

// live starts a SELECT of live rows in scope, aliased p.
func (s *Store) live(scope Scope) *bun.SelectQuery {
	return listing.Restrict(s.db.NewSelect().ModelTableExpr(s.table+" AS p").Where("p.deleted_at IS NULL"), scope, "p.company_id")
}

// selectLive is live reading whole rows with their sort keys into model.
func (s *Store) selectLive(scope Scope, model any) *bun.SelectQuery {
	return s.live(scope).Model(model).ColumnExpr("p.*").ColumnExpr("lower(p.name) AS name_key, lower(p.city) AS city_key")
}

// Get returns the live row id in scope.
func (s *Store) Get(ctx context.Context, scope Scope, id int64) (*Row, error) {
	r := new(Row)
	err := s.selectLive(scope, r).Where("p.id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return r, err
}

// Insert adds r, sets its ID and indexes its words; run it in a transaction.
func (s *Store) Insert(ctx context.Context, r *Row) error {
	if _, err := s.db.NewInsert().Model(r).ModelTableExpr(s.table).Returning("id").Exec(ctx); err != nil {
		return err
	}
	return s.words.Put(ctx, s.db, map[int64][]string{r.ID: RowWords(r)})
}

// Update writes r's editable columns (details, approval, updated_*) over the live row r.ID and
// indexes its words again; run it in a transaction.
func (s *Store) Update(ctx context.Context, r *Row) error {
	res, err := s.db.NewUpdate().Model(r).ModelTableExpr(s.table).
		Column("name", "company", "email", "phone", "city", "address", "note", "person_type", "declarante",
			"iva_responsible", "gran_contribuyente", "autorretenedor", "document_type", "document_number",
			"approval_status", "approval_reason", "approved_by", "approved_at", "updated_by", "updated_at").
		Where("id = ?", r.ID).Where("deleted_at IS NULL").Exec(ctx)
	if err := db.OneRow(res, err); err != nil {
		return err
	}
	return s.words.Put(ctx, s.db, map[int64][]string{r.ID: RowWords(r)})
}

// Decide moves the live row id from status from to status to, recording who decided and why. It
// reports ErrNotFound when the row is gone or no longer in status from, so that two admins
// deciding at once cannot both win.
func (s *Store) Decide(ctx context.Context, id int64, from, to, reason string, by int64, at time.Time) error {
	res, err := s.db.NewUpdate().ModelTableExpr(s.table).
		Set("approval_status = ?", to).Set("approval_reason = ?", reason).
		Set("approved_by = ?", by).Set("approved_at = ?", at).Set("updated_by = ?", by).Set("updated_at = ?", at).
		Where("id = ?", id).Where("approval_status = ?", from).Where("deleted_at IS NULL").Exec(ctx)
	return db.OneRow(res, err)
}

// SoftDelete marks the live row id deleted and takes it out of the word index; run it in a
// transaction.
func (s *Store) SoftDelete(ctx context.Context, id, by int64, at time.Time) error {
	ok, err := db.SoftDelete(ctx, s.db.NewUpdate().ModelTableExpr(s.table), id, by, at)
	if err == nil && !ok {
		err = ErrNotFound
	}
	if err != nil {
		return err
	}
	return s.words.Drop(ctx, s.db, id)
}

// IndexMissingWords indexes the words of every live row that has none (written before the word
// index existed, or loaded straight into the table), a batch per transaction, and returns how
// many rows it indexed.
func (s *Store) IndexMissingWords(ctx context.Context) (int, error) {
	return s.words.IndexMissing(ctx, s.db, func(ctx context.Context, tx bun.IDB, pick func(*bun.SelectQuery) *bun.SelectQuery) (map[int64][]string, error) {
		var rows []Row
		err := pick(tx.NewSelect().Model(&rows).ModelTableExpr(s.table + " AS p").ColumnExpr("p.*").
			Where("p.deleted_at IS NULL")).Scan(ctx)
		words := make(map[int64][]string, len(rows))
		for i := range rows {
			words[rows[i].ID] = RowWords(&rows[i])
		}
		return words, err
	})
}

// DocumentTaken reports whether another live row of the company (not exceptID) has number.
func (s *Store) DocumentTaken(ctx context.Context, companyID int64, number string, exceptID int64) (bool, error) {
	if number == "" {
		return false, nil
	}
	return s.db.NewSelect().ModelTableExpr(s.table).ColumnExpr("1").
		Where("company_id = ?", companyID).Where("document_number = ?", number).
		Where("id <> ?", exceptID).Where("deleted_at IS NULL").Exists(ctx)
}

// filtered applies f in scope to a SELECT of this table aliased p.
func (s *Store) filtered(q *bun.SelectQuery, scope Scope, f Filter) *bun.SelectQuery {
	if terms := Terms(f.Q); len(terms) > 0 {
		q = q.Where("p.id IN (?)", s.words.IDs(s.db, terms, scope))
	}
	if f.Approval != "" {
		q = q.Where("p.approval_status = ?", f.Approval)
	}
	if city := strings.TrimSpace(f.City); city != "" {
		q = q.Where("lower(p.city) = lower(?)", city)
	}
	return q
}

// List returns one page of the live rows in scope matching f; counter caches the total.
func (s *Store) List(ctx context.Context, scope Scope, f Filter, plan *listing.Plan, counter *listing.Counter) (listing.Page[Row], error) {
	rows, err := s.page(ctx, scope, f, plan)
	if err != nil {
		return listing.Page[Row]{}, err
	}
	if plan.Whole(len(rows)) { // the rows are the list: nothing to count
		return listing.Finish(plan, rows, len(rows), keyOf(plan)), nil
	}
	total, err := counter.Total(ctx, s.table, f.key(scope), func(ctx context.Context) (int, error) {
		if terms := Terms(f.Q); len(terms) > 0 && f.onlySearch() {
			n, err := s.db.NewSelect().TableExpr("(?) AS m", s.words.Matches(s.db, terms, scope)).Count(ctx)
			return int(n), err
		}
		n, err := s.filtered(s.live(scope), scope, f).Count(ctx)
		return int(n), err
	})
	if err != nil {
		return listing.Page[Row]{}, err
	}
	return listing.Finish(plan, rows, total, keyOf(plan)), nil
}

// page reads one page. A search in name order with no other filter reads its page from the
// word index, then joins the page's rows.
func (s *Store) page(ctx context.Context, scope Scope, f Filter, plan *listing.Plan) ([]Row, error) {
	var rows []Row
	terms := Terms(f.Q)
	if len(terms) == 0 || plan.Key() != "name" || !f.onlySearch() {
		err := plan.Apply(s.filtered(s.selectLive(scope, &rows), scope, f)).Scan(ctx)
		return rows, err
	}
	page, err := s.words.Page(ctx, s.db, terms, scope, plan)
	if err != nil {
		return nil, err
	}
	err = s.db.NewSelect().Model(&rows).ModelTableExpr("(?) AS m JOIN "+s.table+" AS p ON p.id = m.id", page).
		ColumnExpr("p.*").ColumnExpr("m.sort_name AS name_key, lower(p.city) AS city_key").
		Where("p.deleted_at IS NULL").OrderExpr(plan.OrderOn("m.sort_name", "m.id")).Scan(ctx)
	return rows, err
}

// keyOf returns a row's cursor position for plan's sort.
func keyOf(plan *listing.Plan) func(Row) (any, int64) {
	key := Spec.Default
	if k := strings.TrimPrefix(strings.TrimSpace(plan.Query().Sort), "-"); k != "" {
		key = k
	}
	return func(r Row) (any, int64) {
		switch key {
		case "city":
			return r.CityKey, r.ID
		case "created_at":
			return r.CreatedAt, r.ID
		default:
			return r.NameKey, r.ID
		}
	}
}

// exportBatch is how many rows Each reads per query: the listing's largest page.
const exportBatch = 100

// Each calls fn with every live row in scope matching f, in plan's order, batch by batch, so
// that an export of any size holds one batch in memory and no long-lived cursor. fn receives a
// whole batch, which lets the caller look up per-batch data (sales totals) in one call.
func (s *Store) Each(ctx context.Context, scope Scope, f Filter, sort string, fn func([]Row) error) error {
	q := listing.Query{PerPage: exportBatch, Sort: sort}
	for {
		plan, err := listing.NewPlan(Spec, q)
		if err != nil {
			return err
		}
		rows, err := s.page(ctx, scope, f, plan)
		if err != nil {
			return err
		}
		// The total is not needed to find the next cursor.
		page := listing.Finish(plan, rows, 0, keyOf(plan))
		if len(page.Data) > 0 {
			if err := fn(page.Data); err != nil {
				return err
			}
		}
		if page.Meta.NextCursor == "" {
			return nil
		}
		q.After = page.Meta.NextCursor
	}
}
