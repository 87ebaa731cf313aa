package ws

import (
	"encoding/json"
	"math/bits"
	"regexp"
	"slices"
	"sync"
	"time"

	fws "github.com/fasthttp/websocket"
)

// listSet is a set of list names as bits of the gateway's listTable: a socket's pending
// invalidation and the lists its tab shows are one word each, so that an invalidation reaching
// 10,000 sockets costs each one an atomic OR rather than a lock and a map, and a socket whose
// invalidation is already pending is not woken again.
type listSet = uint64

// everyList is the set of a tab that has not said what it shows (an older web client, a test
// client): it is sent every invalidation of its routes, as before tabs announced their lists.
const everyList listSet = ^listSet(0)

// maxLists bounds the interned names. The product has a few dozen lists; a name beyond the bound
// (or a client naming junk to fill the table) degrades to the unfiltered path, never to a lost
// invalidation: see Gateway.fanOutInvalidate and Gateway.watch.
const maxLists = 64

// listName is what a list name may look like ("purchase-orders", "reports"); anything else a
// client announces is ignored rather than interned.
var listName = regexp.MustCompile(`^[a-z][a-z0-9_-]{0,47}$`)

// listTable interns list names to bits, and caches the encoded invalidation of each set written.
type listTable struct {
	mu    sync.RWMutex
	bit   map[string]listSet
	names []string
	// frames holds the prepared {"type":"invalidate"} frame of each set sent: sockets whose
	// pending sets are equal (every buyer tab of a company after an approval) share one encoding
	// and one WebSocket framing instead of marshalling per socket.
	frames map[listSet]*fws.PreparedMessage
}

func newListTable() *listTable {
	return &listTable{bit: map[string]listSet{}, frames: map[listSet]*fws.PreparedMessage{}}
}

// set returns the bits of names, interning the new ones; ok is false when a name could not be
// interned (the table is full or the name is malformed).
func (t *listTable) set(names []string) (s listSet, ok bool) {
	ok = true
	t.mu.RLock()
	var missing []string
	for _, n := range names {
		if b, found := t.bit[n]; found {
			s |= b
		} else {
			missing = append(missing, n)
		}
	}
	t.mu.RUnlock()
	if len(missing) == 0 {
		return s, true
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, n := range missing {
		b, found := t.bit[n]
		if !found {
			if len(t.names) == maxLists || !listName.MatchString(n) {
				ok = false
				continue
			}
			b = 1 << len(t.names)
			t.bit[n] = b
			t.names = append(t.names, n)
		}
		s |= b
	}
	return s, ok
}

// frame returns the prepared invalidation frame naming the lists of s, sorted, encoding it the
// first time that set is written.
func (t *listTable) frame(s listSet) *fws.PreparedMessage {
	t.mu.RLock()
	pm := t.frames[s]
	t.mu.RUnlock()
	if pm != nil {
		return pm
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if pm = t.frames[s]; pm != nil {
		return pm
	}
	keys := make([]string, 0, bits.OnesCount64(s))
	for i, n := range t.names {
		if s&(1<<i) != 0 {
			keys = append(keys, n)
		}
	}
	slices.Sort(keys)
	b, _ := json.Marshal(Message{Type: "invalidate", Keys: keys}) // strings always encode
	pm = prepared(b)
	// Sets seen are few (each approval kind has its lists); the bound only keeps a pathological
	// mix of sets from growing the cache without end.
	if len(t.frames) >= 4096 {
		clear(t.frames)
	}
	t.frames[s] = pm
	return pm
}

// prepared frames data once for every socket it is written to (no compression is negotiated,
// so all server sockets share the one frame).
func prepared(data []byte) *fws.PreparedMessage {
	pm, err := fws.NewPreparedMessage(fws.TextMessage, data)
	if err != nil { // framing into memory does not fail
		panic("ws: prepare frame: " + err.Error())
	}
	return pm
}

// recentEvery is how far back a tab that starts showing a list is sent that list's invalidation
// of its routes: the list's first fetch may have read the database just before a change whose
// invalidation reached the gateway before the tab's announcement did.
const recentEvery = 5 * time.Second

// recentLists remembers, per route, the lists invalidated within the last one to two
// recentEvery windows.
type recentLists struct {
	mu    sync.Mutex
	route map[string]*recentWindow
	notes int
}

type recentWindow struct {
	cur, prev listSet
	since     time.Time
}

func (w *recentWindow) roll(now time.Time) {
	switch age := now.Sub(w.since); {
	case age >= 2*recentEvery:
		w.cur, w.prev, w.since = 0, 0, now
	case age >= recentEvery:
		w.cur, w.prev, w.since = 0, w.cur, now
	}
}

// note records that s was invalidated on route at now.
func (r *recentLists) note(route string, s listSet, now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.route == nil {
		r.route = map[string]*recentWindow{}
	}
	// Forget quiet routes now and then, so that users who were once invalidated do not stay.
	if r.notes++; r.notes%1024 == 0 {
		for k, w := range r.route {
			if now.Sub(w.since) >= 2*recentEvery {
				delete(r.route, k)
			}
		}
	}
	w := r.route[route]
	if w == nil {
		w = &recentWindow{since: now}
		r.route[route] = w
	}
	w.roll(now)
	w.cur |= s
}

// of returns the lists invalidated recently on any of routes.
func (r *recentLists) of(now time.Time, routes ...string) listSet {
	r.mu.Lock()
	defer r.mu.Unlock()
	var s listSet
	for _, route := range routes {
		if w := r.route[route]; w != nil {
			w.roll(now)
			s |= w.cur | w.prev
		}
	}
	return s
}
