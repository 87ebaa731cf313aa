// Package idempotency makes a money-moving create safe to retry (DESIGN §3): an operation that
// takes an Idempotency-Key header runs once per user, operation and key. The same key with the
// same request answers what the first run answered — its data, or its application error, so the
// same status and the same body — and runs nothing; the same key with another request is refused
// (422). Keys live 24 hours in the shared cache (platform/cache: Redis when configured, memory
// otherwise), so every replica sees the keys every other one took.
//
// Rules decided here:
//   - A key belongs to its user and its operation: two users' equal keys never meet, and neither
//     do one user's single payment and run.
//   - The request is told apart by a fingerprint the handler computes from what it read (the
//     JSON text, each file's bytes; see Fingerprint), not from the raw body: a multipart body's
//     boundary changes from one send of the same form to the next.
//   - What is kept is the answer of a run that ended: its data, or an application error (invalid,
//     not found, conflict…), which the same request would meet again — the client sees exactly
//     what its first attempt got. An internal error, a panic or a canceled request forgets the
//     key: its transaction rolled back, so a retry runs again.
//   - While the first run is in flight, the same key answers 409 ('A request with this
//     Idempotency-Key is still being processed.'), or 422 with another request. The in-flight
//     mark lives as long as a key: a process that dies between its commit and storing the answer
//     leaves the key answering 409 for its 24 hours rather than let a retry pay twice.
//   - A request without the header runs as any other; a cache that cannot be reached refuses a
//     keyed request (500) rather than run it unprotected.
package idempotency

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/cache"
)

// TTL is how long a key is kept (DESIGN §3: 24 hours).
const TTL = 24 * time.Hour

// Messages the client shows (translated in the web app).
const (
	MsgKeyReused = "This Idempotency-Key was already used with another request."
	MsgInFlight  = "A request with this Idempotency-Key is still being processed."
)

// Header is an operation's optional Idempotency-Key header: embed it in the huma input struct.
type Header struct {
	IdempotencyKey string `header:"Idempotency-Key" maxLength:"255" doc:"Optional. A key the client makes for one submission (a UUID) and sends again with every retry of it: the same key and request answer the first answer and create nothing; the same key with another request is 422. Kept 24 h per user."`
}

// Keys keeps the keys in a cache.Store.
type Keys struct {
	cache cache.Store
	ttl   time.Duration
}

// New keeps keys in c for ttl (TTL in production; tests shorten it).
func New(c cache.Store, ttl time.Duration) *Keys { return &Keys{cache: c, ttl: ttl} }

// Fingerprint identifies a request by its parts (the JSON text, each file's bytes, in the order
// the handler read them); each part is length-prefixed, so parts never run into each other.
func Fingerprint(parts ...[]byte) string {
	h := sha256.New()
	var n [8]byte
	for _, p := range parts {
		binary.BigEndian.PutUint64(n[:], uint64(len(p)))
		h.Write(n[:])
		h.Write(p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// record is what a key holds: the fingerprint of its request and, once the run ended, its answer.
type record struct {
	Fingerprint string          `json:"fp"`
	Done        bool            `json:"done"`
	Data        json.RawMessage `json:"data,omitempty"`
	Error       *answerError    `json:"error,omitempty"`
}

// answerError is an application error as kept: what the client saw.
type answerError struct {
	Code    apperror.Code     `json:"code"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
}

// cacheKey is where the key of user for operation lives; the client's key is hashed, so its
// length and characters do not matter to the cache.
func cacheKey(operation string, userID int64, key string) string {
	sum := sha256.Sum256([]byte(key))
	return "idempotency:" + operation + ":" + strconv.FormatInt(userID, 10) + ":" + hex.EncodeToString(sum[:])
}

// Do runs fn at most once for (operation, userID, key) while the key lives, as the package doc
// says: the first call runs fn; the next ones with the same fingerprint answer its result, with
// another fingerprint a 422. An empty key, or nil Keys, simply runs fn.
func Do[T any](ctx context.Context, k *Keys, operation string, userID int64, key, fingerprint string, fn func(context.Context) (T, error)) (T, error) {
	var zero T
	if k == nil || key == "" {
		return fn(ctx)
	}
	ck := cacheKey(operation, userID, key)
	mark, err := json.Marshal(record{Fingerprint: fingerprint})
	if err != nil {
		return zero, apperror.Internal(err)
	}
	// Two tries: a key that expires between SetNX's refusal and the read is taken again.
	for range 2 {
		took, err := k.cache.SetNX(ctx, ck, mark, k.ttl)
		if err != nil {
			return zero, apperror.Internal(fmt.Errorf("idempotency: take key: %w", err))
		}
		if took {
			return run(ctx, k, ck, fingerprint, fn)
		}
		raw, ok, err := k.cache.Get(ctx, ck)
		if err != nil {
			return zero, apperror.Internal(fmt.Errorf("idempotency: read key: %w", err))
		}
		if ok {
			return replay[T](raw, fingerprint)
		}
	}
	return zero, apperror.Conflict(MsgInFlight)
}

// run runs fn for the key ck it took and keeps its answer, or forgets the key when the run did
// not end with an answer (an internal error, a panic).
func run[T any](ctx context.Context, k *Keys, ck, fingerprint string, fn func(context.Context) (T, error)) (out T, err error) {
	kept := false
	defer func() {
		if !kept {
			// Not under the request's context: a canceled request must still free its key.
			_ = k.cache.Delete(context.WithoutCancel(ctx), ck)
		}
	}()
	out, err = fn(ctx)
	rec := record{Fingerprint: fingerprint, Done: true}
	switch ae := apperror.As(err); {
	case err == nil:
		data, merr := json.Marshal(out)
		if merr != nil {
			return out, err
		}
		rec.Data = data
	case ae == nil || ae.Code == apperror.CodeInternal:
		return out, err
	default:
		rec.Error = &answerError{Code: ae.Code, Message: ae.Message, Fields: ae.Fields}
	}
	raw, merr := json.Marshal(rec)
	if merr != nil {
		return out, err
	}
	// The answer replaces the in-flight mark for the key's whole life from now. Should the cache
	// fail here, the mark stays (retries answer 409): the work is done and must not run again.
	kept = true
	_ = k.cache.Set(context.WithoutCancel(ctx), ck, raw, k.ttl)
	return out, err
}

// replay answers a key already taken.
func replay[T any](raw []byte, fingerprint string) (T, error) {
	var zero T
	var rec record
	if err := json.Unmarshal(raw, &rec); err != nil {
		return zero, apperror.Internal(fmt.Errorf("idempotency: damaged record: %w", err))
	}
	switch {
	case rec.Fingerprint != fingerprint:
		return zero, apperror.Invalid(MsgKeyReused, nil)
	case !rec.Done:
		return zero, apperror.Conflict(MsgInFlight)
	case rec.Error != nil:
		return zero, &apperror.Error{Code: rec.Error.Code, Message: rec.Error.Message, Fields: rec.Error.Fields}
	}
	var out T
	if err := json.Unmarshal(rec.Data, &out); err != nil {
		return zero, apperror.Internal(errors.Join(errors.New("idempotency: damaged answer"), err))
	}
	return out, nil
}
