package eventbus

import (
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// embeddedReadyTimeout bounds how long StartEmbedded waits for the server to accept clients;
// JetStream recovery of a large store is the slow part.
const embeddedReadyTimeout = 30 * time.Second

// Embedded is a NATS server with JetStream running inside this process: the default for the
// one-command setup (DESIGN §1). It listens on 127.0.0.1 on a free port rather than in-process
// only, so that a cmd/notifier started on the same machine could connect to it as well.
type Embedded struct {
	srv *server.Server
}

// StartEmbedded starts the server with JetStream storing under storeDir and waits until it
// accepts connections. Its log lines go to logger (nil discards them).
func StartEmbedded(storeDir string, logger *slog.Logger) (*Embedded, error) {
	if storeDir == "" {
		return nil, errors.New("eventbus: embedded server needs a store folder")
	}
	opts := &server.Options{
		ServerName: "backoffice-embedded",
		Host:       "127.0.0.1",
		Port:       server.RANDOM_PORT,
		JetStream:  true,
		StoreDir:   storeDir,
		// The process owns signal handling (graceful shutdown in cmd/), not the server.
		NoSigs: true,
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("eventbus: embedded server: %w", err)
	}
	srv.SetLoggerV2(serverLogger{log: orDiscard(logger).With("component", "nats-server")}, false, false, false)
	go srv.Start()
	if !srv.ReadyForConnections(embeddedReadyTimeout) {
		srv.Shutdown()
		srv.WaitForShutdown()
		return nil, fmt.Errorf("eventbus: embedded server not ready after %s", embeddedReadyTimeout)
	}
	return &Embedded{srv: srv}, nil
}

// ClientURL is the nats:// address clients connect to.
func (e *Embedded) ClientURL() string {
	return e.srv.ClientURL()
}

// Shutdown stops the server and returns once it has stopped, so its store can be reopened.
func (e *Embedded) Shutdown() {
	e.srv.Shutdown()
	e.srv.WaitForShutdown()
}

// serverLogger adapts nats-server's printf-style logger to slog.
type serverLogger struct {
	log *slog.Logger
}

func (l serverLogger) Noticef(format string, v ...any) { l.log.Info(fmt.Sprintf(format, v...)) }
func (l serverLogger) Warnf(format string, v ...any)   { l.log.Warn(fmt.Sprintf(format, v...)) }
func (l serverLogger) Errorf(format string, v ...any)  { l.log.Error(fmt.Sprintf(format, v...)) }
func (l serverLogger) Debugf(format string, v ...any)  { l.log.Debug(fmt.Sprintf(format, v...)) }
func (l serverLogger) Tracef(format string, v ...any)  { l.log.Debug(fmt.Sprintf(format, v...)) }

// Fatalf is logged as an error only: the embedded server must not exit the whole process.
func (l serverLogger) Fatalf(format string, v ...any) {
	l.log.Error(fmt.Sprintf(format, v...), "fatal", true)
}

func orDiscard(logger *slog.Logger) *slog.Logger {
	if logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return logger
}
