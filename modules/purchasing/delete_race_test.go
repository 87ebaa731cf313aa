package purchasing_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/backoffice/backoffice/modules/auth/authtest"
)

// deleteRounds is how many times the race below is run; round i's head starts sweep 1 ms apart.
const deleteRounds = 30

// A user deletes their pending purchase while an administrator approves it and the user records
// a return on it at once (on SQLite and PostgreSQL): only pending and rejected purchases are
// deleted, and returns and payments are only taken by approved ones, so the delete and the
// approval never both succeed — the delete's write finds the purchase approved (409 'Purchase
// cannot be deleted'), or the approval finds it gone (404, or 409 when it went between the
// approval's read and its write) — and no return or payment is ever live on a deleted purchase.
func TestDeleteOfAPendingPurchaseRacesItsApproval(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		outcomes := map[string]int{}
		for i := range deleteRounds {
			body := obj{"purchase_date": "2026-11-23", "reference_no": fmt.Sprintf("FV-D%02d", i), "supplier_id": w.supplier,
				"store_id": w.store, "days_of_credit": 30, "lines": []obj{w.line("a", 2, 100_000)}}
			p := w.create(t, w.user, body)
			var line int64
			if err := w.DB.NewSelect().Table("purchase_lines").Column("id").Where("purchase_id = ?", p.ID).
				Scan(context.Background(), &line); err != nil {
				t.Fatal(err)
			}
			path := fmt.Sprintf("/api/purchases/%d", p.ID)
			d := time.Duration(i-deleteRounds/2) * time.Millisecond
			late, wait := max(d, 0), max(-d, 0)
			done := make(chan *authtest.Response, 1)
			go func() {
				time.Sleep(late)
				done <- w.Send(t, http.MethodDelete, path, w.user, nil)
			}()
			time.Sleep(wait)
			approve := w.Send(t, http.MethodPost, path+"/approve", w.admin, nil)
			var ret *authtest.Response
			if approve.Status == http.StatusOK {
				ret = w.sendReturn(t, w.user, goods(p.ID, line, 1, fmt.Sprintf("DV-D%02d", i)))
			}
			del := <-done
			switch {
			case del.Status == http.StatusNoContent && approve.Status == http.StatusOK:
				t.Fatalf("round %d: purchase %d approved and deleted (its return answered %d %s)", i, p.ID, ret.Status, ret.Body)
			case del.Status == http.StatusNoContent:
				// Gone before the approval read it (404), or between its read and its write (409).
				if approve.Status != http.StatusNotFound && approve.Status != http.StatusConflict {
					t.Fatalf("round %d: approving the deleted purchase %d: %d %s", i, p.ID, approve.Status, approve.Body)
				}
				outcomes[fmt.Sprintf("deleted, approval %d", approve.Status)]++
			case approve.Status == http.StatusOK:
				del.ExpectError(http.StatusConflict, "conflict", "Purchase cannot be deleted")
				ret.Expect(http.StatusCreated)
				outcomes["approved"]++
			default:
				t.Fatalf("round %d: delete %d %s; approve %d %s", i, del.Status, del.Body, approve.Status, approve.Body)
			}
		}
		t.Logf("%d rounds: %v", deleteRounds, outcomes)
	})
}
