package store_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/purchasing/internal/store"
	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/listing"
)

// fixture inserts what purchases refer to: two companies, each with a store, a supplier, a
// category and a product.
type fixture struct {
	company, store, supplier, category, product [2]int64
}

func insertID(t *testing.T, db *bun.DB, query string, args ...any) int64 {
	t.Helper()
	var id int64
	if err := db.NewRaw(query+" RETURNING id", args...).Scan(context.Background(), &id); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return id
}

func setup(t *testing.T, db *bun.DB) fixture {
	t.Helper()
	now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	var f fixture
	for i := range 2 {
		f.company[i] = insertID(t, db, "INSERT INTO companies (name, active, created_at, updated_at) VALUES (?, TRUE, ?, ?)",
			fmt.Sprint("Company ", i), now, now)
		f.store[i] = insertID(t, db, "INSERT INTO stores (company_id, name, created_at, updated_at) VALUES (?, 'Main', ?, ?)",
			f.company[i], now, now)
		f.supplier[i] = insertID(t, db, "INSERT INTO suppliers (company_id, name, created_at, updated_at) VALUES (?, 'Acme', ?, ?)",
			f.company[i], now, now)
		f.category[i] = insertID(t, db, "INSERT INTO categories (company_id, name, created_at, updated_at) VALUES (?, 'Food', ?, ?)",
			f.company[i], now, now)
		f.product[i] = insertID(t, db, `INSERT INTO products (company_id, category_id, code, name, unit, iva_class, kind, created_at, updated_at)
			VALUES (?, ?, 'P1', 'Rice', 'kg', '5', 'goods', ?, ?)`, f.company[i], f.category[i], now, now)
	}
	return f
}

func row(f fixture, i int, ref, purchaseDate, due string, balance int64) *store.Row {
	now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	return &store.Row{CompanyID: f.company[i], StoreID: f.store[i], SupplierID: f.supplier[i], SupplierName: "Acme",
		StoreName: "Main", ReferenceNo: ref, PurchaseDate: purchaseDate, DaysOfCredit: 5, DueDate: due,
		SubtotalCents: balance, TotalToPayCents: balance, BalanceCents: balance, Status: "pending",
		ApprovalStatus: "pending", CreatedAt: now, UpdatedAt: now}
}

