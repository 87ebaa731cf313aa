// Package app holds the settings module's use cases: the site status (site off, all domains
// off, the secretary's sign-in windows), re-activation by an administrator, the companies and
// stores (administrators manage them; everyone reads their own company's stores), and the
// company look-ups other modules need.
package app

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/settings/internal/domain"
	"github.com/backoffice/backoffice/modules/settings/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/ws"
)

// MsgSiteDisabled is the answer to every call while the site is off (spec §5 wording).
const MsgSiteDisabled = "The site is disabled, please try to login later."

// Pusher sends a live message to every open tab, on every process (ws.Pusher).
type Pusher interface {
	ToAll(ctx context.Context, msg ws.Message) error
}

// siteDisabledMessage tells every open tab that the site was switched off, so it moves to
// /disabled at once instead of at its next call (which would answer 503).
var siteDisabledMessage = ws.Message{Type: "site_status", Data: []byte(`{"status":"disabled"}`)}

// CredentialChecker verifies an administrator's credentials (auth module).
type CredentialChecker interface {
	CheckAdminCredentials(ctx context.Context, username, password, ip string) (int64, error)
}

// Service implements the settings use cases.
type Service struct {
	db      *bun.DB
	store   *store.Store
	counter *listing.Counter
	now     func() time.Time
	log     *slog.Logger
	push    Pusher

	users     CompanyUsers
	storeRefs []StoreReferences

	// The gate reads the site status on every API call; a short-lived copy keeps that off the
	// database. Other replicas see a change within statusTTL.
	mu       sync.Mutex
	cached   *domain.SiteStatus
	cachedAt time.Time

	// Company names, read by every list of users, customers and suppliers (CompanyNames).
	namesMu sync.Mutex
	names   map[int64]companyName
}

const statusTTL = 2 * time.Second

// namesTTL is how long a company name read from the database is answered from memory. A rename
// or deletion made by another replica shows in this one's lists within it.
const namesTTL = 5 * time.Second

// maxNames bounds the remembered names (ids come from requests too): beyond it they start over.
const maxNames = 10_000

// companyName is a remembered answer of CompanyNames: the name, or that no live company has the id.
type companyName struct {
	name string
	live bool
	at   time.Time
}

// totalsTTL bounds how long a cached list total may lag behind another replica's write (this
// replica's own writes invalidate it at once).
const totalsTTL = time.Minute

// Deps is what the Service needs.
type Deps struct {
	DB *bun.DB
	// Cache holds the cached list totals.
	Cache cache.Store
	Now   func() time.Time
	Log   *slog.Logger
	// Push (nil: none) tells open tabs that the site was switched off.
	Push Pusher
	// Users counts the companies' users (auth module).
	Users CompanyUsers
	// StoreRefs tell whether another module's records name a store.
	StoreRefs []StoreReferences
}

// New builds the Service.
func New(d Deps) *Service {
	return &Service{db: d.DB, store: store.New(d.DB), counter: listing.NewCounter(d.Cache, totalsTTL), now: d.Now,
		log: d.Log, push: d.Push, users: d.Users, storeRefs: d.StoreRefs}
}

// Now is the service's clock (export file names carry the date).
func (s *Service) Now() time.Time { return s.now() }

// IndexSearch writes the search words of the companies and stores that have none and clears
// the cached list totals when it did.
func (s *Service) IndexSearch(ctx context.Context) (int, error) {
	n, err := s.store.FillSearchWords(ctx)
	if n > 0 {
		s.counter.Bump(ctx, companyTable)
		s.counter.Bump(ctx, storeTable)
	}
	return n, err
}

// SiteStatus returns the current site status.
func (s *Service) SiteStatus(ctx context.Context) (domain.SiteStatus, error) {
	s.mu.Lock()
	if s.cached != nil && s.now().Sub(s.cachedAt) < statusTTL {
		st := *s.cached
		s.mu.Unlock()
		return st, nil
	}
	s.mu.Unlock()
	row, err := s.store.Site(ctx)
	if err != nil {
		return domain.SiteStatus{}, err
	}
	windows, err := domain.ParseWindows(row.DisableTimes)
	if err != nil {
		s.log.ErrorContext(ctx, "stored disable windows do not parse; ignoring them", "error", err)
		windows = nil
	}
	st := domain.SiteStatus{DisableSite: row.DisableSite, DisableAllDomains: row.DisableAllDomains, DisableTimes: windows}
	s.mu.Lock()
	s.cached, s.cachedAt = &st, s.now()
	s.mu.Unlock()
	return st, nil
}

