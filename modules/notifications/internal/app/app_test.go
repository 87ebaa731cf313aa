package app_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/notifications/internal/app"
	"github.com/backoffice/backoffice/modules/notifications/internal/store"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/ws"
)

// pushes records ToUser calls as "user:<id> <type> <keys>"; other audiences are not used here.
type pushes []string

func (p *pushes) ToUser(_ context.Context, id int64, m ws.Message) error {
	*p = append(*p, fmt.Sprintf("user:%d %s %v", id, m.Type, m.Keys))
	return nil
}
func (p *pushes) ToCompanyRole(context.Context, int64, string, ws.Message) error { return nil }
func (p *pushes) ToRole(context.Context, string, ws.Message) error               { return nil }

// Changing one's inbox tells one's other tabs to refresh the badge and the list; a change that
// changes nothing (nothing unread, nothing to delete) stays quiet.
func TestInboxChangesReachOtherTabs(t *testing.T) {
	bdb := dbtest.SQLite(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	var co, user int64
	if err := bdb.NewRaw("INSERT INTO companies (name, created_at, updated_at) VALUES ('Uno', ?, ?) RETURNING id", now, now).Scan(ctx, &co); err != nil {
		t.Fatal(err)
	}
	if err := bdb.NewRaw(`INSERT INTO users (company_id, username, role, password_hash, created_at, updated_at)
		VALUES (?, 'ana', 'buyer', 'x', ?, ?) RETURNING id`, co, now, now).Scan(ctx, &user); err != nil {
		t.Fatal(err)
	}
	st := store.New(bdb)
	rows, _, err := st.Record(ctx, "ev-1", "s", func(context.Context, bun.IDB) ([]int64, error) { return []int64{user}, nil }, now, func(int64) store.Row {
		return store.Row{CompanyID: co, Kind: "purchase", Outcome: "approved", Message: "m", Params: "{}", OccurredAt: now}
	})
	if err != nil || len(rows) != 1 {
		t.Fatalf("record: %v %d", err, len(rows))
	}
	var p pushes
	svc := app.New(app.Deps{Store: st, Push: &p, AdminRole: "admin", Now: func() time.Time { return now }})
	me := caller.Principal{UserID: user, CompanyID: co, Role: "buyer"}
	stranger := caller.Principal{UserID: user + 100, CompanyID: co, Role: "buyer"}

	if _, err := svc.MarkRead(ctx, stranger, rows[0].ID); err == nil {
		t.Fatal("a stranger marked someone else's notification read")
	}
	if _, err := svc.MarkRead(ctx, me, rows[0].ID); err != nil {
		t.Fatal(err)
	}
	if n, _ := svc.MarkAllRead(ctx, me); n != 0 {
		t.Fatalf("mark all read changed %d", n)
	}
	if err := svc.Delete(ctx, me, rows[0].ID); err != nil {
		t.Fatal(err)
	}
	if n, _ := svc.DeleteAll(ctx, me, store.Filter{}); n != 0 {
		t.Fatalf("delete all deleted %d", n)
	}
	want := fmt.Sprintf("[user:%d invalidate [notifications] user:%d invalidate [notifications]]", user, user)
	if got := fmt.Sprint(p); got != want {
		t.Fatalf("pushed %s, want %s", got, want)
	}
	if _, err := svc.DeleteAll(ctx, me, store.Filter{Kind: "product"}); err == nil {
		t.Fatal("an unknown kind was accepted")
	}
}
