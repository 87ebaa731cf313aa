package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/payments/internal/store"
	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/listing"
)

var at = time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)

// payment is a live payment of company on document (typ, doc) of amount, in status.
func payment(company int64, typ string, doc, amount int64, status, ref, party, date string) *store.Row {
	return &store.Row{CompanyID: company, Type: typ, Direction: "payment", DocumentID: doc, DocumentNumber: "FV-" + ref, PartyID: 1,
		PartyName: party, PaymentDate: date, ReferenceNo: ref, AmountCents: amount, Method: "transfer",
		Columns: approval.Columns{ApprovalStatus: status}, Stamps: db.Stamped(0, at)}
}

// refund is a live refund of company on purchase doc (its credit given back) of amount, in status.
func refund(company, doc, amount int64, status, ref, party, date string) *store.Row {
	r := payment(company, "purchase", doc, amount, status, ref, party, date)
	r.Direction = "refund"
	return r
}

// The never-overpaid rule's sums (the pending payments of a document, but one; refunds apart),
// the conditional
// decision and deletion, the run's scope, and the list's filters and search, on both databases.
func TestStore(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		ctx := context.Background()
		a, b := dbtest.Company(t, db, "A"), dbtest.Company(t, db, "B")
		st := store.New(db)
		rows := []*store.Row{
			payment(a, "purchase", 7, 100, "pending", "TR-100", "Distribuidora Andina", "2026-11-20"),
			payment(a, "purchase", 7, 250, "pending", "TR-250", "Distribuidora Andina", "2026-11-21"),
			payment(a, "purchase", 7, 400, "approved", "TR-400", "Distribuidora Andina", "2026-11-22"),
			payment(a, "sale", 7, 999, "pending", "CH-999", "Tienda Ñandú", "2026-11-22"), // another document: sale 7
			payment(a, "purchase", 8, 50, "pending", "TR-50", "Otro Proveedor", "2026-11-23"),
			payment(b, "purchase", 9, 70, "pending", "TR-70", "Distribuidora Andina", "2026-11-23"),
			refund(b, 9, 30, "pending", "RF-30", "Otro Proveedor", "2026-11-19"),
		}
		for _, r := range rows {
			if err := st.Insert(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		sum := func(typ string, doc, except int64) int64 {
			t.Helper()
			n, err := st.Pending(ctx, typ, "payment", doc, except)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if got := sum("purchase", 7, 0); got != 350 {
			t.Fatalf("pending on purchase 7: %d, want 350", got)
		}
		if got := sum("purchase", 7, rows[1].ID); got != 100 {
			t.Fatalf("pending on purchase 7 but the 250: %d, want 100", got)
		}
		if got := sum("purchase", 99, 0); got != 0 {
			t.Fatalf("pending on nothing: %d", got)
		}
		// Refunds are summed apart: a pending refund claims the credit, not the balance.
		if got := sum("purchase", 9, 0); got != 70 {
			t.Fatalf("pending payments on purchase 9: %d, want 70", got)
		}
		if got, err := st.Pending(ctx, "purchase", "refund", 9, 0); err != nil || got != 30 {
			t.Fatalf("pending refunds on purchase 9: %d, %v; want 30", got, err)
		}
		byDoc, err := st.PendingByDocument(ctx, "purchase", []int64{7, 8, 9, 10})
		if err != nil || len(byDoc) != 3 || byDoc[7] != 350 || byDoc[8] != 50 || byDoc[9] != 70 {
			t.Fatalf("pending by document: %v, %v", byDoc, err)
		}

		// A decision happens once; a decided payment is not deleted; a pending one is, and frees
		// its amount.
		if err := st.Decide(ctx, rows[0].ID, approval.Decision{Status: approval.Rejected, Reason: "no"}, 1, at); err != nil {
			t.Fatal(err)
		}
		if err := st.Decide(ctx, rows[0].ID, approval.Decision{Status: approval.Approved}, 1, at); err != store.ErrNotFound {
			t.Fatalf("decided twice: %v", err)
		}
		if err := st.SoftDelete(ctx, rows[2].ID, 1, at); err != store.ErrNotFound {
			t.Fatalf("approved deleted: %v", err)
		}
		if err := st.SoftDelete(ctx, rows[1].ID, 1, at); err != nil {
			t.Fatal(err)
		}
		if got := sum("purchase", 7, 0); got != 0 {
			t.Fatalf("pending after a rejection and a deletion: %d", got)
		}
		if _, err := st.Get(ctx, listing.Scope{All: true}, rows[1].ID); err != store.ErrNotFound {
			t.Fatalf("deleted payment read: %v", err)
		}

		// Runs are seen in their company only.
		run := &store.BatchRow{CompanyID: a, Number: "LOTE-000001", Type: "purchase", PaymentDate: "2026-11-23",
			ReferenceNo: "TR-9", Method: "transfer", CreatedAt: at}
		if err := st.InsertBatch(ctx, run); err != nil {
			t.Fatal(err)
		}
		for scope, want := range map[listing.Scope]bool{{CompanyID: a}: true, {CompanyID: b}: false, {All: true}: true} {
			if ok, err := st.BatchVisible(ctx, scope, run.ID); err != nil || ok != want {
				t.Errorf("run visible in %v: %v, %v", scope, ok, err)
			}
		}

		// The list: scope, filters, search by reference, document number and party name.
		refs := func(scope listing.Scope, f store.Filter) []string {
			t.Helper()
			plan, err := listing.NewPlan(store.Spec, listing.Query{PerPage: 50})
			if err != nil {
				t.Fatal(err)
			}
			list, err := st.List(ctx, scope, f, plan)
			if err != nil {
				t.Fatal(err)
			}
			n, err := st.Count(ctx, scope, f)
			if err != nil || n != len(list) {
				t.Fatalf("count %d, %v; list %d", n, err, len(list))
			}
			var out []string
			for _, r := range list {
				out = append(out, r.ReferenceNo)
			}
			return out
		}
		for _, c := range []struct {
			scope listing.Scope
			f     store.Filter
			want  string
		}{
			{listing.Scope{CompanyID: a}, store.Filter{}, "[TR-50 CH-999 TR-400 TR-100]"},
			{listing.Scope{All: true}, store.Filter{Type: "purchase", PartyID: 1, Approval: "pending"}, "[TR-70 TR-50 RF-30]"},
			{listing.Scope{CompanyID: b}, store.Filter{Direction: "refund"}, "[RF-30]"},
			{listing.Scope{CompanyID: b}, store.Filter{Direction: "payment"}, "[TR-70]"},
			{listing.Scope{CompanyID: a}, store.Filter{Type: "sale"}, "[CH-999]"},
			{listing.Scope{CompanyID: a}, store.Filter{DocumentID: 7, Type: "purchase"}, "[TR-400 TR-100]"},
			{listing.Scope{CompanyID: a}, store.Filter{From: "2026-11-21", To: "2026-11-22"}, "[CH-999 TR-400]"},
			{listing.Scope{CompanyID: a}, store.Filter{Q: "nandu"}, "[CH-999]"},
			{listing.Scope{CompanyID: a}, store.Filter{Q: "andina tr"}, "[TR-400 TR-100]"},
			{listing.Scope{CompanyID: a}, store.Filter{Q: "FV-TR-400"}, "[TR-400]"},
			{listing.Scope{CompanyID: b}, store.Filter{Q: "andina"}, "[TR-70]"},
			{listing.Scope{CompanyID: a}, store.Filter{Method: "cash"}, "[]"},
		} {
			if got := fmtList(refs(c.scope, c.f)); got != c.want {
				t.Errorf("%v %+v: %s, want %s", c.scope, c.f, got, c.want)
			}
		}
		// Words are given at start to payments loaded without them.
		if _, err := db.NewDelete().TableExpr("payment_words").Where("payment_id = ?", rows[3].ID).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if n, err := st.IndexMissingWords(ctx); err != nil || n != 1 {
			t.Fatalf("indexed %d, %v; want 1", n, err)
		}
		if got := fmtList(refs(listing.Scope{CompanyID: a}, store.Filter{Q: "ñandú"})); got != "[CH-999]" {
			t.Fatalf("search after indexing: %s", got)
		}
	})
}

func fmtList(s []string) string {
	out := "["
	for i, v := range s {
		if i > 0 {
			out += " "
		}
		out += v
	}
	return out + "]"
}
