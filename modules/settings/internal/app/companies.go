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

// CompanyUsers counts the live users of companies (auth module): the company list shows the
// count, and a company with users cannot be deleted.
type CompanyUsers interface {
	CountUsers(ctx context.Context, companyIDs []int64) (map[int64]int, error)
}

// Company is what the API says about a company.
type Company struct {
	ID               int64     `json:"id"`
	Name             string    `json:"name"`
	Active           bool      `json:"active"`
	HasTaxes         bool      `json:"has_taxes"`
	WithholdingAgent bool      `json:"withholding_agent" doc:"Agente de retención: withholds income tax from its suppliers"`
	ReteIVAAgent     bool      `json:"reteiva_agent" doc:"Agente de ReteIVA: withholds 15% of the IVA its suppliers charge"`
	Autorretenedor   bool      `json:"autorretenedor" doc:"Withholds its own income tax: its customers withhold no ReteFuente from its sales (ReteIVA still applies)"`
	Stores           int       `json:"stores" doc:"Number of live stores"`
	Users            int       `json:"users" doc:"Number of live users"`
	CreatedAt        time.Time `json:"created_at"`
	UpdatedAt        time.Time `json:"updated_at"`
}

// CompanyInput is a company to create or the new state of one. A nil flag keeps the stored value
// on update and takes the default on create (active and with taxes: true; agents and
// autorretenedor: false).
type CompanyInput struct {
	Name                                                             string
	Active, HasTaxes, WithholdingAgent, ReteIVAAgent, Autorretenedor *bool
}

// CompanyQuery is a company list request.
type CompanyQuery struct {
	listing.Query
	Active *bool
}

// companyTable is the listing.Counter key of the company totals.
const companyTable = "companies"

