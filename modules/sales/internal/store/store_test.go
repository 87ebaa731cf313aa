package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"

	"github.com/backoffice/backoffice/modules/sales/internal/store"
	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/search"
)

var now = time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)

// fixture inserts what sales refer to: two companies, each with a store, two customers, a
// category and a product.
type fixture struct {
	company, store, product [2]int64
	customer                [2][2]int64
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
	var f fixture
	for i := range 2 {
		f.company[i] = insertID(t, db, "INSERT INTO companies (name, active, created_at, updated_at) VALUES (?, TRUE, ?, ?)",
			fmt.Sprint("Company ", i), now, now)
		f.store[i] = insertID(t, db, "INSERT INTO stores (company_id, name, created_at, updated_at) VALUES (?, 'Main', ?, ?)",
			f.company[i], now, now)
		for k, name := range []string{"Ana", "Beto"} {
			f.customer[i][k] = insertID(t, db, "INSERT INTO customers (company_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)",
				f.company[i], name, now, now)
		}
		cat := insertID(t, db, "INSERT INTO categories (company_id, name, created_at, updated_at) VALUES (?, 'Food', ?, ?)",
			f.company[i], now, now)
		f.product[i] = insertID(t, db, `INSERT INTO products (company_id, category_id, code, name, unit, iva_class, kind, created_at, updated_at)
			VALUES (?, ?, 'P1', 'Rice', 'kg', '5', 'goods', ?, ?)`, f.company[i], cat, now, now)
	}
	return f
}

// sale is a pending sale of company i to its customer k.
func sale(f fixture, i, k int, number, date, ref string, total int64) *store.Row {
	return &store.Row{CompanyID: f.company[i], Number: number, SaleDate: date, CustomerID: f.customer[i][k],
		CustomerName: []string{"Ana", "Beto"}[k], CustomerReference: ref, StoreID: f.store[i], StoreName: "Main",
		SubtotalCents: total, TaxableBaseCents: total, InvoiceCents: total, TotalCents: total, BalanceCents: total,
		Status: "pending", ApprovalStatus: "pending", CreatedAt: now, UpdatedAt: now}
}

func numbers(rows []store.Row) []string {
	out := []string{}
	for _, r := range rows {
		out = append(out, r.Number)
	}
	return out
}

