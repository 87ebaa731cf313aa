package reports_test

import (
	"fmt"
	"slices"
	"testing"
)

// partyFigures are what customers_report and suppliers_report show of one party.
type partyFigures struct{ documents, total, paid, returns, balance int64 }

// partiesFromScratch computes each party's row of typ's list over [from, to] (store 0: every
// store) from the documents, payments and returns the books hold: the range's documents, paid
// and returned, and the balance at to's end (every movement up to it).
func partiesFromScratch(b *books, typ, from, to string, store int64) map[int64]*partyFigures {
	out := map[int64]*partyFigures{}
	at := func(id int64) *partyFigures {
		if out[id] == nil {
			out[id] = &partyFigures{}
		}
		return out[id]
	}
	stores := map[int64]int64{} // the purchases' (a sale may have a purchase's id)
	for _, d := range b.docs {
		if d.typ == "purchase" {
			stores[d.ID] = d.StoreID
		}
		if d.typ != typ || d.ApprovalStatus != "approved" || (store != 0 && d.StoreID != store) || d.date() > to {
			continue
		}
		f := at(d.party())
		f.balance += d.total() - d.Totals.ReturnCents*map[string]int64{"sale": 1}[typ]
		if d.date() >= from {
			f.documents++
			f.total += d.total()
			if typ == "sale" {
				f.returns += d.Totals.ReturnCents
			}
		}
	}
	for _, p := range b.payments {
		if p.Type != typ || p.ApprovalStatus != "approved" || (store != 0 && p.StoreID != store) || p.Date > to {
			continue
		}
		f := at(p.PartyID)
		f.balance -= p.AmountCents
		if p.Date >= from {
			f.paid += p.AmountCents
		}
	}
	if typ == "purchase" {
		for _, r := range b.keptReturns {
			if r.ApprovalStatus != "approved" || (store != 0 && stores[r.PurchaseID] != store) || r.ReturnDate > to {
				continue
			}
			f := at(r.supplier)
			f.balance -= r.Totals.AmountCents
			if r.ReturnDate >= from {
				f.returns += r.Totals.AmountCents
			}
		}
	}
	for id, f := range out {
		if *f == (partyFigures{}) {
			delete(out, id)
		}
	}
	return out
}

