package app

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/settings/internal/domain"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/ws"
)

// pushes records what the service sent to every tab.
type pushes []ws.Message

func (p *pushes) ToAll(_ context.Context, msg ws.Message) error {
	*p = append(*p, msg)
	return nil
}

// Switching the site off tells every open tab at once ({"type":"site_status","data":
// {"status":"disabled"}}, which the web app turns into /disabled); saving it on says nothing.
func TestSwitchingTheSiteOffPushesToEveryTab(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		now := func() time.Time { return time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC) }
		var sent pushes
		s := New(Deps{DB: db, Cache: cache.NewMemory(now), Now: now, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Push: &sent})
		admin := caller.Principal{UserID: 1, CompanyID: dbtest.Company(t, db, "Alfa"), Role: "admin"}

		if _, err := s.UpdateSiteStatus(ctx, admin, domain.SiteStatus{}); err != nil {
			t.Fatal(err)
		}
		if len(sent) != 0 {
			t.Fatalf("saving the site on pushed %+v", sent)
		}
		for _, st := range []domain.SiteStatus{{DisableSite: true}, {DisableAllDomains: true}} {
			sent = nil
			if _, err := s.UpdateSiteStatus(ctx, admin, st); err != nil {
				t.Fatal(err)
			}
			if len(sent) != 1 || sent[0].Type != "site_status" || string(sent[0].Data) != `{"status":"disabled"}` {
				t.Fatalf("%+v pushed %+v, want one site_status disabled", st, sent)
			}
		}
	})
}
