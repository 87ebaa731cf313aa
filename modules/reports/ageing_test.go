package reports_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/backoffice/backoffice/modules/reports/internal/store"
	"github.com/backoffice/backoffice/platform/listing"
)

// ageingFromScratch is the payables ageing as of day, per supplier, from the books' purchases
// (store 0: every store): the approved ones that owe and were due before day, by days overdue.
func ageingFromScratch(b *books, day string, storeID int64) map[int64]store.AgeingFigures {
	at, _ := time.Parse(time.DateOnly, day)
	out := map[int64]store.AgeingFigures{}
	for _, d := range b.docs {
		if d.typ != "purchase" || d.ApprovalStatus != "approved" || d.Totals.BalanceCents <= 0 || d.due() >= day ||
			(storeID != 0 && d.StoreID != storeID) {
			continue
		}
		due, _ := time.Parse(time.DateOnly, d.due())
		f := out[d.party()]
		f.PartyID, f.Documents = d.party(), f.Documents+1
		switch late := int(at.Sub(due).Hours() / 24); {
		case late <= 30:
			f.Days1To30Cents += d.Totals.BalanceCents
		case late <= 60:
			f.Days31To60Cents += d.Totals.BalanceCents
		case late <= 90:
			f.Days61To90Cents += d.Totals.BalanceCents
		default:
			f.Over90Cents += d.Totals.BalanceCents
		}
		if f.OldestDue == "" || d.due() < f.OldestDue {
			f.OldestDue = d.due()
		}
		out[d.party()] = f
	}
	return out
}

// checkAgeing compares expired_purchases_report with ageingFromScratch today, every store and
// one, row by row; then the ageing the page reads (report_payable_dues: buckets as differences
// of "due from" sums read by months and the days of the months the boundaries cut) as of every
// day from July to February, so that each boundary falls on every day of a month — both sides
// of a cut month, and the runs of days that meet.
func checkAgeing(t *testing.T, b *books) {
	t.Helper()
	for _, storeID := range []int64{0, b.stores[1]} {
		q := rng("2026-10-01", "2026-10-31", "per_page", "500")
		if storeID != 0 {
			q.Set("store_id", fmt.Sprint(storeID))
		}
		want := ageingFromScratch(b, today, storeID)
		page := b.get(t, b.Admin, "expired_purchases_report", q)
		what := fmt.Sprintf("expired_purchases_report store %d", storeID)
		if len(page.Rows) != len(want) || len(want) == 0 {
			t.Errorf("%s: %d suppliers, want %d (none proves nothing)", what, len(page.Rows), len(want))
		}
		var overdue int64
		for _, row := range page.Rows {
			id := int64(row["link"].(map[string]any)["id"].(float64))
			w := want[id]
			got := store.AgeingFigures{PartyID: id, Documents: int64(row["documents"].(float64)),
				Days1To30Cents: int64(row["days_1_30_cents"].(float64)), Days31To60Cents: int64(row["days_31_60_cents"].(float64)),
				Days61To90Cents: int64(row["days_61_90_cents"].(float64)), Over90Cents: int64(row["over_90_cents"].(float64)),
				OldestDue: w.OldestDue}
			if row["party_name"] == "" {
				t.Errorf("%s: supplier %d has no name", what, id)
			}
			if got != w || int64(row["oldest_overdue_days"].(float64)) != int64(daysApart(w.OldestDue, today)) {
				t.Errorf("%s: supplier %d %+v (oldest %v days), want %+v", what, id, got, row["oldest_overdue_days"], w)
			}
			overdue += w.Days1To30Cents + w.Days31To60Cents + w.Days61To90Cents + w.Over90Cents
		}
		if page.Totals["overdue_cents"] != overdue {
			t.Errorf("%s: overdue %d, want %d", what, page.Totals["overdue_cents"], overdue)
		}
	}
	st := store.New(b.DB)
	for day := "2026-07-01"; day <= "2027-02-28"; day = addDays(day, 1) {
		for _, storeID := range []int64{0, b.stores[1]} {
			got, err := st.Ageing(t.Context(), store.Filter{Scope: listing.Scope{All: true}, StoreID: storeID}, store.Purchase, day)
			if err != nil {
				t.Fatal(err)
			}
			want := ageingFromScratch(b, day, storeID)
			if len(got) != len(want) {
				t.Errorf("ageing as of %s store %d: %d suppliers, want %d", day, storeID, len(got), len(want))
			}
			for _, g := range got {
				if w := want[g.PartyID]; g.Name == "" || g != (store.AgeingFigures{PartyID: w.PartyID, Name: g.Name, Documents: w.Documents,
					Days1To30Cents: w.Days1To30Cents, Days31To60Cents: w.Days31To60Cents, Days61To90Cents: w.Days61To90Cents,
					Over90Cents: w.Over90Cents, OldestDue: w.OldestDue}) {
					t.Errorf("ageing as of %s store %d: %+v, want %+v", day, storeID, g, want[g.PartyID])
				}
			}
		}
	}
}

// daysApart is how many days from is before to (YYYY-MM-DD).
func daysApart(from, to string) int {
	f, _ := time.Parse(time.DateOnly, from)
	t, _ := time.Parse(time.DateOnly, to)
	return int(t.Sub(f).Hours() / 24)
}
