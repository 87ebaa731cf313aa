package domain

import (
	"bytes"
	"encoding/base32"
	"encoding/base64"
	"image/png"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// A fixed 20-byte secret and instant keep the codes reproducible.
const testSecret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"

var testNow = time.Date(2026, 11, 22, 15, 4, 10, 0, time.UTC)

// codeAt computes the expected code independently of VerifyTOTP, with the library's own options.
func codeAt(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	c, err := totp.GenerateCodeCustom(secret, at, totp.ValidateOpts{
		Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1,
	})
	if err != nil {
		t.Fatalf("GenerateCodeCustom: %v", err)
	}
	return c
}

func TestVerifyTOTP(t *testing.T) {
	step := testNow.Unix() / 30
	codes := map[string]string{
		"current":  codeAt(t, testSecret, testNow),
		"previous": codeAt(t, testSecret, testNow.Add(-30*time.Second)),
		"twoBack":  codeAt(t, testSecret, testNow.Add(-60*time.Second)),
		"next":     codeAt(t, testSecret, testNow.Add(30*time.Second)),
	}
	// If two neighbouring steps shared a code the refusals below would prove nothing.
	seen := map[string]string{}
	for name, c := range codes {
		if other, dup := seen[c]; dup {
			t.Fatalf("steps %s and %s share code %s; pick another testNow", name, other, c)
		}
		seen[c] = name
	}

	tests := []struct {
		name     string
		code     string
		now      time.Time
		lastUsed int64
		wantStep int64
		wantOK   bool
	}{
		{"current step", codes["current"], testNow, 0, step, true},
		{"previous step", codes["previous"], testNow, 0, step - 1, true},
		{"two steps back refused", codes["twoBack"], testNow, 0, 0, false},
		{"next step refused", codes["next"], testNow, 0, 0, false},
		{"replay of current refused", codes["current"], testNow, step, 0, false},
		{"replay of previous refused", codes["previous"], testNow, step - 1, 0, false},
		{"older step used, current still fine", codes["current"], testNow, step - 1, step, true},
		{"previous after current was used", codes["previous"], testNow, step, 0, false},
		{"first second of the step", codes["current"], time.Unix(step*30, 0), 0, step, true},
		{"last second of the step", codes["current"], time.Unix(step*30+29, 0), 0, step, true},
		{"previous code 29 s into step", codes["previous"], time.Unix(step*30+29, 0), 0, step - 1, true},
		{"current code one step later becomes previous", codes["current"], testNow.Add(30 * time.Second), 0, step, true},
		{"current code two steps later refused", codes["current"], testNow.Add(60 * time.Second), 0, 0, false},
		{"five digits", "12345", testNow, 0, 0, false},
		{"seven digits", "1234567", testNow, 0, 0, false},
		{"letters", "abcdef", testNow, 0, 0, false},
		{"empty", "", testNow, 0, 0, false},
		{"valid code with trailing space", codes["current"] + " ", testNow, 0, 0, false},
		{"valid code with leading space", " " + codes["current"], testNow, 0, 0, false},
		{"valid code plus a digit", codes["current"] + "0", testNow, 0, 0, false},
		{"valid code minus a digit", codes["current"][:5], testNow, 0, 0, false},
		{"arabic-indic digits", "١٢٣٤٥٦", testNow, 0, 0, false},
		{"signed", "+12345", testNow, 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gotStep, ok := VerifyTOTP(testSecret, tt.code, tt.now, tt.lastUsed)
			if ok != tt.wantOK || gotStep != tt.wantStep {
				t.Fatalf("VerifyTOTP(%q) = %d, %v; want %d, %v", tt.code, gotStep, ok, tt.wantStep, tt.wantOK)
			}
		})
	}
}

