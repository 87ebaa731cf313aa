// Package app holds the auth module's use cases: sign-in with password and one-time code,
// sessions, the user's own profile, password, two-factor and IP allow list, and the
// administrators' user management (list, create, change, delete, approve, reject, export).
// Each use case validates, checks rate limits, runs its writes in one transaction and audits.
package app

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/mail"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth/internal/domain"
	"github.com/backoffice/backoffice/modules/auth/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/ratelimit"
)

// Messages the user sees (spec §5, §8). They are English keys; the web client translates them.
const (
	MsgInvalidCredentials = "Invalid username or password"
	MsgUsernameRequired   = "Username Required"
	MsgPasswordRequired   = "Password Required"
	MsgSecretaryBlocked   = "The site is disabled, please try to login later."
	MsgInvalidOTP         = "Invalid OTP"
	MsgInactive           = "Your account is inactive. Please contact an administrator."
	MsgCompanyInactive    = "Your company is inactive. Please contact an administrator."
	MsgTooManyAttempts    = "Too many attempts. Please try again later."
	MsgCurrentPassword    = "Current password is incorrect."
	MsgEnrollFirst        = "Generate a QR code first."
)

// SecretaryWindows tells whether secretaries are blocked from signing in at a moment (settings module).
type SecretaryWindows interface {
	SecretaryBlocked(ctx context.Context, at time.Time) (bool, error)
}

// CompanyNames resolves company ids to names (settings module); a company that is gone (or never
// was) is "" or absent from the map.
type CompanyNames interface {
	CompanyName(ctx context.Context, id int64) (string, error)
	CompanyNames(ctx context.Context, ids []int64) (map[int64]string, error)
	// CompanyActive reports whether a company is live and active: the users of a deactivated
	// company (administrators excepted) cannot sign in, and their open sessions end.
	CompanyActive(ctx context.Context, id int64) (bool, error)
}

// Config are the session lifetimes, the name shown in authenticator apps, where the user events
// go, and who computes the users' sales.
type Config struct {
	// Events writes user events to the outbox and wakes the relay after commit (a zero Emitter
	// leaves them to the relay's poll).
	Events eventbus.Emitter
	// Sales gives the user pages each user's sales figures (the sales module); nil: all zero.
	Sales       UserSales
	SessionTTL  time.Duration
	IdleTimeout time.Duration
	// PendingTTL bounds the time between the password and the one-time code.
	PendingTTL time.Duration
	Issuer     string
}

// Service implements the auth use cases.
type Service struct {
	db        *bun.DB
	store     *store.Store
	limiter   *ratelimit.Limiter
	cache     cache.Store
	counter   *listing.Counter
	windows   SecretaryWindows
	companies CompanyNames
	now       func() time.Time
	log       *slog.Logger
	cfg       Config
	// sessions caches resolved sessions (sessioncache.go). Every use case that writes a user or
	// their sessions evicts that user's entries after the write (forgetUser, forgetSession).
	sessions *sessionCache
}

// New builds the Service.
func New(db *bun.DB, c cache.Store, windows SecretaryWindows, companies CompanyNames, now func() time.Time, log *slog.Logger, cfg Config) *Service {
	if cfg.PendingTTL == 0 {
		cfg.PendingTTL = 10 * time.Minute
	}
	if cfg.Issuer == "" {
		cfg.Issuer = "Back office"
	}
	return &Service{db: db, store: store.New(db), limiter: ratelimit.New(c), cache: c,
		counter: listing.NewCounter(c, totalsTTL), windows: windows,
		companies: companies, now: now, log: log, cfg: cfg, sessions: newSessionCache(sessionCacheTTL, sessionCacheMax)}
}

// Rate-limit rules. Sign-in rules count failures only: a whole office signing in at 8:00 behind one
// NAT address is never refused, and an attacker elsewhere cannot lock the real user out. The per-user rule (all addresses) only
// throttles addresses the user has never signed in from (see knownAddress).
var (
	ruleLoginIP       = ratelimit.Rule{Name: "login-ip", Limit: 30, Window: 5 * time.Minute}
	ruleLoginUserIP   = ratelimit.Rule{Name: "login-user-ip", Limit: 5, Window: 15 * time.Minute}
	ruleLoginUser     = ratelimit.Rule{Name: "login-user", Limit: 50, Window: 15 * time.Minute}
	ruleOTPIP         = ratelimit.Rule{Name: "otp-ip", Limit: 30, Window: 5 * time.Minute}
	ruleOTPUser       = ratelimit.Rule{Name: "otp-user", Limit: 5, Window: 5 * time.Minute}
	rulePasswordUser  = ratelimit.Rule{Name: "password-user", Limit: 5, Window: 15 * time.Minute}
	ruleActivateIP    = ratelimit.Rule{Name: "activate-ip", Limit: 10, Window: 15 * time.Minute}
	knownAddressTTL   = 90 * 24 * time.Hour
	sessionTouchEvery = 30 * time.Second
)