func (s *Service) forget() {
	s.mu.Lock()
	s.cached = nil
	s.mu.Unlock()
}

// SecretaryBlocked reports whether at falls inside a secretary disable window.
func (s *Service) SecretaryBlocked(ctx context.Context, at time.Time) (bool, error) {
	st, err := s.SiteStatus(ctx)
	if err != nil {
		return false, err
	}
	return domain.AnyContains(st.DisableTimes, at), nil
}

// UpdateSiteStatus replaces the site status (admins).
func (s *Service) UpdateSiteStatus(ctx context.Context, p caller.Principal, st domain.SiteStatus) (domain.SiteStatus, error) {
	if err := st.Validate(); err != nil {
		fields := map[string]string{"disable_times": err.Error()}
		var werrs domain.WindowErrors
		if errors.As(err, &werrs) {
			for i, e := range werrs {
				fields["disable_times."+strconv.Itoa(i)] = e.Error()
			}
		}
		return domain.SiteStatus{}, apperror.Invalid(domain.MsgTimeFormat, fields)
	}
	if st.DisableTimes == nil {
		st.DisableTimes = []domain.Window{}
	}
	err := s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		row := &store.Site{DisableSite: st.DisableSite, DisableAllDomains: st.DisableAllDomains,
			DisableTimes: domain.FormatWindows(st.DisableTimes), UpdatedAt: s.now().UTC(), UpdatedBy: audit.Int64(p.UserID)}
		if err := s.store.With(tx).SaveSite(ctx, row); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{CompanyID: audit.Int64(p.CompanyID), ActorID: audit.Int64(p.UserID),
			Action: "site_status_updated", Entity: "site_settings", EntityID: "1", IP: caller.ClientIP(ctx),
			Detail: "disable_site=" + strconv.FormatBool(st.DisableSite) + " disable_all_domains=" +
				strconv.FormatBool(st.DisableAllDomains) + " windows=" + row.DisableTimes, CreatedAt: s.now().UTC()})
	})
	if err != nil {
		return domain.SiteStatus{}, apperror.Internal(err)
	}
	s.forget()
	if st.Disabled() && s.push != nil {
		// At most once, like every live push: a tab that misses it meets the 503 of its next call.
		if err := s.push.ToAll(ctx, siteDisabledMessage); err != nil {
			s.log.WarnContext(ctx, "site status: live push failed", "error", err)
		}
	}
	return st, nil
}

// Activate switches the site back on after checking an administrator's credentials; it is the
// only way back in once the site is off, as every other call answers "site disabled".
func (s *Service) Activate(ctx context.Context, creds CredentialChecker, username, password string) error {
	ip := caller.ClientIP(ctx)
	adminID, err := creds.CheckAdminCredentials(ctx, username, password, ip)
	if err != nil {
		return err
	}
	st, err := s.SiteStatus(ctx)
	if err != nil {
		return apperror.Internal(err)
	}
	st.DisableSite, st.DisableAllDomains = false, false
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		row := &store.Site{DisableTimes: domain.FormatWindows(st.DisableTimes), UpdatedAt: s.now().UTC(), UpdatedBy: audit.Int64(adminID)}
		if err := s.store.With(tx).SaveSite(ctx, row); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: audit.Int64(adminID), Action: "site_activated",
			Entity: "site_settings", EntityID: "1", IP: ip, CreatedAt: s.now().UTC()})
	})
	if err != nil {
		return apperror.Internal(err)
	}
	s.forget()
	return nil
}

// CompanyActive reports whether a company is live and active: only then may its users sign in
// and work.
func (s *Service) CompanyActive(ctx context.Context, id int64) (bool, error) {
	c, err := s.store.CompanyByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return c.Active, nil
}

// CompanyName returns a live company's name ("" when it is gone).
func (s *Service) CompanyName(ctx context.Context, id int64) (string, error) {
	c, err := s.store.CompanyByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return c.Name, nil
}

// EnsureCompany returns the id of the company with this name, creating it (active, with taxes)
// when there is none. The command line and the demo seed use it.
func (s *Service) EnsureCompany(ctx context.Context, name string) (int64, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return 0, apperror.Field("company", "Company is required.")
	}
	c, err := s.store.CompanyByName(ctx, name)
	if err == nil {
		return c.ID, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return 0, err
	}
	now := s.now().UTC()
	c = &store.Company{Name: name, Active: true, HasTaxes: true, CreatedAt: now, UpdatedAt: now}
	if err := s.store.InsertCompany(ctx, c); err != nil {
		return 0, err
	}
	return c.ID, nil
}
