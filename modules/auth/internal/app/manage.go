package app

import (
	"context"
	"errors"
	"net/mail"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth/internal/domain"
	"github.com/backoffice/backoffice/modules/auth/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/listing"
)

// Messages of the user management (English keys the web client translates).
const (
	MsgNotFound        = "The requested information was not found"
	MsgDeleteSelf      = "You cannot delete your own account."
	MsgDeactivateSelf  = "You cannot deactivate your own account."
	MsgChangeOwnRole   = "You cannot change your own role."
	MsgUsernameFormat  = "Username must be at most 64 characters, without spaces."
	MsgRoleInvalid     = "Choose a role: admin, secretary, user or buyer."
	MsgCompanyRequired = "Company is required."
	MsgCompanyUnknown  = "The selected company does not exist."
	MsgNamesTooLong    = "Names must be at most 100 characters."
	MsgEmailInvalid    = "Enter a valid email address."
	MsgPhoneInvalid    = "Enter a valid phone number."
	msgNotAllowed      = "You are not allowed to perform this action."
	userTable          = "users"
	maxNameLength      = 100
	maxUsernameLength  = 64
	totalsTTL          = time.Minute
	userCountBatch     = 200
)

// UserRecord is what the admins' user pages see about a user: the user object plus its approval,
// last change and sales figures. Like User, it never carries a password hash or a two-factor
// secret.
type UserRecord struct {
	User
	ApprovalStatus  string     `json:"approval_status" enum:"pending,approved,rejected"`
	ApprovalReason  string     `json:"approval_reason"`
	ApprovedBy      *int64     `json:"approved_by"`
	ApprovedAt      *time.Time `json:"approved_at"`
	UpdatedAt       time.Time  `json:"updated_at"`
	TotalSales      int64      `json:"total_sales" doc:"Number of the user's sales (spec §3)"`
	TotalSalesCents int64      `json:"total_sales_cents" doc:"Sum of the user's sales, in centavos"`
}

// SalesFigures are a seller's figures (money in centavos).
type SalesFigures struct {
	Count       int64
	AmountCents int64
}

// UserSales computes users' sales figures; the sales module implements it. The ids given are
// users the caller may see; a user missing from the answer has no sales.
type UserSales interface {
	UserSales(ctx context.Context, userIDs []int64) (map[int64]SalesFigures, error)
}

// UserInput is a user to create or the new state of one (the admins' form). On update an empty
// Password keeps the current one, and a nil flag keeps the stored value; on create a nil Active
// means active and a nil Enable2FA means off.
type UserInput struct {
	Username, FirstName, LastName, Email, Phone string
	CompanyID                                   int64
	Role                                        string
	Active, Enable2FA                           *bool
	IPAddress                                   string
	Password, PasswordConfirmation              string
}

// UserQuery is a user list request.
type UserQuery struct {
	listing.Query
	CompanyID int64
	Role      string
	Active    *bool
	Approval  string
}

// userScope is the companies p may see users of: every company for an administrator, else p's.
func userScope(p caller.Principal) store.Scope {
	return listing.ScopeFor(p.Role == string(domain.RoleAdmin), p.CompanyID, 0)
}

// userInScope is the live user id within sc, for a change: not found (404) when it is missing or
// belongs to a company outside sc.
func (s *Service) userInScope(ctx context.Context, id int64, sc store.Scope) (*store.User, error) {
	u, err := s.store.UserInScope(ctx, id, sc)
	if errors.Is(err, store.ErrNotFound) {
		return nil, apperror.NotFound(MsgNotFound)
	}
	if err != nil {
		return nil, apperror.Internal(err)
	}
	return u, nil
}

// requireAdmin repeats the routes' rule in the use cases that could raise someone's rights:
// changing, deleting, approving and rejecting users. Listing and reading are scoped to the
// caller's company, and creating by a non-administrator leaves the user pending, so those follow
// the route's access rule alone.
func requireAdmin(p caller.Principal) error {
	if p.Role != string(domain.RoleAdmin) {
		return apperror.Forbidden(msgNotAllowed)
	}
	return nil
}

