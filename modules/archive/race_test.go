package archive_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth/authtest"
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

// racing is one race of an archive against a write that stores a document naming the record
// archived: kind archives, record makes round i's record, write stores the document naming it,
// held is the archive's refusal when the write went first, and lost is the write's refusal when
// the archive went first (422, that message on field), as for a record that does not exist.
type racing struct {
	kind        func(w *world) archiving.Kind
	record      func(t *testing.T, w *world, i int) int64
	write       func(t *testing.T, w *world, i int, id int64) *authtest.Response
	held        string
	field, lost string
}

// race runs r raceRounds times with offsets' head starts, fails when both sides succeed (or
// both fail), and logs how often each went first: a race whose log shows one side only never
// overlapped.
func (w *world) race(t *testing.T, r racing) {
	t.Helper()
	var wrote, archived int
	for i := range raceRounds {
		id := r.record(t, w, i)
		done := make(chan error, 1)
		late, wait := offsets(i)
		go func() { done <- w.archiveIn(r.kind(w), []int64{id}, late) }()
		time.Sleep(wait)
		doc := r.write(t, w, i, id)
		err := <-done
		switch {
		case err == nil && doc.Status == http.StatusCreated:
			t.Fatalf("round %d: record %d archived and a document naming it stored: %s", i, id, doc.Body)
		case err == nil:
			if e := doc.ExpectError(http.StatusUnprocessableEntity, "invalid", r.lost); e.Fields[r.field] != r.lost {
				t.Fatalf("round %d: fields %v, want %s refused", i, e.Fields, r.field)
			}
			archived++
		case doc.Status == http.StatusCreated:
			if e := apperror.As(err); e == nil || e.Message != r.held {
				t.Fatalf("round %d: the archive failed with %v, want %q", i, err, r.held)
			}
			wrote++
		default:
			t.Fatalf("round %d: both failed: archive %v, write %d %s", i, err, doc.Status, doc.Body)
		}
	}
	t.Logf("%d rounds: the write first %d times, the archive first %d times", raceRounds, wrote, archived)
}

// service creates a service product (no stock: its archive is held only by documents) coded code.
func (w *world) service(t *testing.T, code string) int64 {
	t.Helper()
	return w.Multipart(t, http.MethodPost, "/api/products", w.Admin, [][2]string{{"code", code}, {"name", "Flete " + code},
		{"category_id", fmt.Sprint(w.category)}, {"unit", "und"}, {"cost_cents", "0"}, {"price_cents", "500000"},
		{"iva_class", "excluido"}, {"kind", "service"}}, nil, nil).CreatedID()
}

// unstocked creates a goods product coded code with no units in stock.
func (w *world) unstocked(t *testing.T, code string) int64 {
	t.Helper()
	return w.Multipart(t, http.MethodPost, "/api/products", w.Admin, [][2]string{{"code", code}, {"name", "Frijol " + code},
		{"category_id", fmt.Sprint(w.category)}, {"unit", "und"}, {"cost_cents", "100000"}, {"price_cents", "200000"},
		{"iva_class", "excluido"}, {"kind", "goods"}}, nil, nil).CreatedID()
}

// purchaseNaming stores a user's purchase of 3 units of product, reference ref.
func (w *world) purchaseNaming(t *testing.T, ref string, product int64) *authtest.Response {
	t.Helper()
	data := mustJSON(obj{"purchase_date": "2026-11-20", "reference_no": ref, "supplier_id": w.supplier,
		"store_id": w.store, "days_of_credit": 30, "lines": []obj{{"category_id": w.category, "product_id": product,
			"expiry_date": "2027-06-30", "cost_cents": 100000, "quantity": 3}}})
	return w.Multipart(t, http.MethodPost, "/api/purchases", w.User, [][2]string{{"data", data}},
		[]authtest.File{{Field: "attachment", Name: "invoice.png", Data: authtest.PNG}}, nil)
}

// saleOf stores a sale of one unit of product for customer.
func (w *world) saleOf(t *testing.T, customer, product int64) *authtest.Response {
	t.Helper()
	data := mustJSON(obj{"sale_date": "2026-11-20", "customer_id": customer, "store_id": w.store,
		"lines": []obj{{"product_id": product, "quantity": 1, "price_cents": 500000}}})
	return w.Multipart(t, http.MethodPost, "/api/sales", w.User, [][2]string{{"data", data}}, nil, nil)
}