// checkParties compares customers_report and suppliers_report with partiesFromScratch over
// ranges that cut months (their days are read one by one, their whole months from
// report_party_running for every store, report_party_months for one) and whole months, every
// store and one; and each party's statement over
// such a range: its opening is the balance the day before, its end the list's balance.
func checkParties(t *testing.T, b *books) {
	t.Helper()
	sorts := [][]string{{"-balance_cents", "documents"}, {"oldest_overdue_days", "-party_name"}, {"-paid_cents", "total_cents"},
		{"-oldest_overdue_days", "returns_cents"}, {"party_name", "-documents"}, {"-party_name", "balance_cents"},
		{"-returns_cents", "party_name"}, {"-total_cents", "oldest_overdue_days"}, {"documents", "-paid_cents"}, {"-balance_cents", "party_name"}}
	// Every store's figures are running totals per party (report_party_running): ranges of whole
	// months starting before any movement (July), ending at a month some parties moved no more
	// in (September), and after every movement (December–January: balances only). Whole months
	// by name, on PostgreSQL, walk the parties in name order (partiesByName): by name both ways.
	// A range that ends inside a month reads its balances at the end of the month before plus
	// the days of its month up to its end, or at its month's end less the days after it,
	// whichever is fewer (balanceFromOf): October 18–29 the second, the others the first —
	// September 20 to October 9, one run of days across two months, only its October days.
	for i, r := range [][2]string{{"2026-08-15", "2026-10-20"}, {"2026-09-03", "2026-09-17"}, {"2026-10-01", "2026-11-30"},
		{"2026-08-01", "2026-10-09"}, {"2026-09-12", "2026-11-30"}, {"2026-07-01", "2026-09-30"}, {"2026-09-01", "2026-09-30"},
		{"2026-12-01", "2027-01-31"}, {"2026-10-18", "2026-10-29"}, {"2026-09-20", "2026-10-09"}} {
		for _, store := range []int64{0, b.stores[1]} {
			for _, side := range []struct{ typ, page string }{{"purchase", "suppliers_report"}, {"sale", "customers_report"}} {
				q := rng(r[0], r[1], "per_page", "500")
				if store != 0 {
					q.Set("store_id", fmt.Sprint(store))
				}
				want := partiesFromScratch(b, side.typ, r[0], r[1], store)
				list := b.get(t, b.Admin, side.page, q)
				what := fmt.Sprintf("%s %s..%s store %d", side.page, r[0], r[1], store)
				if len(list.Rows) != len(want) || list.Meta.Total != len(want) {
					t.Errorf("%s: %d parties (total %d), want %d", what, len(list.Rows), list.Meta.Total, len(want))
				}
				var sum partyFigures
				for _, w := range want {
					sum = partyFigures{sum.documents + w.documents, sum.total + w.total, sum.paid + w.paid, sum.returns + w.returns,
						sum.balance + w.balance}
				}
				expect(t, what+" totals", list.Totals, map[string]int64{"documents": sum.documents, "total_cents": sum.total,
					"paid_cents": sum.paid, "returns_cents": sum.returns, "balance_cents": sum.balance})
				if !inOrder(list.Rows, "party_name") {
					t.Errorf("%s: not by name: %v", what, list.Rows)
				}
				if store == 0 {
					// A user of the company reads its list (the scope narrowed to the company: every
					// party here), another company's user none of it.
					own, other := b.get(t, b.User, side.page, q), b.get(t, b.Other, side.page, q)
					if fmt.Sprint(own.Rows, own.Totals, own.Meta.Total) != fmt.Sprint(list.Rows, list.Totals, list.Meta.Total) {
						t.Errorf("%s: the company's user reads %v %v, the administrator %v %v", what, own.Rows, own.Totals, list.Rows, list.Totals)
					}
					if other.Meta.Total != 0 || len(other.Rows) != 0 {
						t.Errorf("%s: another company's user reads %d rows (total %d)", what, len(other.Rows), other.Meta.Total)
					}
				}
				checkSorts(t, b, side.page, q, list, sorts[i])
				for _, row := range list.Rows {
					id := int64(row["link"].(map[string]any)["id"].(float64))
					got := partyFigures{int64(row["documents"].(float64)), int64(row["total_cents"].(float64)), int64(row["paid_cents"].(float64)),
						int64(row["returns_cents"].(float64)), int64(row["balance_cents"].(float64))}
					if w := want[id]; w == nil || got != *w {
						t.Errorf("%s: party %d %+v, want %+v", what, id, got, w)
						continue
					}
					if store != 0 {
						continue
					}
					st := b.get(t, b.Admin, fmt.Sprintf("%s/%d", side.page, id), rng(r[0], r[1]))
					opening := partiesFromScratch(b, side.typ, "0000-00-00", addDays(r[0], -1), 0)[id]
					if opening == nil {
						opening = &partyFigures{}
					}
					first, last := st.Rows[0], st.Rows[len(st.Rows)-1]
					if first["kind"] != "opening" || int64(first["balance_cents"].(float64)) != opening.balance ||
						int64(last["balance_cents"].(float64)) != got.balance || st.Party.BalanceCents != got.balance {
						t.Errorf("%s/%d: statement opens at %v and ends at %v (party %d), want %d and %d", what, id, first["balance_cents"],
							last["balance_cents"], st.Party.BalanceCents, opening.balance, got.balance)
					}
				}
			}
		}
	}
}

