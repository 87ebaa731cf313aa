package main

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/backoffice/backoffice/cmd/backoffice/demo"
	"github.com/backoffice/backoffice/platform/config"
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/infra"
)

// seedDemo loads the demo company, users and records (package demo) through a product and a
// server of its own, mounted on a connection pool for loads (db.OpenForLoad: on SQLite its
// commits do not wait for the disk one by one), and makes them durable (db.Sync) before it
// returns: every connection that serves a person is in.DB's, which syncs each commit. The
// records take every rule a person's request takes. Running it again adds nothing. relay, when
// not nil, is woken by the seed's events.
func seedDemo(ctx context.Context, in *infra.Infra, cfg config.Config, logger *slog.Logger, relay *eventbus.Relay) error {
	ldb, err := db.OpenForLoad(ctx, cfg.SQLURL())
	if err != nil {
		return err
	}
	defer func() { _ = ldb.Close() }()
	// No bus: the seed's product serves no live channel and consumes nothing; its events reach
	// the stream through the outbox and relay like any other.
	m, err := wireOn(ldb, ldb, nil, in, cfg, logger, relay)
	if err != nil {
		return err
	}
	defer m.Close()
	srv := httpx.New(m.ServerOptions(httpx.Options{Logger: logger, Version: version}))
	m.Mount(srv, false)
	if err := demo.Seed(ctx, m, srv, ldb, time.Now(), logger); err != nil {
		return err
	}
	return db.Sync(ctx, ldb)
}

// seedOnly is `backoffice seed`: the demo data through an in-process server that listens nowhere.
// Beside a running server on the same SQLite file, that server's reports miss the documents
// written during the seed until it ends (the aggregates are rebuilt then).
func seedOnly(ctx context.Context) error {
	cfg, logger, in, err := boot(ctx, "backoffice-seed", infra.Parts{Migrate: true}, os.Stderr)
	if err != nil {
		return err
	}
	defer in.Close()
	return seedDemo(ctx, in, cfg, logger, nil)
}
