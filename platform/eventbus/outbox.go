package eventbus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
)

// Publisher publishes one message under a deduplication id; *Bus is the production one. The
// relay depends on this interface so it can be tested with a publisher that fails.
type Publisher interface {
	Publish(ctx context.Context, subject, msgID string, data []byte) error
}

// Outbox writes domain events into the outbox_events table in the same transaction as the
// state change they describe (DESIGN §2 rule 4), so an event exists if and only if the change
// committed. A Relay publishes the rows afterwards. The zero value is ready to use.
type Outbox struct{}

// outboxRow is one row of outbox_events. Rows are kept after publishing, with published_at and
// attempts, as an audit trail of every event the product emitted; pruning old published rows
// is an operations task, not the relay's.
type outboxRow struct {
	bun.BaseModel `bun:"table:outbox_events"`

	ID          int64      `bun:"id,pk,autoincrement"`
	EventID     string     `bun:"event_id,notnull"`
	Subject     string     `bun:"subject,notnull"`
	Payload     string     `bun:"payload,notnull"`
	OccurredAt  time.Time  `bun:"occurred_at,notnull"`
	PublishedAt *time.Time `bun:"published_at"`
	Attempts    int        `bun:"attempts,notnull"`
	LastError   string     `bun:"last_error,notnull"`
}

// Add inserts ev into the outbox within tx, the caller's transaction: nothing is published
// when that transaction rolls back. After committing, the caller should call Relay.Notify so
// the event leaves without waiting for the next poll.
func (Outbox) Add(ctx context.Context, tx bun.IDB, ev Event) error {
	if ev.ID == "" || ev.OccurredAt.IsZero() {
		return errors.New("eventbus: outbox: event needs an id and a time (use NewEvent)")
	}
	if err := ValidateSubject(ev.Subject); err != nil {
		return err
	}
	payload, err := json.Marshal(ev)
	if err != nil {
		return fmt.Errorf("eventbus: outbox: encode %s: %w", ev.Subject, err)
	}
	row := outboxRow{
		EventID:    ev.ID,
		Subject:    ev.Subject,
		Payload:    string(payload),
		OccurredAt: ev.OccurredAt.UTC(),
	}
	if _, err := tx.NewInsert().Model(&row).Exec(ctx); err != nil {
		return fmt.Errorf("eventbus: outbox: insert %s: %w", ev.Subject, err)
	}
	return nil
}

// RelayOptions tunes a Relay; zero fields take the defaults.
type RelayOptions struct {
	// BatchSize is how many rows one pass publishes at most (default 100).
	BatchSize int
	// PollInterval is the wait between passes when nothing calls Notify (default 500 ms); it
	// catches events committed by other replicas and missed notifications.
	PollInterval time.Duration
	// PublishTimeout bounds one publish including JetStream's ack (default 5 s).
	PublishTimeout time.Duration
	// MinBackoff and MaxBackoff bound the wait after a failed pass, doubling from the first to
	// the second (defaults 1 s and 30 s).
	MinBackoff, MaxBackoff time.Duration
}

// dbTimeout bounds the relay's own SQL statements, which run even while shutting down.
const dbTimeout = 10 * time.Second

// maxLastError bounds the stored publish error text.
const maxLastError = 1000

// Relay moves committed outbox rows to the bus, in id order, with Nats-Msg-Id = event_id.
//
// Delivery is at least once: a relay that dies after publishing but before marking a row
// publishes it again on restart; JetStream drops the copy inside its duplicate window and
// consumers are idempotent on event_id beyond it.
//
// On PostgreSQL several relays (one per backoffice replica) may run at once: each pass claims
// its rows with SELECT … FOR UPDATE SKIP LOCKED inside a transaction held while publishing, so
// no row is published by two relays at the same time. Order is then kept within each relay's
// batch but batches of different replicas may interleave. On SQLite a single process is
// assumed and no transaction is held while publishing, because SQLite's one write lock would
// stall every request for as long as NATS takes to answer.
type Relay struct {
	db   *bun.DB
	pub  Publisher
	log  *slog.Logger
	opts RelayOptions
	pg   bool
	wake chan struct{}
}

// NewRelay builds a relay over db's outbox_events publishing to pub; start it with Run.
func NewRelay(bdb *bun.DB, pub Publisher, logger *slog.Logger, opts RelayOptions) *Relay {
	if opts.BatchSize <= 0 {
		opts.BatchSize = 100
	}
	if opts.PollInterval <= 0 {
		opts.PollInterval = 500 * time.Millisecond
	}
	if opts.PublishTimeout <= 0 {
		opts.PublishTimeout = 5 * time.Second
	}
	if opts.MinBackoff <= 0 {
		opts.MinBackoff = time.Second
	}
	if opts.MaxBackoff < opts.MinBackoff {
		opts.MaxBackoff = max(30*time.Second, opts.MinBackoff)
	}
	return &Relay{
		db:   bdb,
		pub:  pub,
		log:  orDiscard(logger).With("component", "outbox-relay"),
		opts: opts,
		pg:   db.IsPostgres(bdb),
		wake: make(chan struct{}, 1),
	}
}

// Notify wakes the relay for a pass now instead of at the next poll. It never blocks; callers
// call it after committing a transaction that added events.
func (r *Relay) Notify() {
	select {
	case r.wake <- struct{}{}:
	default: // a wake-up is already pending, and one pass sees every committed row
	}
}

