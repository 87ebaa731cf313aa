package ws

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/contrib/websocket"
	"github.com/gofiber/fiber/v2"

	"github.com/backoffice/backoffice/platform/httpx"
)

// Timing of a connection: a ping every pingEvery; a connection silent for longer than readWait
// is gone; the session behind it is checked again every recheckEvery, so that a socket does not
// outlive a logout, a revoked session or a new IP restriction.
const (
	pingEvery    = 25 * time.Second
	readWait     = 60 * time.Second
	writeWait    = 10 * time.Second
	recheckEvery = time.Minute
	sendBuffer   = 64
)

// Gateway accepts WebSocket connections at /ws for signed-in users and delivers the messages
// published for them on the bus.
type Gateway struct {
	auth   Authenticator
	logger *slog.Logger
	unsub  func()

	mu    sync.RWMutex
	conns map[*client]struct{}
}

type client struct {
	p    httpx.Principal
	send chan []byte
	done chan struct{}
	once sync.Once
	// goingAway is set when the process shuts down, so the tab is told to reconnect elsewhere.
	goingAway bool
}

func (c *client) close() { c.once.Do(func() { close(c.done) }) }

// Authenticator resolves a session at the upgrade and re-checks it, without counting as activity,
// while the socket is open (the auth module implements both).
type Authenticator interface {
	httpx.Authenticator
	httpx.Rechecker
}

// NewGateway subscribes to the live subjects on bus. Close unsubscribes and ends every connection.
func NewGateway(bus CoreBus, auth Authenticator, logger *slog.Logger) (*Gateway, error) {
	g := &Gateway{auth: auth, logger: logger, conns: map[*client]struct{}{}}
	unsub, err := bus.SubscribeCore(subjectPrefix+">", g.deliver)
	if err != nil {
		return nil, err
	}
	g.unsub = unsub
	return g, nil
}

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

// deliver routes one bus message to the matching sockets of this process.
func (g *Gateway) deliver(subject string, data []byte) {
	match, ok := matcher(strings.TrimPrefix(subject, subjectPrefix))
	if !ok {
		return
	}
	g.mu.RLock()
	defer g.mu.RUnlock()
	for c := range g.conns {
		if !match(c.p) {
			continue
		}
		select {
		case c.send <- data:
		default:
			// A tab that cannot keep up is disconnected; it reconnects and catches up from the
			// persisted list rather than holding the gateway's memory hostage.
			g.logger.Warn("live channel: slow client dropped", "user_id", c.p.UserID)
			c.close()
		}
	}
}

// matcher parses "user.<id>", "company.<id>.role.<role>", "role.<role>" or "all".
func matcher(rest string) (func(httpx.Principal) bool, bool) {
	parts := strings.Split(rest, ".")
	switch {
	case len(parts) == 2 && parts[0] == "user":
		id, err := strconv.ParseInt(parts[1], 10, 64)
		return func(p httpx.Principal) bool { return p.UserID == id }, err == nil
	case len(parts) == 4 && parts[0] == "company" && parts[2] == "role":
		id, err := strconv.ParseInt(parts[1], 10, 64)
		role := parts[3]
		return func(p httpx.Principal) bool { return p.CompanyID == id && p.Role == role }, err == nil
	case len(parts) == 2 && parts[0] == "role":
		role := parts[1]
		return func(p httpx.Principal) bool { return p.Role == role }, true
	case len(parts) == 1 && parts[0] == "all":
		return func(httpx.Principal) bool { return true }, true
	}
	return nil, false
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

func (g *Gateway) serve(conn *websocket.Conn) {
	p, _ := conn.Locals("principal").(httpx.Principal)
	ip, _ := conn.Locals("ip").(string)
	c := &client{p: p, send: make(chan []byte, sendBuffer), done: make(chan struct{})}
	g.mu.Lock()
	g.conns[c] = struct{}{}
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		delete(g.conns, c)
		g.mu.Unlock()
		c.close()
		_ = conn.Close()
	}()

	// Reader: the client sends nothing meaningful; reading keeps pongs flowing and notices a close.
	go func() {
		defer c.close()
		conn.SetReadLimit(1024)
		_ = conn.SetReadDeadline(time.Now().Add(readWait))
		conn.SetPongHandler(func(string) error { return conn.SetReadDeadline(time.Now().Add(readWait)) })
		for {
			if _, _, err := conn.ReadMessage(); err != nil {
				return
			}
		}
	}()

	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	recheck := time.NewTicker(recheckEvery)
	defer recheck.Stop()
	_ = conn.WriteMessage(websocket.TextMessage, []byte(`{"type":"hello"}`))
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
		case b := <-c.send:
			_ = conn.SetWriteDeadline(time.Now().Add(writeWait))
			if err := conn.WriteMessage(websocket.TextMessage, b); err != nil {
				return
			}
		case <-ping.C:
			_ = conn.SetWriteDeadline(time.Now().Add(writeWait))
			if err := conn.WriteMessage(websocket.PingMessage, nil); err != nil {
				return
			}
		case <-recheck.C:
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			_, err := g.auth.Recheck(ctx, p.Token, ip)
			cancel()
			if err != nil {
				_ = conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4401, "session ended"))
				return
			}
		}
	}
}
