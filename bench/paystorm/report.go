package main

import (
	"fmt"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

// printReports prints every backend's figures as Markdown, then its checks.
func printReports(o options, rs []*report) {
	fmt.Printf("## Never overpaid: %d attempts from %d clients over %d purchases\n\n", o.attempts, o.conc, o.docs)
	fmt.Println("| backend | attempts | time | attempts/s | created (201) | created/s | refused for the balance (422) | approvals 200 / 409 / 422 | rejections | 5xx | other errors | overpaid | server CPU | host CPU busy | load average (start → end) |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range rs {
		s := r.storm
		secs := s.dur.Seconds()
		n := func(op string, st int) int {
			if res := s.lat[op][st]; res != nil {
				return len(res.Lat)
			}
			return 0
		}
		refused := n(opPending, 422) + n(opAdmin, 422)
		approvals := fmt.Sprintf("%d / %d / %d", n(opApprove, 200)+n(opRace, 200), n(opRace, 409),
			n(opApprove, 422)+n(opRace, 422))
		fmt.Printf("| %s | %d | %.1f s | %.0f | %d | %.0f | %d | %s | %d | %d | %d | %d %v | %.1f s | %.0f%% | %s → %s |\n",
			r.backend, s.attempts(), secs, float64(s.attempts())/secs, s.created, float64(s.created)/secs, refused, approvals,
			n(opReject, 200), s.fives, s.errors, len(r.overpaid), r.overpaid, r.serverCPU.Seconds(), 100*r.hostBusy,
			r.loadStart, r.loadEnd)
	}
	fmt.Println()
	for _, r := range rs {
		fmt.Printf("Latency by outcome on %s (%d clients):\n\n", r.backend, o.conc)
		table(r.storm.results())
		var total, paid, pending int64
		full := 0
		for _, d := range r.docs {
			total, paid, pending = total+d.total, paid+d.paid, pending+d.pending
			if d.paid+d.pending+d.returns == d.total {
				full++
			}
		}
		fmt.Printf("\nAfter the run on %s: %d purchases owing %s in all; paid %s (%.1f %%), pending %s (%.1f %%); %d of them taken to the last centavo (paid + pending = total).\n\n",
			r.backend, len(r.docs), cop(total), cop(paid), pct(paid, total), cop(pending), pct(pending, total), full)
	}
	if o.keys > 0 {
		fmt.Printf("## Retry storm: %d Idempotency-Keys × %d sends from %d clients\n\n", o.keys, o.retries, o.conc)
		fmt.Println("| backend | key store | keys (payment / run / over the balance) | sends | time | sends/s | duplicates | answers ≠ first | 409 in flight | 5xx |")
		fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
		for _, r := range rs {
			if r.retry == nil {
				continue
			}
			store := "in-process (embedded)"
			if r.backend == "PostgreSQL" {
				store = "Redis"
			}
			fmt.Printf("| %s | %s | %d / %d / %d | %d | %.1f s | %.0f | %d | %d | %d | %d |\n", r.backend, store,
				r.verdicts[kindPayment], r.verdicts[kindRun], r.verdicts[kindRefused], r.retry.sends, r.retry.dur.Seconds(),
				float64(r.retry.sends)/r.retry.dur.Seconds(), len(r.duplicates), r.differ, r.inFlight, r.retry.fives)
		}
		fmt.Println()
		for _, r := range rs {
			if r.retry != nil {
				fmt.Printf("Retry storm latency by answer on %s:\n\n", r.backend)
				table(r.retry.latencies())
				fmt.Println()
			}
		}
	}
	for _, r := range rs {
		r.Print(r.backend)
	}
}

// table prints latency samples: count, p50/p90/p99/max.
func table(rs []*benchkit.Result) {
	fmt.Println("| outcome | answers | p50 | p90 | p99 | max |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, r := range rs {
		fmt.Printf("| %s | %d | %s | %s | %s | %s |\n", r.Name, len(r.Lat), benchkit.Ms(r.Pct(0.5)), benchkit.Ms(r.Pct(0.9)),
			benchkit.Ms(r.Pct(0.99)), benchkit.Ms(r.Pct(1)))
	}
}

func pct(a, b int64) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// cop writes centavos as pesos with thousands dots ($ 1.234.567), whole pesos.
func cop(cents int64) string {
	s := fmt.Sprint(cents / 100)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "." + s[i:]
	}
	return "$ " + s
}
