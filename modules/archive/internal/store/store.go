// Package store is the archive module's only SQL: archive_batches, archive_items and
// archive_codes. The archived records stay in their owners' tables; this store never reads them.
package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
)

// ErrNotFound is platform/db's one answer for missing, out of scope and lost conditional writes.
var ErrNotFound = db.ErrNotFound

// Batch is a row of archive_batches.
type Batch struct {
	bun.BaseModel `bun:"table:archive_batches,alias:b"`

	ID             int64      `bun:"id,pk,autoincrement"`
	CompanyID      *int64     `bun:"company_id"`
	Kind           string     `bun:"kind,notnull"`
	Reason         string     `bun:"reason,notnull"`
	RecordCount    int        `bun:"record_count,notnull"`
	DependentCount int        `bun:"dependent_count,notnull"`
	TotalCents     int64      `bun:"total_cents,notnull"`
	CreatedBy      int64      `bun:"created_by,notnull"`
	CreatedByName  string     `bun:"created_by_name,notnull"`
	CreatedAt      time.Time  `bun:"created_at,notnull"`
	RestoredAt     *time.Time `bun:"restored_at"`
	RestoredBy     *int64     `bun:"restored_by"`
	RestoredByName string     `bun:"restored_by_name,notnull"`
}

// Item is a row of archive_items.
type Item struct {
	bun.BaseModel `bun:"table:archive_items,alias:i"`

	ID          int64  `bun:"id,pk,autoincrement"`
	BatchID     int64  `bun:"batch_id,notnull"`
	Kind        string `bun:"kind,notnull"`
	RecordID    int64  `bun:"record_id,notnull"`
	CompanyID   int64  `bun:"company_id,notnull"`
	Number      string `bun:"number,notnull"`
	PartyName   string `bun:"party_name,notnull"`
	AmountCents int64  `bun:"amount_cents,notnull"`
	Selected    bool   `bun:"selected,notnull"`
}

// Code is a row of archive_codes.
type Code struct {
	bun.BaseModel `bun:"table:archive_codes,alias:c"`

	ID        int64      `bun:"id,pk,autoincrement"`
	UserID    int64      `bun:"user_id,notnull"`
	CodeHash  string     `bun:"code_hash,notnull"`
	Attempts  int        `bun:"attempts,notnull"`
	ExpiresAt time.Time  `bun:"expires_at,notnull"`
	UsedAt    *time.Time `bun:"used_at"`
	CreatedAt time.Time  `bun:"created_at,notnull"`
}

// Store reads and writes the archive tables on db (the process's database or a transaction).
type Store struct{ db bun.IDB }

// New builds a Store on db.
func New(db bun.IDB) *Store { return &Store{db: db} }

// InsertBatch adds b with its items and sets the ids.
func (s *Store) InsertBatch(ctx context.Context, b *Batch, items []Item) error {
	if _, err := s.db.NewInsert().Model(b).Returning("id").Exec(ctx); err != nil {
		return err
	}
	if len(items) == 0 {
		return nil
	}
	for i := range items {
		items[i].BatchID = b.ID
	}
	_, err := s.db.NewInsert().Model(&items).Exec(ctx)
	return err
}

// AddItems adds the items of batch b (inserted before them) and stores its dependent count.
func (s *Store) AddItems(ctx context.Context, b *Batch, items []Item) error {
	if len(items) > 0 {
		if _, err := s.db.NewInsert().Model(&items).Exec(ctx); err != nil {
			return err
		}
	}
	_, err := s.db.NewUpdate().Model(b).Column("dependent_count").WherePK().Exec(ctx)
	return err
}

// Batches returns the batches in scope, newest first, from offset, at most limit, and how many
// there are. A batch that spans companies is an administrator's across companies only.
func (s *Store) Batches(ctx context.Context, scope listing.Scope, offset, limit int) ([]Batch, int, error) {
	var rows []Batch
	q := s.db.NewSelect().Model(&rows)
	if !scope.All {
		q = q.Where("b.company_id = ?", scope.CompanyID)
	}
	n, err := q.OrderExpr("b.created_at DESC, b.id DESC").Offset(int64(offset)).Limit(int64(limit)).ScanAndCount(ctx)
	return rows, int(n), err
}

