// Package app is the notifications module's use cases: turning a domain event delivered by the
// durable consumer into persisted notifications and live pushes, and the inbox operations of
// the API (each caller sees and changes only their own notifications).
package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/notifications/internal/domain"
	"github.com/backoffice/backoffice/modules/notifications/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/ws"
)

// MsgNotFound is the answer for a notification that is not the caller's or not there.
const MsgNotFound = "The requested information was not found"

// Pusher sends live messages to open tabs (ws.Pusher).
type Pusher interface {
	ToUser(ctx context.Context, userID int64, msg ws.Message) error
	ToCompanyRole(ctx context.Context, companyID int64, role string, msg ws.Message) error
	ToRole(ctx context.Context, role string, msg ws.Message) error
}

// Deps is what the service needs.
type Deps struct {
	Store *store.Store
	// Users resolves recipients among the auth module's users.
	Users Users
	// Push may be nil: nothing is pushed (a process without a bus).
	Push Pusher
	// AdminRole receives created/received notifications; Roles are every other role, whose
	// company's tabs get list invalidations.
	AdminRole string
	Roles     []string
	Now       func() time.Time
	Logger    *slog.Logger
}

// Users resolves recipients (the auth module): the live active users among ids, plus every
// approved administrator when admins, leaving out except, ascending; read in tx.
type Users interface {
	Recipients(ctx context.Context, tx bun.IDB, ids []int64, admins bool, except int64) ([]int64, error)
}

// Service is the module's use cases.
type Service struct {
	d Deps
}

// New returns the service.
func New(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Logger == nil {
		d.Logger = slog.New(slog.DiscardHandler)
	}
	return &Service{d: d}
}

// Notification is one notification as the API and the live channel show it.
type Notification struct {
	ID           int64             `json:"id"`
	Kind         string            `json:"kind" enum:"purchase,payment,purchase_order,received_order,customer,supplier,user,sale,return"`
	Outcome      string            `json:"outcome" enum:"created,approved,rejected,received"`
	Title        string            `json:"title" doc:"English i18n key of the toast title, e.g. 'Purchase Order Approved'"`
	Message      string            `json:"message" doc:"English i18n key with {{name}} placeholders, e.g. 'Purchase {{label}} was approved.'"`
	Params       map[string]string `json:"params" doc:"Values of the message's placeholders: label, and reference_no, supplier_name, customer_name, name, reason when known"`
	ReferenceNo  string            `json:"reference_no"`
	SupplierName string            `json:"supplier_name"`
	AmountCents  int64             `json:"amount_cents"`
	EntityID     int64             `json:"entity_id" doc:"Id of the record the notification is about (its kind says which list)"`
	CompanyID    int64             `json:"company_id" doc:"The company of that record"`
	ActorID      *int64            `json:"actor_id" doc:"Who acted (created, approved…)"`
	EventID      string            `json:"event_id"`
	Read         bool              `json:"read"`
	ReadAt       *time.Time        `json:"read_at"`
	OccurredAt   time.Time         `json:"occurred_at" doc:"When the change happened"`
	CreatedAt    time.Time         `json:"created_at" doc:"When the notification was stored"`
}

// View converts a stored row.
func View(r store.Row) Notification {
	k, o := domain.Kind(r.Kind), domain.Outcome(r.Outcome)
	return Notification{ID: r.ID, Kind: r.Kind, Outcome: r.Outcome, Title: domain.Title(k, o), Message: r.Message,
		Params: domain.DecodeParams(r.Params), ReferenceNo: r.ReferenceNo, SupplierName: r.SupplierName,
		AmountCents: r.AmountCents, EntityID: r.EntityID, CompanyID: r.CompanyID, ActorID: r.ActorID,
		EventID: r.EventID, Read: r.ReadAt != nil, ReadAt: r.ReadAt, OccurredAt: r.OccurredAt, CreatedAt: r.CreatedAt}
}