func TestInsertListFiltersAndSearch(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		f := setup(t, db)
		ctx := context.Background()
		st := store.New(db)
		seller := insertID(t, db, `INSERT INTO users (company_id, username, password_hash, first_name, last_name, email, role, created_at, updated_at)
			VALUES (?, 'seller', 'x', 'S', 'L', 's@x.co', 'user', ?, ?)`, f.company[0], now, now)
		a := sale(f, 0, 0, "VTA-000001", "2026-11-20", "OC-4411", 500)
		b := sale(f, 0, 1, "VTA-000002", "2026-11-21", "", 700)
		b.CreatedBy = &seller
		c := sale(f, 0, 0, "VTA-000003", "2026-11-22", "Pedido Ñandú", 300)
		c.ApprovalStatus = "approved"
		d := sale(f, 1, 0, "VTA-000001", "2026-11-22", "OC-4411", 900) // another company
		for _, r := range []*store.Row{a, b, c, d} {
			if err := st.Insert(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		if err := st.ReplaceLines(ctx, a.ID, []store.LineRow{{CompanyID: f.company[0], ProductID: f.product[0],
			ProductCode: "P1", ProductName: "Rice", IVAClass: "5", Kind: "goods", Quantity: 2, PriceCents: 250,
			CostCents: 100, SubtotalCents: 500, BaseCents: 500}}); err != nil {
			t.Fatal(err)
		}
		// A number is the company's, once.
		dup := sale(f, 0, 0, "VTA-000001", "2026-11-20", "", 1)
		if err := st.Insert(ctx, dup); err == nil {
			t.Fatal("a company's number given twice")
		}

		own := listing.Scope{CompanyID: f.company[0]}
		if _, err := st.Get(ctx, listing.Scope{CompanyID: f.company[1]}, a.ID); err != store.ErrNotFound {
			t.Fatalf("another company's sale: %v", err)
		}
		list := func(fl store.Filter, sort string) []string {
			t.Helper()
			plan, err := listing.NewPlan(store.Spec, listing.Query{Sort: sort, PerPage: 10})
			if err != nil {
				t.Fatal(err)
			}
			rows, err := st.List(ctx, own, fl, plan)
			if err != nil {
				t.Fatal(err)
			}
			n, err := st.Count(ctx, own, fl)
			if err != nil || n != len(rows) {
				t.Fatalf("count %d, %v; rows %v", n, err, numbers(rows))
			}
			return numbers(rows)
		}
		for _, c := range []struct {
			name   string
			filter store.Filter
			sort   string
			want   []string
		}{
			{"default: newest first", store.Filter{}, "", []string{"VTA-000003", "VTA-000002", "VTA-000001"}},
			{"by customer name", store.Filter{}, "customer_name", []string{"VTA-000001", "VTA-000003", "VTA-000002"}},
			{"by total", store.Filter{}, "-total_cents", []string{"VTA-000002", "VTA-000001", "VTA-000003"}},
			{"approval", store.Filter{Approval: "approved"}, "", []string{"VTA-000003"}},
			{"customer", store.Filter{CustomerID: f.customer[0][1]}, "", []string{"VTA-000002"}},
			{"seller", store.Filter{SellerID: seller}, "", []string{"VTA-000002"}},
			{"store", store.Filter{StoreID: f.store[0]}, "number", []string{"VTA-000001", "VTA-000002", "VTA-000003"}},
			{"dates", store.Filter{From: "2026-11-21", To: "2026-11-21"}, "", []string{"VTA-000002"}},
			{"number whole", store.Filter{Q: "vta-000002"}, "", []string{"VTA-000002"}},
			{"number digits", store.Filter{Q: "000003"}, "", []string{"VTA-000003"}},
			{"customer reference", store.Filter{Q: "oc-4411"}, "", []string{"VTA-000001"}},
			{"reference accents", store.Filter{Q: "nandu"}, "", []string{"VTA-000003"}},
			{"customer by id", store.Filter{Q: "beto", CustomerIDs: []int64{f.customer[0][1]}}, "", []string{"VTA-000002"}},
			// The sales the words find, and those of the customers the same text found.
			{"own words or customer", store.Filter{Q: "pedido", CustomerIDs: []int64{f.customer[0][1]}}, "",
				[]string{"VTA-000003", "VTA-000002"}},
			{"no match", store.Filter{Q: "zz"}, "", []string{}},
		} {
			if got := list(c.filter, c.sort); !slices.Equal(got, c.want) {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
			}
		}

		// Only pending sales without payments are edited and deleted.
		b.CustomerReference = "NEW-REF"
		if err := st.UpdatePending(ctx, b); err != nil {
			t.Fatal(err)
		}
		if got := list(store.Filter{Q: "new-ref"}, ""); !slices.Equal(got, []string{"VTA-000002"}) {
			t.Fatalf("words after an edit: %v", got)
		}
		if err := st.UpdatePending(ctx, c); err != store.ErrNotFound {
			t.Fatalf("approved sale edited: %v", err)
		}
		if err := st.SoftDelete(ctx, c.ID, seller, now); err != store.ErrNotFound {
			t.Fatalf("approved sale deleted: %v", err)
		}
		if err := st.SoftDelete(ctx, b.ID, seller, now); err != nil {
			t.Fatal(err)
		}
		if got := list(store.Filter{Q: "new-ref"}, ""); len(got) != 0 {
			t.Fatalf("deleted sale found: %v", got)
		}

		// References: which of the ids asked, in one query.
		if used, err := st.Using(ctx, "customer_id", []int64{f.customer[0][0], f.customer[0][1]}); err != nil ||
			!slices.Equal(used, []int64{f.customer[0][0]}) {
			t.Errorf("customers in use: %v, %v", used, err)
		}
		if used, err := st.Using(ctx, "store_id", []int64{f.store[0]}); err != nil || !slices.Equal(used, []int64{f.store[0]}) {
			t.Errorf("store in use: %v, %v", used, err)
		}
		if used, err := st.ProductsUsing(ctx, []int64{f.product[0], f.product[1]}); err != nil || !slices.Equal(used, []int64{f.product[0]}) {
			t.Errorf("products in use: %v, %v", used, err)
		}

		// Figures: approved sales only, per customer.
		figs, err := st.FiguresBy(ctx, "customer_id", "approved", []int64{f.customer[0][0], f.customer[0][1]})
		if err != nil {
			t.Fatal(err)
		}
		if got := figs[f.customer[0][0]]; got.Count != 1 || got.TotalCents != 300 || got.BalanceCents != 300 || len(figs) != 1 {
			t.Fatalf("figures %+v", figs)
		}
	})
}

