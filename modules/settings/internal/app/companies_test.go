package app

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

// Company names are answered from memory for namesTTL (every list page asks), forgotten at once
// when this process writes a company, and read again once the time has passed (another
// replica's rename).
func TestCompanyNamesAreRememberedBriefly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
		clock := func() time.Time { return now }
		s := New(Deps{DB: db, Cache: cache.NewMemory(clock), Now: clock, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Users: noUsers{}})
		a := dbtest.Company(t, db, "Alfa")
		names := func(want string) {
			t.Helper()
			got, err := s.CompanyNames(ctx, []int64{a, a + 1000})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || got[a] != want {
				t.Fatalf("names %v, want %d: %q only", got, a, want)
			}
		}
		names("Alfa")
		// Renamed behind this process's back (another replica): still the remembered name.
		if _, err := db.NewRaw("UPDATE companies SET name = 'Alfa Dos' WHERE id = ?", a).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		names("Alfa")
		now = now.Add(namesTTL)
		names("Alfa Dos")
		// Renamed here: the next page shows it at once.
		admin := caller.Principal{UserID: 1, Role: auth.RoleAdmin}
		if _, err := s.UpdateCompany(ctx, admin, a, CompanyInput{Name: "Alfa Tres"}); err != nil {
			t.Fatal(err)
		}
		names("Alfa Tres")
	})
}

// noUsers is a user directory in which no company has users.
type noUsers struct{}

func (noUsers) CountUsers(context.Context, []int64) (map[int64]int, error) {
	return map[int64]int{}, nil
}
