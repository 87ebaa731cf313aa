package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

// cleanups are undone last first by runCleanups, also from the watchdog: the child processes,
// the bench database, the Redis keys and the JetStream stream of the run.
var (
	cleanupMu sync.Mutex
	cleanups  []func()
)

func addCleanup(f func()) {
	cleanupMu.Lock()
	cleanups = append(cleanups, sync.OnceFunc(f))
	cleanupMu.Unlock()
}

func runCleanups() { runCleanupsTo(0) }

// cleanupMark is the number of cleanups registered so far; runCleanupsTo(mark) undoes those
// registered after it (one topology's).
func cleanupMark() int {
	cleanupMu.Lock()
	defer cleanupMu.Unlock()
	return len(cleanups)
}

func runCleanupsTo(mark int) {
	cleanupMu.Lock()
	if mark > len(cleanups) {
		mark = len(cleanups)
	}
	fs := cleanups[mark:]
	cleanups = cleanups[:mark:mark]
	cleanupMu.Unlock()
	for i := len(fs) - 1; i >= 0; i-- {
		fs[i]()
	}
}

// proc is one child process the bench started (backoffice, notifier or nats-server).
type proc struct {
	name string
	cmd  *exec.Cmd
	base string // http://addr for the backoffice and notifiers
	addr string
	log  string
	done chan struct{} // closed when the process has exited
	err  error
}

// childEnv is the bench's environment without any BACKOFFICE_ variable (so a setting of the
// shell cannot change the topology), plus extra.
func childEnv(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "BACKOFFICE_") {
			env = append(env, kv)
		}
	}
	return append(env, extra...)
}

// startProc runs bin with args and env, its output going to logPath. The process is ended by the
// cleanups (SIGTERM, then SIGKILL after 10 s).
func startProc(name, bin string, args, env []string, addr, logPath string) (*proc, error) {
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	p := &proc{name: name, cmd: cmd, addr: addr, base: "http://" + addr, log: logPath, done: make(chan struct{})}
	go func() {
		p.err = cmd.Wait()
		logFile.Close()
		close(p.done)
	}()
	addCleanup(p.stop)
	return p, nil
}

// waitReady polls GET /readyz until 200, the process exits or timeout passes.
func (p *proc) waitReady(ctx context.Context, timeout time.Duration) error {
	client := &http.Client{Timeout: time.Second}
	return p.waitUntil(ctx, timeout, "ready", func() bool {
		resp, err := client.Get(p.base + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})
}

// waitTCP waits until addr accepts connections (nats-server).
func (p *proc) waitTCP(ctx context.Context, timeout time.Duration) error {
	return p.waitUntil(ctx, timeout, "listening", func() bool {
		c, err := net.DialTimeout("tcp", p.addr, time.Second)
		if err == nil {
			c.Close()
		}
		return err == nil
	})
}

// waitUntil polls up until it answers true, the process exits or timeout passes; state names
// what up checks, for the error.
func (p *proc) waitUntil(ctx context.Context, timeout time.Duration, state string, up func() bool) error {
	deadline := time.Now().Add(timeout)
	for {
		select {
		case <-p.done:
			return fmt.Errorf("%s exited before %s (%v); log: %s\n%s", p.name, state, p.err, p.log, tail(p.log, 15))
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s not %s after %v; log: %s\n%s", p.name, state, timeout, p.log, tail(p.log, 15))
		}
		if up() {
			return nil
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// stop ends the process it started (by its own pid): SIGTERM for a graceful shutdown, SIGKILL
// after 10 s.
func (p *proc) stop() {
	select {
	case <-p.done:
		return
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.done
	}
}

// alive reports whether the process is still running.
func (p *proc) alive() bool {
	select {
	case <-p.done:
		return false
	default:
		return true
	}
}

// statusKiB reads a field (VmRSS, VmHWM) of the process's /proc status, in KiB.
func (p *proc) statusKiB(field string) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, field+":") {
			if f := strings.Fields(line); len(f) >= 2 {
				n, _ := strconv.Atoi(f[1])
				return n
			}
		}
	}
	return 0
}

// cpu is the process's user+system CPU time so far.
func (p *proc) cpu() time.Duration { return benchkit.ProcessCPU(p.cmd.Process.Pid) }

// countInLog counts the lines of the process log containing s.
func (p *proc) countInLog(s string) int {
	b, err := os.ReadFile(p.log)
	if err != nil {
		return 0
	}
	return strings.Count(string(b), s)
}

func tail(path string, lines int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	ls := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(ls) > lines {
		ls = ls[len(ls)-lines:]
	}
	return strings.Join(ls, "\n")
}

// freeAddr returns a free loopback address. The port is released before the child binds it, a
// window in which another process could take it; the child then fails to start and says so.
func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}
