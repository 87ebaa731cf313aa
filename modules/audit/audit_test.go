package audit_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/backoffice/backoffice/modules/audit/internal/domain"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	auditlog "github.com/backoffice/backoffice/platform/audit"
)

type obj = map[string]any

type entry struct {
	ID          int64  `json:"id"`
	CreatedAt   string `json:"created_at"`
	CompanyID   *int64 `json:"company_id"`
	CompanyName string `json:"company_name"`
	ActorID     *int64 `json:"actor_id"`
	ActorName   string `json:"actor_name"`
	Action      string `json:"action"`
	Kind        string `json:"kind"`
	Entity      string `json:"entity"`
	EntityID    string `json:"entity_id"`
	Detail      string `json:"detail"`
	IP          string `json:"ip"`
}

type page struct {
	Data []entry `json:"data"`
	Meta struct {
		Total      int    `json:"total"`
		NextCursor string `json:"next_cursor"`
	} `json:"meta"`
}

func list(t *testing.T, s *authtest.Stack, token, query string) page {
	t.Helper()
	var p page
	s.Get(t, "/api/audit?"+query, token).Expect(http.StatusOK).JSON(&p)
	return p
}

func actions(p page) string {
	var out []string
	for _, e := range p.Data {
		out = append(out, e.Action)
	}
	return strings.Join(out, ",")
}

