package mail

import (
	"context"
	"crypto/tls"
	"fmt"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// SMTP sends through an SMTP server. smtp://user:pass@host:587 requires STARTTLS (port 587 by
// default); smtps://user:pass@host:465 speaks TLS from the first byte (port 465 by default).
// smtp://host:25?tls=none sends without TLS — only for a relay on a trusted network such as a
// local catcher; the credentials, if any, are then refused by go-mail except on localhost.
type SMTP struct {
	host, from string
	opts       []gomail.Option
}

// NewSMTP parses rawURL (see SMTP) and returns a sender that connects once per message. tlsConfig
// nil verifies the server's certificate against the system's roots and the URL's host name.
func NewSMTP(rawURL, from string, tlsConfig *tls.Config) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("not a URL: %w", err)
	}
	if from == "" {
		return nil, fmt.Errorf("BACKOFFICE_MAIL_FROM is required with an SMTP server")
	}
	if u.Hostname() == "" {
		return nil, fmt.Errorf("want smtp://user:pass@host:587 or smtps://user:pass@host:465, got no host")
	}
	if tlsConfig == nil {
		tlsConfig = &tls.Config{ServerName: u.Hostname(), MinVersion: tls.VersionTLS12}
	}
	opts := []gomail.Option{gomail.WithTimeout(30 * time.Second), gomail.WithTLSConfig(tlsConfig)}
	port := 0
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil || port < 1 || port > 65535 {
			return nil, fmt.Errorf("bad port %q", p)
		}
	}
	switch u.Scheme {
	case "smtps":
		opts = append(opts, gomail.WithSSL())
		if port == 0 {
			port = 465
		}
	case "smtp":
		policy := gomail.TLSMandatory
		switch u.Query().Get("tls") {
		case "", "starttls":
		case "none":
			policy = gomail.NoTLS
		default:
			return nil, fmt.Errorf("tls=%s: want starttls (the default) or none", u.Query().Get("tls"))
		}
		opts = append(opts, gomail.WithTLSPolicy(policy))
		if port == 0 {
			port = 587
		}
	default:
		return nil, fmt.Errorf("scheme %q: want smtp or smtps", u.Scheme)
	}
	opts = append(opts, gomail.WithPort(port))
	if u.User != nil && u.User.Username() != "" {
		pass, _ := u.User.Password()
		// The server says which mechanisms it offers; go-mail picks the strongest of them.
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(u.User.Username()), gomail.WithPassword(pass))
	}
	return &SMTP{host: u.Hostname(), from: from, opts: opts}, nil
}

// Send delivers m, returning the server's refusal (or the connection's failure) as an error.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg, err := compose(s.from, m)
	if err != nil {
		return err
	}
	c, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("mail: send to %v: %w", m.To, err)
	}
	return nil
}
