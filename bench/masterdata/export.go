package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

// exportRun is one timed export.
type exportRun struct {
	rows                            int
	bytes                           int64
	firstByte, wall                 time.Duration
	rssBefore, peakHWM, peakSampled int
}

// measureExport downloads the products export runs times, timing it and reading the server's
// peak RSS over the download two ways: VmHWM after resetting it (exact peak, Linux clear_refs),
// and VmRSS sampled every 5 ms (a cross-check). The file is opened afterwards to count its rows.
func measureExport(srv *benchkit.Server, s *benchkit.Session, query string, runs int) ([]exportRun, error) {
	var out []exportRun
	client := &http.Client{Timeout: 5 * time.Minute}
	for i := 0; i < runs; i++ {
		var e exportRun
		e.rssBefore, _ = srv.MemKiB("VmRSS")
		if err := srv.ResetPeak(); err != nil {
			return nil, fmt.Errorf("reset peak RSS: %w", err)
		}
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			tick := time.NewTicker(5 * time.Millisecond)
			defer tick.Stop()
			for {
				if kb, err := srv.MemKiB("VmRSS"); err == nil && kb > e.peakSampled {
					e.peakSampled = kb
				}
				select {
				case <-stop:
					return
				case <-tick.C:
				}
			}
		}()
		f, err := os.CreateTemp("", "bench-export-*.xlsx")
		if err != nil {
			return nil, err
		}
		t0 := time.Now()
		req, _ := http.NewRequest(http.MethodGet, s.Base+"/api/products/export.xlsx?"+query, nil)
		req.Header.Set("Authorization", "Bearer "+s.Token)
		resp, err := client.Do(req)
		if err == nil {
			e.firstByte = time.Since(t0)
			if resp.StatusCode != http.StatusOK {
				err = fmt.Errorf("export: status %d", resp.StatusCode)
			} else {
				e.bytes, err = io.Copy(f, resp.Body)
			}
			resp.Body.Close()
		}
		e.wall = time.Since(t0)
		close(stop)
		wg.Wait()
		e.peakHWM, _ = srv.MemKiB("VmHWM")
		if err == nil {
			e.rows, err = countRows(f.Name())
		}
		f.Close()
		os.Remove(f.Name())
		if err != nil {
			return nil, err
		}
		benchkit.Logf("export %d: %d rows, %d bytes in %v, peak RSS %d KiB (sampled %d KiB, before %d KiB)",
			i+1, e.rows, e.bytes, e.wall.Round(time.Millisecond), e.peakHWM, e.peakSampled, e.rssBefore)
		out = append(out, e)
	}
	return out, nil
}

// countRows counts the data rows (all but the header) of the workbook's first sheet.
func countRows(path string) (int, error) {
	x, err := excelize.OpenFile(path)
	if err != nil {
		return 0, err
	}
	defer x.Close()
	rows, err := x.Rows(x.GetSheetName(0))
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
	}
	return n - 1, rows.Error()
}
