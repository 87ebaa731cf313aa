package attachments

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/caller"
)

// Scope is the set of companies a caller may see: one company, or every company (admins).
type Scope struct {
	CompanyID int64
	All       bool
}

// Info describes a stored file, without its bytes (what lists need).
type Info struct {
	ID        int64
	CompanyID int64
	// Owner is the kind of record the file belongs to ("product"); OwnerID is that record's id.
	Owner       string
	OwnerID     int64
	Filename    string
	ContentType string
	Size        int64
	// SHA256 is the hex digest of the bytes, also the HTTP ETag.
	SHA256    string
	CreatedAt time.Time
	CreatedBy int64
}

// Attachment is a stored file with its bytes.
type Attachment struct {
	Info
	Data []byte
}

// URL is where a client fetches the file.
func (i Info) URL() string { return "/api/attachments/" + strconv.FormatInt(i.ID, 10) }

// row is a row of attachments.
type row struct {
	bun.BaseModel `bun:"table:attachments"`

	ID          int64      `bun:"id,pk,autoincrement"`
	CompanyID   int64      `bun:"company_id,notnull"`
	Owner       string     `bun:"owner,notnull"`
	OwnerID     int64      `bun:"owner_id,notnull"`
	Filename    string     `bun:"filename,notnull"`
	ContentType string     `bun:"content_type,notnull"`
	Size        int64      `bun:"size,notnull"`
	SHA256      string     `bun:"sha256,notnull"`
	Data        []byte     `bun:"data,notnull"`
	CreatedAt   time.Time  `bun:"created_at,notnull"`
	CreatedBy   *int64     `bun:"created_by"`
	DeletedAt   *time.Time `bun:"deleted_at"`
	DeletedBy   *int64     `bun:"deleted_by"`
}

// infoColumns are every column but data: lists and revalidations never load the bytes.
var infoColumns = []string{"id", "company_id", "owner", "owner_id", "filename", "content_type", "size", "sha256", "created_at", "created_by"}

func (r *row) info() Info {
	var by int64
	if r.CreatedBy != nil {
		by = *r.CreatedBy
	}
	return Info{ID: r.ID, CompanyID: r.CompanyID, Owner: r.Owner, OwnerID: r.OwnerID, Filename: r.Filename,
		ContentType: r.ContentType, Size: r.Size, SHA256: r.SHA256, CreatedAt: r.CreatedAt.UTC(), CreatedBy: by}
}

// Store reads and writes attachments and serves them over HTTP (Routes).
type Store struct {
	db  *bun.DB
	now func() time.Time
	// readers holds each owner kind's ReadCheck; written while wiring only (AllowReads), read
	// by every request afterwards.
	readers map[string]ReadCheck
}

// New returns a Store on db; now stamps created_at and deleted_at (time.Now when nil).
func New(db *bun.DB, now func() time.Time) *Store {
	if now == nil {
		now = time.Now
	}
	return &Store{db: db, now: now, readers: map[string]ReadCheck{}}
}

// ReadCheck reports whether p may read record ownerID of the owner kind it is registered for —
// exactly when p may read that record through its own module's API (role and company). A
// record p may not see, or that is gone, is false with a nil error; an error is a failure to
// decide.
type ReadCheck func(ctx context.Context, p caller.Principal, ownerID int64) (bool, error)

// AllowReads registers the read rule of owner's files: the owning module's answer to "may p read
// this record?". GET /api/attachments/{id} serves a file only when its owner kind has a rule and
// the rule says yes; a kind nobody registered is readable by nobody (deny by default). Call
// while wiring, before serving; registering a kind twice panics (two rules for one kind would
// make the answer depend on wiring order).
func (s *Store) AllowReads(owner string, check ReadCheck) {
	if _, dup := s.readers[owner]; dup || owner == "" || check == nil {
		panic(fmt.Sprintf("attachments: read rule of owner %q registered twice, or empty", owner))
	}
	s.readers[owner] = check
}

// ReadableBy is the ReadCheck of most owner kinds: p holds one of roles (the roles the owner's
// read operations admit) and visible says p sees the record (its company scope).
func ReadableBy(roles []string, visible ReadCheck) ReadCheck {
	return func(ctx context.Context, p caller.Principal, ownerID int64) (bool, error) {
		if !slices.Contains(roles, p.Role) {
			return false, nil
		}
		return visible(ctx, p, ownerID)
	}
}

// CanRead reports whether p may read the file described by info: its owner kind's ReadCheck on
// its owner record. A kind without a rule is never readable.
func (s *Store) CanRead(ctx context.Context, p caller.Principal, info Info) (bool, error) {
	check := s.readers[info.Owner]
	if check == nil {
		return false, nil
	}
	return check(ctx, p, info.OwnerID)
}

// Save validates a.Data (Validate) and stores it in tx (the owning module's transaction), with
// the content type, size and digest computed here from the bytes, whatever a carries in them.
// CompanyID, Owner and OwnerID are required; CreatedBy is the uploading user. It returns the new
// attachment's id.
func (s *Store) Save(ctx context.Context, tx bun.IDB, a Attachment) (int64, error) {
	if a.CompanyID == 0 || a.Owner == "" || a.OwnerID == 0 {
		return 0, apperror.Internal(fmt.Errorf("attachments: save needs company, owner and owner id (got %d, %q, %d)", a.CompanyID, a.Owner, a.OwnerID))
	}
	ct, err := Validate(a.Filename, a.Data)
	if err != nil {
		return 0, err
	}
	sum := sha256.Sum256(a.Data)
	r := &row{CompanyID: a.CompanyID, Owner: a.Owner, OwnerID: a.OwnerID, Filename: CleanFilename(a.Filename),
		ContentType: ct, Size: int64(len(a.Data)), SHA256: hex.EncodeToString(sum[:]), Data: a.Data,
		CreatedAt: s.now().UTC(), CreatedBy: audit.Int64(a.CreatedBy)}
	if _, err := tx.NewInsert().Model(r).Returning("id").Exec(ctx); err != nil {
		return 0, fmt.Errorf("attachments: insert: %w", err)
	}
	return r.ID, nil
}

