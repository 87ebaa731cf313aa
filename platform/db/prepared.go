package db

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"sync"

	"github.com/uptrace/bun"
)

// Query runs query, whose arguments are ? placeholders, and returns its rows. On PostgreSQL,
// outside a transaction, it runs as a statement prepared once per connection and kept for the
// process's life, planned once for any arguments (plan_cache_mode force_generic_plan, set on
// every connection: no other statement of the product is prepared). It is for a hot query whose
// planning costs more than its reading: the search's walk over the words a term begins planned
// in 0.25 ms and read in 0.05 ms; prepared, it costs PostgreSQL 0.11 ms instead of 0.39 ms. The
// query must not contain a ? other than its placeholders.
func Query(ctx context.Context, idb bun.IDB, query string, args ...any) (*sql.Rows, error) {
	bdb, ok := idb.(*bun.DB)
	if !ok || !IsPostgres(bdb) {
		return idb.QueryContext(ctx, query, args...)
	}
	stmt, err := prepared.get(ctx, bdb.DB, query)
	if err != nil {
		return nil, err
	}
	return stmt.QueryContext(ctx, args...)
}

// prepared holds the statements Query prepared, by database and text.
var prepared = statements{byDB: map[*sql.DB]map[string]*sql.Stmt{}}

type statements struct {
	mu   sync.Mutex
	byDB map[*sql.DB]map[string]*sql.Stmt
}

// get returns the statement of query on sqldb, prepared on first use. The texts are the
// product's own (a handful of shapes), so the map stays small.
func (s *statements) get(ctx context.Context, sqldb *sql.DB, query string) (*sql.Stmt, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if stmt := s.byDB[sqldb][query]; stmt != nil {
		return stmt, nil
	}
	stmt, err := sqldb.PrepareContext(ctx, numbered(query))
	if err != nil {
		return nil, err
	}
	if s.byDB[sqldb] == nil {
		s.byDB[sqldb] = map[string]*sql.Stmt{}
	}
	s.byDB[sqldb][query] = stmt
	return stmt, nil
}

// numbered turns the ? placeholders of query into PostgreSQL's $1, $2, ….
func numbered(query string) string {
	var b strings.Builder
	n := 0
	for {
		i := strings.IndexByte(query, '?')
		if i < 0 {
			b.WriteString(query)
			return b.String()
		}
		n++
		b.WriteString(query[:i])
		b.WriteString("$" + strconv.Itoa(n))
		query = query[i+1:]
	}
}
