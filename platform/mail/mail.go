// Package mail sends the product's e-mail (verification codes and other messages to a person's
// address). Production sends through an SMTP server (BACKOFFICE_SMTP_URL, BACKOFFICE_MAIL_FROM)
// with github.com/wneessen/go-mail; the embedded default, with no SMTP server configured, writes
// each message as an .eml file in the data dir's mail/ folder (the dev mailbox) and logs its
// path, so a developer or a browser test reads what a person would have received. Memory keeps
// messages in the process for tests. Modules get a Sender from the product's Deps; Template
// renders one message in the reader's language, plain text and HTML from one source.
package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"

	"github.com/backoffice/backoffice/platform/config"
)

// Message is one e-mail: plain text and HTML bodies of the same content.
type Message struct {
	To      []string
	Subject string
	Text    string
	HTML    string
}

// Sender delivers messages. Send returns an error when the message was not accepted.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// ErrNoRecipient is returned for a message addressed to nobody.
var ErrNoRecipient = errors.New("mail: the message has no recipient")

// FromConfig returns the process's Sender: SMTP when cfg.SMTPURL is set, otherwise the dev
// mailbox under cfg.DataDir/mail.
func FromConfig(cfg config.Config, logger *slog.Logger) (Sender, error) {
	if cfg.SMTPURL != "" {
		s, err := NewSMTP(cfg.SMTPURL, cfg.MailFrom, nil)
		if err != nil {
			return nil, fmt.Errorf("BACKOFFICE_SMTP_URL: %w", err)
		}
		return s, nil
	}
	return NewMailbox(filepath.Join(cfg.DataDir, "mail"), cfg.MailFrom, logger), nil
}
