package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fasthttp/websocket"
)

// tab is one browser tab: a WebSocket to /ws with its user's session cookie.
type tab struct {
	idx    int
	userID int64
	url    string
	token  string
	conn   *websocket.Conn

	// Written by the tab's reader only; read after it stopped.
	frames      []frame
	hello       bool
	invalidates int
	others      int
	badFrames   int
	closedErr   error
	closedAt    time.Time
	stopped     chan struct{}
}

// frame is one notification frame as received.
type frame struct {
	arrival    time.Time
	id         int64
	kind       string
	outcome    string
	entityID   int64
	occurredAt time.Time
	createdAt  time.Time
}

var notificationPrefix = []byte(`{"type":"notification"`)

type wireMessage struct {
	Type string `json:"type"`
	Data struct {
		ID         int64     `json:"id"`
		Kind       string    `json:"kind"`
		Outcome    string    `json:"outcome"`
		EntityID   int64     `json:"entity_id"`
		OccurredAt time.Time `json:"occurred_at"`
		CreatedAt  time.Time `json:"created_at"`
	} `json:"data"`
}

// approvedFrames counts the approval notification frames received by every tab, for the drain wait.
var approvedFrames atomic.Int64

// dialAll connects every tab, conc handshakes at a time, and waits for each tab's hello frame.
func dialAll(ctx context.Context, tabs []*tab, conc int, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	dialer := &websocket.Dialer{HandshakeTimeout: 10 * time.Second, ReadBufferSize: 4096, WriteBufferSize: 1024}
	sem := make(chan struct{}, conc)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	failures := 0
	for _, t := range tabs {
		if ctx.Err() != nil {
			break
		}
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			err := t.dial(ctx, dialer)
			if err != nil {
				mu.Lock()
				failures++
				if firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return fmt.Errorf("%d of %d sockets failed to connect; first: %w", failures, len(tabs), firstErr)
	}
	return ctx.Err()
}

// dial opens the socket with the session cookie, reads the hello frame and starts the reader.
func (t *tab) dial(ctx context.Context, d *websocket.Dialer) error {
	h := http.Header{}
	h.Set("Cookie", "authToken="+t.token)
	h.Set("Origin", strings.Replace(strings.Replace(t.url, "ws://", "http://", 1), "/ws", "", 1))
	conn, resp, err := d.DialContext(ctx, t.url, h)
	if err != nil {
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		return fmt.Errorf("tab %d: dial %s (HTTP %d): %w", t.idx, t.url, status, err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, msg, err := conn.ReadMessage()
	if err != nil {
		conn.Close()
		return fmt.Errorf("tab %d: no hello: %w", t.idx, err)
	}
	if !bytes.Contains(msg, []byte(`"hello"`)) {
		conn.Close()
		return fmt.Errorf("tab %d: first frame is not hello: %s", t.idx, msg)
	}
	_ = conn.SetReadDeadline(time.Time{})
	t.conn, t.hello, t.stopped = conn, true, make(chan struct{})
	go t.read()
	return nil
}

// read records frames until the socket closes. The arrival time is taken as soon as the frame
// is read, before any decoding. The default ping handler answers the server's pings.
func (t *tab) read() {
	defer close(t.stopped)
	for {
		_, msg, err := t.conn.ReadMessage()
		now := time.Now()
		if err != nil {
			t.closedErr, t.closedAt = err, now
			return
		}
		if !bytes.HasPrefix(msg, notificationPrefix) {
			if bytes.HasPrefix(msg, []byte(`{"type":"invalidate"`)) {
				t.invalidates++
			} else {
				t.others++
			}
			continue
		}
		var m wireMessage
		if err := json.Unmarshal(msg, &m); err != nil {
			t.badFrames++
			continue
		}
		t.frames = append(t.frames, frame{arrival: now, id: m.Data.ID, kind: m.Data.Kind, outcome: m.Data.Outcome,
			entityID: m.Data.EntityID, occurredAt: m.Data.OccurredAt, createdAt: m.Data.CreatedAt})
		if m.Data.Kind == "purchase_order" && m.Data.Outcome == "approved" {
			approvedFrames.Add(1)
		}
	}
}

// closeAll closes every socket (a normal closure) and waits for the readers; after it returns
// nil the tabs' records may be read.
func closeAll(tabs []*tab) error {
	for _, t := range tabs {
		if t.conn == nil {
			continue
		}
		_ = t.conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""),
			time.Now().Add(time.Second))
		_ = t.conn.Close()
	}
	deadline := time.After(10 * time.Second)
	for _, t := range tabs {
		if t.stopped == nil {
			continue
		}
		select {
		case <-t.stopped:
		case <-deadline:
			return fmt.Errorf("tab %d: reader still running 10 s after close", t.idx)
		}
	}
	return nil
}

// closedEarly reports whether the tab's socket has already closed (safe to call while the reader
// runs: closedErr is read only after the reader has stopped).
func (t *tab) closedEarly() (bool, error) {
	if t.stopped == nil {
		return false, nil
	}
	select {
	case <-t.stopped:
		return true, t.closedErr
	default:
		return false, nil
	}
}
