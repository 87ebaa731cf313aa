// Command startup measures the embedded default's start: time from process start to the first
// 200 from /readyz, the process's own CPU time by then, and the resident memory once idle. It
// starts the given binary on a fresh data directory N times (so every run migrates a new SQLite
// database and seeds the demo company) and prints the percentiles.
//
// On a shared machine the wall time follows the other work on the cores; the CPU time to ready
// (user + system of the server process alone) hardly does, and the host's busy share during the
// runs, printed with the load averages, says how quiet the machine was. Compare two binaries by
// alternating their runs rather than running one after the other.
//
//	go run ./bench/startup -bin bin/backoffice -runs 5
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

func main() {
	bin := flag.String("bin", "bin/backoffice", "backoffice binary")
	runs := flag.Int("runs", 5, "number of cold starts")
	idle := flag.Duration("idle", 5*time.Second, "wait before reading idle RSS")
	flag.Parse()

	var starts, cpus []time.Duration
	var rss []int
	load := benchkit.LoadAvg()
	busy0, total0 := benchkit.HostCPU()
	for i := 0; i < *runs; i++ {
		d, cpu, kb, err := once(*bin, *idle)
		if err != nil {
			fmt.Fprintln(os.Stderr, "run", i, err)
			os.Exit(1)
		}
		starts, cpus, rss = append(starts, d), append(cpus, cpu), append(rss, kb)
	}
	busy1, total1 := benchkit.HostCPU()
	slices.Sort(starts)
	slices.Sort(cpus)
	slices.Sort(rss)
	ms := func(d time.Duration) time.Duration { return d.Round(time.Millisecond) }
	fmt.Printf("start to /readyz OK (fresh data dir each run: migrations + demo seed): min %v  p50 %v  max %v  (%d runs)\n",
		ms(starts[0]), ms(starts[len(starts)/2]), ms(starts[len(starts)-1]), len(starts))
	fmt.Printf("server CPU time (user+system) to ready: min %v  p50 %v  max %v\n",
		ms(cpus[0]), ms(cpus[len(cpus)/2]), ms(cpus[len(cpus)-1]))
	fmt.Printf("idle RSS after %v: min %d KiB  p50 %d KiB  max %d KiB\n", *idle, rss[0], rss[len(rss)/2], rss[len(rss)-1])
	fmt.Printf("machine: host CPU %.0f%% busy during the runs; load average %s at the start, %s at the end\n",
		100*benchkit.HostBusy(busy0, total0, busy1, total1), load, benchkit.LoadAvg())
}

// once starts bin on a fresh data dir and returns its time to ready, its CPU time by then and
// its RSS after idle.
func once(bin string, idle time.Duration) (time.Duration, time.Duration, int, error) {
	srv, err := benchkit.StartServer(benchkit.ServerOptions{Bin: bin, Poll: 2 * time.Millisecond, Timeout: 30 * time.Second})
	if err != nil {
		return 0, 0, 0, err
	}
	defer srv.Stop()
	cpu := srv.CPU()
	time.Sleep(idle)
	kb, err := srv.MemKiB("VmRSS")
	return srv.Ready, cpu, kb, err
}
