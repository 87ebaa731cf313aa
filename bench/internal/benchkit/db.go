package benchkit

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/backoffice/backoffice/platform/db"
)

var dbName = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// DatabaseURL is pgURL pointing at database name instead.
func DatabaseURL(pgURL, name string) (string, error) {
	u, err := url.Parse(pgURL)
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	return u.String(), nil
}

// EnsureDatabase creates database name through pgURL (an existing database) unless it exists;
// fresh drops it first. The name is checked because CREATE DATABASE takes no parameters.
func EnsureDatabase(ctx context.Context, pgURL, name string, fresh bool) error {
	if !dbName.MatchString(name) {
		return fmt.Errorf("database name %q: use lower-case letters, digits and _", name)
	}
	admin, err := db.Open(ctx, pgURL)
	if err != nil {
		return err
	}
	defer admin.Close()
	if fresh {
		if _, err := admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			return err
		}
	}
	var n int
	if err := admin.NewRaw("SELECT count(*) FROM pg_database WHERE datname = ?", name).Scan(ctx, &n); err != nil {
		return err
	}
	if n == 0 {
		_, err = admin.ExecContext(ctx, "CREATE DATABASE "+name)
	}
	return err
}

// DropDatabase removes database name (through pgURL, an existing database).
func DropDatabase(ctx context.Context, pgURL, name string) error {
	if !dbName.MatchString(name) {
		return fmt.Errorf("database name %q: use lower-case letters, digits and _", name)
	}
	// On a busy machine the drop outlasts the driver's default read timeout: the client would
	// give up and report a failure while the database goes (or, worse, stays) unseen.
	admin, err := db.Open(ctx, pgURL, pgdriver.WithReadTimeout(2*time.Minute))
	if err != nil {
		return err
	}
	defer admin.Close()
	_, err = admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	return err
}

// ClearTotals removes the server's cached list totals (every key holding "listing:", whatever the
// server's key prefix) from the Redis DB of redisURL, so that a database loaded or reused behind
// the server's back is never answered with counts from before. It refuses DB 0, which others
// use: give each bench a DB of its own.
func ClearTotals(ctx context.Context, redisURL string) error {
	u, err := url.Parse(redisURL)
	if err != nil {
		return err
	}
	if n, _ := strconv.Atoi(strings.Trim(u.Path, "/")); n == 0 {
		return errors.New("-redis: give the bench a Redis DB of its own (not 0): the cached totals must be cleared after the load")
	}
	opt, err := redis.ParseURL(redisURL)
	if err != nil {
		return err
	}
	rc := redis.NewClient(opt)
	defer rc.Close()
	iter := rc.Scan(ctx, 0, "*listing:*", 1000).Iterator()
	for iter.Next(ctx) {
		if err := rc.Del(ctx, iter.Val()).Err(); err != nil {
			return err
		}
	}
	return iter.Err()
}
