// Package infra opens the shared infrastructure a binary runs on, from the configuration: the SQL
// store (migrated), the event bus (an embedded NATS server with JetStream, or an external one)
// and the shared cache (in-process, or Redis). Both binaries start from it, so that
// cmd/backoffice and cmd/notifier can never disagree about where things live.
package infra

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"
	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/backoffice/backoffice/migrations"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/config"
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/httpx"
)

// Infra is the opened infrastructure; Close releases it in reverse order.
type Infra struct {
	DB *bun.DB
	// ReportsDB is where the reports module reads: cfg.ReportsDatabaseURL's PostgreSQL (a
	// replica) when set, otherwise DB itself.
	ReportsDB *bun.DB
	Bus       *eventbus.Bus
	Cache     cache.Store
	embedded  *eventbus.Embedded
	closers   []func()
}

// Parts says what to open beyond the database.
type Parts struct {
	// Migrate applies the migrations after connecting.
	Migrate bool
	// Bus connects the event bus (starting the embedded NATS server when none is configured).
	// Commands that only touch the database leave it off, so that they can run beside a
	// server that holds the embedded NATS store.
	Bus bool
}

// Open connects everything cfg names, starting the embedded pieces where nothing external is
// configured.
func Open(ctx context.Context, cfg config.Config, clientName string, parts Parts, logger *slog.Logger) (*Infra, error) {
	in := &Infra{}
	fail := func(err error) (*Infra, error) { in.Close(); return nil, err }

	bdb, err := db.Open(ctx, cfg.SQLURL())
	if err != nil {
		return fail(err)
	}
	in.DB = bdb
	if bdb.Dialect().Name() == dialect.PG {
		bdb.SetMaxOpenConns(cfg.DBMaxConns)
		bdb.SetMaxIdleConns(cfg.DBMaxConns)
	}
	in.closers = append(in.closers, func() { _ = bdb.Close() })
	in.ReportsDB = bdb
	if cfg.ReportsDatabaseURL != "" {
		rdb, err := db.Open(ctx, cfg.ReportsDatabaseURL)
		if err != nil {
			return fail(fmt.Errorf("reports database: %w", err))
		}
		rdb.SetMaxOpenConns(cfg.DBMaxConns)
		rdb.SetMaxIdleConns(cfg.DBMaxConns)
		in.ReportsDB = rdb
		in.closers = append(in.closers, func() { _ = rdb.Close() })
	}
	if parts.Migrate {
		applied, err := migrate(ctx, cfg)
		if err != nil {
			return fail(err)
		}
		if len(applied) > 0 {
			logger.Info("migrations applied", "names", applied)
		}
	}

	if err := in.openBus(ctx, cfg, clientName, parts, logger); err != nil {
		return fail(err)
	}

	if cfg.RedisURL != "" {
		r, err := cache.NewRedis(cfg.RedisURL, cfg.RedisPrefix)
		if err != nil {
			return fail(fmt.Errorf("connect redis: %w", err))
		}
		in.Cache = r
	} else {
		in.Cache = cache.NewMemory(time.Now)
	}
	c := in.Cache
	in.closers = append(in.closers, func() { _ = c.Close() })
	return in, nil
}

func (in *Infra) openBus(ctx context.Context, cfg config.Config, clientName string, parts Parts, logger *slog.Logger) error {
	if !parts.Bus {
		return nil
	}
	natsURL := cfg.NATSURL
	if natsURL == "" {
		emb, err := eventbus.StartEmbedded(filepath.Join(cfg.DataDir, "nats"), logger)
		if err != nil {
			return fmt.Errorf("start embedded nats: %w", err)
		}
		in.embedded = emb
		in.closers = append(in.closers, emb.Shutdown)
		natsURL = emb.ClientURL()
	}
	bus, err := eventbus.Connect(ctx, natsURL, clientName, logger)
	if err != nil {
		return fmt.Errorf("connect nats: %w", err)
	}
	in.Bus = bus
	in.closers = append(in.closers, func() { _ = bus.Close() })
	if err := bus.EnsureStream(ctx); err != nil {
		return fmt.Errorf("ensure event stream: %w", err)
	}
	return nil
}

// Checks are the readiness probes for what was opened: the database, NATS, and Redis when configured.
func (in *Infra) Checks(cfg config.Config) []httpx.Check {
	checks := []httpx.Check{{Name: "db", Probe: func(ctx context.Context) error { return in.DB.PingContext(ctx) }}}
	if in.ReportsDB != in.DB {
		checks = append(checks, httpx.Check{Name: "reports_db", Probe: func(ctx context.Context) error { return in.ReportsDB.PingContext(ctx) }})
	}
	if in.Bus != nil {
		checks = append(checks, httpx.Check{Name: "nats", Probe: in.Bus.Ping})
	}
	if cfg.RedisURL != "" {
		checks = append(checks, httpx.Check{Name: "redis", Probe: in.Cache.Ping})
	}
	return checks
}

// Close releases everything, last opened first.
func (in *Infra) Close() {
	for i := len(in.closers) - 1; i >= 0; i-- {
		in.closers[i]()
	}
	in.closers = nil
}

// migrate applies the migrations on a connection of its own: a statement may build an index over
// a large table for minutes, which the serving pool's read timeout (the PostgreSQL driver's 10 s)
// would cut, failing the start. It is a load (db.OpenForLoad, made durable by db.Sync before
// anything is served): on SQLite the ~50 migrations of a first start do not wait for the disk
// one by one, and a migration lost to a power cut is lost with its row in the migrations table,
// so the next start applies it again.
func migrate(ctx context.Context, cfg config.Config) ([]string, error) {
	mdb, err := db.OpenForLoad(ctx, cfg.SQLURL(), pgdriver.WithReadTimeout(migrationTimeout), pgdriver.WithWriteTimeout(migrationTimeout))
	if err != nil {
		return nil, err
	}
	defer func() { _ = mdb.Close() }()
	applied, err := migrations.Up(ctx, mdb)
	if err != nil || len(applied) == 0 {
		return applied, err
	}
	return applied, db.Sync(ctx, mdb)
}

// migrationTimeout bounds one migration statement.
const migrationTimeout = time.Hour
