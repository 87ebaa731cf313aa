package sequence_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/sequence"
)

// Transactions allocating at once each get their own number, without gaps, per company and
// name; a rolled-back allocation gives its number back.
func TestConcurrentAllocation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		a, b := dbtest.Company(t, db, "A S.A.S."), dbtest.Company(t, db, "B S.A.S.")
		const n = 24
		var mu sync.Mutex
		got := map[int64][]int64{}
		var wg sync.WaitGroup
		for i := range n {
			company := a
			if i%3 == 0 {
				company = b
			}
			wg.Go(func() {
				err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
					v, err := sequence.Next(ctx, tx, company, "purchase_order")
					if err != nil {
						return err
					}
					mu.Lock()
					got[company] = append(got[company], v)
					mu.Unlock()
					return nil
				})
				if err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		for company, want := range map[int64]int{a: n - n/3, b: n / 3} {
			nums := slices.Sorted(slices.Values(got[company]))
			if len(nums) != want {
				t.Fatalf("company %d: %d numbers, want %d", company, len(nums), want)
			}
			for i, v := range nums {
				if v != int64(i+1) {
					t.Fatalf("company %d: numbers %v, want 1..%d once each", company, nums, want)
				}
			}
		}

		// Another name of the same company counts on its own.
		if v := next(t, db, a, "received_order"); v != 1 {
			t.Fatalf("first received_order of A: %d", v)
		}
		// A transaction that rolls back gives its number back.
		rollback := errors.New("rollback")
		err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			if v, err := sequence.Next(ctx, tx, b, "purchase_order"); err != nil || v != n/3+1 {
				t.Errorf("in the rolled-back transaction: %d, %v", v, err)
			}
			return rollback
		})
		if !errors.Is(err, rollback) {
			t.Fatal(err)
		}
		if v := next(t, db, b, "purchase_order"); v != n/3+1 {
			t.Fatalf("after a rollback: %d, want %d", v, n/3+1)
		}
	})
}

func next(t *testing.T, db *bun.DB, company int64, name string) int64 {
	t.Helper()
	var v int64
	err := db.RunInTx(context.Background(), nil, func(ctx context.Context, tx bun.Tx) error {
		var err error
		v, err = sequence.Next(ctx, tx, company, name)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestNumber(t *testing.T) {
	for _, c := range []struct {
		prefix string
		n      int64
		want   string
	}{{"PO", 42, "PO-000042"}, {"VTA", 123, "VTA-000123"}, {"RO", 1_234_567, "RO-1234567"}} {
		if got := sequence.Number(c.prefix, c.n); got != c.want {
			t.Errorf("Number(%q, %d) = %q, want %q", c.prefix, c.n, got, c.want)
		}
	}
}