// Run relays until ctx ends, then returns nil. After a failed pass it backs off (ignoring
// Notify, so a NATS outage is not hammered on every commit); after a full batch it goes on at
// once; otherwise it waits for Notify or the poll interval.
func (r *Relay) Run(ctx context.Context) error {
	failures := 0
	for {
		n, err := r.PublishPending(ctx)
		if ctx.Err() != nil {
			return nil
		}
		wait := r.opts.PollInterval
		switch {
		case err != nil:
			failures++
			wait = r.backoff(failures)
			r.log.Warn("outbox relay pass failed", "err", err, "failures", failures, "retry_in", wait)
		case n == r.opts.BatchSize:
			failures = 0
			continue // more rows are probably waiting
		default:
			failures = 0
		}
		if !r.sleep(ctx, wait, err == nil) {
			return nil
		}
	}
}

// sleep waits d, or less when woken and wakeable; it reports false when ctx ended.
func (r *Relay) sleep(ctx context.Context, d time.Duration, wakeable bool) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	var wake <-chan struct{}
	if wakeable {
		wake = r.wake
	}
	select {
	case <-ctx.Done():
		return false
	case <-timer.C:
	case <-wake:
	}
	return true
}

func (r *Relay) backoff(failures int) time.Duration {
	d := r.opts.MinBackoff
	for i := 1; i < failures && d < r.opts.MaxBackoff; i++ {
		d *= 2
	}
	return min(d, r.opts.MaxBackoff)
}

// PublishPending runs one pass: it publishes up to BatchSize unpublished rows in id order and
// marks them published. It stops at the first publish failure, recording attempts and
// last_error on that row, so later events never overtake an earlier one; the error is
// returned. Run calls it in a loop; tests and tools may call it directly.
func (r *Relay) PublishPending(ctx context.Context) (published int, err error) {
	// The SQL side must finish even when ctx ends mid-pass, so rows already published get
	// marked; publishing itself stops with ctx.
	dbctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), dbTimeout+r.opts.PublishTimeout*time.Duration(r.opts.BatchSize))
	defer cancel()
	if !r.pg {
		return r.pass(ctx, dbctx, r.db, false)
	}
	var pubErr error
	txErr := db.InTx(dbctx, r.db, func(dbctx context.Context, tx bun.Tx) error {
		var err error
		published, err = r.pass(ctx, dbctx, tx, true)
		if err != nil && !errors.Is(err, errPublish) {
			return err // a SQL failure: roll back; the rows are published again later (deduplicated)
		}
		// A publish failure is committed with the rows marked before it and its attempt recorded.
		pubErr = err
		return nil
	})
	if txErr != nil {
		return 0, fmt.Errorf("eventbus: outbox relay: %w", txErr)
	}
	return published, pubErr
}

// errPublish marks a pass error that came from the publisher rather than from SQL.
var errPublish = errors.New("publish failed")

// pass selects, publishes and marks one batch on idb. lock claims the rows for this
// transaction (PostgreSQL). Publishing uses ctx, SQL uses dbctx.
func (r *Relay) pass(ctx, dbctx context.Context, idb bun.IDB, lock bool) (int, error) {
	var rows []outboxRow
	q := idb.NewSelect().Model(&rows).Column("id", "event_id", "subject", "payload").
		Where("published_at IS NULL").Order("id").Limit(int64(r.opts.BatchSize))
	if lock {
		q = q.For("UPDATE SKIP LOCKED")
	}
	if err := q.Scan(dbctx); err != nil {
		return 0, fmt.Errorf("eventbus: outbox relay: select: %w", err)
	}
	var done []int64
	var failed *outboxRow
	var pubErr error
	for i := range rows {
		if ctx.Err() != nil {
			break // shutting down: the rest waits for the next run, nothing failed
		}
		row := &rows[i]
		pctx, cancel := context.WithTimeout(ctx, r.opts.PublishTimeout)
		err := r.pub.Publish(pctx, row.Subject, row.EventID, []byte(row.Payload))
		cancel()
		if err != nil {
			if ctx.Err() == nil {
				failed, pubErr = row, err
			}
			break
		}
		done = append(done, row.ID)
	}
	if len(done) > 0 {
		_, err := idb.NewUpdate().Table("outbox_events").
			Set("published_at = ?", time.Now().UTC()).
			Set("attempts = attempts + 1").
			Where("id IN (?)", bun.In(done)).
			Exec(dbctx)
		if err != nil {
			return 0, fmt.Errorf("eventbus: outbox relay: mark published: %w", err)
		}
		r.log.Debug("outbox events published", "count", len(done))
	}
	if failed == nil {
		return len(done), nil
	}
	_, err := idb.NewUpdate().Table("outbox_events").
		Set("attempts = attempts + 1").
		Set("last_error = ?", clip(pubErr.Error(), maxLastError)).
		Where("id = ?", failed.ID).
		Exec(dbctx)
	if err != nil {
		return len(done), fmt.Errorf("eventbus: outbox relay: record failure of %s: %w", failed.EventID, err)
	}
	return len(done), fmt.Errorf("eventbus: outbox relay: event %s (%s): %w: %w", failed.EventID, failed.Subject, errPublish, pubErr)
}

// clip cuts s to at most n bytes without splitting a UTF-8 sequence.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "")
}
