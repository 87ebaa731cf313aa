package mail

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"mime"
	"mime/multipart"
	"net"
	netmail "net/mail"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"github.com/backoffice/backoffice/platform/config"
)

// server is an SMTP server in the test process (github.com/emersion/go-smtp) that keeps what it
// receives, so the tests exercise the real SMTP path of go-mail: TLS, AUTH, MAIL, RCPT, DATA.
type server struct {
	addr string
	// clientTLS trusts the server's self-signed certificate.
	clientTLS *tls.Config

	mu       sync.Mutex
	received []received
}

type received struct {
	authUser string
	from     string
	to       []string
	data     []byte
}

type serverOptions struct {
	tls      string // "starttls", "implicit" or "none"
	user     string // AUTH PLAIN required with this user and pass when not empty
	pass     string
	refuse   bool // DATA is answered 554
	noTLSExt bool // with tls "starttls": the certificate is not offered (no STARTTLS extension)
}

func startServer(t *testing.T, o serverOptions) *server {
	t.Helper()
	cert, pool := selfSigned(t)
	s := &server{clientTLS: &tls.Config{RootCAs: pool, ServerName: "127.0.0.1", MinVersion: tls.VersionTLS12}}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &session{srv: s, o: o}, nil
	}))
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	srv.ErrorLog = log{t}
	serverTLS := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	switch o.tls {
	case "implicit":
		l = tls.NewListener(l, serverTLS)
	case "starttls":
		if !o.noTLSExt {
			srv.TLSConfig = serverTLS
		}
	case "none":
		srv.AllowInsecureAuth = true
	}
	s.addr = l.Addr().String()
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return s
}

func (s *server) messages() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.received...)
}

type log struct{ t *testing.T }

func (l log) Printf(format string, v ...any) { l.t.Logf("smtp server: "+format, v...) }
func (l log) Println(v ...any)               { l.t.Log(append([]any{"smtp server:"}, v...)...) }

type session struct {
	srv  *server
	o    serverOptions
	user string
	msg  received
}

func (s *session) AuthMechanisms() []string {
	if s.o.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != s.o.user || pass != s.o.pass {
			return smtp.ErrAuthFailed
		}
		s.user = user
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if s.o.user != "" && s.user == "" {
		return smtp.ErrAuthRequired
	}
	s.msg = received{authUser: s.user, from: from}
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.msg.to = append(s.msg.to, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if s.o.refuse {
		return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 7, 1}, Message: "Message rejected as spam"}
	}
	s.msg.data = data
	s.srv.mu.Lock()
	s.srv.received = append(s.srv.received, s.msg)
	s.srv.mu.Unlock()
	return nil
}

func (s *session) Reset()        { s.msg = received{} }
func (s *session) Logout() error { return nil }

// selfSigned is a certificate for 127.0.0.1 and a pool that trusts it.
func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tpl, tpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}

var sample = Message{To: []string{"ana@demo.co"}, Subject: "Código de verificación",
	Text: "Tu código es 123456.\n", HTML: "<p>Tu código es <b>123456</b>.</p>\n"}

// parsed is a received message read back as a mail client would.
type parsed struct {
	header     netmail.Header
	text, html string
}

func parse(t *testing.T, raw []byte) parsed {
	t.Helper()
	m, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("not a mail message: %v\n%s", err, raw)
	}
	media, params, err := mime.ParseMediaType(m.Header.Get("Content-Type"))
	if err != nil || media != "multipart/alternative" {
		t.Fatalf("Content-Type %q: want multipart/alternative (%v)", m.Header.Get("Content-Type"), err)
	}
	p := parsed{header: m.Header}
	mr := multipart.NewReader(m.Body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		var body io.Reader = part // quoted-printable is decoded by NextPart
		if strings.EqualFold(part.Header.Get("Content-Transfer-Encoding"), "base64") {
			body = base64.NewDecoder(base64.StdEncoding, part)
		}
		b, err := io.ReadAll(body)
		if err != nil {
			t.Fatal(err)
		}
		ct, _, _ := mime.ParseMediaType(part.Header.Get("Content-Type"))
		switch ct {
		case "text/plain":
			p.text = string(b)
		case "text/html":
			p.html = string(b)
		default:
			t.Fatalf("unexpected part %q", ct)
		}
	}
	return p
}

func (p parsed) check(t *testing.T, want Message, from string) {
	t.Helper()
	subject, err := new(mime.WordDecoder).DecodeHeader(p.header.Get("Subject"))
	if err != nil || subject != want.Subject {
		t.Errorf("Subject = %q (%v), want %q", subject, err, want.Subject)
	}
	if got := p.header.Get("From"); !strings.Contains(got, from) {
		t.Errorf("From = %q, want %q", got, from)
	}
	if got := p.header.Get("To"); !strings.Contains(got, want.To[0]) {
		t.Errorf("To = %q, want %q", got, want.To[0])
	}
	if strings.TrimSpace(p.text) != strings.TrimSpace(want.Text) {
		t.Errorf("text part = %q, want %q", p.text, want.Text)
	}
	if strings.TrimSpace(p.html) != strings.TrimSpace(want.HTML) {
		t.Errorf("HTML part = %q, want %q", p.html, want.HTML)
	}
}

