package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/notifications/internal/store"
	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/listing"
)

var t0 = time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)

// people are the users of a test database.
type people struct {
	co1, co2                                                 int64
	admin1, admin2, buyer, inactiveAdmin, deletedAdmin, pend int64
}

func seed(t *testing.T, bdb *bun.DB) people {
	t.Helper()
	ctx := context.Background()
	company := func(name string) int64 {
		var id int64
		if err := bdb.NewRaw("INSERT INTO companies (name, created_at, updated_at) VALUES (?, ?, ?) RETURNING id", name, t0, t0).
			Scan(ctx, &id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	user := func(co int64, name, role string, active bool, approval string, deleted bool) int64 {
		var del *time.Time
		if deleted {
			del = &t0
		}
		var id int64
		if err := bdb.NewRaw(`INSERT INTO users (company_id, username, role, active, password_hash, approval_status,
			created_at, updated_at, deleted_at) VALUES (?, ?, ?, ?, 'x', ?, ?, ?, ?) RETURNING id`,
			co, name, role, active, approval, t0, t0, del).Scan(ctx, &id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	var p people
	p.co1, p.co2 = company("Uno"), company("Dos")
	p.admin1 = user(p.co1, "admin1", "admin", true, "approved", false)
	p.admin2 = user(p.co2, "admin2", "admin", true, "approved", false)
	p.buyer = user(p.co1, "buyer", "buyer", true, "approved", false)
	p.inactiveAdmin = user(p.co1, "inactive", "admin", false, "approved", false)
	p.deletedAdmin = user(p.co1, "deleted", "admin", true, "approved", true)
	p.pend = user(p.co2, "pending", "admin", true, "pending", false)
	return p
}

// audience resolves recipients as the product does, through the auth module (which owns users).
func audience(ids []int64, admins bool, except int64) store.Recipients {
	users := auth.New(auth.Deps{})
	return func(ctx context.Context, tx bun.IDB) ([]int64, error) {
		return users.Recipients(ctx, tx, ids, admins, except)
	}
}

func row(kind, ref string, company int64) func(int64) store.Row {
	return func(int64) store.Row {
		return store.Row{CompanyID: company, Subject: "backoffice.x." + kind + ".approved.v1", Kind: kind, Outcome: "approved",
			Message: "m", Params: `{"label":"` + ref + `"}`, ReferenceNo: ref, SupplierName: "Proveedor " + ref, OccurredAt: t0}
	}
}

func userIDs(rows []store.Row) []int64 {
	out := []int64{}
	for _, r := range rows {
		out = append(out, r.UserID)
	}
	return out
}

func TestRecordResolvesRecipientsOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, bdb *bun.DB) {
		t.Parallel()
		p, s, ctx := seed(t, bdb), store.New(bdb), context.Background()

		// created: every live, active, approved admin of every company, not the actor.
		rows, dup, err := s.Record(ctx, "ev-1", "subj", audience(nil, true, p.admin2), t0,
			row("purchase_order", "PO-1", p.co1))
		if err != nil || dup {
			t.Fatalf("record: %v dup=%v", err, dup)
		}
		if got := fmt.Sprint(userIDs(rows)); got != fmt.Sprint([]int64{p.admin1}) {
			t.Fatalf("created went to %s, want [admin1=%d]", got, p.admin1)
		}
		rows, _, err = s.Record(ctx, "ev-2", "subj", audience([]int64{p.buyer}, true, 0), t0,
			row("purchase_order", "PO-2", p.co1))
		if err != nil || fmt.Sprint(userIDs(rows)) != fmt.Sprint([]int64{p.admin1, p.admin2, p.buyer}) {
			t.Fatalf("admins + buyer: %v %v", userIDs(rows), err)
		}
		if rows[0].EventID != "ev-2" || rows[0].CreatedAt.IsZero() || rows[0].ReferenceNo != "PO-2" {
			t.Fatalf("row %+v", rows[0])
		}

		// A redelivery inserts nothing, whatever the audience says now, and hands back what the
		// first delivery stored (to be pushed again).
		rows, dup, err = s.Record(ctx, "ev-2", "subj", audience([]int64{p.pend}, false, 0), t0, row("purchase_order", "PO-2", p.co1))
		if err != nil || !dup || fmt.Sprint(userIDs(rows)) != fmt.Sprint([]int64{p.admin1, p.admin2, p.buyer}) {
			t.Fatalf("duplicate: rows=%v dup=%v err=%v", userIDs(rows), dup, err)
		}
		// Deleted, inactive and unknown users get nothing; the event is still marked handled.
		rows, dup, err = s.Record(ctx, "ev-3", "subj", audience([]int64{p.deletedAdmin, p.inactiveAdmin, 9999}, false, 0), t0,
			row("purchase", "P-3", p.co1))
		if err != nil || dup || len(rows) != 0 {
			t.Fatalf("nobody: rows=%d dup=%v err=%v", len(rows), dup, err)
		}
		if _, dup, _ = s.Record(ctx, "ev-3", "subj", audience([]int64{p.buyer}, false, 0), t0, row("purchase", "P-3", p.co1)); !dup {
			t.Fatal("an event without recipients must still be marked handled")
		}
		var n int
		if err := bdb.NewRaw("SELECT count(*) FROM notifications").Scan(ctx, &n); err != nil || n != 4 {
			t.Fatalf("%d notifications stored (err %v), want 4", n, err)
		}
	})
}

func TestConcurrentDeliveriesOfOneEvent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, bdb *bun.DB) {
		t.Parallel()
		p, s := seed(t, bdb), store.New(bdb)
		const workers = 8
		var wg sync.WaitGroup
		inserted := make(chan int, workers)
		errs := make(chan error, workers)
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rows, dup, err := s.Record(context.Background(), "ev-race", "subj",
					audience([]int64{p.buyer}, true, 0), t0, row("purchase", "R", p.co1))
				errs <- err
				if !dup {
					inserted <- len(rows)
				}
			}()
		}
		wg.Wait()
		close(errs)
		close(inserted)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		total := 0
		for n := range inserted {
			total += n
		}
		if total != 3 {
			t.Fatalf("%d rows reported inserted across %d deliveries, want 3 (one delivery wins)", total, workers)
		}
	})
}

