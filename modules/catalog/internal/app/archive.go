package app

import (
	"context"
	"fmt"
	"maps"
	"slices"

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

// productsHeld says, for each of the products ps that cannot go, why: units in stock
// (archiving it would lose them from the books) or another module's live records naming it,
// asked on db in one query per reference for them all (archiving.Held).
func (s *Service) productsHeld(ctx context.Context, db bun.IDB, ps []*store.Product) (map[int64]string, error) {
	ids := make([]int64, 0, len(ps))
	for _, p := range ps {
		ids = append(ids, p.ID)
	}
	held, err := archiving.Refusals(ctx, db, ids, s.productRefs, "Product")
	if err != nil {
		return nil, err
	}
	for _, p := range ps {
		if p.Quantity > 0 {
			held[p.ID] = archiving.CannotDelete("Product", "stock on hand")
		}
	}
	return held, nil
}

// SelectProducts reads, on db, up to limit live products of sel in sc (chosen, or by category
// and creation dates); those with stock or named by live documents are listed as blocked.
func (s *Service) SelectProducts(ctx context.Context, db bun.IDB, sc listing.Scope, sel archiving.Selection, limit int) ([]archiving.Record, error) {
	rows, err := s.store.With(db).SelectedProducts(ctx, sc, sel, limit)
	if err != nil {
		return nil, err
	}
	ps := make([]*store.Product, len(rows))
	for i := range rows {
		ps[i] = &rows[i].Product
	}
	held, err := s.productsHeld(ctx, db, ps)
	if err != nil {
		return nil, err
	}
	out := make([]archiving.Record, len(rows))
	for i, p := range ps {
		out[i] = archiving.Record{ID: p.ID, CompanyID: p.CompanyID, Number: p.Code, Party: p.Name + " · " + rows[i].CategoryName,
			Date: archiving.CreatedDay(p.CreatedAt), Blocked: held[p.ID]}
	}
	return out, nil
}

// ArchiveProducts archives, in tx, the live products ids (their images stay attached, for the
// restore), each with an audit entry and a product.archived event. The products are taken
// first, then what holds them is asked; a product that took stock or a document since the
// preview fails the whole call with the reason.
func (s *Service) ArchiveProducts(ctx context.Context, tx bun.IDB, ids []int64, by archiving.Actor) ([]archiving.Item, error) {
	st := s.store.With(tx)
	if err := st.HoldProducts(ctx, ids); err != nil {
		return nil, err
	}
	rows := make(map[int64]*store.Product, len(ids))
	for _, id := range ids {
		row, err := st.ProductByID(ctx, all, id)
		if isNotFound(err) {
			continue // archiveEach says it is gone
		}
		if err != nil {
			return nil, err
		}
		rows[id] = &row.Product
	}
	held, err := s.productsHeld(ctx, tx, slices.Collect(maps.Values(rows)))
	if err != nil {
		return nil, err
	}
	return s.archiveEach(ctx, tx, ids, by, func(id int64) (archiving.Item, string, error) {
		p, ok := rows[id]
		if !ok {
			return archiving.Item{}, "", store.ErrNotFound
		}
		return productItem(p), held[id], nil
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

// SelectCategories reads, on db, up to limit live categories of sel in sc (chosen, or by
// creation dates); those with products or named by live documents are listed as blocked.
func (s *Service) SelectCategories(ctx context.Context, db bun.IDB, sc listing.Scope, sel archiving.Selection, limit int) ([]archiving.Record, error) {
	rows, err := s.store.With(db).SelectedCategories(ctx, sc, sel, limit)
	if err != nil {
		return nil, err
	}
	out := make([]archiving.Record, len(rows))
	for i := range rows {
		c := &rows[i]
		out[i] = archiving.Record{ID: c.ID, CompanyID: c.CompanyID, Number: c.Name, Date: archiving.CreatedDay(c.CreatedAt)}
	}
	return out, archiving.Refuse(ctx, db, out, s.categoryRefs, "Category")
}

// ArchiveCategories archives, in tx, the live categories ids, each with an audit entry and a
// category.archived event. The categories are taken first, then what holds them is asked; one
// that took a product or a document since the preview fails the whole call with the reason.
func (s *Service) ArchiveCategories(ctx context.Context, tx bun.IDB, ids []int64, by archiving.Actor) ([]archiving.Item, error) {
	st := s.store.With(tx)
	if err := st.HoldCategories(ctx, ids); err != nil {
		return nil, err
	}
	held, err := archiving.Refusals(ctx, tx, ids, s.categoryRefs, "Category")
	if err != nil {
		return nil, err
	}
	return s.archiveEach(ctx, tx, ids, by, func(id int64) (archiving.Item, string, error) {
		c, err := st.CategoryByID(ctx, all, id)
		if err != nil {
			return archiving.Item{}, "", err
		}
		return categoryItem(c), held[id], nil
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
