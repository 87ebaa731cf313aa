package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"sort"
	"sync"
	"time"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

// The kinds of attempt of the concurrency run.
const (
	opPending = "payment by user/secretary (pending)"
	opAdmin   = "payment by admin (approved at once)"
	opApprove = "approval of a pending payment"
	opRace    = "approval raced by a second one"
	opReject  = "rejection of a pending payment"
)

var opOrder = []string{opPending, opAdmin, opApprove, opRace, opReject}

// pendingPay is a pending payment of the run, waiting for a decision.
type pendingPay struct{ id, doc, cents int64 }

// stormRun is what the attempts of the concurrency run got.
type stormRun struct {
	mu sync.Mutex
	// lat holds the latencies by kind of attempt and status.
	lat            map[string]map[int]*benchkit.Result
	fives, errors  int
	firstFive      error
	firstErr       error
	created        int
	doubleApproved []int64
	// misanswered are the payments of raced approvals where the loser answered 422 (the balance)
	// instead of 409 (already decided).
	misanswered []int64
	// approved is Σ the amounts the bench saw approved, by purchase: the admin's 201s and the
	// 200s of approvals.
	approved map[int64]int64
	pending  []pendingPay
	dur      time.Duration
	conc     int
}

func (s *stormRun) attempts() int {
	n := 0
	for _, m := range s.lat {
		for _, r := range m {
			n += len(r.Lat)
		}
	}
	return n + s.fives + s.errors
}

// counts are the answers by kind and status, for the progress log.
func (s *stormRun) counts() map[string]map[int]int {
	out := map[string]map[int]int{}
	for op, m := range s.lat {
		out[op] = map[int]int{}
		for st, r := range m {
			out[op][st] = len(r.Lat)
		}
	}
	return out
}

func (s *stormRun) approvedByDoc() map[int64]int64 { return s.approved }

// record files answer a of an attempt of kind op, which expects the statuses ok (an unexpected
// status or a transport error is an error, a 5xx a failure of its own).
func (s *stormRun) record(op string, a answer, ok ...int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case a.err != nil:
		s.errors++
		if s.firstErr == nil {
			s.firstErr = fmt.Errorf("%s: %w", op, a.err)
		}
		return false
	case a.status >= 500:
		s.fives++
		if s.firstFive == nil {
			s.firstFive = fmt.Errorf("%s: status %d: %.200s", op, a.status, a.body)
		}
		return false
	}
	for _, st := range ok {
		if a.status == st {
			if s.lat[op] == nil {
				s.lat[op] = map[int]*benchkit.Result{}
			}
			if s.lat[op][st] == nil {
				s.lat[op][st] = &benchkit.Result{Name: fmt.Sprintf("%s → %d", op, st), Conc: s.conc}
			}
			s.lat[op][st].Add(a.lat, nil)
			if st == http.StatusCreated {
				s.created++
			}
			return true
		}
	}
	s.errors++
	if s.firstErr == nil {
		s.firstErr = fmt.Errorf("%s: unexpected status %d: %.200s", op, a.status, a.body)
	}
	return false
}

// balance reads purchase id's balance through the API: fallback when it cannot, 1 centavo when
// nothing is left.
func (w *world) balance(id, fallback int64) int64 {
	var p struct {
		Data purchase `json:"data"`
	}
	if err := w.admin.GetJSON(fmt.Sprintf("/api/purchases/%d", id), &p); err != nil {
		return fallback
	}
	return max(p.Data.Totals.BalanceCents, 1)
}

// amount is a payment on a purchase of total: log-uniform between total/2000 and total/5, so
// that purchases fill early and most later payments exceed what is left, while small ones keep
// fitting into the gaps.
func amount(total int64) int64 {
	lo, hi := math.Log(1.0/2000), math.Log(1.0/5)
	return max(1, int64(float64(total)*math.Exp(lo+rand.Float64()*(hi-lo))))
}

