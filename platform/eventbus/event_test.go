package eventbus

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
)

type approvedPayload struct {
	PurchaseID int64  `json:"purchase_id"`
	Number     string `json:"number"`
}

func TestNewEventEnvelope(t *testing.T) {
	bogota := time.FixedZone("COT", -5*3600)
	now := time.Date(2026, 11, 22, 9, 30, 0, 123000000, bogota)
	ev := NewEvent("backoffice.purchasing.purchase.approved.v1", 3, 42, approvedPayload{PurchaseID: 9, Number: "OC-0009"}, now)

	id, err := uuid.Parse(ev.ID)
	if err != nil || id.Version() != 7 {
		t.Fatalf("id %q: version %v, err %v; want a UUIDv7", ev.ID, id.Version(), err)
	}
	if other := NewEvent(ev.Subject, 3, 42, nil, now); other.ID == ev.ID {
		t.Fatal("two events share an id")
	}

	raw, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	var generic map[string]any
	if err := json.Unmarshal(raw, &generic); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"event_id":    ev.ID,
		"subject":     "backoffice.purchasing.purchase.approved.v1",
		"occurred_at": "2026-11-22T14:30:00.123Z", // stored and sent in UTC
		"company_id":  float64(3),
		"actor_id":    float64(42),
		"data":        map[string]any{"purchase_id": float64(9), "number": "OC-0009"},
	}
	for k, v := range want {
		if g, _ := json.Marshal(generic[k]); string(g) != mustJSON(t, v) {
			t.Errorf("%s = %s, want %s", k, g, mustJSON(t, v))
		}
	}
	if len(generic) != len(want) {
		t.Errorf("envelope has fields %v, want exactly %d", generic, len(want))
	}

	env, err := DecodeEvent[approvedPayload](raw)
	if err != nil {
		t.Fatal(err)
	}
	if env.EventID != ev.ID || env.CompanyID != 3 || env.ActorID != 42 || !env.OccurredAt.Equal(now) ||
		env.Data != (approvedPayload{PurchaseID: 9, Number: "OC-0009"}) {
		t.Fatalf("decoded %+v", env)
	}
}

func TestDecodeEventRejectsNonEvents(t *testing.T) {
	for _, in := range []string{`not json`, `{"subject":"backoffice.a.b.created.v1"}`} {
		if _, err := DecodeEvent[json.RawMessage]([]byte(in)); err == nil {
			t.Errorf("DecodeEvent(%s) accepted it", in)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestValidateSubject(t *testing.T) {
	cases := map[string]bool{
		"backoffice.purchasing.purchase.approved.v1":      true,
		"backoffice.payments.payment.paid.v2":             true,
		"backoffice.catalog.product_price.changed.v1":     true,
		"backoffice.purchasing.purchase.approved":         false, // no version
		"backoffice.purchasing.purchase.approved.v0":      false,
		"backoffice.purchasing.approved.v1":               false, // no entity
		"other.purchasing.purchase.approved.v1":           false,
		"backoffice.Purchasing.purchase.approved.v1":      false,
		"backoffice.purchasing.purchase.approved.v1.x":    false,
		"backoffice.purchasing.*.approved.v1":             false,
		"backoffice.purchasing.purchase.approved.v1 ":     false,
		"backoffice.purchasing.purchase-order.sent.v1":    false,
		"backoffice.purchasing.purchase.>":                false,
		"":                                                false,
		"backoffice.9purchasing.purchase.approved.v1":     false,
		"backoffice.purchasing.purchase.approved.v10":     true,
		"backoffice.purchasing.purchase..approved.v1":     false,
		"backoffice.purchasing.purchase.approved.v1\n":    false,
		"backoffice.purchasing.purchase.approved.V1":      false,
		"backoffice.purchasing.purchase.approved_ok.v1":   true,
		"backoffice.purchasing.purchase.approved.v1.v1":   false,
		"backoffice..purchasing.purchase.approved.v1":     false,
		"backoffice.purchasing.purchase.approved.v-1":     false,
		"backoffice.purchasing.purchase.approved.version": false,
	}
	for subject, ok := range cases {
		if err := ValidateSubject(subject); (err == nil) != ok {
			t.Errorf("ValidateSubject(%q) = %v, want valid=%v", subject, err, ok)
		}
	}
}

func TestSubject(t *testing.T) {
	if got := Subject("purchasing", "purchase", "approved"); got != "backoffice.purchasing.purchase.approved.v1" {
		t.Fatalf("Subject = %q", got)
	}
	if err := ValidateSubject(Subject("sales", "sale_return", "received")); err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][3]string{{"", "a", "b"}, {"sales", "sale.x", "created"}, {"sales", "sale", "Created"}, {"sales", "sale", ">"}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Subject%q did not panic", bad)
				}
			}()
			Subject(bad[0], bad[1], bad[2])
		}()
	}
	if !strings.HasPrefix(Subject("a", "b", "c"), DefaultSubjectPrefix+".") {
		t.Fatal("subject outside the default stream")
	}
}
