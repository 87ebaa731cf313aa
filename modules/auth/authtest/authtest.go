// Package authtest builds the back office's HTTP stack the way `backoffice serve` does (the httpx
// server, the site-status gate, the auth routes and the settings routes) on a test database, with a
// manual clock, and drives it in process through Fiber's app.Test. Tests of the auth and settings
// modules use it to check the API contract end to end, on SQLite and PostgreSQL alike
// (dbtest.Each), without a listening socket and without sleeping: idle expiry, TOTP steps, rate
// limit windows and the secretary's windows all follow the Stack's Clock.
//
// Client addresses: app.Test connects from 0.0.0.0, which the Stack trusts as a proxy, so a
// request's IP is sent as X-Forwarded-For and becomes the client address the server sees.
package authtest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
	"github.com/uptrace/bun"
	"github.com/xuri/excelize/v2"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/product"
	"github.com/backoffice/backoffice/modules/settings"
	"github.com/backoffice/backoffice/platform/cache"
	"github.com/backoffice/backoffice/platform/cache/cachetest"
	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/mail"
)

// Password is the password of every user the Stack creates; it meets the password policy.
const Password = "Demo123!"

// CompanyName is the company every created user belongs to.
const CompanyName = "Demo S.A.S."

// DefaultIP is the client address of a Request that names none.
const DefaultIP = "203.0.113.10"

// Start is where every Stack's clock starts: Monday 2026-11-23 10:00 in America/Bogota (UTC-5),
// on a whole TOTP step.
var Start = time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)

// Lifetimes the Stack configures, as cmd/backoffice's defaults.
const (
	SessionTTL  = 8 * time.Hour
	IdleTimeout = 15 * time.Minute
)

// testProxy is the remote address of every app.Test request.
const testProxy = "0.0.0.0"

// Stack is one back office HTTP stack on its own database, cache and clock.
type Stack struct {
	DB        *bun.DB
	Clock     *cachetest.Clock
	Server    *httpx.Server
	Product   *product.Product
	Auth      *auth.Module
	Settings  *settings.Module
	CompanyID int64
	// Mail holds every e-mail the product sent (unless configure gave Deps another sender).
	Mail *mail.Memory
	// Contract is the server's OpenAPI document; Do checks every answer against it.
	Contract *Contract
}

// New wires a Stack on db (a migrated database from dbtest) as cmd/backoffice's wire and serve
// do, with an in-memory cache and every module reading the Stack's Clock.
func New(t testing.TB, db *bun.DB) *Stack {
	t.Helper()
	return NewWith(t, db, nil)
}

// NewWith is New with the product's Deps changed by configure (nil: none) before the product is
// built: how a test gives the modules what a module still to come will (product.Later).
func NewWith(t testing.TB, db *bun.DB, configure func(*product.Deps)) *Stack {
	t.Helper()
	clock := cachetest.NewClock(Start)
	mem := cache.NewMemory(clock.Now)
	t.Cleanup(func() { _ = mem.Close() })
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))

	outbox := &mail.Memory{}
	d := product.Deps{DB: db, Cache: mem, Now: clock.Now, Logger: logger, SessionTTL: SessionTTL, IdleTimeout: IdleTimeout,
		Mail: outbox}
	if configure != nil {
		configure(&d)
	}
	p, err := product.New(d)
	if err != nil {
		t.Fatalf("build the product: %v", err)
	}
	srv := httpx.New(p.ServerOptions(httpx.Options{Logger: logger, TrustedProxies: []string{testProxy}, Version: "test"}))
	p.Mount(srv, false)

	companyID, err := p.Settings.EnsureCompany(context.Background(), CompanyName)
	if err != nil {
		t.Fatalf("create company: %v", err)
	}
	return &Stack{DB: db, Clock: clock, Server: srv, Product: p, Auth: p.Auth, Settings: p.Settings, CompanyID: companyID, Mail: outbox,
		Contract: NewContract(srv.API().OpenAPI())}
}

// Each runs fn on a new Stack for every dialect (dbtest.Each: "sqlite" and "postgres"), the
// dialects in parallel with each other and with the caller's other parallel tests. The PostgreSQL
// run skips without BACKOFFICE_TEST_POSTGRES_URL, and fails instead when CI=true.
func Each(t *testing.T, fn func(t *testing.T, s *Stack)) {
	t.Helper()
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		fn(t, New(t, db))
	})
}

