package benchkit

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
)

// Backend is the server under test on one backend, with the bench's own connection to its
// database (for checks in SQL beside the API).
type Backend struct {
	// Name is "embedded SQLite" or "PostgreSQL" (with NATS and Redis).
	Name   string
	Server *Server
	DB     *bun.DB
}

// EachBackend runs measure on each backend named in list ("sqlite,postgres"), in order, on fresh
// data: sqlite is the embedded default (a new data dir, SQLite, the embedded NATS, the
// in-process cache); postgres a database of this run's own (f.DBName and a time stamp, so that
// runs never meet), with f's NATS and Redis, dropped at the end unless keep. Each server is
// stopped before the next starts.
func EachBackend(ctx context.Context, f ServerFlags, list string, keep bool, measure func(Backend) error) error {
	for _, name := range strings.Split(list, ",") {
		var err error
		switch name = strings.TrimSpace(name); name {
		case "sqlite":
			err = onSQLite(ctx, f, measure)
		case "postgres":
			err = onPostgres(ctx, f, keep, measure)
		default:
			err = fmt.Errorf("unknown backend %q (sqlite, postgres)", name)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return nil
}

// OnBackends runs measure on each backend of list (EachBackend) and collects what it reports.
func OnBackends[R any](ctx context.Context, f ServerFlags, list string, keep bool, measure func(Backend) (R, error)) ([]R, error) {
	var out []R
	err := EachBackend(ctx, f, list, keep, func(b Backend) error {
		r, err := measure(b)
		if err == nil {
			out = append(out, r)
		}
		return err
	})
	return out, err
}

func onSQLite(ctx context.Context, f ServerFlags, measure func(Backend) error) error {
	srv, err := StartServer(ServerOptions{Bin: f.Bin})
	if err != nil {
		return err
	}
	defer srv.Stop()
	// WAL lets the bench's reads in beside the server.
	bdb, err := db.Open(ctx, "sqlite:"+filepath.Join(srv.Dir, "data", "backoffice.db"))
	if err != nil {
		return err
	}
	defer bdb.Close()
	return measure(Backend{Name: "embedded SQLite", Server: srv, DB: bdb})
}

func onPostgres(ctx context.Context, f ServerFlags, keep bool, measure func(Backend) error) error {
	name := fmt.Sprintf("%s_%d", f.DBName, time.Now().Unix())
	setup, err := Prepare(ctx, SetupOptions{PG: f.PG, DBName: name, Fresh: true, Keep: keep, Bin: f.Bin,
		NATSURL: f.NATSURL, RedisURL: f.RedisURL})
	if err != nil {
		return err
	}
	defer setup.Close()
	if keep {
		Logf("PostgreSQL: database %s kept", name)
	}
	return measure(Backend{Name: "PostgreSQL", Server: setup.Server, DB: setup.DB})
}

// Checks are a bench's verdicts: each line says what held ("ok: …") or not ("**FAILED**: …").
type Checks struct {
	Lines, Failed []string
}

// Check records a check and whether it held.
func (c *Checks) Check(ok bool, format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	if ok {
		c.Lines = append(c.Lines, "ok: "+line)
		return
	}
	c.Lines = append(c.Lines, "**FAILED**: "+line)
	c.Failed = append(c.Failed, line)
}

// Print prints the checks on backend as a Markdown list.
func (c *Checks) Print(backend string) {
	fmt.Printf("Checks on %s:\n\n", backend)
	for _, l := range c.Lines {
		fmt.Println("- " + l)
	}
	fmt.Println()
}

// Err is the bench's failure on backend when a check failed (nil otherwise): its exit status.
func (c *Checks) Err(backend string) error {
	if len(c.Failed) == 0 {
		return nil
	}
	return fmt.Errorf("%s: %d checks failed", backend, len(c.Failed))
}

// FirstErr is "; first: <err>" for a check's line, "" without an error.
func FirstErr(err error) string {
	if err == nil {
		return ""
	}
	return fmt.Sprintf("; first: %.300v", err)
}

// Demo are the demo's signed-in users: the administrator and the two staff roles that record
// documents for an administrator to approve.
type Demo struct {
	Admin, User, Secretary *Session
}

// LoginDemo signs admin, user and secretary in at base, on one client sized for conc requests
// at once.
func LoginDemo(base, password string, conc int) (Demo, error) {
	client := &http.Client{Timeout: time.Minute,
		Transport: &http.Transport{MaxIdleConnsPerHost: conc + 4, MaxConnsPerHost: conc + 4}}
	var d Demo
	var err error
	for _, u := range []struct {
		name string
		s    **Session
	}{{"admin", &d.Admin}, {"user", &d.User}, {"secretary", &d.Secretary}} {
		if *u.s, err = Login(base, u.name, password, client); err != nil {
			return d, err
		}
	}
	return d, nil
}
