// Package store is the notifications module's SQL: the notifications, notification_words (the
// inbox's search words) and notification_events tables. Recipients come from the auth module
// (Recipients), read in the recording transaction. Every inbox query is limited to its owner's
// user_id.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/search"
)

// Row is one notification as stored.
type Row struct {
	bun.BaseModel `bun:"table:notifications,alias:n"`

	ID           int64      `bun:"id,pk,autoincrement"`
	UserID       int64      `bun:"user_id,notnull"`
	CompanyID    int64      `bun:"company_id,notnull"`
	EventID      string     `bun:"event_id,notnull"`
	Subject      string     `bun:"subject,notnull"`
	Kind         string     `bun:"kind,notnull"`
	Outcome      string     `bun:"outcome,notnull"`
	Message      string     `bun:"message,notnull"`
	Params       string     `bun:"params,notnull"`
	ReferenceNo  string     `bun:"reference_no,notnull"`
	SupplierName string     `bun:"supplier_name,notnull"`
	AmountCents  int64      `bun:"amount_cents,notnull"`
	EntityID     int64      `bun:"entity_id,notnull"`
	ActorID      *int64     `bun:"actor_id"`
	OccurredAt   time.Time  `bun:"occurred_at,notnull"`
	ReadAt       *time.Time `bun:"read_at"`
	CreatedAt    time.Time  `bun:"created_at,notnull"`
	DeletedAt    *time.Time `bun:"deleted_at"`
}

// eventRow marks an event as handled.
type eventRow struct {
	bun.BaseModel `bun:"table:notification_events"`

	EventID    string    `bun:"event_id,pk"`
	Subject    string    `bun:"subject,notnull"`
	Recipients int       `bun:"recipients,notnull"`
	HandledAt  time.Time `bun:"handled_at,notnull"`
}

// Store runs the module's queries on a database.
type Store struct {
	db *bun.DB
}

// New returns a Store on bdb.
func New(bdb *bun.DB) *Store { return &Store{db: bdb} }

// Recipients resolves an event's recipients in the transaction that records it (the auth
// module's users, read through its public method).
type Recipients func(ctx context.Context, tx bun.IDB) ([]int64, error)

// Record handles one event in one transaction: it marks event_id handled and inserts the
// notification built by build for each user recipients answers. A second call for the same event_id
// (a redelivery) inserts nothing and returns dup = true with the live rows the first call stored.
// The rows are returned for pushing after the commit.
func (s *Store) Record(ctx context.Context, eventID, subject string, recipients Recipients, now time.Time,
	build func(userID int64) Row) (rows []Row, dup bool, err error) {
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		rows, dup = nil, false
		res, err := tx.NewInsert().Model(&eventRow{EventID: eventID, Subject: subject, HandledAt: now.UTC()}).
			On("CONFLICT DO NOTHING").Exec(ctx)
		if err != nil {
			return fmt.Errorf("mark event handled: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			// Handled before: hand back what that delivery stored (live rows only), for the caller
			// to push again — the earlier delivery may have died between its commit and its push.
			dup = true
			return tx.NewSelect().Model(&rows).Where("event_id = ?", eventID).Where("deleted_at IS NULL").Order("id").Scan(ctx)
		}
		users, err := recipients(ctx, tx)
		if err != nil {
			return fmt.Errorf("resolve recipients: %w", err)
		}
		if len(users) == 0 {
			return nil
		}
		batch := make([]Row, len(users))
		for i, u := range users {
			batch[i] = build(u)
			batch[i].UserID, batch[i].EventID, batch[i].CreatedAt = u, eventID, now.UTC()
		}
		// The unique (event_id, user_id) index is the last word should two handlers ever race
		// past the marker (they cannot: its primary key serialises them).
		if _, err := tx.NewInsert().Model(&batch).On("CONFLICT DO NOTHING").Exec(ctx); err != nil {
			return fmt.Errorf("insert notifications: %w", err)
		}
		if err := tx.NewSelect().Model(&rows).Where("event_id = ?", eventID).Order("id").Scan(ctx); err != nil {
			return fmt.Errorf("read notifications back: %w", err)
		}
		words := make(map[int64][]string, len(rows))
		for i := range rows {
			words[rows[i].ID] = RowWords(&rows[i])
		}
		if err := Words.Put(ctx, tx, words); err != nil {
			return fmt.Errorf("index notifications: %w", err)
		}
		_, err = tx.NewUpdate().Table("notification_events").Set("recipients = ?", len(rows)).
			Where("event_id = ?", eventID).Exec(ctx)
		return err
	})
	if err != nil {
		return nil, false, fmt.Errorf("notifications: record %s: %w", eventID, err)
	}
	return rows, dup, nil
}