// CreateUser creates an active user with Password in the Stack's company; enable2FA asks for
// two-factor at sign-in (with no secret yet, so the first sign-in enrolls).
func (s *Stack) CreateUser(t testing.TB, username, role string, enable2FA bool) auth.User {
	t.Helper()
	u, err := s.Auth.CreateUser(context.Background(), auth.NewUser{CompanyID: s.CompanyID, Username: username,
		Password: Password, FirstName: "First " + username, LastName: "Last", Email: username + "@demo.co",
		Phone: "3001234567", Role: role, Enable2FA: enable2FA})
	if err != nil {
		t.Fatalf("create user %s: %v", username, err)
	}
	return u
}

// Cast is a signed-in user of each role in the Stack's company (admin1, user1, secretary1,
// buyer1) and a user of another company (other1), by session token, with their ids.
type Cast struct {
	Admin, User, Secretary, Buyer, Other string
	AdminID, UserID, SecretaryID         int64
	// OtherCompany is other1's company, "Otra Empresa S.A.S.".
	OtherCompany int64
}

// NewCast creates and signs in the Cast.
func (s *Stack) NewCast(t testing.TB) Cast {
	t.Helper()
	ctx := context.Background()
	var c Cast
	c.AdminID = s.CreateUser(t, "admin1", auth.RoleAdmin, false).ID
	c.UserID = s.CreateUser(t, "user1", auth.RoleUser, false).ID
	c.SecretaryID = s.CreateUser(t, "secretary1", auth.RoleSecretary, false).ID
	s.CreateUser(t, "buyer1", auth.RoleBuyer, false)
	var err error
	if c.OtherCompany, err = s.Settings.EnsureCompany(ctx, "Otra Empresa S.A.S."); err != nil {
		t.Fatalf("create company: %v", err)
	}
	if _, err := s.Auth.CreateUser(ctx, auth.NewUser{CompanyID: c.OtherCompany, Username: "other1", Password: Password,
		FirstName: "Other", LastName: "Company", Role: auth.RoleUser}); err != nil {
		t.Fatalf("create user other1: %v", err)
	}
	for name, token := range map[string]*string{"admin1": &c.Admin, "user1": &c.User, "secretary1": &c.Secretary,
		"buyer1": &c.Buyer, "other1": &c.Other} {
		*token = s.Login(t, name, Password, "").AuthToken
	}
	return c
}

// Request is one call to the API.
type Request struct {
	Method, Path string
	// Body is sent as JSON; a string or []byte is sent as is; nil sends no body.
	Body any
	// Token is sent as "Authorization: Bearer"; Cookie is sent as the authToken cookie.
	Token, Cookie string
	// IP is the client address (DefaultIP when empty).
	IP string
	// Header holds extra request headers.
	Header map[string]string
}

// Response is what the server answered.
type Response struct {
	t      testing.TB
	Status int
	Header http.Header
	Body   []byte
}

// ErrorBody is the API's error shape.
type ErrorBody struct {
	Error  string            `json:"error"`
	Code   string            `json:"code"`
	Fields map[string]string `json:"fields"`
}

// Do sends r through the whole middleware chain and reads the full answer.
func (s *Stack) Do(t testing.TB, r Request) *Response {
	t.Helper()
	var body io.Reader
	switch b := r.Body.(type) {
	case nil:
	case string:
		body = bytes.NewBufferString(b)
	case []byte:
		body = bytes.NewBuffer(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			t.Fatalf("marshal request body: %v", err)
		}
		body = bytes.NewBuffer(raw)
	}
	req := httptest.NewRequest(r.Method, r.Path, body)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	ip := r.IP
	if ip == "" {
		ip = DefaultIP
	}
	req.Header.Set("X-Forwarded-For", ip)
	if r.Token != "" {
		req.Header.Set("Authorization", "Bearer "+r.Token)
	}
	if r.Cookie != "" {
		req.AddCookie(&http.Cookie{Name: "authToken", Value: r.Cookie})
	}
	for k, v := range r.Header {
		req.Header.Set(k, v)
	}
	resp, err := s.Server.App().Test(req, -1)
	if err != nil {
		t.Fatalf("%s %s: %v", r.Method, r.Path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: read body: %v", r.Method, r.Path, err)
	}
	// Every answer must be one the OpenAPI document declares: drift fails the calling test.
	for _, problem := range s.Contract.Check(r.Method, r.Path, resp.StatusCode, resp.Header.Get("Content-Type"), raw) {
		t.Errorf("OpenAPI contract: %s", problem)
	}
	return &Response{t: t, Status: resp.StatusCode, Header: resp.Header, Body: raw}
}

// Get is Do for a GET with a Bearer token (may be empty) from DefaultIP.
func (s *Stack) Get(t testing.TB, path, token string) *Response {
	t.Helper()
	return s.Do(t, Request{Method: http.MethodGet, Path: path, Token: token})
}

// Send is Do for a method with a JSON body and a Bearer token (may be empty) from DefaultIP.
func (s *Stack) Send(t testing.TB, method, path, token string, body any) *Response {
	t.Helper()
	return s.Do(t, Request{Method: method, Path: path, Token: token, Body: body})
}

// PNG is a file that uploads take for a PNG image: its signature is what they check.
var PNG = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{7}, 64)...)

