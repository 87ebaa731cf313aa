package archive_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/auth/authtest"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

// parentRounds is how many times each race of a document's archive against a record of it is
// run; round i's head starts sweep 1 ms apart (parentOffsets), finer than offsets' 2 ms, because
// the window that matters is a few statements of the archive's transaction wide.
const parentRounds = 30

// parentOffsets is round i's head starts: the archive's and the other side's, from the other
// side starting 15 ms late to the archive starting 14 ms late.
func parentOffsets(i int) (archive, other time.Duration) {
	d := time.Duration(i-parentRounds/2) * time.Millisecond
	if d < 0 {
		return 0, -d
	}
	return d, 0
}

// childRacing is one race of the advanced delete of a document (the parent: kind, made by
// parent, read at path) against a write that stores a record that needs it live (the child,
// read at its own path, childPath): write answers 201 with the child's id, or — a restore of an
// archived child — 200, the child's id then given by restored.
type childRacing struct {
	kind, path, childPath string
	parent                func(t *testing.T, w *world, i int) int64
	write                 func(t *testing.T, w *world, i int, parent int64) *authtest.Response
	restored              func(parent int64) int64
	// remove, when set, is the parent's delete instead of the advanced delete (204 when done).
	remove func(t *testing.T, w *world, parent int64) *authtest.Response
}

// childOf is the id of the child r's write stored (its answer child).
func (r childRacing) childOf(parent int64, child *authtest.Response) int64 {
	if r.restored != nil {
		return r.restored(parent)
	}
	return child.CreatedID()
}

// live reports whether the record at path/id reads (200) or is gone (404).
func (w *world) live(t *testing.T, path string, id int64) bool {
	t.Helper()
	r := w.Get(t, fmt.Sprintf("%s/%d", path, id), w.Admin)
	if r.Status != http.StatusOK && r.Status != http.StatusNotFound {
		t.Fatalf("GET %s/%d: %d %s", path, id, r.Status, r.Body)
	}
	return r.Status == http.StatusOK
}

// raceChild runs r parentRounds times through the advanced delete's own verify (the code sent
// beforehand, the clock moved on so that every round stays within the send limit) and fails
// when a child stays live on an archived parent, or either side fails with a server error. It
// logs how often each side went first.
func (w *world) raceChild(t *testing.T, r childRacing) {
	t.Helper()
	outcomes := map[string]int{}
	for i := range parentRounds {
		parent := r.parent(t, w, i)
		remove := r.remove
		if remove == nil {
			sel := obj{"kind": r.kind, "ids": []int64{parent}}
			w.Clock.Advance(5*time.Minute + time.Second)
			code := w.sendCode(t, w.Admin, sel)
			remove = func(t *testing.T, w *world, _ int64) *authtest.Response { return w.verify(t, w.Admin, sel, code) }
		}
		done := make(chan *authtest.Response, 1)
		late, wait := parentOffsets(i)
		go func() {
			time.Sleep(late)
			done <- remove(t, w, parent)
		}()
		time.Sleep(wait)
		child := r.write(t, w, i, parent)
		archive := <-done
		if archive.Status >= 500 || child.Status >= 500 {
			t.Fatalf("round %d: archive %d %s; write %d %s", i, archive.Status, archive.Body, child.Status, child.Body)
		}
		parentLive := w.live(t, r.path, parent)
		if (archive.Status == http.StatusOK || archive.Status == http.StatusNoContent) == parentLive {
			t.Fatalf("round %d: archive answered %d %s, parent %d live: %v", i, archive.Status, archive.Body, parent, parentLive)
		}
		switch {
		case child.Status != http.StatusCreated && child.Status != http.StatusOK:
			outcomes["child refused "+fmt.Sprint(child.Status)]++
		case w.live(t, r.childPath, r.childOf(parent, child)) && !parentLive:
			t.Fatalf("round %d: %s/%d live on the archived %s/%d", i, r.childPath, r.childOf(parent, child), r.path, parent)
		case parentLive:
			outcomes["archive refused"]++
		default:
			outcomes["child archived along"]++
		}
	}
	t.Logf("%d rounds: %v", parentRounds, outcomes)
}

// paymentOf is token's payment of 1.000 pesos on the document docType id (a user's is pending).
func (w *world) paymentOf(t *testing.T, token, docType string, id int64, i int) *authtest.Response {
	t.Helper()
	return w.Multipart(t, http.MethodPost, "/api/payments", token, [][2]string{{"data", mustJSON(obj{"type": docType, "document_id": id,
		"date": "2026-11-23", "reference_no": fmt.Sprintf("TR-R%d", i), "amount_cents": 100000, "method": "transfer"})}}, nil, nil)
}