// storm has conc clients make n attempts over docs, bounded by timeout.
func (w *world) storm(docs []doc, conc, n int, timeout time.Duration) *stormRun {
	s := &stormRun{lat: map[string]map[int]*benchkit.Result{}, approved: map[int64]int64{}, conc: conc}
	var issued int
	take := func(k int) int { // takes up to k attempts; 0 when none is left
		s.mu.Lock()
		defer s.mu.Unlock()
		k = min(k, n-issued)
		issued += k
		return k
	}
	popPending := func() (pendingPay, bool) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if len(s.pending) == 0 {
			return pendingPay{}, false
		}
		i := rand.IntN(len(s.pending))
		p := s.pending[i]
		s.pending[i] = s.pending[len(s.pending)-1]
		s.pending = s.pending[:len(s.pending)-1]
		return p, true
	}
	decide := func(p pendingPay, verb string) answer {
		var body []byte
		ct := ""
		if verb == "reject" {
			body, ct = []byte(`{"reason":"Rechazado por el bench de pagos"}`), "application/json"
		}
		return send(w.admin, http.MethodPost, fmt.Sprintf("/api/payments/%d/%s", p.id, verb), ct, body, nil)
	}
	// decision makes the attempt r (70–99) on pending payment p: a rejection (1 in 5), two
	// approvals at the same moment (2 attempts, 1 in 5), or an approval. It is false when no
	// attempt is left.
	decision := func(p pendingPay, r int) bool {
		k := 1
		if r >= 76 && r < 82 {
			k = 2
		}
		switch k = take(k); {
		case k == 0:
			return false
		case r < 76:
			s.record(opReject, decide(p, "reject"), http.StatusOK)
		case k == 2:
			var both [2]answer
			var race sync.WaitGroup
			for i := range both {
				race.Go(func() { both[i] = decide(p, "approve") })
			}
			race.Wait()
			wins, refused := 0, 0
			for _, a := range both {
				if s.record(opRace, a, http.StatusOK, http.StatusConflict, http.StatusUnprocessableEntity) {
					wins += b2i(a.status == http.StatusOK)
					refused += b2i(a.status == http.StatusUnprocessableEntity)
				}
				s.refusal(opRace, a)
			}
			s.approvedOnce(p, wins)
			if wins == 1 && refused == 1 {
				// The loser must hear that the payment was decided (409), not that it no
				// longer fits a balance that already counts it.
				s.mu.Lock()
				s.misanswered = append(s.misanswered, p.id)
				s.mu.Unlock()
			}
		default:
			a := decide(p, "approve")
			if s.record(opApprove, a, http.StatusOK, http.StatusUnprocessableEntity) && a.status == http.StatusOK {
				s.approvedOnce(p, 1)
			}
			s.refusal(opApprove, a)
		}
		return true
	}
	start := time.Now()
	deadline := start.Add(timeout)
	var wg sync.WaitGroup
	for c := range conc {
		wg.Go(func() {
			who := w.user
			if c%2 == 1 {
				who = w.secretary
			}
			ref := fmt.Sprintf("ST-%s-%d", w.tag, c)
			for time.Now().Before(deadline) {
				// 45 % pending payments, 25 % the admin's, 30 % decisions (a payment when none
				// is pending).
				r := rand.IntN(100)
				if r >= 70 {
					if p, ok := popPending(); ok {
						if !decision(p, r) {
							return
						}
						continue
					}
				}
				if take(1) == 0 {
					return
				}
				d := docs[rand.IntN(len(docs))]
				cents := amount(d.total)
				if r%20 == 0 {
					// 5 %: the whole balance as just read (not counted as an attempt), which
					// fits only while nothing is pending: the boundary itself, to the centavo.
					cents = w.balance(d.id, cents)
				}
				op, payer := opPending, who
				if r >= 45 && r < 70 {
					op, payer = opAdmin, w.admin
				}
				a := w.pay(payer, d.id, cents, ref, nil)
				if s.record(op, a, http.StatusCreated, http.StatusUnprocessableEntity) {
					s.created201(a, d, cents, op == opAdmin)
					s.refusal(op, a)
				}
			}
		})
	}
	wg.Wait()
	s.dur = time.Since(start)
	return s
}

// created201 keeps a created payment: counted as approved on its purchase (admin), or waiting
// for a decision.
func (s *stormRun) created201(a answer, d doc, cents int64, admin bool) {
	if a.status != http.StatusCreated {
		return
	}
	var out struct {
		Data payment `json:"data"`
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := json.Unmarshal(a.body, &out); err != nil || out.Data.ID == 0 || out.Data.AmountCents != cents {
		s.errors++
		if s.firstErr == nil {
			s.firstErr = fmt.Errorf("201 without the payment of %d: %.200s", cents, a.body)
		}
		return
	}
	want := map[bool]string{true: "approved", false: "pending"}[admin]
	if out.Data.ApprovalStatus != want {
		s.errors++
		if s.firstErr == nil {
			s.firstErr = fmt.Errorf("payment %d is %s, want %s", out.Data.ID, out.Data.ApprovalStatus, want)
		}
		return
	}
	if admin {
		s.approved[d.id] += cents
		return
	}
	s.pending = append(s.pending, pendingPay{id: out.Data.ID, doc: d.id, cents: cents})
}

// refusal checks that a 422 is the refusal for the balance, on amount_cents.
func (s *stormRun) refusal(op string, a answer) {
	if a.status != http.StatusUnprocessableEntity || overpaid(a, "amount_cents") {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.errors++
	if s.firstErr == nil {
		s.firstErr = fmt.Errorf("%s: 422 without the balance message: %.200s", op, a.body)
	}
}

// approvedOnce counts pending payment p as approved when exactly one approval of it won; two
// winners would be a payment counted twice.
func (s *stormRun) approvedOnce(p pendingPay, wins int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if wins > 1 {
		s.doubleApproved = append(s.doubleApproved, p.id)
	}
	if wins > 0 {
		s.approved[p.doc] += int64(wins) * p.cents
	}
}

// results are the latency samples in a stable order: kinds as opOrder, statuses ascending.
func (s *stormRun) results() []*benchkit.Result {
	var out []*benchkit.Result
	for _, op := range opOrder {
		var sts []int
		for st := range s.lat[op] {
			sts = append(sts, st)
		}
		sort.Ints(sts)
		for _, st := range sts {
			out = append(out, s.lat[op][st])
		}
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
