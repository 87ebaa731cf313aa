// Package app is the audit trail's use cases: a page of the log and its export, with the
// actors' and companies' names resolved by their owners (auth, settings).
package app

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/audit/internal/domain"
	"github.com/backoffice/backoffice/modules/audit/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/listing"
)

// Names resolves ids to display names: auth's UserNames, settings' CompanyNames. An id without
// a record is absent from the answer.
type Names func(ctx context.Context, ids []int64) (map[int64]string, error)

// Deps is what the use cases need (the module's Deps).
type Deps struct {
	DB *bun.DB
	// Users and Companies name the entries' actors and companies.
	Users, Companies Names
	// AdminRole reads the trail (every company's, or the one company_id names).
	AdminRole string
	Now       func() time.Time
}

// Service answers the audit trail.
type Service struct{ d Deps }

// New returns the service.
func New(d Deps) *Service { return &Service{d: d} }

// Now is the service's clock (export file names).
func (s *Service) Now() time.Time { return s.d.Now() }

// Query is a list or export request.
type Query struct {
	List      listing.Query
	CompanyID int64
	ActorID   int64
	Kind      string
	Entity    string
	EntityID  string
	From, To  string
}

// AuditEntry is one audit entry as the page shows it.
type AuditEntry struct {
	ID          int64     `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	CompanyID   *int64    `json:"company_id"`
	CompanyName string    `json:"company_name" doc:"Empty for entries of no company (a sign-in with an unknown username)"`
	ActorID     *int64    `json:"actor_id"`
	ActorName   string    `json:"actor_name" doc:"Empty when nobody signed in did it (a failed sign-in of an unknown username)"`
	Action      string    `json:"action" doc:"What the module wrote, e.g. purchase_approved, login_failed"`
	Kind        string    `json:"kind" enum:"sign_in,approval,rejection,archive,restore,deletion,settings,account,creation,change,other"`
	Entity      string    `json:"entity" doc:"The kind of record, e.g. purchase, user"`
	EntityID    string    `json:"entity_id"`
	Detail      string    `json:"detail"`
	IP          string    `json:"ip"`
}

// filter checks q and turns it into the store's filter and scope. Only administrators reach
// here (the route's access), so the scope is every company or the one company_id names.
func (s *Service) filter(p caller.Principal, q Query) (listing.Scope, store.Filter, error) {
	f := store.Filter{Q: q.List.Q, ActorID: q.ActorID, Entity: q.Entity, EntityID: q.EntityID}
	if q.Kind != "" {
		k, ok := domain.KindNamed(q.Kind)
		if !ok {
			return listing.Scope{}, f, apperror.Field("kind", domain.MsgKind)
		}
		f.Kind = &k
	}
	if q.EntityID != "" && q.Entity == "" {
		return listing.Scope{}, f, apperror.Field("entity", domain.MsgRecord)
	}
	if err := listing.CheckRange(q.From, q.To); err != nil {
		return listing.Scope{}, f, err
	}
	if q.From != "" {
		from, _ := calendar.ParseDate(q.From)
		to, _ := calendar.ParseDate(q.To)
		f.From, f.To = from, to.AddDate(0, 0, 1) // to's whole day, in Bogota
	}
	return listing.ScopeFor(p.Role == s.d.AdminRole, p.CompanyID, q.CompanyID), f, nil
}

// List returns one page of the log, newest first.
func (s *Service) List(ctx context.Context, p caller.Principal, q Query) (listing.Page[AuditEntry], error) {
	sc, f, err := s.filter(p, q)
	if err != nil {
		return listing.Page[AuditEntry]{}, err
	}
	pl, err := listing.NewPlan(store.Spec, q.List)
	if err != nil {
		return listing.Page[AuditEntry]{}, err
	}
	st := store.New(s.d.DB)
	// Not cached: every module writes the log, so no one write could move a cached total.
	src := listing.Source[store.Row]{Key: store.KeyOf,
		Count: func(ctx context.Context) (int, error) { return st.Count(ctx, sc, f) },
		Rows:  func(ctx context.Context) ([]store.Row, error) { return st.List(ctx, sc, f, pl) }}
	return listing.Fetch(ctx, pl, src, s.show)
}

// exportChunk is how many entries an export names at once.
const exportChunk = 500

// Export checks an export request and returns what runs it: fn is called for every entry the
// list would show, in its order, streaming from the database.
func (s *Service) Export(p caller.Principal, q Query) (func(ctx context.Context, fn func(AuditEntry) error) error, error) {
	sc, f, err := s.filter(p, q)
	if err != nil {
		return nil, err
	}
	if _, err := listing.NewPlan(store.Spec, listing.Query{Sort: q.List.Sort}); err != nil {
		return nil, err
	}
	return func(ctx context.Context, fn func(AuditEntry) error) error {
		var chunk []store.Row
		flush := func() error {
			entries, err := s.show(ctx, chunk)
			if err != nil {
				return err
			}
			chunk = chunk[:0]
			for _, e := range entries {
				if err := fn(e); err != nil {
					return err
				}
			}
			return nil
		}
		err := store.New(s.d.DB).Each(ctx, sc, f, q.List.Sort, func(r store.Row) error {
			chunk = append(chunk, r)
			if len(chunk) < exportChunk {
				return nil
			}
			return flush()
		})
		if err != nil {
			return err
		}
		return flush()
	}, nil
}

// show turns rows into entries, naming their actors and companies in one call each.
func (s *Service) show(ctx context.Context, rows []store.Row) ([]AuditEntry, error) {
	var users, companies []int64
	for _, r := range rows {
		if r.ActorID != nil {
			users = append(users, *r.ActorID)
		}
		if r.CompanyID != nil {
			companies = append(companies, *r.CompanyID)
		}
	}
	userNames, err := s.d.Users(ctx, users)
	if err != nil {
		return nil, err
	}
	companyNames, err := s.d.Companies(ctx, companies)
	if err != nil {
		return nil, err
	}
	out := make([]AuditEntry, len(rows))
	for i, r := range rows {
		e := AuditEntry{ID: r.ID, CreatedAt: r.CreatedAt.UTC(), CompanyID: r.CompanyID, ActorID: r.ActorID, Action: r.Action,
			Kind: domain.KindOf(r.Action, r.Entity), Entity: r.Entity, EntityID: r.EntityID, Detail: r.Detail, IP: r.IP}
		if r.ActorID != nil {
			e.ActorName = userNames[*r.ActorID]
		}
		if r.CompanyID != nil {
			e.CompanyName = companyNames[*r.CompanyID]
		}
		out[i] = e
	}
	return out, nil
}
