// Package eventbus carries the product's domain events (DESIGN §1, §2 rule 4) over NATS JetStream.
//
// The pieces, in the order an event travels:
//   - event.go: the versioned envelope every event carries and the subject naming rule
//     backoffice.<module>.<entity>.<past-verb>.v1;
//   - outbox.go: Outbox.Add writes the event into outbox_events inside the caller's SQL
//     transaction, and a Relay publishes committed rows to JetStream with Nats-Msg-Id = event_id;
//   - bus.go: the NATS client (Bus): stream setup, deduplicated publishing, durable pull
//     consumers with explicit acks and delayed retries, and plain core pub/sub for ephemeral
//     fan-out between notifier replicas;
//   - embedded.go: an in-process nats-server with JetStream for the one-command setup.
//
// Delivery is at least once end to end: the relay may publish a row twice (a crash between
// publish and mark), JetStream drops the copy inside its duplicate window, and consumers are
// idempotent on event_id for whatever slips past the window.
package eventbus

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Defaults of the product's stream and consumers.
const (
	// DefaultStream is the JetStream stream that holds every domain event.
	DefaultStream = "BACKOFFICE"
	// DefaultSubjectPrefix is the first token of every domain event subject.
	DefaultSubjectPrefix = "backoffice"
	// DuplicateWindow is how long JetStream remembers a Nats-Msg-Id to drop a republished copy.
	DuplicateWindow = 2 * time.Minute
	// AckWait is how long a consumer may hold a message before JetStream assumes the handler
	// died and delivers it again.
	AckWait = 30 * time.Second
	// MaxDeliver is how many times a message is offered to a consumer before it is given up.
	MaxDeliver = 10
	// DefaultMaxAge bounds how long events stay in the stream. Consumers persist what they need
	// (notifications keep their own table), so the stream only has to bridge outages.
	DefaultMaxAge = 7 * 24 * time.Hour
)

// defaultRetryDelays is the wait before the n-th redelivery of a message whose handler failed;
// the last value repeats. Nine waits cover the ten deliveries of MaxDeliver (about 20 minutes).
var defaultRetryDelays = []time.Duration{
	time.Second, 2 * time.Second, 5 * time.Second, 10 * time.Second, 30 * time.Second,
	time.Minute, 2 * time.Minute, 5 * time.Minute, 10 * time.Minute,
}

// ackTimeout bounds waiting for JetStream to confirm an ack or a consumer shutdown.
const ackTimeout = 5 * time.Second

// Option tunes a Bus at Connect.
type Option func(*options)

type options struct {
	stream        string
	subjectPrefix string
	replicas      int
	maxAge        time.Duration
	retryDelays   []time.Duration
}

// WithStream names the JetStream stream (default DefaultStream). Tests use a unique name so
// runs on a shared server do not collide.
func WithStream(name string) Option { return func(o *options) { o.stream = name } }

// WithSubjectPrefix sets the first subject token the stream captures (default
// DefaultSubjectPrefix, so the stream holds "backoffice.>").
func WithSubjectPrefix(prefix string) Option { return func(o *options) { o.subjectPrefix = prefix } }

// WithReplicas sets the stream's replica count: 1 for the embedded server, 3 on a cluster.
func WithReplicas(n int) Option { return func(o *options) { o.replicas = n } }

// WithMaxAge sets how long the stream keeps events (default DefaultMaxAge).
func WithMaxAge(d time.Duration) Option { return func(o *options) { o.maxAge = d } }

// WithRetryDelays replaces the waits before redelivering a message whose handler failed; the
// i-th value follows the (i+1)-th failed delivery and the last one repeats.
func WithRetryDelays(delays ...time.Duration) Option {
	return func(o *options) { o.retryDelays = delays }
}

// Bus is a NATS connection with its JetStream context. It is safe for concurrent use.
type Bus struct {
	nc     *nats.Conn
	js     jetstream.JetStream
	log    *slog.Logger
	opts   options
	closed chan struct{}

	reconnectMu sync.Mutex
	onReconnect []func()
}

// OnReconnect registers f to run after each reconnection to NATS (not the first connection).
// Core NATS messages published while a connection was down are lost to its subscriptions: the
// live channel uses this to tell its tabs to catch up.
func (b *Bus) OnReconnect(f func()) {
	b.reconnectMu.Lock()
	b.onReconnect = append(b.onReconnect, f)
	b.reconnectMu.Unlock()
}

func (b *Bus) reconnected() {
	b.reconnectMu.Lock()
	fs := slices.Clone(b.onReconnect)
	b.reconnectMu.Unlock()
	for _, f := range fs {
		f()
	}
}

// Msg is one JetStream message handed to a consumer's handler.
type Msg struct {
	// Subject the message was published on.
	Subject string
	// Data is the message body, for domain events the JSON envelope (see DecodeEvent).
	Data []byte
	// ID is the Nats-Msg-Id header: the event_id for events relayed from the outbox.
	ID string
	// NumDelivered counts deliveries of this message to the consumer, starting at 1.
	NumDelivered uint64
}

