package app

import "github.com/backoffice/backoffice/platform/eventbus"

// Subjects of the events the auth module publishes (payload UserEvent).
var (
	SubjectUserCreated  = eventbus.Subject("auth", "user", "created")
	SubjectUserApproved = eventbus.Subject("auth", "user", "approved")
	SubjectUserRejected = eventbus.Subject("auth", "user", "rejected")
)

// UserEvent is the payload of the user events: the user's id and display name, and the reason of
// a rejection, and who created the user (told when an admin approves or rejects them).
type UserEvent struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	Reason    string `json:"reason,omitempty"`
	CreatedBy int64  `json:"created_by,omitempty"`
}