func send(t *testing.T, rawURL string, tlsConfig *tls.Config) error {
	t.Helper()
	s, err := NewSMTP(rawURL, "Back office <no-reply@demo.co>", tlsConfig)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return s.Send(ctx, sample)
}

func TestSMTPStartTLSWithAuth(t *testing.T) {
	t.Parallel()
	srv := startServer(t, serverOptions{tls: "starttls", user: "ana", pass: "s3cret"})
	if err := send(t, "smtp://ana:s3cret@"+srv.addr, srv.clientTLS); err != nil {
		t.Fatalf("send: %v", err)
	}
	got := srv.messages()
	if len(got) != 1 {
		t.Fatalf("server received %d messages, want 1", len(got))
	}
	if got[0].authUser != "ana" || got[0].from != "no-reply@demo.co" || len(got[0].to) != 1 || got[0].to[0] != "ana@demo.co" {
		t.Errorf("envelope = %+v", got[0])
	}
	parse(t, got[0].data).check(t, sample, "no-reply@demo.co")
}

func TestSMTPImplicitTLS(t *testing.T) {
	t.Parallel()
	srv := startServer(t, serverOptions{tls: "implicit", user: "ana", pass: "s3cret"})
	if err := send(t, "smtps://ana:s3cret@"+srv.addr, srv.clientTLS); err != nil {
		t.Fatalf("send: %v", err)
	}
	if got := srv.messages(); len(got) != 1 || got[0].authUser != "ana" {
		t.Fatalf("server received %+v, want one message from ana", got)
	}
}

func TestSMTPPlainRelay(t *testing.T) {
	t.Parallel()
	srv := startServer(t, serverOptions{tls: "none"})
	if err := send(t, "smtp://"+srv.addr+"?tls=none", nil); err != nil {
		t.Fatalf("send: %v", err)
	}
	if got := srv.messages(); len(got) != 1 {
		t.Fatalf("server received %d messages, want 1", len(got))
	}
}

func TestSMTPErrors(t *testing.T) {
	t.Parallel()
	t.Run("refused message", func(t *testing.T) {
		t.Parallel()
		srv := startServer(t, serverOptions{tls: "starttls", user: "ana", pass: "s3cret", refuse: true})
		err := send(t, "smtp://ana:s3cret@"+srv.addr, srv.clientTLS)
		if err == nil || !strings.Contains(err.Error(), "554") {
			t.Fatalf("send = %v, want the server's 554", err)
		}
		if got := srv.messages(); len(got) != 0 {
			t.Fatalf("server kept %d messages", len(got))
		}
	})
	t.Run("wrong password", func(t *testing.T) {
		t.Parallel()
		srv := startServer(t, serverOptions{tls: "starttls", user: "ana", pass: "s3cret"})
		if err := send(t, "smtp://ana:wrong@"+srv.addr, srv.clientTLS); err == nil {
			t.Fatal("send with a wrong password succeeded")
		}
	})
	t.Run("no STARTTLS offered", func(t *testing.T) {
		t.Parallel()
		// smtp:// requires STARTTLS: a server without it never sees the credentials.
		srv := startServer(t, serverOptions{tls: "starttls", noTLSExt: true})
		if err := send(t, "smtp://ana:s3cret@"+srv.addr, srv.clientTLS); err == nil {
			t.Fatal("send without TLS succeeded")
		}
	})
	t.Run("untrusted certificate", func(t *testing.T) {
		t.Parallel()
		srv := startServer(t, serverOptions{tls: "starttls"})
		if err := send(t, "smtp://"+srv.addr, nil); err == nil {
			t.Fatal("send to a self-signed server with the system roots succeeded")
		}
	})
	t.Run("nobody there", func(t *testing.T) {
		t.Parallel()
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		_ = l.Close()
		if err := send(t, "smtp://"+addr, nil); err == nil {
			t.Fatal("send to a closed port succeeded")
		}
	})
	t.Run("no recipient", func(t *testing.T) {
		t.Parallel()
		s, err := NewSMTP("smtp://127.0.0.1:1", "no-reply@demo.co", nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Send(context.Background(), Message{Subject: "x", Text: "x"}); !errors.Is(err, ErrNoRecipient) {
			t.Fatalf("send = %v, want ErrNoRecipient", err)
		}
	})
}

func TestNewSMTPRejectsBadSettings(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ url, from string }{
		{"smtp://mail.example.com:587", ""},
		{"http://mail.example.com", "a@b.co"},
		{"smtp://:587", "a@b.co"},
		{"smtp://mail.example.com:99999", "a@b.co"},
		{"smtp://mail.example.com?tls=maybe", "a@b.co"},
		{"::not a url", "a@b.co"},
	} {
		if _, err := NewSMTP(c.url, c.from, nil); err == nil {
			t.Errorf("NewSMTP(%q, %q) accepted", c.url, c.from)
		}
	}
}