// invoicing is the administrator's purchase of the received order ro (approved), as purchaseOf
// makes it, answered whatever it is.
func (w *world) invoicing(t *testing.T, ro int64) *authtest.Response {
	t.Helper()
	w.refs++
	data := mustJSON(obj{"purchase_date": "2026-11-20", "reference_no": fmt.Sprintf("FV-%03d", w.refs), "supplier_id": w.supplier,
		"store_id": w.store, "days_of_credit": 30, "received_order_id": ro,
		"lines": []obj{{"category_id": w.category, "product_id": w.goods, "expiry_date": "2027-06-30", "cost_cents": 100000, "quantity": 2}}})
	return w.Multipart(t, http.MethodPost, "/api/purchases", w.Admin, [][2]string{{"data", data}},
		[]authtest.File{{Field: "attachment", Name: "invoice.png", Data: authtest.PNG}}, nil)
}

// A record that needs its document live, stored while the document is archived (on SQLite,
// whose writers take turns, and on PostgreSQL): a payment of a purchase or a sale, a purchase's
// return, a purchase invoicing a received order (archived on its own or with its purchase
// order), a purchase order's received order (the order archived, or deleted by hand), the
// supplier's refund of an approved return's credit. The archive (or delete) takes the document
// (FOR UPDATE, or its conditional write) before it reads what goes with it or what keeps it,
// and the record's write takes the document first too (a payment, return or refund holds its
// purchase as every write of its ledger does, a received order books on its order, a purchase
// keeps the received order it invoices), so either the record goes along with the document (or
// keeps it: an invoiced received order, an order with received orders, a return whose credit a
// refund settles cannot be deleted), or the write finds the document gone — never a live
// record on an archived document.
func TestArchiveOfADocumentRacesARecordOfIt(t *testing.T) {
	purchase := func(t *testing.T, w *world, _ int) int64 { return w.purchase(t, w.Admin, "2026-11-02", 2) }
	approvedReceipt := func(t *testing.T, w *world, _ int) int64 { return w.receive(t, w.newOrder(t, 2), 2, true) }
	// An order's received order, a purchase's line and a return's purchase, read before the
	// race (one subtest writes each).
	receiptOf, lineOf, purchaseOf := map[int64]int64{}, map[int64]int64{}, map[int64]int64{}
	for name, r := range map[string]childRacing{
		"purchase and its payment": {kind: "purchases", path: "/api/purchases", childPath: "/api/payments", parent: purchase,
			write: func(t *testing.T, w *world, i int, p int64) *authtest.Response {
				return w.paymentOf(t, w.User, "purchase", p, i)
			}},
		"sale and its payment": {kind: "sales", path: "/api/sales", childPath: "/api/payments",
			parent: func(t *testing.T, w *world, _ int) int64 {
				// A unit received for each sale: a refused archive (the payment came first and
				// changed what goes along) keeps its sale's unit sold.
				w.receive(t, w.newOrder(t, 1), 1, true)
				s := w.sell(t, 1)
				w.Send(t, http.MethodPost, fmt.Sprintf("/api/sales/%d/approve", s), w.Admin, nil).Expect(http.StatusOK)
				return s
			},
			write: func(t *testing.T, w *world, i int, s int64) *authtest.Response {
				return w.paymentOf(t, w.User, "sale", s, i)
			}},
		"purchase and its return": {kind: "purchases", path: "/api/purchases", childPath: "/api/returns",
			parent: func(t *testing.T, w *world, i int) int64 {
				p := purchase(t, w, i)
				lineOf[p] = w.purchaseLines(t, p)[0]
				return p
			},
			write: func(t *testing.T, w *world, i int, p int64) *authtest.Response {
				return w.Multipart(t, http.MethodPost, "/api/returns", w.User, [][2]string{{"data", mustJSON(obj{"purchase_id": p,
					"kind": "goods", "return_date": "2026-11-22", "reference_no": fmt.Sprintf("DV-R%d", i),
					"lines": []obj{{"purchase_line_id": lineOf[p], "quantity": 1}}})}}, nil, nil)
			}},
		"received order and the purchase invoicing it": {kind: "received_orders", path: "/api/received-orders",
			childPath: "/api/purchases", parent: approvedReceipt,
			write: func(t *testing.T, w *world, _ int, ro int64) *authtest.Response { return w.invoicing(t, ro) }},
		"purchase order and the purchase invoicing its received order": {kind: "purchase_orders",
			path: "/api/purchase-orders", childPath: "/api/purchases",
			parent: func(t *testing.T, w *world, _ int) int64 {
				o := w.newOrder(t, 2)
				receiptOf[o] = w.receive(t, o, 2, true)
				return o
			},
			write: func(t *testing.T, w *world, _ int, o int64) *authtest.Response { return w.invoicing(t, receiptOf[o]) }},
		"purchase order deleted and its received order": {path: "/api/purchase-orders", childPath: "/api/received-orders",
			parent: func(t *testing.T, w *world, _ int) int64 { return w.newOrder(t, 2) },
			remove: func(t *testing.T, w *world, o int64) *authtest.Response {
				return w.Send(t, http.MethodDelete, fmt.Sprintf("/api/purchase-orders/%d", o), w.Admin, nil)
			},
			write: func(t *testing.T, w *world, _ int, o int64) *authtest.Response {
				return w.Multipart(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/receive", o), w.User,
					[][2]string{{"quantity", "2"}}, nil, nil)
			}},
		"approved return and the refund of its credit": {kind: "returns", path: "/api/returns", childPath: "/api/payments",
			parent: func(t *testing.T, w *world, i int) int64 {
				p := w.purchase(t, w.Admin, "2026-11-02", 1)
				w.pay(t, p, 100000)
				ret := w.Multipart(t, http.MethodPost, "/api/returns", w.Admin, [][2]string{{"data", mustJSON(obj{"purchase_id": p,
					"kind": "value", "return_date": "2026-11-22", "reference_no": fmt.Sprintf("DV-V%d", i), "value_cents": 50000})}},
					nil, nil).CreatedID()
				purchaseOf[ret] = p
				return ret
			},
			write: func(t *testing.T, w *world, i int, ret int64) *authtest.Response {
				return w.Multipart(t, http.MethodPost, "/api/payments", w.Admin, [][2]string{{"data", mustJSON(obj{"type": "purchase",
					"document_id": purchaseOf[ret], "direction": "refund", "date": "2026-11-24",
					"reference_no": fmt.Sprintf("RF-%d", i), "amount_cents": 50000, "method": "transfer"})}}, nil, nil)
			}},
		"purchase order and its received order": {kind: "purchase_orders", path: "/api/purchase-orders",
			childPath: "/api/received-orders", parent: func(t *testing.T, w *world, _ int) int64 { return w.newOrder(t, 2) },
			write: func(t *testing.T, w *world, _ int, o int64) *authtest.Response {
				return w.Multipart(t, http.MethodPost, fmt.Sprintf("/api/purchase-orders/%d/receive", o), w.User,
					[][2]string{{"quantity", "2"}}, nil, nil)
			}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dbtest.Each(t, func(t *testing.T, db *bun.DB) { newWorld(t, db).raceChild(t, r) })
		})
	}
}

