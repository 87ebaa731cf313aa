package ws

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	fws "github.com/fasthttp/websocket"
	"github.com/gofiber/contrib/websocket"
	"github.com/gofiber/fiber/v2"

	"github.com/backoffice/backoffice/platform/httpx"
)

// Timing of a connection: a ping every pingEvery; a connection silent for longer than readWait
// is gone; the session behind it is checked again about every recheckEvery (at random intervals,
// one check shared by the session's tabs: recheck.go), so that a socket does not outlive a
// logout, a revoked session or a new IP restriction by more than a minute and a half.
const (
	pingEvery    = 25 * time.Second
	readWait     = 60 * time.Second
	writeWait    = 10 * time.Second
	recheckEvery = time.Minute
)

// SendBuffer is how many messages may wait for one socket. A tab that does not read its socket
// first fills the kernel's send buffer (on Linux up to a few MB: tcp_wmem), then its writer blocks
// and messages queue here; when SendBuffer are queued, or a single write has been blocked for
// writeWait (10 s), the socket is cut off (the connection is closed at once) and the tab
// reconnects and resumes. Delivery to the other sockets never waits for it: a full queue is
// detected without blocking. The bound also caps a stalled socket's memory at SendBuffer messages.
const SendBuffer = 64

// InvalidateEvery is the least time between two list invalidations sent to one socket: those
// arriving sooner wait and are merged into the next message (fanOutInvalidate). The first one
// after a quiet spell goes at once. Each invalidation makes the tab refetch its open lists, so
// under a burst of changes this also caps the API load of every open tab at one refetch per list
// per second, and it leaves the socket's writes to the notifications.
const InvalidateEvery = time.Second

// readLimit bounds what a tab may send: its {"type":"watch"} naming at most maxLists lists.
const readLimit = 4096

// resyncFrame tells every tab to catch up from the persisted notifications (the tab calls GET
// /api/notifications/missed): sent when the gateway's bus connection came back, because core
// NATS messages published while it was down never reach it. helloFrame greets a new socket.
var (
	resyncFrame = prepared([]byte(`{"type":"resync"}`))
	helloFrame  = prepared([]byte(`{"type":"hello"}`))
)

// Gateway accepts WebSocket connections at /ws for signed-in users and delivers the messages
// published for them on the bus.
type Gateway struct {
	auth   Authenticator
	logger *slog.Logger
	unsub  func()

	mu    sync.RWMutex
	conns map[*client]struct{}
	// byRoute files every socket under the subjects (after "live.") that reach it — its user,
	// its company and role, its role — so that a message visits only its sockets: a company's
	// "user" invalidation no longer walks 10,000 buyers' sockets to match none.
	byRoute map[string]map[*client]struct{}
	// checks holds the latest session check of each (session, address), shared by its sockets
	// (recheck.go).
	checks map[string]*sessionCheck
	// cutOff counts the sockets cut off for not keeping up.
	cutOff atomic.Int64
	// lists interns the list names of invalidations and watches, and caches their frames; recent
	// remembers what each route had invalidated lately, for a tab that starts showing a list.
	lists  *listTable
	recent recentLists
}

type client struct {
	p httpx.Principal
	// ip is the tab's address, which the session rechecks are asked about; check is the latest
	// answer, shared with the session's other sockets from that address.
	ip    string
	check *sessionCheck
	// send queues the frames that are not invalidations (notifications, resync, site status):
	// they are written before a pending invalidation (writePending), so a notification never
	// waits behind list refreshes, and a tab that lets SendBuffer of them queue is cut off.
	send chan *fws.PreparedMessage
	done chan struct{}
	once sync.Once
	// hangUp closes the network connection, ending a write blocked on a tab that does not read.
	hangUp func()
	// stale holds the lists to invalidate not yet written, merged (see fanOutInvalidate);
	// staleReady wakes the writer when it became non-empty.
	stale      atomic.Uint64
	staleReady chan struct{}
	// shows is the lists the tab said it shows ({"type":"watch"}), everyList until it says:
	// an invalidation of other lists is not sent to it at all.
	shows atomic.Uint64
	// goingAway is set when the process shuts down, so the tab is told to reconnect elsewhere.
	goingAway bool
}

func newClient(p httpx.Principal, hangUp func()) *client {
	c := &client{p: p, send: make(chan *fws.PreparedMessage, SendBuffer), done: make(chan struct{}),
		hangUp: hangUp, staleReady: make(chan struct{}, 1)}
	c.shows.Store(everyList)
	return c
}

