package payable_test

import (
	"testing"

	"github.com/backoffice/backoffice/platform/payable"
)

func TestStatusOf(t *testing.T) {
	for _, c := range []struct {
		total, paid, returns int64
		balance              int64
		want                 string
	}{
		{100, 0, 0, 100, payable.StatusPending},
		{100, 1, 0, 99, payable.StatusPartial},
		{100, 60, 40, 0, payable.StatusPaid},
		{100, 0, 100, 0, payable.StatusPaid},
		{100, 0, 30, 70, payable.StatusPending},
		{0, 0, 0, 0, payable.StatusPaid},
	} {
		if got := payable.Balance(c.total, c.paid, c.returns); got != c.balance {
			t.Errorf("Balance(%d, %d, %d) = %d, want %d", c.total, c.paid, c.returns, got, c.balance)
		}
		if got := payable.StatusOf(c.total, c.paid, c.returns); got != c.want {
			t.Errorf("StatusOf(%d, %d, %d) = %q, want %q", c.total, c.paid, c.returns, got, c.want)
		}
	}
}
