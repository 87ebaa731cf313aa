package app

import (
	"context"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/archive/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/listing"
)

// Batch is an archive batch with its records.
type Batch struct {
	store.Batch
	Items []store.Item
	// Restorable tells whether an administrator may still restore it (not restored, within 30
	// days).
	Restorable bool
	// Priced: its kind's records carry amounts (Service.Priced); TotalCents means nothing
	// otherwise.
	Priced bool
}

// Batches lists the batches p sees (an administrator every company or the one companyFilter
// names, a user their own company's), newest first.
func (s *Service) Batches(ctx context.Context, p caller.Principal, companyFilter int64, offset, limit int) ([]Batch, int, error) {
	st := store.New(s.d.DB)
	rows, n, err := st.Batches(ctx, listing.ScopeFor(s.admin(p), p.CompanyID, companyFilter), offset, limit)
	if err != nil {
		return nil, 0, apperror.Internal(err)
	}
	ids := make([]int64, len(rows))
	for i, b := range rows {
		ids[i] = b.ID
	}
	items, err := st.Items(ctx, ids)
	if err != nil {
		return nil, 0, apperror.Internal(err)
	}
	out := make([]Batch, len(rows))
	now := s.now()
	for i, b := range rows {
		out[i] = Batch{Batch: b, Items: items[b.ID], Restorable: b.RestoredAt == nil && now.Sub(b.CreatedAt) <= RestoreLimit,
			Priced: s.Priced(b.Kind)}
	}
	return out, n, nil
}

// Restore brings back batch id (administrators, within 30 days): every owner re-applies its
// records' effects in one transaction, or the restore is refused with the owner's reason and
// nothing changes.
func (s *Service) Restore(ctx context.Context, p caller.Principal, id int64) (*store.Batch, error) {
	if !s.admin(p) {
		return nil, apperror.Forbidden("You are not allowed to perform this action.")
	}
	now := s.now()
	var b *store.Batch
	var k Kind
	err := s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		st := store.New(tx)
		var err error
		if b, err = st.Batch(ctx, listing.Scope{All: true}, id); err != nil {
			return err
		}
		switch {
		case b.RestoredAt != nil:
			return apperror.Conflict(MsgRestored)
		case now.Sub(b.CreatedAt) > RestoreLimit:
			return apperror.Conflict(MsgTooOld)
		}
		var ok bool
		if k, ok = s.d.Kinds[b.Kind]; !ok {
			return apperror.Conflict(MsgNotFound)
		}
		rows, err := st.Items(ctx, []int64{id})
		if err != nil {
			return err
		}
		items := make([]archiving.Item, len(rows[id]))
		for i, r := range rows[id] {
			items[i] = archiving.Item{Kind: r.Kind, ID: r.RecordID, CompanyID: r.CompanyID, Number: r.Number, Party: r.PartyName,
				AmountCents: r.AmountCents}
		}
		by := archiving.Actor{UserID: p.UserID, At: now, BatchID: id, Reason: b.Reason}
		if err := k.Owner.Restore(ctx, tx, items, by); err != nil {
			return err
		}
		if k.Along != nil {
			if err := k.Along.RestoreAttached(ctx, tx, items, by); err != nil {
				return err
			}
		}
		name, _, err := s.d.Users.Contact(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		if err := st.MarkRestored(ctx, id, p.UserID, name, now); err != nil {
			return apperror.Conflict(MsgRestored)
		}
		b.RestoredAt, b.RestoredBy, b.RestoredByName = &now, &p.UserID, name
		return s.audit(ctx, tx, p, b, "restored", now)
	})
	if errors.Is(err, store.ErrNotFound) {
		return nil, apperror.NotFound(MsgNotFound)
	}
	if err != nil {
		return nil, internal(err)
	}
	k.Owner.Settled(ctx)
	if k.Along != nil {
		k.Along.Settled(ctx)
	}
	return b, nil
}

// Purge removes the batches older than age (backoffice purge): their records stay deleted and
// can no longer be restored. It returns how many batches went.
func (s *Service) Purge(ctx context.Context, age time.Duration) (int, error) {
	var n int
	err := s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var err error
		n, err = store.New(tx).Purge(ctx, s.now().Add(-age))
		return err
	})
	return n, err
}
