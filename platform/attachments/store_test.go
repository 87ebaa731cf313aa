package attachments_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

var testNow = time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)

func save(t testing.TB, s *attachments.Store, db bun.IDB, a attachments.Attachment) int64 {
	t.Helper()
	id, err := s.Save(context.Background(), db, a)
	if err != nil {
		t.Fatalf("save: %v", err)
	}
	return id
}

func TestStore(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		s := attachments.New(db, func() time.Time { return testNow })
		coA, coB := dbtest.Company(t, db, "A S.A.S."), dbtest.Company(t, db, "B S.A.S.")
		scopeA, scopeB, all := attachments.Scope{CompanyID: coA}, attachments.Scope{CompanyID: coB}, attachments.Scope{All: true}
		img := pngBytes(t)

		// Save computes type, size and digest from the bytes, whatever the caller put there.
		var id int64
		err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			var err error
			id, err = s.Save(ctx, tx, attachments.Attachment{
				Info: attachments.Info{CompanyID: coA, Owner: "product", OwnerID: 7, Filename: "../foto.png",
					ContentType: "text/html", Size: 1, SHA256: "forged", CreatedBy: 42},
				Data: img})
			return err
		})
		if err != nil {
			t.Fatalf("save in tx: %v", err)
		}
		sum := sha256.Sum256(img)
		got, err := s.Get(ctx, id, scopeA)
		if err != nil {
			t.Fatalf("get: %v", err)
		}
		want := attachments.Info{ID: id, CompanyID: coA, Owner: "product", OwnerID: 7, Filename: "foto.png",
			ContentType: attachments.PNG, Size: int64(len(img)), SHA256: hex.EncodeToString(sum[:]), CreatedAt: testNow, CreatedBy: 42}
		if got.Info != want {
			t.Errorf("info = %+v\nwant   %+v", got.Info, want)
		}
		if !bytes.Equal(got.Data, img) {
			t.Errorf("data: got %d bytes, want the %d saved", len(got.Data), len(img))
		}
		if got.URL() != "/api/attachments/"+strconv.FormatInt(id, 10) {
			t.Errorf("URL = %q", got.URL())
		}
		if st, err := s.Stat(ctx, id, scopeA); err != nil || st != want {
			t.Errorf("stat = %+v, %v", st, err)
		}

		// Tenancy: another company does not see it; an admin scope does.
		if _, err := s.Get(ctx, id, scopeB); !attachments.IsNotFound(err) {
			t.Errorf("get from another company: %v, want not found", err)
		}
		if _, err := s.Stat(ctx, id, scopeB); !attachments.IsNotFound(err) {
			t.Errorf("stat from another company: %v, want not found", err)
		}
		if _, err := s.Get(ctx, id, all); err != nil {
			t.Errorf("get with every company in scope: %v", err)
		}
		if _, err := s.Get(ctx, id+1000, all); !attachments.IsNotFound(err) {
			t.Errorf("get missing: %v, want not found", err)
		}

		// A rolled-back transaction leaves nothing behind.
		var lost int64
		_ = db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			lost = save(t, s, tx, attachments.Attachment{Info: attachments.Info{CompanyID: coA, Owner: "product", OwnerID: 7, Filename: "x.png"}, Data: img})
			return apperror.Conflict("roll back")
		})
		if _, err := s.Get(ctx, lost, all); !attachments.IsNotFound(err) {
			t.Errorf("attachment of a rolled-back transaction: %v, want not found", err)
		}

		// Refused content and missing owner are not stored.
		if _, err := s.Save(ctx, db, attachments.Attachment{Info: attachments.Info{CompanyID: coA, Owner: "product", OwnerID: 7}, Data: []byte("<svg/>")}); apperror.As(err) == nil || apperror.As(err).Message != attachments.MsgNotImage {
			t.Errorf("save svg: %v", err)
		}
		if _, err := s.Save(ctx, db, attachments.Attachment{Info: attachments.Info{CompanyID: coA}, Data: img}); !apperror.IsCode(err, apperror.CodeInternal) {
			t.Errorf("save without owner: %v, want internal", err)
		}

		// ListByOwner: per owner, upload order, other owners and kinds left out.
		second := save(t, s, db, attachments.Attachment{Info: attachments.Info{CompanyID: coA, Owner: "product", OwnerID: 7, Filename: "b.gif"}, Data: gifBytes(t)})
		other := save(t, s, db, attachments.Attachment{Info: attachments.Info{CompanyID: coA, Owner: "product", OwnerID: 8, Filename: "c.jpg"}, Data: jpegBytes(t)})
		save(t, s, db, attachments.Attachment{Info: attachments.Info{CompanyID: coA, Owner: "purchase", OwnerID: 7, Filename: "d.png"}, Data: img})
		lists, err := s.ListByOwner(ctx, db, "product", 7, 8, 9)
		if err != nil {
			t.Fatal(err)
		}
		if ids := infoIDs(lists[7]); !slices.Equal(ids, []int64{id, second}) {
			t.Errorf("product 7 files = %v, want [%d %d]", ids, id, second)
		}
		if ids := infoIDs(lists[8]); !slices.Equal(ids, []int64{other}) {
			t.Errorf("product 8 files = %v, want [%d]", ids, other)
		}
		if len(lists[9]) != 0 || len(lists) != 2 {
			t.Errorf("lists = %v, want files for 7 and 8 only", lists)
		}
		if empty, err := s.ListByOwner(ctx, db, "product"); err != nil || len(empty) != 0 {
			t.Errorf("no owner ids: %v, %v", empty, err)
		}

		// SoftDelete: scoped, audited, idempotently "not found" afterwards.
		if err := s.SoftDelete(ctx, db, id, scopeB, 99); !attachments.IsNotFound(err) {
			t.Errorf("delete from another company: %v, want not found", err)
		}
		err = db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error { return s.SoftDelete(ctx, tx, id, scopeA, 42) })
		if err != nil {
			t.Fatalf("soft delete: %v", err)
		}
		if _, err := s.Get(ctx, id, all); !attachments.IsNotFound(err) {
			t.Errorf("get deleted: %v, want not found", err)
		}
		if err := s.SoftDelete(ctx, db, id, scopeA, 42); !attachments.IsNotFound(err) {
			t.Errorf("delete twice: %v, want not found", err)
		}
		var deletedBy int64
		var deletedAt time.Time
		if err := db.NewRaw("SELECT deleted_by, deleted_at FROM attachments WHERE id = ?", id).Scan(ctx, &deletedBy, &deletedAt); err != nil {
			t.Fatal(err)
		}
		if deletedBy != 42 || !deletedAt.Equal(testNow) {
			t.Errorf("deleted_by %d at %v, want 42 at %v", deletedBy, deletedAt, testNow)
		}
		lists, _ = s.ListByOwner(ctx, db, "product", 7)
		if ids := infoIDs(lists[7]); !slices.Equal(ids, []int64{second}) {
			t.Errorf("after delete, product 7 files = %v, want [%d]", ids, second)
		}

		// SoftDeleteByOwner removes a record's remaining files in one go, scoped.
		if n, err := s.SoftDeleteByOwner(ctx, db, "product", 7, scopeB, 99); err != nil || n != 0 {
			t.Errorf("delete by owner from another company = %d, %v; want 0", n, err)
		}
		if n, err := s.SoftDeleteByOwner(ctx, db, "product", 7, scopeA, 42); err != nil || n != 1 {
			t.Errorf("delete by owner = %d, %v; want 1", n, err)
		}
		if n, err := s.SoftDeleteByOwner(ctx, db, "product", 7, scopeA, 42); err != nil || n != 0 {
			t.Errorf("delete by owner again = %d, %v; want 0", n, err)
		}
		if _, err := s.Get(ctx, other, scopeA); err != nil {
			t.Errorf("another product's file went too: %v", err)
		}

		var audited int
		if err := db.NewRaw("SELECT count(*) FROM audit_log WHERE entity = 'attachment' AND action = 'delete' AND actor_id = 42").Scan(ctx, &audited); err != nil {
			t.Fatal(err)
		}
		if audited != 2 {
			t.Errorf("audit entries = %d, want 2 (one delete, one delete by owner)", audited)
		}
	})
}

func infoIDs(infos []attachments.Info) []int64 {
	ids := make([]int64, len(infos))
	for i, in := range infos {
		ids[i] = in.ID
	}
	return ids
}
