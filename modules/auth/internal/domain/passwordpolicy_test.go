package domain

import (
	"maps"
	"testing"
)

func TestValidateNewPassword(t *testing.T) {
	tests := []struct {
		name         string
		password     string
		confirmation string
		want         FieldErrors
	}{
		{"valid", "Demo123!", "Demo123!", nil},
		{"valid with space as special", "Demo 1234", "Demo 1234", nil},
		{"valid spanish letters", "Ñandú-río", "Ñandú-río", nil},
		{"exactly 8", "Abcdef1!", "Abcdef1!", nil},
		{"no uppercase", "demo123!", "demo123!", FieldErrors{FieldPassword: MsgPasswordComplexity}},
		{"no lowercase", "DEMO123!", "DEMO123!", FieldErrors{FieldPassword: MsgPasswordComplexity}},
		{"no special", "Demo1234", "Demo1234", FieldErrors{FieldPassword: MsgPasswordComplexity}},
		{"digits are not special", "Demo12345678", "Demo12345678", FieldErrors{FieldPassword: MsgPasswordComplexity}},
		{"accented letter is not special", "Demoñandú", "Demoñandú", FieldErrors{FieldPassword: MsgPasswordComplexity}},
		{"seven chars", "Abcde1!", "Abcde1!", FieldErrors{FieldPassword: MsgPasswordTooShort}},
		// 8 runes but 10 bytes would pass a byte count; 7 runes in 9 bytes must not.
		{"seven runes nine bytes", "Ñañdo1!", "Ñañdo1!", FieldErrors{FieldPassword: MsgPasswordTooShort}},
		{"eight runes", "Ñañdo12!", "Ñañdo12!", nil},
		{"short and weak gets the class hint", "abc", "abc", FieldErrors{FieldPassword: MsgPasswordComplexity}},
		{"empty", "", "", FieldErrors{FieldPassword: MsgPasswordComplexity}},
		{"mismatch only", "Demo123!", "Demo123?", FieldErrors{FieldPasswordConfirmation: MsgPasswordMismatch}},
		{"empty confirmation", "Demo123!", "", FieldErrors{FieldPasswordConfirmation: MsgPasswordMismatch}},
		{"weak and mismatch", "demo", "demo1", FieldErrors{
			FieldPassword:             MsgPasswordComplexity,
			FieldPasswordConfirmation: MsgPasswordMismatch,
		}},
		{"short and mismatch", "Ab1!", "Ab1?", FieldErrors{
			FieldPassword:             MsgPasswordTooShort,
			FieldPasswordConfirmation: MsgPasswordMismatch,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ValidateNewPassword(tt.password, tt.confirmation)
			if !maps.Equal(got, tt.want) {
				t.Fatalf("ValidateNewPassword(%q, %q) = %v, want %v", tt.password, tt.confirmation, got, tt.want)
			}
			if tt.want == nil && got != nil {
				t.Fatalf("valid input must give nil, got %#v", got)
			}
		})
	}
}

// The messages are the spec's exact English texts; the web client keys translations on them.
func TestPasswordMessagesMatchSpec(t *testing.T) {
	want := map[string]string{
		MsgPasswordComplexity: "Password must include uppercase, lowercase, and special character.",
		MsgPasswordTooShort:   "Password must be at least 8 characters.",
		MsgPasswordMismatch:   "Passwords do not match.",
	}
	for got, spec := range want {
		if got != spec {
			t.Errorf("message %q, spec says %q", got, spec)
		}
	}
}
