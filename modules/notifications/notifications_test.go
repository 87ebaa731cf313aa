package notifications_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/modules/notifications"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/ws"
)

// pushed is one live message a recorder saw, with where it went: "user:7", "company:1:buyer",
// "role:admin".
type pushed struct {
	To  string
	Msg ws.Message
}

// recorder is a Pusher that keeps what it is asked to send.
type recorder struct {
	mu   sync.Mutex
	msgs []pushed
}

func (r *recorder) add(to string, m ws.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.msgs = append(r.msgs, pushed{To: to, Msg: m})
	return nil
}

func (r *recorder) ToUser(_ context.Context, id int64, m ws.Message) error {
	return r.add(fmt.Sprintf("user:%d", id), m)
}

func (r *recorder) ToCompanyRole(_ context.Context, co int64, role string, m ws.Message) error {
	return r.add(fmt.Sprintf("company:%d:%s", co, role), m)
}

func (r *recorder) ToRole(_ context.Context, role string, m ws.Message) error {
	return r.add("role:"+role, m)
}

func (r *recorder) all() []pushed {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.msgs)
}

// notificationsTo decodes the notification messages sent to user id.
func (r *recorder) notificationsTo(t testing.TB, id int64) []notifications.Notification {
	t.Helper()
	var out []notifications.Notification
	for _, p := range r.all() {
		if p.To == fmt.Sprintf("user:%d", id) && p.Msg.Type == "notification" {
			var n notifications.Notification
			if err := json.Unmarshal(p.Msg.Data, &n); err != nil {
				t.Fatal(err)
			}
			out = append(out, n)
		}
	}
	return out
}

// event is a domain event as the consumer receives it.
func event(t testing.TB, subject string, companyID, actorID int64, data any) eventbus.Msg {
	t.Helper()
	ev := eventbus.NewEvent(subject, companyID, actorID, data, authtest.Start)
	b, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	return eventbus.Msg{Subject: subject, Data: b, ID: ev.ID, NumDelivered: 1}
}

// order is the payload procurement sends for purchase orders.
type order struct {
	ID           int64  `json:"id"`
	ReferenceNo  string `json:"reference_no"`
	SupplierName string `json:"supplier_name,omitempty"`
	AmountCents  int64  `json:"amount_cents"`
	CreatedBy    int64  `json:"created_by"`
	Reason       string `json:"reason,omitempty"`
	Status       string `json:"status,omitempty"`
}

func newModule(s *authtest.Stack, push notifications.Pusher) *notifications.Module {
	return notifications.New(notifications.Deps{DB: s.DB, Users: s.Auth, Push: push, AdminRole: auth.RoleAdmin,
		OtherRoles: []string{auth.RoleUser, auth.RoleSecretary, auth.RoleBuyer}, Now: s.Clock.Now})
}

type listBody struct {
	Data []notifications.Notification `json:"data"`
	Meta struct {
		Total      int    `json:"total"`
		NextCursor string `json:"next_cursor"`
	} `json:"meta"`
}

