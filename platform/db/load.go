package db

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/driver/pgdriver"
)

// OpenForLoad opens url like Open, for a load that runs before the process serves anyone (the
// demo seed of a first start, the migrations). On SQLite its connections commit without syncing
// the WAL (synchronous=NORMAL): a first start's seed is ~2,000 commits, and waiting for the disk
// at each was a third of its time (bench/RESULTS.md, "Start to ready, session 8"). NORMAL in WAL
// mode never corrupts the file: a crash or power cut loses at most the last commits, whole — what
// a crash a moment earlier would have left. The caller ends the load with Sync, which makes every
// commit durable before a request is served; the connections serving people come from Open (FULL).
// On PostgreSQL it is Open: its commits are durable already and cost little.
func OpenForLoad(ctx context.Context, url string, opts ...pgdriver.Option) (*bun.DB, error) {
	if path, ok := strings.CutPrefix(url, "sqlite:"); ok {
		return openSQLite(ctx, path, "NORMAL")
	}
	return Open(ctx, url, opts...)
}

// Sync makes every commit of a load through db (OpenForLoad) durable: on SQLite a checkpoint
// that copies the whole WAL into the database file and empties it (TRUNCATE) — SQLite syncs the
// WAL before copying and the database file after, so a completed checkpoint is on disk. Another
// connection's automatic checkpoint running at that moment makes SQLite answer busy at once
// (without its busy timeout), so Sync tries again for up to syncPatience before it fails.
// Nothing to do on PostgreSQL.
func Sync(ctx context.Context, db bun.IDB) error {
	if IsPostgres(db) {
		return nil
	}
	deadline := time.Now().Add(syncPatience)
	for {
		var busy, logFrames, checkpointed int
		if err := db.QueryRowContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &logFrames, &checkpointed); err != nil {
			return fmt.Errorf("db: checkpoint: %w", err)
		}
		if busy == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("db: checkpoint still busy after %v (%d of %d WAL frames copied)", syncPatience, checkpointed, logFrames)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// syncPatience bounds how long Sync waits for other connections' checkpoints and readers.
const syncPatience = 10 * time.Second
