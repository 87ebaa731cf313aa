package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/backoffice/backoffice/bench/internal/benchkit"
)

// session is a signed-in user of the API.
type session struct {
	base      string
	client    *http.Client
	token     string
	userID    int64
	companyID int64
	username  string
}

func newHTTPClient(conns int) *http.Client {
	return &http.Client{Timeout: 30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns, IdleConnTimeout: time.Minute}}
}

// login signs in: one argon2id verification on the server.
func login(ctx context.Context, client *http.Client, base, username, password string) (*session, error) {
	body, _ := json.Marshal(map[string]string{"username": username, "password": password})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/auth/login", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out struct {
		AuthToken string `json:"authToken"`
		User      struct {
			ID        int64 `json:"id"`
			CompanyID int64 `json:"company_id"`
		} `json:"user"`
	}
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("login %s: status %d: %s", username, resp.StatusCode, b)
	}
	if err := json.Unmarshal(b, &out); err != nil || out.AuthToken == "" {
		return nil, fmt.Errorf("login %s: no token in %s", username, b)
	}
	return &session{base: base, client: client, token: out.AuthToken, userID: out.User.ID,
		companyID: out.User.CompanyID, username: username}, nil
}

// do sends a request with the session's bearer token and decodes a 2xx answer into out.
func (s *session) do(ctx context.Context, method, path, contentType string, body io.Reader, out any) error {
	req, err := http.NewRequestWithContext(ctx, method, s.base+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+s.token)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s as %s: status %d: %s", method, path, s.username, resp.StatusCode, truncate(b, 300))
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return fmt.Errorf("%s %s: decode: %w", method, path, err)
		}
	}
	return nil
}

func (s *session) postJSON(ctx context.Context, path string, in, out any) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	return s.do(ctx, http.MethodPost, path, "application/json", bytes.NewReader(b), out)
}

func (s *session) postForm(ctx context.Context, path string, fields map[string]string, out any) error {
	ct, body, err := benchkit.Form(fields)
	if err != nil {
		return err
	}
	return s.do(ctx, http.MethodPost, path, ct, body, out)
}

type idData struct {
	Data struct {
		ID        int64 `json:"id"`
		CreatedBy int64 `json:"created_by"`
	} `json:"data"`
}

// createBuyer creates an approved, active buyer in companyID (as an admin: no approval needed).
func (s *session) createBuyer(ctx context.Context, username, password string, companyID int64) (int64, error) {
	var out idData
	err := s.postJSON(ctx, "/api/users", map[string]any{
		"username": username, "first_name": "Bench", "last_name": username, "company_id": companyID,
		"role": "buyer", "password": password, "password_confirmation": password,
	}, &out)
	return out.Data.ID, err
}

// createCatalog creates one category and one product in the admin's company.
func (s *session) createCatalog(ctx context.Context) (categoryID, productID int64, err error) {
	var c idData
	if err := s.postJSON(ctx, "/api/categories", map[string]any{"name": "Bench notify " + strconv.FormatInt(time.Now().UnixNano(), 36)}, &c); err != nil {
		return 0, 0, err
	}
	var p idData
	err = s.postForm(ctx, "/api/products", map[string]string{
		"code": "BN-" + strconv.FormatInt(time.Now().UnixNano(), 36), "name": "Arroz bench 500 g",
		"category_id": strconv.FormatInt(c.Data.ID, 10), "unit": "und", "cost_cents": "250000",
		"price_cents": "320000", "quantity": "0", "alert_quantity": "0", "iva_class": "19", "kind": "goods",
	}, &p)
	return c.Data.ID, p.Data.ID, err
}

// createOrder creates a pending purchase order as the session's buyer.
func (s *session) createOrder(ctx context.Context, categoryID, productID int64, qty int) (int64, error) {
	var out idData
	err := s.postForm(ctx, "/api/purchase-orders", map[string]string{
		"category_id": strconv.FormatInt(categoryID, 10), "product_id": strconv.FormatInt(productID, 10),
		"quantity": strconv.Itoa(qty), "note": "notification latency bench",
	}, &out)
	return out.Data.ID, err
}

// approvedOrder is the part of the approve answer the bench reads.
type approvedOrder struct {
	Data struct {
		ID         int64      `json:"id"`
		Status     string     `json:"status"`
		CreatedBy  int64      `json:"created_by"`
		ApprovedAt *time.Time `json:"approved_at"`
	} `json:"data"`
}

func (s *session) approve(ctx context.Context, orderID int64) (approvedOrder, error) {
	var out approvedOrder
	err := s.do(ctx, http.MethodPost, "/api/purchase-orders/"+strconv.FormatInt(orderID, 10)+"/approve", "", nil, &out)
	return out, err
}

// notificationRow is the part of a listed notification the bench checks.
type notificationRow struct {
	ID       int64  `json:"id"`
	Kind     string `json:"kind"`
	Outcome  string `json:"outcome"`
	EntityID int64  `json:"entity_id"`
}

// notifications lists every notification of kind of the session's user (keyset pages of 100).
func (s *session) notifications(ctx context.Context, kind string) ([]notificationRow, int, error) {
	var all []notificationRow
	after := ""
	total := 0
	for range 1000 {
		q := url.Values{"kind": {kind}, "per_page": {"100"}}
		if after != "" {
			q.Set("after", after)
		}
		var page struct {
			Data []notificationRow `json:"data"`
			Meta struct {
				Total      int    `json:"total"`
				NextCursor string `json:"next_cursor"`
			} `json:"meta"`
		}
		if err := s.do(ctx, http.MethodGet, "/api/notifications?"+q.Encode(), "", nil, &page); err != nil {
			return nil, 0, err
		}
		all = append(all, page.Data...)
		total = page.Meta.Total
		if page.Meta.NextCursor == "" || len(page.Data) == 0 {
			return all, total, nil
		}
		after = page.Meta.NextCursor
	}
	return all, total, fmt.Errorf("notifications of %s: too many pages", s.username)
}

func truncate(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}
