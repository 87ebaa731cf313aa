package approval_test

import (
	"testing"
	"time"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/approval"
)

func TestInitial(t *testing.T) {
	if got := approval.Initial(true); got != approval.Approved {
		t.Errorf("Initial(decider) = %q, want approved", got)
	}
	if got := approval.Initial(false); got != approval.Pending {
		t.Errorf("Initial(other) = %q, want pending", got)
	}
}

func TestDecide(t *testing.T) {
	cases := []struct {
		name    string
		current approval.Status
		approve bool
		reason  string
		want    approval.Status
		code    apperror.Code // "" when no error
		message string
		field   string
	}{
		{"approve pending", approval.Pending, true, "", approval.Approved, "", "", ""},
		{"approve pending, reason ignored", approval.Pending, true, "fine", approval.Approved, "", "", ""},
		{"reject pending with reason", approval.Pending, false, "Duplicate customer", approval.Rejected, "", "", ""},
		{"reject without reason", approval.Pending, false, "", approval.Pending, apperror.CodeInvalid, "A reason is required.", "reason"},
		{"reject with blank reason", approval.Pending, false, " \t\n", approval.Pending, apperror.CodeInvalid, "A reason is required.", "reason"},
		{"approve approved", approval.Approved, true, "", approval.Approved, apperror.CodeConflict, "Only pending records can be approved or rejected.", ""},
		{"approve rejected", approval.Rejected, true, "", approval.Rejected, apperror.CodeConflict, "Only pending records can be approved or rejected.", ""},
		{"reject approved", approval.Approved, false, "late", approval.Approved, apperror.CodeConflict, "Only pending records can be approved or rejected.", ""},
		{"reject rejected", approval.Rejected, false, "again", approval.Rejected, apperror.CodeConflict, "Only pending records can be approved or rejected.", ""},
		{"unknown status", approval.Status("archived"), true, "", approval.Status("archived"), apperror.CodeConflict, "Only pending records can be approved or rejected.", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := approval.Decide(c.current, c.approve, c.reason)
			if got != c.want {
				t.Errorf("status = %q, want %q", got, c.want)
			}
			if c.code == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			ae := apperror.As(err)
			if ae == nil {
				t.Fatalf("error = %v, want an apperror with code %s", err, c.code)
			}
			if ae.Code != c.code || ae.Message != c.message {
				t.Errorf("error = %s %q, want %s %q", ae.Code, ae.Message, c.code, c.message)
			}
			if c.field != "" && ae.Fields[c.field] != c.message {
				t.Errorf("fields = %v, want %s: %q", ae.Fields, c.field, c.message)
			}
		})
	}
}

func TestParse(t *testing.T) {
	for in, want := range map[string]approval.Status{"": "", "pending": approval.Pending, " approved ": approval.Approved, "rejected": approval.Rejected} {
		got, err := approval.Parse(in)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"PENDING", "all", "approved;drop"} {
		if _, err := approval.Parse(in); !apperror.IsCode(err, apperror.CodeInvalid) {
			t.Errorf("Parse(%q) error = %v, want invalid", in, err)
		}
	}
}

func TestValid(t *testing.T) {
	for _, s := range []approval.Status{approval.Pending, approval.Approved, approval.Rejected} {
		if !s.Valid() {
			t.Errorf("%q not valid", s)
		}
	}
	if approval.Status("x").Valid() || approval.Status("").Valid() {
		t.Error("unknown status reported valid")
	}
}

func TestResolve(t *testing.T) {
	d, err := approval.Resolve(approval.Pending, false, "  duplicate  ")
	if err != nil || d != (approval.Decision{Status: approval.Rejected, Reason: "duplicate"}) {
		t.Fatalf("reject: %+v, %v", d, err)
	}
	d, err = approval.Resolve(approval.Pending, true, "ignored")
	if err != nil || d != (approval.Decision{Status: approval.Approved}) {
		t.Fatalf("approve: %+v, %v", d, err)
	}
	if _, err := approval.Resolve(approval.Approved, true, ""); !apperror.IsCode(err, apperror.CodeConflict) {
		t.Fatalf("decided twice: %v", err)
	}
	if _, err := approval.Resolve(approval.Pending, false, " "); !apperror.IsCode(err, apperror.CodeInvalid) {
		t.Fatalf("reject without reason: %v", err)
	}
}

// A record's approval columns: approved at once by a decider, pending otherwise; a decision
// recorded; the API's view in UTC.
func TestColumns(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.FixedZone("Bogota", -5*3600))
	c := approval.Created(true, 7, at)
	if c.ApprovalStatus != "approved" || *c.ApprovedBy != 7 || !c.ApprovedAt.Equal(at) {
		t.Fatalf("a decider's record: %+v", c)
	}
	c = approval.Created(false, 8, at)
	if c.ApprovalStatus != "pending" || c.ApprovedBy != nil || c.ApprovedAt != nil {
		t.Fatalf("anyone else's record: %+v", c)
	}
	c.Decided(approval.Decision{Status: approval.Rejected, Reason: "Duplicado"}, 9, at)
	info := c.Info()
	if info.ApprovalStatus != "rejected" || info.ApprovalReason != "Duplicado" || *info.ApprovedBy != 9 ||
		info.ApprovedAt.Location() != time.UTC || !info.ApprovedAt.Equal(at) {
		t.Fatalf("decided: %+v", info)
	}
}
