package app

import (
	"context"

	"github.com/backoffice/backoffice/modules/reports/internal/store"
)

// paymentsByParty: the payments dated in the range per direction, method and party, approved
// apart from pending — summed, sorted and paged in SQL.
func paymentsByParty(ctx context.Context, st *store.Store, q query, w store.Window, fn func(Row) error) (map[string]int64, int, error) {
	order := q.order
	if order.Key == "payments" {
		order.Key = "count" // the store's name of the count
	}
	t, err := st.PaymentRows(ctx, q.filter, order, w, func(p store.PaymentRow) error {
		r := Row{"direction": "in", "method": p.Method, "party_name": p.PartyName, "payments": p.Count,
			"link": ReportLink{Kind: "customer", ID: p.PartyID}, "approved_out_cents": int64(0), "pending_out_cents": int64(0),
			"approved_in_cents": p.ApprovedCents, "pending_in_cents": p.PendingCents}
		if p.Type == store.Purchase {
			r["direction"], r["link"] = "out", ReportLink{Kind: "supplier", ID: p.PartyID}
			r["approved_out_cents"], r["pending_out_cents"], r["approved_in_cents"], r["pending_in_cents"] =
				p.ApprovedCents, p.PendingCents, int64(0), int64(0)
		}
		return fn(r)
	})
	return map[string]int64{"payments": t.Count, "approved_out_cents": t.ApprovedOut, "pending_out_cents": t.PendingOut,
		"approved_in_cents": t.ApprovedIn, "pending_in_cents": t.PendingIn}, t.Rows, err
}