func TestInbox(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, bdb *bun.DB) {
		t.Parallel()
		p, s, ctx := seed(t, bdb), store.New(bdb), context.Background()
		admins := audience(nil, true, 0)
		// 7 events for both admins: purchases of company 1 and 2, orders of company 1, at distinct times.
		events := []struct {
			kind, ref string
			co        int64
		}{
			{"purchase", "FV-1", p.co1}, {"purchase", "FV-2", p.co2}, {"purchase_order", "PO-3", p.co1},
			{"purchase", "FV-4", p.co1}, {"payment", "PG-5", p.co2}, {"purchase", "FV-6", p.co1}, {"purchase_order", "PO-7", p.co1},
		}
		for i, e := range events {
			if _, _, err := s.Record(ctx, fmt.Sprintf("ev-%d", i), "subj", admins, t0.Add(time.Duration(i)*time.Minute),
				row(e.kind, e.ref, e.co)); err != nil {
				t.Fatal(err)
			}
		}
		list := func(userID int64, f store.Filter, q listing.Query) ([]string, int) {
			t.Helper()
			plan, err := listing.NewPlan(store.ListSpec, q)
			if err != nil {
				t.Fatal(err)
			}
			rows, total, err := s.List(ctx, userID, f, plan)
			if err != nil {
				t.Fatal(err)
			}
			page := listing.Finish(plan, rows, total, func(r store.Row) (any, int64) { return r.CreatedAt, r.ID })
			refs := []string{}
			for _, r := range page.Data {
				if r.UserID != userID {
					t.Fatalf("row of user %d in user %d's inbox", r.UserID, userID)
				}
				refs = append(refs, r.ReferenceNo)
			}
			return refs, total
		}
		expect := func(got []string, total int, want string, wantTotal int) {
			t.Helper()
			if fmt.Sprint(got) != want || total != wantTotal {
				t.Fatalf("got %v (total %d), want %s (total %d)", got, total, want, wantTotal)
			}
		}
		refs, total := list(p.admin1, store.Filter{}, listing.Query{PerPage: 3})
		expect(refs, total, "[PO-7 FV-6 PG-5]", 7)
		refs, total = list(p.admin1, store.Filter{Kind: "purchase"}, listing.Query{})
		expect(refs, total, "[FV-6 FV-4 FV-2 FV-1]", 4)
		refs, total = list(p.admin1, store.Filter{Kind: "purchase", CompanyID: p.co2}, listing.Query{})
		expect(refs, total, "[FV-2]", 1)
		refs, total = list(p.admin1, store.Filter{Q: "po-"}, listing.Query{})
		expect(refs, total, "[PO-7 PO-3]", 2)
		refs, total = list(p.admin1, store.Filter{Q: "proveedor fv-4"}, listing.Query{})
		expect(refs, total, "[FV-4]", 1)
		refs, total = list(p.buyer, store.Filter{}, listing.Query{})
		expect(refs, total, "[]", 0)

		// Keyset walk: page 2 of 3 per page, then the last page.
		plan, _ := listing.NewPlan(store.ListSpec, listing.Query{PerPage: 3})
		rows, total, _ := s.List(ctx, p.admin1, store.Filter{}, plan)
		first := listing.Finish(plan, rows, total, func(r store.Row) (any, int64) { return r.CreatedAt, r.ID })
		refs, _ = list(p.admin1, store.Filter{}, listing.Query{PerPage: 3, After: first.Meta.NextCursor})
		expect(refs, 7, "[FV-4 PO-3 FV-2]", 7)
		refs, _ = list(p.admin1, store.Filter{}, listing.Query{PerPage: 3, Last: true})
		expect(refs, 7, "[FV-1]", 7)

		// Read state.
		if n, _ := s.UnreadCount(ctx, p.admin1); n != 7 {
			t.Fatalf("unread %d, want 7", n)
		}
		plan, _ = listing.NewPlan(store.ListSpec, listing.Query{PerPage: 1})
		rows, _, _ = s.List(ctx, p.admin1, store.Filter{}, plan)
		newest := rows[0]
		if _, err := s.MarkRead(ctx, p.admin2, newest.ID, t0); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("another user's notification: %v", err)
		}
		r, err := s.MarkRead(ctx, p.admin1, newest.ID, t0.Add(time.Hour))
		if err != nil || r.ReadAt == nil || !r.ReadAt.Equal(t0.Add(time.Hour)) {
			t.Fatalf("mark read: %+v %v", r, err)
		}
		if r, _ = s.MarkRead(ctx, p.admin1, newest.ID, t0.Add(2*time.Hour)); !r.ReadAt.Equal(t0.Add(time.Hour)) {
			t.Fatalf("a second read moved read_at to %v", r.ReadAt)
		}
		if n, _ := s.UnreadCount(ctx, p.admin1); n != 6 {
			t.Fatalf("unread %d, want 6", n)
		}
		refs, total = list(p.admin1, store.Filter{Unread: true}, listing.Query{PerPage: 2})
		expect(refs, total, "[FV-6 PG-5]", 6)
		if n, err := s.MarkAllRead(ctx, p.admin1, t0); n != 6 || err != nil {
			t.Fatalf("mark all read: %d %v", n, err)
		}
		if n, _ := s.UnreadCount(ctx, p.admin2); n != 7 {
			t.Fatalf("admin2's unread changed to %d", n)
		}

		// Deleting.
		if err := s.Delete(ctx, p.admin2, newest.ID, t0); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("delete another's: %v", err)
		}
		if err := s.Delete(ctx, p.admin1, newest.ID, t0); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, p.admin1, newest.ID, t0); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("delete twice: %v", err)
		}
		if _, err := s.MarkRead(ctx, p.admin1, newest.ID, t0); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("read a deleted one: %v", err)
		}
		refs, total = list(p.admin1, store.Filter{}, listing.Query{PerPage: 1})
		expect(refs, total, "[FV-6]", 6)
		if n, err := s.DeleteAll(ctx, p.admin1, store.Filter{Kind: "purchase"}, t0); n != 4 || err != nil {
			t.Fatalf("delete purchases: %d %v", n, err)
		}
		refs, total = list(p.admin1, store.Filter{}, listing.Query{})
		expect(refs, total, "[PG-5 PO-3]", 2)
		if n, err := s.DeleteAll(ctx, p.admin1, store.Filter{}, t0); n != 2 || err != nil {
			t.Fatalf("delete all: %d %v", n, err)
		}
		if n, _ := s.UnreadCount(ctx, p.admin2); n != 7 {
			t.Fatalf("admin2 lost notifications: %d", n)
		}
		// A deleted notification never comes back with a late duplicate of its event.
		if rows, dup, _ := s.Record(ctx, "ev-0", "subj", admins, t0, row("purchase", "FV-1", p.co1)); !dup ||
			fmt.Sprint(userIDs(rows)) != fmt.Sprint([]int64{p.admin2}) {
			t.Fatalf("duplicate restored a deleted notification or lost admin2's: %v", userIDs(rows))
		}
	})
}

