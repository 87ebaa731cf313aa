// Package notifications turns domain events into each person's notifications and live toasts
// (DESIGN §1, §2 rule 4).
//
// A durable JetStream consumer named "notifications" (filter backoffice.>) reads every domain
// event. cmd/backoffice and every cmd/notifier replica run it on the same durable, so JetStream
// hands each event to one of them: the work is shared and an event is handled once. For an event
// of a kind below, it stores one notification per recipient in the same transaction that marks the
// event handled (notification_events), then pushes it over the live channel (platform/ws). A
// redelivered event finds its mark and inserts nothing, and pushes the stored notifications again
// (the delivery that stored them may have died before its push); the unique index on
// (event_id, user_id) backs that up.
//
// Kinds (the subject's entity): purchase, payment, purchase_order, received_order, customer,
// supplier, user, sale, return (a purchase return). Outcomes (the verb): created, approved,
// rejected, received. Recipients:
//   - approved / rejected: the record's creator (payload created_by), who waits for the decision;
//   - created (unless approved at creation) and received: every active administrator of every
//     company — administrators see and approve all companies' records, and filter their inbox by
//     company_id;
//   - never the actor.
//
// Messages are English i18n keys with {{name}} placeholders (domain.MessageKey), stored with
// their parameters, so the web app shows them in the reader's language.
//
// Live messages (ws.Message): to each recipient {"type":"notification","data":<Notification>}
// (the tab refreshes its notification list on it); to every tab that may show the record
// (the company's non-admin roles and all administrators) {"type":"invalidate","keys":[<lists>]},
// the lists being the API path names the change makes stale (e.g. "purchase-orders",
// "categories"). Marking read or deleting sends {"type":"invalidate","keys":["notifications"]}
// to the caller's other tabs. A push may be lost (core NATS, a socket down) or repeated (a
// redelivery): a tab remembers the last notification id it saw, resumes from
// GET /api/notifications/missed?after=<id> when its socket reconnects or its notifier says
// "resync", and shows each id once (webapp/src/lib/live/resume.ts). The resume also answers what
// was created up to store.ResumeGrace (30 s) before that id, since ids are not in commit order.
//
// Notifications are a person's own inbox, not business records: deleting them is soft (so a late
// duplicate event never brings one back) but not audited.
package notifications

import (
	"context"

	"github.com/backoffice/backoffice/modules/notifications/internal/app"
	"github.com/backoffice/backoffice/platform/eventbus"
)

// DurableName is the JetStream durable consumer every process shares.
const DurableName = "notifications"

// DefaultFilter is the subjects the consumer reads: every domain event.
const DefaultFilter = eventbus.DefaultSubjectPrefix + ".>"

// Notification is one notification as the API lists it and the live channel pushes it.
type Notification = app.Notification

// Users resolves a notification's recipients among the users (*auth.Module implements it).
type Users = app.Users

// Pusher sends live messages to open tabs; ws.Pusher implements it.
type Pusher = app.Pusher

// Consumer starts a durable consumer; *eventbus.Bus implements it.
type Consumer interface {
	Consume(ctx context.Context, durable, filterSubject string, handler eventbus.Handler) (stop func(), err error)
}
