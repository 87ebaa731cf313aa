package payments_test

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"testing"

	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/payments"
	"github.com/backoffice/backoffice/platform/listing"
)

// Never overpaid under concurrency, on both databases (the small CI version of issue 11's
// 10,000 attempts): 50 clients pay random amounts on 5 purchases at once, then every pending
// payment is approved at once while an administrator keeps paying too. At every stage, on every
// purchase, paid + pending ≤ total, and paid is exactly the sum of its approved payments.
func TestNeverOverpaidUnderConcurrency(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		const total = 100_000_00
		docs := make([]int64, 5)
		for i := range docs {
			docs[i] = w.purchase(t, w.Admin, total, false).ID
		}
		r := rand.New(rand.NewPCG(11, 2026))
		type attempt struct{ doc, cents int64 }
		attempts := make([]attempt, 50)
		for i := range attempts {
			attempts[i] = attempt{docs[r.IntN(len(docs))], 1 + r.Int64N(40_000_00)}
		}
		race := func(n int, fn func(i int) int) map[int]int {
			var mu sync.Mutex
			var wg sync.WaitGroup
			statuses := map[int]int{}
			for i := range n {
				wg.Go(func() {
					status := fn(i)
					mu.Lock()
					statuses[status]++
					mu.Unlock()
				})
			}
			wg.Wait()
			return statuses
		}
		statuses := race(len(attempts), func(i int) int {
			token := []string{w.User, w.Secretary}[i%2]
			return w.pay(t, token, form("purchase", attempts[i].doc, attempts[i].cents), 0, nil).Status
		})
		if statuses[http.StatusCreated] == 0 || statuses[http.StatusCreated]+statuses[http.StatusUnprocessableEntity] != len(attempts) {
			t.Fatalf("answers %v: want only 201 and 422", statuses)
		}
		check := func(stage string) (pending []payments.Payment) {
			t.Helper()
			for _, id := range docs {
				var list listing.Page[payments.Payment]
				w.Get(t, fmt.Sprintf("/api/payments?type=purchase&document_id=%d&per_page=100", id), w.Admin).
					Expect(http.StatusOK).JSON(&list)
				var pendingSum, approvedSum int64
				for _, pm := range list.Data {
					switch pm.ApprovalStatus {
					case "pending":
						pendingSum += pm.AmountCents
						pending = append(pending, pm)
					case "approved":
						approvedSum += pm.AmountCents
					}
				}
				doc := w.document(t, "purchase", id)
				if doc.Totals.PaidCents != approvedSum || doc.Totals.PaidCents+pendingSum > total ||
					doc.Totals.BalanceCents != total-doc.Totals.PaidCents {
					t.Fatalf("%s: purchase %d paid %d (approved %d) + pending %d, total %d", stage, id,
						doc.Totals.PaidCents, approvedSum, pendingSum, total)
				}
			}
			return pending
		}
		pending := check("after the payments")

		// Every pending payment approved at once, while the administrator pays each purchase too:
		// an approval that no longer fits is refused, nothing is ever overpaid.
		statuses = race(len(pending)+len(docs), func(i int) int {
			if i < len(pending) {
				return w.decide(t, pending[i].ID, "approve", nil).Status
			}
			return w.pay(t, w.Admin, form("purchase", docs[i-len(pending)], 30_000_00), 0, nil).Status
		})
		for status := range statuses {
			if status != http.StatusOK && status != http.StatusCreated && status != http.StatusUnprocessableEntity {
				t.Fatalf("answers %v", statuses)
			}
		}
		check("after the approvals")
	})
}

// One pending payment approved by many administrators at once (a double click, two admins on the
// pending page): exactly one approval counts it as paid and every other answers 409 'Only
// pending records can be approved or rejected.' — never 422 'The payment exceeds the balance
// due', which an approval that read the payment as pending before the winner committed used to
// answer, having re-checked the amount against a balance that already held it (found by
// bench/paystorm).
func TestConcurrentApprovalsOfOnePayment(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		const total, approvers = 100_000_00, 20
		for round := range 3 {
			doc := w.purchase(t, w.Admin, total, false)
			// The whole balance: once one approval committed, nothing is left for the payment's
			// own amount, so a late re-check would refuse it.
			pm := paid(t, w.pay(t, w.User, form("purchase", doc.ID, total), 0, nil), http.StatusCreated)
			responses := make([]*authtest.Response, approvers)
			var wg sync.WaitGroup
			for i := range responses {
				wg.Go(func() { responses[i] = w.decide(t, pm.ID, "approve", nil) })
			}
			wg.Wait()
			answers := map[int]int{}
			for _, r := range responses {
				answers[r.Status]++
				if r.Status == http.StatusConflict {
					r.ExpectError(http.StatusConflict, "conflict", "Only pending records can be approved or rejected.")
				}
			}
			if answers[http.StatusOK] != 1 || answers[http.StatusConflict] != approvers-1 {
				t.Fatalf("round %d: answers %v, want one 200 and %d × 409", round, answers, approvers-1)
			}
			if got := w.document(t, "purchase", doc.ID); got.Totals.PaidCents != total || got.Status != "paid" {
				t.Fatalf("round %d: purchase paid %d, status %s", round, got.Totals.PaidCents, got.Status)
			}
		}
	})
}
