package demo

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strconv"

	"github.com/backoffice/backoffice/modules/product"
	"github.com/backoffice/backoffice/platform/httpx"
)

// client calls the back office's HTTP API in process (Fiber's app.Test: no socket), signed in
// as one user, so that every record goes through the handler, the use case, its rules, its
// audit entry and its events exactly as a person's request would.
type client struct {
	srv   *httpx.Server
	ctx   context.Context
	token string // Bearer token of the user's session
}

// session opens a session for username through the auth module (auth's SeedSession: the demo
// users have just been created with a password the seed knows, so no argon2id check is run) and
// returns the client that calls the API as that user.
func session(ctx context.Context, p *product.Product, srv *httpx.Server, username string) (*client, error) {
	token, err := p.Auth.SeedSession(ctx, username)
	if err != nil {
		return nil, fmt.Errorf("session of %s: %w", username, err)
	}
	return &client{srv: srv, ctx: ctx, token: token}, nil
}

func jsonBody(v any) []byte {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(err) // only the seed's own literal values are marshalled
	}
	return raw
}

// createdID is the id of the record in a {"data": {...}} answer.
type createdID struct {
	Data struct {
		ID int64 `json:"id"`
	} `json:"data"`
}

// postJSON sends body as JSON and returns the id of the answer's record (0 when it has none).
func (c *client) postJSON(path string, body any) (int64, error) {
	var out createdID
	_, err := c.do(http.MethodPost, path, "application/json", jsonBody(body), &out)
	return out.Data.ID, err
}

// file is one file part of a multipart form.
type file struct {
	field, name string
	data        []byte
}

// postForm sends fields (and f, when its data is not nil) as multipart/form-data and returns the
// id of the answer's record.
func (c *client) postForm(path string, fields map[string]string, f file) (int64, error) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			return 0, err
		}
	}
	if f.data != nil {
		fw, err := w.CreateFormFile(f.field, f.name)
		if err != nil {
			return 0, err
		}
		if _, err := fw.Write(f.data); err != nil {
			return 0, err
		}
	}
	if err := w.Close(); err != nil {
		return 0, err
	}
	var out createdID
	_, err := c.do(http.MethodPost, path, w.FormDataContentType(), buf.Bytes(), &out)
	return out.Data.ID, err
}

// getJSON reads path into out.
func (c *client) getJSON(path string, out any) error {
	_, err := c.do(http.MethodGet, path, "", nil, out)
	return err
}

// do sends one request; an answer that is not 2xx is an error carrying the API's message.
func (c *client) do(method, path, contentType string, body []byte, out any) (*http.Response, error) {
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req := httptest.NewRequestWithContext(c.ctx, method, path, r)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := c.srv.App().Test(req, -1)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	if resp.StatusCode/100 != 2 {
		return resp, fmt.Errorf("%s %s: %s: %s", method, path, strconv.Itoa(resp.StatusCode), raw)
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return resp, fmt.Errorf("%s %s: read answer: %w", method, path, err)
		}
	}
	return resp, nil
}
