package app

import (
	"context"
	"errors"
	"strconv"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/people/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/listing"
)

// Verbs of the advanced delete's events (backoffice.people.<entity>.<verb>.v1).
const (
	VerbArchived = "archived"
	VerbRestored = "restored"
)

// item is row r as an archive batch remembers it: its document as the number, its name as the
// party (master data carries no amount).
func (s *Service) item(r *store.Row) archiving.Item {
	number := r.Name
	if r.DocumentNumber != "" {
		number = r.DocumentType + " " + r.DocumentNumber
	}
	return archiving.Item{Kind: s.kind.Entity, ID: r.ID, CompanyID: r.CompanyID, Number: number, Party: r.Name}
}

// held says, for each of ids another module's live records still name, why it cannot go
// ('Customer cannot be deleted: it has sales.'), read on db: one query per reference for all
// of them, the same references that refuse Delete.
func (s *Service) held(ctx context.Context, db bun.IDB, ids []int64) (map[int64]string, error) {
	return archiving.Refusals(ctx, db, ids, s.refs, s.kind.Label)
}

// SelectArchivable reads, on db, up to limit live records of sel in sc; a record another
// module's live records still name is listed as blocked, with what holds it.
func (s *Service) SelectArchivable(ctx context.Context, db bun.IDB, sc listing.Scope, sel archiving.Selection, limit int) ([]archiving.Record, error) {
	rows, err := s.store.With(db).Selected(ctx, sc, sel, limit)
	if err != nil {
		return nil, err
	}
	out := make([]archiving.Record, len(rows))
	for i := range rows {
		it := s.item(&rows[i])
		out[i] = archiving.Record{ID: it.ID, CompanyID: it.CompanyID, Number: it.Number, Party: it.Party,
			Date: archiving.CreatedDay(rows[i].CreatedAt)}
	}
	return out, archiving.Refuse(ctx, db, out, s.refs, s.kind.Label)
}

// Archive archives, in tx, the live records ids: soft-deleted with an audit entry and an
// <entity>.archived event carrying the reason. The records are taken first (Store.Hold) and
// only then is it asked what holds them, so that a document stored meanwhile is either seen
// here or finds its party gone; a record that became referenced since the preview fails the
// whole call with the reason.
func (s *Service) Archive(ctx context.Context, tx bun.IDB, ids []int64, by archiving.Actor) ([]archiving.Item, error) {
	st := s.store.With(tx)
	if err := st.Hold(ctx, ids); err != nil {
		return nil, err
	}
	held, err := s.held(ctx, tx, ids)
	if err != nil {
		return nil, err
	}
	return archiving.Take(ids, MsgNotFound, func(id int64) (archiving.Item, error) {
		r, err := st.Get(ctx, listing.Scope{All: true}, id)
		if err != nil {
			return archiving.Item{}, err
		}
		if why := held[id]; why != "" {
			return archiving.Item{}, apperror.Conflict(why)
		}
		if err := st.SoftDelete(ctx, id, by.UserID, by.At); err != nil {
			return archiving.Item{}, err
		}
		return s.item(r), s.archived(ctx, tx, r, VerbArchived, by)
	})
}

// Keep keeps the live record id of company companyID from being deleted until tx ends
// (Store.Keep): the transaction storing a document that names it calls it, so that an archive
// or delete of the record (which takes it first) and the document cannot both succeed. A
// record that is missing, deleted or of another company is a 404 apperror.
func (s *Service) Keep(ctx context.Context, tx bun.IDB, companyID, id int64) error {
	err := s.store.With(tx).Keep(ctx, companyID, id)
	if errors.Is(err, store.ErrNotFound) {
		return apperror.NotFound(MsgNotFound)
	}
	return err
}

// Restore brings back, in tx, the records of items of this kind. It refuses, with the reason, a
// record whose document number a live record of its company has now (document numbers are
// unique per company).
func (s *Service) Restore(ctx context.Context, tx bun.IDB, items []archiving.Item, by archiving.Actor) error {
	st := s.store.With(tx)
	return archiving.Bring(items, s.kind.Entity, func(it archiving.Item) error {
		r, err := st.Archived(ctx, it.ID)
		if err != nil {
			return err
		}
		taken, err := st.DocumentTaken(ctx, r.CompanyID, r.DocumentNumber, r.ID)
		if err != nil {
			return err
		}
		if taken {
			return apperror.Conflict(archiving.CannotRestore(it.Number, s.kind.Entity, "document number"))
		}
		if err := st.Undelete(ctx, r, by.At); err != nil {
			return err
		}
		return s.archived(ctx, tx, r, VerbRestored, by)
	})
}

// archived writes the audit entry and the event of verb (archived, restored) of record r in tx.
func (s *Service) archived(ctx context.Context, tx bun.IDB, r *store.Row, verb string, by archiving.Actor) error {
	a := Actor{UserID: by.UserID}
	return s.journal(ctx, tx, a, r, verb, "batch="+strconv.FormatInt(by.BatchID, 10)+" reason="+by.Reason, verb, by.Reason)
}

// ArchiveSettled runs once an archive or a restore committed: the cached list totals go stale and
// the relay sends the events now.
func (s *Service) ArchiveSettled(ctx context.Context) { s.committed(ctx) }