func TestEventBecomesNotificationsAndPushes(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		ctx := context.Background()
		admin := s.CreateUser(t, "admin1", auth.RoleAdmin, false)
		buyer := s.CreateUser(t, "buyer1", auth.RoleBuyer, false)
		other, err := s.Settings.EnsureCompany(ctx, "Otra S.A.S.")
		if err != nil {
			t.Fatal(err)
		}
		admin2, err := s.Auth.CreateUser(ctx, auth.NewUser{CompanyID: other, Username: "admin2", Password: authtest.Password,
			FirstName: "Ana", LastName: "Dos", Email: "a2@demo.co", Phone: "3001234567", Role: auth.RoleAdmin})
		if err != nil {
			t.Fatal(err)
		}
		rec := &recorder{}
		m := newModule(s, rec)

		// The buyer creates an order: both admins (every company's) are told, not the buyer.
		created := event(t, "backoffice.procurement.purchase_order.created.v1", s.CompanyID, buyer.ID,
			order{ID: 5, ReferenceNo: "PO-0005", CreatedBy: buyer.ID, Status: "pending"})
		if err := m.HandleMessage(ctx, created); err != nil {
			t.Fatal(err)
		}
		for _, id := range []int64{admin.ID, admin2.ID} {
			got := rec.notificationsTo(t, id)
			if len(got) != 1 || got[0].Kind != "purchase_order" || got[0].Outcome != "created" ||
				got[0].Message != "Purchase Order {{label}} was created and awaits approval." || got[0].Params["label"] != "PO-0005" ||
				got[0].Title != "Purchase Order Created" || got[0].EntityID != 5 || got[0].CompanyID != s.CompanyID || got[0].Read {
				t.Fatalf("admin %d got %+v", id, got)
			}
		}
		if len(rec.notificationsTo(t, buyer.ID)) != 0 {
			t.Fatal("the buyer was notified of their own order")
		}

		// An admin approves it: only the buyer is told, and every tab that may list orders refreshes.
		before := len(rec.all())
		approved := event(t, "backoffice.procurement.purchase_order.approved.v1", s.CompanyID, admin.ID,
			order{ID: 5, ReferenceNo: "PO-0005", SupplierName: "Acme", AmountCents: 85000000, CreatedBy: buyer.ID})
		if err := m.HandleMessage(ctx, approved); err != nil {
			t.Fatal(err)
		}
		var sent []string
		for _, p := range rec.all()[before:] {
			b, _ := json.Marshal(p.Msg)
			if p.Msg.Type == "notification" {
				b = []byte(`{"type":"notification"}`)
			}
			sent = append(sent, p.To+" "+string(b))
		}
		want := []string{
			fmt.Sprintf(`user:%d {"type":"notification"}`, buyer.ID),
			fmt.Sprintf(`company:%d:user {"type":"invalidate","keys":["purchase-orders","categories"]}`, s.CompanyID),
			fmt.Sprintf(`company:%d:secretary {"type":"invalidate","keys":["purchase-orders","categories"]}`, s.CompanyID),
			fmt.Sprintf(`company:%d:buyer {"type":"invalidate","keys":["purchase-orders","categories"]}`, s.CompanyID),
			`role:admin {"type":"invalidate","keys":["purchase-orders","categories"]}`,
		}
		if strings.Join(sent, "\n") != strings.Join(want, "\n") {
			t.Fatalf("pushed:\n%s\nwant:\n%s", strings.Join(sent, "\n"), strings.Join(want, "\n"))
		}
		n := rec.notificationsTo(t, buyer.ID)[0]
		if n.Message != "Purchase Order {{label}} was approved." || n.SupplierName != "Acme" || n.AmountCents != 85000000 ||
			n.ActorID == nil || *n.ActorID != admin.ID || n.ReferenceNo != "PO-0005" || n.EventID == "" || n.ID == 0 {
			t.Fatalf("pushed notification %+v", n)
		}

		// The same event delivered again: nothing stored; the stored notification is pushed again
		// (the first delivery may have died before its push), under the same id, which a tab that
		// has shown it drops.
		if err := m.HandleMessage(ctx, approved); err != nil {
			t.Fatal(err)
		}
		if again := rec.notificationsTo(t, buyer.ID); len(again) != 2 || again[1].ID != n.ID {
			t.Fatalf("a duplicate delivery pushed %d notifications to the buyer (want the same id %d again)", len(again)-1, n.ID)
		}

		// Events that notify nobody are acknowledged: other entities, live messages, garbage.
		for _, msg := range []eventbus.Msg{
			event(t, "backoffice.catalog.product.created.v1", s.CompanyID, admin.ID, map[string]int{"id": 1}),
			{Subject: "backoffice.live.user.1", Data: []byte(`{"type":"hello"}`)},
			{Subject: "backoffice.purchasing.purchase.approved.v1", Data: []byte(`not json`)},
		} {
			if err := m.HandleMessage(ctx, msg); err != nil {
				t.Fatalf("%s: %v", msg.Subject, err)
			}
		}

		// The inbox through the API: the buyer has exactly the approval.
		buyerToken := s.Login(t, "buyer1", authtest.Password, "").AuthToken
		var list listBody
		s.Get(t, "/api/notifications", buyerToken).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 1 || len(list.Data) != 1 || list.Data[0].ID != n.ID || list.Data[0].Outcome != "approved" {
			t.Fatalf("buyer's inbox %+v", list)
		}
	})
}

