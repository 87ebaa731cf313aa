package main

import (
	"fmt"
	"time"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

// report is one backend's figures and checks.
type report struct {
	backend               string
	units                 int
	sell                  *selling
	salesBefore, salesNow int
	finalStock            int64
	last                  int
	lastSold, lastRefused int
	lastErrs              int
	lastStock             int64
	lastLat               *benchkit.Result
	hostBusy              float64
	loadStart, loadEnd    string
	benchkit.Checks
	serverCPU, sellingTime time.Duration
}

// measure sells the hot product out on the server srv, then races for the last units, and
// checks the outcome through the API.
func measure(o options, backend string, srv *benchkit.Server) (*report, error) {
	sh, err := open(o, srv, max(o.conc, o.lastC))
	if err != nil {
		return nil, err
	}
	r := &report{backend: backend, units: o.units, last: o.last, loadStart: benchkit.LoadAvg()}
	hot, err := sh.newProduct(fmt.Sprintf("%d", time.Now().UnixNano()%1_000_000), o.units)
	if err != nil {
		return nil, err
	}
	if r.salesBefore, err = sh.customerSales(); err != nil {
		return nil, err
	}
	benchkit.Logf("%s: %d sellers selling %d units of %q", backend, o.conc, o.units, hot.name)
	cpu0 := srv.CPU()
	busy0, total0 := benchkit.HostCPU()
	t0 := time.Now()
	r.sell = sh.sellOut(hot, o.conc, o.maxQty, o.timeout)
	r.sellingTime = time.Since(t0)
	busy1, total1 := benchkit.HostCPU()
	r.serverCPU, r.hostBusy = srv.CPU()-cpu0, benchkit.HostBusy(busy0, total0, busy1, total1)
	r.loadEnd = benchkit.LoadAvg()
	if r.finalStock, err = sh.stock(hot); err != nil {
		return nil, err
	}
	if r.salesNow, err = sh.customerSales(); err != nil {
		return nil, err
	}
	s := r.sell
	benchkit.Logf("%s: %d units sold in %d sales, %d refused, %d errors, in %v; stock now %d",
		backend, s.sold, len(s.recorded.Lat), s.refused, s.errors, s.lastSale.Round(time.Millisecond), r.finalStock)
	r.Check(s.errors == 0, "no request failed otherwise (%d errors%s)", s.errors, benchkit.FirstErr(s.firstErr))
	r.Check(s.sold == int64(o.units), "units sold = units available: %d = %d", s.sold, o.units)
	r.Check(r.finalStock == 0, "stock after the run: %d (want 0)", r.finalStock)
	r.Check(s.minStock >= 0, "lowest stock the monitor read in %d reads: %d (never below zero)", s.monitorReads, s.minStock)
	r.Check(s.refused >= int64(o.conc), "every seller ended on a 422 'Not enough stock of %s: 0 available.' (%d refusals, all with the message)", hot.name, s.refused)
	r.Check(r.salesNow-r.salesBefore == len(s.recorded.Lat), "sales stored for the customer: %d more, as many as recorded (%d)",
		r.salesNow-r.salesBefore, len(s.recorded.Lat))

	if o.last > 0 {
		lastP, err := sh.newProduct(fmt.Sprintf("%d", time.Now().UnixNano()%1_000_000), o.last)
		if err != nil {
			return nil, err
		}
		r.lastSold, r.lastRefused, r.lastErrs, r.lastLat = sh.lastUnits(lastP, o.lastC)
		if r.lastStock, err = sh.stock(lastP); err != nil {
			return nil, err
		}
		r.Check(r.lastSold == min(o.last, o.lastC) && r.lastErrs == 0 && r.lastRefused == o.lastC-r.lastSold,
			"last %d units, %d clients at once: %d sold, %d refused with 0 available, %d errors", o.last, o.lastC,
			r.lastSold, r.lastRefused, r.lastErrs)
		r.Check(r.lastStock == int64(max(o.last-o.lastC, 0)), "stock after the last units: %d", r.lastStock)
	}
	return r, nil
}

// printReports prints the figures of every backend as Markdown, then the checks.
func printReports(rs []*report) {
	fmt.Println("| backend | sales recorded | units | selling time | sales/s | units/s | recorded p50 | p90 | p99 | max | refused | refused p99 | server CPU | host CPU busy | load average (start → end) |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range rs {
		s := r.sell
		secs := s.lastSale.Seconds()
		rate := func(n float64) string {
			if secs <= 0 {
				return "-"
			}
			return fmt.Sprintf("%.0f", n/secs)
		}
		fmt.Printf("| %s | %d | %d | %.2f s | %s | %s | %s | %s | %s | %s | %d | %s | %.1f s | %.0f%% | %s → %s |\n",
			r.backend, len(s.recorded.Lat), s.sold, secs, rate(float64(len(s.recorded.Lat))), rate(float64(s.sold)),
			benchkit.Ms(s.recorded.Pct(0.5)), benchkit.Ms(s.recorded.Pct(0.9)), benchkit.Ms(s.recorded.Pct(0.99)),
			benchkit.Ms(s.recorded.Pct(1)), s.refused, benchkit.Ms(s.refusedLat.Pct(0.99)), r.serverCPU.Seconds(),
			100*r.hostBusy, r.loadStart, r.loadEnd)
	}
	fmt.Println()
	for _, r := range rs {
		if r.lastLat != nil {
			fmt.Printf("Last %d units on %s: %d clients at once, %d sold, %d refused; answers p50 %s, max %s.\n\n", r.last, r.backend,
				r.lastLat.Conc, r.lastSold, r.lastRefused, benchkit.Ms(r.lastLat.Pct(0.5)), benchkit.Ms(r.lastLat.Pct(1)))
		}
		r.Print(r.backend)
	}
}
