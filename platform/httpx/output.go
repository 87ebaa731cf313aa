package httpx

import (
	"context"

	"github.com/backoffice/backoffice/platform/listing"
)

// Data is the answer of an operation on one record (or one value): {"data": ...}.
type Data[T any] struct {
	Body struct {
		Data T `json:"data"`
	}
}

// DataOf wraps a use case's answer, or passes its error on, so that a handler reads
// `return httpx.DataOf(svc.Get(ctx, p, id))`.
func DataOf[T any](v T, err error) (*Data[T], error) {
	if err != nil {
		return nil, err
	}
	out := &Data[T]{}
	out.Body.Data = v
	return out, nil
}

// List is the answer of a list operation: {"data": [...], "meta": {...}} (listing.Page).
type List[T any] struct {
	Body listing.Page[T]
}

// ListOf wraps a use case's page, or passes its error on.
func ListOf[T any](page listing.Page[T], err error) (*List[T], error) {
	if err != nil {
		return nil, err
	}
	return &List[T]{Body: page}, nil
}

// Caller is the principal of the request: the signed-in user on the routes Register guards
// with SignedIn or PendingOrSignedIn (the zero Principal on public ones).
func Caller(ctx context.Context) Principal {
	p, _ := PrincipalFrom(ctx)
	return p
}
