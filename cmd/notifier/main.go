// Command notifier serves only the live channel (/ws) with /healthz and /readyz: the process
// ops scale apart from the API. Each replica subscribes to the live subjects on the shared NATS,
// so a message pushed by any backoffice replica reaches a user's tabs on whichever notifier holds
// them. Each replica also runs the notifications module's durable JetStream consumer (started by
// product.New when there is a bus), sharing the "notifications" durable with cmd/backoffice: every
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
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/notifications"
	"github.com/backoffice/backoffice/modules/product"
	"github.com/backoffice/backoffice/modules/settings"
	"github.com/backoffice/backoffice/platform/config"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/infra"
	"github.com/backoffice/backoffice/platform/logging"
	"github.com/backoffice/backoffice/platform/ws"
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
	n, err := wire(in, cfg, logger)
	if err != nil {
		return err
	}
	// Stops the notifications consumer (in-hand events finish) before the bus closes.
	defer n.close()
	// Not cancelled by the signal: close (deferred) lets the events in hand finish.
	if err := n.consumer.Start(context.WithoutCancel(ctx)); err != nil {
		return err
	}
	srv := httpx.New(httpx.Options{Logger: logger, TrustedProxies: cfg.TrustedProxies, Version: "notifier",
		Authenticator: n.auth.Authenticator()})
	for _, c := range in.Checks(cfg) {
		srv.AddCheck(c)
	}
	srv.App().Get("/ws", n.gateway.Handler())
	srv.Finish()
	logger.Info("notifier listening", "url", "http://"+cfg.NotifierAddr+"/ws")
	return srv.Listen(ctx, cfg.NotifierAddr, cfg.ShutdownTimeout)
}

// notifier is what this process runs.
type notifier struct {
	auth     *auth.Module
	gateway  *ws.Gateway
	consumer *notifications.Module
}

// wire builds the notifier's parts on in (which has a bus).
func wire(in *infra.Infra, cfg config.Config, logger *slog.Logger) (*notifier, error) {
	// Sessions are checked as the API checks them, secretary windows included; settings serves
	// no route here, so it needs neither users nor store references.
	st := settings.New(settings.Deps{DB: in.DB, Cache: in.Cache, Now: time.Now, Logger: logger})
	au := auth.New(auth.Deps{DB: in.DB, Cache: in.Cache, Windows: st, Companies: st, Now: time.Now, Logger: logger,
		SessionTTL: cfg.SessionTTL, IdleTimeout: cfg.IdleTimeout})
	g, err := ws.NewGateway(in.Bus, au.Authenticator(), logger)
	if err != nil {
		return nil, err
	}
	return &notifier{auth: au, gateway: g,
		consumer: product.NewNotifications(in.DB, au, in.Bus, ws.NewPusher(in.Bus), time.Now, logger)}, nil
}

func (n *notifier) close() {
	n.consumer.Close()
	n.gateway.Close()
}