// A purchase made from a received order is archived, then the received order (nothing live
// invoices it then): restoring the purchase is refused with the reason and it stays archived —
// a live purchase keeps the received order it invoices, as a new one does.
func TestRestoreOfAPurchaseWhoseReceivedOrderWentSince(t *testing.T) {
	t.Parallel()
	each(t, func(t *testing.T, w *world) {
		ro := w.receive(t, w.newOrder(t, 2), 2, true)
		p := w.purchaseOf(t, w.Admin, "2026-11-20", 2, obj{"received_order_id": ro})
		b := w.archiveSpaced(t, w.Admin, obj{"kind": "purchases", "ids": []int64{p}})
		w.archiveSpaced(t, w.Admin, obj{"kind": "received_orders", "ids": []int64{ro}})
		refused(t, w.restore(t, b.ID), "FV-001 cannot be restored: its received order was deleted.")
		w.Get(t, fmt.Sprintf("/api/purchases/%d", p), w.Admin).Expect(http.StatusNotFound)
	})
}

// archivedAlone archives, on its own (kind), the child record id of parent and remembers it
// with its batch in kept, for a restore raced against the parent's archive.
func (w *world) archivedAlone(t *testing.T, kind string, parent, id int64, kept map[int64][2]int64) {
	t.Helper()
	b := w.archiveSpaced(t, w.Admin, obj{"kind": kind, "ids": []int64{id}})
	kept[parent] = [2]int64{id, b.ID}
}

