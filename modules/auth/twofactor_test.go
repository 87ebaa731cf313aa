package auth_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
)

type enrollment struct {
	Data struct {
		QRCode     string `json:"qr_code"`
		Secret     string `json:"secret"`
		OTPAuthURL string `json:"otpauth_url"`
	} `json:"data"`
}

type userBody struct {
	Data auth.User `json:"data"`
}

// enroll asks for a new secret with token and checks the enrollment's shape.
func enroll(t *testing.T, s *authtest.Stack, token string) string {
	t.Helper()
	var e enrollment
	s.Send(t, http.MethodPost, "/api/auth/2fa/qr", token, nil).Expect(http.StatusOK).JSON(&e)
	if !strings.HasPrefix(e.Data.QRCode, "data:image/png;base64,") || len(e.Data.QRCode) < 200 {
		t.Fatalf("qr_code %.60q", e.Data.QRCode)
	}
	if len(e.Data.Secret) < 32 || strings.Trim(e.Data.Secret, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") != "" {
		t.Fatalf("secret %q is not base32 of 160 bits", e.Data.Secret)
	}
	if !strings.HasPrefix(e.Data.OTPAuthURL, "otpauth://totp/") || !strings.Contains(e.Data.OTPAuthURL, "secret="+e.Data.Secret) {
		t.Fatalf("otpauth_url %q", e.Data.OTPAuthURL)
	}
	return e.Data.Secret
}

func verify(t *testing.T, s *authtest.Stack, token, code string) *authtest.Response {
	t.Helper()
	return s.Send(t, http.MethodPost, "/api/auth/2fa", token, map[string]string{"one_time_password": code})
}

// pendingLogin signs in a user with two-factor on and checks that the token is a pending one.
func pendingLogin(t *testing.T, s *authtest.Stack, username string, hasSecret bool) string {
	t.Helper()
	res := s.Login(t, username, authtest.Password, "")
	if !res.User.EnableGoogle2FA || res.User.Google2FASecret != hasSecret {
		t.Fatalf("login user %+v: want enable_google2fa and google2fa_secret=%v", res.User, hasSecret)
	}
	// Pending: only the two-factor calls answer.
	s.Get(t, "/api/auth/user/profile", res.AuthToken).ExpectError(http.StatusUnauthorized, "unauthorized", "Two-factor verification is required.")
	s.Send(t, http.MethodPut, "/api/auth/user/password", res.AuthToken, map[string]string{}).Expect(http.StatusUnauthorized)
	s.Send(t, http.MethodPost, "/api/auth/2fa/disable", res.AuthToken, map[string]string{"password": authtest.Password}).Expect(http.StatusUnauthorized)
	s.Get(t, "/api/site_setting", res.AuthToken).Expect(http.StatusUnauthorized)
	return res.AuthToken
}

