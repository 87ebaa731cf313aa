package domain_test

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/backoffice/backoffice/modules/payments/internal/domain"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/bounds"
	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/payable"
)

// now is 2026-11-23 10:00 in Bogota.
var now = time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)

func valid() domain.Draft {
	return domain.Draft{Header: domain.Header{Type: "purchase", Date: "2026-11-23", ReferenceNo: "TR-1", Method: "transfer"},
		DocumentID: 7, AmountCents: 100}
}

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		name  string
		edit  func(*domain.Draft)
		field string
		msg   string
	}{
		{"valid", func(*domain.Draft) {}, "", ""},
		{"sale", func(d *domain.Draft) { d.Type = "sale"; d.Method = "cheque" }, "", ""},
		{"no type", func(d *domain.Draft) { d.Type = "" }, "type", domain.MsgTypeRequired},
		{"unknown type", func(d *domain.Draft) { d.Type = "return" }, "type", domain.MsgTypeRequired},
		{"no document", func(d *domain.Draft) { d.DocumentID = 0 }, "document_id", domain.MsgDocumentRequired},
		{"no date", func(d *domain.Draft) { d.Date = "" }, "date", domain.MsgDateRequired},
		{"bad date", func(d *domain.Draft) { d.Date = "2026-02-30" }, "date", domain.MsgDateRequired},
		{"date before 2000", func(d *domain.Draft) { d.Date = "1999-12-31" }, "date", bounds.MsgDate},
		{"first date", func(d *domain.Draft) { d.Date = "2000-01-01" }, "", ""},
		{"ten years ahead", func(d *domain.Draft) { d.Date = "2036-11-23" }, "", ""},
		{"past ten years", func(d *domain.Draft) { d.Date = "2036-11-24" }, "date", bounds.MsgDate},
		{"no reference", func(d *domain.Draft) { d.ReferenceNo = "" }, "reference_no", "Reference No is required"},
		{"reference of 100", func(d *domain.Draft) { d.ReferenceNo = strings.Repeat("ñ", 100) }, "", ""},
		{"reference of 101", func(d *domain.Draft) { d.ReferenceNo = strings.Repeat("ñ", 101) }, "reference_no", domain.MsgReferenceTooLong},
		{"zero amount", func(d *domain.Draft) { d.AmountCents = 0 }, "amount_cents", domain.MsgAmount},
		{"negative amount", func(d *domain.Draft) { d.AmountCents = -5 }, "amount_cents", domain.MsgAmount},
		{"largest amount", func(d *domain.Draft) { d.AmountCents = bounds.MaxDocumentCents }, "", ""},
		{"amount past the bound", func(d *domain.Draft) { d.AmountCents = bounds.MaxDocumentCents + 1 }, "amount_cents", bounds.MsgDocumentCents},
		{"no method", func(d *domain.Draft) { d.Method = "" }, "method", domain.MsgMethod},
		{"unknown method", func(d *domain.Draft) { d.Method = "bitcoin" }, "method", domain.MsgMethod},
		{"note of 5000", func(d *domain.Draft) { d.Note = strings.Repeat("x", 5000) }, "", ""},
		{"note of 5001", func(d *domain.Draft) { d.Note = strings.Repeat("x", 5001) }, "note", domain.MsgNoteTooLong},
		{"a refund on a purchase", func(d *domain.Draft) { d.Direction = " refund " }, "", ""},
		{"a payment, said", func(d *domain.Draft) { d.Direction = "payment" }, "", ""},
		{"a refund on a sale", func(d *domain.Draft) { d.Type, d.Direction = "sale", "refund" }, "direction", domain.MsgRefundOnPurchase},
		{"unknown direction", func(d *domain.Draft) { d.Direction = "return" }, "direction", domain.MsgDirection},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := valid()
			c.edit(&d)
			d = d.Normalize()
			f := domain.Validate(d, now)
			if c.field == "" {
				if len(f) != 0 {
					t.Fatalf("fields %v, want none", f)
				}
				return
			}
			if len(f) != 1 || f[c.field] != c.msg || apperror.As(domain.Refused(f)).Message != c.msg {
				t.Fatalf("fields %v, want only %s: %q", f, c.field, c.msg)
			}
		})
	}
	// No direction is a payment.
	if d := valid().Normalize(); d.Direction != domain.DirectionPayment {
		t.Fatalf("default direction %q", d.Direction)
	}
	// Texts are trimmed before they are checked; the form's order picks the message.
	d := domain.Draft{Header: domain.Header{Type: " sale ", Date: " 2026-11-23 ", ReferenceNo: "   ", Method: " cash "}}
	d = d.Normalize()
	f := domain.Validate(d, now)
	if first := apperror.As(domain.Refused(f)).Message; d.Type != "sale" || f["reference_no"] != domain.MsgReferenceRequired || first != domain.MsgDocumentRequired {
		t.Fatalf("normalized %+v: %v (first %q)", d, f, first)
	}
}