// Data is the shape of an answer about one record: {"data": …}.
type Data[T any] struct {
	Data T `json:"data"`
}

// File is one file part of a multipart request.
type File struct {
	// Field is the part's name ("images"), Name the file's name.
	Field, Name string
	Data        []byte
}

// Multipart is Do for a multipart/form-data body — the fields in order, then the files — with a
// Bearer token (may be empty) from DefaultIP; header adds request headers (an Idempotency-Key).
func (s *Stack) Multipart(t testing.TB, method, path, token string, fields [][2]string, files []File, header map[string]string) *Response {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, kv := range fields {
		if err := mw.WriteField(kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range files {
		part, err := mw.CreateFormFile(f.Field, f.Name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = part.Write(f.Data)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	h := map[string]string{"Content-Type": mw.FormDataContentType()}
	for k, v := range header {
		h[k] = v
	}
	return s.Do(t, Request{Method: method, Path: path, Token: token, Body: buf.Bytes(), Header: h})
}

// LoginBody is the answer of POST /api/auth/login.
type LoginBody struct {
	AuthToken string    `json:"authToken"`
	ExpiresIn int64     `json:"expires_in"`
	User      auth.User `json:"user"`
}

// Login signs username in with password from ip (DefaultIP when empty) and fails the test unless
// the answer is 200.
func (s *Stack) Login(t testing.TB, username, password, ip string) LoginBody {
	t.Helper()
	r := s.Do(t, Request{Method: http.MethodPost, Path: "/api/auth/login", IP: ip,
		Body: map[string]string{"username": username, "password": password}})
	r.Expect(http.StatusOK)
	var out LoginBody
	r.JSON(&out)
	if out.AuthToken == "" {
		t.Fatalf("login %s: no authToken in %s", username, r.Body)
	}
	return out
}

// Expect fails the test unless the status is want.
func (r *Response) Expect(want int) *Response {
	r.t.Helper()
	if r.Status != want {
		r.t.Fatalf("status %d, want %d; body: %s", r.Status, want, r.Body)
	}
	return r
}

// CreatedID fails the test unless the answer is 201 and returns the created record's id
// ({"data": {"id": …}}).
func (r *Response) CreatedID() int64 {
	r.t.Helper()
	r.Expect(http.StatusCreated)
	var out struct {
		Data struct {
			ID int64 `json:"id"`
		} `json:"data"`
	}
	r.JSON(&out)
	return out.Data.ID
}

// JSON decodes the body into v.
func (r *Response) JSON(v any) {
	r.t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		r.t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// Sheet reads the body as an Excel workbook and returns the cells of its sheet named sheet, as
// text, row by row (an export's header row first).
func (r *Response) Sheet(sheet string) [][]string {
	r.t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(r.Body))
	if err != nil {
		r.t.Fatalf("open workbook: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows(sheet)
	if err != nil {
		r.t.Fatalf("sheet %s: %v (sheets %v)", sheet, err, f.GetSheetList())
	}
	return rows
}

// Err decodes the API's error shape.
func (r *Response) Err() ErrorBody {
	r.t.Helper()
	var e ErrorBody
	r.JSON(&e)
	return e
}

// ExpectError fails the test unless the answer has status and the error message and code.
func (r *Response) ExpectError(status int, code, message string) ErrorBody {
	r.t.Helper()
	r.Expect(status)
	e := r.Err()
	if e.Code != code || e.Error != message {
		r.t.Fatalf("error %q (%s), want %q (%s); body: %s", e.Error, e.Code, message, code, r.Body)
	}
	return e
}

// Code returns the one-time code of secret for the Stack's clock moved by offset (0: the
// current 30 s step, -30 s: the previous step).
func (s *Stack) Code(t testing.TB, secret string, offset time.Duration) string {
	t.Helper()
	code, err := totp.GenerateCodeCustom(secret, s.Clock.Now().Add(offset),
		totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		t.Fatalf("generate TOTP code: %v", err)
	}
	return code
}
