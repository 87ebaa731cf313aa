// Package db opens the SQL store behind bun: SQLite (pure Go, WAL) for the embedded setup,
// PostgreSQL in production. Stores in the modules only see *bun.DB / bun.IDB; the dialect
// differences live here and in the migrations' template data.
package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	"github.com/uptrace/bun/driver/pgdriver"
	"modernc.org/sqlite"
)

// Open connects to url: "sqlite:<path>" or "postgres://...". The SQLite file's folder is created.
func Open(ctx context.Context, url string, opts ...pgdriver.Option) (*bun.DB, error) {
	switch {
	case strings.HasPrefix(url, "sqlite:"):
		return openSQLite(ctx, strings.TrimPrefix(url, "sqlite:"), "FULL")
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		opts = append(append([]pgdriver.Option{pgdriver.WithDSN(url)}, opts...), connParams)
		connector := pgdriver.NewConnector(opts...)
		sqldb := sql.OpenDB(connector)
		sqldb.SetMaxOpenConns(32)
		sqldb.SetMaxIdleConns(16)
		bdb := bun.NewDB(sqldb, pgdialect.New())
		if err := bdb.PingContext(ctx); err != nil {
			_ = bdb.Close()
			return nil, fmt.Errorf("db: connect postgres: %w", err)
		}
		return bdb, nil
	default:
		return nil, fmt.Errorf("db: unsupported database url %q (want sqlite:<path> or postgres://...)", url)
	}
}

// connParams sets two parameters on every PostgreSQL connection. jit off: JIT's threshold is a
// plan cost, which a list query crosses whenever the planner cannot estimate a filter (a search
// mask): 10-30 ms of compiling for a query that reads in 1 ms; the back office runs short
// queries, none gains from it. plan_cache_mode force_generic_plan: the statements Query prepares
// are planned once, not again for each call's arguments (the only prepared statements: bun
// sends every other query with its arguments in the text).
func connParams(c *pgdriver.Config) {
	params := map[string]any{"jit": "off", "plan_cache_mode": "force_generic_plan"}
	for k, v := range c.ConnParams {
		params[k] = v
	}
	c.ConnParams = params
}

// SQLite's built-in lower() folds ASCII only, so a search for "ñandú" would miss "ÑANDÚ" on the
// embedded default while PostgreSQL finds it. lower() is replaced, for every SQLite connection
// of the process, by Go's Unicode folding; it must happen before the first file is created, or
// the lower(...) indexes would have been built with the other function.
var registerLower = sync.OnceValue(func() error {
	return sqlite.RegisterDeterministicScalarFunction("lower", 1,
		func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
			switch v := args[0].(type) {
			case string:
				return strings.ToLower(v), nil
			case []byte:
				return strings.ToLower(string(v)), nil
			default:
				return v, nil // NULL and numbers, as the built-in does
			}
		})
})

// openSQLite opens the SQLite file at path; synchronous is the connections' sync level (FULL
// for every connection that serves a person; NORMAL only for OpenForLoad).
func openSQLite(ctx context.Context, path, synchronous string) (*bun.DB, error) {
	if err := registerLower(); err != nil {
		return nil, fmt.Errorf("db: register lower(): %w", err)
	}
	if path != ":memory:" {
		if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
			return nil, fmt.Errorf("db: create data folder: %w", err)
		}
	}
	// WAL lets readers run beside the single writer; busy_timeout makes writers queue instead of
	// failing; _txlock=immediate takes the write lock at BEGIN so two transactions never deadlock
	// upgrading a read lock. synchronous=FULL syncs the WAL at every commit: with NORMAL a power
	// cut may drop the last acknowledged transactions (money among them); the cost is measured
	// in bench/RESULTS.md ("SQLite durability"). Only OpenForLoad's connections run NORMAL, for
	// a load that ends with Sync before anything is served.
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)" +
		"&_pragma=foreign_keys(1)&_pragma=synchronous(" + synchronous + ")&_txlock=immediate"
	sqldb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("db: open sqlite: %w", err)
	}
	sqldb.SetMaxOpenConns(8)
	bdb := bun.NewDB(sqldb, sqlitedialect.New())
	if err := bdb.PingContext(ctx); err != nil {
		_ = bdb.Close()
		return nil, fmt.Errorf("db: open sqlite: %w", err)
	}
	return bdb, nil
}

// IsPostgres tells which dialect db speaks, for the rare query that must differ.
func IsPostgres(db bun.IDB) bool {
	return db.Dialect().Name() == dialect.PG
}

// InTx runs fn in a transaction, committing when it returns nil and rolling back otherwise.
func InTx(ctx context.Context, db bun.IDB, fn func(ctx context.Context, tx bun.Tx) error) error {
	return db.RunInTx(ctx, nil, fn)
}
