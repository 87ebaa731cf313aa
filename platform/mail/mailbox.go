package mail

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"
)

// Mailbox is the dev mailbox: each message is written, exactly as SMTP would have carried it, to
// its own .eml file in dir (any mail client opens it) and logged with its path. It is what the
// embedded default sends with, so nothing leaves the machine.
type Mailbox struct {
	dir, from string
	log       *slog.Logger
	now       func() time.Time
}

// NewMailbox writes into dir (created on the first message); from "" is no-reply@localhost.
func NewMailbox(dir, from string, logger *slog.Logger) *Mailbox {
	if from == "" {
		from = "no-reply@localhost"
	}
	if logger == nil {
		logger = slog.Default()
	}
	return &Mailbox{dir: dir, from: from, log: logger, now: time.Now}
}

// Dir is the folder the messages are written to.
func (b *Mailbox) Dir() string { return b.dir }

// Send writes m to a new file named by the time and a random suffix, so names sort by arrival.
func (b *Mailbox) Send(ctx context.Context, m Message) error {
	msg, err := compose(b.from, m)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(b.dir, 0o750); err != nil {
		return fmt.Errorf("mail: dev mailbox: %w", err)
	}
	var suffix [4]byte
	_, _ = rand.Read(suffix[:])
	path := filepath.Join(b.dir, b.now().UTC().Format("20060102T150405.000000000Z")+"-"+hex.EncodeToString(suffix[:])+".eml")
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return fmt.Errorf("mail: dev mailbox: %w", err)
	}
	if _, err := msg.WriteTo(f); err != nil {
		_ = f.Close()
		return fmt.Errorf("mail: dev mailbox: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("mail: dev mailbox: %w", err)
	}
	b.log.InfoContext(ctx, "mail: written to the dev mailbox", "path", path, "to", m.To, "subject", m.Subject)
	return nil
}