func (c *client) close() { c.once.Do(func() { close(c.done) }) }

// markStale adds s to the pending invalidation and wakes the writer only when none was pending:
// the later ones of a burst cost an atomic OR, not a goroutine's wake-up.
func (c *client) markStale(s listSet) {
	if c.stale.Or(s) != 0 {
		return
	}
	select {
	case c.staleReady <- struct{}{}:
	default: // already signalled: the writer will take these lists too
	}
}

// wrote reports whether a write succeeded; a write that timed out (the tab has not read for
// writeWait) is the other way a slow tab is cut off, counted and logged like the full queue.
func (g *Gateway) wrote(c *client, err error) bool {
	if err == nil {
		return true
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		g.logger.Warn("live channel: slow client dropped", "user_id", c.p.UserID, "blocked", writeWait)
		g.cutOff.Add(1)
	}
	return false
}

// reconnecter is the part of the bus that reports reconnections (*eventbus.Bus has it).
type reconnecter interface {
	OnReconnect(func())
}

// Authenticator resolves a session at the upgrade and re-checks it, without counting as activity,
// while the socket is open (the auth module implements both).
type Authenticator interface {
	httpx.Authenticator
	httpx.Rechecker
}

// NewGateway subscribes to the live subjects on bus. Close unsubscribes and ends every connection.
func NewGateway(bus CoreBus, auth Authenticator, logger *slog.Logger) (*Gateway, error) {
	g := &Gateway{auth: auth, logger: logger, conns: map[*client]struct{}{}, byRoute: map[string]map[*client]struct{}{},
		checks: map[string]*sessionCheck{}, lists: newListTable()}
	unsub, err := bus.SubscribeCore(subjectPrefix+">", g.deliver)
	if err != nil {
		return nil, err
	}
	g.unsub = unsub
	if r, ok := bus.(reconnecter); ok {
		r.OnReconnect(func() { g.broadcast(resyncFrame) })
	}
	return g, nil
}

// CutOff counts the sockets cut off so far for not reading (for tests and metrics).
func (g *Gateway) CutOff() int64 { return g.cutOff.Load() }

// Close stops delivering and closes every connection.
func (g *Gateway) Close() {
	if g.unsub != nil {
		g.unsub()
	}
	g.mu.Lock()
	for c := range g.conns {
		c.goingAway = true
		c.close()
	}
	g.mu.Unlock()
}

// Connections counts open sockets (for tests and metrics).
func (g *Gateway) Connections() int {
	g.mu.RLock()
	defer g.mu.RUnlock()
	return len(g.conns)
}

// deliver routes one bus message to the matching sockets of this process, encoded and framed
// once for all of them.
func (g *Gateway) deliver(subject string, data []byte) {
	route := strings.TrimPrefix(subject, subjectPrefix)
	if bytes.HasPrefix(data, invalidatePrefix) {
		var m Message
		if err := json.Unmarshal(data, &m); err == nil && m.Type == "invalidate" {
			if s, ok := g.lists.set(m.Keys); ok {
				g.fanOutInvalidate(route, s)
				return
			}
			// A list name that cannot be interned goes as it came, to every socket of the
			// route, unmerged and unfiltered: slower, never lost.
		}
	}
	g.fanOut(route, prepared(data))
}

// routesOf are the subjects (after "live.") that reach a socket of p: see ws.go's subjects.
func routesOf(p httpx.Principal) [3]string {
	return [3]string{
		strings.TrimPrefix(userSubject(p.UserID), subjectPrefix),
		strings.TrimPrefix(companyRoleSubject(p.CompanyID, p.Role), subjectPrefix),
		strings.TrimPrefix(roleSubject(p.Role), subjectPrefix),
	}
}

// sockets returns the sockets a route reaches ("all": every one); g.mu must be held.
func (g *Gateway) sockets(route string) map[*client]struct{} {
	if route == strings.TrimPrefix(allSubject, subjectPrefix) {
		return g.conns
	}
	return g.byRoute[route]
}

// register files c under its routes; unregister takes it out.
func (g *Gateway) register(c *client) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.conns[c] = struct{}{}
	g.shareCheck(c)
	for _, r := range routesOf(c.p) {
		if g.byRoute[r] == nil {
			g.byRoute[r] = map[*client]struct{}{}
		}
		g.byRoute[r][c] = struct{}{}
	}
}

