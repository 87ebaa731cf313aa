// Package db opens the SQL store behind bun: SQLite (pure Go, WAL) for the embedded setup,
// PostgreSQL in production. Stores in the modules only see *bun.DB / bun.IDB; the dialect
// differences live here and in the migrations' template data.
package db

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	"github.com/uptrace/bun/driver/pgdriver"
	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver
)

// Open connects to url: "sqlite:<path>" or "postgres://...". The SQLite file's folder is created.
func Open(ctx context.Context, url string, opts ...pgdriver.Option) (*bun.DB, error) {
	switch {
	case strings.HasPrefix(url, "sqlite:"):
		return openSQLite(ctx, strings.TrimPrefix(url, "sqlite:"))
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		connector := pgdriver.NewConnector(append([]pgdriver.Option{pgdriver.WithDSN(url)}, opts...)...)
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

func openSQLite(ctx context.Context, path string) (*bun.DB, error) {
	if path != ":memory:" {
		if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
			return nil, fmt.Errorf("db: create data folder: %w", err)
		}
	}
	// WAL lets readers run beside the single writer; busy_timeout makes writers queue instead of
	// failing; _txlock=immediate takes the write lock at BEGIN so two transactions never deadlock
	// upgrading a read lock.
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)" +
		"&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate"
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
