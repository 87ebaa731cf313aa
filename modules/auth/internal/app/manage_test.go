package app

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/eventbus"
)

// companies is the settings module as far as user management needs it: two live companies.
type companies struct{}

func (companies) CompanyName(_ context.Context, id int64) (string, error) {
	n, _ := companies{}.CompanyNames(context.Background(), []int64{id})
	return n[id], nil
}

func (companies) CompanyActive(_ context.Context, id int64) (bool, error) {
	n, _ := companies{}.CompanyNames(context.Background(), []int64{id})
	return n[id] != "", nil
}

func (companies) CompanyNames(_ context.Context, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	for _, id := range ids {
		if id == 1 || id == 2 {
			out[id] = map[int64]string{1: "Alfa", 2: "Beta"}[id]
		}
	}
	return out, nil
}

// A user created by someone other than an administrator waits for approval, in the creator's
// company, and administrators alone decide.
func TestCreatedByNonAdminIsPending(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		at := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
		for _, name := range []string{"Alfa", "Beta"} {
			dbtest.Company(t, db, name)
		}
		mem := cache.NewMemory(func() time.Time { return at })
		t.Cleanup(func() { _ = mem.Close() })
		svc := New(db, mem, nil, companies{}, func() time.Time { return at }, slog.New(slog.NewTextHandler(io.Discard, nil)), Config{})
		admin := caller.Principal{UserID: 0, CompanyID: 1, Role: "admin"}
		secretary := caller.Principal{UserID: 7, CompanyID: 1, Role: "secretary"}
		in := UserInput{Username: "nuevo", FirstName: "Nuevo", CompanyID: 1, Role: "user", Password: "Demo123!", PasswordConfirmation: "Demo123!"}

		in.CompanyID = 2
		if _, err := svc.CreateManagedUser(ctx, secretary, in); !apperror.IsCode(err, apperror.CodeInvalid) {
			t.Fatalf("secretary created a user in another company: %v", err)
		}
		in.CompanyID = 1
		rec, err := svc.CreateManagedUser(ctx, secretary, in)
		if err != nil {
			t.Fatal(err)
		}
		if rec.ApprovalStatus != "pending" || rec.ApprovedBy != nil || rec.ApprovedAt != nil {
			t.Fatalf("created %+v", rec)
		}
		if _, err := svc.ApproveUser(ctx, secretary, rec.ID); !apperror.IsCode(err, apperror.CodeForbidden) {
			t.Fatalf("secretary approved: %v", err)
		}
		if _, err := svc.Login(ctx, "nuevo", "Demo123!", "203.0.113.1", ""); !apperror.IsCode(err, apperror.CodeForbidden) {
			t.Fatalf("pending user signed in: %v", err)
		}
		// The secretary's company's users only.
		other, err := svc.CreateManagedUser(ctx, admin, UserInput{Username: "otro", CompanyID: 2, Role: "buyer",
			Password: "Demo123!", PasswordConfirmation: "Demo123!"})
		if err != nil || other.ApprovalStatus != "approved" {
			t.Fatalf("admin create %+v %v", other, err)
		}
		if _, err := svc.GetUser(ctx, secretary, other.ID); !apperror.IsCode(err, apperror.CodeNotFound) {
			t.Fatalf("secretary read another company's user: %v", err)
		}

		var payload string
		if err := db.NewSelect().TableExpr("outbox_events").Column("payload").Where("subject = ?", SubjectUserCreated).
			OrderExpr("id").Limit(1).Scan(ctx, &payload); err != nil {
			t.Fatal(err)
		}
		env, err := eventbus.DecodeEvent[UserEvent]([]byte(payload))
		if err != nil {
			t.Fatal(err)
		}
		if env.Data.ID != rec.ID || env.Data.Name != "Nuevo" || env.CompanyID != 1 || env.ActorID != 7 {
			t.Fatalf("event %+v", env)
		}
		raw, _ := json.Marshal(env.Data)
		if string(raw) != `{"id":`+fmtID(rec.ID)+`,"name":"Nuevo","created_by":7}` {
			t.Fatalf("payload %s", raw)
		}
	})
}
