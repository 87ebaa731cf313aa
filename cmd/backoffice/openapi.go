package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/backoffice/backoffice/modules/product"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/httpx"
)

// writeOpenAPI prints the API's OpenAPI document to w without serving or touching a real
// database: the modules are wired on an empty in-memory SQLite (construction reads nothing) so
// that the document is exactly the one /api/openapi.json serves. The web client's types are
// generated from it (webapp: npm run api:types) and the lint reads it.
func writeOpenAPI(ctx context.Context, w io.Writer) error {
	mem, err := db.Open(ctx, "sqlite::memory:")
	if err != nil {
		return err
	}
	defer mem.Close()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	m, err := product.New(product.Deps{DB: mem, Cache: cache.NewMemory(time.Now), Now: time.Now, Logger: logger,
		SessionTTL: 8 * time.Hour, IdleTimeout: 15 * time.Minute})
	if err != nil {
		return fmt.Errorf("openapi: wire the modules: %w", err)
	}
	defer m.Close()
	srv := httpx.New(m.ServerOptions(httpx.Options{Logger: logger, Version: version}))
	m.Mount(srv, false)
	doc, err := json.MarshalIndent(srv.API().OpenAPI(), "", "  ")
	if err != nil {
		return fmt.Errorf("openapi: encode: %w", err)
	}
	_, err = fmt.Fprintf(w, "%s\n", doc)
	return err
}
