package payable

import (
	"fmt"
	"strconv"
	"strings"
)

// COP writes centavos as Colombian pesos the way es-CO does: "$ 1.234.567", with ",50" only when
// there are centavos, and a minus sign before the symbol when negative.
func COP(cents int64) string {
	sign := ""
	u := uint64(cents)
	if cents < 0 {
		sign, u = "-", uint64(-cents) // -MinInt64 wraps to itself, which uint64 reads right
	}
	pesos, rest := u/100, u%100
	digits := strconv.FormatUint(pesos, 10)
	var b strings.Builder
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(c)
	}
	if rest != 0 {
		fmt.Fprintf(&b, ",%02d", rest)
	}
	return sign + "$ " + b.String()
}
