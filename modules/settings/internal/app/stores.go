package app

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/settings/internal/domain"
	"github.com/backoffice/backoffice/modules/settings/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/listing"
)

// StoreReferences is implemented by a module whose records name a store (purchases, sales): a
// store still in use cannot be deleted. Nothing implements it yet.
type StoreReferences interface {
	StoreInUse(ctx context.Context, storeID int64) (bool, error)
}

// Store is what the API says about a store.
type Store struct {
	ID          int64     `json:"id"`
	Name        string    `json:"name"`
	CompanyID   int64     `json:"company_id"`
	CompanyName string    `json:"company_name"`
	Active      bool      `json:"active"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
}

// StoreInput is a store to create or the new state of one. A nil Active keeps the stored value
// on update and means active on create.
type StoreInput struct {
	Name      string
	CompanyID int64
	Active    *bool
}

// StoreQuery is a store list request. CompanyID (0: any) narrows an administrator's list; for
// everyone else the list is their own company's whatever it says.
type StoreQuery struct {
	listing.Query
	CompanyID int64
	Active    *bool
}

const storeTable = "stores"

func toStore(r store.StoreRow) Store {
	return Store{ID: r.ID, Name: r.Name, CompanyID: r.CompanyID, CompanyName: r.CompanyName, Active: r.Active,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

// scopeOf is the companies p may see: all of them for an administrator, else p's own.
func scopeOf(p caller.Principal) store.Scope {
	return listing.ScopeFor(p.Role == auth.RoleAdmin, p.CompanyID, 0)
}

func (q StoreQuery) filter(p caller.Principal) store.StoreFilter {
	return store.StoreFilter{Scope: scopeOf(p), CompanyID: q.CompanyID, Q: q.Q, Active: q.Active}
}

// ListStores returns one page of the stores p may see.
func (s *Service) ListStores(ctx context.Context, p caller.Principal, q StoreQuery) (listing.Page[Store], error) {
	plan, err := listing.NewPlan(store.StoreSpec, q.Query)
	if err != nil {
		return listing.Page[Store]{}, err
	}
	f := q.filter(p)
	return listing.Fetch(ctx, plan, listing.Source[store.StoreRow]{
		Rows: func(ctx context.Context) ([]store.StoreRow, error) { return s.store.ListStores(ctx, f, plan, q.Sort) },
		Count: s.counter.Cached(storeTable, filterKey(f.Scope.All, f.Scope.CompanyID, f.CompanyID, f.Q, f.Active),
			func(ctx context.Context) (int, error) { return s.store.CountStores(ctx, f) }),
		Key: func(r store.StoreRow) (any, int64) {
			return listKey(store.StoreSpec, q.Sort, r.CreatedAt, r.SortKey), r.ID
		},
	}, listing.PerRow(toStore))
}

// ExportStores calls fn for every store the query matches that p may see, in its order.
func (s *Service) ExportStores(ctx context.Context, p caller.Principal, q StoreQuery, fn func(Store) error) error {
	if _, err := listing.NewPlan(store.StoreSpec, q.Query); err != nil {
		return err
	}
	return apperror.OrInternal(s.store.EachStore(ctx, q.filter(p), q.Sort, func(r store.StoreRow) error { return fn(toStore(r)) }))
}

// Store returns one store p may see.
func (s *Service) Store(ctx context.Context, p caller.Principal, id int64) (Store, error) {
	return s.storeByID(ctx, id, scopeOf(p))
}

func (s *Service) storeByID(ctx context.Context, id int64, sc store.Scope) (Store, error) {
	row, err := s.store.StoreByID(ctx, id, sc)
	if errors.Is(err, store.ErrNotFound) {
		return Store{}, notFound()
	}
	if err != nil {
		return Store{}, apperror.Internal(err)
	}
	return toStore(row), nil
}

// CreateStore adds a store to a company (admins).
func (s *Service) CreateStore(ctx context.Context, p caller.Principal, in StoreInput) (Store, error) {
	if err := requireAdmin(p); err != nil {
		return Store{}, err
	}
	now := s.now().UTC()
	row := &store.StoreRecord{CreatedBy: audit.Int64(p.UserID), CreatedAt: now}
	d := domain.Store{Name: in.Name, CompanyID: in.CompanyID, Active: boolOr(in.Active, true)}
	if err := s.saveStore(ctx, p, row, d, "store_created"); err != nil {
		return Store{}, err
	}
	return s.storeByID(ctx, row.ID, store.Scope{All: true})
}

// UpdateStore changes a store (admins), possibly moving it to another company.
func (s *Service) UpdateStore(ctx context.Context, p caller.Principal, id int64, in StoreInput) (Store, error) {
	if err := requireAdmin(p); err != nil {
		return Store{}, err
	}
	row, err := s.store.StoreRecordByID(ctx, id, scopeOf(p))
	if errors.Is(err, store.ErrNotFound) {
		return Store{}, notFound()
	}
	if err != nil {
		return Store{}, apperror.Internal(err)
	}
	d := domain.Store{Name: in.Name, CompanyID: in.CompanyID, Active: boolOr(in.Active, row.Active)}
	if err := s.saveStore(ctx, p, row, d, "store_updated"); err != nil {
		return Store{}, err
	}
	return s.storeByID(ctx, row.ID, store.Scope{All: true})
}

// saveStore validates d, then inserts row (ID 0) or updates it with d's values, audited.
func (s *Service) saveStore(ctx context.Context, p caller.Principal, row *store.StoreRecord, d domain.Store, action string) error {
	d.Normalize()
	fields := d.Validate()
	if fields == nil {
		if _, err := s.store.CompanyByID(ctx, d.CompanyID); errors.Is(err, store.ErrNotFound) {
			fields = map[string]string{"company_id": domain.MsgCompanyUnknown}
		} else if err != nil {
			return apperror.Internal(err)
		}
	}
	if fields != nil {
		return apperror.Form(fields, "name", "company_id")
	}
	taken, err := s.store.StoreNameTaken(ctx, d.CompanyID, d.Name, row.ID)
	if err != nil {
		return apperror.Internal(err)
	}
	if taken {
		return apperror.Field("name", domain.MsgNameTaken)
	}
	row.Name, row.CompanyID, row.Active, row.UpdatedAt = d.Name, d.CompanyID, d.Active, s.now().UTC()
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		st := s.store.With(tx)
		if row.ID == 0 {
			if err := st.InsertStore(ctx, row); err != nil {
				return err
			}
		} else if err := st.UpdateStore(ctx, row); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, action, "store", row.ID, "name="+strconv.Quote(d.Name)+
			" company_id="+strconv.FormatInt(d.CompanyID, 10)+" active="+strconv.FormatBool(d.Active))
	})
	if err != nil {
		if taken, lookErr := s.store.StoreNameTaken(ctx, d.CompanyID, d.Name, row.ID); lookErr == nil && taken {
			return apperror.Field("name", domain.MsgNameTaken)
		}
		return apperror.Internal(err)
	}
	s.counter.Bump(ctx, storeTable)
	return nil
}

// DeleteStore soft-deletes a store no other module's record names (admins).
func (s *Service) DeleteStore(ctx context.Context, p caller.Principal, id int64) error {
	if err := requireAdmin(p); err != nil {
		return err
	}
	sc := scopeOf(p)
	if _, err := s.store.StoreRecordByID(ctx, id, sc); errors.Is(err, store.ErrNotFound) {
		return notFound()
	} else if err != nil {
		return apperror.Internal(err)
	}
	for _, r := range s.storeRefs {
		used, err := r.StoreInUse(ctx, id)
		if err != nil {
			return apperror.Internal(err)
		}
		if used {
			return apperror.Conflict(domain.MsgStoreNotDeleted)
		}
	}
	err := s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		ok, err := s.store.With(tx).SoftDeleteStore(ctx, id, p.UserID, s.now().UTC(), sc)
		if err != nil {
			return err
		}
		if !ok {
			return notFound()
		}
		return s.audit(ctx, tx, p, "store_deleted", "store", id, "")
	})
	if err != nil {
		return apperror.OrInternal(err)
	}
	s.counter.Bump(ctx, storeTable)
	return nil
}

// StoreName returns the name of the live store storeID of company companyID; ok is false when
// there is none (missing, deleted or another company's).
func (s *Service) StoreName(ctx context.Context, companyID, storeID int64) (name string, ok bool, err error) {
	r, err := s.store.StoreRecordByID(ctx, storeID, store.Scope{CompanyID: companyID})
	if errors.Is(err, store.ErrNotFound) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return r.Name, true, nil
}

// StoreOfCompany reports whether storeID is a live store of companyID (purchases and sales check
// the store they are given).
func (s *Service) StoreOfCompany(ctx context.Context, storeID, companyID int64) (bool, error) {
	_, err := s.store.StoreRecordByID(ctx, storeID, store.Scope{CompanyID: companyID})
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}
