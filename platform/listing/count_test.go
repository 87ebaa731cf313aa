package listing_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/listing"
)

func TestCounter(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	mem := cache.NewMemory(func() time.Time { return now })
	t.Cleanup(func() { _ = mem.Close() })
	c := listing.NewCounter(mem, time.Minute)

	calls, rows := 0, 7
	count := func(context.Context) (int, error) { calls++; return rows, nil }
	total := func(table, filter string) int {
		t.Helper()
		n, err := c.Total(ctx, table, filter, count)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}

	if n := total("products", "company=1"); n != 7 || calls != 1 {
		t.Fatalf("first total = %d after %d counts, want 7 after 1", n, calls)
	}
	rows = 8 // a write nobody announced: the cached total stands until it expires
	if n := total("products", "company=1"); n != 7 || calls != 1 {
		t.Fatalf("cached total = %d after %d counts, want 7 after 1", n, calls)
	}
	if n := total("products", "company=2"); n != 8 || calls != 2 {
		t.Fatalf("another filter = %d after %d counts, want its own count", n, calls)
	}
	c.Bump(ctx, "customers") // another table's write leaves products alone
	if n := total("products", "company=1"); n != 7 || calls != 2 {
		t.Fatalf("after another table's bump = %d after %d counts, want the cached 7", n, calls)
	}
	c.Bump(ctx, "products")
	if n := total("products", "company=1"); n != 8 || calls != 3 {
		t.Fatalf("after bump = %d after %d counts, want a fresh 8", n, calls)
	}
	rows = 9
	now = now.Add(2 * time.Minute)
	if n := total("products", "company=1"); n != 9 || calls != 4 {
		t.Fatalf("after expiry = %d after %d counts, want a fresh 9", n, calls)
	}

	boom := errors.New("count failed")
	if _, err := c.Total(ctx, "suppliers", "", func(context.Context) (int, error) { return 0, boom }); !errors.Is(err, boom) {
		t.Fatalf("count error = %v, want %v", err, boom)
	}
}
