package domain

import (
	"fmt"
	"strings"
)

// Role is a user's role (spec §6). It decides which routes and endpoints the user may use; the
// values are the exact strings stored in the database and sent in the API's user object.
type Role string

// The four roles of spec §6.
const (
	RoleAdmin     Role = "admin"
	RoleSecretary Role = "secretary"
	RoleUser      Role = "user"
	RoleBuyer     Role = "buyer"
)

// Roles returns every valid role, in the order the user forms list them.
func Roles() []Role {
	return []Role{RoleAdmin, RoleSecretary, RoleUser, RoleBuyer}
}

// ParseRole reads a role name, ignoring surrounding spaces and letter case ("Admin " is admin), and
// fails for anything that is not one of the four roles.
func ParseRole(s string) (Role, error) {
	r := Role(strings.ToLower(strings.TrimSpace(s)))
	if !r.Valid() {
		return "", fmt.Errorf("auth: unknown role %q", s)
	}
	return r, nil
}

// Valid reports whether r is one of the four roles exactly as stored (lowercase, no spaces).
func (r Role) Valid() bool {
	switch r {
	case RoleAdmin, RoleSecretary, RoleUser, RoleBuyer:
		return true
	}
	return false
}