// User is what the API says about a user. It never holds the TOTP secret, only whether one is set.
type User struct {
	ID              int64     `json:"id"`
	Username        string    `json:"username"`
	FirstName       string    `json:"first_name"`
	LastName        string    `json:"last_name"`
	Email           string    `json:"email"`
	Phone           string    `json:"phone"`
	CompanyID       int64     `json:"company_id"`
	CompanyName     string    `json:"company_name"`
	Role            string    `json:"role" enum:"admin,secretary,user,buyer"`
	Active          bool      `json:"active"`
	IPAddress       string    `json:"ip_address"`
	EnableGoogle2FA bool      `json:"enable_google2fa"`
	Google2FASecret bool      `json:"google2fa_secret" doc:"Whether a two-factor secret is set; the secret itself never leaves the server after enrollment."`
	CreatedAt       time.Time `json:"created_at"`
}

func (s *Service) toUser(ctx context.Context, u *store.User) User {
	name, err := s.companies.CompanyName(ctx, u.CompanyID)
	if err != nil {
		s.log.WarnContext(ctx, "company name lookup failed", "company_id", u.CompanyID, "error", err)
	}
	return User{ID: u.ID, Username: u.Username, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email,
		Phone: u.Phone, CompanyID: u.CompanyID, CompanyName: name, Role: u.Role, Active: u.Active,
		IPAddress: u.IPAddress, EnableGoogle2FA: u.EnableGoogle2FA, Google2FASecret: u.Google2FASecret != "",
		CreatedAt: u.CreatedAt}
}

// Now is the service's clock (export file names carry the date).
func (s *Service) Now() time.Time { return s.now() }

// SessionTTL is the absolute lifetime of a session (the login answer's expires_in).
func (s *Service) SessionTTL() time.Duration { return s.cfg.SessionTTL }

// LoginResult is the login answer (spec §7).
type LoginResult struct {
	Token     string
	ExpiresIn int64
	User      User
	// Pending marks a session that still owes its one-time code (two-factor enabled).
	Pending bool
}

// Login checks credentials and opens a session: a full one, or a pending one that opens only the
// two-factor check when the user has two-factor enabled.
func (s *Service) Login(ctx context.Context, username, password, ip, userAgent string) (LoginResult, error) {
	username = strings.TrimSpace(username)
	fields := map[string]string{}
	if username == "" {
		fields["username"] = MsgUsernameRequired
	}
	if password == "" {
		fields["password"] = MsgPasswordRequired
	}
	if len(fields) > 0 {
		return LoginResult{}, apperror.Form(fields, "username", "password")
	}
	userKey := strings.ToLower(username)
	if err := s.blocked(ctx, ruleLoginIP, ip); err != nil {
		return LoginResult{}, err
	}
	if err := s.blocked(ctx, ruleLoginUserIP, userKey+"|"+ip); err != nil {
		return LoginResult{}, err
	}
	known := s.knownAddress(ctx, userKey, ip)
	if !known {
		if err := s.blocked(ctx, ruleLoginUser, userKey); err != nil {
			return LoginResult{}, err
		}
	}

	u, err := s.store.UserByUsername(ctx, username)
	if errors.Is(err, store.ErrNotFound) {
		domain.VerifyDummy(password) // same cost as a real check: no enumeration by timing
		return LoginResult{}, s.loginFailed(ctx, "login_failed", userKey, ip)
	}
	if err != nil {
		return LoginResult{}, apperror.Internal(err)
	}
	ok, err := domain.VerifyPassword(u.PasswordHash, password)
	if err != nil {
		return LoginResult{}, apperror.Internal(err)
	}
	if !ok {
		// The account's failure, in its company's trail (an unknown username has none).
		s.auditEvent(ctx, s.db, u, "login_failed", ip)
		return LoginResult{}, s.loginFailed(ctx, "", userKey, ip)
	}
	if !u.Active || u.ApprovalStatus != "approved" {
		s.auditEvent(ctx, s.db, u, "login_blocked_inactive", ip)
		return LoginResult{}, apperror.Forbidden(MsgInactive)
	}
	if active, err := s.companyActive(ctx, u.Role, u.CompanyID); err != nil {
		return LoginResult{}, apperror.Internal(err)
	} else if !active {
		s.auditEvent(ctx, s.db, u, "login_blocked_company", ip)
		return LoginResult{}, apperror.Forbidden(MsgCompanyInactive)
	}
	if blocked, err := s.addressBlocked(u.IPAddress, ip); err != nil || blocked {
		s.auditEvent(ctx, s.db, u, "login_blocked_address", ip)
		return LoginResult{}, caller.ErrAddressBlocked
	}
	now := s.now().UTC()
	if u.Role == string(domain.RoleSecretary) {
		blocked, err := s.windows.SecretaryBlocked(ctx, now)
		if err != nil {
			return LoginResult{}, apperror.Internal(err)
		}
		if blocked {
			s.auditEvent(ctx, s.db, u, "login_blocked_window", ip)
			return LoginResult{}, apperror.Forbidden(MsgSecretaryBlocked)
		}
	}
	_ = s.limiter.Reset(ctx, ruleLoginUserIP, userKey+"|"+ip)
	_ = s.cache.Set(ctx, knownAddressKey(userKey, ip), []byte("1"), knownAddressTTL)

	state := store.SessionActive
	if u.EnableGoogle2FA {
		state = store.SessionPending
	}
	return s.openSession(ctx, u, state, ip, userAgent, func(ctx context.Context, tx bun.Tx) error {
		if domain.NeedsRehash(u.PasswordHash) {
			if h, err := domain.HashPassword(password); err == nil {
				u.PasswordHash, u.UpdatedAt = h, now
				return s.store.With(tx).UpdateUserColumns(ctx, u, "password_hash")
			}
		}
		return nil
	})
}