func (g *Gateway) unregister(c *client) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.conns, c)
	g.unshareCheck(c)
	for _, r := range routesOf(c.p) {
		delete(g.byRoute[r], c)
		if len(g.byRoute[r]) == 0 {
			delete(g.byRoute, r)
		}
	}
}

var invalidatePrefix = []byte(`{"type":"invalidate"`)

// fanOutInvalidate adds the lists s to those the route's sockets must invalidate, for the
// sockets whose tab shows one of them. Invalidations are idempotent, so a socket gets one message
// naming every list that went stale since its last one, at most one per InvalidateEvery, instead
// of one per change: under a burst of approvals a tab of the company receives about one
// invalidation a second, not one per approval. A tab showing none of the lists (a buyer on the
// products page while orders are approved) gets nothing. Memory per socket is one word.
func (g *Gateway) fanOutInvalidate(route string, s listSet) {
	g.recent.note(route, s, time.Now())
	g.mu.RLock()
	defer g.mu.RUnlock()
	for c := range g.sockets(route) {
		if m := s & c.shows.Load(); m != 0 {
			c.markStale(m)
		}
	}
}

// watch records the lists a tab says it shows. A list it starts showing is invalidated at once
// when one of its routes had it invalidated within recentEvery: the tab's first fetch of it may
// predate that change, whose invalidation skipped the tab. A name that cannot be interned makes
// the tab receive every invalidation again (it would otherwise miss that list's).
func (g *Gateway) watch(c *client, names []string) {
	s, ok := g.lists.set(names)
	if !ok {
		s = everyList
	}
	added := s &^ c.shows.Swap(s)
	if added == 0 {
		return
	}
	r := routesOf(c.p)
	if m := added & g.recent.of(time.Now(), r[0], r[1], r[2], strings.TrimPrefix(allSubject, subjectPrefix)); m != 0 {
		c.markStale(m)
	}
}

// takeStale returns the frame of the pending invalidation and empties it (nil: none pending).
func (g *Gateway) takeStale(c *client) *fws.PreparedMessage {
	s := c.stale.Swap(0)
	if s == 0 {
		return nil
	}
	return g.lists.frame(s)
}

// broadcast queues pm for every socket of this process.
func (g *Gateway) broadcast(pm *fws.PreparedMessage) {
	g.fanOut(strings.TrimPrefix(allSubject, subjectPrefix), pm)
}

// fanOut queues pm for the sockets the route reaches, never waiting for one.
func (g *Gateway) fanOut(route string, pm *fws.PreparedMessage) {
	g.mu.RLock()
	defer g.mu.RUnlock()
	for c := range g.sockets(route) {
		select {
		case <-c.done:
		case c.send <- pm:
		default:
			// A tab that cannot keep up is cut off (SendBuffer); it reconnects and resumes
			// from the persisted notifications rather than holding the gateway's memory hostage.
			g.logger.Warn("live channel: slow client dropped", "user_id", c.p.UserID, "queued", SendBuffer)
			g.cutOff.Add(1)
			c.close()
			if c.hangUp != nil {
				c.hangUp()
			}
		}
	}
}

// Handler is the Fiber handler for GET /ws: it authenticates the session cookie (browsers cannot
// set headers on a WebSocket) before upgrading.
func (g *Gateway) Handler() fiber.Handler {
	upgrade := websocket.New(g.serve, websocket.Config{HandshakeTimeout: 10 * time.Second})
	return func(c *fiber.Ctx) error {
		if !websocket.IsWebSocketUpgrade(c) {
			return fiber.ErrUpgradeRequired
		}
		token := c.Cookies(httpx.SessionCookieName)
		if h := c.Get(fiber.HeaderAuthorization); strings.HasPrefix(h, "Bearer ") {
			token = strings.TrimPrefix(h, "Bearer ")
		}
		if token == "" {
			return fiber.ErrUnauthorized
		}
		ip := httpx.ClientIP(c.UserContext())
		p, err := g.auth.Authenticate(c.UserContext(), token, ip)
		if err != nil || p.Pending2FA {
			return fiber.ErrUnauthorized
		}
		p.Token = token
		c.Locals("principal", p)
		c.Locals("ip", ip)
		return upgrade(c)
	}
}

// frameWriter is the part of a socket the writer uses (*websocket.Conn; a recorder in tests).
type frameWriter interface {
	SetWriteDeadline(t time.Time) error
	WritePreparedMessage(pm *fws.PreparedMessage) error
}