// TestInboxSearchRule: the inbox is searched by the words rule — each term begins a word of
// the reference or the supplier's name, accents and case ignored — within the user's own inbox,
// and notifications written before the word index get their words from IndexMissingWords.
func TestInboxSearchRule(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, bdb *bun.DB) {
		p, s, ctx := seed(t, bdb), store.New(bdb), context.Background()
		named := func(ref, supplier string) func(int64) store.Row {
			return func(u int64) store.Row {
				r := row("purchase", ref, p.co1)(u)
				r.SupplierName = supplier
				return r
			}
		}
		for i, e := range [][2]string{{"FV-100", "Distribuidora Gómez"}, {"FV-200", "Arroz Diana"}} {
			if _, _, err := s.Record(ctx, fmt.Sprintf("ev-%d", i), "subj", audience([]int64{p.admin1}, false, 0), t0, named(e[0], e[1])); err != nil {
				t.Fatal(err)
			}
		}
		if _, _, err := s.Record(ctx, "ev-other", "subj", audience([]int64{p.admin2}, false, 0), t0, named("FV-300", "Gómez Otro")); err != nil {
			t.Fatal(err)
		}
		search := func(q string) string {
			t.Helper()
			plan, err := listing.NewPlan(store.ListSpec, listing.Query{})
			if err != nil {
				t.Fatal(err)
			}
			rows, total, err := s.List(ctx, p.admin1, store.Filter{Q: q}, plan)
			if err != nil {
				t.Fatal(err)
			}
			refs := []string{}
			for _, r := range rows {
				refs = append(refs, r.ReferenceNo)
			}
			if total != len(rows) {
				t.Fatalf("search %q: total %d, %d rows", q, total, len(rows))
			}
			return fmt.Sprint(refs)
		}
		for q, want := range map[string]string{
			"gom": "[FV-100]", "GÓMEZ distri": "[FV-100]", "mez": "[]", "rroz": "[]", "arroz": "[FV-200]",
			"fv-100": "[FV-100]", "fv100": "[FV-100]", "100": "[FV-100]", "00": "[]", "fv": "[FV-200 FV-100]", "otro": "[]",
		} {
			if got := search(q); got != want {
				t.Errorf("search %q = %s, want %s", q, got, want)
			}
		}
		// A notification written before the word index: found once its words are written.
		if _, err := bdb.NewDelete().TableExpr("notification_words").Where("true").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if got := search("gomez"); got != "[]" {
			t.Fatalf("found without words: %s", got)
		}
		if n, err := s.IndexMissingWords(ctx); err != nil || n != 3 {
			t.Fatalf("indexed %d, %v", n, err)
		}
		if got := search("gomez"); got != "[FV-100]" {
			t.Fatalf("after indexing: %s", got)
		}
	})
}