// The trail an admin reads: sign-ins that worked and failed, an approval, filtered by actor,
// kind, record, company and range, paged, exported; nobody else reads it.
func TestAuditTrail(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		c := s.NewCast(t)
		s.Send(t, http.MethodPost, "/api/auth/login", "", obj{"username": "user1", "password": "wrong"}).Expect(http.StatusUnauthorized)
		s.Send(t, http.MethodPost, "/api/auth/login", "", obj{"username": "nobody", "password": "wrong"}).Expect(http.StatusUnauthorized)
		customer := s.Send(t, http.MethodPost, "/api/customers", c.User,
			obj{"name": "Ana Auditada", "document_type": "CC", "document_number": "1020304050"}).CreatedID()
		s.Send(t, http.MethodPost, fmt.Sprintf("/api/customers/%d/approve", customer), c.Admin, nil).Expect(http.StatusOK)

		// Sign-ins: every successful one, the known account's failure in its company, the
		// unknown username's without one.
		signIns := list(t, s, c.Admin, "kind=sign_in&per_page=100")
		var logins, failedKnown, failedUnknown int
		for _, e := range signIns.Data {
			if e.Kind != "sign_in" {
				t.Errorf("kind filter let %+v through", e)
			}
			switch {
			case e.Action == "login":
				logins++
			case e.Action == "login_failed" && e.EntityID == fmt.Sprint(c.UserID):
				failedKnown++
				if e.ActorName != "First user1 Last" || e.CompanyID == nil || *e.CompanyID != s.CompanyID || e.CompanyName == "" {
					t.Errorf("user1's failed sign-in = %+v", e)
				}
			case e.Action == "login_failed" && e.EntityID == "nobody":
				failedUnknown++
				if e.CompanyID != nil || e.ActorID != nil {
					t.Errorf("an unknown username's failure = %+v", e)
				}
			}
		}
		if logins != 5 || failedKnown != 1 || failedUnknown != 1 {
			t.Errorf("sign-ins: %d logins, %d failures of user1, %d of nobody; want 5, 1, 1: %s", logins, failedKnown, failedUnknown, actions(signIns))
		}

		// The admin's approvals: the customer's, by name.
		approvals := list(t, s, c.Admin, fmt.Sprintf("kind=approval&actor_id=%d", c.AdminID))
		if len(approvals.Data) != 1 || approvals.Meta.Total != 1 {
			t.Fatalf("approvals by admin1 = %s", actions(approvals))
		}
		if a := approvals.Data[0]; a.Action != "customer_approved" || a.Entity != "customer" || a.EntityID != fmt.Sprint(customer) ||
			a.ActorName != "First admin1 Last" || a.Kind != "approval" {
			t.Errorf("approval = %+v", a)
		}

		// One record's entries, newest first.
		if got := actions(list(t, s, c.Admin, fmt.Sprintf("entity=customer&entity_id=%d", customer))); got != "customer_approved,customer_created" {
			t.Errorf("the customer's entries = %s", got)
		}

		// The company filter: the other company's user and sign-in only; ours without the unknown
		// username.
		other := list(t, s, c.Admin, fmt.Sprintf("company_id=%d", c.OtherCompany))
		if actions(other) != "login,user_created" || other.Data[0].ActorName != "Other Company" ||
			other.Data[0].CompanyName != "Otra Empresa S.A.S." {
			t.Errorf("the other company's trail = %+v", other.Data)
		}
		for _, e := range list(t, s, c.Admin, fmt.Sprintf("company_id=%d&per_page=100", s.CompanyID)).Data {
			if e.CompanyID == nil || *e.CompanyID != s.CompanyID {
				t.Errorf("company filter let %+v through", e)
			}
		}

		// Range: the Stack's day holds the clock's entries; a day long ago none.
		day := authtest.Start.Add(-5 * 60 * 60).Format("2006-01-02")
		if got := list(t, s, c.Admin, "kind=approval&from="+day+"&to="+day); len(got.Data) != 1 {
			t.Errorf("approvals on %s = %s", day, actions(got))
		}
		if got := list(t, s, c.Admin, "from=2020-01-01&to=2020-01-31"); len(got.Data) != 0 || got.Meta.Total != 0 {
			t.Errorf("January 2020 = %s", actions(got))
		}

		// Pages: two at a time, no entry twice, the total kept.
		all := list(t, s, c.Admin, "per_page=100")
		first := list(t, s, c.Admin, "per_page=2")
		second := list(t, s, c.Admin, "per_page=2&page=2&after="+first.Meta.NextCursor)
		if first.Meta.Total != len(all.Data) || len(first.Data) != 2 || len(second.Data) != 2 ||
			second.Data[0].ID != all.Data[2].ID || first.Data[0].ID != all.Data[0].ID {
			t.Errorf("pages: total %d of %d; first %v, second %v", first.Meta.Total, len(all.Data), first.Data, second.Data)
		}
		for i := 1; i < len(all.Data); i++ {
			if all.Data[i].CreatedAt > all.Data[i-1].CreatedAt {
				t.Errorf("not newest first at %d: %s after %s", i, all.Data[i].CreatedAt, all.Data[i-1].CreatedAt)
			}
		}

		// Bad filters: 422 with the field, in the reports' words for dates.
		for q, field := range map[string]string{
			"from=2026-11-01":                 "to",
			"to=2026-11-01":                   "from",
			"from=2026-11-30&to=2026-11-01":   "to",
			"from=yesterday&to=2026-11-01":    "from",
			"kind=everything":                 "kind",
			"entity_id=5":                     "entity",
			"sort=action":                     "sort",
			"after=not-a-cursor&per_page=2":   "",
			"from=2026-11-01&to=2026-13-01":   "to",
			"actor_id=-1":                     "",
			"company_id=1&entity_id=5&kind=x": "kind",
		} {
			r := s.Get(t, "/api/audit?"+q, c.Admin).Expect(http.StatusUnprocessableEntity)
			if field != "" && r.Err().Fields[field] == "" {
				t.Errorf("%s: fields %v, want %s", q, r.Err().Fields, field)
			}
		}
		if e := s.Get(t, "/api/audit?from=2026-11-01", c.Admin).Err(); e.Fields["to"] != "Please select dates" {
			t.Errorf("one end = %+v", e)
		}

		// The export: what the filter shows, words in the language asked.
		rows := s.Get(t, fmt.Sprintf("/api/audit/export.xlsx?lang=en&kind=approval&actor_id=%d", c.AdminID), c.Admin).
			Expect(http.StatusOK).Sheet("Audit trail")
		if len(rows) != 2 || rows[0][0] != "When" || rows[1][3] != "Approval" || rows[1][4] != "customer_approved" ||
			rows[1][2] != "First admin1 Last" || rows[1][6] != fmt.Sprint(customer) {
			t.Errorf("export = %v", rows)
		}
		es := s.Get(t, "/api/audit/export.xlsx?kind=sign_in", c.Admin).Expect(http.StatusOK).Sheet("Auditoría")
		if len(es) != 1+len(signIns.Data) || es[0][0] != "Fecha y hora" || es[1][3] != "Inicio de sesión" {
			t.Errorf("export es = %v", es)
		}
		s.Get(t, "/api/audit/export.xlsx?kind=nope", c.Admin).Expect(http.StatusUnprocessableEntity)

		// Nobody but administrators.
		for _, token := range []string{c.User, c.Secretary, c.Buyer, c.Other} {
			s.Get(t, "/api/audit", token).Expect(http.StatusForbidden)
			s.Get(t, "/api/audit/export.xlsx", token).Expect(http.StatusForbidden)
		}
		s.Get(t, "/api/audit", "").Expect(http.StatusUnauthorized)
	})
}

