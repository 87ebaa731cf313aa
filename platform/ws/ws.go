// Package ws is the live channel: one WebSocket per browser tab at /ws, and the fan-out that
// lets any process push a message to a user's open tabs wherever they are connected.
//
// Every process that serves /ws (cmd/backoffice, and each cmd/notifier replica) runs a Gateway
// subscribed to the core NATS subjects live.>; a Pusher publishes on them. The prefix lies outside
// backoffice.>, the domain-event stream's subjects, so pushes are never stored by JetStream. A message
// for a user therefore reaches every tab of that user on every replica, and replicas need no
// knowledge of each other. Core NATS is at-most-once: a tab that was disconnected resumes from
// the persisted notifications when it reconnects (GET /api/notifications/missed), and a gateway
// whose bus connection came back tells its tabs to do the same ({"type":"resync"}), which is why
// the live channel can stay ephemeral. A tab that does not read is cut off at SendBuffer queued
// messages; list invalidations waiting for a tab are merged into one message.
//
// At 10,000 tabs the cost is the gateway's, per socket: each message is encoded and framed once
// for all its sockets (a prepared frame); a tab says which lists it shows ({"type":"watch"}) and
// is sent only the invalidations of those; a socket's pending invalidation is one word of bits,
// written at most once per InvalidateEvery, after any queued notification.
package ws

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
)

// Message is what a tab receives: {"type": "notification", "data": {...}} raises a toast and
// updates the notification list; {"type": "invalidate", "keys": [...]} refreshes open lists;
// {"type": "site_status", "data": {"status": "disabled"}} sends the tab to /disabled;
// {"type": "resync"} asks the tab to catch up from GET /api/notifications/missed (the process
// serving it lost its bus connection for a while, and with it any message sent meanwhile).
type Message struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data,omitempty"`
	Keys []string        `json:"keys,omitempty"`
}

// CoreBus is the part of the event bus the live channel uses (platform/eventbus.Bus).
type CoreBus interface {
	PublishCore(subject string, data []byte) error
	SubscribeCore(subject string, handler func(subject string, data []byte)) (unsubscribe func(), err error)
}

// Subject prefix of the live channel: core NATS only, outside the event stream's backoffice.>.
const subjectPrefix = "live."

func userSubject(userID int64) string {
	return subjectPrefix + "user." + strconv.FormatInt(userID, 10)
}

func companyRoleSubject(companyID int64, role string) string {
	return subjectPrefix + "company." + strconv.FormatInt(companyID, 10) + ".role." + role
}

func roleSubject(role string) string { return subjectPrefix + "role." + role }

// allSubject reaches every open tab of every user.
const allSubject = subjectPrefix + "all"

// Pusher sends messages to tabs, through the bus, whichever process holds them.
type Pusher struct{ bus CoreBus }

// NewPusher returns a Pusher on bus.
func NewPusher(bus CoreBus) Pusher { return Pusher{bus: bus} }

// ToUser sends msg to every open tab of a user.
func (p Pusher) ToUser(_ context.Context, userID int64, msg Message) error {
	return p.publish(userSubject(userID), msg)
}

// ToCompanyRole sends msg to every open tab of the users with role in a company.
func (p Pusher) ToCompanyRole(_ context.Context, companyID int64, role string, msg Message) error {
	return p.publish(companyRoleSubject(companyID, role), msg)
}

// ToRole sends msg to every open tab of the users with role, in every company (admins see all
// companies).
func (p Pusher) ToRole(_ context.Context, role string, msg Message) error {
	return p.publish(roleSubject(role), msg)
}

// ToAll sends msg to every open tab of every user (the site was switched off).
func (p Pusher) ToAll(_ context.Context, msg Message) error {
	return p.publish(allSubject, msg)
}

func (p Pusher) publish(subject string, msg Message) error {
	b, err := json.Marshal(msg)
	if err != nil {
		return fmt.Errorf("ws: marshal message: %w", err)
	}
	return p.bus.PublishCore(subject, b)
}
