// Package archiving is the contract between the advanced delete (modules/archive) and the
// modules that own the records it archives, as platform/payable is between payments and the
// documents they settle. The archive module never touches another module's tables: each owner
// implements Kind for its records — selecting them with what goes along and what cannot go,
// archiving them in the caller's transaction with every effect reversed (stock, balances,
// statuses), and restoring them with every effect re-applied or refusing with the reason.
//
// Archived means soft-deleted (deleted_at, deleted_by set), so every list, report view and
// aggregate that keys on deleted_at drops an archived record without knowing about archives; the
// archive module's batch remembers which records it archived, so restoring brings back exactly
// those and never a record deleted by hand.
package archiving

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
)

// Selection is what an advanced delete names: chosen record ids, or a filter. Both narrow the
// caller's scope; an empty filter with no ids selects nothing.
type Selection struct {
	// IDs are chosen records; when set, the filter below is ignored.
	IDs []int64
	// From and To bound the record's business date ('YYYY-MM-DD', both included; "" open).
	From, To string
	// PartyID is the supplier or customer; StoreID the store; Status an approval status
	// (pending, approved, rejected) or "".
	PartyID, StoreID int64
	Status           string
	// CategoryID is the products' category (products only).
	CategoryID int64
}

// Empty reports whether s names nothing (no ids and no filter).
func (s Selection) Empty() bool {
	return len(s.IDs) == 0 && s.From == "" && s.To == "" && s.PartyID == 0 && s.StoreID == 0 && s.Status == "" &&
		s.CategoryID == 0
}

// Record is one selected record as a preview shows it.
type Record struct {
	ID        int64
	CompanyID int64
	// Number is what people call it (reference, sale number); Party the supplier or customer.
	Number, Party, Date string
	AmountCents         int64
	// Dependents are the records that go with it (a purchase's payments and returns).
	Dependents []Item
	// Blocked, when not empty, says why it cannot go ('X cannot be deleted: …'); such a record
	// stays and is not archived.
	Blocked string
}

// Item is one archived record, selected or gone along with one: what a batch remembers and
// hands back to Restore.
type Item struct {
	// Kind is the record's kind (purchase, purchase_return, payment, sale).
	Kind        string
	ID          int64
	CompanyID   int64
	Number      string
	Party       string
	AmountCents int64
}

// Actor is who archives or restores, and when; IP goes to the audit entries.
type Actor struct {
	UserID int64
	At     time.Time
	// BatchID is the archive batch, named in the events and audit entries.
	BatchID int64
	Reason  string
}

// Kind is implemented by the module that owns a kind of record.
type Kind interface {
	// Select reads, on db, the live records of sel in sc (at most limit), each with its
	// dependents and, when it cannot go, why.
	Select(ctx context.Context, db bun.IDB, sc listing.Scope, sel Selection, limit int) ([]Record, error)
	// Archive archives, in tx, the records ids (chosen among Select's that can go) with their
	// dependents, reversing every effect, and returns every record archived (ids first, then
	// dependents). A record that cannot go any longer fails the whole call.
	Archive(ctx context.Context, tx bun.IDB, ids []int64, by Actor) ([]Item, error)
	// Restore brings back, in tx, the records items (as Archive returned them), re-applying every
	// effect; when something changed since and that is impossible, it fails with an
	// apperror.Conflict saying why.
	Restore(ctx context.Context, tx bun.IDB, items []Item, by Actor) error
	// Settled runs once an archive or a restore committed (list totals recounted, events
	// relayed, stock lists refreshed).
	Settled(ctx context.Context)
}

