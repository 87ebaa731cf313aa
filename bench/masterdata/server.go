package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// server is the backoffice binary under test, started by the bench on a free loopback port.
type server struct {
	cmd  *exec.Cmd
	base string
	dir  string
}

// startServer runs `bin serve` against the bench database and waits for /readyz; the binary
// migrates the database and seeds the demo users (BACKOFFICE_SEED_DEMO) on the way up.
func startServer(bin, dbURL, natsURL, redisURL string) (*server, error) {
	dir, err := os.MkdirTemp("", "bench-masterdata-")
	if err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	addr := "127.0.0.1:" + strconv.Itoa(port)
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "BACKOFFICE_ADDR="+addr, "BACKOFFICE_DATA_DIR="+filepath.Join(dir, "data"),
		"BACKOFFICE_DATABASE_URL="+dbURL, "BACKOFFICE_NATS_URL="+natsURL, "BACKOFFICE_REDIS_URL="+redisURL,
		"BACKOFFICE_SEED_DEMO=true", "BACKOFFICE_LOG_LEVEL=warn")
	// The server's warnings go to a file, not into the bench's report.
	logFile, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, base: "http://" + addr, dir: dir}
	client := &http.Client{Timeout: time.Second}
	start := time.Now()
	for {
		if time.Since(start) > 90*time.Second {
			s.stop()
			return nil, fmt.Errorf("server not ready after 90s (log kept in %s)", dir)
		}
		if resp, err := client.Get(s.base + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// stop ends the server it started (by its own process, nothing else) and removes its data dir.
func (s *server) stop() {
	_ = s.cmd.Process.Kill()
	_, _ = s.cmd.Process.Wait()
	_ = os.RemoveAll(s.dir)
}

// memKiB reads a field (VmRSS, VmHWM) of the server's /proc status, in KiB.
func (s *server) memKiB(field string) (int, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, field+":") {
			f := strings.Fields(line)
			return strconv.Atoi(f[1])
		}
	}
	return 0, fmt.Errorf("no %s in /proc status", field)
}

// resetPeak sets the server's VmHWM back to its current RSS (Linux clear_refs "5"), so that the
// peak read afterwards belongs to what ran in between.
func (s *server) resetPeak() error {
	return os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", s.cmd.Process.Pid), []byte("5"), 0)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
