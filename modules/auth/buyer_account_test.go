package auth_test

import (
	"net/http"
	"testing"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
)

// A buyer manages their own account like everyone else (DESIGN §6: /settings/* is every role's;
// spec §6's buyer allow-list names pages of work): profile, password and second factor.
func TestBuyerManagesOwnAccount(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		s.CreateUser(t, "bruno", auth.RoleBuyer, false)
		tok := s.Login(t, "bruno", authtest.Password, "").AuthToken
		s.Get(t, "/api/auth/user/profile", tok).Expect(http.StatusOK)
		s.Send(t, http.MethodPut, "/api/auth/user/profile", tok,
			map[string]string{"first_name": "Bruno", "last_name": "Ruiz", "email": "bruno@demo.co", "phone": "+57 300 000 0000"}).Expect(http.StatusOK)
		secret := enroll(t, s, tok)
		s.Send(t, http.MethodPost, "/api/auth/2fa/enable", tok,
			map[string]string{"one_time_password": s.Code(t, secret, 0)}).Expect(http.StatusOK)
		s.Send(t, http.MethodPost, "/api/auth/2fa/disable", tok, map[string]string{"password": authtest.Password}).Expect(http.StatusOK)
		const next = "Nuev@Clave9"
		s.Send(t, http.MethodPut, "/api/auth/user/password", tok,
			map[string]string{"current_password": authtest.Password, "password": next, "password_confirmation": next}).Expect(http.StatusNoContent)
		s.Login(t, "bruno", next, "")
	})
}
