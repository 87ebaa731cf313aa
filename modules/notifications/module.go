package notifications

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/notifications/internal/app"
	notificationshttp "github.com/backoffice/backoffice/modules/notifications/internal/http"
	"github.com/backoffice/backoffice/modules/notifications/internal/store"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/httpx"
)

// Deps is what the notifications module needs from the process.
type Deps struct {
	DB *bun.DB
	// Events is where the consumer reads from (the process's *eventbus.Bus); nil runs no
	// consumer (API-only processes and tests).
	Events Consumer
	// Filter is the consumer's subject filter (default DefaultFilter); tests on a shared NATS
	// use their own stream's prefix.
	Filter string
	// Push sends live messages (ws.Pusher); nil pushes nothing.
	Push Pusher
	// Users resolves recipients (*auth.Module).
	Users Users
	// AdminRole is notified of created and received records; OtherRoles are the remaining
	// roles, whose tabs in the record's company get list invalidations.
	AdminRole  string
	OtherRoles []string
	Now        func() time.Time
	Logger     *slog.Logger
}

// Module is the notifications module's composition root.
type Module struct {
	svc    *app.Service
	events Consumer
	filter string

	mu   sync.Mutex
	stop func()
}

// New wires the module; Start begins consuming.
func New(d Deps) *Module {
	if d.Filter == "" {
		d.Filter = DefaultFilter
	}
	svc := app.New(app.Deps{Store: store.New(d.DB), Users: d.Users, Push: d.Push, AdminRole: d.AdminRole, Roles: d.OtherRoles,
		Now: d.Now, Logger: d.Logger})
	return &Module{svc: svc, events: d.Events, filter: d.Filter}
}

// IndexSearch indexes the search words (platform/search) of the notifications that have none
// (written before the word index existed) and returns how many it indexed.
func (m *Module) IndexSearch(ctx context.Context) (int, error) { return m.svc.IndexSearch(ctx) }

// Routes registers /api/notifications.
func (m *Module) Routes(api *httpx.API) { notificationshttp.Routes(api, m.svc) }

// Start begins consuming domain events on the shared durable consumer, until Close or ctx ends.
// Without Events it does nothing. Starting twice is an error.
func (m *Module) Start(ctx context.Context) error {
	if m.events == nil {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.stop != nil {
		return errors.New("notifications: consumer already started")
	}
	stop, err := m.events.Consume(ctx, DurableName, m.filter, m.svc.HandleMessage)
	if err != nil {
		return err
	}
	m.stop = stop
	return nil
}

// Close stops the consumer, letting the messages in hand finish. It is safe to call more than
// once, and without Start.
func (m *Module) Close() {
	m.mu.Lock()
	stop := m.stop
	m.stop = nil
	m.mu.Unlock()
	if stop != nil {
		stop()
	}
}

// HandleMessage processes one delivered message as the consumer does (exported for tests that
// simulate a redelivery without waiting for JetStream's ack timeout).
func (m *Module) HandleMessage(ctx context.Context, msg eventbus.Msg) error {
	return m.svc.HandleMessage(ctx, msg)
}
