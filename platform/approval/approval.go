// Package approval is the approval rule that users, customers and suppliers share: a record
// created by an admin is approved at once, one created by anyone else waits as pending until an
// admin approves it or rejects it with a reason. Only a pending record can be decided, so a
// decision is never silently overwritten.
//
// The package is pure: modules keep the status in their own approval_status, approval_reason,
// approved_by and approved_at columns and call Initial and Decide from their use cases.
package approval

import (
	"strings"

	"github.com/backoffice/backoffice/platform/apperror"
)

// Status is a record's approval state, stored as is in approval_status.
type Status string

// The approval states.
const (
	Pending  Status = "pending"
	Approved Status = "approved"
	Rejected Status = "rejected"
)

// The messages the client shows (spec wording; translated in the web app).
const (
	MsgReasonRequired = "A reason is required."
	MsgOnlyPending    = "Only pending records can be approved or rejected."
	MsgUnknownStatus  = "Unknown approval status."
)

// Initial is the status of a record created by a decider (the module's admin role, given to it
// in its Deps: spec §6) or by someone else.
func Initial(byDecider bool) Status {
	if byDecider {
		return Approved
	}
	return Pending
}

// Decide returns the status after an approval (approve) or a rejection (with reason) of a
// record in current. A rejection without a reason is invalid input (field "reason"); deciding a
// record that is not pending is a conflict. The reason of an approval is ignored.
func Decide(current Status, approve bool, reason string) (Status, error) {
	if !approve && strings.TrimSpace(reason) == "" {
		return current, apperror.Field("reason", MsgReasonRequired)
	}
	if current != Pending {
		return current, apperror.Conflict(MsgOnlyPending)
	}
	if approve {
		return Approved, nil
	}
	return Rejected, nil
}

// Decision is an administrator's decision on a pending record, as it is stored.
type Decision struct {
	// Status is Approved or Rejected.
	Status Status
	// Reason is the rejection's reason, trimmed; an approval carries none.
	Reason string
}

// Resolve checks a decision as Decide does and returns what to store.
func Resolve(current Status, approve bool, reason string) (Decision, error) {
	next, err := Decide(current, approve, reason)
	if err != nil {
		return Decision{Status: current}, err
	}
	if approve {
		reason = ""
	}
	return Decision{Status: next, Reason: strings.TrimSpace(reason)}, nil
}

// Parse reads the `approval` list filter: "" means no filter and returns "", nil.
func Parse(s string) (Status, error) {
	switch st := Status(strings.TrimSpace(s)); st {
	case "", Pending, Approved, Rejected:
		return st, nil
	default:
		return "", apperror.Field("approval", MsgUnknownStatus)
	}
}

// Valid reports whether s is one of the three states.
func (s Status) Valid() bool { return s == Pending || s == Approved || s == Rejected }
