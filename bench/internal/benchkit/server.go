package benchkit

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

// Server is a process the bench started (the backoffice binary, or another command of the
// product) listening on a free loopback port.
type Server struct {
	Cmd *exec.Cmd
	// Base is "http://127.0.0.1:<port>".
	Base string
	// Dir holds the server's data dir and its log (server.log); Stop removes it.
	Dir string
	// Ready is the time from the process's start to the first 200 of the readiness path.
	Ready time.Duration
}

// ServerOptions say what to start.
type ServerOptions struct {
	// Bin is the binary: use a copy, so that a rebuild cannot swap it mid-run.
	Bin string
	// Args default to ["serve"].
	Args []string
	// Env are extra KEY=VALUE settings (BACKOFFICE_DATABASE_URL, …) added to the bench's own
	// environment and to the defaults BACKOFFICE_ADDR (the free port), BACKOFFICE_DATA_DIR (under
	// Dir) and BACKOFFICE_LOG_LEVEL=warn; a key given here wins.
	Env []string
	// AddrVar is the variable that takes the listen address (default BACKOFFICE_ADDR).
	AddrVar string
	// Ready is the path polled until it answers 200 (default /readyz), every Poll (default
	// 20ms: a start-up bench polls more often, so that the poll does not round its figure), for
	// at most Timeout (default 90s).
	Ready   string
	Poll    time.Duration
	Timeout time.Duration
}

// StartServer starts o.Bin and waits until it is ready. The server's output goes to
// Dir/server.log, not into the bench's report; the log is kept when the server never gets ready.
func StartServer(o ServerOptions) (*Server, error) {
	if len(o.Args) == 0 {
		o.Args = []string{"serve"}
	}
	if o.AddrVar == "" {
		o.AddrVar = "BACKOFFICE_ADDR"
	}
	if o.Ready == "" {
		o.Ready = "/readyz"
	}
	if o.Poll <= 0 {
		o.Poll = 20 * time.Millisecond
	}
	if o.Timeout <= 0 {
		o.Timeout = 90 * time.Second
	}
	dir, err := os.MkdirTemp("", "bench-server-")
	if err != nil {
		return nil, err
	}
	port, err := FreePort()
	if err != nil {
		return nil, err
	}
	addr := "127.0.0.1:" + strconv.Itoa(port)
	cmd := exec.Command(o.Bin, o.Args...)
	// Later entries win in os/exec, so o.Env overrides the defaults.
	cmd.Env = append(os.Environ(), o.AddrVar+"="+addr, "BACKOFFICE_DATA_DIR="+filepath.Join(dir, "data"),
		"BACKOFFICE_LOG_LEVEL=warn")
	cmd.Env = append(cmd.Env, o.Env...)
	logFile, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		return nil, err
	}
	defer logFile.Close() // the child holds its own descriptor
	cmd.Stdout, cmd.Stderr = logFile, logFile
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &Server{Cmd: cmd, Base: "http://" + addr, Dir: dir}
	client := &http.Client{Timeout: time.Second}
	for {
		if time.Since(start) > o.Timeout {
			_ = cmd.Process.Kill()
			_, _ = cmd.Process.Wait()
			return nil, fmt.Errorf("%s not ready after %v (log kept in %s)", o.Bin, o.Timeout, dir)
		}
		if resp, err := client.Get(s.Base + o.Ready); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				s.Ready = time.Since(start)
				return s, nil
			}
		}
		time.Sleep(o.Poll)
	}
}

// Stop ends the server (its own process, nothing else) and removes its dir.
func (s *Server) Stop() {
	_ = s.Cmd.Process.Kill()
	_, _ = s.Cmd.Process.Wait()
	_ = os.RemoveAll(s.Dir)
}

// MemKiB reads a field (VmRSS, VmHWM) of the server's /proc status, in KiB.
func (s *Server) MemKiB(field string) (int, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.Cmd.Process.Pid))
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

// CPU is the server's user+system CPU time so far.
func (s *Server) CPU() time.Duration { return ProcessCPU(s.Cmd.Process.Pid) }

// ResetPeak sets the server's VmHWM back to its current RSS (Linux clear_refs "5"), so that the
// peak read afterwards belongs to what ran in between.
func (s *Server) ResetPeak() error {
	return os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", s.Cmd.Process.Pid), []byte("5"), 0)
}

// FreePort is a TCP port free on 127.0.0.1 at the time of the call.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
