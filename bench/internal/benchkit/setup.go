package benchkit

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/backoffice/backoffice/platform/db"
)

// SetupOptions say where a list bench runs: its own database, and the server under test on it.
type SetupOptions struct {
	// PG is an existing database's URL, used to create the bench database DBName.
	PG, DBName string
	// Fresh drops the bench database first; Keep leaves it for the next run.
	Fresh, Keep bool
	// Bin is the backoffice binary; NATSURL and RedisURL its services (a Redis DB of the bench's own).
	Bin, NATSURL, RedisURL string
}

// Setup is a bench's database, with the server running on it and a connection for the bench's
// own SQL (the bulk load, the cursors, EXPLAIN).
type Setup struct {
	Server *Server
	DB     *bun.DB
	undo   []func()
}

// Prepare creates (or reuses) the bench database, clears the cached list totals in the bench's
// Redis, starts the server on the database (it migrates it and seeds the demo users on the way
// up) and opens the bench's connection, whose statements may run for 30 minutes. Close undoes it.
func Prepare(ctx context.Context, o SetupOptions) (*Setup, error) {
	s := &Setup{}
	fail := func(err error) (*Setup, error) { s.Close(); return nil, err }
	if err := EnsureDatabase(ctx, o.PG, o.DBName, o.Fresh); err != nil {
		return nil, fmt.Errorf("create database: %w", err)
	}
	if !o.Keep {
		s.undo = append(s.undo, func() {
			if err := DropDatabase(context.Background(), o.PG, o.DBName); err != nil {
				fmt.Fprintln(os.Stderr, "drop database:", err)
			}
		})
	}
	dbURL, err := DatabaseURL(o.PG, o.DBName)
	if err != nil {
		return fail(err)
	}
	if err := ClearTotals(ctx, o.RedisURL); err != nil {
		return fail(err)
	}
	srv, err := StartServer(ServerOptions{Bin: o.Bin, Env: []string{
		"BACKOFFICE_DATABASE_URL=" + dbURL, "BACKOFFICE_NATS_URL=" + o.NATSURL, "BACKOFFICE_REDIS_URL=" + o.RedisURL,
		"BACKOFFICE_SEED_DEMO=true"}})
	if err != nil {
		return fail(err)
	}
	s.Server = srv
	s.undo = append(s.undo, srv.Stop)
	// The bulk load and the OFFSETs that place the deep cursors outlast the driver's default
	// read timeout.
	bdb, err := db.Open(ctx, dbURL, pgdriver.WithReadTimeout(30*time.Minute), pgdriver.WithWriteTimeout(time.Minute))
	if err != nil {
		return fail(err)
	}
	s.DB = bdb
	s.undo = append(s.undo, func() { _ = bdb.Close() })
	return s, nil
}

// Close closes the connection, stops the server and drops the database unless it is kept, in
// that order.
func (s *Setup) Close() {
	for i := len(s.undo) - 1; i >= 0; i-- {
		s.undo[i]()
	}
}

// DemoIDs returns the ids of the demo company named company and of the demo user "admin", which
// the server's demo seed created: the bench data hangs on them.
func DemoIDs(ctx context.Context, bdb *bun.DB, company string) (companyID, adminID int64, err error) {
	if err := bdb.NewRaw("SELECT id FROM companies WHERE name = ? AND deleted_at IS NULL", company).Scan(ctx, &companyID); err != nil {
		return 0, 0, fmt.Errorf("demo company: %w", err)
	}
	if err := bdb.NewRaw("SELECT id FROM users WHERE username = 'admin'").Scan(ctx, &adminID); err != nil {
		return 0, 0, fmt.Errorf("demo admin: %w", err)
	}
	return companyID, adminID, nil
}