// TestMissed: a tab's resume answers the user's own live notifications after the one it names,
// oldest first, in pages, with those created within ResumeGrace before it (ids are not in commit
// order), and the user's newest id.
func TestMissed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, bdb *bun.DB) {
		t.Parallel()
		p, s, ctx := seed(t, bdb), store.New(bdb), context.Background()
		// Events 0–5 a minute apart for admin1 and admin2 (admins); event 6 for the buyer only.
		ids := map[string]int64{} // ref → admin1's notification id
		for i := range 6 {
			ref := fmt.Sprintf("PO-%d", i)
			rows, _, err := s.Record(ctx, "ev-"+ref, "subj", audience(nil, true, 0), t0.Add(time.Duration(i)*time.Minute), row("purchase_order", ref, p.co1))
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rows {
				if r.UserID == p.admin1 {
					ids[ref] = r.ID
				}
			}
		}
		if _, _, err := s.Record(ctx, "ev-buyer", "subj", audience([]int64{p.buyer}, false, 0), t0.Add(10*time.Minute), row("purchase", "FV-9", p.co1)); err != nil {
			t.Fatal(err)
		}
		refs := func(rows []store.Row) string {
			out := []string{}
			for _, r := range rows {
				if r.UserID != p.admin1 {
					t.Fatalf("row of user %d in admin1's resume", r.UserID)
				}
				out = append(out, r.ReferenceNo)
			}
			return fmt.Sprint(out)
		}

		// No position: only the newest id.
		rows, more, last, err := s.Missed(ctx, p.admin1, 0, 100)
		if err != nil || len(rows) != 0 || more || last != ids["PO-5"] {
			t.Fatalf("no position: %d rows, more %v, last %d (want %d), %v", len(rows), more, last, ids["PO-5"], err)
		}
		// After PO-1: PO-2…PO-5 in order, in pages of 2.
		rows, more, _, err = s.Missed(ctx, p.admin1, ids["PO-1"], 2)
		if err != nil || refs(rows) != "[PO-2 PO-3]" || !more {
			t.Fatalf("page 1: %s more=%v %v", refs(rows), more, err)
		}
		rows, more, _, err = s.Missed(ctx, p.admin1, ids["PO-3"], 2)
		if err != nil || refs(rows) != "[PO-4 PO-5]" || more {
			t.Fatalf("page 2: %s more=%v %v", refs(rows), more, err)
		}
		// Up to date: nothing.
		if rows, more, _, err = s.Missed(ctx, p.admin1, ids["PO-5"], 100); err != nil || len(rows) != 0 || more {
			t.Fatalf("up to date: %s %v %v", refs(rows), more, err)
		}

		// Commit order ≠ id order: had PO-5's transaction committed after FV-L's, a tab could have
		// seen FV-L and not PO-5. Resuming from FV-L also answers what was created within the
		// grace before it (PO-5, 10 s earlier), the tab dropping what it has shown.
		late, _, err := s.Record(ctx, "ev-late", "subj", audience([]int64{p.admin1}, false, 0),
			t0.Add(5*time.Minute+10*time.Second), row("purchase", "FV-L", p.co1))
		if err != nil || len(late) != 1 {
			t.Fatal(err)
		}
		_, _, err = s.Record(ctx, "ev-after", "subj", audience([]int64{p.admin1}, false, 0), t0.Add(6*time.Minute), row("purchase", "FV-A", p.co1))
		if err != nil {
			t.Fatal(err)
		}
		rows, _, _, err = s.Missed(ctx, p.admin1, late[0].ID, 100)
		if err != nil || refs(rows) != "[PO-5 FV-A]" {
			t.Fatalf("grace: %s %v (want PO-5, created 10 s before FV-L, then FV-A)", refs(rows), err)
		}

		// Deleted notifications are not resumed; another user's id resumes by id alone.
		if err := s.Delete(ctx, p.admin1, ids["PO-4"], t0); err != nil {
			t.Fatal(err)
		}
		rows, _, _, err = s.Missed(ctx, p.admin1, ids["PO-3"], 3)
		if err != nil || refs(rows) != "[PO-5 FV-L FV-A]" {
			t.Fatalf("after a delete: %s %v", refs(rows), err)
		}
		var buyerNote int64
		if err := bdb.NewRaw("SELECT id FROM notifications WHERE user_id = ?", p.buyer).Scan(ctx, &buyerNote); err != nil {
			t.Fatal(err)
		}
		// The buyer's resume never shows an admin's notifications, even from an admin's id.
		rows, _, last, err = s.Missed(ctx, p.buyer, ids["PO-0"], 100)
		if err != nil || len(rows) != 1 || rows[0].ReferenceNo != "FV-9" || last != buyerNote {
			t.Fatalf("buyer: %d rows, last %d, %v", len(rows), last, err)
		}
	})
}
