// Package app holds the advanced delete's use cases: preview a selection, mail a verification
// code bound to that preview, verify it and archive the selection in one transaction, list the
// batches, restore one, and purge old batches.
package app

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/archive/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/mail"
)

// The rules of the verification code and of restores (issue 13).
const (
	CodeTTL      = 10 * time.Minute
	MaxAttempts  = 5
	SendWindow   = 15 * time.Minute
	MaxSends     = 3
	RestoreLimit = 30 * 24 * time.Hour
	// MaxRecords is the most records one batch takes: a preview lists them all.
	MaxRecords = 500
	// MaxReason is the reason's length in characters.
	MaxReason = 500
)

// Messages (spec §8 where it has them; en here, es in the web's server-messages).
const (
	MsgVerificationFailed = "Verification failed"
	MsgSendFailed         = "Failed to send verification code."
	MsgReasonRequired     = "The reason is required."
	MsgKindInvalid        = "Choose what to delete."
	MsgNothingSelected    = "Choose records or a filter."
	MsgNothingToDelete    = "Nothing in this selection can be deleted."
	MsgDateInvalid        = "Dates are YYYY-MM-DD, the first not after the last."
	MsgFilterInvalid      = "This filter does not apply to what you delete."
	MsgNotFound           = "The requested information was not found"
	MsgRestored           = "This batch was already restored."
	MsgTooOld             = "This batch is older than 30 days and can no longer be restored."
	MsgTooManyCodes       = "Too many verification codes were sent. Try again later."
)

// MsgTooMany refuses a selection beyond MaxRecords.
func MsgTooMany(max int) string {
	return fmt.Sprintf("Select at most %d records at once.", max)
}

// MsgReasonTooLong refuses a reason beyond MaxReason characters.
func MsgReasonTooLong(max int) string {
	return fmt.Sprintf("The reason is at most %d characters.", max)
}

// Kind is one kind of record the advanced delete takes: its owner's archiving.Kind, and the
// payments that go with its documents (Along, with their document type), when it has them.
type Kind struct {
	Owner   archiving.Kind
	Along   archiving.Along
	DocType string
	// Filters are the filters beyond dates and ids the kind takes (FilterParty, FilterStore,
	// FilterStatus, FilterCategory); nil is the documents' party, store and status. A filter the
	// kind does not take is refused rather than ignored, so that it never widens a selection.
	Filters []string
	// NoAmounts: the kind's records carry no amount (master data: customers, suppliers,
	// products, categories), so its previews and batches have no total — none, rather than a
	// total of $ 0 that reads as records worth nothing.
	NoAmounts bool
}

// Priced reports whether the records of kind carry amounts, so that its previews and batches
// have a total.
func (s *Service) Priced(kind string) bool {
	k, ok := s.d.Kinds[kind]
	return ok && !k.NoAmounts
}

// The filters a Kind may take beyond dates and ids (the request's field names).
const (
	FilterParty    = "party_id"
	FilterStore    = "store_id"
	FilterStatus   = "status"
	FilterCategory = "category_id"
)

// takes reports whether k takes filter.
func (k Kind) takes(filter string) bool {
	if k.Filters == nil {
		return filter != FilterCategory
	}
	return slices.Contains(k.Filters, filter)
}

// Users gives a user's display name and e-mail address (the auth module).
type Users interface {
	Contact(ctx context.Context, db bun.IDB, id int64) (name, email string, err error)
}

// Deps is what the Service needs.
type Deps struct {
	DB    *bun.DB
	Kinds map[string]Kind
	Mail  mail.Sender
	Users Users
	// AdminRole sees every company and restores.
	AdminRole string
	Now       func() time.Time
}

// Service implements the use cases.
type Service struct{ d Deps }

// New builds the Service.
func New(d Deps) *Service { return &Service{d: d} }

func (s *Service) now() time.Time { return s.d.Now().UTC().Truncate(time.Microsecond) }

func (s *Service) admin(p caller.Principal) bool { return p.Role == s.d.AdminRole }

// Request is a selection as the form sends it: a kind, and records or a filter, within the
// caller's companies (an administrator may name one with CompanyID).
type Request struct {
	Kind      string
	CompanyID int64
	archiving.Selection
}

// Preview is what a selection would archive.
type Preview struct {
	Kind string
	// Records are every selected record; those with Blocked set stay.
	Records []archiving.Record
	// Count and TotalCents are of the records that go; Dependents counts what goes along.
	Count, Dependents int
	TotalCents        int64
	// Priced: the kind's records carry amounts (Kind.NoAmounts unset); TotalCents means
	// nothing otherwise.
	Priced bool
	// hash binds a code to this exact preview: the normalised request, the ids it resolved to
	// and what goes along with them.
	hash string
}

