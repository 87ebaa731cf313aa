package store

import (
	"regexp"
	"strings"

	"github.com/backoffice/backoffice/modules/people/internal/domain"
	"github.com/backoffice/backoffice/platform/search"
)

// nitAsShown is a NIT as the lists and pickers show it: its digits (dots allowed) and its check
// digit after a dash ("900123456-8", "900.123.456-8").
var nitAsShown = regexp.MustCompile(`\b\d[\d.]*\d-\d\b`)

// Terms is search.Terms of a party search q, with a NIT typed as shown searched as the number
// the records hold: the check digit is checked on input and not stored (domain.NormalizeDocument),
// so "900123456-8" would otherwise be the term "9001234568", which begins no word. A dash and
// digit that is not the number's check digit stays as typed (it may be part of another document).
func Terms(q string) []string {
	return search.Terms(nitAsShown.ReplaceAllStringFunc(q, func(m string) string {
		base, dv, _ := strings.Cut(m, "-")
		base = strings.ReplaceAll(base, ".", "")
		if domain.VerificationDigit(base) == dv {
			return base
		}
		return m
	}))
}
