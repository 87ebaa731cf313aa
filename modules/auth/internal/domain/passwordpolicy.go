package domain

import (
	"unicode"
	"unicode/utf8"
)

// FieldErrors maps an input field name to the message shown beside it. The messages are the
// spec's English texts, which the web client also uses as i18n keys, so the HTTP layer sends them
// unchanged.
type FieldErrors map[string]string

// Field names used by the password-change form (and the API contract's 422 "fields").
const (
	FieldPassword             = "password"
	FieldPasswordConfirmation = "password_confirmation"
)

// Password policy messages (spec §5, API contract PUT /api/auth/user/password).
const (
	MsgPasswordComplexity = "Password must include uppercase, lowercase, and special character."
	MsgPasswordTooShort   = "Password must be at least 8 characters."
	MsgPasswordMismatch   = "Passwords do not match."
)

// MinPasswordLength is counted in characters (runes), not bytes, so accented letters count once.
const MinPasswordLength = 8

// ValidateNewPassword checks a new password and its confirmation against the policy and returns
// nil when both are acceptable. The password field gets one message: the complexity rule first
// (uppercase, lowercase and a character that is neither letter nor digit), then the length rule,
// because a short password that also lacks a class needs the class hint to become valid at all.
// The confirmation field is checked independently so the form can show both problems at once.
func ValidateNewPassword(password, confirmation string) FieldErrors {
	var errs FieldErrors
	add := func(field, msg string) {
		if errs == nil {
			errs = FieldErrors{}
		}
		errs[field] = msg
	}
	switch {
	case !hasRequiredClasses(password):
		add(FieldPassword, MsgPasswordComplexity)
	case utf8.RuneCountInString(password) < MinPasswordLength:
		add(FieldPassword, MsgPasswordTooShort)
	}
	if password != confirmation {
		add(FieldPasswordConfirmation, MsgPasswordMismatch)
	}
	return errs
}

// hasRequiredClasses reports whether s has an uppercase letter, a lowercase letter and a "special"
// character, which the spec defines loosely; we take anything that is neither a letter nor a digit
// (punctuation, symbols, spaces), Unicode-aware so Spanish letters such as Ñ/ñ count as letters.
func hasRequiredClasses(s string) bool {
	var upper, lower, special bool
	for _, r := range s {
		switch {
		case unicode.IsUpper(r):
			upper = true
		case unicode.IsLower(r):
			lower = true
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			special = true
		}
	}
	return upper && lower && special
}