// openSession stores a new session of u in state, with also (when not nil) in its transaction,
// and audits the login.
func (s *Service) openSession(ctx context.Context, u *store.User, state, ip, userAgent string,
	also func(ctx context.Context, tx bun.Tx) error) (LoginResult, error) {
	token, err := newToken()
	if err != nil {
		return LoginResult{}, apperror.Internal(err)
	}
	now := s.now().UTC()
	sess := &store.Session{TokenHash: hashToken(token), UserID: u.ID, State: state, IP: ip, UserAgent: truncate(userAgent, 255),
		CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(s.cfg.SessionTTL)}
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.store.With(tx).InsertSession(ctx, sess); err != nil {
			return err
		}
		if also != nil {
			if err := also(ctx, tx); err != nil {
				return err
			}
		}
		return s.audit(ctx, tx, u, "login", state, ip)
	})
	if err != nil {
		return LoginResult{}, apperror.Internal(err)
	}
	return LoginResult{Token: token, ExpiresIn: int64(s.cfg.SessionTTL / time.Second), User: s.toUser(ctx, u),
		Pending: state == store.SessionPending}, nil
}

// SeedSession opens a session for username without a password check, for the demo seed, which
// acts in process as the demo users it has just created with a password it knows: checking that
// password again would cost one more argon2id run per user (about 130 ms of CPU, 64 MiB) on the
// first start's path and prove nothing. Go code calls it; no route does. Only an active, approved
// user without two-factor gets a session (the seed's users are); it is audited as a login from
// "seed" and ends with Logout like any other.
func (s *Service) SeedSession(ctx context.Context, username string) (string, error) {
	u, err := s.store.UserByUsername(ctx, username)
	if err != nil {
		return "", s.mapNotFound(err, "Error fetching user data")
	}
	if !u.Active || u.ApprovalStatus != "approved" || u.EnableGoogle2FA {
		return "", apperror.Forbidden(MsgInactive)
	}
	res, err := s.openSession(ctx, u, store.SessionActive, "seed", "demo seed", nil)
	return res.Token, err
}

// loginFailed counts a failed sign-in against the limits and answers it; action, when not "",
// is the audit entry of an unknown username (no company, the username as the record), written
// here because no account's entry was.
func (s *Service) loginFailed(ctx context.Context, action, userKey, ip string) error {
	_, _ = s.limiter.Hit(ctx, ruleLoginIP, ip)
	_, _ = s.limiter.Hit(ctx, ruleLoginUserIP, userKey+"|"+ip)
	_, _ = s.limiter.Hit(ctx, ruleLoginUser, userKey)
	if action != "" {
		_ = audit.Record(ctx, s.db, audit.Entry{Action: action, Entity: "user", EntityID: truncate(userKey, 64), IP: ip,
			Detail: "unknown username"})
	}
	return apperror.Unauthorized(MsgInvalidCredentials)
}

