package listing_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/listing"
)

func TestScopeFor(t *testing.T) {
	cases := []struct {
		name          string
		admin         bool
		own, filter   int64
		want          listing.Scope
		wantKeyString string
	}{
		{"admin without filter sees every company", true, 1, 0, listing.Scope{All: true}, "all"},
		{"admin filtering on a company", true, 1, 7, listing.Scope{CompanyID: 7}, "c7"},
		{"others see their own company", false, 3, 0, listing.Scope{CompanyID: 3}, "c3"},
		{"others' company filter is ignored", false, 3, 7, listing.Scope{CompanyID: 3}, "c3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := listing.ScopeFor(c.admin, c.own, c.filter)
			if got != c.want || got.String() != c.wantKeyString {
				t.Fatalf("ScopeFor(%t, %d, %d) = %+v (%s), want %+v (%s)", c.admin, c.own, c.filter, got, got, c.want, c.wantKeyString)
			}
		})
	}
}

func TestSortHelpers(t *testing.T) {
	desc := spec
	desc.Default, desc.DefaultDesc = "created_at", true
	cases := []struct {
		spec      listing.Spec
		sort      string
		order     string
		keyExpr   string
		wantKind  listing.Kind
		explained string
	}{
		{spec, "", "lower(name) ASC, id ASC", "lower(name)", listing.String, "default key"},
		{spec, "-qty", "qty DESC, id DESC", "''", listing.Int, "descending"},
		{spec, " created_at ", "created_at ASC, id ASC", "''", listing.Time, "spaces trimmed as NewPlan does"},
		{spec, "nope", "lower(name) ASC, id ASC", "lower(name)", listing.String, "unknown key: the default"},
		{desc, "", "created_at DESC, id DESC", "''", listing.Time, "default key descending"},
		{desc, "name", "lower(name) ASC, id ASC", "lower(name)", listing.String, "named key ascending"},
	}
	for _, c := range cases {
		if got := c.spec.OrderBy(c.sort); got != c.order {
			t.Errorf("%s: OrderBy(%q) = %q, want %q", c.explained, c.sort, got, c.order)
		}
		if got := c.spec.KeyExpr(c.sort); got != c.keyExpr {
			t.Errorf("%s: KeyExpr(%q) = %q, want %q", c.explained, c.sort, got, c.keyExpr)
		}
		if got := c.spec.Column(c.sort).Kind; got != c.wantKind {
			t.Errorf("%s: Column(%q).Kind = %d, want %d", c.explained, c.sort, got, c.wantKind)
		}
	}
}

func TestRestrictAndEach(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		createTable(t, db)
		insert(t, db, []item{{Name: "b", Qty: 2, CreatedAt: base}, {Name: "a", Qty: 1, CreatedAt: base}, {Name: "c", Qty: 3, CreatedAt: base}})

		// Restrict compares the company column only for a one-company scope ("qty" stands in
		// for company_id here).
		names := func(sc listing.Scope, sort string) []string {
			var got []string
			sel := listing.Restrict(db.NewSelect().Model((*item)(nil)).Column("id", "name", "qty", "created_at"), sc, "qty").
				OrderExpr(spec.OrderBy(sort))
			if err := listing.Each(ctx, sel, func(it item) error { got = append(got, it.Name); return nil }); err != nil {
				t.Fatalf("each: %v", err)
			}
			return got
		}
		if got := names(listing.Scope{All: true}, "-qty"); !slices.Equal(got, []string{"c", "b", "a"}) {
			t.Fatalf("every company, -qty: %v", got)
		}
		if got := names(listing.Scope{CompanyID: 2}, ""); !slices.Equal(got, []string{"b"}) {
			t.Fatalf("company 2: %v", got)
		}
		upd := listing.Restrict(db.NewUpdate().Table("listing_items").Set("name = 'x'"), listing.Scope{CompanyID: 9}, "qty")
		if !strings.Contains(upd.String(), "qty = 9") {
			t.Fatalf("update not restricted: %s", upd)
		}

		// An error of fn stops the read and comes back.
		stop, calls := errors.New("stop"), 0
		err := listing.Each(ctx, db.NewSelect().Model((*item)(nil)).Column("id", "name", "qty", "created_at").OrderExpr(spec.OrderBy("")),
			func(item) error { calls++; return stop })
		if !errors.Is(err, stop) || calls != 1 {
			t.Fatalf("each with failing fn: err %v after %d calls", err, calls)
		}
	})
}