func TestValidateRun(t *testing.T) {
	run := domain.Run{Header: valid().Header, Items: []domain.Item{{DocumentID: 1, AmountCents: 10}, {DocumentID: 1, AmountCents: 5}}}
	if f := domain.ValidateRun(run, now); len(f) != 0 {
		t.Fatalf("valid run: %v (a document may come twice)", f)
	}
	run.Items = append(run.Items, domain.Item{DocumentID: 0, AmountCents: 0})
	f := domain.ValidateRun(run, now)
	if f["items.2.document_id"] != domain.MsgDocumentRequired || f["items.2.amount_cents"] != domain.MsgAmount || len(f) != 2 {
		t.Fatalf("bad item: %v", f)
	}
	run.Items = nil
	if f := domain.ValidateRun(run, now); f["items"] != domain.MsgNoItems {
		t.Fatalf("no items: %v", f)
	}
	run.Items = make([]domain.Item, domain.MaxItems+1)
	for i := range run.Items {
		run.Items[i] = domain.Item{DocumentID: int64(i + 1), AmountCents: 1}
	}
	if f := domain.ValidateRun(run, now); f["items"] != domain.MsgTooManyItems || len(f) != 1 {
		t.Fatalf("too many items: %v", f)
	}
	run = domain.Run{Items: []domain.Item{{DocumentID: 1, AmountCents: bounds.MaxDocumentCents + 1}}}
	f = domain.ValidateRun(run, now)
	if f["items.0.amount_cents"] != bounds.MsgDocumentCents || f["type"] == "" || f["method"] == "" || f["reference_no"] == "" || f["date"] == "" {
		t.Fatalf("empty header: %v", f)
	}
}

// Never overpaid: what a document may still take is its balance less the other pending payments
// and its pending returns; an amount up to it is accepted, one centavo more is refused.
func TestOverpaid(t *testing.T) {
	for _, c := range []struct {
		name                                          string
		total, paid, returns, pendingReturns, pending int64
		amount, available                             int64
		over                                          bool
	}{
		{"all of an open document", 1000, 0, 0, 0, 0, 1000, 1000, false},
		{"a centavo more", 1000, 0, 0, 0, 0, 1001, 1000, true},
		{"after payments", 1000, 600, 0, 0, 0, 400, 400, false},
		{"after payments, more", 1000, 600, 0, 0, 0, 401, 400, true},
		{"pending payments count", 1000, 600, 0, 0, 300, 101, 100, true},
		{"pending payments count, the rest fits", 1000, 600, 0, 0, 300, 100, 100, false},
		{"returns and pending returns count", 1000, 0, 200, 100, 0, 701, 700, true},
		{"paid in full", 1000, 1000, 0, 0, 0, 1, 0, true},
		{"more pending than owed", 500, 0, 0, 0, 800, 1, -300, true},
	} {
		doc := payable.Document{TotalCents: c.total, PaidCents: c.paid, ReturnsCents: c.returns,
			BalanceCents: payable.Balance(c.total, c.paid, c.returns), PendingReturnsCents: c.pendingReturns}
		available, over := domain.Overpaid(doc, c.pending, c.amount)
		if available != c.available || over != c.over {
			t.Errorf("%s: available %d, over %v; want %d, %v", c.name, available, over, c.available, c.over)
		}
	}
}