func TestReferenceIndexUnderRace(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		f := setup(t, db)
		const n = 8
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok := 0
		for i := range n {
			wg.Go(func() {
				// Different letter case: the index compares lower(reference_no).
				ref := "FV-9"
				if i%2 == 1 {
					ref = "fv-9"
				}
				err := db.RunInTx(context.Background(), nil, func(ctx context.Context, tx bun.Tx) error {
					return store.New(tx).Insert(ctx, row(f, 0, ref, "2026-11-23", "2026-11-28", 100))
				})
				if err == nil {
					mu.Lock()
					ok++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if ok != 1 {
			t.Fatalf("%d inserts of one reference succeeded", ok)
		}
		st := store.New(db)
		ctx := context.Background()
		if taken, err := st.ReferenceTaken(ctx, f.company[0], f.supplier[0], "Fv-9", 0); err != nil || !taken {
			t.Fatalf("taken %t %v", taken, err)
		}
		// Another company's supplier may use the same reference.
		if err := st.Insert(ctx, row(f, 1, "FV-9", "2026-11-23", "2026-11-28", 100)); err != nil {
			t.Fatal(err)
		}
	})
}

func TestScopeLinesReferencesAndExpiring(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		f := setup(t, db)
		ctx := context.Background()
		st := store.New(db)
		a := row(f, 0, "A-1", "2026-11-20", "2026-11-25", 500)
		b := row(f, 0, "B-1", "2026-11-01", "2026-11-22", 500) // overdue
		c := row(f, 0, "C-1", "2026-11-21", "2026-11-26", 0)   // paid
		d := row(f, 1, "D-1", "2026-11-21", "2026-11-24", 500) // other company
		for _, r := range []*store.Row{a, b, c, d} {
			if err := st.Insert(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := st.Get(ctx, listing.Scope{CompanyID: f.company[1]}, a.ID); err != store.ErrNotFound {
			t.Fatalf("other company's get: %v", err)
		}
		if _, err := st.Get(ctx, listing.Scope{All: true}, a.ID); err != nil {
			t.Fatalf("admin get: %v", err)
		}

		lines := []store.LineRow{{CompanyID: f.company[0], CategoryID: f.category[0], ProductID: f.product[0], CategoryName: "Food",
			ProductCode: "P1", ProductName: "Rice", IVAClass: "5", Kind: "goods", CostCents: 10, Quantity: 3, SubtotalCents: 30,
			BaseCents: 30}}
		if err := st.ReplaceLines(ctx, a.ID, lines); err != nil {
			t.Fatal(err)
		}
		if err := st.ReplaceLines(ctx, a.ID, append(lines, lines[0])); err != nil {
			t.Fatal(err)
		}
		got, err := st.Lines(ctx, []int64{a.ID, b.ID})
		if err != nil || len(got[a.ID]) != 2 || got[a.ID][1].LineNo != 2 || len(got[b.ID]) != 0 {
			t.Fatalf("lines %+v %v", got, err)
		}
		// References: which of the ids asked, in one query each.
		for _, tc := range []struct {
			using func(context.Context, string, []int64) ([]int64, error)
			col   string
			ids   []int64
			want  []int64
		}{
			{st.LinesUsing, "product_id", []int64{f.product[0], f.product[1]}, []int64{f.product[0]}},
			{st.LinesUsing, "category_id", []int64{f.category[0]}, []int64{f.category[0]}},
			{st.Using, "supplier_id", []int64{f.supplier[0]}, []int64{f.supplier[0]}},
			{st.Using, "store_id", []int64{f.store[1]}, []int64{f.store[1]}},
		} {
			if used, err := tc.using(ctx, tc.col, tc.ids); err != nil || !slices.Equal(used, tc.want) {
				t.Errorf("%s %v in use: %v %v", tc.col, tc.ids, used, err)
			}
		}
		// Deleting the purchase frees its product.
		if err := st.SoftDelete(ctx, a.ID, 1, time.Now()); err != nil {
			t.Fatal(err)
		}
		if used, _ := st.LinesUsing(ctx, "product_id", []int64{f.product[0]}); len(used) > 0 {
			t.Fatal("a deleted purchase still holds its product")
		}
		if _, err := st.Using(ctx, "note", []int64{1}); err == nil {
			t.Fatal("unknown column accepted")
		}

		e := row(f, 0, "E-1", "2026-11-20", "2026-11-23", 700)
		if err := st.Insert(ctx, e); err != nil {
			t.Fatal(err)
		}
		rows, err := st.Expiring(ctx, listing.Scope{CompanyID: f.company[0]}, "2026-11-23", "2026-11-28", 10)
		if err != nil || len(rows) != 1 || rows[0].ID != e.ID {
			t.Fatalf("expiring %+v %v", rows, err)
		}
		rows, _ = st.Expiring(ctx, listing.Scope{All: true}, "2026-11-23", "2026-11-28", 10)
		if len(rows) != 2 || rows[0].ID != e.ID || rows[1].ID != d.ID {
			t.Fatalf("expiring, every company: %+v", rows)
		}
	})
}

// The list's filters, search, sorts and keyset pages over both scopes, as the list endpoint runs
// them (List, then Count for the total): what the list indexes of
// 20261123010000_purchasing_list_indexes serve on PostgreSQL must keep answering the same rows.
func TestListFiltersSortsAndPages(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		f := setup(t, db)
		ctx := context.Background()
		st := store.New(db)
		statuses := []string{"pending", "partial", "paid", "received"}
		for i := range 12 {
			c := i % 3 / 2 // purchases 2, 5, 8, 11 belong to the second company
			r := row(f, c, fmt.Sprintf("FV-%02d", i), fmt.Sprintf("2026-11-%02d", 1+i%6), "2026-12-01", int64(100*(12-i)))
			r.Status = statuses[i%4]
			if i%4 == 1 {
				r.ApprovalStatus = "approved"
			}
			if err := st.Insert(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		refs := func(rows []store.Row) string {
			out := []string{}
			for _, r := range rows {
				out = append(out, r.ReferenceNo)
			}
			return fmt.Sprint(out)
		}
		// list walks every page forward by cursor and returns the references in order, checking
		// the total against Count.
		list := func(sc store.Scope, fl store.Filter, sort string) string {
			t.Helper()
			var all []store.Row
			q := listing.Query{PerPage: 2, Sort: sort}
			for range 20 {
				plan, err := listing.NewPlan(store.Spec, q)
				if err != nil {
					t.Fatal(err)
				}
				rows, err := st.List(ctx, sc, fl, plan)
				if err != nil {
					t.Fatal(err)
				}
				n, err := st.Count(ctx, sc, fl)
				if err != nil {
					t.Fatal(err)
				}
				page := listing.Finish(plan, rows, n, store.KeyOf(plan.Key()))
				all = append(all, page.Data...)
				if page.Meta.NextCursor == "" {
					if len(all) != n {
						t.Fatalf("%s %+v %q: walked %d rows, count %d", sc, fl, sort, len(all), n)
					}
					return refs(all)
				}
				q.After = page.Meta.NextCursor
			}
			t.Fatal("no end")
			return ""
		}
		one, all := store.Scope{CompanyID: f.company[0]}, store.Scope{All: true}
		for _, tc := range []struct {
			scope store.Scope
			f     store.Filter
			sort  string
			want  string
		}{
			// Default sort: purchase date, newest first, then id.
			{one, store.Filter{}, "", "[FV-10 FV-04 FV-09 FV-03 FV-07 FV-01 FV-06 FV-00]"},
			{all, store.Filter{}, "", "[FV-11 FV-05 FV-10 FV-04 FV-09 FV-03 FV-08 FV-02 FV-07 FV-01 FV-06 FV-00]"},
			{one, store.Filter{Status: "pending"}, "", "[FV-04 FV-00]"},
			{all, store.Filter{Status: "paid"}, "", "[FV-10 FV-02 FV-06]"},
			{all, store.Filter{Approval: "approved"}, "", "[FV-05 FV-09 FV-01]"},
			{one, store.Filter{From: "2026-11-02", To: "2026-11-04"}, "", "[FV-09 FV-03 FV-07 FV-01]"},
			{all, store.Filter{Q: "fv-1"}, "", "[FV-11 FV-10]"},
			{one, store.Filter{Q: "ACME", SupplierIDs: []int64{f.supplier[0]}}, "-due_date", "[FV-10 FV-09 FV-07 FV-06 FV-04 FV-03 FV-01 FV-00]"},
			{all, store.Filter{}, "-balance_cents", "[FV-00 FV-01 FV-02 FV-03 FV-04 FV-05 FV-06 FV-07 FV-08 FV-09 FV-10 FV-11]"},
			{one, store.Filter{Status: "received"}, "total_to_pay_cents", "[FV-07 FV-03]"},
			{all, store.Filter{}, "reference_no", "[FV-00 FV-01 FV-02 FV-03 FV-04 FV-05 FV-06 FV-07 FV-08 FV-09 FV-10 FV-11]"},
		} {
			if got := list(tc.scope, tc.f, tc.sort); got != tc.want {
				t.Errorf("%s %+v %q: %s, want %s", tc.scope, tc.f, tc.sort, got, tc.want)
			}
		}
	})
}

// TestSearchFollowsTheListRule checks the purchases' search box against the rule of every list
// (platform/search): each term begins a word of the reference, accents and case ignored, or the
// whole text finds the purchase's supplier (SupplierIDs, from the people module); deleted and
// other companies' purchases are never found.
func TestSearchFollowsTheListRule(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		f := setup(t, db)
		ctx := context.Background()
		st := store.New(db)
		now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
		andina := insertID(t, db, "INSERT INTO suppliers (company_id, name, created_at, updated_at) VALUES (?, 'Andina', ?, ?)",
			f.company[0], now, now)
		add := func(c int, ref string, supplier int64, date string) int64 {
			r := row(f, c, ref, date, "2026-12-31", 100)
			if supplier > 0 {
				r.SupplierID = supplier
			}
			if err := st.Insert(ctx, r); err != nil {
				t.Fatal(err)
			}
			return r.ID
		}
		add(0, "FE-0012", 0, "2026-11-01")
		add(0, "FE-0013", andina, "2026-11-02")
		add(0, "Ñ-77", 0, "2026-11-03")
		gone := add(0, "FE-0099", andina, "2026-11-04")
		add(1, "FE-0012", 0, "2026-11-05") // the other company
		if err := st.SoftDelete(ctx, gone, 1, time.Now()); err != nil {
			t.Fatal(err)
		}
		// Edited while pending: the words follow the new reference.
		edited := add(0, "OLD-1", 0, "2026-10-01")
		r, err := st.Get(ctx, store.Scope{CompanyID: f.company[0]}, edited)
		if err != nil {
			t.Fatal(err)
		}
		r.ReferenceNo = "NEW-2"
		if err := st.UpdateUndecided(ctx, r, "pending"); err != nil {
			t.Fatal(err)
		}

		one := store.Scope{CompanyID: f.company[0]}
		for _, tc := range []struct {
			f    store.Filter
			want string
		}{
			{store.Filter{Q: "fe-0012"}, "[FE-0012]"},
			{store.Filter{Q: "FE0012"}, "[FE-0012]"},
			{store.Filter{Q: "0012"}, "[FE-0012]"},
			{store.Filter{Q: "fe"}, "[FE-0012 FE-0013]"},
			{store.Filter{Q: "e-0012"}, "[]"}, // word beginnings only, as in every list
			{store.Filter{Q: "n-77"}, "[Ñ-77]"},
			{store.Filter{Q: "old"}, "[]"},
			{store.Filter{Q: "new"}, "[NEW-2]"},
			{store.Filter{Q: "andina", SupplierIDs: []int64{andina}}, "[FE-0013]"},
			{store.Filter{Q: "acme", SupplierIDs: []int64{f.supplier[0]}}, "[FE-0012 NEW-2 Ñ-77]"},
			{store.Filter{Q: "new", SupplierIDs: []int64{andina}}, "[FE-0013 NEW-2]"},
			{store.Filter{Q: "acme", SupplierIDs: []int64{f.supplier[1]}}, "[]"}, // the other company's
		} {
			plan, err := listing.NewPlan(store.Spec, listing.Query{PerPage: 50, Sort: "reference_no"})
			if err != nil {
				t.Fatal(err)
			}
			rows, err := st.List(ctx, one, tc.f, plan)
			if err != nil {
				t.Fatalf("%+v: %v", tc.f, err)
			}
			got := []string{}
			for _, r := range rows {
				got = append(got, r.ReferenceNo)
			}
			if fmt.Sprint(got) != tc.want {
				t.Errorf("%+v: %v, want %s", tc.f, got, tc.want)
			}
			n, err := st.Count(ctx, one, tc.f)
			if err != nil {
				t.Fatal(err)
			}
			if n != len(rows) {
				t.Errorf("%+v: count %d, list %d", tc.f, n, len(rows))
			}
		}
	})
}