// displayName is how a user is named to others: first and last name, else the username (the web
// app's displayName, and the SQL of 20261127010000_sales_seller_name for the sales written before
// sales copied it).
func displayName(first, last, username string) string {
	if n := strings.TrimSpace(first + " " + last); n != "" {
		return n
	}
	return username
}

// toRecords turns rows into what the user pages show, with the company names and the sales
// figures of the whole batch read in one call each.
func (s *Service) toRecords(ctx context.Context, rows []store.UserRow) ([]UserRecord, error) {
	companyIDs := make([]int64, 0, len(rows))
	userIDs := make([]int64, 0, len(rows))
	for _, r := range rows {
		companyIDs = append(companyIDs, r.CompanyID)
		userIDs = append(userIDs, r.ID)
	}
	names, err := s.companies.CompanyNames(ctx, companyIDs)
	if err != nil {
		return nil, apperror.Internal(err)
	}
	sales := map[int64]SalesFigures{}
	if s.cfg.Sales != nil && len(rows) > 0 {
		if sales, err = s.cfg.Sales.UserSales(ctx, userIDs); err != nil {
			return nil, apperror.Internal(err)
		}
	}
	out := make([]UserRecord, len(rows))
	for i, r := range rows {
		out[i] = UserRecord{User: User{ID: r.ID, Username: r.Username, FirstName: r.FirstName, LastName: r.LastName,
			Email: r.Email, Phone: r.Phone, CompanyID: r.CompanyID, CompanyName: names[r.CompanyID], Role: r.Role,
			Active: r.Active, IPAddress: r.IPAddress, EnableGoogle2FA: r.EnableGoogle2FA, Google2FASecret: r.HasSecret,
			CreatedAt: r.CreatedAt}, ApprovalStatus: r.ApprovalStatus, ApprovalReason: r.ApprovalReason,
			ApprovedBy: r.ApprovedBy, ApprovedAt: r.ApprovedAt, UpdatedAt: r.UpdatedAt,
			TotalSales: sales[r.ID].Count, TotalSalesCents: sales[r.ID].AmountCents}
	}
	return out, nil
}

func (q UserQuery) filter(p caller.Principal) (store.UserFilter, error) {
	f := store.UserFilter{Scope: userScope(p), CompanyID: q.CompanyID, Q: q.Q, Active: q.Active}
	if q.Role != "" {
		r, err := domain.ParseRole(q.Role)
		if err != nil {
			return f, apperror.Field("role", MsgRoleInvalid)
		}
		f.Role = string(r)
	}
	st, err := approval.Parse(q.Approval)
	if err != nil {
		return f, err
	}
	f.Approval = string(st)
	return f, nil
}

// ListUsers returns one page of the users p may see.
func (s *Service) ListUsers(ctx context.Context, p caller.Principal, q UserQuery) (listing.Page[UserRecord], error) {
	plan, err := listing.NewPlan(store.UserSpec, q.Query)
	if err != nil {
		return listing.Page[UserRecord]{}, err
	}
	f, err := q.filter(p)
	if err != nil {
		return listing.Page[UserRecord]{}, err
	}
	rows, err := s.store.ListUsers(ctx, f, plan, q.Sort)
	if err != nil {
		return listing.Page[UserRecord]{}, apperror.Internal(err)
	}
	active := "-"
	if f.Active != nil {
		active = strconv.FormatBool(*f.Active)
	}
	key := strings.Join([]string{strconv.FormatBool(f.Scope.All), fmtID(f.Scope.CompanyID), fmtID(f.CompanyID),
		strconv.Quote(strings.TrimSpace(f.Q)), f.Role, active, f.Approval}, "|")
	total, err := s.counter.Total(ctx, userTable, key, func(ctx context.Context) (int, error) { return s.store.CountUsers(ctx, f) })
	if err != nil {
		return listing.Page[UserRecord]{}, apperror.Internal(err)
	}
	byTime := store.UserSpec.Column(q.Sort).Kind == listing.Time
	page := listing.Finish(plan, rows, total, func(r store.UserRow) (any, int64) {
		if byTime {
			return r.CreatedAt, r.ID
		}
		return r.SortKey, r.ID
	})
	data, err := s.toRecords(ctx, page.Data)
	if err != nil {
		return listing.Page[UserRecord]{}, err
	}
	return listing.Page[UserRecord]{Data: data, Meta: page.Meta}, nil
}