func toCompany(r store.CompanyRow, users int) Company {
	return Company{ID: r.ID, Name: r.Name, Active: r.Active, HasTaxes: r.HasTaxes, WithholdingAgent: r.WithholdingAgent,
		ReteIVAAgent: r.ReteIVAAgent, Autorretenedor: r.Autorretenedor, Stores: r.Stores, Users: users, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

// requireAdmin repeats the route's access rule in the use case: companies and stores are an
// administrator's business whoever calls the use case.
func requireAdmin(p caller.Principal) error {
	if p.Role != auth.RoleAdmin {
		return apperror.Forbidden("You are not allowed to perform this action.")
	}
	return nil
}

func notFound() error { return apperror.NotFound(domain.MsgNotFound) }

// ListCompanies returns one page of companies with their store and user counts (admins).
func (s *Service) ListCompanies(ctx context.Context, p caller.Principal, q CompanyQuery) (listing.Page[Company], error) {
	if err := requireAdmin(p); err != nil {
		return listing.Page[Company]{}, err
	}
	plan, err := listing.NewPlan(store.CompanySpec, q.Query)
	if err != nil {
		return listing.Page[Company]{}, err
	}
	f := store.CompanyFilter{Q: q.Q, Active: q.Active}
	return listing.Fetch(ctx, plan, listing.Source[store.CompanyRow]{
		Rows: func(ctx context.Context) ([]store.CompanyRow, error) {
			return s.store.ListCompanies(ctx, f, plan, q.Sort)
		},
		Count: s.counter.Cached(companyTable, filterKey(q.Q, q.Active), func(ctx context.Context) (int, error) {
			return s.store.CountCompanies(ctx, f)
		}),
		Key: func(r store.CompanyRow) (any, int64) {
			return listKey(store.CompanySpec, q.Sort, r.CreatedAt, r.SortKey), r.ID
		},
	}, s.withUsers)
}

// ExportCompanies calls fn for every company the query matches, in its order (no paging).
func (s *Service) ExportCompanies(ctx context.Context, p caller.Principal, q CompanyQuery, fn func(Company) error) error {
	if err := requireAdmin(p); err != nil {
		return err
	}
	if _, err := listing.NewPlan(store.CompanySpec, q.Query); err != nil {
		return err
	}
	// User counts are read per batch of companies, not per row.
	const batch = 200
	var pending []store.CompanyRow
	flush := func() error {
		companies, err := s.withUsers(ctx, pending)
		if err != nil {
			return err
		}
		for _, c := range companies {
			if err := fn(c); err != nil {
				return err
			}
		}
		pending = pending[:0]
		return nil
	}
	err := s.store.EachCompany(ctx, store.CompanyFilter{Q: q.Q, Active: q.Active}, q.Sort, func(r store.CompanyRow) error {
		pending = append(pending, r)
		if len(pending) == batch {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	return apperror.OrInternal(err)
}

// Company returns one company (admins).
func (s *Service) Company(ctx context.Context, p caller.Principal, id int64) (Company, error) {
	if err := requireAdmin(p); err != nil {
		return Company{}, err
	}
	return s.company(ctx, id)
}

func (s *Service) company(ctx context.Context, id int64) (Company, error) {
	row, err := s.store.CompanyRowByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return Company{}, notFound()
	}
	if err != nil {
		return Company{}, apperror.Internal(err)
	}
	out, err := s.withUsers(ctx, []store.CompanyRow{row})
	if err != nil {
		return Company{}, err
	}
	return out[0], nil
}

// withUsers turns rows into what the API shows, with their user counts read in one call.
func (s *Service) withUsers(ctx context.Context, rows []store.CompanyRow) ([]Company, error) {
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	users, err := s.countUsers(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]Company, len(rows))
	for i, r := range rows {
		out[i] = toCompany(r, users[r.ID])
	}
	return out, nil
}

func (s *Service) countUsers(ctx context.Context, ids []int64) (map[int64]int, error) {
	if len(ids) == 0 {
		return map[int64]int{}, nil
	}
	if s.users == nil {
		return nil, apperror.Internal(errors.New("settings: no user directory bound"))
	}
	n, err := s.users.CountUsers(ctx, ids)
	if err != nil {
		return nil, apperror.Internal(err)
	}
	return n, nil
}

// CreateCompany adds a company (admins).
func (s *Service) CreateCompany(ctx context.Context, p caller.Principal, in CompanyInput) (Company, error) {
	if err := requireAdmin(p); err != nil {
		return Company{}, err
	}
	d := domain.Company{Name: in.Name, Active: boolOr(in.Active, true), HasTaxes: boolOr(in.HasTaxes, true),
		WithholdingAgent: boolOr(in.WithholdingAgent, false), ReteIVAAgent: boolOr(in.ReteIVAAgent, false),
		Autorretenedor: boolOr(in.Autorretenedor, false)}
	now := s.now().UTC()
	row := &store.Company{CreatedAt: now}
	if err := s.saveCompany(ctx, p, row, d, "company_created"); err != nil {
		return Company{}, err
	}
	return s.company(ctx, row.ID)
}

// UpdateCompany changes a company (admins).
func (s *Service) UpdateCompany(ctx context.Context, p caller.Principal, id int64, in CompanyInput) (Company, error) {
	if err := requireAdmin(p); err != nil {
		return Company{}, err
	}
	row, err := s.store.CompanyByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return Company{}, notFound()
	}
	if err != nil {
		return Company{}, apperror.Internal(err)
	}
	d := domain.Company{Name: in.Name, Active: boolOr(in.Active, row.Active), HasTaxes: boolOr(in.HasTaxes, row.HasTaxes),
		WithholdingAgent: boolOr(in.WithholdingAgent, row.WithholdingAgent), ReteIVAAgent: boolOr(in.ReteIVAAgent, row.ReteIVAAgent),
		Autorretenedor: boolOr(in.Autorretenedor, row.Autorretenedor)}
	if err := s.saveCompany(ctx, p, row, d, "company_updated"); err != nil {
		return Company{}, err
	}
	return s.company(ctx, row.ID)
}

// saveCompany validates d, then inserts row (ID 0) or updates it with d's values, audited.
func (s *Service) saveCompany(ctx context.Context, p caller.Principal, row *store.Company, d domain.Company, action string) error {
	d.Normalize()
	if fields := d.Validate(); fields != nil {
		return apperror.Form(fields, "name", "has_taxes")
	}
	taken, err := s.store.CompanyNameTaken(ctx, d.Name, row.ID)
	if err != nil {
		return apperror.Internal(err)
	}
	if taken {
		return apperror.Field("name", domain.MsgNameTaken)
	}
	row.Name, row.Active, row.HasTaxes, row.WithholdingAgent, row.ReteIVAAgent = d.Name, d.Active, d.HasTaxes, d.WithholdingAgent, d.ReteIVAAgent
	row.Autorretenedor = d.Autorretenedor
	row.UpdatedAt = s.now().UTC()
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		st := s.store.With(tx)
		if row.ID == 0 {
			if err := st.InsertCompany(ctx, row); err != nil {
				return err
			}
		} else if err := st.UpdateCompany(ctx, row); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, action, "company", row.ID, companyDetail(d))
	})
	if err != nil {
		// Two saves of the same name racing: the unique index decides.
		if taken, lookErr := s.store.CompanyNameTaken(ctx, d.Name, row.ID); lookErr == nil && taken {
			return apperror.Field("name", domain.MsgNameTaken)
		}
		return apperror.Internal(err)
	}
	s.counter.Bump(ctx, companyTable)
	s.forgetNames()
	return nil
}

func companyDetail(d domain.Company) string {
	return "name=" + strconv.Quote(d.Name) + " active=" + strconv.FormatBool(d.Active) + " has_taxes=" +
		strconv.FormatBool(d.HasTaxes) + " withholding_agent=" + strconv.FormatBool(d.WithholdingAgent) +
		" reteiva_agent=" + strconv.FormatBool(d.ReteIVAAgent) + " autorretenedor=" + strconv.FormatBool(d.Autorretenedor)
}

