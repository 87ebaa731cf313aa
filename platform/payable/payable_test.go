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

// What a new payment may take: the balance less the pending payments and the pending returns
// (DESIGN §4), negative when more is pending than is owed.
func TestAvailable(t *testing.T) {
	for _, c := range []struct {
		balance, pendingReturns, pendingPayments, want int64
	}{
		{100, 0, 0, 100},
		{100, 0, 30, 70},
		{100, 20, 30, 50},
		{100, 0, 100, 0},
		{0, 0, 0, 0},
		{50, 0, 80, -30},
	} {
		d := payable.Document{BalanceCents: c.balance, PendingReturnsCents: c.pendingReturns}
		if got := d.Available(c.pendingPayments); got != c.want {
			t.Errorf("balance %d, pending returns %d, pending payments %d: available %d, want %d", c.balance,
				c.pendingReturns, c.pendingPayments, got, c.want)
		}
	}
}