func TestInboxAPI(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		ctx := context.Background()
		admin := s.CreateUser(t, "admin1", auth.RoleAdmin, false)
		buyer := s.CreateUser(t, "buyer1", auth.RoleBuyer, false)
		other, err := s.Settings.EnsureCompany(ctx, "Otra S.A.S.")
		if err != nil {
			t.Fatal(err)
		}
		rec := &recorder{}
		m := newModule(s, rec)
		// Five notifications for the admin: three purchases (one of another company), a payment and a
		// received order; one for the buyer.
		feed := []eventbus.Msg{
			event(t, "backoffice.purchasing.purchase.created.v1", s.CompanyID, buyer.ID, order{ID: 1, ReferenceNo: "FV-1", CreatedBy: buyer.ID, Status: "pending"}),
			event(t, "backoffice.purchasing.purchase.created.v1", other, buyer.ID, order{ID: 2, ReferenceNo: "FV-2", CreatedBy: buyer.ID, Status: "pending"}),
			event(t, "backoffice.payments.payment.created.v1", s.CompanyID, buyer.ID, order{ID: 3, ReferenceNo: "PG-3", CreatedBy: buyer.ID, Status: "pending"}),
			event(t, "backoffice.procurement.received_order.created.v1", s.CompanyID, buyer.ID, order{ID: 4, ReferenceNo: "RO-4", CreatedBy: buyer.ID, Status: "pending"}),
			event(t, "backoffice.purchasing.purchase.created.v1", s.CompanyID, buyer.ID, order{ID: 5, ReferenceNo: "FV-5", CreatedBy: buyer.ID, Status: "pending"}),
			event(t, "backoffice.purchasing.purchase.rejected.v1", s.CompanyID, admin.ID, order{ID: 1, ReferenceNo: "FV-1", CreatedBy: buyer.ID, Reason: "Precio errado"}),
		}
		for _, msg := range feed {
			s.Clock.Advance(time.Minute)
			if err := m.HandleMessage(ctx, msg); err != nil {
				t.Fatal(err)
			}
		}
		adminToken := s.Login(t, "admin1", authtest.Password, "").AuthToken
		buyerToken := s.Login(t, "buyer1", authtest.Password, "").AuthToken
		refs := func(path, token string) string {
			t.Helper()
			var l listBody
			s.Get(t, path, token).Expect(http.StatusOK).JSON(&l)
			out := []string{}
			for _, n := range l.Data {
				out = append(out, n.ReferenceNo)
			}
			return fmt.Sprintf("%v total=%d", out, l.Meta.Total)
		}
		expect := func(got, want string) {
			t.Helper()
			if got != want {
				t.Fatalf("got %s, want %s", got, want)
			}
		}
		expect(refs("/api/notifications", adminToken), "[FV-5 RO-4 PG-3 FV-2 FV-1] total=5")
		expect(refs("/api/notifications?kind=purchase", adminToken), "[FV-5 FV-2 FV-1] total=3")
		expect(refs("/api/notifications?kind=payment", adminToken), "[PG-3] total=1")
		expect(refs(fmt.Sprintf("/api/notifications?kind=purchase&company_id=%d", other), adminToken), "[FV-2] total=1")
		expect(refs("/api/notifications?per_page=2&q=fv", adminToken), "[FV-5 FV-2] total=3")
		expect(refs("/api/notifications", buyerToken), "[FV-1] total=1")
		s.Get(t, "/api/notifications?kind=sale", adminToken).Expect(http.StatusOK)
		s.Get(t, "/api/notifications?kind=product", adminToken).Expect(http.StatusUnprocessableEntity)
		s.Get(t, "/api/notifications", "").Expect(http.StatusUnauthorized)

		// Resume (issue 14): the caller's own notifications after an id, oldest first.
		var admins listBody
		s.Get(t, "/api/notifications?per_page=5", adminToken).JSON(&admins) // newest first
		var missed struct {
			listBody
			More   bool  `json:"more"`
			LastID int64 `json:"last_id"`
		}
		s.Get(t, "/api/notifications/missed", adminToken).Expect(http.StatusOK).JSON(&missed)
		if len(missed.Data) != 0 || missed.LastID != admins.Data[0].ID {
			t.Fatalf("no position: %d rows, last_id %d (want %d)", len(missed.Data), missed.LastID, admins.Data[0].ID)
		}
		missed.Data = nil
		s.Get(t, fmt.Sprintf("/api/notifications/missed?after=%d&limit=2", admins.Data[3].ID), adminToken).Expect(http.StatusOK).JSON(&missed)
		var got []string
		for _, n := range missed.Data {
			got = append(got, n.ReferenceNo)
		}
		// FV-1, a minute older than FV-2, is outside the 30 s grace; PG-3 and RO-4 follow, then more (FV-5).
		if fmt.Sprint(got) != "[PG-3 RO-4]" || !missed.More {
			t.Fatalf("after FV-2: %v more=%v", got, missed.More)
		}
		s.Get(t, fmt.Sprintf("/api/notifications/missed?after=%d", admins.Data[3].ID), buyerToken).Expect(http.StatusOK).JSON(&missed)
		for _, n := range missed.Data {
			if n.ReferenceNo != "FV-1" {
				t.Fatalf("the buyer resumed someone else's notification %s", n.ReferenceNo)
			}
		}
		s.Get(t, "/api/notifications/missed?after=-1", adminToken).Expect(http.StatusUnprocessableEntity)
		s.Get(t, "/api/notifications/missed?after=1&limit=501", adminToken).Expect(http.StatusUnprocessableEntity)
		s.Get(t, "/api/notifications/missed?after=1", "").Expect(http.StatusUnauthorized)

		// The buyer's rejection shows its reason through the message's parameters.
		var mine listBody
		s.Get(t, "/api/notifications", buyerToken).JSON(&mine)
		if n := mine.Data[0]; n.Message != "Purchase {{label}} was rejected: {{reason}}" || n.Params["reason"] != "Precio errado" {
			t.Fatalf("rejection %+v", n)
		}

		unread := func(token string) int {
			t.Helper()
			var b struct {
				Data struct {
					Unread int `json:"unread"`
				} `json:"data"`
			}
			s.Get(t, "/api/notifications/unread_count", token).Expect(http.StatusOK).JSON(&b)
			return b.Data.Unread
		}
		if unread(adminToken) != 5 || unread(buyerToken) != 1 {
			t.Fatalf("unread admin %d buyer %d", unread(adminToken), unread(buyerToken))
		}
		var all listBody
		s.Get(t, "/api/notifications", adminToken).JSON(&all)
		first := all.Data[0]

		// Marking read: only one's own.
		s.Send(t, http.MethodPost, fmt.Sprintf("/api/notifications/%d/read", first.ID), buyerToken, nil).
			ExpectError(http.StatusNotFound, "not_found", "The requested information was not found")
		var read struct {
			Data notifications.Notification `json:"data"`
		}
		s.Send(t, http.MethodPost, fmt.Sprintf("/api/notifications/%d/read", first.ID), adminToken, nil).Expect(http.StatusOK).JSON(&read)
		if !read.Data.Read || read.Data.ReadAt == nil || !read.Data.ReadAt.Equal(s.Clock.Now()) {
			t.Fatalf("read %+v", read.Data)
		}
		expect(refs("/api/notifications?unread=true", adminToken), "[RO-4 PG-3 FV-2 FV-1] total=4")
		if unread(adminToken) != 4 {
			t.Fatal("unread count did not drop")
		}
		var updated struct {
			Data struct {
				Updated int `json:"updated"`
			} `json:"data"`
		}
		s.Send(t, http.MethodPost, "/api/notifications/read_all", adminToken, nil).Expect(http.StatusOK).JSON(&updated)
		if updated.Data.Updated != 4 || unread(adminToken) != 0 || unread(buyerToken) != 1 {
			t.Fatalf("read_all updated %d", updated.Data.Updated)
		}

		// Deleting one, then all of a kind, then all.
		s.Send(t, http.MethodDelete, fmt.Sprintf("/api/notifications/%d", first.ID), buyerToken, nil).
			ExpectError(http.StatusNotFound, "not_found", "The requested information was not found")
		s.Send(t, http.MethodDelete, fmt.Sprintf("/api/notifications/%d", first.ID), adminToken, nil).Expect(http.StatusNoContent)
		s.Send(t, http.MethodDelete, fmt.Sprintf("/api/notifications/%d", first.ID), adminToken, nil).Expect(http.StatusNotFound)
		expect(refs("/api/notifications", adminToken), "[RO-4 PG-3 FV-2 FV-1] total=4")
		var deleted struct {
			Data struct {
				Deleted int `json:"deleted"`
			} `json:"data"`
		}
		s.Send(t, http.MethodDelete, "/api/notifications?kind=purchase", adminToken, nil).Expect(http.StatusOK).JSON(&deleted)
		if deleted.Data.Deleted != 2 {
			t.Fatalf("deleted %d purchases, want 2", deleted.Data.Deleted)
		}
		s.Send(t, http.MethodDelete, "/api/notifications", adminToken, nil).Expect(http.StatusOK).JSON(&deleted)
		if deleted.Data.Deleted != 2 {
			t.Fatalf("deleted %d, want 2", deleted.Data.Deleted)
		}
		expect(refs("/api/notifications", adminToken), "[] total=0")
		expect(refs("/api/notifications", buyerToken), "[FV-1] total=1")
	})
}
