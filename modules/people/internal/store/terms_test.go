package store

import (
	"slices"
	"testing"
)

// A NIT typed as the lists show it finds the record, whose number is stored without its check
// digit; anything else is searched as search.Terms has it.
func TestTermsSearchANITAsShown(t *testing.T) {
	for q, want := range map[string][]string{
		"900123456-8":     {"900123456"},
		"900.123.456-8":   {"900123456"},
		"NIT 900123456-8": {"900123456", "nit"},
		"900123456-7":     {"9001234567"}, // not its check digit: as typed
		"1003703701":      {"1003703701"},
		"ana 52.345.678":  {"52345678", "ana"},
	} {
		if got := Terms(q); !slices.Equal(got, want) {
			t.Errorf("Terms(%q) = %q, want %q", q, got, want)
		}
	}
}
