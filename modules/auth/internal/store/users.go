package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/search"
)

// Scope is the companies a caller may see (see listing.Scope); the store applies it to every
// user-list read and write.
type Scope = listing.Scope

// UserSpec is the user list's sort keys (text keys ignore letter case).
var UserSpec = listing.Spec{
	Columns: map[string]listing.Column{
		"username":   {Expr: "lower(u.username)", Kind: listing.String},
		"first_name": {Expr: "lower(u.first_name)", Kind: listing.String},
		"last_name":  {Expr: "lower(u.last_name)", Kind: listing.String},
		"email":      {Expr: "lower(u.email)", Kind: listing.String},
		"role":       {Expr: "u.role", Kind: listing.String},
		"created_at": {Expr: "u.created_at", Kind: listing.Time},
	},
	Default: "username",
	ID:      "u.id",
}

// UserFilter narrows the user list.
type UserFilter struct {
	Scope Scope
	// CompanyID, when not 0, keeps one company's users (within Scope).
	CompanyID int64
	// Q is search text: each of its terms begins a word of the username, first name, last name
	// or e-mail, accents and case ignored (platform/search, Words).
	Q string
	// Role, when not "", keeps one role.
	Role string
	// Active keeps only active (true) or inactive (false) users; nil keeps both.
	Active *bool
	// Approval, when not "", keeps one approval status.
	Approval string
}

// UserRow is a user as the admins' list shows it: no password hash, no two-factor secrets (only
// whether one is set), and the value the page is sorted by.
type UserRow struct {
	ID              int64      `bun:"id"`
	CompanyID       int64      `bun:"company_id"`
	Username        string     `bun:"username"`
	FirstName       string     `bun:"first_name"`
	LastName        string     `bun:"last_name"`
	Email           string     `bun:"email"`
	Phone           string     `bun:"phone"`
	Role            string     `bun:"role"`
	Active          bool       `bun:"active"`
	IPAddress       string     `bun:"ip_address"`
	EnableGoogle2FA bool       `bun:"enable_google2fa"`
	HasSecret       bool       `bun:"has_secret"`
	ApprovalStatus  string     `bun:"approval_status"`
	ApprovalReason  string     `bun:"approval_reason"`
	ApprovedBy      *int64     `bun:"approved_by"`
	ApprovedAt      *time.Time `bun:"approved_at"`
	CreatedAt       time.Time  `bun:"created_at"`
	UpdatedAt       time.Time  `bun:"updated_at"`
	SortKey         string     `bun:"sort_key"`
}

// apply narrows sel, a SELECT of users aliased u on idb, to f.
func (f UserFilter) apply(idb bun.IDB, sel *bun.SelectQuery) *bun.SelectQuery {
	sel = listing.Restrict(sel.Where("u.deleted_at IS NULL"), f.Scope, "u.company_id")
	if f.CompanyID != 0 {
		sel = sel.Where("u.company_id = ?", f.CompanyID)
	}
	if terms := search.Terms(f.Q); len(terms) > 0 {
		sel = sel.Where("u.id IN (?)", Words.IDs(idb, terms, f.Scope))
	}
	if f.Role != "" {
		sel = sel.Where("u.role = ?", f.Role)
	}
	if f.Active != nil {
		sel = sel.Where("u.active = ?", *f.Active)
	}
	if f.Approval != "" {
		sel = sel.Where("u.approval_status = ?", f.Approval)
	}
	return sel
}

// userSelect selects the list's columns; a text sort expression is also selected as sort_key, so
// that a cursor carries the value the database compares (SQLite's lower() folds only ASCII).
func (s *Store) userSelect(f UserFilter, sort string) *bun.SelectQuery {
	return f.apply(s.db, s.db.NewSelect().TableExpr("users AS u").
		ColumnExpr("u.id, u.company_id, u.username, u.first_name, u.last_name, u.email, u.phone, u.role, u.active").
		ColumnExpr("u.ip_address, u.enable_google2fa, u.google2fa_secret <> '' AS has_secret").
		ColumnExpr("u.approval_status, u.approval_reason, u.approved_by, u.approved_at, u.created_at, u.updated_at").
		ColumnExpr(UserSpec.KeyExpr(sort)+" AS sort_key"))
}