// knownAddress reports whether the user has signed in from ip before; those addresses are exempt
// from the per-user limit, which is what keeps the real user in during a distributed attack.
func (s *Service) knownAddress(ctx context.Context, userKey, ip string) bool {
	_, ok, err := s.cache.Get(ctx, knownAddressKey(userKey, ip))
	return err == nil && ok
}

func knownAddressKey(userKey, ip string) string {
	sum := sha256.Sum256([]byte(userKey + "|" + ip))
	return "auth:known:" + hex.EncodeToString(sum[:16])
}

// Authenticate implements httpx.Authenticator: a valid, unexpired, not idle session of an active
// user calling from an allowed address. It counts as activity on the session.
func (s *Service) Authenticate(ctx context.Context, token, ip string) (caller.Principal, error) {
	return s.resolve(ctx, token, ip, true)
}

// Recheck is Authenticate without counting as activity: an open WebSocket asks whether its
// session still holds, and must not keep an idle session alive by asking.
func (s *Service) Recheck(ctx context.Context, token, ip string) (caller.Principal, error) {
	return s.resolve(ctx, token, ip, false)
}

func (s *Service) resolve(ctx context.Context, token, ip string, activity bool) (caller.Principal, error) {
	hash := hashToken(token)
	// Only the reading is cached (sessionCacheTTL): every check below runs on every request.
	r, err := s.sessions.get(ctx, hash, s.now(), func(ctx context.Context) (sessionRows, error) {
		sess, u, err := s.store.SessionByHash(ctx, hash)
		if err != nil {
			return sessionRows{}, err
		}
		active, err := s.companyActive(ctx, u.Role, u.CompanyID)
		if err != nil {
			return sessionRows{}, err
		}
		r := rowsOf(sess, u)
		r.CompanyActive = active
		return r, nil
	})
	if err != nil {
		return caller.Principal{}, err
	}
	now := s.now().UTC()
	// last_seen_at is written at most every sessionTouchEvery, so the latest call may be up to
	// that much newer than it: idle time counts from there, or a session in use would be cut
	// before IdleTimeout (and before the web client's own inactivity logout).
	switch {
	case !now.Before(r.ExpiresAt),
		!now.Before(r.LastSeenAt.Add(s.cfg.IdleTimeout + sessionTouchEvery)),
		r.State == store.SessionPending && !now.Before(r.CreatedAt.Add(s.cfg.PendingTTL)),
		!r.Active || r.ApprovalStatus != "approved", !r.CompanyActive:
		return caller.Principal{}, apperror.Unauthorized("session expired")
	}
	if blocked, err := s.addressBlocked(r.IPAddress, ip); err != nil || blocked {
		return caller.Principal{}, caller.ErrAddressBlocked
	}
	if activity && now.Sub(r.LastSeenAt) >= sessionTouchEvery {
		if err := s.store.TouchSession(ctx, r.SessionID, now); err != nil {
			s.log.WarnContext(ctx, "session touch failed", "error", err)
		} else {
			s.sessions.touched(hash, r.SessionID, now)
		}
	}
	return caller.Principal{UserID: r.UserID, CompanyID: r.CompanyID, Role: r.Role, SessionID: r.SessionID,
		Pending2FA: r.State == store.SessionPending}, nil
}

// companyActive tells whether a user of role may work for companyID: its company is active, or
// the user is an administrator, who manages every company and must be able to reactivate their
// own.
func (s *Service) companyActive(ctx context.Context, role string, companyID int64) (bool, error) {
	if role == string(domain.RoleAdmin) {
		return true, nil
	}
	return s.companies.CompanyActive(ctx, companyID)
}

// addressBlocked reports whether the allow list (a user's ip_address column) refuses ip.
func (s *Service) addressBlocked(allowList, ip string) (bool, error) {
	if strings.TrimSpace(allowList) == "" {
		return false, nil
	}
	list, err := domain.ParseAllowList(allowList)
	if err != nil {
		return true, err // a stored list that no longer parses fails closed
	}
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return true, err
	}
	return !list.Allows(addr), nil
}

