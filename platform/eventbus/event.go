package eventbus

import (
	"encoding/json"
	"fmt"
	"regexp"
	"time"

	"github.com/google/uuid"
)

// Event is a domain event as a module produces it (DESIGN §2 rule 4). Payload holds ids and
// labels that consumers need, not whole rows.
//
// On the wire an Event is the JSON envelope
//
//	{"event_id": "...", "subject": "...", "occurred_at": "RFC 3339 UTC",
//	 "company_id": 1, "actor_id": 2, "data": {...payload...}}
//
// The payload sits under "data" rather than merged at the top level, so a payload field can
// never clash with an envelope field and consumers decode it into their own type with
// DecodeEvent. company_id or actor_id is 0 when the event has none (a system action).
type Event struct {
	ID         string
	Subject    string
	OccurredAt time.Time
	CompanyID  int64
	ActorID    int64
	Payload    any
}

// Envelope is the wire form of an event with its payload decoded as T.
type Envelope[T any] struct {
	EventID    string    `json:"event_id"`
	Subject    string    `json:"subject"`
	OccurredAt time.Time `json:"occurred_at"`
	CompanyID  int64     `json:"company_id"`
	ActorID    int64     `json:"actor_id"`
	Data       T         `json:"data"`
}

// NewEvent builds an event with a fresh UUIDv7 id. Version 7 ids sort by creation time, which
// keeps them readable in logs and cheap as a unique index.
func NewEvent(subject string, companyID, actorID int64, payload any, now time.Time) Event {
	return Event{
		ID:         uuid.Must(uuid.NewV7()).String(),
		Subject:    subject,
		OccurredAt: now.UTC(),
		CompanyID:  companyID,
		ActorID:    actorID,
		Payload:    payload,
	}
}

// MarshalJSON writes the envelope described on Event.
func (e Event) MarshalJSON() ([]byte, error) {
	return json.Marshal(Envelope[any]{
		EventID:    e.ID,
		Subject:    e.Subject,
		OccurredAt: e.OccurredAt.UTC(),
		CompanyID:  e.CompanyID,
		ActorID:    e.ActorID,
		Data:       e.Payload,
	})
}

// DecodeEvent reads an envelope, decoding its data into T (json.RawMessage keeps it raw).
func DecodeEvent[T any](data []byte) (Envelope[T], error) {
	var env Envelope[T]
	if err := json.Unmarshal(data, &env); err != nil {
		return env, fmt.Errorf("eventbus: decode event: %w", err)
	}
	if env.EventID == "" {
		return env, fmt.Errorf("eventbus: decode event: no event_id")
	}
	return env, nil
}

// subjectToken is one lower-case name token of a subject: module, entity or verb.
const subjectToken = `[a-z][a-z0-9_]*`

var (
	subjectTokenRE = regexp.MustCompile(`^` + subjectToken + `$`)
	subjectRE      = regexp.MustCompile(`^` + DefaultSubjectPrefix + `\.(` + subjectToken + `)\.(` +
		subjectToken + `)\.(` + subjectToken + `)\.v[1-9][0-9]*$`)
)

// Subject builds the version-1 subject backoffice.<module>.<entity>.<past-verb>.v1, e.g.
// Subject("purchasing", "purchase", "approved"). Tokens are lower-case letters, digits and
// underscores starting with a letter. It panics on a bad token: subjects are fixed in code
// (each module's events.go), so a bad one is a programming error caught by the first test.
func Subject(module, entity, pastVerb string) string {
	for _, tok := range []string{module, entity, pastVerb} {
		if !subjectTokenRE.MatchString(tok) {
			panic(fmt.Sprintf("eventbus: bad subject token %q", tok))
		}
	}
	return DefaultSubjectPrefix + "." + module + "." + entity + "." + pastVerb + ".v1"
}

// ValidateSubject checks the form backoffice.<module>.<entity>.<past-verb>.v<N>. A later
// incompatible payload gets a new version (v2) alongside v1, never a changed v1.
func ValidateSubject(subject string) error {
	if !subjectRE.MatchString(subject) {
		return fmt.Errorf("eventbus: subject %q is not backoffice.<module>.<entity>.<past-verb>.v<N>", subject)
	}
	return nil
}
