package apperror_test

import (
	"errors"
	"testing"

	"github.com/backoffice/backoffice/platform/apperror"
)

func TestForm(t *testing.T) {
	fields := map[string]string{"email": "bad email", "name": "name required"}
	err := apperror.Form(fields, "name", "email")
	if err.Code != apperror.CodeInvalid || err.Message != "name required" || len(err.Fields) != 2 {
		t.Fatalf("Form = %+v", err)
	}
	if got := apperror.FirstMessage(map[string]string{"other": "x"}, "name"); got != "x" {
		t.Fatalf("a field out of the order: %q", got)
	}
	for range 20 { // map order varies: the answer must not
		if got := apperror.FirstMessage(map[string]string{"lines.1.quantity": "q", "lines.0.cost": "c", "lines.2.x": "x"}); got != "c" {
			t.Fatalf("fields out of the order: %q, want the first by name", got)
		}
	}
	if got := apperror.FirstMessage(nil, "name"); got != apperror.MsgMissingFields {
		t.Fatalf("no fields: %q", got)
	}
}

func TestOrInternal(t *testing.T) {
	if apperror.OrInternal(nil) != nil {
		t.Fatal("nil became an error")
	}
	conflict := apperror.Conflict("taken")
	if apperror.OrInternal(conflict) != conflict {
		t.Fatal("application error not passed through")
	}
	raw := errors.New("connection reset")
	if err := apperror.OrInternal(raw); !apperror.IsCode(err, apperror.CodeInternal) || !errors.Is(err, raw) {
		t.Fatalf("raw error: %v", err)
	}
}