// The payments' ledger: a sale held by one transaction waits for it, paid amounts move the
// balance and status in one statement, and never go below zero.
func TestHoldAndApplyPaid(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		f := setup(t, db)
		ctx := context.Background()
		s := sale(f, 0, 0, "VTA-000001", "2026-11-20", "", 1000)
		if err := store.New(db).Insert(ctx, s); err != nil {
			t.Fatal(err)
		}
		if _, err := store.New(db).Hold(ctx, f.company[1], s.ID); err != store.ErrNotFound {
			t.Fatalf("another company's sale held: %v", err)
		}
		// Ten payments of 100 at once, each reading the balance under the hold and paying only
		// while something is owed: exactly ten succeed, none overpays.
		var wg sync.WaitGroup
		var mu sync.Mutex
		paid := 0
		for range 12 {
			wg.Go(func() {
				err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
					st := store.New(tx)
					r, err := st.Hold(ctx, f.company[0], s.ID)
					if err != nil {
						return err
					}
					if r.BalanceCents < 100 {
						return fmt.Errorf("nothing owed")
					}
					return st.ApplyPaid(ctx, s.ID, 100, now)
				})
				if err == nil {
					mu.Lock()
					paid++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		r, err := store.New(db).Hold(ctx, 0, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if paid != 10 || r.PaidCents != 1000 || r.BalanceCents != 0 || r.Status != "paid" {
			t.Fatalf("%d payments: %+v", paid, r)
		}
		st := store.New(db)
		if err := st.ApplyPaid(ctx, s.ID, -400, now); err != nil {
			t.Fatal(err)
		}
		if r, _ = st.Get(ctx, listing.Scope{All: true}, s.ID); r.PaidCents != 600 || r.BalanceCents != 400 || r.Status != "partial" {
			t.Fatalf("taken back: %+v", r)
		}
		if err := st.ApplyPaid(ctx, s.ID, -601, now); err != store.ErrNotFound {
			t.Fatalf("paid below zero: %v", err)
		}
		if err := st.ApplyPaid(ctx, s.ID, -600, now); err != nil {
			t.Fatal(err)
		}
		if r, _ = st.Get(ctx, listing.Scope{All: true}, s.ID); r.PaidCents != 0 || r.BalanceCents != 1000 || r.Status != "pending" {
			t.Fatalf("all taken back: %+v", r)
		}
	})
}

// TestIndexMissingWords loads sales straight into the table (no words, as the benchmarks and
// imports have them) and indexes them across batches; serve runs it at every start.
func TestIndexMissingWords(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		f := setup(t, db)
		ctx := context.Background()
		st := store.New(db)
		if err := st.Insert(ctx, sale(f, 0, 0, "VTA-000001", "2026-11-20", "", 100)); err != nil { // has its words
			t.Fatal(err)
		}
		const n = 1200 // more than one batch
		rows := make([]store.Row, n)
		for i := range rows {
			rows[i] = *sale(f, 0, i%2, fmt.Sprintf("VTA-%06d", i+2), "2026-11-21", fmt.Sprintf("Pedido Ñandú %d", i), 100)
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
		// The runs left a mark (search_marks): the next one looks only above it. Sales loaded
		// straight in later get larger ids and are found; words deleted by hand below the mark are
		// not looked for again (the probe no longer reads every sale at every start).
		more := []store.Row{*sale(f, 0, 0, fmt.Sprintf("VTA-%06d", n+2), "2026-11-22", "Pedido tardío", 100)}
		if _, err := db.NewInsert().Model(&more).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := db.NewRaw("DELETE FROM sale_words WHERE sale_id = ?", rows[0].ID).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if got, err := st.IndexMissingWords(ctx); err != nil || got != 1 {
			t.Fatalf("run after a later load indexed %d, %v; want 1", got, err)
		}
		if _, err := db.NewRaw("DELETE FROM search_marks").Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if got, err := st.IndexMissingWords(ctx); err != nil || got != 1 {
			t.Fatalf("run without a mark indexed %d, %v; want the sale whose words were deleted", got, err)
		}
		for q, want := range map[string]int{"nandu": n, "vta-000001": 1, "pedido 1199": 1, "pedido 17": 11} {
			got, err := st.Count(ctx, listing.Scope{CompanyID: f.company[0]}, store.Filter{Q: q})
			if err != nil || got != want {
				t.Errorf("q=%q: %d, %v; want %d", q, got, err, want)
			}
		}
	})
}