// TestIndexMissingWordsInBatches loads purchases straight into the table (no words, as the
// benchmarks and old databases have them) and indexes them across several batches.
func TestIndexMissingWordsInBatches(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		f := setup(t, db)
		ctx := context.Background()
		st := store.New(db)
		indexed := row(f, 0, "FE-1", "2026-11-01", "2026-12-01", 100)
		if err := st.Insert(ctx, indexed); err != nil { // written normally: has its words
			t.Fatal(err)
		}
		const n = 2500 // more than two batches
		rows := make([]store.Row, n)
		for i := range rows {
			rows[i] = *row(f, i%2, fmt.Sprintf("BULK-%05d", i), "2026-11-02", "2026-12-02", 100)
			rows[i].ReferenceNo = fmt.Sprintf("ÑANDÚ-%05d", i)
		}
		if _, err := db.NewInsert().Model(&rows).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if got, err := st.IndexMissingWords(ctx); err != nil || got != n {
			t.Fatalf("indexed %d, %v; want %d", got, err, n)
		}
		if got, err := st.IndexMissingWords(ctx); err != nil || got != 0 {
			t.Fatalf("second run indexed %d, %v", got, err)
		}
		for q, want := range map[string]int{"nandu": n / 2, "ñandú-02499": 0, "nandu-02498": 1, "fe-1": 1} {
			got, err := st.Count(ctx, store.Scope{CompanyID: f.company[0]}, store.Filter{Q: q})
			if err != nil || got != want {
				t.Errorf("q=%q: %d, %v; want %d", q, got, err, want)
			}
		}
	})
}

