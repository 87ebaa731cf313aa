package mail

import (
	"context"
	"sync"
)

// Memory keeps every message sent in the process, for tests (the API test harness gives it to
// the modules): Sent reads them back, and Fail makes the next sends fail as a refusing server
// would.
type Memory struct {
	mu   sync.Mutex
	sent []Message
	fail error
}

// Send records m, or returns the error set by Fail.
func (s *Memory) Send(_ context.Context, m Message) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail != nil {
		return s.fail
	}
	if len(m.To) == 0 {
		return ErrNoRecipient
	}
	m.To = append([]string(nil), m.To...)
	s.sent = append(s.sent, m)
	return nil
}

// Fail makes every later Send return err (nil: accept again).
func (s *Memory) Fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fail = err
}

// Sent returns a copy of the messages accepted so far, oldest first.
func (s *Memory) Sent() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.sent...)
}
