package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime/debug"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/product"
	"github.com/backoffice/backoffice/modules/reports"
	"github.com/backoffice/backoffice/platform/config"
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/infra"
	"github.com/backoffice/backoffice/platform/logging"
	"github.com/backoffice/backoffice/platform/mail"
	"github.com/backoffice/backoffice/webapp"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// wire composes the product on in; the live channel exists only when in has a bus.
// relay, when not nil, is woken after every commit that wrote events; commands without one leave
// their events in the outbox for the server's relay.
func wire(in *infra.Infra, cfg config.Config, logger *slog.Logger, relay *eventbus.Relay) (*product.Product, error) {
	return wireOn(in.DB, in.ReportsDB, in.Bus, in, cfg, logger, relay)
}

// wireOn composes the product on the database bdb (reports reading reportsDB) and bus (nil: no
// live channel, no consumer), with in's cache.
func wireOn(bdb, reportsDB *bun.DB, bus *eventbus.Bus, in *infra.Infra, cfg config.Config, logger *slog.Logger, relay *eventbus.Relay) (*product.Product, error) {
	sender, err := mail.FromConfig(cfg, logger)
	if err != nil {
		return nil, err
	}
	return product.New(product.Deps{DB: bdb, ReportsDB: reportsDB, Cache: in.Cache, Bus: bus, Events: eventbus.NewEmitter(relay),
		Now: time.Now, Logger: logger, SessionTTL: cfg.SessionTTL, IdleTimeout: cfg.IdleTimeout, Mail: sender})
}

// boot is how every command starts: the configuration from the environment, a logger writing to
// logTo, and the infrastructure parts opened as name. The caller closes in.
func boot(ctx context.Context, name string, parts infra.Parts, logTo io.Writer) (cfg config.Config, logger *slog.Logger, in *infra.Infra, err error) {
	cfg, err = config.FromOS()
	if err != nil {
		return cfg, nil, nil, err
	}
	logger = logging.New(logTo, cfg.LogLevel)
	in, err = infra.Open(ctx, cfg, name, parts, logger)
	if err != nil || !parts.Migrate {
		return cfg, logger, in, err
	}
	// A demo seed cut short (a crash mid-seed) left the reports' triggers paused: they come back
	// with the aggregates rebuilt before anything else runs (nothing to do otherwise).
	n, err := db.ResumeTriggers(ctx, in.DB, func(ctx context.Context, tx bun.Tx) error { return reports.RebuildAggregates(ctx, tx) })
	if err != nil {
		in.Close()
		return cfg, logger, nil, err
	}
	if n > 0 {
		logger.Warn("triggers paused by a load cut short resumed, aggregates rebuilt", "triggers", n)
	}
	return cfg, logger, in, nil
}

// withProduct runs fn on the product of a one-off command named name (logging to stderr, the
// database migrated, no bus and no relay: its events wait in the outbox for the server's relay).
func withProduct(ctx context.Context, name string, fn func(m *product.Product, logger *slog.Logger) error) error {
	cfg, logger, in, err := boot(ctx, name, infra.Parts{Migrate: true}, os.Stderr)
	if err != nil {
		return err
	}
	defer in.Close()
	m, err := wire(in, cfg, logger, nil)
	if err != nil {
		return err
	}
	return fn(m, logger)
}

func serve(ctx context.Context) error {
	started := time.Now()
	cfg, logger, in, err := boot(ctx, "backoffice", infra.Parts{Migrate: true, Bus: true}, os.Stdout)
	if err != nil {
		return err
	}
	defer in.Close()

	// The outbox relay moves committed domain events to JetStream (DESIGN §2 rule 4). Every
	// replica runs one; on PostgreSQL they share the work without publishing a row twice.
	relay := eventbus.NewRelay(in.DB, in.Bus, logger, eventbus.RelayOptions{})
	relayDone := make(chan struct{})
	relayCtx, stopRelay := context.WithCancel(context.WithoutCancel(ctx))
	go func() { defer close(relayDone); _ = relay.Run(relayCtx) }()
	defer func() { stopRelay(); <-relayDone }()

	if cfg.SeedDemo {
		// Before the serving product exists, which so holds nothing read before the seed.
		if err := seedDemo(ctx, in, cfg, logger, relay); err != nil {
			return fmt.Errorf("seed demo data: %w", err)
		}
		// Each demo password hash borrowed 64 MiB for argon2id; hand it back to the OS now rather
		// than whenever the runtime's scavenger gets to it, so the idle process stays small.
		debug.FreeOSMemory()
	}
	m, err := wire(in, cfg, logger, relay)
	if err != nil {
		return err
	}
	defer m.Close()
	// Records written before the search word index existed get their words in the background;
	// searches may miss them until it ends.
	go func() {
		n, err := m.IndexSearch(ctx)
		switch {
		case err != nil:
			logger.Error("search index: indexing records without words failed", "error", err, "indexed", n)
		case n > 0:
			logger.Info("search index: indexed records without words", "indexed", n)
		}
	}()

	srv := httpx.New(m.ServerOptions(httpx.Options{Logger: logger, TrustedProxies: cfg.TrustedProxies,
		Web: webapp.Dist(), Version: version}))
	for _, c := range in.Checks(cfg) {
		srv.AddCheck(c)
	}
	m.Mount(srv, cfg.ServeLive)

	// The notifications consumer starts after the demo seed: on SQLite its writes would queue
	// for the one write lock (and a disk sync each) between the seed's requests, on the first
	// start's path; started now, it works through the seed's events from the stream (JetStream
	// keeps them) in the first second after ready. Not cancelled by the shutdown signal: Close
	// (deferred) stops the consumer and lets the events in hand finish.
	if err := m.Start(context.WithoutCancel(ctx)); err != nil {
		return err
	}

	logger.Info("backoffice listening", "url", "http://"+cfg.Addr, "embedded", cfg.Embedded(),
		"demo_data", cfg.SeedDemo, "startup_ms", time.Since(started).Milliseconds())
	return srv.Listen(ctx, cfg.Addr, cfg.ShutdownTimeout)
}

func migrateOnly(ctx context.Context) error {
	_, _, in, err := boot(ctx, "backoffice-migrate", infra.Parts{Migrate: true}, os.Stderr)
	if err != nil {
		return err
	}
	in.Close()
	return nil
}
