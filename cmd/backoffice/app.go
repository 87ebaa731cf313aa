package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"runtime/debug"
	"time"

	"github.com/backoffice/backoffice/cmd/backoffice/compose"
	"github.com/backoffice/backoffice/platform/config"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/infra"
	"github.com/backoffice/backoffice/platform/logging"
	"github.com/backoffice/backoffice/webapp"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// wire composes the product on in; the live channel exists only when in has a bus.
// relay, when not nil, is woken after every commit that wrote events; commands without one leave
// their events in the outbox for the server's relay.
func wire(in *infra.Infra, cfg config.Config, logger *slog.Logger, relay *eventbus.Relay) (*compose.Product, error) {
	return compose.New(compose.Deps{DB: in.DB, Cache: in.Cache, Bus: in.Bus, Events: eventbus.NewEmitter(relay),
		Now: time.Now, Logger: logger, SessionTTL: cfg.SessionTTL, IdleTimeout: cfg.IdleTimeout})
}

func serve(ctx context.Context) error {
	started := time.Now()
	cfg, err := config.FromOS()
	if err != nil {
		return err
	}
	logger := logging.New(os.Stdout, cfg.LogLevel)
	in, err := infra.Open(ctx, cfg, "backoffice", infra.Parts{Migrate: true, Bus: true}, logger)
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

	m, err := wire(in, cfg, logger, relay)
	if err != nil {
		return err
	}
	defer m.Close()
	if cfg.SeedDemo {
		if err := seedDemo(ctx, m, logger); err != nil {
			return fmt.Errorf("seed demo data: %w", err)
		}
		// Each demo password hash borrowed 64 MiB for argon2id; hand it back to the OS now rather
		// than whenever the runtime's scavenger gets to it, so the idle process stays small.
		debug.FreeOSMemory()
	}

	srv := httpx.New(m.ServerOptions(httpx.Options{Logger: logger, TrustedProxies: cfg.TrustedProxies,
		Web: webapp.Dist(), Version: version}))
	for _, c := range in.Checks(cfg) {
		srv.AddCheck(c)
	}
	m.Mount(srv, cfg.ServeLive)

	logger.Info("backoffice listening", "url", "http://"+cfg.Addr, "embedded", cfg.Embedded(),
		"demo_data", cfg.SeedDemo, "startup_ms", time.Since(started).Milliseconds())
	return srv.Listen(ctx, cfg.Addr, cfg.ShutdownTimeout)
}

func migrateOnly(ctx context.Context) error {
	cfg, err := config.FromOS()
	if err != nil {
		return err
	}
	logger := logging.New(os.Stderr, cfg.LogLevel)
	in, err := infra.Open(ctx, cfg, "backoffice-migrate", infra.Parts{Migrate: true}, logger)
	if err != nil {
		return err
	}
	in.Close()
	return nil
}