// sqlSeen is a query hook that tells whether a statement containing its text ran.
type sqlSeen struct {
	text string
	mu   sync.Mutex
	seen bool
}

func (h *sqlSeen) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }

func (h *sqlSeen) AfterQuery(_ context.Context, e *bun.QueryEvent) {
	if strings.Contains(e.Query, h.text) {
		h.mu.Lock()
		h.seen = true
		h.mu.Unlock()
	}
}

// A search by a name that many customers share: on PostgreSQL the page is each customer's own
// first page merged (search.Party.Page), on SQLite one IN; both walk the same pages, forward and
// back, with the filters, deleted sales and the other company's left out.
func TestListSearchManyCustomers(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		f := setup(t, db)
		ctx := context.Background()
		st := store.New(db)
		hook := &sqlSeen{text: "CROSS JOIN LATERAL"}
		db.AddQueryHook(hook)

		// Customers named "Cliente …": search.PerPartyFrom+2 in the demo company, 3 in the other.
		var mine, theirs []int64
		for i := range search.PerPartyFrom + 2 {
			mine = append(mine, insertID(t, db, "INSERT INTO customers (company_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)",
				f.company[0], fmt.Sprint("Cliente ", i), now, now))
		}
		for i := range 3 {
			theirs = append(theirs, insertID(t, db, "INSERT INTO customers (company_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)",
				f.company[1], fmt.Sprint("Cliente ", i), now, now))
		}
		// Sales on few dates (many ties, broken by id), some approved, some deleted; Ana's sales
		// (not a "Cliente") in between.
		var all []*store.Row
		n := 0
		add := func(company int, customer int64, date string, approved, deleted bool) {
			n++
			r := sale(f, company, 0, fmt.Sprintf("VTA-%06d", n), date, "", 100)
			r.CustomerID, r.CustomerName = customer, "Cliente"
			if customer == 0 {
				r.CustomerID, r.CustomerName = f.customer[company][0], "Ana"
			}
			if approved {
				r.ApprovalStatus = "approved"
			}
			if err := st.Insert(ctx, r); err != nil {
				t.Fatal(err)
			}
			if deleted {
				if err := st.SoftDelete(ctx, r.ID, 0, now); err != nil {
					t.Fatal(err)
				}
				r.DeletedAt = &now
			}
			all = append(all, r)
		}
		for i := range 60 {
			date := fmt.Sprintf("2026-11-%02d", 1+i%7)
			add(0, mine[i*7%len(mine)], date, i%3 == 0, i%11 == 5 && i%3 != 0) // a pending sale is deleted
			if i%4 == 0 {
				add(0, 0, date, false, false)
				add(1, theirs[i%len(theirs)], date, i%2 == 0, false)
			}
		}

		// want is the live sales of scope sc of the customers ids kept by keep, newest first.
		want := func(sc listing.Scope, ids []int64, keep func(*store.Row) bool) []string {
			var rows []*store.Row
			for _, r := range all {
				if r.DeletedAt == nil && (sc.All || r.CompanyID == sc.CompanyID) && slices.Contains(ids, r.CustomerID) && keep(r) {
					rows = append(rows, r)
				}
			}
			slices.SortFunc(rows, func(a, b *store.Row) int {
				if c := strings.Compare(b.SaleDate, a.SaleDate); c != 0 {
					return c
				}
				return int(b.ID - a.ID)
			})
			out := []string{}
			for _, r := range rows {
				out = append(out, fmt.Sprint(r.CompanyID, r.Number))
			}
			return out
		}
		// walk reads every page of the list by its cursors, from the first page forward or from
		// the last backward, and checks each page's total.
		walk := func(sc listing.Scope, fl store.Filter, back bool) []string {
			t.Helper()
			out := []string{}
			q := listing.Query{PerPage: 4, Last: back}
			for range 100 {
				plan, err := listing.NewPlan(store.Spec, q)
				if err != nil {
					t.Fatal(err)
				}
				fl, err := st.Resolve(ctx, sc, fl)
				if err != nil {
					t.Fatal(err)
				}
				rows, err := st.List(ctx, sc, fl, plan)
				if err != nil {
					t.Fatal(err)
				}
				total, err := st.Count(ctx, sc, fl)
				if err != nil {
					t.Fatal(err)
				}
				page := listing.Finish(plan, rows, total, store.KeyOf(plan.Key()))
				var got []string
				for _, r := range page.Data {
					got = append(got, fmt.Sprint(r.CompanyID, r.Number))
				}
				if back {
					out = append(got, out...)
					if page.Meta.PrevCursor == "" {
						return out
					}
					q = listing.Query{PerPage: 4, Before: page.Meta.PrevCursor}
				} else {
					out = append(out, got...)
					if page.Meta.NextCursor == "" {
						return out
					}
					q = listing.Query{PerPage: 4, After: page.Meta.NextCursor}
				}
			}
			t.Fatal("more than 100 pages")
			return nil
		}
		any := func(*store.Row) bool { return true }
		own, every := listing.Scope{CompanyID: f.company[0]}, listing.Scope{All: true}
		both := append(slices.Clone(mine), theirs...)
		for _, c := range []struct {
			name   string
			sc     listing.Scope
			filter store.Filter
			want   []string
		}{
			{"company", own, store.Filter{Q: "cliente", CustomerIDs: mine}, want(own, mine, any)},
			// The ids of another company's customers find nothing in the caller's company.
			{"other company's ids", own, store.Filter{Q: "cliente", CustomerIDs: both}, want(own, both, any)},
			{"every company", every, store.Filter{Q: "cliente", CustomerIDs: both}, want(every, both, any)},
			{"approved from a date", own, store.Filter{Q: "cliente", CustomerIDs: mine, Approval: "approved", From: "2026-11-03"},
				want(own, mine, func(r *store.Row) bool { return r.ApprovalStatus == "approved" && r.SaleDate >= "2026-11-03" })},
			{"one customer among them", own, store.Filter{Q: "cliente", CustomerIDs: mine, CustomerID: mine[3]},
				want(own, mine[3:4], any)},
		} {
			if len(c.want) < 5 {
				t.Fatalf("%s: only %d sales, not several pages", c.name, len(c.want))
			}
			for _, back := range []bool{false, true} {
				if got := walk(c.sc, c.filter, back); !slices.Equal(got, c.want) {
					t.Errorf("%s (backward %t):\n got %v\nwant %v", c.name, back, got, c.want)
				}
			}
		}
		if hook.seen != (db.Dialect().Name() == dialect.PG) {
			t.Errorf("per-customer page used: %t", hook.seen)
		}
	})
}
