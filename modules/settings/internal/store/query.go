package store

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/listing"
)

// Scope is the companies a caller may see (see listing.Scope).
type Scope = listing.Scope

// count runs sel as a count.
func count(ctx context.Context, sel *bun.SelectQuery) (int, error) {
	n, err := sel.Count(ctx)
	return int(n), err
}