// ExportUsers calls fn for every user the query matches that p may see, in its order, without
// paging.
func (s *Service) ExportUsers(ctx context.Context, p caller.Principal, q UserQuery, fn func(UserRecord) error) error {
	if _, err := listing.NewPlan(store.UserSpec, q.Query); err != nil {
		return err
	}
	f, err := q.filter(p)
	if err != nil {
		return err
	}
	// Company names and sales figures are looked up per batch of rows, not per row.
	var pending []store.UserRow
	flush := func() error {
		recs, err := s.toRecords(ctx, pending)
		if err != nil {
			return err
		}
		for _, r := range recs {
			if err := fn(r); err != nil {
				return err
			}
		}
		pending = pending[:0]
		return nil
	}
	err = s.store.EachUser(ctx, f, q.Sort, func(r store.UserRow) error {
		pending = append(pending, r)
		if len(pending) == userCountBatch {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil && apperror.As(err) == nil {
		return apperror.Internal(err)
	}
	return err
}

// GetUser returns one user p may see.
func (s *Service) GetUser(ctx context.Context, p caller.Principal, id int64) (UserRecord, error) {
	return s.record(ctx, id, userScope(p))
}

func (s *Service) record(ctx context.Context, id int64, sc store.Scope) (UserRecord, error) {
	row, err := s.store.UserRowByID(ctx, id, sc)
	if errors.Is(err, store.ErrNotFound) {
		return UserRecord{}, apperror.NotFound(MsgNotFound)
	}
	if err != nil {
		return UserRecord{}, apperror.Internal(err)
	}
	recs, err := s.toRecords(ctx, []store.UserRow{row})
	if err != nil {
		return UserRecord{}, err
	}
	return recs[0], nil
}

// checkedUser is a UserInput that passed validation, normalised.
type checkedUser struct {
	UserInput
	role      domain.Role
	ipAddress string
	hash      string // "" when the password is not being set
}

// validate checks in for a new user (current nil) or a change of current by p.
func (s *Service) validate(ctx context.Context, p caller.Principal, in UserInput, current *store.User) (checkedUser, error) {
	in.Username, in.FirstName, in.LastName = strings.TrimSpace(in.Username), strings.TrimSpace(in.FirstName), strings.TrimSpace(in.LastName)
	in.Email, in.Phone = strings.TrimSpace(in.Email), strings.TrimSpace(in.Phone)
	out := checkedUser{UserInput: in}
	fields := map[string]string{}
	switch {
	case in.Username == "":
		fields["username"] = MsgUsernameRequired
	case len(in.Username) > maxUsernameLength || strings.ContainsAny(in.Username, " \t\r\n"):
		fields["username"] = MsgUsernameFormat
	}
	if len([]rune(in.FirstName)) > maxNameLength || len([]rune(in.LastName)) > maxNameLength {
		fields["first_name"] = MsgNamesTooLong
	}
	if in.Email != "" {
		if a, err := mail.ParseAddress(in.Email); err != nil || a.Address != in.Email {
			fields["email"] = MsgEmailInvalid
		}
	}
	if in.Phone != "" && !validPhone(in.Phone) {
		fields["phone"] = MsgPhoneInvalid
	}
	role, err := domain.ParseRole(in.Role)
	if err != nil {
		fields["role"] = MsgRoleInvalid
	}
	out.role = role
	if in.CompanyID <= 0 {
		fields["company_id"] = MsgCompanyRequired
	} else if names, err := s.companies.CompanyNames(ctx, []int64{in.CompanyID}); err != nil {
		return out, apperror.Internal(err)
	} else if _, ok := names[in.CompanyID]; !ok {
		fields["company_id"] = MsgCompanyUnknown
	}
	if list, err := domain.ParseAllowList(in.IPAddress); err != nil {
		fields["ip_address"] = err.Error()
	} else {
		out.ipAddress = list.String()
	}
	setPassword := current == nil || in.Password != "" || in.PasswordConfirmation != ""
	if setPassword {
		for f, m := range domain.ValidateNewPassword(in.Password, in.PasswordConfirmation) {
			fields[f] = m
		}
	}
	if current != nil && current.ID == p.UserID {
		// An administrator cannot lock themselves out of the user pages by mistake.
		if in.Active != nil && !*in.Active && current.Active {
			fields["active"] = MsgDeactivateSelf
		}
		if role != "" && string(role) != current.Role {
			fields["role"] = MsgChangeOwnRole
		}
	}
	if len(fields) > 0 {
		return out, apperror.Form(fields, "username", "first_name", "email", "phone", "company_id",
			"role", "active", "ip_address", "password", "password_confirmation")
	}
	exceptID := int64(0)
	if current != nil {
		exceptID = current.ID
	}
	if taken, err := s.store.UsernameTaken(ctx, in.Username, exceptID); err != nil {
		return out, apperror.Internal(err)
	} else if taken {
		return out, apperror.Field("username", MsgUsernameTaken)
	}
	if setPassword {
		if out.hash, err = domain.HashPassword(in.Password); err != nil {
			return out, apperror.Internal(err)
		}
	}
	return out, nil
}

// CreateManagedUser creates a user from the admins' form. A user created by an administrator is
// approved at once; by anyone else it waits for an administrator (platform/approval).
func (s *Service) CreateManagedUser(ctx context.Context, p caller.Principal, in UserInput) (UserRecord, error) {
	if p.Role != string(domain.RoleAdmin) && in.CompanyID != p.CompanyID {
		// Outside administrators, users are only ever created in one's own company.
		return UserRecord{}, apperror.Field("company_id", MsgCompanyUnknown)
	}
	id, err := s.create(ctx, p, in)
	if err != nil {
		return UserRecord{}, err
	}
	return s.record(ctx, id, userScope(p))
}

// create validates and stores a new user on behalf of p, audited, with its created event.
func (s *Service) create(ctx context.Context, p caller.Principal, in UserInput) (int64, error) {
	c, err := s.validate(ctx, p, in, nil)
	if err != nil {
		return 0, err
	}
	now := s.now().UTC()
	status := approval.Initial(p.Role == string(domain.RoleAdmin))
	u := &store.User{CompanyID: c.CompanyID, Username: c.Username, FirstName: c.FirstName, LastName: c.LastName,
		Email: c.Email, Phone: c.Phone, Role: string(c.role), Active: c.Active == nil || *c.Active, IPAddress: c.ipAddress,
		PasswordHash: c.hash, EnableGoogle2FA: c.Enable2FA != nil && *c.Enable2FA, ApprovalStatus: string(status),
		CreatedBy: audit.Int64(p.UserID), CreatedAt: now, UpdatedAt: now}
	if status == approval.Approved {
		u.ApprovedBy, u.ApprovedAt = audit.Int64(p.UserID), &now
	}
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.store.With(tx).InsertUser(ctx, u); err != nil {
			return err
		}
		if err := s.auditUser(ctx, tx, p, "user_created", u, u.Role+" "+string(status)); err != nil {
			return err
		}
		return s.publish(ctx, tx, p, SubjectUserCreated, u, "")
	})
	s.cfg.Events.Flush()
	if err != nil {
		// Two creations of the same username racing: the unique index decides.
		if taken, lookErr := s.store.UsernameTaken(ctx, c.Username, 0); lookErr == nil && taken {
			return 0, apperror.Field("username", MsgUsernameTaken)
		}
		return 0, apperror.Internal(err)
	}
	s.counter.Bump(ctx, userTable)
	return u.ID, nil
}

// UpdateUser changes a user from the admins' form. Setting a password, deactivating the user
// or turning their two-factor off ends their sessions (all but the caller's own).
func (s *Service) UpdateUser(ctx context.Context, p caller.Principal, id int64, in UserInput) (UserRecord, error) {
	if err := requireAdmin(p); err != nil {
		return UserRecord{}, err
	}
	sc := userScope(p)
	u, err := s.userInScope(ctx, id, sc)
	if err != nil {
		return UserRecord{}, err
	}
	c, err := s.validate(ctx, p, in, u)
	if err != nil {
		return UserRecord{}, err
	}
	now := s.now().UTC()
	active := u.Active
	if c.Active != nil {
		active = *c.Active
	}
	enable2FA := u.EnableGoogle2FA
	if c.Enable2FA != nil {
		enable2FA = *c.Enable2FA
	}
	endSessions := c.hash != "" || (u.Active && !active) || (u.EnableGoogle2FA && !enable2FA)
	columns := []string{"username", "first_name", "last_name", "email", "phone", "company_id", "role", "active",
		"ip_address", "enable_google2fa"}
	u.Username, u.FirstName, u.LastName, u.Email, u.Phone = c.Username, c.FirstName, c.LastName, c.Email, c.Phone
	u.CompanyID, u.Role, u.Active, u.IPAddress = c.CompanyID, string(c.role), active, c.ipAddress
	if u.EnableGoogle2FA && !enable2FA {
		// Switched off by an administrator (a lost phone): the secret goes too, so switching it
		// back on makes the user enroll a new one at the next sign-in.
		u.Google2FASecret, u.Google2FAPendingSecret = "", ""
		columns = append(columns, "google2fa_secret", "google2fa_pending_secret")
	}
	u.EnableGoogle2FA = enable2FA
	if c.hash != "" {
		u.PasswordHash = c.hash
		columns = append(columns, "password_hash")
	}
	u.UpdatedAt = now
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		st := s.store.With(tx)
		if err := st.UpdateUserColumns(ctx, u, columns...); err != nil {
			return err
		}
		if endSessions {
			keep := int64(0)
			if u.ID == p.UserID {
				keep = p.SessionID
			}
			if err := st.RevokeUserSessions(ctx, u.ID, keep, now); err != nil {
				return err
			}
		}
		detail := u.Role + " active=" + strconv.FormatBool(u.Active)
		if c.hash != "" {
			detail += " password_set"
		}
		return s.auditUser(ctx, tx, p, "user_updated", u, detail)
	})
	s.sessions.forgetUser(u.ID)
	if err != nil {
		if taken, lookErr := s.store.UsernameTaken(ctx, c.Username, u.ID); lookErr == nil && taken {
			return UserRecord{}, apperror.Field("username", MsgUsernameTaken)
		}
		return UserRecord{}, apperror.Internal(err)
	}
	s.counter.Bump(ctx, userTable)
	return s.record(ctx, u.ID, store.Scope{All: true})
}