// Handler processes one message. A nil error acks it; an error has it redelivered later.
// Handlers must be idempotent on Msg.ID: delivery is at least once.
type Handler func(ctx context.Context, msg Msg) error

// Connect dials url and keeps reconnecting forever after a connection loss, logging each
// disconnect and reconnect. name identifies this client in the server's monitoring.
func Connect(ctx context.Context, url, name string, logger *slog.Logger, opts ...Option) (*Bus, error) {
	o := options{
		stream:        DefaultStream,
		subjectPrefix: DefaultSubjectPrefix,
		replicas:      1,
		maxAge:        DefaultMaxAge,
		retryDelays:   defaultRetryDelays,
	}
	for _, opt := range opts {
		opt(&o)
	}
	if o.stream == "" || o.subjectPrefix == "" || o.replicas < 1 || len(o.retryDelays) == 0 {
		return nil, errors.New("eventbus: stream, subject prefix, replicas ≥ 1 and retry delays are required")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	log := orDiscard(logger).With("component", "eventbus")
	b := &Bus{log: log, opts: o, closed: make(chan struct{})}
	natsOpts := []nats.Option{
		nats.Name(name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(time.Second),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			log.Warn("nats disconnected", "err", err)
		}),
		nats.ReconnectHandler(func(nc *nats.Conn) {
			log.Info("nats reconnected", "url", nc.ConnectedUrlRedacted())
			b.reconnected()
		}),
		nats.ErrorHandler(func(_ *nats.Conn, sub *nats.Subscription, err error) {
			subject := ""
			if sub != nil {
				subject = sub.Subject
			}
			log.Error("nats async error", "subject", subject, "err", err)
		}),
		nats.ClosedHandler(func(*nats.Conn) { close(b.closed) }),
	}
	if deadline, ok := ctx.Deadline(); ok {
		natsOpts = append(natsOpts, nats.Timeout(time.Until(deadline)))
	}
	nc, err := nats.Connect(url, natsOpts...)
	if err != nil {
		return nil, fmt.Errorf("eventbus: connect %s: %w", url, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("eventbus: jetstream: %w", err)
	}
	b.nc, b.js = nc, js
	log.Info("nats connected", "url", nc.ConnectedUrlRedacted(), "stream", o.stream)
	return b, nil
}

// Stream is the name of the JetStream stream this bus publishes to and consumes from.
func (b *Bus) Stream() string { return b.opts.stream }

// EnsureStream creates the stream, or updates it to the current settings: file storage, the
// subjects under the prefix, a DuplicateWindow for Nats-Msg-Id deduplication and the replicas.
func (b *Bus) EnsureStream(ctx context.Context) error {
	_, err := b.js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:       b.opts.stream,
		Subjects:   []string{b.opts.subjectPrefix + ".>"},
		Storage:    jetstream.FileStorage,
		Retention:  jetstream.LimitsPolicy,
		Discard:    jetstream.DiscardOld,
		MaxAge:     b.opts.maxAge,
		Duplicates: DuplicateWindow,
		Replicas:   b.opts.replicas,
	})
	if err != nil {
		return fmt.Errorf("eventbus: ensure stream %s: %w", b.opts.stream, err)
	}
	return nil
}

// Publish stores data on subject in JetStream and waits for the server's ack. msgID becomes the
// Nats-Msg-Id header: a second publish with the same id within DuplicateWindow is acknowledged
// but not stored again, which is what makes relaying the outbox twice harmless.
func (b *Bus) Publish(ctx context.Context, subject, msgID string, data []byte) error {
	if msgID == "" {
		return errors.New("eventbus: publish needs a message id for deduplication")
	}
	ack, err := b.js.Publish(ctx, subject, data, jetstream.WithMsgID(msgID))
	if err != nil {
		return fmt.Errorf("eventbus: publish %s: %w", subject, err)
	}
	if ack.Duplicate {
		b.log.Debug("duplicate publish dropped by jetstream", "subject", subject, "msg_id", msgID)
	}
	return nil
}