// normalise checks r and puts it in one form (sorted unique ids, trimmed filter).
func (s *Service) normalise(r Request) (Request, Kind, error) {
	k, ok := s.d.Kinds[r.Kind]
	if !ok {
		return r, k, apperror.Field("kind", MsgKindInvalid)
	}
	r.From, r.To, r.Status = strings.TrimSpace(r.From), strings.TrimSpace(r.To), strings.TrimSpace(r.Status)
	if len(r.IDs) > 0 {
		ids := slices.Clone(r.IDs)
		slices.Sort(ids)
		r.IDs = slices.Compact(ids)
		if len(r.IDs) > MaxRecords {
			return r, k, apperror.Field("ids", MsgTooMany(MaxRecords))
		}
		r.Selection = archiving.Selection{IDs: r.IDs}
	}
	for _, d := range []string{r.From, r.To} {
		if _, err := calendar.ParseDate(d); d != "" && err != nil {
			return r, k, apperror.Field("from", MsgDateInvalid)
		}
	}
	if r.From != "" && r.To != "" && r.From > r.To {
		return r, k, apperror.Field("from", MsgDateInvalid)
	}
	if r.Status != "" && !slices.Contains([]string{"pending", "approved", "rejected"}, r.Status) {
		return r, k, apperror.Field("status", MsgNothingSelected)
	}
	for filter, set := range map[string]bool{FilterParty: r.PartyID != 0, FilterStore: r.StoreID != 0, FilterStatus: r.Status != "",
		FilterCategory: r.CategoryID != 0} {
		if set && !k.takes(filter) {
			return r, k, apperror.Field(filter, MsgFilterInvalid)
		}
	}
	if r.Empty() {
		return r, k, apperror.Invalid(MsgNothingSelected, nil)
	}
	return r, k, nil
}

// preview resolves r (normalised) for p on db.
func (s *Service) preview(ctx context.Context, db bun.IDB, p caller.Principal, r Request, k Kind) (*Preview, error) {
	sc := listing.ScopeFor(s.admin(p), p.CompanyID, r.CompanyID)
	recs, err := k.Owner.Select(ctx, db, sc, r.Selection, MaxRecords+1)
	if err != nil {
		return nil, err
	}
	if len(recs) > MaxRecords {
		return nil, apperror.Invalid(MsgTooMany(MaxRecords), nil)
	}
	if k.Along != nil {
		ids := make([]int64, len(recs))
		for i, rec := range recs {
			ids[i] = rec.ID
		}
		along, err := k.Along.Attached(ctx, db, k.DocType, ids)
		if err != nil {
			return nil, err
		}
		for i := range recs {
			recs[i].Dependents = append(recs[i].Dependents, along[recs[i].ID]...)
		}
	}
	pv := &Preview{Kind: r.Kind, Records: recs, Priced: !k.NoAmounts}
	var going []int64
	var along []string // what goes with them, "kind:id", sorted
	for _, rec := range recs {
		if rec.Blocked != "" {
			continue
		}
		going = append(going, rec.ID)
		pv.Count++
		pv.TotalCents += rec.AmountCents
		pv.Dependents += len(rec.Dependents)
		for _, d := range rec.Dependents {
			along = append(along, d.Kind+":"+strconv.FormatInt(d.ID, 10))
		}
	}
	slices.Sort(along)
	// What goes along is bound too: a payment stored on a purchase after its code was sent would
	// otherwise be archived with it without the administrator having seen it in the preview.
	b, _ := json.Marshal(struct {
		R     Request
		Scope string
		Going []int64
		Along []string
	}{r, sc.String(), going, along})
	sum := sha256.Sum256(b)
	pv.hash = hex.EncodeToString(sum[:])
	return pv, nil
}

// Preview shows what r would archive; nothing changes.
func (s *Service) Preview(ctx context.Context, p caller.Principal, r Request) (*Preview, error) {
	r, k, err := s.normalise(r)
	if err != nil {
		return nil, err
	}
	pv, err := s.preview(ctx, s.d.DB, p, r, k)
	if err != nil {
		return nil, internal(err)
	}
	if err := s.step(ctx, s.d.DB, p, "previewed", pv); err != nil {
		return nil, apperror.Internal(err)
	}
	return pv, nil
}

// step writes the audit entry of an advanced delete's step before the archive (previewed,
// code_sent, code_failed) on db: the trail shows who looked at and asked to delete what, not
// only what went.
func (s *Service) step(ctx context.Context, db bun.IDB, p caller.Principal, verb string, pv *Preview) error {
	var company *int64
	for _, rec := range pv.Records {
		if company != nil && *company != rec.CompanyID {
			company = nil
			break
		}
		company = audit.Int64(rec.CompanyID)
	}
	return audit.Record(ctx, db, audit.Entry{CompanyID: company, ActorID: audit.Int64(p.UserID),
		Action: "advanced_delete_" + verb, Entity: "advanced_delete",
		Detail: fmt.Sprintf("kind=%s records=%d blocked=%d total_cents=%d", pv.Kind, pv.Count, len(pv.Records)-pv.Count, pv.TotalCents),
		IP:     caller.ClientIP(ctx), CreatedAt: s.now()})
}

