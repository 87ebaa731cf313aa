package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"sort"
	"strconv"
	"sync"
	"time"
)

// session is one signed-in demo user talking to the server.
type session struct {
	base, token, user string
	client            *http.Client
}

func login(base, user, password string, client *http.Client) (*session, error) {
	body, _ := json.Marshal(map[string]string{"username": user, "password": password})
	resp, err := client.Post(base+"/api/auth/login", "application/json", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out struct {
		AuthToken string `json:"authToken"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || out.AuthToken == "" || resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("login %s: status %d", user, resp.StatusCode)
	}
	return &session{base: base, token: out.AuthToken, user: user, client: client}, nil
}

// do sends a request and fails on any status but want; it returns the body when keep is set
// (otherwise the body is read and discarded, which is all a latency sample needs).
func (s *session) do(method, path, contentType string, body io.Reader, want int, keep bool) ([]byte, error) {
	req, err := http.NewRequest(method, s.base+path, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+s.token)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var b []byte
	if keep || resp.StatusCode != want {
		b, err = io.ReadAll(resp.Body)
	} else {
		_, err = io.Copy(io.Discard, resp.Body)
	}
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != want {
		return nil, fmt.Errorf("%s %s: status %d: %.200s", method, path, resp.StatusCode, b)
	}
	return b, nil
}

// meta is the part of a list answer the bench reads.
type meta struct {
	Meta struct {
		Total      int    `json:"total"`
		NextCursor string `json:"next_cursor"`
		PrevCursor string `json:"prev_cursor"`
	} `json:"meta"`
	Data []json.RawMessage `json:"data"`
}

func (s *session) list(path string) (meta, error) {
	var m meta
	b, err := s.do(http.MethodGet, path, "", nil, http.StatusOK, true)
	if err != nil {
		return m, err
	}
	return m, json.Unmarshal(b, &m)
}

// created reads the id of a created record ({"data": {"id": ...}}).
func created(b []byte) (int64, error) {
	var out struct {
		Data struct {
			ID int64 `json:"id"`
		} `json:"data"`
	}
	if err := json.Unmarshal(b, &out); err != nil || out.Data.ID == 0 {
		return 0, fmt.Errorf("no id in %.200s", b)
	}
	return out.Data.ID, nil
}

// createCustomer adds a customer through the API (the write that clears the cached totals).
func (s *session) createCustomer(tag string) (int64, error) {
	body, _ := json.Marshal(map[string]any{"name": "Cliente de prueba " + tag, "document_type": "CC",
		"document_number": tag, "city": "Bogotá"})
	b, err := s.do(http.MethodPost, "/api/customers", "application/json", bytes.NewReader(body), http.StatusCreated, true)
	if err != nil {
		return 0, err
	}
	return created(b)
}

// createProduct adds a product through the API's multipart form.
func (s *session) createProduct(tag string, categoryID int64) (int64, error) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range map[string]string{"code": "BENCH-" + tag, "name": "Producto de prueba " + tag,
		"category_id": strconv.FormatInt(categoryID, 10), "unit": "und", "cost_cents": "100000", "price_cents": "130000",
		"quantity": "5", "alert_quantity": "1", "iva_class": "19", "kind": "goods"} {
		_ = w.WriteField(k, v)
	}
	_ = w.Close()
	b, err := s.do(http.MethodPost, "/api/products", w.FormDataContentType(), &buf, http.StatusCreated, true)
	if err != nil {
		return 0, err
	}
	return created(b)
}

func (s *session) remove(path string) error {
	_, err := s.do(http.MethodDelete, path, "", nil, http.StatusNoContent, false)
	return err
}

// result is the latency sample of one scenario.
type result struct {
	name   string
	lat    []time.Duration
	errors int
	first  error
	dur    time.Duration
	conc   int
}

func (r *result) add(d time.Duration, err error) {
	if err != nil {
		r.errors++
		if r.first == nil {
			r.first = err
		}
		return
	}
	r.lat = append(r.lat, d)
}

func (r *result) merge(o *result) {
	r.lat = append(r.lat, o.lat...)
	r.errors += o.errors
	if r.first == nil {
		r.first = o.first
	}
}

func (r *result) pct(p float64) time.Duration {
	if len(r.lat) == 0 {
		return 0
	}
	sort.Slice(r.lat, func(a, b int) bool { return r.lat[a] < r.lat[b] })
	return r.lat[int(float64(len(r.lat)-1)*p)]
}

// load runs the scenarios of group interleaved: conc clients send requests back to back, each
// request the next scenario of the group in turn, unrecorded for warm and then recorded for dur,
// into one result per scenario. Interleaving gives the scenarios of a group the same machine
// conditions, so that their figures compare (deep against first page, lists against the control).
func load(group []scenario, conc int, warm, dur time.Duration) []*result {
	out := make([]*result, len(group))
	for k, sc := range group {
		out[k] = &result{name: sc.name, dur: dur, conc: conc}
		if sc.prime != nil {
			if err := sc.prime(); err != nil {
				out[k].add(0, err)
			}
		}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	recordFrom, deadline := start.Add(warm), start.Add(warm+dur)
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine := make([]result, len(group))
			for i := 0; ; i++ {
				t0 := time.Now()
				if !t0.Before(deadline) {
					break
				}
				k := (w + i) % len(group)
				err := group[k].fn(w, i)
				if t0.After(recordFrom) {
					mine[k].add(time.Since(t0), err)
				}
			}
			mu.Lock()
			for k := range mine {
				out[k].merge(&mine[k])
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	return out
}

// burst has conc clients send one request each at the same moment and returns their latencies.
func burst(conc int, fn func(worker int) error) *result {
	r := &result{conc: conc}
	var mu sync.Mutex
	var wg sync.WaitGroup
	gate := make(chan struct{})
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-gate
			t0 := time.Now()
			err := fn(w)
			d := time.Since(t0)
			mu.Lock()
			r.add(d, err)
			mu.Unlock()
		}()
	}
	close(gate)
	wg.Wait()
	return r
}
