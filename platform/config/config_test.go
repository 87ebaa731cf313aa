package config

import (
	"runtime"
	"testing"
	"time"
)

func lookup(env map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := env[k]; return v, ok }
}

func TestDefaults(t *testing.T) {
	c, err := FromEnv(lookup(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:8080" || c.RedisPrefix != "backoffice:" || c.SessionTTL != 8*time.Hour ||
		c.IdleTimeout != 15*time.Minute || !c.ServeLive || !c.Embedded() || c.DBMaxConns != 4*runtime.NumCPU() {
		t.Fatalf("defaults %+v", c)
	}
}

// Every setting of the README's table is read; a blank value keeps the default.
func TestSettings(t *testing.T) {
	c, err := FromEnv(lookup(map[string]string{
		"BACKOFFICE_REDIS_URL": "redis://r:6379/0", "BACKOFFICE_REDIS_PREFIX": "shop2:",
		"BACKOFFICE_SESSION_TTL": "2h", "BACKOFFICE_IDLE_TIMEOUT": " ", "BACKOFFICE_SERVE_LIVE": "false",
		"BACKOFFICE_TRUSTED_PROXIES": "10.0.0.1, 10.0.0.2", "BACKOFFICE_DB_MAX_CONNS": "12",
		"BACKOFFICE_SMTP_URL": "smtp://u:p@mail:587", "BACKOFFICE_MAIL_FROM": "no-reply@demo.co",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.RedisPrefix != "shop2:" || c.SessionTTL != 2*time.Hour || c.IdleTimeout != 15*time.Minute || c.ServeLive ||
		len(c.TrustedProxies) != 2 || c.TrustedProxies[1] != "10.0.0.2" || c.DBMaxConns != 12 ||
		c.SMTPURL != "smtp://u:p@mail:587" || c.MailFrom != "no-reply@demo.co" {
		t.Fatalf("settings %+v", c)
	}
	for k, v := range map[string]string{"BACKOFFICE_SESSION_TTL": "soon", "BACKOFFICE_DB_MAX_CONNS": "0",
		"BACKOFFICE_SMTP_URL": "smtp://u:p@mail:587" /* without BACKOFFICE_MAIL_FROM */} {
		if _, err := FromEnv(lookup(map[string]string{k: v})); err == nil {
			t.Errorf("%s=%s was accepted", k, v)
		}
	}
}
