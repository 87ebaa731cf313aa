// Command notifier serves only the live channel (/ws) with /healthz and /readyz: the process
// ops scale apart from the API. Each replica subscribes to the live subjects on the shared NATS,
// so a message pushed by any backoffice replica reaches a user's tabs on whichever notifier holds
// them. Each replica also runs the notifications module's durable JetStream consumer (started by
// compose.New when there is a bus), sharing the "notifications" durable with cmd/backoffice: every
// domain event becomes notifications exactly once, whichever process takes it, and stopping one
// replica loses nothing. It reads sessions from the shared database and never migrates it.
//
//	BACKOFFICE_DATABASE_URL=postgres://... BACKOFFICE_NATS_URL=nats://... \
//	BACKOFFICE_NOTIFIER_ADDR=0.0.0.0:8090 notifier
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/backoffice/backoffice/cmd/backoffice/compose"
	"github.com/backoffice/backoffice/platform/config"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/infra"
	"github.com/backoffice/backoffice/platform/logging"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "notifier:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context) error {
	cfg, err := config.FromOS()
	if err != nil {
		return err
	}
	if cfg.NATSURL == "" {
		// An embedded NATS server belongs to the backoffice process; a notifier on its own would
		// hear nothing.
		return errors.New("BACKOFFICE_NATS_URL is required: the notifier listens on the shared NATS")
	}
	logger := logging.New(os.Stdout, cfg.LogLevel)
	in, err := infra.Open(ctx, cfg, "notifier", infra.Parts{Bus: true}, logger)
	if err != nil {
		return err
	}
	defer in.Close()
	p, err := compose.New(compose.Deps{DB: in.DB, Cache: in.Cache, Bus: in.Bus, Now: time.Now, Logger: logger,
		SessionTTL: cfg.SessionTTL, IdleTimeout: cfg.IdleTimeout})
	if err != nil {
		return err
	}
	// Stops the notifications consumer (in-hand events finish) before the bus closes.
	defer p.Close()
	srv := httpx.New(p.ServerOptions(httpx.Options{Logger: logger, TrustedProxies: cfg.TrustedProxies, Version: "notifier"}))
	for _, c := range in.Checks(cfg) {
		srv.AddCheck(c)
	}
	p.MountNotifier(srv)
	logger.Info("notifier listening", "url", "http://"+cfg.NotifierAddr+"/ws")
	return srv.Listen(ctx, cfg.NotifierAddr, cfg.ShutdownTimeout)
}
