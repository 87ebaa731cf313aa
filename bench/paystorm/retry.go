package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sort"
	"sync"
	"time"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

// The answers of a keyed request while the first is in flight, and to another request under a
// used key (platform/idempotency).
const (
	msgInFlight = "A request with this Idempotency-Key is still being processed."
	msgKeyReuse = "This Idempotency-Key was already used with another request."
)

// The kinds of submission of the retry storm.
const (
	kindPayment = "payment"
	kindRun     = "run (batch)"
	kindRefused = "payment over the balance"
)

// submission is one Idempotency-Key: what is sent under it, by whom, and what came back.
type submission struct {
	key, ref, kind string
	s              *benchkit.Session
	path, ct       string
	body, other    []byte // other: another request under the same key (nil: none)
	payments       int    // payments it must store: 1, the run's items, 0 when refused
	answers        []answer
	otherAnswers   []answer
	late409        int // 409s after every key had been answered once: a key stuck in flight
}

// retryRun is what the retry storm got.
type retryRun struct {
	subs                 []*submission
	dur                  time.Duration
	conc                 int
	sends, fives, errors int
	firstFive, firstErr  error
}

// retryStorm sends keys submissions retries times each from conc clients over docs: the first
// half of a key's sends at the same moment, the rest afterwards interleaved with the other keys;
// one key in ten also gets another body at the end.
func (w *world) retryStorm(docs []doc, conc, keys, retries int, timeout time.Duration) *retryRun {
	rr := &retryRun{conc: conc}
	users := []*benchkit.Session{w.admin, w.user, w.secretary}
	for k := range keys {
		sub := &submission{key: fmt.Sprintf("paystorm-%s-%05d-%08x", w.tag, k, rand.Uint32()),
			ref: fmt.Sprintf("RS-%s-%04d", w.tag, k), s: users[k%3], kind: kindPayment, payments: 1}
		d := docs[rand.IntN(len(docs))]
		var err error
		switch {
		case k%5 == 0:
			sub.kind, sub.path, sub.ct = kindRun, "/api/payments/batch", "application/json"
			items := []map[string]int64{}
			for _, i := range rand.Perm(len(docs))[:2+k%2] {
				items = append(items, map[string]int64{"document_id": docs[i].id, "amount_cents": (1000 + rand.Int64N(49_000)) * 100})
			}
			sub.payments = len(items)
			sub.body, err = json.Marshal(map[string]any{"type": "purchase", "date": w.today, "reference_no": sub.ref,
				"method": "transfer", "note": "Lote del bench de reintentos", "items": items})
		case k%10 == 9:
			sub.kind, sub.payments = kindRefused, 0
			sub.path = "/api/payments"
			sub.ct, sub.body, err = w.paymentForm(d.id, d.total+1, sub.ref)
		default:
			sub.path = "/api/payments"
			cents := (1000 + rand.Int64N(49_000)) * 100
			sub.ct, sub.body, err = w.paymentForm(d.id, cents, sub.ref)
			if k%10 == 3 && err == nil {
				_, sub.other, err = w.paymentForm(d.id, cents+100, sub.ref)
				// The same boundary as the body's, so that only the JSON differs.
				sub.other = bytes.Replace(sub.other, boundary(sub.other), boundary(sub.body), -1)
			}
		}
		if err != nil {
			panic(err) // marshalling maps of strings and numbers does not fail
		}
		rr.subs = append(rr.subs, sub)
	}
	type job struct {
		sub   *submission
		other bool
	}
	var mu sync.Mutex
	runJobs := func(jobs []job, late bool) {
		ch := make(chan job)
		var wg sync.WaitGroup
		deadline := time.Now().Add(timeout)
		for range conc {
			wg.Go(func() {
				for j := range ch {
					if time.Now().After(deadline) {
						continue
					}
					body := j.sub.body
					if j.other {
						body = j.sub.other
					}
					a := send(j.sub.s, http.MethodPost, j.sub.path, j.sub.ct, body, map[string]string{"Idempotency-Key": j.sub.key})
					mu.Lock()
					rr.sends++
					switch {
					case a.err != nil:
						rr.errors++
						if rr.firstErr == nil {
							rr.firstErr = a.err
						}
					case a.status >= 500:
						rr.fives++
						if rr.firstFive == nil {
							rr.firstFive = fmt.Errorf("%s: status %d: %.200s", j.sub.kind, a.status, a.body)
						}
					case j.other:
						j.sub.otherAnswers = append(j.sub.otherAnswers, a)
					default:
						if late && a.status == http.StatusConflict {
							j.sub.late409++
						}
						j.sub.answers = append(j.sub.answers, a)
					}
					mu.Unlock()
				}
			})
		}
		for _, j := range jobs {
			ch <- j
		}
		close(ch)
		wg.Wait()
	}
	first := retries / 2
	var burst, later []job
	for _, sub := range rr.subs {
		for range first {
			burst = append(burst, job{sub: sub})
		}
	}
	for range retries - first - 1 {
		for _, sub := range rr.subs {
			later = append(later, job{sub: sub})
		}
	}
	for _, sub := range rr.subs {
		later = append(later, job{sub: sub, other: sub.other != nil})
	}
	start := time.Now()
	runJobs(burst, false)
	runJobs(later, true)
	rr.dur = time.Since(start)
	return rr
}