// ListUsers returns one page of users as plan says.
func (s *Store) ListUsers(ctx context.Context, f UserFilter, plan *listing.Plan, sort string) ([]UserRow, error) {
	var rows []UserRow
	err := plan.Apply(s.userSelect(f, sort)).Scan(ctx, &rows)
	return rows, err
}

// CountUsers counts the users f matches.
func (s *Store) CountUsers(ctx context.Context, f UserFilter) (int, error) {
	n, err := f.apply(s.db, s.db.NewSelect().TableExpr("users AS u")).Count(ctx)
	return int(n), err
}

// EachUser calls fn for every user f matches, in the list's order for sort, reading one row at
// a time (the Excel export).
func (s *Store) EachUser(ctx context.Context, f UserFilter, sort string, fn func(UserRow) error) error {
	return listing.Each(ctx, s.userSelect(f, sort).OrderExpr(UserSpec.OrderBy(sort)), fn)
}

// UserRowByID finds a live user within scope, as the list shows it.
func (s *Store) UserRowByID(ctx context.Context, id int64, sc Scope) (UserRow, error) {
	var row UserRow
	err := s.userSelect(UserFilter{Scope: sc}, "").Where("u.id = ?", id).Limit(1).Scan(ctx, &row)
	return row, db.NotFound(err)
}

// UserInScope finds a live user row within scope, for update.
func (s *Store) UserInScope(ctx context.Context, id int64, sc Scope) (*User, error) {
	u := new(User)
	sel := listing.Restrict(s.db.NewSelect().Model(u).Where("id = ?", id).Where("deleted_at IS NULL"), sc, "company_id")
	return u, db.NotFound(sel.Scan(ctx))
}

// UsernameTaken reports whether another live user (not exceptID) has this username, ignoring
// letter case.
func (s *Store) UsernameTaken(ctx context.Context, username string, exceptID int64) (bool, error) {
	return s.db.NewSelect().Model((*User)(nil)).Where("lower(username) = ?", strings.ToLower(strings.TrimSpace(username))).
		Where("id <> ?", exceptID).Where("deleted_at IS NULL").Exists(ctx)
}

// CountByCompany counts the live users of each company among ids (companies without users are
// absent from the answer).
func (s *Store) CountByCompany(ctx context.Context, ids []int64) (map[int64]int, error) {
	out := make(map[int64]int, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		CompanyID int64 `bun:"company_id"`
		N         int   `bun:"n"`
	}
	err := s.db.NewSelect().TableExpr("users").ColumnExpr("company_id, count(*) AS n").
		Where("company_id IN (?)", bun.In(ids)).Where("deleted_at IS NULL").GroupExpr("company_id").Scan(ctx, &rows)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.CompanyID] = r.N
	}
	return out, nil
}

// Names returns the username, first and last name of the users among ids, deleted ones too: a
// document keeps naming whoever wrote it after their account is gone.
func (s *Store) Names(ctx context.Context, ids []int64) ([]User, error) {
	var rows []User
	if len(ids) == 0 {
		return rows, nil
	}
	err := s.db.NewSelect().Model(&rows).Column("id", "username", "first_name", "last_name").
		Where("id IN (?)", bun.In(ids)).Scan(ctx)
	return rows, err
}

