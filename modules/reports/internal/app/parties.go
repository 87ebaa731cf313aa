package app

import (
	"context"
	"slices"

	"github.com/backoffice/backoffice/modules/reports/internal/store"
)

// The party pages: customers_report, suppliers_report, their statements and the payables
// ageing (expired_purchases_report).

// signed is a movement's effect on what is owed: a document raises it, a payment or a return
// lowers it.
func signed(m store.Movement) int64 {
	if m.Kind == store.KindPayment || m.Kind == store.KindReturn {
		return -m.AmountCents
	}
	return m.AmountCents
}

func partyLink(typ string, id int64) ReportLink {
	if typ == store.Purchase {
		return ReportLink{Kind: "supplier", ID: id}
	}
	return ReportLink{Kind: "customer", ID: id}
}

// parties: every party of typ with movements in the range or a balance at its end — its
// documents, paid and returned in the range, its balance at the range's end, and how many
// days its oldest unpaid document is past due today — summed, sorted and paged in SQL.
func parties(typ string) sqlRows {
	return func(ctx context.Context, st *store.Store, q query, w store.Window, fn func(Row) error) (map[string]int64, int, error) {
		t, err := st.PartyRows(ctx, q.filter, typ, q.today, q.order, w, func(p store.PartyRow) error {
			oldest := int64(0)
			if p.OldestDue != "" {
				oldest = max(daysBetween(p.OldestDue, q.today), 0)
			}
			return fn(Row{"party_name": p.Name, "documents": p.Documents, "total_cents": p.TotalCents, "paid_cents": p.PaidCents,
				"returns_cents": p.ReturnsCents, "balance_cents": p.BalanceCents, "oldest_overdue_days": oldest,
				"link": partyLink(typ, p.PartyID)})
		})
		return map[string]int64{"documents": t.Documents, "total_cents": t.TotalCents, "paid_cents": t.PaidCents,
			"returns_cents": t.ReturnsCents, "balance_cents": t.BalanceCents}, t.Rows, err
	}
}

// statement: the party's account — an opening balance at the range's start, then every
// document, approved payment and return in the range in date order with the running balance,
// which ends at the party's balance at the range's end; and the ageing of its documents'
// balances today.
func statement(typ string) func(context.Context, *store.Store, query) (built, error) {
	return func(ctx context.Context, st *store.Store, q query) (built, error) {
		party, err := st.Party(ctx, q.filter.Scope, typ, q.id)
		if err != nil {
			return built{}, err
		}
		balance, err := st.Opening(ctx, q.filter, typ, q.id)
		if err != nil {
			return built{}, err
		}
		movs, err := st.Movements(ctx, q.filter, typ, q.id)
		if err != nil {
			return built{}, err
		}
		open, err := st.Open(ctx, q.filter, typ, q.id)
		if err != nil {
			return built{}, err
		}
		out := &ReportParty{ID: party.ID, Kind: partyLink(typ, 0).Kind, Name: party.Name}
		for _, m := range open {
			out.Ageing.add(q.today, m.DueDate, m.BalanceCents)
		}
		var charges, credits int64
		rows := []Row{{"date": q.filter.From, "kind": "opening", "number": "", "charge_cents": int64(0),
			"credit_cents": int64(0), "balance_cents": balance}}
		for _, m := range movs {
			balance += signed(m)
			r := Row{"date": m.Date, "kind": m.Kind, "number": m.Number, "charge_cents": int64(0), "credit_cents": int64(0),
				"balance_cents": balance, "link": ReportLink{Kind: m.Kind, ID: m.ID}}
			if m.Kind == store.KindReturn {
				r["link"] = ReportLink{Kind: typ, ID: m.DocumentID}
			}
			if v := signed(m); v > 0 {
				r["charge_cents"], charges = v, charges+v
			} else {
				r["credit_cents"], credits = -v, credits-v
			}
			rows = append(rows, r)
		}
		out.BalanceCents = balance
		return built{rows: rows, party: out,
			totals: map[string]int64{"charge_cents": charges, "credit_cents": credits, "balance_cents": balance}}, nil
	}
}

// expiredPurchases: accounts payable ageing today — per supplier, the balances of approved
// purchases past their due date, by days overdue. The range does not apply: what is overdue
// today is overdue whenever it was bought.
func expiredPurchases(ctx context.Context, st *store.Store, q query) (built, error) {
	aged, err := st.Ageing(ctx, q.filter, store.Purchase, q.today)
	if err != nil {
		return built{}, err
	}
	rows := make([]Row, 0, len(aged))
	for _, a := range aged {
		rows = append(rows, Row{"party_name": a.Name, "documents": a.Documents, "days_1_30_cents": a.Days1To30Cents,
			"days_31_60_cents": a.Days31To60Cents, "days_61_90_cents": a.Days61To90Cents, "over_90_cents": a.Over90Cents,
			"overdue_cents":       a.Days1To30Cents + a.Days31To60Cents + a.Days61To90Cents + a.Over90Cents,
			"oldest_overdue_days": max(daysBetween(a.OldestDue, q.today), 0), "link": partyLink(store.Purchase, a.PartyID)})
	}
	slices.SortStableFunc(rows, func(a, b Row) int {
		if c := compare(b["overdue_cents"], a["overdue_cents"]); c != 0 {
			return c
		}
		return compare(a["link"].(ReportLink).ID, b["link"].(ReportLink).ID)
	})
	return built{rows: rows}, nil
}
