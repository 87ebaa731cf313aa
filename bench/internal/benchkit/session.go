package benchkit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
)

// Session is one signed-in user talking to the server (bearer token).
type Session struct {
	Base, Token, User string
	Client            *http.Client
}

// Login signs user in at base (POST /api/auth/login) with client, which the session keeps.
func Login(base, user, password string, client *http.Client) (*Session, error) {
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
	return &Session{Base: base, Token: out.AuthToken, User: user, Client: client}, nil
}

// Do sends a request and fails on any status but want; it returns the body when keep is set
// (otherwise the body is read and discarded, which is all a latency sample needs).
func (s *Session) Do(method, path, contentType string, body io.Reader, want int, keep bool) ([]byte, error) {
	req, err := http.NewRequest(method, s.Base+path, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+s.Token)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := s.Client.Do(req)
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

// ListPage is the part of a list answer ({"data": [...], "meta": {...}}) the benches read.
type ListPage struct {
	Meta struct {
		Total      int    `json:"total"`
		NextCursor string `json:"next_cursor"`
		PrevCursor string `json:"prev_cursor"`
	} `json:"meta"`
	Data []json.RawMessage `json:"data"`
}

// List GETs a list path (200 expected) and decodes its page.
func (s *Session) List(path string) (ListPage, error) {
	var m ListPage
	b, err := s.Do(http.MethodGet, path, "", nil, http.StatusOK, true)
	if err != nil {
		return m, err
	}
	return m, json.Unmarshal(b, &m)
}

// Created reads the id of a created record ({"data": {"id": ...}}).
func Created(b []byte) (int64, error) {
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

// Form encodes fields as multipart/form-data (the API's create forms: products, sales with a
// "data" JSON part) and returns the body with its content type.
func Form(fields map[string]string) (contentType string, body *bytes.Buffer, err error) {
	body = new(bytes.Buffer)
	w := multipart.NewWriter(body)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			return "", nil, err
		}
	}
	return w.FormDataContentType(), body, w.Close()
}

// PostForm POSTs fields as a multipart form and fails on any status but want; it returns the body.
func (s *Session) PostForm(path string, fields map[string]string, want int) ([]byte, error) {
	ct, body, err := Form(fields)
	if err != nil {
		return nil, err
	}
	return s.Do(http.MethodPost, path, ct, body, want, true)
}