// Logout revokes the caller's session.
func (s *Service) Logout(ctx context.Context, p caller.Principal) error {
	err := s.store.RevokeSession(ctx, p.SessionID, s.now().UTC())
	s.sessions.forgetSession(p.UserID, p.SessionID)
	if err != nil {
		return apperror.Internal(err)
	}
	return nil
}

// Profile returns the caller's user.
func (s *Service) Profile(ctx context.Context, p caller.Principal) (User, error) {
	u, err := s.store.UserByID(ctx, p.UserID)
	if err != nil {
		return User{}, s.mapNotFound(err, "Error fetching user data")
	}
	return s.toUser(ctx, u), nil
}

// ProfileInput are the fields a user may change about themselves.
type ProfileInput struct {
	FirstName, LastName, Email, Phone string
}

// UpdateProfile changes the caller's names, e-mail and phone.
func (s *Service) UpdateProfile(ctx context.Context, p caller.Principal, in ProfileInput) (User, error) {
	in.FirstName, in.LastName = strings.TrimSpace(in.FirstName), strings.TrimSpace(in.LastName)
	in.Email, in.Phone = strings.TrimSpace(in.Email), strings.TrimSpace(in.Phone)
	fields := map[string]string{}
	if in.FirstName == "" {
		fields["first_name"] = "First name is required."
	}
	if len(in.FirstName) > 100 || len(in.LastName) > 100 {
		fields["first_name"] = "Names must be at most 100 characters."
	}
	if in.Email != "" {
		if a, err := mail.ParseAddress(in.Email); err != nil || a.Address != in.Email {
			fields["email"] = "Enter a valid email address."
		}
	}
	if in.Phone != "" && !validPhone(in.Phone) {
		fields["phone"] = "Enter a valid phone number."
	}
	if len(fields) > 0 {
		return User{}, apperror.Form(fields, "first_name", "email", "phone")
	}
	var out *store.User
	err := s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		st := s.store.With(tx)
		u, err := st.UserByID(ctx, p.UserID)
		if err != nil {
			return err
		}
		u.FirstName, u.LastName, u.Email, u.Phone, u.UpdatedAt = in.FirstName, in.LastName, in.Email, in.Phone, s.now().UTC()
		if err := st.UpdateUserColumns(ctx, u, "first_name", "last_name", "email", "phone"); err != nil {
			return err
		}
		out = u
		return s.audit(ctx, tx, u, "profile_updated", "", caller.ClientIP(ctx))
	})
	s.sessions.forgetUser(p.UserID)
	if err != nil {
		return User{}, s.mapNotFound(err, "Error updating profile")
	}
	return s.toUser(ctx, out), nil
}

// PasswordInput is a password change.
type PasswordInput struct {
	Current, Password, Confirmation string
}

// ChangePassword checks the current password and the new one's rules, stores the new hash and
// ends the user's other sessions.
func (s *Service) ChangePassword(ctx context.Context, p caller.Principal, in PasswordInput) error {
	key := fmtID(p.UserID)
	if err := s.blocked(ctx, rulePasswordUser, key); err != nil {
		return err
	}
	fields := map[string]string(domain.ValidateNewPassword(in.Password, in.Confirmation))
	if in.Current == "" {
		if fields == nil {
			fields = map[string]string{}
		}
		fields["current_password"] = MsgPasswordRequired
	}
	if len(fields) > 0 {
		return apperror.Form(fields, "current_password", "password", "password_confirmation")
	}
	u, err := s.store.UserByID(ctx, p.UserID)
	if err != nil {
		return s.mapNotFound(err, "Error updating password")
	}
	ok, err := domain.VerifyPassword(u.PasswordHash, in.Current)
	if err != nil {
		return apperror.Internal(err)
	}
	if !ok {
		_, _ = s.limiter.Hit(ctx, rulePasswordUser, key)
		return apperror.Field("current_password", MsgCurrentPassword)
	}
	hash, err := domain.HashPassword(in.Password)
	if err != nil {
		return apperror.Internal(err)
	}
	now := s.now().UTC()
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		st := s.store.With(tx)
		u.PasswordHash, u.UpdatedAt = hash, now
		if err := st.UpdateUserColumns(ctx, u, "password_hash"); err != nil {
			return err
		}
		if err := st.RevokeUserSessions(ctx, u.ID, p.SessionID, now); err != nil {
			return err
		}
		return s.audit(ctx, tx, u, "password_changed", "", caller.ClientIP(ctx))
	})
	s.sessions.forgetUser(u.ID)
	if err != nil {
		return apperror.Internal(err)
	}
	_ = s.limiter.Reset(ctx, rulePasswordUser, key)
	return nil
}