// Each kind's filter, run by the database (LIKE with its wildcards escaped), finds exactly the
// entries the page shows as that kind or that the kind also covers (internal/domain's rules).
func TestKindFiltersMatchTheKindRules(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		c := s.NewCast(t)
		samples := []struct{ action, entity string }{
			{"login_failed", "user"}, {"purchase_approved", "purchase"}, {"purchaseXapproved", "purchase"},
			{"sale_rejected", "sale"}, {"purchase_archived", "purchase"}, {"archive_restored", "archive"},
			{"company_deleted", "company"}, {"delete", "attachment"}, {"uvt_set", "tax_uvt"}, {"2fa_enabled", "user"},
			{"product_created", "product"}, {"purchase_resubmitted", "purchase"}, {"odd%action", "thing"},
		}
		for _, e := range samples {
			if err := auditlog.Record(context.Background(), s.DB, auditlog.Entry{CompanyID: auditlog.Int64(c.OtherCompany),
				Action: e.action, Entity: e.entity, EntityID: "k"}); err != nil {
				t.Fatal(err)
			}
		}
		for _, k := range domain.Kinds {
			var want []string
			for i := len(samples) - 1; i >= 0; i-- { // newest first
				if k.Matches(samples[i].action, samples[i].entity) {
					want = append(want, samples[i].action)
				}
			}
			var all []string
			for _, e := range list(t, s, c.Admin, fmt.Sprintf("company_id=%d&kind=%s&per_page=100", c.OtherCompany, k.Name)).Data {
				if e.EntityID == "k" {
					all = append(all, e.Action)
				}
			}
			if strings.Join(all, ",") != strings.Join(want, ",") {
				t.Errorf("kind %s found %v, want %v", k.Name, all, want)
			}
		}
		for _, e := range list(t, s, c.Admin, fmt.Sprintf("company_id=%d&per_page=100", c.OtherCompany)).Data {
			if e.EntityID == "k" && e.Kind != domain.KindOf(e.Action, e.Entity) {
				t.Errorf("%s shown as %s", e.Action, e.Kind)
			}
		}
	})
}

// The record filter finds the advanced delete's entries by the entities the archive module
// writes (advanced_delete for its steps, archive_batch for its batches), and "archive" — the
// choice the page offered before, never written by a module — finds both, so that a link kept
// from then still finds them.
func TestRecordFilterFindsTheArchive(t *testing.T) {
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		c := s.NewCast(t)
		for _, e := range []struct{ action, entity string }{
			{"advanced_delete_previewed", "advanced_delete"}, {"archive_batch_archived", "archive_batch"},
			{"purchase_archived", "purchase"}, {"archive_batch_restored", "archive_batch"},
		} {
			if err := auditlog.Record(context.Background(), s.DB, auditlog.Entry{CompanyID: auditlog.Int64(c.OtherCompany),
				Action: e.action, Entity: e.entity, EntityID: "7"}); err != nil {
				t.Fatal(err)
			}
		}
		for entity, want := range map[string]string{
			"archive_batch":   "archive_batch_restored,archive_batch_archived",
			"advanced_delete": "advanced_delete_previewed",
			"archive":         "archive_batch_restored,archive_batch_archived,advanced_delete_previewed",
		} {
			got := actions(list(t, s, c.Admin, fmt.Sprintf("company_id=%d&entity=%s", c.OtherCompany, entity)))
			if got != want {
				t.Errorf("entity=%s found %s, want %s", entity, got, want)
			}
		}
		// One batch's trail: the record filter with its id.
		if got := actions(list(t, s, c.Admin, fmt.Sprintf("company_id=%d&entity=archive_batch&entity_id=7", c.OtherCompany))); got != "archive_batch_restored,archive_batch_archived" {
			t.Errorf("batch 7's trail %s", got)
		}
		for _, e := range []string{"advanced_delete", "archive_batch"} {
			if !slices.Contains(domain.Entities, e) {
				t.Errorf("the record filter does not offer %s", e)
			}
		}
	})
}
