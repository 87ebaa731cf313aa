// Package apperror is the one error type the modules return to the HTTP layer. Each error carries
// a code from a short closed list; platform/httpx maps codes to HTTP statuses in one place, so a
// module never chooses a status and an internal cause never reaches a client.
package apperror

import (
	"errors"
	"fmt"
	"time"
)

// Code classifies an error for the client.
type Code string

// The closed list of codes (DESIGN §2 rule 7). SiteDisabled is the answer while an admin has
// switched the site off.
const (
	CodeInvalid      Code = "invalid"
	CodeNotFound     Code = "not_found"
	CodeConflict     Code = "conflict"
	CodeForbidden    Code = "forbidden"
	CodeUnauthorized Code = "unauthorized"
	CodeRateLimited  Code = "rate_limited"
	CodeSiteDisabled Code = "site_disabled"
	CodeInternal     Code = "internal"
)

// Error is a failure with a message meant for the user and, optionally, per-field messages.
type Error struct {
	Code    Code
	Message string
	// Fields maps an input field name to the message shown beside it.
	Fields map[string]string
	// RetryAfter is set on rate-limited errors.
	RetryAfter time.Duration
	// Cause is logged, never sent to the client.
	Cause error
}

func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Cause)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Cause }

// As returns the *Error inside err, or nil.
func As(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// IsCode reports whether err is an *Error with the given code.
func IsCode(err error, code Code) bool {
	e := As(err)
	return e != nil && e.Code == code
}

// Invalid is bad input. fields may be nil.
func Invalid(message string, fields map[string]string) *Error {
	return &Error{Code: CodeInvalid, Message: message, Fields: fields}
}

// Field is bad input in one field; the field's message is also the error's message.
func Field(field, message string) *Error {
	return Invalid(message, map[string]string{field: message})
}

// NotFound is a missing (or not visible to this user) record.
func NotFound(message string) *Error { return &Error{Code: CodeNotFound, Message: message} }

// Conflict is a state that forbids the change (duplicate, still referenced, already approved).
func Conflict(message string) *Error { return &Error{Code: CodeConflict, Message: message} }

// Forbidden is an authenticated user without the right to do this.
func Forbidden(message string) *Error { return &Error{Code: CodeForbidden, Message: message} }

// Unauthorized is a missing, expired or wrong credential.
func Unauthorized(message string) *Error { return &Error{Code: CodeUnauthorized, Message: message} }

// RateLimited tells the client to come back after retryAfter.
func RateLimited(message string, retryAfter time.Duration) *Error {
	return &Error{Code: CodeRateLimited, Message: message, RetryAfter: retryAfter}
}

// SiteDisabled is the answer to every call while the site is switched off.
func SiteDisabled(message string) *Error { return &Error{Code: CodeSiteDisabled, Message: message} }

// Internal wraps an unexpected failure; the client sees only a generic message.
func Internal(cause error) *Error {
	return &Error{Code: CodeInternal, Message: "An unexpected error occurred. Please try again.", Cause: cause}
}
