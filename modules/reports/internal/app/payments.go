package app

import (
	"context"
	"slices"

	"github.com/backoffice/backoffice/modules/reports/internal/store"
)

// paymentsByParty: the payments dated in the range per direction, method and party, approved
// apart from pending.
func paymentsByParty(ctx context.Context, st *store.Store, q query) (built, error) {
	figs, err := st.PaymentsByParty(ctx, q.filter)
	if err != nil {
		return built{}, err
	}
	type key struct {
		typ, method string
		party       int64
	}
	byKey := map[key]Row{}
	var rows []Row
	for _, f := range figs {
		k := key{f.Type, f.Method, f.PartyID}
		r, ok := byKey[k]
		if !ok {
			dir, link := "in", ReportLink{Kind: "customer", ID: f.PartyID}
			if f.Type == store.Purchase {
				dir, link = "out", ReportLink{Kind: "supplier", ID: f.PartyID}
			}
			r = Row{"direction": dir, "method": f.Method, "party_name": f.PartyName, "payments": int64(0), "link": link,
				"approved_out_cents": int64(0), "pending_out_cents": int64(0), "approved_in_cents": int64(0), "pending_in_cents": int64(0)}
			byKey[k] = r
			rows = append(rows, r)
		}
		add(r, "payments", f.Count)
		add(r, f.Approval+"_"+r["direction"].(string)+"_cents", f.AmountCents)
	}
	slices.SortStableFunc(rows, func(a, b Row) int {
		if c := compare(a["direction"], b["direction"]); c != 0 {
			return -c // out first
		}
		if c := compare(a["party_name"], b["party_name"]); c != 0 {
			return c
		}
		return compare(a["method"], b["method"])
	})
	return built{rows: rows}, nil
}
