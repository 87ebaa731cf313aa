package app

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/catalog/internal/domain"
	"github.com/backoffice/backoffice/modules/catalog/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/listing"
)

// Module is the catalog's name in event subjects.
const Module = "catalog"

// Verbs of the advanced delete's events (backoffice.catalog.{product,category}.<verb>.v1), and the
// kinds of the records in an archive batch (archiving.Item.Kind).
const (
	VerbArchived = "archived"
	VerbRestored = "restored"
	KindProduct  = "product"
	KindCategory = "category"
)

// Event is the payload of the catalog's events: the record's ids and labels (Code is empty for
// a category) and the batch's reason.
type Event struct {
	ID     int64  `json:"id"`
	Code   string `json:"code,omitempty"`
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

// all is the scope of the advanced delete's writes: the ids were resolved in the caller's scope.
var all = listing.Scope{All: true}

// archived writes, in tx, the audit entry and the event of verb (archived, restored) of the
// record it (an archive batch's item) for by.
func (s *Service) archived(ctx context.Context, tx bun.IDB, it archiving.Item, verb string, by archiving.Actor) error {
	err := s.record(ctx, tx, caller.Principal{UserID: by.UserID}, it.CompanyID, it.Kind+"_"+verb, it.Kind, it.ID,
		fmt.Sprintf("batch=%d reason=%s", by.BatchID, by.Reason), by.At)
	if err != nil {
		return err
	}
	code := ""
	if it.Kind == KindProduct {
		code = it.Number
	}
	ev := eventbus.NewEvent(eventbus.Subject(Module, it.Kind, verb), it.CompanyID, by.UserID,
		Event{ID: it.ID, Code: code, Name: it.Party, Reason: by.Reason}, by.At)
	return s.d.Events.Emit(ctx, tx, ev)
}

// noLonger is a restore's refusal of an item that is not archived any more.
func noLonger(it archiving.Item) error {
	return apperror.Conflict(archiving.MsgGone(it.Number))
}

// ---- products ----

func productItem(p *store.Product) archiving.Item {
	return archiving.Item{Kind: KindProduct, ID: p.ID, CompanyID: p.CompanyID, Number: p.Code, Party: p.Name}
}

// productBlocked says why product p cannot go: units in stock (archiving it would lose them
// from the books) or another module's live records naming it; "" when it can.
func (s *Service) productBlocked(ctx context.Context, p *store.Product) (string, error) {
	if p.Quantity > 0 {
		return archiving.CannotDelete("Product", "stock on hand"), nil
	}
	for _, r := range s.d.ProductRef {
		used, err := r.ProductInUse(ctx, p.ID)
		if err != nil || used {
			return archiving.CannotDelete("Product", archiving.Holds(r)), err
		}
	}
	return "", nil
}

// SelectProducts reads, on db, up to limit live products of sel in sc (chosen, or by category
// and creation dates); those with stock or named by live documents are listed as blocked.
func (s *Service) SelectProducts(ctx context.Context, db bun.IDB, sc listing.Scope, sel archiving.Selection, limit int) ([]archiving.Record, error) {
	rows, err := s.store.With(db).SelectedProducts(ctx, sc, sel, limit)
	if err != nil {
		return nil, err
	}
	out := make([]archiving.Record, len(rows))
	for i := range rows {
		p := &rows[i].Product
		out[i] = archiving.Record{ID: p.ID, CompanyID: p.CompanyID, Number: p.Code, Party: p.Name + " · " + rows[i].CategoryName,
			Date: archiving.CreatedDay(p.CreatedAt)}
		if out[i].Blocked, err = s.productBlocked(ctx, p); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ArchiveProducts archives, in tx, the live products ids (their images stay attached, for the
// restore), each with an audit entry and a product.archived event. A product that took stock or
// a document since the preview fails the whole call with the reason.
func (s *Service) ArchiveProducts(ctx context.Context, tx bun.IDB, ids []int64, by archiving.Actor) ([]archiving.Item, error) {
	st := s.store.With(tx)
	return s.archiveEach(ctx, tx, ids, by, func(id int64) (archiving.Item, string, error) {
		row, err := st.ProductByID(ctx, all, id)
		if err != nil {
			return archiving.Item{}, "", err
		}
		why, err := s.productBlocked(ctx, &row.Product)
		return productItem(&row.Product), why, err
	}, func(id int64) error { return st.SoftDeleteProduct(ctx, id, by.UserID, by.At) })
}

// archiveEach archives ids one by one in tx: load reads the live record as a batch's item with
// why it cannot go ("" when it can), drop soft-deletes it; each gets its audit entry and event.
// A record gone or held since the preview fails the whole call.
func (s *Service) archiveEach(ctx context.Context, tx bun.IDB, ids []int64, by archiving.Actor,
	load func(id int64) (archiving.Item, string, error), drop func(id int64) error) ([]archiving.Item, error) {
	return archiving.Take(ids, domain.MsgNotFound, func(id int64) (archiving.Item, error) {
		it, why, err := load(id)
		if err != nil {
			return it, err
		}
		if why != "" {
			return it, apperror.Conflict(why)
		}
		if err := drop(id); err != nil {
			return it, err
		}
		return it, s.archived(ctx, tx, it, VerbArchived, by)
	})
}

// RestoreProducts brings back, in tx, the products of items. It refuses, with the reason, one
// whose category was deleted since or whose code a live product of its company has now.
func (s *Service) RestoreProducts(ctx context.Context, tx bun.IDB, items []archiving.Item, by archiving.Actor) error {
	st := s.store.With(tx)
	for _, it := range items {
		if it.Kind != KindProduct {
			continue
		}
		p, err := st.ArchivedProduct(ctx, it.ID)
		if isNotFound(err) {
			return noLonger(it)
		}
		if err != nil {
			return err
		}
		if ok, err := st.CategoryOfCompany(ctx, p.CompanyID, p.CategoryID); err != nil {
			return err
		} else if !ok {
			names, err := st.CategoryNames(ctx, []int64{p.CategoryID})
			if err != nil {
				return err
			}
			return apperror.Conflict(fmt.Sprintf("%s cannot be restored: its category %s was deleted.", it.Number, names[p.CategoryID]))
		}
		if taken, err := st.CodeTaken(ctx, p.CompanyID, p.Code, p.ID); err != nil {
			return err
		} else if taken {
			return apperror.Conflict(archiving.CannotRestore(it.Number, KindProduct, "code"))
		}
		if err := st.UndeleteProduct(ctx, p, by.At); err != nil {
			return err
		}
		if err := s.archived(ctx, tx, productItem(p), VerbRestored, by); err != nil {
			return err
		}
	}
	return nil
}

// ---- categories ----

func categoryItem(c *store.Category) archiving.Item {
	return archiving.Item{Kind: KindCategory, ID: c.ID, CompanyID: c.CompanyID, Number: c.Name, Party: c.Name}
}

// categoryBlocked says why category id cannot go: live products in it, or another module's live
// records naming it; "" when it can.
func (s *Service) categoryBlocked(ctx context.Context, st *store.Store, id int64) (string, error) {
	has, err := st.CategoryHasProducts(ctx, id)
	if err != nil || has {
		return archiving.CannotDelete("Category", "products"), err
	}
	for _, r := range s.d.CategoryRef {
		used, err := r.CategoryInUse(ctx, id)
		if err != nil || used {
			return archiving.CannotDelete("Category", archiving.Holds(r)), err
		}
	}
	return "", nil
}

// SelectCategories reads, on db, up to limit live categories of sel in sc (chosen, or by
// creation dates); those with products or named by live documents are listed as blocked.
func (s *Service) SelectCategories(ctx context.Context, db bun.IDB, sc listing.Scope, sel archiving.Selection, limit int) ([]archiving.Record, error) {
	st := s.store.With(db)
	rows, err := st.SelectedCategories(ctx, sc, sel, limit)
	if err != nil {
		return nil, err
	}
	out := make([]archiving.Record, len(rows))
	for i := range rows {
		c := &rows[i]
		out[i] = archiving.Record{ID: c.ID, CompanyID: c.CompanyID, Number: c.Name, Date: archiving.CreatedDay(c.CreatedAt)}
		if out[i].Blocked, err = s.categoryBlocked(ctx, st, c.ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ArchiveCategories archives, in tx, the live categories ids, each with an audit entry and a
// category.archived event. One that took a product or a document since the preview fails the
// whole call with the reason.
func (s *Service) ArchiveCategories(ctx context.Context, tx bun.IDB, ids []int64, by archiving.Actor) ([]archiving.Item, error) {
	st := s.store.With(tx)
	return s.archiveEach(ctx, tx, ids, by, func(id int64) (archiving.Item, string, error) {
		c, err := st.CategoryByID(ctx, all, id)
		if err != nil {
			return archiving.Item{}, "", err
		}
		why, err := s.categoryBlocked(ctx, st, id)
		return categoryItem(c), why, err
	}, func(id int64) error { return st.SoftDeleteCategory(ctx, id, by.UserID, by.At) })
}

// RestoreCategories brings back, in tx, the categories of items. It refuses, with the reason, one
// whose name a live category of its company has now.
func (s *Service) RestoreCategories(ctx context.Context, tx bun.IDB, items []archiving.Item, by archiving.Actor) error {
	st := s.store.With(tx)
	for _, it := range items {
		if it.Kind != KindCategory {
			continue
		}
		c, err := st.ArchivedCategory(ctx, it.ID)
		if isNotFound(err) {
			return noLonger(it)
		}
		if err != nil {
			return err
		}
		if taken, err := st.CategoryNameTaken(ctx, c.CompanyID, c.Name, c.ID); err != nil {
			return err
		} else if taken {
			return apperror.Conflict(archiving.CannotRestore(it.Number, KindCategory, "name"))
		}
		if err := st.UndeleteCategory(ctx, c.ID, by.At); err != nil {
			return err
		}
		if err := s.archived(ctx, tx, categoryItem(c), VerbRestored, by); err != nil {
			return err
		}
	}
	return nil
}

// ArchiveSettled runs once an archive or a restore committed: the cached list totals go stale
// and the relay sends the events now.
func (s *Service) ArchiveSettled(ctx context.Context) {
	s.d.Counter.Bump(ctx, tableCategories)
	s.d.Counter.Bump(ctx, tableProducts)
	s.d.Events.Flush()
}