// Batch returns batch id in scope.
func (s *Store) Batch(ctx context.Context, scope listing.Scope, id int64) (*Batch, error) {
	b := new(Batch)
	q := s.db.NewSelect().Model(b).Where("b.id = ?", id)
	if !scope.All {
		q = q.Where("b.company_id = ?", scope.CompanyID)
	}
	return b, db.NotFound(q.Scan(ctx))
}

// Items returns the items of the batches ids, by batch, in the order they were archived.
func (s *Store) Items(ctx context.Context, ids []int64) (map[int64][]Item, error) {
	out := map[int64][]Item{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Item
	err := s.db.NewSelect().Model(&rows).Where("i.batch_id IN (?)", bun.In(ids)).OrderExpr("i.id ASC").Scan(ctx)
	for _, r := range rows {
		out[r.BatchID] = append(out[r.BatchID], r)
	}
	return out, err
}

// MarkRestored stamps batch id restored while it is not yet (two admins restoring at once: one
// wins, the other gets ErrNotFound).
func (s *Store) MarkRestored(ctx context.Context, id, by int64, byName string, at time.Time) error {
	res, err := s.db.NewUpdate().Model((*Batch)(nil)).Set("restored_at = ?", at).Set("restored_by = ?", by).
		Set("restored_by_name = ?", byName).Where("id = ?", id).Where("restored_at IS NULL").Exec(ctx)
	return db.OneRow(res, err)
}

// Purge removes the batches created before cutoff with their items and returns how many went.
// The records they archived stay soft-deleted, as every deleted record does; they simply can no
// longer be restored.
func (s *Store) Purge(ctx context.Context, cutoff time.Time) (int, error) {
	old := s.db.NewSelect().Model((*Batch)(nil)).Column("b.id").Where("b.created_at < ?", cutoff)
	if _, err := s.db.NewDelete().Model((*Item)(nil)).Where("batch_id IN (?)", old).Exec(ctx); err != nil {
		return 0, err
	}
	res, err := s.db.NewDelete().Model((*Batch)(nil)).Where("created_at < ?", cutoff).Exec(ctx)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// InsertCode adds c and sets its id.
func (s *Store) InsertCode(ctx context.Context, c *Code) error {
	_, err := s.db.NewInsert().Model(c).Returning("id").Exec(ctx)
	return err
}

// SentSince returns the creation times of user's codes since from, oldest first (the send
// limit).
func (s *Store) SentSince(ctx context.Context, userID int64, from time.Time) ([]time.Time, error) {
	var rows []Code
	err := s.db.NewSelect().Model(&rows).Column("c.created_at").Where("c.user_id = ?", userID).
		Where("c.created_at > ?", from).OrderExpr("c.created_at ASC").Scan(ctx)
	at := make([]time.Time, len(rows))
	for i, r := range rows {
		at[i] = r.CreatedAt
	}
	return at, err
}

// LatestCode returns user's newest code (a new code replaces the ones before it).
func (s *Store) LatestCode(ctx context.Context, userID int64) (*Code, error) {
	c := new(Code)
	err := s.db.NewSelect().Model(c).Where("c.user_id = ?", userID).OrderExpr("c.id DESC").Limit(1).Scan(ctx)
	return c, db.NotFound(err)
}

// Miss counts a wrong try on code id.
func (s *Store) Miss(ctx context.Context, id int64) error {
	_, err := s.db.NewUpdate().Model((*Code)(nil)).Set("attempts = attempts + 1").Where("id = ?", id).Exec(ctx)
	return err
}

// Use spends code id while it is unspent and has tries left (single use under races).
func (s *Store) Use(ctx context.Context, id int64, maxAttempts int, at time.Time) error {
	res, err := s.db.NewUpdate().Model((*Code)(nil)).Set("used_at = ?", at).Where("id = ?", id).
		Where("used_at IS NULL").Where("attempts < ?", maxAttempts).Exec(ctx)
	return db.OneRow(res, err)
}
