// Package domain holds the pure sign-in rules of the auth module: password hashing and policy,
// TOTP enrollment and verification, per-user IP allow lists and the role names. Nothing here
// touches a database, the network or the clock; callers pass the current time and stored state in,
// which keeps every rule table-testable (DESIGN §2 "internal/domain", §8 security baseline).
package domain
