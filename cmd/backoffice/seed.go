package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/backoffice/backoffice/cmd/backoffice/demo"
	"github.com/backoffice/backoffice/modules/product"
	"github.com/backoffice/backoffice/platform/httpx"
)

// seedDemo loads the demo company, users and records (package demo) through srv, a server with
// every module mounted; running it again adds nothing.
func seedDemo(ctx context.Context, m *product.Product, srv *httpx.Server, logger *slog.Logger) error {
	return demo.Seed(ctx, m, srv, time.Now(), logger)
}

// seedOnly is `backoffice seed`: the demo data through an in-process server that listens nowhere.
func seedOnly(ctx context.Context) error {
	return withProduct(ctx, "backoffice-seed", func(m *product.Product, logger *slog.Logger) error {
		srv := httpx.New(m.ServerOptions(httpx.Options{Logger: logger, Version: version}))
		m.Mount(srv, false)
		return seedDemo(ctx, m, srv, logger)
	})
}
