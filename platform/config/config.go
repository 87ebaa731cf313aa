// Package config reads the process configuration from environment variables. Every variable is
// documented in README.md ("Production"); the defaults give the embedded single-process setup
// (SQLite, embedded NATS, in-process cache) that needs no services.
package config

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Config is everything a binary needs to start.
type Config struct {
	// Addr is the HTTP listen address.
	Addr string
	// DataDir holds the SQLite file and the embedded NATS JetStream store.
	DataDir string
	// DatabaseURL is postgres://... or sqlite:<path>; empty means SQLite under DataDir.
	DatabaseURL string
	// NATSURL is an external NATS server; empty means an embedded server with JetStream under DataDir.
	NATSURL string
	// DBMaxConns is how many PostgreSQL connections a process opens at most: the database's
	// concurrent work. Beyond the database's cores, more connections only queue inside
	// PostgreSQL, where 20 backends fighting for 2 cores doubled the p99 of list requests
	// (bench/RESULTS.md); requests waiting here for a connection cost nothing.
	DBMaxConns int
	// RedisURL is the shared cache; empty means an in-process cache (single process only).
	RedisURL string
	// RedisPrefix starts every key this installation writes, so that two installations (or a
	// benchmark beside a server) can share one Redis database without sharing counters.
	RedisPrefix string
	// SessionTTL is the absolute lifetime of a session (the login answer's expires_in).
	SessionTTL time.Duration
	// IdleTimeout ends a session nobody used for this long.
	IdleTimeout time.Duration
	// TrustedProxies are the addresses whose X-Forwarded-For is believed when finding the client IP.
	TrustedProxies []string
	// SeedDemo loads demo data and demo users at start. Defaults to true only on the fully
	// embedded setup (no DatabaseURL, NATSURL or RedisURL given).
	SeedDemo bool
	// LogLevel is debug, info, warn or error.
	LogLevel string
	// ServeLive serves the live channel (/ws) from this process. Turn it off on API replicas
	// when cmd/notifier replicas serve /ws behind the proxy.
	ServeLive bool
	// NotifierAddr is cmd/notifier's listen address.
	NotifierAddr string
	// SMTPURL is the mail server (smtp://user:pass@host:587 with STARTTLS, smtps://... for TLS
	// from the start); empty writes every message to the dev mailbox under DataDir/mail.
	SMTPURL string
	// MailFrom is the From address of the product's e-mail; required with SMTPURL.
	MailFrom string
	// ShutdownTimeout bounds how long in-flight requests may take to finish on SIGTERM.
	ShutdownTimeout time.Duration
}

// Embedded reports whether nothing external was configured.
func (c Config) Embedded() bool {
	return c.DatabaseURL == "" && c.NATSURL == "" && c.RedisURL == ""
}

// SQLURL is the database to open: the configured one or the embedded SQLite file.
func (c Config) SQLURL() string {
	if c.DatabaseURL != "" {
		return c.DatabaseURL
	}
	return "sqlite:" + filepath.Join(c.DataDir, "backoffice.db")
}

// FromEnv reads the configuration; lookup is os.LookupEnv in production and a map in tests.
func FromEnv(lookup func(string) (string, bool)) (Config, error) {
	get := func(key, def string) string {
		if v, ok := lookup(key); ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
		return def
	}
	c := Config{
		Addr:         get("BACKOFFICE_ADDR", "127.0.0.1:8080"),
		DataDir:      get("BACKOFFICE_DATA_DIR", "./data"),
		DatabaseURL:  get("BACKOFFICE_DATABASE_URL", ""),
		NATSURL:      get("BACKOFFICE_NATS_URL", ""),
		RedisURL:     get("BACKOFFICE_REDIS_URL", ""),
		RedisPrefix:  get("BACKOFFICE_REDIS_PREFIX", "backoffice:"),
		LogLevel:     get("BACKOFFICE_LOG_LEVEL", "info"),
		NotifierAddr: get("BACKOFFICE_NOTIFIER_ADDR", "127.0.0.1:8090"),
		SMTPURL:      get("BACKOFFICE_SMTP_URL", ""),
		MailFrom:     get("BACKOFFICE_MAIL_FROM", ""),
	}
	if c.SMTPURL != "" && c.MailFrom == "" {
		return c, fmt.Errorf("BACKOFFICE_MAIL_FROM: required with BACKOFFICE_SMTP_URL (the address the product's e-mail comes from)")
	}
	var err error
	if c.SessionTTL, err = duration(get("BACKOFFICE_SESSION_TTL", "8h"), "BACKOFFICE_SESSION_TTL"); err != nil {
		return c, err
	}
	if c.IdleTimeout, err = duration(get("BACKOFFICE_IDLE_TIMEOUT", "15m"), "BACKOFFICE_IDLE_TIMEOUT"); err != nil {
		return c, err
	}
	if c.ShutdownTimeout, err = duration(get("BACKOFFICE_SHUTDOWN_TIMEOUT", "20s"), "BACKOFFICE_SHUTDOWN_TIMEOUT"); err != nil {
		return c, err
	}
	if p := get("BACKOFFICE_TRUSTED_PROXIES", ""); p != "" {
		for _, s := range strings.Split(p, ",") {
			if s = strings.TrimSpace(s); s != "" {
				c.TrustedProxies = append(c.TrustedProxies, s)
			}
		}
	}
	if c.DBMaxConns, err = strconv.Atoi(get("BACKOFFICE_DB_MAX_CONNS", strconv.Itoa(4*runtime.NumCPU()))); err != nil || c.DBMaxConns < 1 {
		return c, fmt.Errorf("BACKOFFICE_DB_MAX_CONNS: want a whole number of at least 1")
	}
	if c.ServeLive, err = strconv.ParseBool(get("BACKOFFICE_SERVE_LIVE", "true")); err != nil {
		return c, fmt.Errorf("BACKOFFICE_SERVE_LIVE: %w", err)
	}
	seed := get("BACKOFFICE_SEED_DEMO", "")
	switch seed {
	case "":
		c.SeedDemo = c.Embedded()
	default:
		if c.SeedDemo, err = strconv.ParseBool(seed); err != nil {
			return c, fmt.Errorf("BACKOFFICE_SEED_DEMO: %w", err)
		}
	}
	return c, nil
}

// FromOS reads the configuration from the process environment.
func FromOS() (Config, error) { return FromEnv(os.LookupEnv) }

func duration(v, name string) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%s: want a positive duration such as 15m, got %q", name, v)
	}
	return d, nil
}
