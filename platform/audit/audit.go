// Package audit writes the audit log of DESIGN §4: who did what to which record and when, for
// approvals, deletes, settings and sign-in events. Entries are written in the caller's
// transaction so that a change and its audit entry are kept or lost together. The administrators'
// page reads them through modules/audit, which groups actions into kinds by their names
// (<entity>_<verb>: purchase_approved, user_deleted; login… for sign-ins): name new actions so.
package audit

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

// Entry is one audited action.
type Entry struct {
	bun.BaseModel `bun:"table:audit_log"`

	ID        int64     `bun:"id,pk,autoincrement"`
	CompanyID *int64    `bun:"company_id"`
	ActorID   *int64    `bun:"actor_id"`
	Action    string    `bun:"action,notnull"`
	Entity    string    `bun:"entity,notnull"`
	EntityID  string    `bun:"entity_id,notnull"`
	Detail    string    `bun:"detail,notnull"`
	IP        string    `bun:"ip,notnull"`
	CreatedAt time.Time `bun:"created_at,notnull"`
}

// Record inserts e, stamping CreatedAt (UTC) when unset.
func Record(ctx context.Context, db bun.IDB, e Entry) error {
	if e.CreatedAt.IsZero() {
		e.CreatedAt = time.Now().UTC()
	}
	_, err := db.NewInsert().Model(&e).Exec(ctx)
	return err
}

// Int64 returns a pointer to v, or nil for zero (an unknown actor or company).
func Int64(v int64) *int64 {
	if v == 0 {
		return nil
	}
	return &v
}
