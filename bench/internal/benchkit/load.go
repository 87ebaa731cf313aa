package benchkit

import (
	"sort"
	"sync"
	"time"
)

// Result is the latency sample of one scenario.
type Result struct {
	Name   string
	Lat    []time.Duration
	Errors int
	// First is the first error seen.
	First error
	// Dur is the measured time (for req/s; 0 when the sample is not timed as a rate).
	Dur  time.Duration
	Conc int
}

// Add records one request: its latency, or its error.
func (r *Result) Add(d time.Duration, err error) {
	if err != nil {
		r.Errors++
		if r.First == nil {
			r.First = err
		}
		return
	}
	r.Lat = append(r.Lat, d)
}

// Merge adds o's requests to r.
func (r *Result) Merge(o *Result) {
	r.Lat = append(r.Lat, o.Lat...)
	r.Errors += o.Errors
	if r.First == nil {
		r.First = o.First
	}
}

// Pct is the p-quantile (0 ≤ p ≤ 1) of the successful requests' latencies (nearest rank
// below); 0 without any.
func (r *Result) Pct(p float64) time.Duration {
	if len(r.Lat) == 0 {
		return 0
	}
	sort.Slice(r.Lat, func(a, b int) bool { return r.Lat[a] < r.Lat[b] })
	return r.Lat[int(float64(len(r.Lat)-1)*p)]
}

// Scenario is one kind of measured request.
type Scenario struct {
	Name string
	// Fn sends one request as client worker (0 ≤ worker < conc); i counts that client's requests.
	Fn func(worker, i int) error
	// Prime, when set, runs once before the warm-up (filling the cached totals a scenario is
	// meant to find); its error counts as one error of the scenario.
	Prime func() error
}

// Load runs the scenarios of group interleaved: conc closed-loop clients send requests back to
// back, each request the next scenario of the group in turn, unrecorded for warm and then recorded
// for dur, into one Result per scenario (in group order). Interleaving gives the scenarios of a
// group the same machine conditions, so that their figures compare (deep against first page, a
// list against a control request).
func Load(group []Scenario, conc int, warm, dur time.Duration) []*Result {
	out := make([]*Result, len(group))
	for k, sc := range group {
		out[k] = &Result{Name: sc.Name, Dur: dur, Conc: conc}
		if sc.Prime != nil {
			if err := sc.Prime(); err != nil {
				out[k].Add(0, err)
			}
		}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	recordFrom, deadline := start.Add(warm), start.Add(warm+dur)
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine := make([]Result, len(group))
			for i := 0; ; i++ {
				t0 := time.Now()
				if !t0.Before(deadline) {
					break
				}
				k := (w + i) % len(group)
				err := group[k].Fn(w, i)
				if t0.After(recordFrom) {
					mine[k].Add(time.Since(t0), err)
				}
			}
			mu.Lock()
			for k := range mine {
				out[k].Merge(&mine[k])
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	return out
}

// Burst has conc clients call fn once each at the same moment and returns their latencies.
func Burst(conc int, fn func(worker int) error) *Result {
	r := &Result{Conc: conc}
	var mu sync.Mutex
	var wg sync.WaitGroup
	gate := make(chan struct{})
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-gate
			t0 := time.Now()
			err := fn(w)
			d := time.Since(t0)
			mu.Lock()
			r.Add(d, err)
			mu.Unlock()
		}()
	}
	close(gate)
	wg.Wait()
	return r
}
