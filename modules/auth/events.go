package auth

import "github.com/backoffice/backoffice/modules/auth/internal/app"

// Subjects of the auth module's events, all with a UserEvent payload:
// backoffice.auth.user.{created,approved,rejected}.v1. A user created by an administrator is
// approved at once (created only); one created by anyone else starts pending.
var (
	SubjectUserCreated  = app.SubjectUserCreated
	SubjectUserApproved = app.SubjectUserApproved
	SubjectUserRejected = app.SubjectUserRejected
)

// UserEvent is the payload of the user events: {"id", "name", "reason"?}.
type UserEvent = app.UserEvent