// internal passes nil and apperrors, and hides anything else behind an internal error.
func internal(err error) error {
	if err == nil || apperror.As(err) != nil {
		return err
	}
	return apperror.Internal(err)
}

// codeHash is what is stored of a code: bound to the user and the preview it was sent for.
func codeHash(userID int64, previewHash, code string) string {
	sum := sha256.Sum256([]byte(strconv.FormatInt(userID, 10) + "|" + previewHash + "|" + code))
	return hex.EncodeToString(sum[:])
}

// SendCode mails p a new 6-digit code for the preview of r (which must have something to
// delete), at most MaxSends in SendWindow (429 with the wait). A failed mail changes nothing.
func (s *Service) SendCode(ctx context.Context, p caller.Principal, r Request, lang string) error {
	r, k, err := s.normalise(r)
	if err != nil {
		return err
	}
	pv, err := s.preview(ctx, s.d.DB, p, r, k)
	if err != nil {
		return internal(err)
	}
	if pv.Count == 0 {
		return apperror.Invalid(MsgNothingToDelete, nil)
	}
	now := s.now()
	sent, err := store.New(s.d.DB).SentSince(ctx, p.UserID, now.Add(-SendWindow))
	if err != nil {
		return apperror.Internal(err)
	}
	if len(sent) >= MaxSends {
		wait := sent[len(sent)-MaxSends].Add(SendWindow).Sub(now)
		return apperror.RateLimited(MsgTooManyCodes, wait)
	}
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return apperror.Internal(err)
	}
	code := fmt.Sprintf("%06d", n.Int64())
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		_, email, err := s.d.Users.Contact(ctx, tx, p.UserID)
		if err != nil || email == "" || s.d.Mail == nil {
			return errSend
		}
		c := &store.Code{UserID: p.UserID, CodeHash: codeHash(p.UserID, pv.hash, code), ExpiresAt: now.Add(CodeTTL), CreatedAt: now}
		if err := store.New(tx).InsertCode(ctx, c); err != nil {
			return err
		}
		if err := s.step(ctx, tx, p, "code_sent", pv); err != nil {
			return err
		}
		if err := s.d.Mail.Send(ctx, codeMessage(email, code, lang)); err != nil {
			return fmt.Errorf("%w: %v", errSend, err)
		}
		return nil
	})
	if errors.Is(err, errSend) {
		e := apperror.Invalid(MsgSendFailed, nil)
		e.Cause = err
		return e
	}
	return internal(err)
}

var errSend = errors.New("archive: verification code not sent")

// codeMessage is the code's mail, in the user's language (es or en).
func codeMessage(to, code, lang string) mail.Message {
	if strings.HasPrefix(lang, "es") {
		return mail.Message{To: []string{to}, Subject: "Código de verificación: " + code,
			Text: "Su código para confirmar la eliminación avanzada es " + code + ". Vence en 10 minutos y sirve una sola vez.\n",
			HTML: "<p>Su código para confirmar la eliminación avanzada es <strong>" + code + "</strong>.</p><p>Vence en 10 minutos y sirve una sola vez.</p>"}
	}
	return mail.Message{To: []string{to}, Subject: "Verification code: " + code,
		Text: "Your code to confirm the advanced delete is " + code + ". It expires in 10 minutes and works once.\n",
		HTML: "<p>Your code to confirm the advanced delete is <strong>" + code + "</strong>.</p><p>It expires in 10 minutes and works once.</p>"}
}

// errWrongCode ends the archive's transaction when the code does not match (its try is counted
// after the rollback).
var errWrongCode = errors.New("archive: wrong code")

