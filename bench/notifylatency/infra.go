package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/redis/go-redis/v9"

	"github.com/backoffice/backoffice/platform/eventbus"
)

// checkRedis pings the Redis the servers will use.
func checkRedis(ctx context.Context, redisURL string) error {
	opt, err := redis.ParseURL(redisURL)
	if err != nil {
		return err
	}
	rc := redis.NewClient(opt)
	defer rc.Close()
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return rc.Ping(ctx).Err()
}

// redisKeys lists the keys of the Redis database (at most 100,000: the bench's DB should be nearly
// empty).
func redisKeys(ctx context.Context, redisURL string) (map[string]bool, error) {
	opt, err := redis.ParseURL(redisURL)
	if err != nil {
		return nil, err
	}
	rc := redis.NewClient(opt)
	defer rc.Close()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	keys := map[string]bool{}
	iter := rc.Scan(ctx, 0, "*", 1000).Iterator()
	for iter.Next(ctx) {
		keys[iter.Val()] = true
		if len(keys) > 100_000 {
			return nil, fmt.Errorf("redis %s holds over 100,000 keys: give the bench a Redis DB of its own", redisURL)
		}
	}
	return keys, iter.Err()
}

// cleanRedis removes the keys the run's servers wrote: those under prefix; and, when the servers
// wrote none there (BACKOFFICE_REDIS_PREFIX not honoured), the keys that were not in before, the
// snapshot taken before the servers started.
func cleanRedis(redisURL, prefix string, before map[string]bool) (n int, prefixed bool, err error) {
	opt, err := redis.ParseURL(redisURL)
	if err != nil {
		return 0, false, err
	}
	rc := redis.NewClient(opt)
	defer rc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var mine []string
	iter := rc.Scan(ctx, 0, "*", 1000).Iterator()
	for iter.Next(ctx) {
		if k := iter.Val(); strings.HasPrefix(k, prefix) {
			mine = append(mine, k)
			prefixed = true
		}
	}
	if err := iter.Err(); err != nil {
		return 0, false, err
	}
	if !prefixed {
		after, err := redisKeys(ctx, redisURL)
		if err != nil {
			return 0, false, err
		}
		for k := range after {
			if !before[k] {
				mine = append(mine, k)
			}
		}
	}
	for _, k := range mine {
		if err := rc.Del(ctx, k).Err(); err != nil {
			return n, prefixed, err
		}
		n++
	}
	return n, prefixed, nil
}

// streamGuard inspects the product's fixed JetStream stream on a shared NATS before the run: the
// product offers no setting to rename its stream, its durable consumer or its live subjects, so
// the bench must not run beside another installation on the same server.
type streamGuard struct {
	url     string
	existed bool
	note    string
}

// notificationsDurable is the notifications module's durable consumer name (notifications.DurableName).
const notificationsDurable = "notifications"

func guardStream(ctx context.Context, natsURL string) (*streamGuard, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	nc, err := nats.Connect(natsURL, nats.Name("bench-notifylatency"), nats.Timeout(5*time.Second))
	if err != nil {
		return nil, fmt.Errorf("nats %s: %w", natsURL, err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	if _, err := js.AccountInfo(ctx); err != nil {
		return nil, fmt.Errorf("nats %s: JetStream: %w", natsURL, err)
	}
	g := &streamGuard{url: natsURL}
	s, err := js.Stream(ctx, eventbus.DefaultStream)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		g.note = fmt.Sprintf("stream %s absent before the run: created by the servers, deleted afterwards", eventbus.DefaultStream)
		return g, nil
	}
	if err != nil {
		return nil, err
	}
	g.existed = true
	si, err := s.Info(ctx)
	if err != nil {
		return nil, err
	}
	c, err := s.Consumer(ctx, notificationsDurable)
	switch {
	case errors.Is(err, jetstream.ErrConsumerNotFound):
		if si.State.Msgs > 0 {
			return nil, fmt.Errorf("stream %s on %s holds %d events and has no %q durable: a new durable would deliver them all into the bench's database; delete the stream (nobody uses it) or run with -nats private",
				eventbus.DefaultStream, natsURL, si.State.Msgs, notificationsDurable)
		}
	case err != nil:
		return nil, err
	default:
		ci, err := c.Info(ctx)
		if err != nil {
			return nil, err
		}
		if ci.NumWaiting > 0 {
			return nil, fmt.Errorf("stream %s on %s is in use: %d pull requests wait on its %q durable (another backoffice or notifier is running there); its events and the bench's would mix — retry later or run with -nats private",
				eventbus.DefaultStream, natsURL, ci.NumWaiting, notificationsDurable)
		}
		if ci.NumPending > 0 || ci.NumAckPending > 0 {
			return nil, fmt.Errorf("stream %s on %s has %d unconsumed and %d unacknowledged events of another installation on the %q durable; they would land in the bench's database — delete the stream or run with -nats private",
				eventbus.DefaultStream, natsURL, ci.NumPending, ci.NumAckPending, notificationsDurable)
		}
	}
	g.note = fmt.Sprintf("stream %s existed before the run (%d events, idle, nothing pending): reused and left in place (the run's events stay in it, consumed by the durable)", eventbus.DefaultStream, si.State.Msgs)
	return g, nil
}

// release deletes the stream when the bench's servers created it.
func (g *streamGuard) release() {
	if g.existed {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	nc, err := nats.Connect(g.url, nats.Name("bench-notifylatency"), nats.Timeout(5*time.Second))
	if err != nil {
		logf("delete stream: %v", err)
		return
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		logf("delete stream: %v", err)
		return
	}
	// Someone else's servers may have joined the stream during the run: then it is theirs too.
	if c, err := js.Consumer(ctx, eventbus.DefaultStream, notificationsDurable); err == nil {
		if ci, err := c.Info(ctx); err == nil && ci.NumWaiting > 0 {
			logf("stream %s left in place: %d pull requests of other processes wait on it", eventbus.DefaultStream, ci.NumWaiting)
			return
		}
	}
	if err := js.DeleteStream(ctx, eventbus.DefaultStream); err != nil && !errors.Is(err, jetstream.ErrStreamNotFound) {
		logf("delete stream %s: %v", eventbus.DefaultStream, err)
	}
}
