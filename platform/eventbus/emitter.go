package eventbus

import (
	"context"

	"github.com/uptrace/bun"
)

// Emitter is what a module holds to publish domain events: Emit writes the event to the outbox
// in the caller's transaction, and Flush, called after that transaction commits, wakes the relay so
// the event leaves at once instead of at the relay's next poll (live notifications must reach the
// browser within a second). A zero Emitter writes to the outbox and never wakes anything: the relay
// still finds the rows by polling.
type Emitter struct {
	relay *Relay
}

// NewEmitter returns an Emitter that wakes relay after commits; relay may be nil.
func NewEmitter(relay *Relay) Emitter { return Emitter{relay: relay} }

// Emit adds ev to the outbox inside tx.
func (e Emitter) Emit(ctx context.Context, tx bun.IDB, ev Event) error {
	return Outbox{}.Add(ctx, tx, ev)
}

// Flush tells the relay that committed events are waiting.
func (e Emitter) Flush() {
	if e.relay != nil {
		e.relay.Notify()
	}
}