// write writes one frame, reporting whether the socket is still usable.
func (g *Gateway) write(c *client, w frameWriter, pm *fws.PreparedMessage) bool {
	_ = w.SetWriteDeadline(time.Now().Add(writeWait))
	return g.wrote(c, w.WritePreparedMessage(pm))
}

// writePending writes every queued notification, then the pending invalidation: a notification
// queued while the invalidation waited for its turn still goes first. sentStale reports whether
// an invalidation was written (its pacing restarts).
func (g *Gateway) writePending(c *client, w frameWriter) (sentStale, ok bool) {
	for len(c.send) > 0 { // the writer is the queue's only reader: this receive cannot block
		if !g.write(c, w, <-c.send) {
			return false, false
		}
	}
	pm := g.takeStale(c)
	if pm == nil {
		return false, true
	}
	return true, g.write(c, w, pm)
}

// checkTimedOut reports whether a session recheck failed by running out of time rather than by
// an answer: only an answer (expired, revoked, blocked address) ends the socket.
func checkTimedOut(err error) bool {
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout())
}

// tabMessage is what a tab may send: {"type":"watch","lists":["purchase-orders",…]}, the lists
// it shows (those it would refetch on an invalidation); it is sent the invalidations of those
// only. A tab that never says gets every invalidation of its routes.
type tabMessage struct {
	Type  string   `json:"type"`
	Lists []string `json:"lists"`
}

func (g *Gateway) serve(conn *websocket.Conn) {
	p, _ := conn.Locals("principal").(httpx.Principal)
	ip, _ := conn.Locals("ip").(string)
	c := newClient(p, func() { _ = conn.NetConn().Close() })
	c.ip = ip
	g.register(c)
	defer func() {
		g.unregister(c)
		c.close()
		_ = conn.Close()
	}()

	// Reader: keeps pongs flowing, notices a close, and takes the tab's announcements.
	go func() {
		defer c.close()
		conn.SetReadLimit(readLimit)
		_ = conn.SetReadDeadline(time.Now().Add(readWait))
		conn.SetPongHandler(func(string) error { return conn.SetReadDeadline(time.Now().Add(readWait)) })
		for {
			_, b, err := conn.ReadMessage()
			if err != nil {
				return
			}
			var m tabMessage
			if json.Unmarshal(b, &m) == nil && m.Type == "watch" {
				g.watch(c, m.Lists)
			}
		}
	}()

	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	// Spread, and shared by the session's tabs: see recheck.go.
	recheck := time.NewTimer(recheckDelay())
	defer recheck.Stop()
	// Invalidations: at most one message per InvalidateEvery, naming every list that went stale.
	var lastStale time.Time
	var staleTimer *time.Timer
	var staleLater <-chan time.Time
	defer func() {
		if staleTimer != nil {
			staleTimer.Stop()
		}
	}()
	flush := func() bool {
		sent, ok := g.writePending(c, conn)
		if sent {
			lastStale = time.Now()
		}
		return ok
	}
	if !g.write(c, conn, helloFrame) {
		return
	}
	for {
		select {
		case <-c.done:
			g.mu.RLock()
			away := c.goingAway
			g.mu.RUnlock()
			if away {
				_ = conn.SetWriteDeadline(time.Now().Add(writeWait))
				_ = conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseGoingAway, "server restarting"))
			}
			return
		case pm := <-c.send:
			if !g.write(c, conn, pm) {
				return
			}
		case <-c.staleReady:
			if wait := InvalidateEvery - time.Since(lastStale); wait > 0 {
				if staleLater == nil {
					staleTimer = time.NewTimer(wait)
					staleLater = staleTimer.C
				}
				continue
			}
			if !flush() {
				return
			}
		case <-staleLater:
			staleLater = nil
			if !flush() {
				return
			}
		case <-ping.C:
			_ = conn.SetWriteDeadline(time.Now().Add(writeWait))
			if err := conn.WriteMessage(websocket.PingMessage, nil); err != nil {
				return
			}
		case <-recheck.C:
			recheck.Reset(recheckDelay())
			err := g.recheck(c)
			if err != nil && checkTimedOut(err) {
				// The check did not answer in time (a database under load): the session did
				// not end, and a 4401 would stop the tab from ever reconnecting. Next minute.
				g.logger.Warn("live channel: session recheck timed out; kept", "user_id", p.UserID, "err", err)
				continue
			}
			if err != nil {
				g.logger.Info("live channel: session ended, socket closed", "user_id", p.UserID, "err", err)
				_ = conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4401, "session ended"))
				return
			}
		}
	}
}