// A record archived on its own, restored while its document is archived (on SQLite and
// PostgreSQL): the restore takes the document before it counts the record on it again — a
// payment and a return hold their purchase, a received order takes its order, a purchase keeps
// the received order it invoices —, and the archive takes the document before it reads what
// goes with it, so either the restored record goes along with the document (or, invoiced,
// keeps its received order), or the restore is refused with the reason: never a live record on
// an archived document.
func TestArchiveOfADocumentRacesARestoreOfARecordOfIt(t *testing.T) {
	restore := func(kept map[int64][2]int64) func(t *testing.T, w *world, i int, parent int64) *authtest.Response {
		return func(t *testing.T, w *world, _ int, parent int64) *authtest.Response {
			return w.Send(t, http.MethodPost, fmt.Sprintf("/api/archive/%d/restore", kept[parent][1]), w.Admin, nil)
		}
	}
	restored := func(kept map[int64][2]int64) func(parent int64) int64 {
		return func(parent int64) int64 { return kept[parent][0] }
	}
	payments, returns, receipts, purchases := map[int64][2]int64{}, map[int64][2]int64{}, map[int64][2]int64{}, map[int64][2]int64{}
	for name, r := range map[string]childRacing{
		"purchase and its payment restored": {kind: "purchases", path: "/api/purchases", childPath: "/api/payments",
			parent: func(t *testing.T, w *world, i int) int64 {
				p := w.purchase(t, w.Admin, "2026-11-02", 2)
				w.archivedAlone(t, "payments", p, w.paymentOf(t, w.User, "purchase", p, i).CreatedID(), payments)
				return p
			},
			write: restore(payments), restored: restored(payments)},
		"purchase and its return restored": {kind: "purchases", path: "/api/purchases", childPath: "/api/returns",
			parent: func(t *testing.T, w *world, i int) int64 {
				p := w.purchase(t, w.Admin, "2026-11-02", 2)
				w.archivedAlone(t, "returns", p, w.goodsReturn(t, w.User, p, 1, fmt.Sprintf("DV-R%d", i)), returns)
				return p
			},
			write: restore(returns), restored: restored(returns)},
		"purchase order and its received order restored": {kind: "purchase_orders", path: "/api/purchase-orders",
			childPath: "/api/received-orders",
			parent: func(t *testing.T, w *world, _ int) int64 {
				o := w.newOrder(t, 2)
				w.archivedAlone(t, "received_orders", o, w.receive(t, o, 2, false), receipts)
				return o
			},
			write: restore(receipts), restored: restored(receipts)},
		"received order and the purchase invoicing it restored": {kind: "received_orders", path: "/api/received-orders",
			childPath: "/api/purchases",
			parent: func(t *testing.T, w *world, _ int) int64 {
				ro := w.receive(t, w.newOrder(t, 2), 2, true)
				w.archivedAlone(t, "purchases", ro, w.invoicing(t, ro).CreatedID(), purchases)
				return ro
			},
			write: restore(purchases), restored: restored(purchases)},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dbtest.Each(t, func(t *testing.T, db *bun.DB) { newWorld(t, db).raceChild(t, r) })
		})
	}
}

// deleteRacing is one race of a user's delete of their pending document (made by document,
// at path) against an administrator's approval of it followed at once by the user's payment on
// it; refusal is the delete's answer once the document is approved.
type deleteRacing struct {
	path, docType, refusal string
	document               func(t *testing.T, w *world, i int) int64
}

