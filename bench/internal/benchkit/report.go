package benchkit

import (
	"fmt"
	"os"
	"strings"
	"time"
)

// Table prints results as a Markdown table: requests, errors, req/s (when rate is set and the
// result has a duration), p50/p90/p99/max and the verdict against the p99 target (a scenario
// with errors fails it too).
func Table(rs []*Result, rate bool, target time.Duration) {
	fmt.Printf("| scenario | clients | requests | errors | req/s | p50 | p90 | p99 | max | p99 < %s |\n", Ms(target))
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range rs {
		rps := "-"
		if rate && r.Dur > 0 {
			rps = fmt.Sprintf("%.0f", float64(len(r.Lat))/r.Dur.Seconds())
		}
		ok := "yes"
		if r.Errors > 0 || r.Pct(0.99) >= target {
			ok = "**no**"
		}
		fmt.Printf("| %s | %d | %d | %d | %s | %s | %s | %s | %s | %s |\n", r.Name, r.Conc, len(r.Lat), r.Errors, rps,
			Ms(r.Pct(0.5)), Ms(r.Pct(0.9)), Ms(r.Pct(0.99)), Ms(r.Pct(1)), ok)
		if r.First != nil {
			fmt.Printf("|  first error: %.150s ||||||||||\n", strings.ReplaceAll(r.First.Error(), "|", "/"))
		}
	}
}

// Line is a one-line summary of r for the progress log.
func Line(r *Result) string {
	return fmt.Sprintf("c=%-3d %-70s n=%-6d err=%-3d p50 %-9v p99 %-9v max %v", r.Conc, r.Name, len(r.Lat), r.Errors,
		r.Pct(0.5).Round(10*time.Microsecond), r.Pct(0.99).Round(10*time.Microsecond), r.Pct(1).Round(10*time.Microsecond))
}

// LoadAvg is the machine's 1, 5 and 15 minute load averages: other work on a shared machine
// shows in every latency.
func LoadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:3], " ")
}

// Ms formats d in milliseconds with one decimal ("12.3 ms").
func Ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }

// Logf writes a time-stamped progress line to stderr (the report goes to stdout).
func Logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, time.Now().Format("15:04:05 ")+format+"\n", args...)
}