// Along is implemented by a module whose records go with another module's documents (the
// payments of a purchase or a sale): they are archived and restored with them, without their
// effects on the documents (which go and come back whole).
type Along interface {
	// Attached reads, on db, the live records attached to the documents of docType ids, by
	// document.
	Attached(ctx context.Context, db bun.IDB, docType string, ids []int64) (map[int64][]Item, error)
	// ArchiveAttached archives them in tx and returns them. It runs after the owner's Archive
	// took their documents in tx (FOR UPDATE), so that it reads every record attached to them:
	// one attached meanwhile holds its document while it is written (platform/payable).
	ArchiveAttached(ctx context.Context, tx bun.IDB, docType string, ids []int64, by Actor) ([]Item, error)
	// RestoreAttached brings back, in tx, the attached records items.
	RestoreAttached(ctx context.Context, tx bun.IDB, items []Item, by Actor) error
	// Settled runs once an archive or a restore committed.
	Settled(ctx context.Context)
}

// KindFuncs is a Kind made of an owner's use cases, so that an owner hands its Service's
// methods over without an adapter type of its own.
type KindFuncs struct {
	Selecting func(ctx context.Context, db bun.IDB, sc listing.Scope, sel Selection, limit int) ([]Record, error)
	Archiving func(ctx context.Context, tx bun.IDB, ids []int64, by Actor) ([]Item, error)
	Restoring func(ctx context.Context, tx bun.IDB, items []Item, by Actor) error
	Settling  func(ctx context.Context)
}

// Select implements Kind.
func (k KindFuncs) Select(ctx context.Context, db bun.IDB, sc listing.Scope, sel Selection, limit int) ([]Record, error) {
	return k.Selecting(ctx, db, sc, sel, limit)
}

// Archive implements Kind.
func (k KindFuncs) Archive(ctx context.Context, tx bun.IDB, ids []int64, by Actor) ([]Item, error) {
	return k.Archiving(ctx, tx, ids, by)
}

// Restore implements Kind.
func (k KindFuncs) Restore(ctx context.Context, tx bun.IDB, items []Item, by Actor) error {
	return k.Restoring(ctx, tx, items, by)
}

// Settled implements Kind.
func (k KindFuncs) Settled(ctx context.Context) { k.Settling(ctx) }

// MsgGone refuses a restore whose record number is no longer archived (brought back some other
// way since, or removed).
func MsgGone(number string) string {
	return fmt.Sprintf("%s cannot be restored: it is no longer archived.", number)
}

// Bring is every owner's restore loop: it runs back on each item of kind in items, in their
// order, and stops at the first refusal. back brings one record back and re-applies its
// effects; its db.ErrNotFound means the record is no longer archived and refuses the restore
// with MsgGone (an owner maps its other not-founds — a document or a party gone — to its own
// reason first).
func Bring(items []Item, kind string, back func(it Item) error) error {
	for _, it := range items {
		if it.Kind != kind {
			continue
		}
		err := back(it)
		if errors.Is(err, db.ErrNotFound) {
			return apperror.Conflict(MsgGone(it.Number))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Take is every owner's archive loop: it runs take on each record of ids, in order, and gathers
// the items archived. take holds one record, archives it with its effects reversed, and returns
// it; its db.ErrNotFound means the record left since the preview and fails the whole archive
// with msgNotFound (the owner's 'not found' wording).
func Take(ids []int64, msgNotFound string, take func(id int64) (Item, error)) ([]Item, error) {
	out := make([]Item, 0, len(ids))
	for _, id := range ids {
		it, err := take(id)
		if errors.Is(err, db.ErrNotFound) {
			return nil, apperror.Conflict(msgNotFound)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, it)
	}
	return out, nil
}

// Holder is implemented by a module's references to master data (its Usage: whether live
// records name a customer, supplier, product or category) to say, in an advanced delete's
// preview, what holds the record: 'sales', 'purchases', 'purchase orders'.
type Holder interface {
	Holds() string
}

// Holds is what holder holds by (its Holder's answer), or 'other records' when it does not say.
func Holds(holder any) string {
	if h, ok := holder.(Holder); ok {
		return h.Holds()
	}
	return "other records"
}
