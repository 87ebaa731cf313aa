// Command profileload signs in once and then has C concurrent clients call
// GET /api/auth/user/profile for a fixed time, printing throughput and latency percentiles.
// Run it against a server that is already up (e.g. `go tool task run`):
//
//	go run ./bench/profileload -url http://127.0.0.1:8080 -c 50 -d 20s
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"sync"
	"time"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "server")
	conc := flag.Int("c", 50, "concurrent clients")
	dur := flag.Duration("d", 20*time.Second, "duration (bounded: at most 2m)")
	user := flag.String("user", "admin", "username")
	pass := flag.String("password", "Demo123!", "password")
	flag.Parse()
	if *dur > 2*time.Minute {
		*dur = 2 * time.Minute
	}

	body, _ := json.Marshal(map[string]string{"username": *user, "password": *pass})
	resp, err := http.Post(*base+"/api/auth/login", "application/json", bytes.NewReader(body))
	if err != nil {
		fail(err)
	}
	var login struct {
		AuthToken string `json:"authToken"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&login); err != nil || login.AuthToken == "" {
		fail(fmt.Errorf("login failed: status %d", resp.StatusCode))
	}
	resp.Body.Close()

	transport := &http.Transport{MaxIdleConnsPerHost: *conc, MaxConnsPerHost: *conc}
	client := &http.Client{Transport: transport, Timeout: 10 * time.Second}
	deadline := time.Now().Add(*dur)
	var mu sync.Mutex
	var lat []time.Duration
	errors := 0
	var wg sync.WaitGroup
	for i := 0; i < *conc; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			bad := 0
			for time.Now().Before(deadline) {
				req, _ := http.NewRequest(http.MethodGet, *base+"/api/auth/user/profile", nil)
				req.Header.Set("Authorization", "Bearer "+login.AuthToken)
				t0 := time.Now()
				r, err := client.Do(req)
				if err != nil {
					bad++
					continue
				}
				_, _ = io.Copy(io.Discard, r.Body)
				r.Body.Close()
				if r.StatusCode != http.StatusOK {
					bad++
					continue
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			lat = append(lat, mine...)
			errors += bad
			mu.Unlock()
		}()
	}
	wg.Wait()
	sort.Slice(lat, func(a, b int) bool { return lat[a] < lat[b] })
	if len(lat) == 0 {
		fail(fmt.Errorf("no successful request (%d errors)", errors))
	}
	pct := func(p float64) time.Duration { return lat[int(float64(len(lat)-1)*p)] }
	fmt.Printf("GET /api/auth/user/profile, %d clients, %v: %d ok, %d errors, %.0f req/s\n",
		*conc, *dur, len(lat), errors, float64(len(lat))/dur.Seconds())
	fmt.Printf("latency p50 %v  p90 %v  p99 %v  max %v\n", pct(0.50).Round(10*time.Microsecond),
		pct(0.90).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond), lat[len(lat)-1].Round(10*time.Microsecond))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "profileload:", err)
	os.Exit(1)
}
