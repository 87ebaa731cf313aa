package listing

import "strconv"

// Scope is the set of companies a caller may see: one company, or every company (administrators
// with no company filter). The app layer builds it from the principal with ScopeFor; the stores
// apply it to every read and write with Restrict, so that a row of another company is simply not
// found (spec: 404, never 403).
type Scope struct {
	CompanyID int64
	All       bool
}

// ScopeFor is what a caller may see: an administrator every company, or the one companyFilter
// names (0: no filter); anyone else their own company, whatever filter they send.
func ScopeFor(admin bool, ownCompany, companyFilter int64) Scope {
	switch {
	case !admin:
		return Scope{CompanyID: ownCompany}
	case companyFilter != 0:
		return Scope{CompanyID: companyFilter}
	default:
		return Scope{All: true}
	}
}

// String identifies the scope in cache keys: "all" or "c<company id>".
func (s Scope) String() string {
	if s.All {
		return "all"
	}
	return "c" + strconv.FormatInt(s.CompanyID, 10)
}

// Wherer is a bun query that takes WHERE conditions: *bun.SelectQuery, *bun.UpdateQuery,
// *bun.DeleteQuery.
type Wherer[Q any] interface {
	Where(query string, args ...any) Q
}

// Restrict limits q to the scope, comparing the company column col (e.g. "p.company_id").
func Restrict[Q Wherer[Q]](q Q, s Scope, col string) Q {
	if s.All {
		return q
	}
	return q.Where(col+" = ?", s.CompanyID)
}
