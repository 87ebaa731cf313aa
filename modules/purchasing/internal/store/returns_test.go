package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/purchasing/internal/store"
	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/listing"
)

// A purchase's returns: what each status claims of its lines and figures, the approved and
// pending sums on the purchase with its balance and status (a negative balance is a credit, and
// no sum goes below zero), the decision and the delete, the list's filters and scope, and the
// supplier's figures.
func TestReturnsLedger(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, bdb *bun.DB) {
		t.Parallel()
		ctx := context.Background()
		f := setup(t, bdb)
		now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
		st := store.New(bdb)
		p := row(f, 0, "FV-1", "2026-11-23", "2026-11-28", 100_000)
		p.ApprovalStatus, p.PaidCents, p.BalanceCents, p.Status = "approved", 60_000, 40_000, "partial"
		if err := st.Insert(ctx, p); err != nil {
			t.Fatal(err)
		}
		line := store.LineRow{CompanyID: f.company[0], CategoryID: f.category[0], ProductID: f.product[0], CategoryName: "Food",
			ProductCode: "P1", ProductName: "Rice", IVAClass: "5", Kind: "goods", CostCents: 10_000, Quantity: 10,
			SubtotalCents: 100_000, BaseCents: 100_000}
		if err := st.ReplaceLines(ctx, p.ID, []store.LineRow{line}); err != nil {
			t.Fatal(err)
		}
		lines, _ := st.Lines(ctx, []int64{p.ID})
		lineID := lines[p.ID][0].ID
		add := func(ref, status string, qty, amount int64) *store.ReturnRow {
			r := &store.ReturnRow{CompanyID: f.company[0], PurchaseID: p.ID, PurchaseReferenceNo: "FV-1", SupplierID: f.supplier[0],
				SupplierName: "Acme", ReturnDate: "2026-11-23", ReferenceNo: ref, Kind: "goods",
				ReturnFigures: store.ReturnFigures{SubtotalCents: amount, TaxableBaseCents: amount, AmountCents: amount},
				Columns:       approval.Columns{ApprovalStatus: status}, Stamps: db.Stamped(0, now)}
			if err := st.InsertReturn(ctx, r, []store.ReturnLineRow{{PurchaseLineID: lineID, ProductID: f.product[0], ProductCode: "P1",
				ProductName: "Rice", Kind: "goods", Quantity: qty, UnitCostCents: 10_000, SubtotalCents: amount, BaseCents: amount}}); err != nil {
				t.Fatal(err)
			}
			return r
		}
		a := add("DV-1", "approved", 2, 20_000)
		pe := add("DV-2", "pending", 3, 30_000)
		add("DV-3", "rejected", 4, 40_000)

		claims, err := st.Claims(ctx, p.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]int64{}
		for _, c := range claims {
			got[c.ApprovalStatus] += c.Quantity
		}
		if got["approved"] != 2 || got["pending"] != 3 || got["rejected"] != 4 {
			t.Fatalf("claims %v", got)
		}
		if taken, err := st.Taken(ctx, p.ID, 0); err != nil || taken.AmountCents != 50_000 {
			t.Fatalf("taken %+v %v", taken, err)
		}
		if taken, err := st.Taken(ctx, p.ID, pe.ID); err != nil || taken.AmountCents != 20_000 {
			t.Fatalf("taken but the pending one %+v %v", taken, err)
		}

		// Approved 20.000 and pending 30.000 on a purchase owing 40.000 (60.000 paid).
		if err := st.ApplyReturns(ctx, p.ID, a.AmountCents, pe.AmountCents, now); err != nil {
			t.Fatal(err)
		}
		r, _ := st.Get(ctx, listing.Scope{All: true}, p.ID)
		if r.ReturnCents != 20_000 || r.PendingReturnCents != 30_000 || r.BalanceCents != 20_000 || r.Status != "partial" {
			t.Fatalf("after the returns %+v", r)
		}
		// The pending one approved: 50.000 returned, 10.000 in our favour, paid.
		if err := st.DecideReturn(ctx, pe.ID, approval.Pending, approval.Decision{Status: approval.Approved}, 1, "Admin", now); err != nil {
			t.Fatal(err)
		}
		if err := st.DecideReturn(ctx, pe.ID, approval.Pending, approval.Decision{Status: approval.Approved}, 1, "Admin", now); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("deciding twice: %v", err)
		}
		if err := st.ApplyReturns(ctx, p.ID, pe.AmountCents, -pe.AmountCents, now); err != nil {
			t.Fatal(err)
		}
		r, _ = st.Get(ctx, listing.Scope{All: true}, p.ID)
		if r.ReturnCents != 50_000 || r.PendingReturnCents != 0 || r.BalanceCents != -10_000 || r.Status != "paid" {
			t.Fatalf("after the approval %+v", r)
		}
		if err := st.ApplyReturns(ctx, p.ID, 0, -1, now); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("pending below zero: %v", err)
		}

		// An approved return is not deleted; a rejected one is, with its words.
		if err := st.SoftDeleteReturn(ctx, a.ID, 1, now, "pending", "rejected"); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("deleting an approved return: %v", err)
		}
		all := listing.Scope{All: true}
		if n, err := st.CountReturns(ctx, listing.Scope{CompanyID: f.company[0]}, store.ReturnFilter{Q: "dv-3"}); err != nil || n != 1 {
			t.Fatalf("search %d %v", n, err)
		}
		var rejected store.ReturnRow
		if err := bdb.NewSelect().Model(&rejected).Where("r.reference_no = 'DV-3'").Scan(ctx); err != nil {
			t.Fatal(err)
		}
		if err := st.SoftDeleteReturn(ctx, rejected.ID, 1, now, "pending", "rejected"); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			scope listing.Scope
			f     store.ReturnFilter
			want  int
		}{
			{all, store.ReturnFilter{}, 2},
			{listing.Scope{CompanyID: f.company[1]}, store.ReturnFilter{}, 0},
			{all, store.ReturnFilter{Approval: "approved"}, 2},
			{all, store.ReturnFilter{Q: "acme fv"}, 2},
			{all, store.ReturnFilter{Q: "dv-3"}, 0},
			{all, store.ReturnFilter{PurchaseID: p.ID, Kind: "value"}, 0},
			{all, store.ReturnFilter{SupplierID: f.supplier[0], From: "2026-11-24"}, 0},
		} {
			if n, err := st.CountReturns(ctx, c.scope, c.f); err != nil || n != c.want {
				t.Errorf("%+v %+v: %d %v, want %d", c.scope, c.f, n, err, c.want)
			}
		}

		figs, err := st.SupplierFigures(ctx, []int64{f.supplier[0], f.supplier[1]})
		if err != nil {
			t.Fatal(err)
		}
		if s := figs[f.supplier[0]]; s.Count != 1 || s.ReturnCents != 50_000 || s.BalanceCents != 0 || s.CreditCents != 10_000 ||
			s.PaidCents != 60_000 {
			t.Fatalf("supplier figures %+v", s)
		}
		if _, ok := figs[f.supplier[1]]; ok {
			t.Fatal("a supplier without purchases has figures")
		}
	})
}