// DeleteCompany soft-deletes a company that has no live users and no live stores (admins).
func (s *Service) DeleteCompany(ctx context.Context, p caller.Principal, id int64) error {
	if err := requireAdmin(p); err != nil {
		return err
	}
	if _, err := s.store.CompanyByID(ctx, id); errors.Is(err, store.ErrNotFound) {
		return notFound()
	} else if err != nil {
		return apperror.Internal(err)
	}
	users, err := s.countUsers(ctx, []int64{id})
	if err != nil {
		return err
	}
	if users[id] > 0 {
		return apperror.Conflict(domain.MsgCompanyNotDeleted)
	}
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		st := s.store.With(tx)
		stores, err := st.CompanyStoreCount(ctx, id)
		if err != nil {
			return err
		}
		if stores > 0 {
			return apperror.Conflict(domain.MsgCompanyNotDeleted)
		}
		ok, err := st.SoftDeleteCompany(ctx, id, p.UserID, s.now().UTC())
		if err != nil {
			return err
		}
		if !ok {
			return notFound()
		}
		return s.audit(ctx, tx, p, "company_deleted", "company", id, "")
	})
	if err != nil {
		return apperror.OrInternal(err)
	}
	s.counter.Bump(ctx, companyTable)
	s.forgetNames()
	return nil
}

// CompanyNames returns the names of the live companies among ids: every page of users,
// customers and suppliers names its rows' companies. Answers come from this process's memory for
// up to namesTTL; this process's own company writes forget them at once.
func (s *Service) CompanyNames(ctx context.Context, ids []int64) (map[int64]string, error) {
	now := s.now()
	out := make(map[int64]string, len(ids))
	var missing []int64
	s.namesMu.Lock()
	for _, id := range ids {
		if c, ok := s.names[id]; ok && now.Sub(c.at) < namesTTL {
			if c.live {
				out[id] = c.name
			}
			continue
		}
		missing = append(missing, id)
	}
	s.namesMu.Unlock()
	if len(missing) == 0 {
		return out, nil
	}
	found, err := s.store.CompanyNames(ctx, missing)
	if err != nil {
		return nil, err
	}
	s.namesMu.Lock()
	defer s.namesMu.Unlock()
	if s.names == nil || len(s.names) >= maxNames {
		s.names = make(map[int64]companyName)
	}
	for _, id := range missing {
		name, live := found[id]
		s.names[id] = companyName{name: name, live: live, at: now}
		if live {
			out[id] = name
		}
	}
	return out, nil
}

// forgetNames drops the remembered company names after a company write.
func (s *Service) forgetNames() {
	s.namesMu.Lock()
	s.names = nil
	s.namesMu.Unlock()
}

// TaxProfile is a live company's tax flags. Purchases read the agent flags (what the company
// withholds from its suppliers); sales read Autorretenedor (its customers withhold no ReteFuente).
type TaxProfile struct {
	HasTaxes, WithholdingAgent, ReteIVAAgent, Autorretenedor bool
}

// CompanyTaxProfile returns a live company's tax flags; apperror not_found when it is gone.
func (s *Service) CompanyTaxProfile(ctx context.Context, id int64) (TaxProfile, error) {
	c, err := s.store.CompanyByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return TaxProfile{}, notFound()
	}
	if err != nil {
		return TaxProfile{}, apperror.Internal(err)
	}
	return TaxProfile{HasTaxes: c.HasTaxes, WithholdingAgent: c.WithholdingAgent, ReteIVAAgent: c.ReteIVAAgent,
		Autorretenedor: c.Autorretenedor}, nil
}

func (s *Service) audit(ctx context.Context, db bun.IDB, p caller.Principal, action, entity string, id int64, detail string) error {
	return audit.Record(ctx, db, audit.Entry{CompanyID: audit.Int64(p.CompanyID), ActorID: audit.Int64(p.UserID),
		Action: action, Entity: entity, EntityID: strconv.FormatInt(id, 10), Detail: detail, IP: caller.ClientIP(ctx),
		CreatedAt: s.now().UTC()})
}

// listKey is a company's or a store's value of its list's sort column (spec's, sorted by sort),
// as the cursor carries it: the creation time, or else the text sort key the store read with
// the row.
func listKey(spec listing.Spec, sort string, createdAt time.Time, sortKey string) any {
	if spec.Column(sort).Kind == listing.Time {
		return createdAt
	}
	return sortKey
}

// filterKey identifies a list's filters for the cached totals.
func filterKey(parts ...any) string {
	key := ""
	for _, p := range parts {
		switch v := p.(type) {
		case *bool:
			if v == nil {
				key += "|-"
			} else {
				key += "|" + strconv.FormatBool(*v)
			}
		case string:
			key += "|" + strconv.Quote(v)
		case int64:
			key += "|" + strconv.FormatInt(v, 10)
		case bool:
			key += "|" + strconv.FormatBool(v)
		}
	}
	return key
}

func boolOr(v *bool, def bool) bool {
	if v == nil {
		return def
	}
	return *v
}