// Consume starts a durable pull consumer on the stream, delivering the messages whose subject
// matches filterSubject to handler one at a time. The consumer's position survives restarts:
// a new Consume with the same durable name resumes after the last acked message.
//
// A handler error naks the message with a growing delay (WithRetryDelays); after MaxDeliver
// deliveries it is terminated and logged. A handler that neither returns nor panics within
// AckWait gets its message redelivered. Consuming lasts until stop is called or ctx ends; stop
// first lets the handler finish the messages already fetched, so none wait out AckWait.
func (b *Bus) Consume(ctx context.Context, durable, filterSubject string, handler Handler) (stop func(), err error) {
	cons, err := b.js.CreateOrUpdateConsumer(ctx, b.opts.stream, jetstream.ConsumerConfig{
		Durable:       durable,
		FilterSubject: filterSubject,
		DeliverPolicy: jetstream.DeliverAllPolicy,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       AckWait,
		MaxDeliver:    MaxDeliver,
	})
	if err != nil {
		return nil, fmt.Errorf("eventbus: consumer %s: %w", durable, err)
	}
	hctx, cancel := context.WithCancel(ctx)
	log := b.log.With("consumer", durable)
	cc, err := cons.Consume(func(m jetstream.Msg) { b.handle(hctx, log, m, handler) },
		jetstream.ConsumeErrHandler(func(_ jetstream.ConsumeContext, err error) {
			log.Warn("consume error", "err", err)
		}))
	if err != nil {
		cancel()
		return nil, fmt.Errorf("eventbus: consume %s: %w", durable, err)
	}
	stop = sync.OnceFunc(func() {
		cc.Drain()
		select {
		case <-cc.Closed():
		case <-time.After(AckWait):
			log.Warn("consumer did not drain in time")
		}
		cancel()
	})
	go func() {
		<-hctx.Done()
		stop()
	}()
	return stop, nil
}

// handle runs handler on one message and settles it with JetStream.
func (b *Bus) handle(ctx context.Context, log *slog.Logger, m jetstream.Msg, handler Handler) {
	msg := Msg{Subject: m.Subject(), Data: m.Data(), ID: m.Headers().Get(jetstream.MsgIDHeader)}
	if md, err := m.Metadata(); err == nil {
		msg.NumDelivered = md.NumDelivered
	}
	log = log.With("subject", msg.Subject, "msg_id", msg.ID, "delivery", msg.NumDelivered)
	herr := runHandler(ctx, handler, msg)
	if herr == nil {
		// Wait for the server's confirmation: an ack lost on the wire would mean a repeat after
		// a restart. The ack must go out even when stop has cancelled ctx.
		actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), ackTimeout)
		defer cancel()
		if err := m.DoubleAck(actx); err != nil {
			log.Warn("ack failed; the message will be redelivered", "err", err)
		}
		return
	}
	if msg.NumDelivered >= MaxDeliver {
		log.Error("handler failed on the last delivery; message dropped", "err", herr)
		if err := m.TermWithReason("handler failed " + fmt.Sprint(MaxDeliver) + " times"); err != nil {
			log.Warn("term failed", "err", err)
		}
		return
	}
	delay := b.retryDelay(msg.NumDelivered)
	log.Warn("handler failed; message will be redelivered", "err", herr, "retry_in", delay)
	if err := m.NakWithDelay(delay); err != nil {
		log.Warn("nak failed; the message will be redelivered after the ack wait", "err", err)
	}
}

// runHandler turns a handler panic into an error, so one bad message cannot kill the consumer.
func runHandler(ctx context.Context, handler Handler, msg Msg) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("handler panic: %v", r)
		}
	}()
	return handler(ctx, msg)
}

// retryDelay is the wait after the numDelivered-th failed delivery.
func (b *Bus) retryDelay(numDelivered uint64) time.Duration {
	d := b.opts.retryDelays
	i := int(min(numDelivered, uint64(len(d)))) - 1
	return d[max(i, 0)]
}

// PublishCore sends data on subject over core NATS: no storage, no ack, only the subscribers
// connected right now receive it. For ephemeral fan-out such as WebSocket pushes between
// notifier replicas, never for domain events.
func (b *Bus) PublishCore(subject string, data []byte) error {
	if err := b.nc.Publish(subject, data); err != nil {
		return fmt.Errorf("eventbus: core publish %s: %w", subject, err)
	}
	return nil
}

// SubscribeCore calls handler for every core NATS message on subject (wildcards allowed) until
// unsubscribe is called. Handler calls are sequential per subscription.
func (b *Bus) SubscribeCore(subject string, handler func(subject string, data []byte)) (unsubscribe func(), err error) {
	sub, err := b.nc.Subscribe(subject, func(m *nats.Msg) { handler(m.Subject, m.Data) })
	if err != nil {
		return nil, fmt.Errorf("eventbus: core subscribe %s: %w", subject, err)
	}
	return func() { _ = sub.Unsubscribe() }, nil
}

// Ping reports whether the bus can serve: connected, and JetStream answering for the account.
// Used by /readyz.
func (b *Bus) Ping(ctx context.Context) error {
	if st := b.nc.Status(); st != nats.CONNECTED {
		return fmt.Errorf("eventbus: nats connection is %s", st)
	}
	if _, err := b.js.AccountInfo(ctx); err != nil {
		return fmt.Errorf("eventbus: jetstream: %w", err)
	}
	return nil
}

// Close drains the connection: subscriptions stop taking messages, those in hand are processed
// and pending publishes are flushed, then the connection closes. It returns once closed.
func (b *Bus) Close() error {
	if err := b.nc.Drain(); err != nil {
		if errors.Is(err, nats.ErrConnectionClosed) {
			return nil
		}
		b.nc.Close()
		return fmt.Errorf("eventbus: drain: %w", err)
	}
	<-b.closed
	return nil
}
