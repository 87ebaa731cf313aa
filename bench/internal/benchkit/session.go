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
	status, b, err := s.Send(method, path, contentType, body, nil, func(status int) bool { return keep || status != want })
	if err != nil {
		return nil, err
	}
	if status != want {
		return nil, fmt.Errorf("%s %s: status %d: %.200s", method, path, status, b)
	}
	return b, nil
}

// Send sends a request with extra headers (an Idempotency-Key) and answers its status, and its
// body when keep says so for that status (nil keep: always); any status is an answer, not an
// error — the caller judges it.
func (s *Session) Send(method, path, contentType string, body io.Reader, header map[string]string, keep func(status int) bool) (int, []byte, error) {
	req, err := http.NewRequest(method, s.Base+path, body)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Authorization", "Bearer "+s.Token)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := s.Client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	var b []byte
	if keep == nil || keep(resp.StatusCode) {
		b, err = io.ReadAll(resp.Body)
	} else {
		_, err = io.Copy(io.Discard, resp.Body)
	}
	return resp.StatusCode, b, err
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

// File is a file part of a multipart form (an invoice image).
type File struct {
	Field, Name string
	Data        []byte
}

// PNG is a small image the API's content check takes as a PNG: the invoice a purchase requires.
var PNG = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{7}, 64)...)

// Form encodes fields, and files, as multipart/form-data (the API's create forms: products,
// purchases and sales with a "data" JSON part) and returns the body with its content type.
func Form(fields map[string]string, files ...File) (contentType string, body *bytes.Buffer, err error) {
	body = new(bytes.Buffer)
	w := multipart.NewWriter(body)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			return "", nil, err
		}
	}
	for _, f := range files {
		part, err := w.CreateFormFile(f.Field, f.Name)
		if err != nil {
			return "", nil, err
		}
		if _, err := part.Write(f.Data); err != nil {
			return "", nil, err
		}
	}
	return w.FormDataContentType(), body, w.Close()
}

// PostForm POSTs fields (and files) as a multipart form and fails on any status but want; it
// returns the body.
func (s *Session) PostForm(path string, fields map[string]string, want int, files ...File) ([]byte, error) {
	ct, body, err := Form(fields, files...)
	if err != nil {
		return nil, err
	}
	return s.Do(http.MethodPost, path, ct, body, want, true)
}

// GetJSON GETs path (200 expected) and decodes its answer into out.
func (s *Session) GetJSON(path string, out any) error {
	b, err := s.Do(http.MethodGet, path, "", nil, http.StatusOK, true)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}