// A user deletes their pending document while an administrator approves it and the user records
// a payment on it at once (on SQLite and PostgreSQL): pending (and, for a purchase, rejected)
// documents are deleted, approved ones are not, and only approved ones take payments (and a
// purchase returns); the delete's write checks again that the document is not approved and
// nothing is paid on it, so the delete and the approval never both succeed — the delete answers
// 409, or the approval finds the document gone (404, or 409 when it went between the approval's
// read and its write) — and no payment is ever live on a deleted document.
func TestDeleteOfAPendingDocumentRacesItsApproval(t *testing.T) {
	for name, r := range map[string]deleteRacing{
		"purchase": {path: "/api/purchases", docType: "purchase", refusal: "Purchase cannot be deleted",
			document: func(t *testing.T, w *world, _ int) int64 { return w.purchase(t, w.User, "2026-11-02", 2) }},
		"sale": {path: "/api/sales", docType: "sale", refusal: "Sale cannot be deleted",
			document: func(t *testing.T, w *world, i int) int64 { // a service's: no round runs out of stock
				return w.saleOf(t, w.customer, w.service(t, fmt.Sprintf("S-D%d", i))).CreatedID()
			}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			each(t, func(t *testing.T, w *world) {
				outcomes := map[string]int{}
				for i := range parentRounds {
					id := r.document(t, w, i)
					path := fmt.Sprintf("%s/%d", r.path, id)
					done := make(chan *authtest.Response, 1)
					late, wait := parentOffsets(i)
					go func() {
						time.Sleep(late)
						done <- w.Send(t, http.MethodDelete, path, w.User, nil)
					}()
					time.Sleep(wait)
					approve := w.Send(t, http.MethodPost, path+"/approve", w.Admin, nil)
					var pay *authtest.Response
					if approve.Status == http.StatusOK {
						pay = w.paymentOf(t, w.User, r.docType, id, i)
					}
					del := <-done
					switch {
					case del.Status == http.StatusNoContent && approve.Status == http.StatusOK:
						t.Fatalf("round %d: %s approved and deleted (its payment answered %d %s)", i, path, pay.Status, pay.Body)
					case del.Status == http.StatusNoContent:
						if approve.Status != http.StatusNotFound && approve.Status != http.StatusConflict {
							t.Fatalf("round %d: approving the deleted %s: %d %s", i, path, approve.Status, approve.Body)
						}
						outcomes[fmt.Sprintf("deleted, approval %d", approve.Status)]++
					case approve.Status == http.StatusOK:
						del.ExpectError(http.StatusConflict, "conflict", r.refusal)
						pay.Expect(http.StatusCreated)
						outcomes["approved"]++
					default:
						t.Fatalf("round %d: delete %d %s; approve %d %s", i, del.Status, del.Body, approve.Status, approve.Body)
					}
				}
				t.Logf("%d rounds: %v", parentRounds, outcomes)
			})
		})
	}
}

// An approved payment archived on its own while another administrator archives its purchase (on
// SQLite and PostgreSQL): both archives take the purchase before the payment — the document's
// takes its payments along, the payment's holds its document as a decision does — so they take
// turns: the payment goes alone and the purchase after it (or the purchase's archive is refused,
// the payment its code was sent with gone), or the payment goes along with the purchase and its
// own archive is refused (its selection changed, or the payment is gone). Taken in opposite orders, the two waited for
// each other's row and PostgreSQL failed one of them (a deadlock: a 500).
func TestArchiveOfAPaymentRacesTheArchiveOfItsDocument(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		t.Parallel()
		w := newWorld(t, db)
		w.CreateUser(t, "admin2", auth.RoleAdmin, false)
		admin2 := w.Login(t, "admin2", authtest.Password, "").AuthToken
		outcomes := map[string]int{}
		for i := range parentRounds {
			p := w.purchase(t, w.Admin, "2026-11-02", 2)
			pay := w.paymentOf(t, w.Admin, "purchase", p, i).CreatedID()
			document, payment := obj{"kind": "purchases", "ids": []int64{p}}, obj{"kind": "payments", "ids": []int64{pay}}
			w.Clock.Advance(5*time.Minute + time.Second)
			documentCode, paymentCode := w.sendCode(t, w.Admin, document), w.sendCode(t, admin2, payment)
			done := make(chan *authtest.Response, 1)
			late, wait := parentOffsets(i)
			go func() {
				time.Sleep(late)
				done <- w.verify(t, w.Admin, document, documentCode)
			}()
			time.Sleep(wait)
			alone := w.verify(t, admin2, payment, paymentCode)
			along := <-done
			// Whichever archive comes second finds its preview changed under its code (422
			// 'Verification failed': the payment it was to take along, or the payment itself, is
			// gone), or the payment's finds the payment gone (409). One of the two goes through.
			refused := func(r *authtest.Response) bool {
				return r.Status == http.StatusUnprocessableEntity || r.Status == http.StatusConflict
			}
			if !(along.Status == http.StatusOK && (alone.Status == http.StatusOK || refused(alone)) ||
				alone.Status == http.StatusOK && refused(along)) {
				t.Fatalf("round %d: the payment's archive %d %s; the purchase's %d %.300s", i, alone.Status, alone.Body, along.Status, along.Body)
			}
			if w.live(t, "/api/payments", pay) || w.live(t, "/api/purchases", p) != (along.Status != http.StatusOK) {
				t.Fatalf("round %d: purchase %d live %v, payment %d live %v; the purchase's archive %d", i, p,
					w.live(t, "/api/purchases", p), pay, w.live(t, "/api/payments", pay), along.Status)
			}
			outcomes[fmt.Sprintf("purchase's archive %d, payment's %d", along.Status, alone.Status)]++
		}
		t.Logf("%d rounds: %v", parentRounds, outcomes)
	})
}