// DeleteUser soft-deletes a user and ends their sessions (administrators; not themselves).
func (s *Service) DeleteUser(ctx context.Context, p caller.Principal, id int64) error {
	if err := requireAdmin(p); err != nil {
		return err
	}
	if id == p.UserID {
		return apperror.Forbidden(MsgDeleteSelf)
	}
	sc := userScope(p)
	u, err := s.userInScope(ctx, id, sc)
	if err != nil {
		return err
	}
	now := s.now().UTC()
	err = s.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		st := s.store.With(tx)
		ok, err := st.SoftDeleteUser(ctx, id, p.UserID, now, sc)
		if err != nil {
			return err
		}
		if !ok {
			return apperror.NotFound(MsgNotFound)
		}
		if err := st.RevokeUserSessions(ctx, id, 0, now); err != nil {
			return err
		}
		return s.auditUser(ctx, tx, p, "user_deleted", u, "")
	})
	s.sessions.forgetUser(id)
	if err != nil {
		if apperror.As(err) != nil {
			return err
		}
		return apperror.Internal(err)
	}
	s.counter.Bump(ctx, userTable)
	return nil
}

// ApproveUser lets a pending user sign in (administrators).
func (s *Service) ApproveUser(ctx context.Context, p caller.Principal, id int64) (UserRecord, error) {
	return s.decide(ctx, p, id, true, "")
}