// checkPartyTriggers moves documents, payments and returns the way the owners' other paths do
// (an archive sets deleted_at, a restore clears it, an edit moves a store or a date, a payment
// settles a document) straight in SQL, and checks after each write that the kept aggregates are
// the ones rebuilt from scratch: a payment or a return counts only while its document counts, so
// a document's trigger must move them too. Every write is undone at the end.
func checkPartyTriggers(t *testing.T, b *books) {
	t.Helper()
	ctx := t.Context()
	paidPurchase, paidSale, returned := int64(0), int64(0), int64(0)
	for _, r := range b.keptReturns {
		if r.ApprovalStatus == "approved" {
			returned = r.PurchaseID
		}
	}
	for _, p := range b.payments {
		if p.ApprovalStatus != "approved" {
			continue
		}
		if p.Type == "purchase" && p.DocumentID != returned {
			paidPurchase = p.DocumentID
		}
		if p.Type == "sale" {
			paidSale = p.DocumentID
		}
	}
	if paidPurchase == 0 || paidSale == 0 || returned == 0 {
		t.Fatalf("no paid purchase (%d), paid sale (%d) or returned purchase (%d): the data prove nothing", paidPurchase, paidSale, returned)
	}
	exec := func(what, q string, args ...any) {
		t.Helper()
		if _, err := b.DB.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		failed := t.Failed()
		// The aggregates a document's or a payment's write moves: the party ones, and those that
		// keep a payment on its document's store (a document that changes store takes its
		// payments' counts along).
		checkTables(t, b.DB, "report_party_days", "report_party_months", "report_party_balances", "report_payment_days",
			"report_user_days", "report_payable_dues", "report_payment_years", "report_payment_keys", "report_payment_party_days",
			"report_payment_store_years", "report_payment_months", "report_payment_acts")
		checkRunning(t, b.DB)
		if !failed && t.Failed() {
			t.Fatalf("after %s the aggregates disagree", what)
		}
	}
	for _, w := range []struct {
		what, q string
		id      int64
	}{
		{"a paid purchase archived", "UPDATE purchases SET deleted_at = updated_at WHERE id = ?", paidPurchase},
		{"a paid purchase restored", "UPDATE purchases SET deleted_at = NULL WHERE id = ?", paidPurchase},
		{"a returned purchase archived", "UPDATE purchases SET deleted_at = updated_at WHERE id = ?", returned},
		{"a returned purchase restored", "UPDATE purchases SET deleted_at = NULL WHERE id = ?", returned},
		{"a paid sale archived", "UPDATE sales SET deleted_at = updated_at WHERE id = ?", paidSale},
		{"a paid sale restored", "UPDATE sales SET deleted_at = NULL WHERE id = ?", paidSale},
	} {
		exec(w.what, w.q, w.id)
	}
	other := b.stores[0]
	var was struct {
		Store    int64  `bun:"store_id"`
		Date     string `bun:"purchase_date"`
		Due      string `bun:"due_date"`
		Supplier int64  `bun:"supplier_id"`
		Balance  int64  `bun:"balance_cents"`
	}
	if err := b.DB.NewRaw("SELECT store_id, purchase_date, due_date, supplier_id, balance_cents FROM purchases WHERE id = ?", returned).
		Scan(ctx, &was); err != nil {
		t.Fatal(err)
	}
	if other == was.Store {
		other = b.stores[1]
	}
	exec("a returned purchase moved to another store", "UPDATE purchases SET store_id = ? WHERE id = ?", other, returned)
	exec("a returned purchase moved to another month", "UPDATE purchases SET purchase_date = ? WHERE id = ?", "2026-06-30", returned)
	// The payables ageing keeps the purchase under its supplier and due date (report_payable_dues).
	otherSupplier := b.suppliers[0]
	if otherSupplier == was.Supplier {
		otherSupplier = b.suppliers[1]
	}
	exec("a returned purchase due a month later", "UPDATE purchases SET due_date = ? WHERE id = ?", "2026-12-31", returned)
	exec("a returned purchase given to another supplier", "UPDATE purchases SET supplier_id = ? WHERE id = ?", otherSupplier, returned)
	exec("a returned purchase partly paid", "UPDATE purchases SET balance_cents = balance_cents - 1 WHERE id = ?", returned)
	exec("a returned purchase settled", "UPDATE purchases SET balance_cents = 0 WHERE id = ?", returned)
	exec("a returned purchase put back", "UPDATE purchases SET store_id = ?, purchase_date = ?, due_date = ?, supplier_id = ?, "+
		"balance_cents = ? WHERE id = ?", was.Store, was.Date, was.Due, was.Supplier, was.Balance, returned)
	for _, doc := range []struct {
		table string
		id    int64
	}{{"purchases", paidPurchase}, {"sales", paidSale}} {
		var at int64
		if err := b.DB.NewRaw("SELECT store_id FROM "+doc.table+" WHERE id = ?", doc.id).Scan(ctx, &at); err != nil {
			t.Fatal(err)
		}
		to := b.stores[0]
		if to == at {
			to = b.stores[1]
		}
		exec("a paid document of "+doc.table+" moved to another store", "UPDATE "+doc.table+" SET store_id = ? WHERE id = ?", to, doc.id)
		exec("a paid document of "+doc.table+" archived in the other store", "UPDATE "+doc.table+" SET deleted_at = updated_at WHERE id = ?", doc.id)
		exec("a paid document of "+doc.table+" restored", "UPDATE "+doc.table+" SET deleted_at = NULL WHERE id = ?", doc.id)
		exec("a paid document of "+doc.table+" moved back", "UPDATE "+doc.table+" SET store_id = ? WHERE id = ?", at, doc.id)
	}
	exec("a return archived", "UPDATE purchase_returns SET deleted_at = updated_at WHERE purchase_id = ?", returned)
	exec("a return restored", "UPDATE purchase_returns SET deleted_at = NULL WHERE purchase_id = ?", returned)
	var pay struct {
		ID   int64  `bun:"id"`
		Date string `bun:"payment_date"`
	}
	if err := b.DB.NewRaw("SELECT id, payment_date FROM payments WHERE document_id = ? AND type = 'sale' AND approval_status = 'approved'",
		paidSale).Scan(ctx, &pay); err != nil {
		t.Fatal(err)
	}
	exec("a payment moved to another month", "UPDATE payments SET payment_date = ? WHERE id = ?", "2026-07-15", pay.ID)
	exec("a payment moved back", "UPDATE payments SET payment_date = ? WHERE id = ?", pay.Date, pay.ID)
	// report_payment_years keeps a row per calendar year: a payment moved to the year before
	// leaves this year's row for last year's, and a range across the two adds both.
	moved := slices.IndexFunc(b.payments, func(p payment) bool { return p.ID == pay.ID })
	exec("a payment moved to the year before", "UPDATE payments SET payment_date = ? WHERE id = ?", "2025-12-20", pay.ID)
	b.payments[moved].Date = "2025-12-20"
	for _, r := range [][2]string{{"2025-12-01", "2026-11-30"}, {"2025-11-20", "2026-09-10"}, {"2025-12-01", "2025-12-31"},
		{"2026-01-01", "2026-12-31"}} {
		what := fmt.Sprintf("payment_report %s..%s, a payment in 2025", r[0], r[1])
		list := checkPaymentRows(t, b, what, rng(r[0], r[1]), r[0], r[1], 0)
		// Sorted by a figure, largest first, over whole months of two calendar years: the
		// candidates of each year are bounded apart (boundedTop), the moved payment's key among
		// 2025's.
		checkSorts(t, b, "payment_report", rng(r[0], r[1]), list, []string{"-approved_in_cents", "-payments", "-approved_out_cents"})
	}
	// Ranges that cut days of two months across the two years (no whole month between them, or
	// some), every store and the payment's store: their cut days are read from
	// report_payment_party_days, on PostgreSQL the first pages party by party.
	for _, r := range [][2]string{{"2025-12-15", "2026-01-20"}, {"2025-12-20", "2026-10-10"}} {
		for _, store := range []int64{0, b.stores[1]} {
			q := rng(r[0], r[1])
			if store != 0 {
				q.Set("store_id", fmt.Sprint(store))
			}
			what := fmt.Sprintf("payment_report %s..%s store %d, a payment in 2025", r[0], r[1], store)
			list := checkPaymentRows(t, b, what, q, r[0], r[1], store)
			checkPages(t, b, "payment_report", what, q, list)
			checkSorts(t, b, "payment_report", q, list, []string{"-approved_in_cents"})
		}
	}
	// report_payment_keys keeps a row per block of five calendar years (2020–2024, 2025–2029): a
	// range across two counts a key of both blocks once.
	exec("a payment moved to the block before", "UPDATE payments SET payment_date = ? WHERE id = ?", "2024-12-20", pay.ID)
	b.payments[moved].Date = "2024-12-20"
	for _, r := range [][2]string{{"2024-12-01", "2025-11-30"}, {"2024-11-01", "2026-11-30"}, {"2024-12-01", "2024-12-31"}} {
		checkPaymentRows(t, b, fmt.Sprintf("payment_report %s..%s, a payment in 2024", r[0], r[1]), rng(r[0], r[1]), r[0], r[1], 0)
	}
	exec("a payment moved back to its year", "UPDATE payments SET payment_date = ? WHERE id = ?", pay.Date, pay.ID)
	b.payments[moved].Date = pay.Date
	// What the lists show after the round trips is still what the documents say.
	checkParties(t, b)
	checkPayments(t, b)
}