// HandleMessage is the durable consumer's handler. Messages that are not notifying domain events
// are acknowledged untouched. An event is recorded once: a redelivery finds it handled, inserts
// nothing and pushes the stored notifications again (tabs dedupe by id). Pushes happen after the commit and are best effort (an offline tab
// catches up from the list), so a push failure never fails the message.
func (s *Service) HandleMessage(ctx context.Context, msg eventbus.Msg) error {
	kind, outcome, ok := domain.Parse(msg.Subject)
	if !ok {
		return nil
	}
	env, err := eventbus.DecodeEvent[domain.Payload](msg.Data)
	if err != nil {
		// A malformed event will not improve with retries; log it and move on.
		s.d.Logger.Error("notifications: undecodable event dropped", "subject", msg.Subject, "msg_id", msg.ID, "err", err)
		return nil
	}
	ev := domain.Event{ID: env.EventID, Subject: msg.Subject, Kind: kind, Outcome: outcome,
		CompanyID: env.CompanyID, ActorID: env.ActorID, Data: env.Data}
	aud := domain.AudienceOf(ev)
	content := domain.ContentOf(ev)
	params := domain.EncodeParams(content.Params)
	var actor *int64
	if ev.ActorID != 0 {
		actor = &ev.ActorID
	}
	rows, dup, err := s.d.Store.Record(ctx, ev.ID, ev.Subject,
		func(ctx context.Context, tx bun.IDB) ([]int64, error) {
			return s.d.Users.Recipients(ctx, tx, aud.Users, aud.Admins, aud.Except)
		}, s.d.Now(),
		func(int64) store.Row {
			return store.Row{CompanyID: ev.CompanyID, Subject: ev.Subject, Kind: string(kind), Outcome: string(outcome),
				Message: content.Message, Params: params, ReferenceNo: content.ReferenceNo,
				SupplierName: content.SupplierName, AmountCents: content.AmountCents, EntityID: content.EntityID,
				ActorID: actor, OccurredAt: env.OccurredAt.UTC()}
		})
	if err != nil {
		return err
	}
	if dup {
		// Pushed again: the delivery that stored them may have been killed between its commit
		// and its push (JetStream redelivers what was never acked). Tabs drop a notification id
		// they have already shown, so a second push never makes a second toast.
		s.d.Logger.Debug("notifications: event already handled, pushed again", "event_id", ev.ID, "subject", ev.Subject)
	}
	s.push(ctx, ev, rows)
	return nil
}

// push sends each recipient their notification, then invalidates the changed record's lists in
// every tab that may show them: the record's company (every role but admin) and every
// administrator.
func (s *Service) push(ctx context.Context, ev domain.Event, rows []store.Row) {
	if s.d.Push == nil {
		return
	}
	for _, r := range rows {
		data, err := json.Marshal(View(r))
		if err != nil {
			s.d.Logger.Error("notifications: encode push", "err", err)
			continue
		}
		// No invalidation of the recipient's notification list goes with it: a tab refreshes
		// that list on the notification frame itself (webapp lib/live), and at 10,000 tabs the
		// extra frame was a third of a notifier's writes.
		s.logPush(s.d.Push.ToUser(ctx, r.UserID, ws.Message{Type: "notification", Data: data}))
	}
	lists := ws.Message{Type: "invalidate", Keys: domain.ListsOf(ev)}
	if ev.CompanyID != 0 {
		for _, role := range s.d.Roles {
			s.logPush(s.d.Push.ToCompanyRole(ctx, ev.CompanyID, role, lists))
		}
	}
	s.logPush(s.d.Push.ToRole(ctx, s.d.AdminRole, lists))
}

func (s *Service) logPush(err error) {
	if err != nil {
		s.d.Logger.Warn("notifications: live push failed; tabs catch up from the list", "err", err)
	}
}

// ListParams is an inbox request.
type ListParams struct {
	Query  listing.Query
	Filter store.Filter
}

// List is the caller's own notifications. The company filter matters to administrators, who
// receive every company's; for anyone else it can only narrow their own.
func (s *Service) List(ctx context.Context, p caller.Principal, in ListParams) (listing.Page[Notification], error) {
	if in.Filter.Kind != "" && !domain.ValidKind(in.Filter.Kind) {
		return listing.Page[Notification]{}, apperror.Field("kind", "Unknown notification kind.")
	}
	plan, err := listing.NewPlan(store.ListSpec, in.Query)
	if err != nil {
		return listing.Page[Notification]{}, err
	}
	rows, total, err := s.d.Store.List(ctx, p.UserID, in.Filter, plan)
	if err != nil {
		return listing.Page[Notification]{}, err
	}
	page := listing.Finish(plan, rows, total, func(r store.Row) (any, int64) { return r.CreatedAt, r.ID })
	out := listing.Page[Notification]{Meta: page.Meta, Data: make([]Notification, len(page.Data))}
	for i, r := range page.Data {
		out.Data[i] = View(r)
	}
	return out, nil
}