// A refund settles a purchase's credit in our favour (−balance, once returns passed what was
// left to pay): it may take the credit less the other pending refunds; a purchase with no credit
// takes none. An approved refund takes its amount off the paid amount.
func TestRefundable(t *testing.T) {
	for _, c := range []struct {
		name                         string
		total, paid, returns, refund int64
		pending, available           int64
		over                         bool
	}{
		{"all of the credit", 1000, 1000, 300, 300, 0, 300, false},
		{"a centavo more", 1000, 1000, 300, 301, 0, 300, true},
		{"pending refunds count", 1000, 1000, 300, 101, 200, 100, true},
		{"pending refunds count, the rest fits", 1000, 1000, 300, 100, 200, 100, false},
		{"no credit: paid in full", 1000, 1000, 0, 1, 0, 0, true},
		{"no credit: still owed", 1000, 400, 300, 1, 0, 0, true},
		{"more pending than the credit", 1000, 1000, 100, 1, 300, -200, true},
	} {
		doc := payable.Document{TotalCents: c.total, PaidCents: c.paid, ReturnsCents: c.returns,
			BalanceCents: payable.Balance(c.total, c.paid, c.returns)}
		available, over := domain.Refundable(doc, c.pending, c.refund)
		if available != c.available || over != c.over {
			t.Errorf("%s: available %d, over %v; want %d, %v", c.name, available, over, c.available, c.over)
		}
		// Approved, it brings the balance back toward 0 and never past it.
		if !over {
			paid := c.paid + domain.Signed(domain.DirectionRefund, c.refund)
			if b := payable.Balance(c.total, paid, c.returns); b > 0 || payable.StatusOf(c.total, paid, c.returns) != payable.StatusPaid {
				t.Errorf("%s: after the refund balance %d", c.name, b)
			}
		}
	}
	if domain.Signed(domain.DirectionPayment, 5) != 5 || domain.Signed(domain.DirectionRefund, 5) != -5 {
		t.Fatal("signed amounts")
	}
	if got := domain.MsgRefundExceeds(30_000_000); got != "The refund exceeds the credit in our favour ($ 300.000)." {
		t.Errorf("message %q", got)
	}
	if got := domain.MsgRefundExceeds(-5); got != "The refund exceeds the credit in our favour ($ 0)." {
		t.Errorf("no credit: %q", got)
	}
}

func TestMoneyAndMessages(t *testing.T) {
	for cents, want := range map[int64]string{
		0: "$ 0", 5: "$ 0,05", 100: "$ 1", 99_900: "$ 999", 100_000: "$ 1.000", 123_456_700: "$ 1.234.567",
		123_456_750: "$ 1.234.567,50", -150: "-$ 1,50", bounds.MaxDocumentCents: "$ 100.000.000.000.000",
		math.MaxInt64: "$ 92.233.720.368.547.758,07", math.MinInt64: "-$ 92.233.720.368.547.758,08",
	} {
		if got := domain.COP(cents); got != want {
			t.Errorf("COP(%d) = %q, want %q", cents, got, want)
		}
	}
	if got := domain.MsgOverpaid(123_456_700); got != "The payment exceeds the balance due ($ 1.234.567)." {
		t.Errorf("message %q", got)
	}
	if got := domain.MsgOverpaid(-300); got != "The payment exceeds the balance due ($ 0)." {
		t.Errorf("nothing available: %q", got)
	}
}

func TestDaysOverdue(t *testing.T) {
	day := func(s string) time.Time { d, _ := calendar.ParseDate(s); return d }
	for _, c := range []struct {
		due  time.Time
		want int
	}{{day("2026-11-23"), 0}, {day("2026-11-30"), 0}, {day("2026-11-22"), 1}, {day("2026-10-24"), 30}, {time.Time{}, 0}} {
		if got := domain.DaysOverdue(c.due, now); got != c.want {
			t.Errorf("due %v: %d days overdue, want %d", c.due, got, c.want)
		}
	}
	// Late at night in Bogota is still the same business day (04:59 UTC the next day).
	if got := domain.DaysOverdue(day("2026-11-23"), time.Date(2026, 11, 24, 4, 59, 0, 0, time.UTC)); got != 0 {
		t.Errorf("same business day: %d", got)
	}
}