// The payments' way to a purchase (payable.Ledger): Hold reads the live purchase in scope and
// holds it until the transaction ends, so that a second holder waits for the first to commit and
// then reads what it wrote; ApplyPaid moves paid, balance and status in one statement by the
// status rule (received until something is paid, for a purchase made from a received order),
// and refuses a paid amount below zero; Open lists the approved purchases with a balance of the
// suppliers named, soonest due first.
func TestLedgerHoldApplyPaidOpen(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		ctx := context.Background()
		f := setup(t, db)
		at := time.Date(2026, 11, 24, 15, 0, 0, 0, time.UTC)
		insert := func(r *store.Row) *store.Row {
			t.Helper()
			if err := store.New(db).Insert(ctx, r); err != nil {
				t.Fatal(err)
			}
			return r
		}
		approved := func(r *store.Row) *store.Row { r.ApprovalStatus = "approved"; return r }
		plain := insert(approved(row(f, 0, "FV-1", "2026-11-20", "2026-12-20", 1000)))
		received := row(f, 0, "FV-2", "2026-11-20", "2026-11-25", 500)
		received.Status = "received"
		ro := int64(77) // received_order_id names no row here: the column has no foreign key
		received.ReceivedOrderID = &ro
		received = insert(approved(received))
		insert(row(f, 0, "FV-3", "2026-11-20", "2026-11-21", 700)) // pending: not payable
		other := insert(approved(row(f, 1, "FV-4", "2026-11-20", "2026-11-22", 900)))

		st := store.New(db)
		for _, c := range []struct {
			company, id int64
			found       bool
		}{{f.company[0], plain.ID, true}, {0, other.ID, true}, {f.company[0], other.ID, false}, {f.company[0], 99_999, false}} {
			err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
				r, err := st.With(tx).Hold(ctx, c.company, c.id)
				if err == nil && r.ID != c.id {
					t.Errorf("Hold(%d, %d) read %d", c.company, c.id, r.ID)
				}
				return err
			})
			if (err == nil) != c.found {
				t.Errorf("Hold(company %d, %d): %v, found want %v", c.company, c.id, err, c.found)
			}
		}

		// Two holders of one purchase take turns: the second reads the first's payment.
		held, release := make(chan struct{}), make(chan struct{})
		first := make(chan error)
		go func() {
			first <- db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
				if _, err := st.With(tx).Hold(ctx, f.company[0], plain.ID); err != nil {
					close(held)
					return err
				}
				close(held)
				<-release
				return st.With(tx).ApplyPaid(ctx, plain.ID, 400, at)
			})
		}()
		<-held
		second := make(chan int64)
		go func() {
			var paid int64
			err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
				r, err := st.With(tx).Hold(ctx, f.company[0], plain.ID)
				if r != nil {
					paid = r.PaidCents
				}
				return err
			})
			if err != nil {
				t.Error(err)
			}
			second <- paid
		}()
		select {
		case <-second:
			t.Fatal("the second holder read the purchase while the first held it")
		case <-time.After(200 * time.Millisecond):
		}
		close(release)
		if err := <-first; err != nil {
			t.Fatal(err)
		}
		if paid := <-second; paid != 400 {
			t.Fatalf("the second holder read paid %d, want the first's 400", paid)
		}

		check := func(id, paid, balance int64, status string) {
			t.Helper()
			r, err := st.Get(ctx, listing.Scope{All: true}, id)
			if err != nil {
				t.Fatal(err)
			}
			if r.PaidCents != paid || r.BalanceCents != balance || r.Status != status || !r.UpdatedAt.Equal(at) {
				t.Fatalf("purchase %d: paid %d balance %d status %s updated %v; want %d %d %s %v", id, r.PaidCents,
					r.BalanceCents, r.Status, r.UpdatedAt, paid, balance, status, at)
			}
		}
		check(plain.ID, 400, 600, "partial")
		// Each step's paid amount, balance and status after it; a received purchase is received
		// again when its payments are taken back; the last step leaves 1 centavo open.
		for _, step := range []struct {
			purchase             *store.Row
			delta, paid, balance int64
			status               string
		}{
			{plain, 600, 1000, 0, "paid"}, {plain, -1000, 0, 1000, "pending"},
			{received, 100, 100, 400, "partial"}, {received, -100, 0, 500, "received"},
			{plain, 999, 999, 1, "partial"},
		} {
			if err := st.ApplyPaid(ctx, step.purchase.ID, step.delta, at); err != nil {
				t.Fatal(err)
			}
			check(step.purchase.ID, step.paid, step.balance, step.status)
		}
		if err := st.ApplyPaid(ctx, plain.ID, -1000, at); err != store.ErrNotFound {
			t.Fatalf("paid below zero: %v", err)
		}

		// Open: approved, with a balance, of the suppliers named, soonest due first.
		rows, err := st.Open(ctx, listing.Scope{All: true}, []int64{f.supplier[0], f.supplier[1]}, 10)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rows {
			got = append(got, r.ReferenceNo)
		}
		if fmt.Sprint(got) != "[FV-4 FV-2 FV-1]" {
			t.Fatalf("open purchases %v, want [FV-4 FV-2 FV-1] (FV-3 is pending)", got)
		}
		rows, err = st.Open(ctx, listing.Scope{CompanyID: f.company[0]}, []int64{f.supplier[0], f.supplier[1]}, 1)
		if err != nil || len(rows) != 1 || rows[0].ReferenceNo != "FV-2" {
			t.Fatalf("one company's first open purchase: %v, %v", rows, err)
		}
		if rows, err := st.Open(ctx, listing.Scope{All: true}, nil, 10); err != nil || len(rows) != 0 {
			t.Fatalf("no suppliers: %v, %v", rows, err)
		}
	})
}
