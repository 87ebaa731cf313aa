package archive_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

// raceRounds is how many times each race below is run.
const raceRounds = 15

// offsets is round i's head starts: the archive's and the other side's. The rounds sweep from the
// other side starting 14 ms late to the archive starting 14 ms late, so that either goes first
// some of the time and some rounds overlap.
func offsets(i int) (archive, other time.Duration) {
	d := time.Duration(i-raceRounds/2) * 2 * time.Millisecond
	if d < 0 {
		return 0, -d
	}
	return d, 0
}

// archiveIn archives ids of kind in a transaction of its own, as the advanced delete's verify
// does once the code matched, after waiting delay.
func (w *world) archiveIn(kind archiving.Kind, ids []int64, delay time.Duration) error {
	time.Sleep(delay)
	return w.DB.RunInTx(context.Background(), nil, func(ctx context.Context, tx bun.Tx) error {
		_, err := kind.Archive(ctx, tx, ids, archiving.Actor{UserID: w.AdminID, At: time.Now().UTC(), Reason: "race"})
		return err
	})
}

// A sale created while its customer is archived: on PostgreSQL the archive takes the customer
// (FOR UPDATE) before asking whether sales name it, and the sale keeps the customer (FOR KEY
// SHARE) in its transaction, so one waits for the other — either the sale is refused (the
// customer is gone) or the archive is ('Customer cannot be deleted: it has sales.'), never both
// succeed.
func TestArchiveOfACustomerRacesItsSale(t *testing.T) {
	t.Parallel()
	w := newWorld(t, dbtest.Postgres(t))
	service := w.Multipart(t, http.MethodPost, "/api/products", w.Admin, [][2]string{{"code", "S-1"}, {"name", "Flete"},
		{"category_id", fmt.Sprint(w.category)}, {"unit", "und"}, {"cost_cents", "0"}, {"price_cents", "500000"},
		{"iva_class", "excluido"}, {"kind", "service"}}, nil, nil).CreatedID()
	customers := w.Product.People.Customers()
	var sold, archived int
	for i := range raceRounds {
		c := w.Send(t, http.MethodPost, "/api/customers", w.Admin, obj{"name": fmt.Sprintf("Cliente %d", i), "person_type": "natural"}).CreatedID()
		done := make(chan error, 1)
		late, wait := offsets(i)
		go func() { done <- w.archiveIn(customers, []int64{c}, late) }()
		time.Sleep(wait)
		data := mustJSON(obj{"sale_date": "2026-11-20", "customer_id": c, "store_id": w.store,
			"lines": []obj{{"product_id": service, "quantity": 1, "price_cents": 500000}}})
		sale := w.Multipart(t, http.MethodPost, "/api/sales", w.User, [][2]string{{"data", data}}, nil, nil)
		err := <-done
		switch {
		case err == nil && sale.Status == http.StatusCreated:
			t.Fatalf("round %d: customer %d archived and a sale created for it", i, c)
		case err == nil:
			sale.ExpectError(http.StatusUnprocessableEntity, "invalid", "Customer is required")
			archived++
		case sale.Status == http.StatusCreated:
			if e := apperror.As(err); e == nil || e.Message != "Customer cannot be deleted: it has sales." {
				t.Fatalf("round %d: the archive failed with %v, want the customer held by its sale", i, err)
			}
			sold++
		default:
			t.Fatalf("round %d: both failed: archive %v, sale %d %s", i, err, sale.Status, sale.Body)
		}
	}
	t.Logf("%d rounds: the sale first %d times, the archive first %d times", raceRounds, sold, archived)
}

// Archiving a purchase order while an administrator approves its pending received order: both
// take the order before the receipt (procurement's lock order), so on PostgreSQL they queue
// instead of deadlocking ('deadlock detected' would be an internal error, 500).
func TestArchiveOfAnOrderRacesItsReceiptApproval(t *testing.T) {
	t.Parallel()
	w := newWorld(t, dbtest.Postgres(t))
	orders := w.Product.Procurement.PurchaseOrders()
	outcomes := map[int]int{}
	for i := range raceRounds {
		order := w.Multipart(t, http.MethodPost, "/api/purchase-orders", w.User, [][2]string{{"category_id", fmt.Sprint(w.category)},
			{"product_id", fmt.Sprint(w.goods)}, {"quantity", "4"}}, nil, nil).CreatedID()
		w.Send(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/approve", order), w.Admin, nil).Expect(http.StatusOK)
		receipt := w.Multipart(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/receive", order), w.User,
			[][2]string{{"quantity", "4"}}, nil, nil).CreatedID()
		done := make(chan error, 1)
		late, wait := offsets(i)
		go func() { done <- w.archiveIn(orders, []int64{order}, late) }()
		time.Sleep(wait)
		approve := w.Send(t, http.MethodPost, fmt.Sprintf("/api/received-orders/%d/approve", receipt), w.Admin, nil)
		if err := <-done; err != nil {
			t.Fatalf("round %d: archiving order %d: %v", i, order, err)
		}
		// The approval went first (its units then left stock with the archive), or found the
		// receipt archived.
		if approve.Status != http.StatusOK && approve.Status != http.StatusConflict && approve.Status != http.StatusNotFound {
			t.Fatalf("round %d: approving receipt %d: %d %s", i, receipt, approve.Status, approve.Body)
		}
		if strings.Contains(string(approve.Body), "deadlock") {
			t.Fatalf("round %d: %s", i, approve.Body)
		}
		outcomes[approve.Status]++
	}
	t.Logf("%d rounds: the approval's answers %v", raceRounds, outcomes)
	if got := w.stock(t); got != 10 {
		t.Fatalf("stock after the races = %d, want the 10 units of the world's own order", got)
	}
}