func TestVerifyTOTPSecretHandling(t *testing.T) {
	// Secrets from other apps may come lowercase; the library normalises that.
	if _, ok := VerifyTOTP(strings.ToLower(testSecret), codeAt(t, testSecret, testNow), testNow, 0); !ok {
		t.Fatal("lowercase secret refused")
	}
	if _, ok := VerifyTOTP(testSecret, codeAt(t, "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", testNow), testNow, 0); ok {
		t.Fatal("code of another secret accepted")
	}
	if _, ok := VerifyTOTP("not base32 !!", "123456", testNow, 0); ok {
		t.Fatal("invalid secret accepted a code")
	}
	// An empty secret is an empty HMAC key: its codes are public knowledge and must never pass.
	if _, ok := VerifyTOTP("", codeAt(t, "", testNow), testNow, 0); ok {
		t.Fatal("empty secret accepted its own code")
	}
	if _, ok := VerifyTOTP("   ", codeAt(t, "", testNow), testNow, 0); ok {
		t.Fatal("blank secret accepted")
	}
}

func TestNewTOTPSecret(t *testing.T) {
	secret, rawURL, err := NewTOTPSecret("Back Office", "ana@demo.co")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(secret)
	if err != nil || len(raw) != 20 {
		t.Fatalf("secret %q: %d bytes, err %v; want 20 bytes base32", secret, len(raw), err)
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if u.Scheme != "otpauth" || u.Host != "totp" || q.Get("secret") != secret ||
		q.Get("issuer") != "Back Office" || q.Get("algorithm") != "SHA1" ||
		q.Get("digits") != "6" || q.Get("period") != "30" {
		t.Fatalf("unexpected otpauth URL %q", rawURL)
	}
	if !strings.Contains(u.Path, "ana@demo.co") {
		t.Fatalf("account missing from %q", rawURL)
	}
	// The enrolled secret verifies the codes an authenticator app would show.
	if step, ok := VerifyTOTP(secret, codeAt(t, secret, testNow), testNow, 0); !ok || step != testNow.Unix()/30 {
		t.Fatalf("fresh secret did not verify its own code: %d, %v", step, ok)
	}
	other, _, err := NewTOTPSecret("Back Office", "ana@demo.co")
	if err != nil {
		t.Fatal(err)
	}
	if other == secret {
		t.Fatal("two enrollments got the same secret")
	}
	for _, bad := range [][2]string{{"", "ana"}, {"Back Office", ""}} {
		if _, _, err := NewTOTPSecret(bad[0], bad[1]); err == nil {
			t.Fatalf("NewTOTPSecret(%q, %q) succeeded", bad[0], bad[1])
		}
	}
}

func TestQRCodeDataURL(t *testing.T) {
	_, rawURL, err := NewTOTPSecret("Back Office", "ana")
	if err != nil {
		t.Fatal(err)
	}
	const prefix = "data:image/png;base64,"
	for _, size := range []int{200, 256} {
		got, err := QRCodeDataURL(rawURL, size)
		if err != nil {
			t.Fatalf("size %d: %v", size, err)
		}
		b64, ok := strings.CutPrefix(got, prefix)
		if !ok {
			t.Fatalf("missing %q prefix: %.40s", prefix, got)
		}
		data, err := base64.StdEncoding.DecodeString(b64)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("not a PNG: %v", err)
		}
		if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
			t.Fatalf("image is %dx%d, want %dx%d", b.Dx(), b.Dy(), size, size)
		}
	}
	for _, tt := range []struct {
		url  string
		size int
	}{
		{rawURL, 10},
		{rawURL, 5000},
		{"https://example.com/", 200},
		{"", 200},
	} {
		if _, err := QRCodeDataURL(tt.url, tt.size); err == nil {
			t.Fatalf("QRCodeDataURL(%q, %d) succeeded", tt.url, tt.size)
		}
	}
}

// VerifyTOTP checks the format before any HMAC work; the format rule itself is pinned here because
// a malformed code can never equal a generated one, so VerifyTOTP's answer alone cannot show it.
func TestIsSixDigits(t *testing.T) {
	tests := map[string]bool{
		"123456": true, "000000": true, "999999": true,
		"12345": false, "1234567": false, "abcdef": false, "": false,
		"12345a": false, " 12345": false, "12 456": false, "-12345": false, "١٢٣٤٥٦": false, "１２３４５６": false,
	}
	for code, want := range tests {
		if got := isSixDigits(code); got != want {
			t.Errorf("isSixDigits(%q) = %v, want %v", code, got, want)
		}
	}
}