// Enrollment is a new two-factor secret, shown once as a QR code and as text.
type Enrollment struct {
	QRCode     string `json:"qr_code" doc:"PNG as a data: URL"`
	Secret     string `json:"secret" doc:"base32 secret for manual entry"`
	OTPAuthURL string `json:"otpauth_url"`
}

// StartEnrollment creates a new pending two-factor secret for the caller; it becomes active only
// when a code for it is confirmed (Verify2FA during sign-in, or EnableTOTP from the settings).
func (s *Service) StartEnrollment(ctx context.Context, p caller.Principal) (Enrollment, error) {
	u, err := s.store.UserByID(ctx, p.UserID)
	if err != nil {
		return Enrollment{}, s.mapNotFound(err, "Failed to generate QR code")
	}
	if p.Pending2FA && u.Google2FASecret != "" {
		// The secret was enrolled already: sign-in goes through /verification, and the QR is not
		// shown again (the secret leaves the server only once).
		return Enrollment{}, apperror.Forbidden("Two-factor authentication is already set up.")
	}
	secret, url, err := domain.NewTOTPSecret(s.cfg.Issuer, u.Username)
	if err != nil {
		return Enrollment{}, apperror.Internal(err)
	}
	qr, err := domain.QRCodeDataURL(url, 240)
	if err != nil {
		return Enrollment{}, apperror.Internal(err)
	}
	u.Google2FAPendingSecret, u.UpdatedAt = secret, s.now().UTC()
	err = s.store.UpdateUserColumns(ctx, u, "google2fa_pending_secret")
	s.sessions.forgetUser(u.ID)
	if err != nil {
		return Enrollment{}, apperror.Internal(err)
	}
	return Enrollment{QRCode: qr, Secret: secret, OTPAuthURL: url}, nil
}

// Verify2FA completes a pending sign-in with a one-time code; for a user who is enrolling at sign-in
// (two-factor required, no secret yet) it also activates the new secret.
func (s *Service) Verify2FA(ctx context.Context, p caller.Principal, code string) (User, error) {
	if !p.Pending2FA {
		return s.Profile(ctx, p)
	}
	var out *store.User
	err := s.checkCode(ctx, p, code, func(ctx context.Context, tx bun.Tx, u *store.User, enrolling bool) error {
		if enrolling {
			u.Google2FASecret, u.Google2FAPendingSecret, u.EnableGoogle2FA = u.Google2FAPendingSecret, "", true
			if err := s.store.With(tx).UpdateUserColumns(ctx, u, "google2fa_secret", "google2fa_pending_secret", "enable_google2fa"); err != nil {
				return err
			}
		}
		if err := s.store.With(tx).ActivateSession(ctx, p.SessionID, s.now().UTC()); err != nil {
			return err
		}
		out = u
		return s.audit(ctx, tx, u, "login_2fa", "", caller.ClientIP(ctx))
	}, true)
	if err != nil {
		return User{}, err
	}
	return s.toUser(ctx, out), nil
}

// EnableTOTP turns two-factor on for a signed-in user who scanned a new QR code.
func (s *Service) EnableTOTP(ctx context.Context, p caller.Principal, code string) (User, error) {
	var out *store.User
	err := s.checkCode(ctx, p, code, func(ctx context.Context, tx bun.Tx, u *store.User, enrolling bool) error {
		u.Google2FASecret, u.Google2FAPendingSecret, u.EnableGoogle2FA = u.Google2FAPendingSecret, "", true
		if err := s.store.With(tx).UpdateUserColumns(ctx, u, "google2fa_secret", "google2fa_pending_secret", "enable_google2fa"); err != nil {
			return err
		}
		out = u
		return s.audit(ctx, tx, u, "2fa_enabled", "", caller.ClientIP(ctx))
	}, false)
	if err != nil {
		return User{}, err
	}
	return s.toUser(ctx, out), nil
}

