package domain

import (
	"bytes"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"image/png"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// TOTP parameters: what Google Authenticator and its look-alikes support everywhere.
const (
	// TOTPPeriod is the length of one time step.
	TOTPPeriod = 30 * time.Second
	// TOTPDigits is the length of a one-time code (spec §9).
	TOTPDigits = 6
	// totpSecretBytes is 160 bits, the shared-secret length RFC 4226 recommends.
	totpSecretBytes = 20
)

// QR image bounds: below minQRSize the otpauth URL does not fit a scannable code; above maxQRSize
// a caller-chosen size would just be an expensive allocation.
const (
	minQRSize = 64
	maxQRSize = 1024
)

// totpOpts is the one set of code-generation options, shared by enrollment and verification so the
// two can never disagree.
var totpOpts = totp.ValidateOpts{
	Period:    uint(TOTPPeriod / time.Second),
	Digits:    otp.DigitsSix,
	Algorithm: otp.AlgorithmSHA1,
}

// NewTOTPSecret creates a fresh random 20-byte TOTP secret (SHA1, 6 digits, 30 s) and returns it
// in base32, with the otpauth:// URL an authenticator app enrolls from. issuer and account are shown
// in the app and must not be empty.
func NewTOTPSecret(issuer, account string) (secret string, otpauthURL string, err error) {
	key, err := totp.Generate(totp.GenerateOpts{
		Issuer:      issuer,
		AccountName: account,
		Period:      totpOpts.Period,
		SecretSize:  totpSecretBytes,
		Digits:      totpOpts.Digits,
		Algorithm:   totpOpts.Algorithm,
	})
	if err != nil {
		return "", "", fmt.Errorf("auth: generating TOTP secret: %w", err)
	}
	return key.Secret(), key.URL(), nil
}

// QRCodeDataURL renders otpauthURL as a size×size PNG QR code and returns it as a
// "data:image/png;base64,..." URL the browser can show directly in an <img>.
func QRCodeDataURL(otpauthURL string, size int) (string, error) {
	if size < minQRSize || size > maxQRSize {
		return "", fmt.Errorf("auth: QR size %d outside %d..%d", size, minQRSize, maxQRSize)
	}
	if !strings.HasPrefix(otpauthURL, "otpauth://") {
		return "", fmt.Errorf("auth: not an otpauth URL")
	}
	key, err := otp.NewKeyFromURL(otpauthURL)
	if err != nil {
		return "", fmt.Errorf("auth: parsing otpauth URL: %w", err)
	}
	img, err := key.Image(size, size)
	if err != nil {
		return "", fmt.Errorf("auth: rendering QR code: %w", err)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return "", fmt.Errorf("auth: encoding QR code: %w", err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}

// VerifyTOTP checks a one-time code typed by the user at now. The code must be exactly six ASCII
// digits. It is accepted for the current 30 s step or the one before it (a code typed just before
// the step turned over), never for a future step, so a clock running ahead on the phone does not
// widen the window. step is the time step the code matched; the caller stores it as the new
// lastUsedStep, and any step <= lastUsedStep is refused, so a code is never accepted twice
// (pass 0 when no code has been used yet).
func VerifyTOTP(secret, code string, now time.Time, lastUsedStep int64) (step int64, ok bool) {
	if !isSixDigits(code) || strings.TrimSpace(secret) == "" {
		// An empty secret decodes to an empty HMAC key, which would make codes computable by anyone.
		return 0, false
	}
	current := now.Unix() / int64(totpOpts.Period)
	// Current step first: when both match (1 in 10^6), recording the newer step blocks more replays.
	for _, candidate := range []int64{current, current - 1} {
		if candidate <= lastUsedStep || candidate < 0 {
			continue
		}
		want, err := totp.GenerateCodeCustom(secret, time.Unix(candidate*int64(totpOpts.Period), 0), totpOpts)
		if err != nil {
			// A secret that is not base32 can never verify.
			return 0, false
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return candidate, true
		}
	}
	return 0, false
}

// isSixDigits reports whether code is exactly TOTPDigits ASCII digits (no spaces, signs or
// non-ASCII digits, which strconv-style parsing would let through or normalise).
func isSixDigits(code string) bool {
	if len(code) != TOTPDigits {
		return false
	}
	for i := 0; i < len(code); i++ {
		if code[i] < '0' || code[i] > '9' {
			return false
		}
	}
	return true
}
