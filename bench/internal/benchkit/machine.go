package benchkit

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// HostCPU reads the host's aggregate CPU counters (/proc/stat): busy and total jiffies. Two
// readings tell how busy the machine was in between, other engineers' work included: (busy1 −
// busy0) / (total1 − total0).
func HostCPU() (busy, total int64) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, 0
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 6 || f[0] != "cpu" {
		return 0, 0
	}
	for i, v := range f[1:] {
		n, _ := strconv.ParseInt(v, 10, 64)
		if i >= 8 { // guest and guest_nice are already in user and nice
			break
		}
		total += n
		if i != 3 && i != 4 { // idle, iowait
			busy += n
		}
	}
	return busy, total
}

// HostBusy is the share of the host's CPU (0–1) busy between two HostCPU readings; 0 when no
// time passed.
func HostBusy(busy0, total0, busy1, total1 int64) float64 {
	if total1 <= total0 {
		return 0
	}
	return float64(busy1-busy0) / float64(total1-total0)
}

// WaitQuiet waits, at most wait, for a 2 s window in which the host's CPU is less than busy
// (0–1) busy, and says how it went: on a shared machine the measurement should start in a quiet
// moment, and the report should say whether it did.
func WaitQuiet(ctx context.Context, wait time.Duration, busy float64) string {
	start := time.Now()
	last := 0.0
	for time.Since(start) < wait && ctx.Err() == nil {
		b0, t0 := HostCPU()
		time.Sleep(2 * time.Second)
		b1, t1 := HostCPU()
		last = HostBusy(b0, t0, b1, t1)
		if last < busy {
			return fmt.Sprintf("started after %v of waiting for a quiet host (last 2 s window %.0f%% busy < %.0f%%)",
				time.Since(start).Round(time.Second), last*100, busy*100)
		}
	}
	return fmt.Sprintf("the host never went below %.0f%% busy within %v (last 2 s window %.0f%%): started anyway",
		busy*100, wait, last*100)
}

// ProcessCPU is process pid's user+system CPU time so far (/proc/<pid>/stat); 0 when it cannot
// be read. On a shared machine a process's own CPU time is steadier than its wall time.
func ProcessCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(s[i+1:])
	// After the command: state(0) ppid ... utime is field 14 of the line, index 11 here.
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	const hz = 100 // USER_HZ on Linux
	return time.Duration(ut+st) * time.Second / hz
}

// Machine describes the host for a report: its CPU model and how many CPUs this process may
// use (a bench's figures mean little without them).
func Machine() string {
	model := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	return fmt.Sprintf("%d CPUs (%s), %s", runtime.NumCPU(), model, runtime.GOOS+"/"+runtime.GOARCH)
}