// Filter narrows an inbox: Kind, CompanyID (0: every company), Unread only, and Q searching the
// reference number and supplier name by the words rule (platform/search: each term begins one
// of their words, accents and case ignored).
type Filter struct {
	Kind      string
	CompanyID int64
	Unread    bool
	Q         string
}

// apply narrows q, a SELECT of userID's notifications aliased n on idb, to f.
func (f Filter) apply(idb bun.IDB, q *bun.SelectQuery, userID int64) *bun.SelectQuery {
	if f.Kind != "" {
		q = q.Where("n.kind = ?", f.Kind)
	}
	if f.CompanyID > 0 {
		q = q.Where("n.company_id = ?", f.CompanyID)
	}
	if f.Unread {
		q = q.Where("n.read_at IS NULL")
	}
	if terms := search.Terms(f.Q); len(terms) > 0 {
		// The recipient's rows of each term's range: sort_name is the user id (see Words).
		q = q.Where("n.id IN (?)", Words.IDs(idb, terms, listing.Scope{All: true}).
			Where("w.sort_name = ?", strconv.FormatInt(userID, 10)))
	}
	return q
}

// Words is the notifications' word index (platform/search) of their reference number and
// supplier name, written by Record with the rows. An inbox is one user's, so its sort key is the
// recipient's user id: a search keeps that user's words from the index alone.
var Words = search.Table{Name: "notification_words", Key: "notification_id", Source: "notifications", SortExpr: "CAST(s.user_id AS TEXT)"}

// RowWords returns the indexed words of a notification: its reference's and its supplier's.
func RowWords(r *Row) []string {
	var w search.Words
	return w.Identifier(r.ReferenceNo).Text(r.SupplierName).List()
}

// IndexMissingWords indexes the words of the live notifications that have none (written before
// the word index existed) and returns how many it indexed.
func (s *Store) IndexMissingWords(ctx context.Context) (int, error) {
	return Words.IndexMissing(ctx, s.db, func(ctx context.Context, tx bun.IDB, pick func(*bun.SelectQuery) *bun.SelectQuery) (map[int64][]string, error) {
		var rows []Row
		q := tx.NewSelect().Model(&rows).ModelTableExpr("notifications AS p").Column("p.id", "p.reference_no", "p.supplier_name").
			Where("p.deleted_at IS NULL")
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

// ListSpec is the inbox's sorts: newest first by default.
var ListSpec = listing.Spec{
	Columns: map[string]listing.Column{
		"created_at": {Expr: "n.created_at", Kind: listing.Time},
	},
	Default:     "created_at",
	DefaultDesc: true,
	ID:          "n.id",
}

// List returns one page of userID's live notifications matching f, and how many match in all.
func (s *Store) List(ctx context.Context, userID int64, f Filter, plan *listing.Plan) ([]Row, int, error) {
	base := func() *bun.SelectQuery {
		return f.apply(s.db, s.db.NewSelect().Model((*Row)(nil)).Where("n.user_id = ?", userID).Where("n.deleted_at IS NULL"), userID)
	}
	var rows []Row
	if err := plan.Apply(base().Model(&rows)).Scan(ctx); err != nil {
		return nil, 0, fmt.Errorf("notifications: list: %w", err)
	}
	total, err := base().Count(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("notifications: count: %w", err)
	}
	return rows, int(total), nil
}

// ResumeGrace widens a resume (Missed) backwards in time: notification ids are taken when a
// row is inserted, not when its transaction commits, so two consumers recording at once may
// commit id 11 before id 10. A tab that saw 11 and then dropped would never ask for 10 by id
// alone; it also gets every notification created up to ResumeGrace before the one it names, and
// drops those it has shown (it dedupes by id). The grace bounds a recording transaction's
// duration plus the clock skew between processes on the same database.
const ResumeGrace = 30 * time.Second

// Missed returns up to limit of userID's live notifications a tab that last saw notification
// after has not been sent, oldest first: those with a greater id, and those created within
// ResumeGrace before after's own (see ResumeGrace). more says whether rows with a greater id
// were left out. last is userID's newest live notification id (0 without any), so that a tab
// without a position learns one. An after that is not userID's live notification resumes by id
// alone.
func (s *Store) Missed(ctx context.Context, userID, after int64, limit int) (rows []Row, more bool, last int64, err error) {
	if err := s.db.NewSelect().Model((*Row)(nil)).ColumnExpr("COALESCE(MAX(n.id), 0)").
		Where("n.user_id = ?", userID).Where("n.deleted_at IS NULL").Scan(ctx, &last); err != nil {
		return nil, false, 0, fmt.Errorf("notifications: newest id: %w", err)
	}
	if after <= 0 || after >= last {
		return nil, false, last, nil
	}
	// The newer ones first, one more than asked for to say whether there are more; the grace's
	// come on top, bounded by limit too, so that a page always moves past after.
	var newer []Row
	if err := s.db.NewSelect().Model(&newer).Where("n.user_id = ?", userID).Where("n.deleted_at IS NULL").
		Where("n.id > ?", after).Order("n.id").Limit(int64(limit) + 1).Scan(ctx); err != nil {
		return nil, false, 0, fmt.Errorf("notifications: missed: %w", err)
	}
	if len(newer) > limit {
		newer, more = newer[:limit], true
	}
	var anchor Row
	err = s.db.NewSelect().Model(&anchor).Column("n.created_at").Where("n.id = ?", after).
		Where("n.user_id = ?", userID).Where("n.deleted_at IS NULL").Scan(ctx)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return newer, more, last, nil
	case err != nil:
		return nil, false, 0, fmt.Errorf("notifications: resume point: %w", err)
	}
	// The grace's newest, those nearest the resume point, when there are more than limit.
	if err := s.db.NewSelect().Model(&rows).Where("n.user_id = ?", userID).Where("n.deleted_at IS NULL").
		Where("n.id < ?", after).Where("n.created_at >= ?", anchor.CreatedAt.Add(-ResumeGrace).UTC()).
		Order("n.id DESC").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, false, 0, fmt.Errorf("notifications: missed (grace): %w", err)
	}
	slices.Reverse(rows)
	rows = append(rows, newer...)
	return rows, more, last, nil
}

// UnreadCount counts userID's live unread notifications.
func (s *Store) UnreadCount(ctx context.Context, userID int64) (int, error) {
	n, err := s.db.NewSelect().Model((*Row)(nil)).Where("n.user_id = ?", userID).
		Where("n.read_at IS NULL").Where("n.deleted_at IS NULL").Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("notifications: unread count: %w", err)
	}
	return int(n), nil
}