func TestMailboxWritesParsableMessages(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "mail")
	var logs bytes.Buffer
	box := NewMailbox(dir, "", slog.New(slog.NewJSONHandler(&logs, nil)))
	if err := box.Send(context.Background(), sample); err != nil {
		t.Fatal(err)
	}
	second := sample
	second.Subject = "Otro"
	if err := box.Send(context.Background(), second); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.eml"))
	if err != nil || len(files) != 2 {
		t.Fatalf("mailbox holds %v (%v), want two .eml files", files, err)
	}
	raw, err := os.ReadFile(files[0]) // names sort by arrival
	if err != nil {
		t.Fatal(err)
	}
	parse(t, raw).check(t, sample, "no-reply@localhost")
	if !strings.Contains(logs.String(), files[0]) || !strings.Contains(logs.String(), files[1]) {
		t.Errorf("the log does not give the files' paths:\n%s", logs.String())
	}
	if err := box.Send(context.Background(), Message{Subject: "x"}); !errors.Is(err, ErrNoRecipient) {
		t.Errorf("send without recipient = %v", err)
	}
}

func TestFromConfig(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, err := FromConfig(config.Config{DataDir: dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if box, ok := s.(*Mailbox); !ok || box.Dir() != filepath.Join(dir, "mail") {
		t.Fatalf("embedded default = %#v, want the mailbox under the data dir", s)
	}
	s, err = FromConfig(config.Config{DataDir: dir, SMTPURL: "smtps://u:p@mail.example.com", MailFrom: "a@b.co"}, nil)
	if _, ok := s.(*SMTP); err != nil || !ok {
		t.Fatalf("with an SMTP URL = %#v, %v", s, err)
	}
	if _, err := FromConfig(config.Config{SMTPURL: "ftp://x", MailFrom: "a@b.co"}, nil); err == nil {
		t.Fatal("a bad SMTP URL was accepted")
	}
}

func TestMemory(t *testing.T) {
	t.Parallel()
	var m Memory
	if err := m.Send(context.Background(), sample); err != nil {
		t.Fatal(err)
	}
	refused := fmt.Errorf("554 refused")
	m.Fail(refused)
	if err := m.Send(context.Background(), sample); !errors.Is(err, refused) {
		t.Fatalf("send after Fail = %v", err)
	}
	if got := m.Sent(); len(got) != 1 || got[0].Subject != sample.Subject {
		t.Fatalf("Sent = %+v", got)
	}
}

var code = Template{
	Subject: map[string]string{"es": "Tu código: {{.Code}}", "en": "Your code: {{.Code}}"},
	Body: map[string]string{
		"es": "Hola {{.Name}},\n\ntu código es {{.Code}}.\nVence en 10 minutos.",
		"en": "Hello {{.Name}},\n\nyour code is {{.Code}}.\nIt expires in 10 minutes.",
	},
}

func TestTemplate(t *testing.T) {
	t.Parallel()
	data := map[string]string{"Name": "Ana <b>&</b>", "Code": "123456"}
	m, err := code.Render("en", []string{"ana@demo.co"}, data)
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "Your code: 123456" || m.To[0] != "ana@demo.co" {
		t.Errorf("en message = %+v", m)
	}
	if m.Text != "Hello Ana <b>&</b>,\n\nyour code is 123456.\nIt expires in 10 minutes." {
		t.Errorf("text = %q", m.Text)
	}
	if !strings.Contains(m.HTML, "<p>Hello Ana &lt;b&gt;&amp;&lt;/b&gt;,</p>") ||
		!strings.Contains(m.HTML, "<p>your code is 123456.<br>\nIt expires in 10 minutes.</p>") {
		t.Errorf("html = %q", m.HTML)
	}
	for _, lang := range []string{"es", "", "fr"} {
		m, err := code.Render(lang, []string{"ana@demo.co"}, data)
		if err != nil || m.Subject != "Tu código: 123456" || !strings.Contains(m.HTML, "tu código es 123456") {
			t.Errorf("lang %q = %+v, %v; want Spanish", lang, m, err)
		}
	}
	if _, err := code.Render("en", nil, map[string]string{"Name": "Ana"}); err == nil {
		t.Error("a missing value rendered")
	}
	if _, err := (Template{Subject: map[string]string{"es": "x"}}).Render("es", nil, nil); err == nil {
		t.Error("a template without a body rendered")
	}
}
