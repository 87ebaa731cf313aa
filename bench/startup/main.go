// Command startup measures the embedded default's start: time from process start to the first
// 200 from /readyz, and the resident memory once idle. It starts the given binary on a fresh data
// directory N times and prints the percentiles.
//
//	go run ./bench/startup -bin bin/backoffice -runs 5
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

func main() {
	bin := flag.String("bin", "bin/backoffice", "backoffice binary")
	runs := flag.Int("runs", 5, "number of cold starts")
	idle := flag.Duration("idle", 5*time.Second, "wait before reading idle RSS")
	flag.Parse()

	var starts []time.Duration
	var rss []int
	for i := 0; i < *runs; i++ {
		d, kb, err := once(*bin, *idle, i == 0)
		if err != nil {
			fmt.Fprintln(os.Stderr, "run", i, err)
			os.Exit(1)
		}
		starts = append(starts, d)
		rss = append(rss, kb)
	}
	sort.Slice(starts, func(a, b int) bool { return starts[a] < starts[b] })
	sort.Ints(rss)
	fmt.Printf("start to /readyz OK (fresh data dir, first run includes migrations+seed): min %v  p50 %v  max %v  (%d runs)\n",
		starts[0].Round(time.Millisecond), starts[len(starts)/2].Round(time.Millisecond), starts[len(starts)-1].Round(time.Millisecond), len(starts))
	fmt.Printf("idle RSS after %v: min %d KiB  p50 %d KiB  max %d KiB\n", *idle, rss[0], rss[len(rss)/2], rss[len(rss)-1])
}

func once(bin string, idle time.Duration, fresh bool) (time.Duration, int, error) {
	dir, err := os.MkdirTemp("", "bench-startup-")
	if err != nil {
		return 0, 0, err
	}
	defer os.RemoveAll(dir)
	port, err := freePort()
	if err != nil {
		return 0, 0, err
	}
	addr := "127.0.0.1:" + strconv.Itoa(port)
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "BACKOFFICE_ADDR="+addr, "BACKOFFICE_DATA_DIR="+filepath.Join(dir, "data"), "BACKOFFICE_LOG_LEVEL=warn")
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, 0, err
	}
	defer func() { _ = cmd.Process.Kill(); _, _ = cmd.Process.Wait() }()
	client := &http.Client{Timeout: time.Second}
	for {
		if time.Since(start) > 30*time.Second {
			return 0, 0, fmt.Errorf("not ready after 30s")
		}
		resp, err := client.Get("http://" + addr + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
	elapsed := time.Since(start)
	time.Sleep(idle)
	kb, err := rssKiB(cmd.Process.Pid)
	return elapsed, kb, err
}

func rssKiB(pid int) (int, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmRSS:") {
			f := strings.Fields(line)
			return strconv.Atoi(f[1])
		}
	}
	return 0, fmt.Errorf("no VmRSS")
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