// A document stored while a master record it names is archived, on PostgreSQL: the archive
// takes the record (FOR UPDATE) before asking whether live records name it, and the document's
// write keeps the record (FOR KEY SHARE) in its transaction — a sale its customer (people's
// KeepCustomer) and its products, a purchase and a purchase order their products (catalog's
// KeepProducts), a product its category — so one waits for the other: either the document is
// refused as one naming a missing record is, or the archive is ('… cannot be deleted: it has
// …'), never both succeed.
func TestArchiveOfARecordRacesADocumentNamingIt(t *testing.T) {
	customers := func(w *world) archiving.Kind { return w.Product.People.Customers() }
	products := func(w *world) archiving.Kind { return w.Product.Catalog.Products() }
	var sold int64 // the customer race's product: a service, so that no round runs out of stock
	for name, r := range map[string]racing{
		"customer and sale": {kind: customers,
			record: func(t *testing.T, w *world, i int) int64 {
				if i == 0 {
					sold = w.service(t, "S-1")
				}
				return w.Send(t, http.MethodPost, "/api/customers", w.Admin, obj{"name": fmt.Sprintf("Cliente %d", i), "person_type": "natural"}).CreatedID()
			},
			write: func(t *testing.T, w *world, _ int, c int64) *authtest.Response { return w.saleOf(t, c, sold) },
			held:  "Customer cannot be deleted: it has sales.", field: "customer_id", lost: "Customer is required"},
		"product and sale": {kind: products,
			record: func(t *testing.T, w *world, i int) int64 { return w.service(t, fmt.Sprintf("S-%d", i)) },
			write:  func(t *testing.T, w *world, _ int, p int64) *authtest.Response { return w.saleOf(t, w.customer, p) },
			held:   "Product cannot be deleted: it has sales.", field: "lines.0.product_id", lost: "Product Name is required"},
		"product and purchase": {kind: products,
			record: func(t *testing.T, w *world, i int) int64 { return w.unstocked(t, fmt.Sprintf("G-%d", 100+i)) },
			write: func(t *testing.T, w *world, i int, p int64) *authtest.Response {
				return w.purchaseNaming(t, fmt.Sprintf("FR-%03d", i), p)
			},
			held: "Product cannot be deleted: it has purchases.", field: "lines.0.product_id",
			lost: "Category, Product Name, and Product Cost are required for each item"},
		"product and purchase order": {kind: products,
			record: func(t *testing.T, w *world, i int) int64 { return w.unstocked(t, fmt.Sprintf("G-%d", 200+i)) },
			write: func(t *testing.T, w *world, _ int, p int64) *authtest.Response {
				return w.Multipart(t, http.MethodPost, "/api/purchase-orders", w.User, [][2]string{{"category_id", fmt.Sprint(w.category)},
					{"product_id", fmt.Sprint(p)}, {"quantity", "4"}}, nil, nil)
			},
			held: "Product cannot be deleted: it has purchase orders.", field: "product_id", lost: "Product Name is required"},
		"category and product": {kind: func(w *world) archiving.Kind { return w.Product.Catalog.Categories() },
			record: func(t *testing.T, w *world, i int) int64 {
				return w.Send(t, http.MethodPost, "/api/categories", w.Admin, obj{"name": fmt.Sprintf("Categoría %d", i)}).CreatedID()
			},
			write: func(t *testing.T, w *world, i int, c int64) *authtest.Response {
				return w.Multipart(t, http.MethodPost, "/api/products", w.Admin, [][2]string{{"code", fmt.Sprintf("C-%d", i)},
					{"name", "Panela"}, {"category_id", fmt.Sprint(c)}, {"unit", "und"}, {"cost_cents", "0"},
					{"price_cents", "100000"}, {"iva_class", "excluido"}, {"kind", "service"}}, nil, nil)
			},
			held: "Category cannot be deleted: it has products.", field: "category_id", lost: "Please select a category."},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			newWorld(t, dbtest.Postgres(t)).race(t, r)
		})
	}
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
