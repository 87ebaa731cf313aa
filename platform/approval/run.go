package approval

import (
	"context"
	"errors"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/db"
)

// Verb is the event verb of a decision: "approved" or "rejected" (the last word but one of
// backoffice.<module>.<entity>.<verb>.v1).
func (d Decision) Verb() string {
	if d.Status == Approved {
		return "approved"
	}
	return "rejected"
}

// Write stores a decision and its effects in tx: the record's conditional status change (from
// the status the decision was checked against), its audit entry, its events through the outbox,
// and whatever the approval moves (stock, balances). It answers db.ErrNotFound when the record
// is no longer in that status.
type Write func(ctx context.Context, tx bun.Tx, d Decision) error

// Run is the one decision sequence of every approvable record: it checks the decision against
// the record's current status (Resolve) and carries it out with write in one transaction.
//
// A write that finds the record no longer in current — another administrator decided first,
// or someone deleted it between the read and the write — answers the same conflict as a
// decision on a record that was not pending. An apperror from write passes as is (a rule the
// effects enforce, e.g. not enough stock); any other failure is internal.
func Run(ctx context.Context, conn bun.IDB, current Status, approve bool, reason string, write Write) (Decision, error) {
	d, err := Resolve(current, approve, reason)
	if err != nil {
		return d, err
	}
	err = conn.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error { return write(ctx, tx, d) })
	switch {
	case err == nil:
		return d, nil
	case errors.Is(err, db.ErrNotFound):
		return d, apperror.Conflict(MsgOnlyPending)
	case apperror.As(err) != nil:
		return d, apperror.As(err)
	default:
		return d, apperror.Internal(err)
	}
}
