package sales_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/backoffice/backoffice/modules/auth/authtest"
)

// deleteRounds is how many times the race below is run; round i's head starts sweep 1 ms apart.
const deleteRounds = 30

// A user deletes their pending sale while an administrator approves it and the user records a
// payment on it at once (on SQLite and PostgreSQL): only pending sales are deleted, and payments
// are only taken by approved ones; the delete's write checks again that the sale is pending and
// unpaid, so the delete and the approval never both succeed — the delete answers 409 'Sale cannot
// be deleted', or the approval finds the sale gone (404, or 409 when it went between the
// approval's read and its write) — and no payment is ever live on a deleted sale.
func TestDeleteOfAPendingSaleRacesItsApproval(t *testing.T) {
	t.Parallel()
	authtest.Each(t, func(t *testing.T, s *authtest.Stack) {
		w := newWorld(t, s)
		outcomes := map[string]int{}
		for i := range deleteRounds {
			sale := w.create(t, w.user, w.form(w.natural, w.line("s", 1, 100_000_000, 0)), 0)
			path := fmt.Sprintf("/api/sales/%d", sale.ID)
			d := time.Duration(i-deleteRounds/2) * time.Millisecond
			late, wait := max(d, 0), max(-d, 0)
			done := make(chan *authtest.Response, 1)
			go func() {
				time.Sleep(late)
				done <- w.Send(t, http.MethodDelete, path, w.user, nil)
			}()
			time.Sleep(wait)
			approve := w.Send(t, http.MethodPost, path+"/approve", w.admin, nil)
			var pay *authtest.Response
			if approve.Status == http.StatusOK {
				pay = w.multipart(t, http.MethodPost, "/api/payments", w.user, [][2]string{{"data", fmt.Sprintf(
					`{"type": "sale", "document_id": %d, "date": "2026-11-23", "reference_no": "RC-D%02d", "amount_cents": 100000, "method": "transfer"}`,
					sale.ID, i)}}, 0)
			}
			del := <-done
			switch {
			case del.Status == http.StatusNoContent && approve.Status == http.StatusOK:
				t.Fatalf("round %d: sale %d approved and deleted (its payment answered %d %s)", i, sale.ID, pay.Status, pay.Body)
			case del.Status == http.StatusNoContent:
				if approve.Status != http.StatusNotFound && approve.Status != http.StatusConflict {
					t.Fatalf("round %d: approving the deleted sale %d: %d %s", i, sale.ID, approve.Status, approve.Body)
				}
				outcomes[fmt.Sprintf("deleted, approval %d", approve.Status)]++
			case approve.Status == http.StatusOK:
				del.ExpectError(http.StatusConflict, "conflict", "Sale cannot be deleted")
				pay.Expect(http.StatusCreated)
				outcomes["approved"]++
			default:
				t.Fatalf("round %d: delete %d %s; approve %d %s", i, del.Status, del.Body, approve.Status, approve.Body)
			}
		}
		t.Logf("%d rounds: %v", deleteRounds, outcomes)
	})
}