// RejectUser refuses a pending user, with a reason (administrators).
func (s *Service) RejectUser(ctx context.Context, p caller.Principal, id int64, reason string) (UserRecord, error) {
	return s.decide(ctx, p, id, false, reason)
}

func (s *Service) decide(ctx context.Context, p caller.Principal, id int64, approve bool, reason string) (UserRecord, error) {
	if err := requireAdmin(p); err != nil {
		return UserRecord{}, err
	}
	u, err := s.userInScope(ctx, id, userScope(p))
	if err != nil {
		return UserRecord{}, err
	}
	subject, action := SubjectUserApproved, "user_approved"
	if !approve {
		subject, action = SubjectUserRejected, "user_rejected"
	}
	now := s.now().UTC()
	_, err = approval.Run(ctx, s.db, approval.Status(u.ApprovalStatus), approve, reason,
		func(ctx context.Context, tx bun.Tx, d approval.Decision) error {
			ok, err := s.store.With(tx).DecideApproval(ctx, id, string(d.Status), d.Reason, p.UserID, now)
			if err != nil {
				return err
			}
			if !ok {
				return store.ErrNotFound // another administrator decided first
			}
			if err := s.auditUser(ctx, tx, p, action, u, d.Reason); err != nil {
				return err
			}
			return s.publish(ctx, tx, p, subject, u, d.Reason)
		})
	s.cfg.Events.Flush()
	s.sessions.forgetUser(id)
	if err != nil {
		return UserRecord{}, err
	}
	s.counter.Bump(ctx, userTable)
	return s.record(ctx, id, store.Scope{All: true})
}

