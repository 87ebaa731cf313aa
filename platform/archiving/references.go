package archiving

import (
	"context"
	"slices"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db"
)

// Reference is one module's reference to master records (customers, suppliers, products,
// categories): InUse reads, on db, which of ids its live records still name — one query for
// them all — and Holds is what it calls those records in a refusal ('sales', 'purchases',
// 'purchase orders').
type Reference struct {
	InUse func(ctx context.Context, db bun.IDB, ids []int64) ([]int64, error)
	Holds string
}

// Held asks the references, in order, which of ids they hold — one query per reference for all
// the ids, none for no ids — and returns, for each id held, what the first reference holding it
// holds. Both the advanced delete (a batch of up to 500 records) and a single delete ask
// through here, on their transaction: after they took the records (db.HoldRows), so that no
// document naming one slips in between the check and the delete.
func Held(ctx context.Context, db bun.IDB, ids []int64, refs []Reference) (map[int64]string, error) {
	out := map[int64]string{}
	left := slices.Clone(ids)
	for _, r := range refs {
		if len(left) == 0 {
			break
		}
		used, err := r.InUse(ctx, db, left)
		if err != nil {
			return nil, err
		}
		for _, id := range used {
			if _, ok := out[id]; !ok {
				out[id] = r.Holds
			}
		}
		left = slices.DeleteFunc(left, func(id int64) bool { _, held := out[id]; return held })
	}
	return out, nil
}

// Free takes the master record id of table in tx (db.HoldRows) and answers refusal when one of
// refs holds it, nil when none does: a single delete's check, made in its transaction after
// taking the record as the advanced delete makes it, so that a document stored meanwhile is
// either seen or finds the record gone.
func Free(ctx context.Context, tx bun.IDB, table string, id int64, refs []Reference, refusal error) error {
	if err := db.HoldRows(ctx, tx, table, []int64{id}); err != nil {
		return err
	}
	held, err := Held(ctx, tx, []int64{id}, refs)
	if err == nil && len(held) > 0 {
		return refusal
	}
	return err
}

// Refusals is Held as a preview shows it: for each of ids held, the refusal of a label
// ('Customer', 'Product') held by what holds it first ('Customer cannot be deleted: it has
// sales.').
func Refusals(ctx context.Context, db bun.IDB, ids []int64, refs []Reference, label string) (map[int64]string, error) {
	held, err := Held(ctx, db, ids, refs)
	for id, what := range held {
		held[id] = CannotDelete(label, what)
	}
	return held, err
}

// Refuse sets, on db, the Blocked reason of each of recs (a preview's master records) that refs
// hold: Refusals for all of them at once.
func Refuse(ctx context.Context, db bun.IDB, recs []Record, refs []Reference, label string) error {
	ids := make([]int64, len(recs))
	for i := range recs {
		ids[i] = recs[i].ID
	}
	held, err := Refusals(ctx, db, ids, refs, label)
	for i := range recs {
		recs[i].Blocked = held[recs[i].ID]
	}
	return err
}

// References turns another module's references (its Usage) into References: inUse is the
// method that answers (a method expression, CustomerReferences.CustomersInUse), each is named
// by what it holds (Holds).
func References[R any](refs []R, inUse func(R, context.Context, bun.IDB, []int64) ([]int64, error)) []Reference {
	out := make([]Reference, len(refs))
	for i, r := range refs {
		out[i] = Reference{Holds: Holds(r), InUse: func(ctx context.Context, db bun.IDB, ids []int64) ([]int64, error) {
			return inUse(r, ctx, db, ids)
		}}
	}
	return out
}
