package httpx

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

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

// DecisionBody is a rejection's reason. It is optional for the schema, so that a missing reason
// gets approval's message ('A reason is required.') rather than a schema error.
type DecisionBody struct {
	Reason string `json:"reason" required:"false" maxLength:"1000" doc:"Why it is rejected (required to reject)"`
}

type decisionInput struct {
	ID   int64 `path:"id" minimum:"1"`
	Body *DecisionBody
}

type decisionPath struct {
	ID int64 `path:"id" minimum:"1"`
}

// Decisions registers the decisions on an approvable record under base (DESIGN §3): POST
// base/{id}/approve, and POST base/{id}/reject with a reason (DecisionBody) — operations
// approve-<entity> and reject-<entity>, summarized by summaries (approve's, reject's) — both
// answering the record after the decision ({"data": …}), or 409 when it is no longer pending;
// decide carries them out.
func Decisions[T any](api huma.API, access Access, base, entity string, tags []string, summaries [2]string,
	decide func(ctx context.Context, p Principal, id int64, approve bool, reason string) (T, error)) {
	op := func(verb, summary string) huma.Operation {
		return huma.Operation{OperationID: verb + "-" + entity, Errors: []int{http.StatusConflict}, Method: http.MethodPost,
			Path: base + "/{id}/" + verb, Summary: summary, Tags: tags}
	}
	Register(api, access, op("approve", summaries[0]), func(ctx context.Context, in *decisionPath) (*Data[T], error) {
		return DataOf(decide(ctx, Caller(ctx), in.ID, true, ""))
	})
	Register(api, access, op("reject", summaries[1]), func(ctx context.Context, in *decisionInput) (*Data[T], error) {
		reason := ""
		if in.Body != nil {
			reason = in.Body.Reason
		}
		return DataOf(decide(ctx, Caller(ctx), in.ID, false, reason))
	})
}