// CountUsers counts the live users of each company among ids (the settings module's company
// list, and its refusal to delete a company that still has users).
func (s *Service) CountUsers(ctx context.Context, companyIDs []int64) (map[int64]int, error) {
	return s.store.CountByCompany(ctx, companyIDs)
}

// UserNames returns the display name (displayName) of each user among ids, deleted users
// included; an id without a user is absent. Other modules copy it onto what a user writes (the
// seller of a sale), since they may not read the users table.
func (s *Service) UserNames(ctx context.Context, ids []int64) (map[int64]string, error) {
	rows, err := s.store.Names(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]string, len(rows))
	for _, r := range rows {
		out[r.ID] = displayName(r.FirstName, r.LastName, r.Username)
	}
	return out, nil
}

func (s *Service) auditUser(ctx context.Context, db bun.IDB, p caller.Principal, action string, u *store.User, detail string) error {
	return audit.Record(ctx, db, audit.Entry{CompanyID: audit.Int64(u.CompanyID), ActorID: audit.Int64(p.UserID),
		Action: action, Entity: "user", EntityID: fmtID(u.ID), Detail: detail, IP: caller.ClientIP(ctx), CreatedAt: s.now().UTC()})
}

func (s *Service) publish(ctx context.Context, tx bun.IDB, p caller.Principal, subject string, u *store.User, reason string) error {
	ev := eventbus.NewEvent(subject, u.CompanyID, p.UserID,
		UserEvent{ID: u.ID, Name: displayName(u.FirstName, u.LastName, u.Username), Reason: reason, CreatedBy: createdBy(u)}, s.now())
	return s.cfg.Events.Emit(ctx, tx, ev)
}

func createdBy(u *store.User) int64 {
	if u.CreatedBy == nil {
		return 0
	}
	return *u.CreatedBy
}

// IndexSearch indexes the search words of the users that have none (written before the word
// index existed, or inserted by hand) and clears the cached list totals when it did.
func (s *Service) IndexSearch(ctx context.Context) (int, error) {
	n, err := s.store.IndexMissingWords(ctx)
	if n > 0 {
		s.counter.Bump(ctx, userTable)
	}
	return n, err
}
