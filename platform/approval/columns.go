package approval

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
)

// Columns are an approvable record's approval columns (approval_status, approval_reason,
// approved_by, approved_at), as a module's bun row embeds them.
type Columns struct {
	ApprovalStatus string     `bun:"approval_status,notnull"`
	ApprovalReason string     `bun:"approval_reason,notnull"`
	ApprovedBy     *int64     `bun:"approved_by"`
	ApprovedAt     *time.Time `bun:"approved_at"`
}

// Info is a record's approval as the API shows it; a module's view embeds it.
type Info struct {
	ApprovalStatus string     `json:"approval_status" enum:"pending,approved,rejected"`
	ApprovalReason string     `json:"approval_reason" doc:"The rejection's reason"`
	ApprovedBy     *int64     `json:"approved_by" doc:"Who decided (approved or rejected)"`
	ApprovedAt     *time.Time `json:"approved_at" doc:"When it was decided"`
}

// Created is the approval of a record created at instant at by user by: approved at once by a
// decider (Initial), pending otherwise.
func Created(byDecider bool, by int64, at time.Time) Columns {
	c := Columns{ApprovalStatus: string(Initial(byDecider))}
	if byDecider {
		c.ApprovedBy, c.ApprovedAt = &by, &at
	}
	return c
}

// Decided records decision d, taken by user by at instant at, on c.
func (c *Columns) Decided(d Decision, by int64, at time.Time) {
	c.ApprovalStatus, c.ApprovalReason, c.ApprovedBy, c.ApprovedAt = string(d.Status), d.Reason, &by, &at
}

// Info is c as the API shows it, its instant in UTC.
func (c Columns) Info() Info {
	out := Info{ApprovalStatus: c.ApprovalStatus, ApprovalReason: c.ApprovalReason, ApprovedBy: c.ApprovedBy}
	if c.ApprovedAt != nil {
		at := c.ApprovedAt.UTC()
		out.ApprovedAt = &at
	}
	return out
}

// Store writes decision d, taken by user by at instant at, over the live record id of q (an
// UPDATE of the record's table) while it is still in status from, with its updated_by and
// updated_at: the conditional write of Run's Write. It answers db.ErrNotFound when the record
// is gone or no longer in from, so that two administrators deciding at once cannot both win.
func Store(ctx context.Context, q *bun.UpdateQuery, id int64, from Status, d Decision, by int64, at time.Time) error {
	res, err := q.Set("approval_status = ?", d.Status).Set("approval_reason = ?", d.Reason).
		Set("approved_by = ?", by).Set("approved_at = ?", at).Set("updated_by = ?", by).Set("updated_at = ?", at).
		Where("id = ?", id).Where("approval_status = ?", from).Where("deleted_at IS NULL").Exec(ctx)
	return db.OneRow(res, err)
}