// MissedLimit bounds one resume answer; MissedDefault is its size when the tab names none.
const (
	MissedLimit   = 500
	MissedDefault = 100
)

// Missed is a resume (GET /api/notifications/missed): the notifications a tab that last saw
// notification after has not been sent, oldest first, with the caller's newest id; more says
// the tab should ask again from the last one returned. See store.Missed for the grace window.
type Missed struct {
	Data   []Notification `json:"data"`
	More   bool           `json:"more" doc:"More notifications follow the last one returned: ask again with after set to its id"`
	LastID int64          `json:"last_id" doc:"The caller's newest notification id (0 without any): where a tab without a position starts"`
}

// Missed answers a tab's resume after reconnecting: the caller's own notifications only.
func (s *Service) Missed(ctx context.Context, p caller.Principal, after int64, limit int) (Missed, error) {
	if after < 0 {
		return Missed{}, apperror.Field("after", "The notification id must be 0 or more.")
	}
	if limit == 0 {
		limit = MissedDefault
	}
	if limit < 1 || limit > MissedLimit {
		return Missed{}, apperror.Field("limit", "The limit must be between 1 and 500.")
	}
	rows, more, last, err := s.d.Store.Missed(ctx, p.UserID, after, limit)
	if err != nil {
		return Missed{}, err
	}
	out := Missed{Data: make([]Notification, len(rows)), More: more, LastID: last}
	for i, r := range rows {
		out.Data[i] = View(r)
	}
	return out, nil
}

// UnreadCount is the caller's unread badge.
func (s *Service) UnreadCount(ctx context.Context, p caller.Principal) (int, error) {
	return s.d.Store.UnreadCount(ctx, p.UserID)
}

// MarkRead marks one of the caller's notifications read.
func (s *Service) MarkRead(ctx context.Context, p caller.Principal, id int64) (Notification, error) {
	r, err := s.d.Store.MarkRead(ctx, p.UserID, id, s.d.Now())
	if err != nil {
		return Notification{}, notFound(err)
	}
	s.changed(ctx, p)
	return View(r), nil
}

// MarkAllRead marks every notification of the caller read.
func (s *Service) MarkAllRead(ctx context.Context, p caller.Principal) (int, error) {
	n, err := s.d.Store.MarkAllRead(ctx, p.UserID, s.d.Now())
	if err == nil && n > 0 {
		s.changed(ctx, p)
	}
	return n, err
}

// Delete removes one of the caller's notifications (soft: a redelivered event never restores it).
func (s *Service) Delete(ctx context.Context, p caller.Principal, id int64) error {
	if err := s.d.Store.Delete(ctx, p.UserID, id, s.d.Now()); err != nil {
		return notFound(err)
	}
	s.changed(ctx, p)
	return nil
}

// DeleteAll removes the caller's notifications matching f (all of them with an empty filter).
func (s *Service) DeleteAll(ctx context.Context, p caller.Principal, f store.Filter) (int, error) {
	if f.Kind != "" && !domain.ValidKind(f.Kind) {
		return 0, apperror.Field("kind", "Unknown notification kind.")
	}
	n, err := s.d.Store.DeleteAll(ctx, p.UserID, f, s.d.Now())
	if err == nil && n > 0 {
		s.changed(ctx, p)
	}
	return n, err
}

// changed tells the caller's other tabs to refresh their badge and list.
func (s *Service) changed(ctx context.Context, p caller.Principal) {
	if s.d.Push != nil {
		s.logPush(s.d.Push.ToUser(ctx, p.UserID, ws.Message{Type: "invalidate", Keys: []string{domain.NotificationsKey}}))
	}
}

func notFound(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return apperror.NotFound(MsgNotFound)
	}
	return fmt.Errorf("notifications: %w", err)
}

// IndexSearch indexes the search words of the notifications that have none (written before the
// word index existed) and returns how many it indexed.
func (s *Service) IndexSearch(ctx context.Context) (int, error) {
	return s.d.Store.IndexMissingWords(ctx)
}