// boundary is the first line of a multipart body: its boundary.
func boundary(body []byte) []byte {
	line, _, _ := bytes.Cut(body, []byte("\r\n"))
	return line
}

// keyVerdict is what a key's answers say.
type keyVerdict struct {
	// differ counts answers (not 409) that differ from the key's first answer.
	differ int
	// inFlight counts 409 'still being processed'.
	inFlight int
	// badOther counts answers to the other body that are not the 422 of a reused key.
	badOther int
	// wrong is an answer of the wrong kind (a refused key created, a payment refused).
	wrong string
}

// judge compares a key's answers with its first answer (the first that is not a 409).
func (sub *submission) judge() keyVerdict {
	var v keyVerdict
	var first *answer
	for i := range sub.answers {
		a := &sub.answers[i]
		if a.status == http.StatusConflict {
			var e apiError
			if json.Unmarshal(a.body, &e) == nil && e.Error == msgInFlight {
				v.inFlight++
				continue
			}
		}
		if first == nil {
			first = a
			want := http.StatusCreated
			if sub.kind == kindRefused {
				want = http.StatusUnprocessableEntity
			}
			if a.status != want || (sub.kind == kindRefused && !overpaid(*a, "amount_cents")) {
				v.wrong = fmt.Sprintf("first answer %d: %.200s", a.status, a.body)
			}
			continue
		}
		if a.status != first.status || !bytes.Equal(a.body, first.body) {
			v.differ++
		}
	}
	if first == nil {
		v.wrong = "no answer but 409"
	}
	for _, a := range sub.otherAnswers {
		var e apiError
		if a.status != http.StatusUnprocessableEntity || json.Unmarshal(a.body, &e) != nil || e.Error != msgKeyReuse {
			v.badOther++
		}
	}
	return v
}

// latencies are the sends' latencies by kind and status.
func (rr *retryRun) latencies() []*benchkit.Result {
	by := map[string]*benchkit.Result{}
	add := func(name string, a answer) {
		if by[name] == nil {
			by[name] = &benchkit.Result{Name: name, Conc: rr.conc}
		}
		by[name].Add(a.lat, nil)
	}
	for _, sub := range rr.subs {
		for _, a := range sub.answers {
			add(fmt.Sprintf("%s → %d", sub.kind, a.status), a)
		}
		for _, a := range sub.otherAnswers {
			add(fmt.Sprintf("%s, another body → %d", sub.kind, a.status), a)
		}
	}
	var out []*benchkit.Result
	for _, r := range by {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