// checkCode verifies a one-time code against the user's secret (or, when enrolling, the pending
// one), refuses a replayed code, and runs then in the same transaction as the step update.
func (s *Service) checkCode(ctx context.Context, p caller.Principal, code string,
	then func(ctx context.Context, tx bun.Tx, u *store.User, enrolling bool) error, signIn bool) error {
	ip := caller.ClientIP(ctx)
	if err := s.hit(ctx, ruleOTPIP, ip); err != nil {
		return err
	}
	key := fmtID(p.UserID)
	if err := s.blocked(ctx, ruleOTPUser, key); err != nil {
		return err
	}
	code = strings.TrimSpace(code)
	if code == "" {
		return apperror.Field("one_time_password", "Digital number Required")
	}
	u, err := s.store.UserByID(ctx, p.UserID)
	if err != nil {
		return s.mapNotFound(err, MsgInvalidOTP)
	}
	secret, enrolling := u.Google2FASecret, false
	if !signIn || secret == "" {
		secret, enrolling = u.Google2FAPendingSecret, true
	}
	if secret == "" {
		return apperror.Invalid(MsgEnrollFirst, nil)
	}
	step, ok := domain.VerifyTOTP(secret, code, s.now(), u.TOTPLastStep)
	if !ok {
		if signIn {
			s.auditEvent(ctx, s.db, u, "login_2fa_failed", ip)
		}
		_, _ = s.limiter.Hit(ctx, ruleOTPUser, key)
		return apperror.Unauthorized(MsgInvalidOTP)
	}
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		advanced, err := s.store.With(tx).AdvanceTOTPStep(ctx, u.ID, step)
		if err != nil {
			return err
		}
		if !advanced {
			return apperror.Unauthorized(MsgInvalidOTP) // the same code raced in twice
		}
		u.TOTPLastStep, u.UpdatedAt = step, s.now().UTC()
		return then(ctx, tx, u, enrolling)
	})
	// Verify2FA activates the session, EnableTOTP changes the user: either way the next request
	// must read them again.
	s.sessions.forgetUser(u.ID)
	if err != nil {
		if apperror.As(err) != nil {
			_, _ = s.limiter.Hit(ctx, ruleOTPUser, key)
			return err
		}
		return apperror.Internal(err)
	}
	_ = s.limiter.Reset(ctx, ruleOTPUser, key)
	return nil
}

// DisableTOTP turns two-factor off after checking the user's password, and forgets the secret.
func (s *Service) DisableTOTP(ctx context.Context, p caller.Principal, password string) (User, error) {
	key := fmtID(p.UserID)
	if err := s.blocked(ctx, rulePasswordUser, key); err != nil {
		return User{}, err
	}
	if password == "" {
		return User{}, apperror.Field("password", MsgPasswordRequired)
	}
	u, err := s.store.UserByID(ctx, p.UserID)
	if err != nil {
		return User{}, s.mapNotFound(err, "Error updating profile")
	}
	ok, err := domain.VerifyPassword(u.PasswordHash, password)
	if err != nil {
		return User{}, apperror.Internal(err)
	}
	if !ok {
		_, _ = s.limiter.Hit(ctx, rulePasswordUser, key)
		return User{}, apperror.Field("password", MsgCurrentPassword)
	}
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		u.EnableGoogle2FA, u.Google2FASecret, u.Google2FAPendingSecret, u.UpdatedAt = false, "", "", s.now().UTC()
		if err := s.store.With(tx).UpdateUserColumns(ctx, u, "enable_google2fa", "google2fa_secret", "google2fa_pending_secret"); err != nil {
			return err
		}
		return s.audit(ctx, tx, u, "2fa_disabled", "", caller.ClientIP(ctx))
	})
	s.sessions.forgetUser(u.ID)
	if err != nil {
		return User{}, apperror.Internal(err)
	}
	return s.toUser(ctx, u), nil
}

// IPRestriction is the caller's allow list and the address they call from now.
type IPRestriction struct {
	IPAddress string `json:"ip_address"`
	CurrentIP string `json:"current_ip"`
}

// GetIPRestriction returns the caller's allow list.
func (s *Service) GetIPRestriction(ctx context.Context, p caller.Principal) (IPRestriction, error) {
	u, err := s.store.UserByID(ctx, p.UserID)
	if err != nil {
		return IPRestriction{}, s.mapNotFound(err, "Error fetching user data")
	}
	return IPRestriction{IPAddress: u.IPAddress, CurrentIP: caller.ClientIP(ctx)}, nil
}