// SaveAll stores each of ups (Save) as a file of owner — its company, owner kind, owner id and
// uploader, each upload bringing its own name and bytes — in tx, in order.
func (s *Store) SaveAll(ctx context.Context, tx bun.IDB, owner Info, ups []Upload) error {
	for _, up := range ups {
		owner.Filename = up.Filename
		if _, err := s.Save(ctx, tx, Attachment{Info: owner, Data: up.Data}); err != nil {
			return err
		}
	}
	return nil
}

// Get returns the live attachment id with its bytes, or ErrNotFound when it is missing,
// deleted, or in a company outside scope.
func (s *Store) Get(ctx context.Context, id int64, scope Scope) (Attachment, error) {
	r := new(row)
	err := s.db.NewSelect().Model(r).Where("id = ?", id).Where("deleted_at IS NULL").
		ApplyQueryBuilder(scope.apply).Limit(1).Scan(ctx)
	if err != nil {
		return Attachment{}, notFound(err)
	}
	return Attachment{Info: r.info(), Data: r.Data}, nil
}

// Stat is Get without the bytes.
func (s *Store) Stat(ctx context.Context, id int64, scope Scope) (Info, error) {
	r := new(row)
	err := s.db.NewSelect().Model(r).Column(infoColumns...).Where("id = ?", id).Where("deleted_at IS NULL").
		ApplyQueryBuilder(scope.apply).Limit(1).Scan(ctx)
	if err != nil {
		return Info{}, notFound(err)
	}
	return r.info(), nil
}

// ListByOwner returns the live files of owner's records ownerIDs, without bytes, keyed by owner
// id, each record's files in upload order. db is the store's database or the caller's
// transaction. The owner ids come from the caller's own company-scoped query.
func (s *Store) ListByOwner(ctx context.Context, db bun.IDB, owner string, ownerIDs ...int64) (map[int64][]Info, error) {
	out := make(map[int64][]Info, len(ownerIDs))
	if len(ownerIDs) == 0 {
		return out, nil
	}
	var rows []row
	err := db.NewSelect().Model(&rows).Column(infoColumns...).
		Where("owner = ?", owner).Where("owner_id IN (?)", bun.In(ownerIDs)).Where("deleted_at IS NULL").
		OrderExpr("owner_id, id").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("attachments: list: %w", err)
	}
	for i := range rows {
		out[rows[i].OwnerID] = append(out[rows[i].OwnerID], rows[i].info())
	}
	return out, nil
}

// SoftDelete marks the live attachment id as deleted by actorID, in tx, and audits it. It
// returns ErrNotFound when there is no such live attachment in scope.
func (s *Store) SoftDelete(ctx context.Context, tx bun.IDB, id int64, scope Scope, actorID int64) error {
	now := s.now().UTC()
	res, err := tx.NewUpdate().Model((*row)(nil)).Set("deleted_at = ?", now).Set("deleted_by = ?", audit.Int64(actorID)).
		Where("id = ?", id).Where("deleted_at IS NULL").ApplyQueryBuilder(scope.apply).Exec(ctx)
	if err != nil {
		return fmt.Errorf("attachments: delete: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return ErrNotFound
	}
	return s.audit(ctx, tx, scope, actorID, strconv.FormatInt(id, 10), now)
}

// SoftDeleteByOwner marks every live file of one record deleted (the record itself is being
// deleted), in tx, and returns how many there were.
func (s *Store) SoftDeleteByOwner(ctx context.Context, tx bun.IDB, owner string, ownerID int64, scope Scope, actorID int64) (int, error) {
	now := s.now().UTC()
	res, err := tx.NewUpdate().Model((*row)(nil)).Set("deleted_at = ?", now).Set("deleted_by = ?", audit.Int64(actorID)).
		Where("owner = ?", owner).Where("owner_id = ?", ownerID).Where("deleted_at IS NULL").ApplyQueryBuilder(scope.apply).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("attachments: delete by owner: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("attachments: delete by owner: %w", err)
	}
	if n == 0 {
		return 0, nil
	}
	return int(n), s.audit(ctx, tx, scope, actorID, owner+":"+strconv.FormatInt(ownerID, 10), now)
}

func (s *Store) audit(ctx context.Context, tx bun.IDB, scope Scope, actorID int64, entityID string, at time.Time) error {
	var company *int64
	if !scope.All {
		company = audit.Int64(scope.CompanyID)
	}
	err := audit.Record(ctx, tx, audit.Entry{CompanyID: company, ActorID: audit.Int64(actorID), Action: "delete",
		Entity: "attachment", EntityID: entityID, IP: caller.ClientIP(ctx), CreatedAt: at})
	if err != nil {
		return fmt.Errorf("attachments: audit: %w", err)
	}
	return nil
}

// apply limits q to the scope's company, unless the scope is every company.
func (sc Scope) apply(q bun.QueryBuilder) bun.QueryBuilder {
	if sc.All {
		return q
	}
	return q.Where("company_id = ?", sc.CompanyID)
}

func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return fmt.Errorf("attachments: get: %w", err)
}