// DecideApproval moves a pending user to status with reason, by by at at. It reports false when
// the user was no longer pending (another admin decided first).
func (s *Store) DecideApproval(ctx context.Context, id int64, status, reason string, by int64, at time.Time) (bool, error) {
	res, err := s.db.NewUpdate().Model((*User)(nil)).Set("approval_status = ?", status).Set("approval_reason = ?", reason).
		Set("approved_by = ?", by).Set("approved_at = ?", at).Set("updated_at = ?", at).
		Where("id = ?", id).Where("approval_status = ?", "pending").Where("deleted_at IS NULL").Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// SoftDeleteUser marks a live user deleted within scope; it reports false when there was none.
func (s *Store) SoftDeleteUser(ctx context.Context, id, by int64, at time.Time, sc Scope) (bool, error) {
	q := s.db.NewUpdate().Model((*User)(nil)).Set("updated_at = ?", at)
	return db.SoftDelete(ctx, listing.Restrict(q, sc, "company_id"), id, by, at)
}

// Words is the users' word index (platform/search) of their username, names and e-mail, kept by
// InsertUser and UpdateUserColumns in the write's transaction. Its sort key is the list's
// default order, lower(username).
var Words = search.Table{Name: "user_words", Key: "user_id", Source: "users", SortExpr: "lower(s.username)"}

// userWords returns the indexed words of a user.
func userWords(username, firstName, lastName, email string) []string {
	var w search.Words
	return w.Identifier(username).Text(firstName).Text(lastName).Identifier(email).List()
}

// wordsRow is what a user's words are made of.
type wordsRow struct {
	ID        int64  `bun:"id"`
	Username  string `bun:"username"`
	FirstName string `bun:"first_name"`
	LastName  string `bun:"last_name"`
	Email     string `bun:"email"`
}

// wordsOf reads the words of the users q selects (a SELECT of users aliased p).
func wordsOf(ctx context.Context, q *bun.SelectQuery) (map[int64][]string, error) {
	var rows []wordsRow
	if err := q.ColumnExpr("p.id, p.username, p.first_name, p.last_name, p.email").Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := make(map[int64][]string, len(rows))
	for _, r := range rows {
		out[r.ID] = userWords(r.Username, r.FirstName, r.LastName, r.Email)
	}
	return out, nil
}

// putWords indexes the words of user id as written, in the write's transaction (tx).
func putWords(ctx context.Context, tx bun.IDB, id int64) error {
	words, err := wordsOf(ctx, tx.NewSelect().TableExpr("users AS p").Where("p.id = ?", id))
	if err != nil {
		return err
	}
	return Words.Put(ctx, tx, words)
}

// inTx runs fn in the store's transaction, or in a new one when the store is not in one.
func (s *Store) inTx(ctx context.Context, fn func(ctx context.Context, tx bun.IDB) error) error {
	if tx, ok := s.db.(bun.Tx); ok {
		return fn(ctx, tx)
	}
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error { return fn(ctx, tx) })
}

// IndexMissingWords indexes the words of the live users that have none (written before the word
// index existed, or inserted by hand) and returns how many it indexed.
func (s *Store) IndexMissingWords(ctx context.Context) (int, error) {
	return Words.IndexMissing(ctx, s.db, func(ctx context.Context, tx bun.IDB, pick func(*bun.SelectQuery) *bun.SelectQuery) (map[int64][]string, error) {
		return wordsOf(ctx, pick(tx.NewSelect().TableExpr("users AS p").Where("p.deleted_at IS NULL")))
	})
}

// Recipients returns, ascending, the live active users among ids, plus every approved user of
// role adminRole when admins, leaving out except (0: nobody): whom a notification reaches. It
// reads on the store's db, which may be another module's transaction.
func (s *Store) Recipients(ctx context.Context, ids []int64, admins bool, adminRole string, except int64) ([]int64, error) {
	if len(ids) == 0 && !admins {
		return nil, nil
	}
	q := s.db.NewSelect().Table("users").Column("id").
		Where("deleted_at IS NULL").Where("active").
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			if len(ids) > 0 {
				q = q.WhereOr("id IN (?)", bun.In(ids))
			}
			if admins {
				q = q.WhereOr("role = ? AND approval_status = 'approved'", adminRole)
			}
			return q
		}).Order("id")
	if except != 0 {
		q = q.Where("id <> ?", except)
	}
	var out []int64
	if err := q.Scan(ctx, &out); err != nil {
		return nil, fmt.Errorf("resolve recipients: %w", err)
	}
	return out, nil
}