// Verify checks p's code against the preview of r as it stands now and, when it matches, archives
// the selection in one transaction with reason: each owner archives its records (every effect
// reversed), the batch and its items are written, the code is spent, audit entries written. A
// wrong, expired, spent or void code — or a selection that changed since the code was sent —
// answers 'Verification failed' and changes nothing but the try count.
func (s *Service) Verify(ctx context.Context, p caller.Principal, r Request, code, reason string) (*store.Batch, error) {
	reason = strings.TrimSpace(reason)
	switch {
	case reason == "":
		return nil, apperror.Field("reason", MsgReasonRequired)
	case len([]rune(reason)) > MaxReason:
		return nil, apperror.Field("reason", MsgReasonTooLong(MaxReason))
	}
	r, k, err := s.normalise(r)
	if err != nil {
		return nil, err
	}
	code = strings.TrimSpace(code)
	now := s.now()
	var missed int64
	var tried *Preview
	batch := &store.Batch{Kind: r.Kind, Reason: reason, CreatedBy: p.UserID, CreatedAt: now}
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		st := store.New(tx)
		c, err := st.LatestCode(ctx, p.UserID)
		if errors.Is(err, store.ErrNotFound) {
			return errWrongCode
		}
		if err != nil {
			return err
		}
		if c.UsedAt != nil || c.Attempts >= MaxAttempts || !now.Before(c.ExpiresAt) {
			return errWrongCode
		}
		pv, err := s.preview(ctx, tx, p, r, k)
		if err != nil {
			return err
		}
		if subtle.ConstantTimeCompare([]byte(codeHash(p.UserID, pv.hash, code)), []byte(c.CodeHash)) != 1 {
			missed, tried = c.ID, pv
			return errWrongCode
		}
		if pv.Count == 0 {
			return apperror.Invalid(MsgNothingToDelete, nil)
		}
		if err := st.Use(ctx, c.ID, MaxAttempts, now); err != nil {
			return errWrongCode
		}
		return s.archive(ctx, tx, p, k, pv, batch)
	})
	if errors.Is(err, errWrongCode) {
		if missed != 0 {
			if merr := store.New(s.d.DB).Miss(ctx, missed); merr != nil {
				return nil, apperror.Internal(merr)
			}
			if aerr := s.step(ctx, s.d.DB, p, "code_failed", tried); aerr != nil {
				return nil, apperror.Internal(aerr)
			}
		}
		return nil, apperror.Invalid(MsgVerificationFailed, nil)
	}
	if err != nil {
		return nil, internal(err)
	}
	k.Owner.Settled(ctx)
	if k.Along != nil {
		k.Along.Settled(ctx)
	}
	return batch, nil
}

// archive writes batch and has the owners archive pv's records in tx.
func (s *Service) archive(ctx context.Context, tx bun.IDB, p caller.Principal, k Kind, pv *Preview, batch *store.Batch) error {
	name, _, err := s.d.Users.Contact(ctx, tx, p.UserID)
	if err != nil {
		return err
	}
	batch.CreatedByName = name
	var ids []int64
	companies := map[int64]bool{}
	for _, rec := range pv.Records {
		if rec.Blocked == "" {
			ids = append(ids, rec.ID)
			companies[rec.CompanyID] = true
		}
	}
	if len(companies) == 1 {
		for c := range companies {
			batch.CompanyID = &c
		}
	}
	batch.RecordCount, batch.TotalCents = pv.Count, pv.TotalCents
	st := store.New(tx)
	// The batch first: its id names the owners' audit entries and events.
	if err := st.InsertBatch(ctx, batch, nil); err != nil {
		return err
	}
	by := archiving.Actor{UserID: p.UserID, At: batch.CreatedAt, BatchID: batch.ID, Reason: batch.Reason}
	// The owner first: it takes each document (FOR UPDATE) before anything reads what goes with
	// it, so that a payment stored meanwhile — which holds its document as it is written — is
	// either committed and seen below, or waits and finds the document gone.
	items, err := k.Owner.Archive(ctx, tx, ids, by)
	if err != nil {
		return err
	}
	if k.Along != nil {
		along, err := k.Along.ArchiveAttached(ctx, tx, k.DocType, ids, by)
		if err != nil {
			return err
		}
		items = append(items, along...)
	}
	rows := make([]store.Item, len(items))
	for i, it := range items {
		rows[i] = store.Item{BatchID: batch.ID, Kind: it.Kind, RecordID: it.ID, CompanyID: it.CompanyID, Number: it.Number,
			PartyName: it.Party, AmountCents: it.AmountCents, Selected: i < len(ids)}
	}
	batch.DependentCount = len(items) - len(ids)
	if err := st.AddItems(ctx, batch, rows); err != nil {
		return err
	}
	return s.audit(ctx, tx, p, batch, "archived", batch.CreatedAt)
}

func (s *Service) audit(ctx context.Context, tx bun.IDB, p caller.Principal, b *store.Batch, action string, at time.Time) error {
	var company int64
	if b.CompanyID != nil {
		company = *b.CompanyID
	}
	return audit.Record(ctx, tx, audit.Entry{CompanyID: audit.Int64(company), ActorID: audit.Int64(p.UserID),
		Action: "archive_batch_" + action, Entity: "archive_batch", EntityID: strconv.FormatInt(b.ID, 10),
		Detail: fmt.Sprintf("kind=%s records=%d total_cents=%d reason=%s", b.Kind, b.RecordCount, b.TotalCents, b.Reason),
		IP:     caller.ClientIP(ctx), CreatedAt: at})
}