func TestTwoFactorSettingsAndSignIn(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		s.CreateUser(t, "tomas", auth.RoleUser, false)
		full := s.Login(t, "tomas", authtest.Password, "").AuthToken
		var secret string

		t.Run("enable from the settings", func(t *testing.T) {
			s.Send(t, http.MethodPost, "/api/auth/2fa/enable", full, map[string]string{"one_time_password": "123456"}).
				ExpectError(http.StatusUnprocessableEntity, "invalid", "Generate a QR code first.")
			secret = enroll(t, s, full)
			// A second QR replaces the first secret: only the latest one can be confirmed.
			stale := secret
			secret = enroll(t, s, full)
			if stale == secret {
				t.Fatal("two enrollments gave the same secret")
			}
			s.Send(t, http.MethodPost, "/api/auth/2fa/enable", full, map[string]string{"one_time_password": s.Code(t, stale, 0)}).
				ExpectError(http.StatusUnauthorized, "unauthorized", "Invalid OTP")
			var out userBody
			r := s.Send(t, http.MethodPost, "/api/auth/2fa/enable", full, map[string]string{"one_time_password": s.Code(t, secret, 0)})
			r.Expect(http.StatusOK).JSON(&out)
			noSecrets(t, r, secret)
			if !out.Data.EnableGoogle2FA || !out.Data.Google2FASecret {
				t.Fatalf("after enable %+v", out.Data)
			}
			r = s.Get(t, "/api/auth/user/profile", full).Expect(http.StatusOK)
			noSecrets(t, r, secret)
			r.JSON(&out)
			if !out.Data.EnableGoogle2FA || !out.Data.Google2FASecret {
				t.Fatalf("profile %+v", out.Data)
			}
		})

		t.Run("sign in with a code", func(t *testing.T) {
			pending := pendingLogin(t, s, "tomas", true)
			// The QR is not shown again to someone who only knows the password.
			s.Send(t, http.MethodPost, "/api/auth/2fa/qr", pending, nil).Expect(http.StatusForbidden)
			verify(t, s, pending, "").Expect(http.StatusUnprocessableEntity)
			verify(t, s, pending, "000000").ExpectError(http.StatusUnauthorized, "unauthorized", "Invalid OTP")
			verify(t, s, pending, "12345").ExpectError(http.StatusUnauthorized, "unauthorized", "Invalid OTP")
			// The code that enabled two-factor was used in this step already.
			verify(t, s, pending, s.Code(t, secret, 0)).ExpectError(http.StatusUnauthorized, "unauthorized", "Invalid OTP")

			s.Clock.Advance(30 * time.Second)
			code := s.Code(t, secret, 0)
			// The client also sends google2fa_secret; the server ignores it.
			var out userBody
			r := s.Send(t, http.MethodPost, "/api/auth/2fa", pending,
				map[string]string{"one_time_password": code, "google2fa_secret": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"})
			r.Expect(http.StatusOK).JSON(&out)
			noSecrets(t, r, secret)
			if out.Data.Username != "tomas" || !out.Data.Google2FASecret {
				t.Fatalf("2fa answer %+v", out.Data)
			}
			s.Get(t, "/api/auth/user/profile", pending).Expect(http.StatusOK)

			// Replay: the same code on another pending session is refused.
			other := pendingLogin(t, s, "tomas", true)
			verify(t, s, other, code).ExpectError(http.StatusUnauthorized, "unauthorized", "Invalid OTP")
			s.Get(t, "/api/auth/user/profile", other).Expect(http.StatusUnauthorized)
		})

		t.Run("one step of skew backwards only", func(t *testing.T) {
			pending := pendingLogin(t, s, "tomas", true)
			s.Clock.Advance(60 * time.Second)
			verify(t, s, pending, s.Code(t, secret, -30*time.Second)).Expect(http.StatusOK)

			s.Clock.Advance(4 * 30 * time.Second)
			pending = pendingLogin(t, s, "tomas", true)
			verify(t, s, pending, s.Code(t, secret, -60*time.Second)).ExpectError(http.StatusUnauthorized, "unauthorized", "Invalid OTP")
			verify(t, s, pending, s.Code(t, secret, 30*time.Second)).ExpectError(http.StatusUnauthorized, "unauthorized", "Invalid OTP")
			verify(t, s, pending, s.Code(t, secret, 0)).Expect(http.StatusOK)
		})

		t.Run("pending sign-in expires", func(t *testing.T) {
			s.Clock.Advance(30 * time.Second)
			pending := pendingLogin(t, s, "tomas", true)
			s.Clock.Advance(10 * time.Minute)
			verify(t, s, pending, s.Code(t, secret, 0)).Expect(http.StatusUnauthorized)
		})

		t.Run("disable", func(t *testing.T) {
			full := pendingLogin(t, s, "tomas", true)
			verify(t, s, full, s.Code(t, secret, 0)).Expect(http.StatusOK)
			s.Send(t, http.MethodPost, "/api/auth/2fa/disable", full, map[string]string{"password": "Wrong123!"}).
				Expect(http.StatusUnprocessableEntity)
			e := s.Send(t, http.MethodPost, "/api/auth/2fa/disable", full, map[string]string{"password": "Wrong123!"}).Err()
			if e.Fields["password"] != "Current password is incorrect." {
				t.Fatalf("fields %v", e.Fields)
			}
			var out userBody
			s.Send(t, http.MethodPost, "/api/auth/2fa/disable", full, map[string]string{"password": authtest.Password}).
				Expect(http.StatusOK).JSON(&out)
			if out.Data.EnableGoogle2FA || out.Data.Google2FASecret {
				t.Fatalf("after disable %+v", out.Data)
			}
			res := s.Login(t, "tomas", authtest.Password, "")
			if res.User.EnableGoogle2FA {
				t.Fatalf("login user %+v", res.User)
			}
			s.Get(t, "/api/auth/user/profile", res.AuthToken).Expect(http.StatusOK)
		})
	})
}

func TestTwoFactorEnrollmentAtSignIn(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		s.CreateUser(t, "eva", auth.RoleSecretary, true)

		pending := pendingLogin(t, s, "eva", false)
		verify(t, s, pending, "123456").ExpectError(http.StatusUnprocessableEntity, "invalid", "Generate a QR code first.")
		secret := enroll(t, s, pending)
		verify(t, s, pending, "654321").ExpectError(http.StatusUnauthorized, "unauthorized", "Invalid OTP")
		var out userBody
		r := verify(t, s, pending, s.Code(t, secret, 0)).Expect(http.StatusOK)
		noSecrets(t, r, secret)
		r.JSON(&out)
		if !out.Data.EnableGoogle2FA || !out.Data.Google2FASecret {
			t.Fatalf("after enrollment %+v", out.Data)
		}
		s.Get(t, "/api/auth/user/profile", pending).Expect(http.StatusOK)

		// From now on eva signs in with a code, and the QR is closed to a pending session.
		s.Clock.Advance(30 * time.Second)
		pending = pendingLogin(t, s, "eva", true)
		s.Send(t, http.MethodPost, "/api/auth/2fa/qr", pending, nil).Expect(http.StatusForbidden)
		verify(t, s, pending, s.Code(t, secret, 0)).Expect(http.StatusOK)
	})
}

func TestTwoFactorRateLimit(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		s.CreateUser(t, "otto", auth.RoleUser, true)
		pending := pendingLogin(t, s, "otto", false)
		secret := enroll(t, s, pending)
		for i := 0; i < 5; i++ {
			verify(t, s, pending, "000000").ExpectError(http.StatusUnauthorized, "unauthorized", "Invalid OTP")
		}
		// Sixth try: refused before the code is even looked at, the right one included.
		for _, code := range []string{"000000", s.Code(t, secret, 0)} {
			r := verify(t, s, pending, code)
			e := r.Expect(http.StatusTooManyRequests).Err()
			secs, err := strconv.Atoi(r.Header.Get("Retry-After"))
			if err != nil || secs < 1 || secs > 300 || e.Code != "rate_limited" {
				t.Fatalf("Retry-After %q, error %+v", r.Header.Get("Retry-After"), e)
			}
		}
		// The limit is per user, not per session.
		pending2 := pendingLogin(t, s, "otto", false)
		verify(t, s, pending2, s.Code(t, secret, 0)).Expect(http.StatusTooManyRequests)

		s.Clock.Advance(5 * time.Minute)
		// The pending sessions are still young enough (10 min), and the window is over.
		verify(t, s, pending, s.Code(t, secret, 0)).Expect(http.StatusOK)
	})
}