// ErrNotFound is a notification that does not exist, is deleted, or belongs to someone else.
var ErrNotFound = db.ErrNotFound

// MarkRead sets read_at on userID's notification id (kept when already read) and returns it.
func (s *Store) MarkRead(ctx context.Context, userID, id int64, now time.Time) (Row, error) {
	if _, err := s.db.NewUpdate().Table("notifications").Set("read_at = ?", now.UTC()).
		Where("id = ?", id).Where("user_id = ?", userID).Where("read_at IS NULL").Where("deleted_at IS NULL").
		Exec(ctx); err != nil {
		return Row{}, fmt.Errorf("notifications: mark read: %w", err)
	}
	var r Row
	err := s.db.NewSelect().Model(&r).Where("n.id = ?", id).Where("n.user_id = ?", userID).
		Where("n.deleted_at IS NULL").Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return Row{}, ErrNotFound
	}
	if err != nil {
		return Row{}, fmt.Errorf("notifications: mark read: %w", err)
	}
	return r, nil
}

// MarkAllRead marks every live unread notification of userID read and says how many changed.
func (s *Store) MarkAllRead(ctx context.Context, userID int64, now time.Time) (int, error) {
	res, err := s.db.NewUpdate().Table("notifications").Set("read_at = ?", now.UTC()).
		Where("user_id = ?", userID).Where("read_at IS NULL").Where("deleted_at IS NULL").Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("notifications: mark all read: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// Delete soft-deletes userID's notification id; ErrNotFound when there is no such live one.
func (s *Store) Delete(ctx context.Context, userID, id int64, now time.Time) error {
	res, err := s.db.NewUpdate().Table("notifications").Set("deleted_at = ?", now.UTC()).
		Where("id = ?", id).Where("user_id = ?", userID).Where("deleted_at IS NULL").Exec(ctx)
	if err != nil {
		return fmt.Errorf("notifications: delete: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrNotFound
	}
	return nil
}

// DeleteAll soft-deletes userID's live notifications matching f (Q ignored) and says how many.
func (s *Store) DeleteAll(ctx context.Context, userID int64, f Filter, now time.Time) (int, error) {
	q := s.db.NewUpdate().Table("notifications").Set("deleted_at = ?", now.UTC()).
		Where("user_id = ?", userID).Where("deleted_at IS NULL")
	if f.Kind != "" {
		q = q.Where("kind = ?", f.Kind)
	}
	if f.CompanyID > 0 {
		q = q.Where("company_id = ?", f.CompanyID)
	}
	if f.Unread {
		q = q.Where("read_at IS NULL")
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("notifications: delete all: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}