// SetIPRestriction replaces the caller's allow list. The caller's own address must stay allowed,
// so that nobody locks themselves out by mistake.
func (s *Service) SetIPRestriction(ctx context.Context, p caller.Principal, list string) (User, error) {
	parsed, err := domain.ParseAllowList(list)
	if err != nil {
		return User{}, apperror.Field("ip_address", err.Error())
	}
	current := caller.ClientIP(ctx)
	if !parsed.Empty() {
		addr, err := netip.ParseAddr(current)
		if err != nil || !parsed.Allows(addr) {
			return User{}, apperror.Field("ip_address", "Your current address "+current+" must be in the list.")
		}
	}
	var out *store.User
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		u, err := s.store.With(tx).UserByID(ctx, p.UserID)
		if err != nil {
			return err
		}
		u.IPAddress, u.UpdatedAt = parsed.String(), s.now().UTC()
		if err := s.store.With(tx).UpdateUserColumns(ctx, u, "ip_address"); err != nil {
			return err
		}
		out = u
		return s.audit(ctx, tx, u, "ip_restriction_updated", u.IPAddress, current)
	})
	s.sessions.forgetUser(p.UserID)
	if err != nil {
		return User{}, s.mapNotFound(err, "Error updating profile")
	}
	return s.toUser(ctx, out), nil
}

// CheckAdminCredentials verifies an administrator's username and password without opening a
// session (site re-activation from /activate). It shares the login's rate limits.
func (s *Service) CheckAdminCredentials(ctx context.Context, username, password, ip string) (int64, error) {
	if err := s.hit(ctx, ruleActivateIP, ip); err != nil {
		return 0, err
	}
	if strings.TrimSpace(username) == "" || password == "" {
		return 0, apperror.Invalid(apperror.MsgMissingFields, nil)
	}
	u, err := s.store.UserByUsername(ctx, username)
	if errors.Is(err, store.ErrNotFound) {
		domain.VerifyDummy(password)
		return 0, apperror.Unauthorized(MsgInvalidCredentials)
	}
	if err != nil {
		return 0, apperror.Internal(err)
	}
	ok, err := domain.VerifyPassword(u.PasswordHash, password)
	if err != nil {
		return 0, apperror.Internal(err)
	}
	if !ok || !u.Active {
		return 0, apperror.Unauthorized(MsgInvalidCredentials)
	}
	if u.Role != string(domain.RoleAdmin) {
		return 0, apperror.Forbidden("Only an administrator can activate the site.")
	}
	return u.ID, nil
}

func (s *Service) hit(ctx context.Context, rule ratelimit.Rule, key string) error {
	d, err := s.limiter.Hit(ctx, rule, key)
	if err != nil {
		s.log.WarnContext(ctx, "rate limiter unavailable", "rule", rule.Name, "error", err)
		return nil // fail open: the limiter protects, it must not take sign-in down with it
	}
	if !d.Allowed {
		return apperror.RateLimited(tooMany(d.RetryAfter), d.RetryAfter)
	}
	return nil
}

func (s *Service) blocked(ctx context.Context, rule ratelimit.Rule, key string) error {
	d, err := s.limiter.Peek(ctx, rule, key)
	if err != nil {
		s.log.WarnContext(ctx, "rate limiter unavailable", "rule", rule.Name, "error", err)
		return nil
	}
	if !d.Allowed {
		return apperror.RateLimited(tooMany(d.RetryAfter), d.RetryAfter)
	}
	return nil
}

func tooMany(after time.Duration) string {
	secs := int64((after + time.Second - 1) / time.Second)
	if secs < 1 {
		secs = 1
	}
	return "Too many attempts. Please try again in " + fmtID(secs) + " seconds."
}

func (s *Service) mapNotFound(err error, message string) error {
	if errors.Is(err, store.ErrNotFound) {
		return apperror.Unauthorized(message)
	}
	if apperror.As(err) != nil {
		return err
	}
	return apperror.Internal(err)
}

func (s *Service) audit(ctx context.Context, db bun.IDB, u *store.User, action, detail, ip string) error {
	return audit.Record(ctx, db, audit.Entry{CompanyID: audit.Int64(u.CompanyID), ActorID: audit.Int64(u.ID),
		Action: action, Entity: "user", EntityID: fmtID(u.ID), Detail: detail, IP: ip, CreatedAt: s.now().UTC()})
}

func (s *Service) auditEvent(ctx context.Context, db bun.IDB, u *store.User, action, ip string) {
	if err := s.audit(ctx, db, u, action, "", ip); err != nil {
		s.log.WarnContext(ctx, "audit write failed", "action", action, "error", err)
	}
}

func newToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func validPhone(p string) bool {
	digits := 0
	for _, r := range p {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == ' ' || r == '+' || r == '-' || r == '(' || r == ')':
		default:
			return false
		}
	}
	return digits >= 7 && digits <= 15
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func fmtID(id int64) string { return strconv.FormatInt(id, 10) }
