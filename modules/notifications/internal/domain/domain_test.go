package domain

import (
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
	cases := []struct {
		subject string
		kind    Kind
		outcome Outcome
		ok      bool
	}{
		{"backoffice.purchasing.purchase.approved.v1", KindPurchase, OutcomeApproved, true},
		{"backoffice.procurement.purchase_order.received.v1", KindPurchaseOrder, OutcomeReceived, true},
		{"backoffice.procurement.received_order.created.v1", KindReceivedOrder, OutcomeCreated, true},
		{"backoffice.payments.payment.rejected.v2", KindPayment, OutcomeRejected, true},
		{"backoffice.people.supplier.created.v1", KindSupplier, OutcomeCreated, true},
		{"backoffice.auth.user.approved.v1", KindUser, OutcomeApproved, true},
		{"backoffice.sales.sale.rejected.v1", KindSale, OutcomeRejected, true},
		{"t1a2b.procurement.purchase_order.approved.v1", KindPurchaseOrder, OutcomeApproved, true}, // a test stream's prefix
		{"backoffice.catalog.product.created.v1", "", "", false},                                   // not a notifying kind
		{"backoffice.purchasing.purchase.deleted.v1", "", "", false},                               // not a notifying verb
		{"backoffice.live.user.7", "", "", false},                                                  // the live channel
		{"backoffice.live.company.1.role.admin", "", "", false},
		{"backoffice.purchasing.purchase.approved.vx", "", "", false},
		{"purchase.approved.v1", "", "", false},
	}
	for _, c := range cases {
		k, o, ok := Parse(c.subject)
		if k != c.kind || o != c.outcome || ok != c.ok {
			t.Errorf("Parse(%q) = %q, %q, %v; want %q, %q, %v", c.subject, k, o, ok, c.kind, c.outcome, c.ok)
		}
	}
}

func TestAudienceOf(t *testing.T) {
	const admin, buyer = 1, 7
	cases := []struct {
		name string
		ev   Event
		want Audience
	}{
		{"approval notifies the creator", Event{Outcome: OutcomeApproved, ActorID: admin, Data: Payload{CreatedBy: buyer}},
			Audience{Users: []int64{buyer}, Except: admin}},
		{"rejection notifies the creator", Event{Outcome: OutcomeRejected, ActorID: admin, Data: Payload{CreatedBy: buyer, Reason: "x"}},
			Audience{Users: []int64{buyer}, Except: admin}},
		{"no creator, nobody", Event{Outcome: OutcomeApproved, ActorID: admin}, Audience{Except: admin}},
		{"deciding one's own record notifies nobody", Event{Outcome: OutcomeApproved, ActorID: admin, Data: Payload{CreatedBy: admin}},
			Audience{Except: admin}},
		{"created and pending: admins", Event{Outcome: OutcomeCreated, ActorID: buyer, Data: Payload{CreatedBy: buyer, Status: "pending"}},
			Audience{Admins: true, Except: buyer}},
		{"created, status unknown (users): nobody", Event{Outcome: OutcomeCreated, ActorID: admin}, Audience{Except: admin}},
		{"created pending (people): admins", Event{Outcome: OutcomeCreated, ActorID: buyer, Data: Payload{ApprovalStatus: "pending"}},
			Audience{Admins: true, Except: buyer}},
		{"created approved (people): nobody", Event{Outcome: OutcomeCreated, ActorID: admin, Data: Payload{ApprovalStatus: "approved"}},
			Audience{Except: admin}},
		{"approval_status wins over status", Event{Outcome: OutcomeCreated, ActorID: admin, Data: Payload{ApprovalStatus: "approved", Status: "pending"}},
			Audience{Except: admin}},
		{"created approved (status): nobody", Event{Outcome: OutcomeCreated, ActorID: admin, Data: Payload{Status: "approved"}},
			Audience{Except: admin}},
		{"received: admins", Event{Outcome: OutcomeReceived, ActorID: buyer}, Audience{Admins: true, Except: buyer}},
	}
	for _, c := range cases {
		if got := AudienceOf(c.ev); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestSaleContent(t *testing.T) {
	ev := Event{Kind: KindSale, Outcome: OutcomeApproved, ActorID: 1,
		Data: Payload{ID: 7, Number: "VTA-000007", CustomerName: "Tienda La Esquina", AmountCents: 113650000, CreatedBy: 3, Status: "approved"}}
	want := Content{Message: "Sale {{label}} was approved.",
		Params:      map[string]string{"label": "VTA-000007", "reference_no": "VTA-000007", "customer_name": "Tienda La Esquina"},
		ReferenceNo: "VTA-000007", AmountCents: 113650000, EntityID: 7}
	if c := ContentOf(ev); !reflect.DeepEqual(c, want) {
		t.Fatalf("got %+v\nwant %+v", c, want)
	}
	if a := AudienceOf(ev); !reflect.DeepEqual(a, Audience{Users: []int64{3}, Except: 1}) {
		t.Fatalf("approved sale: %+v", a)
	}
	ev.Outcome, ev.ActorID, ev.Data.Status = OutcomeCreated, 3, "pending"
	if a := AudienceOf(ev); !reflect.DeepEqual(a, Audience{Admins: true, Except: 3}) {
		t.Fatalf("created sale: %+v", a)
	}
	if Title(KindSale, OutcomeRejected) != "Sale Rejected" || !reflect.DeepEqual(Invalidates(KindSale), []string{"sales", "products", "customers", "users"}) {
		t.Fatal("sale title or invalidated lists")
	}
}

// A payment's notification: its reference number is the label, its party the supplier (a
// purchase's payment) or the customer (a sale's), its document's number a parameter; the lists
// it refreshes follow its document's type.
func TestPaymentContent(t *testing.T) {
	ev := Event{Kind: KindPayment, Outcome: OutcomeRejected, ActorID: 1, Data: Payload{ID: 9, ReferenceNo: "TR-77",
		Type: "purchase", DocumentID: 12, DocumentNumber: "FV-001", PartyName: "Distribuidora Andina", AmountCents: 50000000,
		CreatedBy: 3, Status: "rejected", Reason: "Cuenta errada"}}
	want := Content{Message: "Payment {{label}} was rejected: {{reason}}",
		Params: map[string]string{"label": "TR-77", "reference_no": "TR-77", "supplier_name": "Distribuidora Andina",
			"document_number": "FV-001", "document_type": "purchase", "document_id": "12", "reason": "Cuenta errada"},
		ReferenceNo: "TR-77", SupplierName: "Distribuidora Andina", AmountCents: 50000000, EntityID: 9}
	if c := ContentOf(ev); !reflect.DeepEqual(c, want) {
		t.Fatalf("got %+v\nwant %+v", c, want)
	}
	if a := AudienceOf(ev); !reflect.DeepEqual(a, Audience{Users: []int64{3}, Except: 1}) {
		t.Fatalf("rejected payment: %+v", a)
	}
	if got := ListsOf(ev); !reflect.DeepEqual(got, []string{"payments", "purchases", "suppliers"}) {
		t.Fatalf("a purchase's payment refreshes %v", got)
	}
	ev.Data.Type, ev.Data.DocumentNumber = "sale", "VTA-000004"
	c := ContentOf(ev)
	if c.SupplierName != "" || c.Params["customer_name"] != "Distribuidora Andina" || c.Params["document_number"] != "VTA-000004" {
		t.Fatalf("a sale's payment: %+v", c)
	}
	if got := ListsOf(ev); !reflect.DeepEqual(got, []string{"payments", "sales", "customers"}) {
		t.Fatalf("a sale's payment refreshes %v", got)
	}
	ev.Outcome, ev.ActorID, ev.Data.Status = OutcomeCreated, 3, "pending"
	if a := AudienceOf(ev); !reflect.DeepEqual(a, Audience{Admins: true, Except: 3}) {
		t.Fatalf("created pending payment: %+v", a)
	}
	if got := ListsOf(Event{Kind: KindSale}); !reflect.DeepEqual(got, Invalidates(KindSale)) {
		t.Fatalf("other kinds: %v", got)
	}
}

// A purchase return's notification names its purchase (the link's document), goes to the admins
// while pending and to its creator once decided, and refreshes the returns, the purchases, the
// suppliers and the products (stock).
func TestReturnContent(t *testing.T) {
	kind, outcome, ok := Parse("backoffice.purchasing.return.approved.v1")
	if !ok || kind != KindReturn || outcome != OutcomeApproved {
		t.Fatalf("parse %q %q %v", kind, outcome, ok)
	}
	ev := Event{Kind: KindReturn, Outcome: OutcomeApproved, ActorID: 1, Data: Payload{ID: 4, ReferenceNo: "DV-1",
		PurchaseID: 12, PurchaseReferenceNo: "FV-001", SupplierName: "Distribuidora Andina", AmountCents: 18354400,
		CreatedBy: 3, Status: "approved"}}
	want := Content{Message: "Return {{label}} was approved.",
		Params: map[string]string{"label": "DV-1", "reference_no": "DV-1", "supplier_name": "Distribuidora Andina",
			"document_number": "FV-001", "document_id": "12"},
		ReferenceNo: "DV-1", SupplierName: "Distribuidora Andina", AmountCents: 18354400, EntityID: 4}
	if c := ContentOf(ev); !reflect.DeepEqual(c, want) {
		t.Fatalf("got %+v\nwant %+v", c, want)
	}
	if a := AudienceOf(ev); !reflect.DeepEqual(a, Audience{Users: []int64{3}, Except: 1}) {
		t.Fatalf("approved return: %+v", a)
	}
	if got := ListsOf(ev); !reflect.DeepEqual(got, []string{"returns", "purchases", "suppliers", "products"}) {
		t.Fatalf("a return refreshes %v", got)
	}
	ev.Outcome, ev.ActorID, ev.Data.Status = OutcomeCreated, 3, "pending"
	if a := AudienceOf(ev); !reflect.DeepEqual(a, Audience{Admins: true, Except: 3}) {
		t.Fatalf("created pending return: %+v", a)
	}
	if Title(KindReturn, OutcomeRejected) != "Return Rejected" || !ValidKind("return") {
		t.Fatal("return titles and kinds")
	}
}

func TestContentOf(t *testing.T) {
	c := ContentOf(Event{Kind: KindPurchase, Outcome: OutcomeRejected,
		Data: Payload{ID: 12, ReferenceNo: "FV-001", SupplierName: "Acme", AmountCents: 141282000, Reason: "Wrong price"}})
	want := Content{Message: "Purchase {{label}} was rejected: {{reason}}",
		Params:      map[string]string{"label": "FV-001", "reference_no": "FV-001", "supplier_name": "Acme", "reason": "Wrong price"},
		ReferenceNo: "FV-001", SupplierName: "Acme", AmountCents: 141282000, EntityID: 12}
	if !reflect.DeepEqual(c, want) {
		t.Fatalf("got %+v\nwant %+v", c, want)
	}

	// A supplier's name is its supplier_name; the label falls back to the name, then the id.
	c = ContentOf(Event{Kind: KindSupplier, Outcome: OutcomeCreated, Data: Payload{ID: 3, Name: "Distribuidora Ñandú"}})
	if c.SupplierName != "Distribuidora Ñandú" || c.Params["label"] != "Distribuidora Ñandú" ||
		c.Message != "Supplier {{label}} was created and awaits approval." {
		t.Fatalf("supplier content %+v", c)
	}
	c = ContentOf(Event{Kind: KindPurchaseOrder, Outcome: OutcomeApproved, Data: Payload{ID: 41}})
	if c.Params["label"] != "#41" || c.Message != "Purchase Order {{label}} was approved." || len(c.Params) != 1 {
		t.Fatalf("order content %+v", c)
	}
	c = ContentOf(Event{Kind: KindReceivedOrder, Outcome: OutcomeCreated,
		Data: Payload{ID: 7, ReferenceNo: "RO-000007", ProductName: "Arroz 500 g", Quantity: 10}})
	if c.Params["product_name"] != "Arroz 500 g" || c.Params["quantity"] != "10" || c.Params["label"] != "RO-000007" {
		t.Fatalf("receipt params %v", c.Params)
	}
	if got := MessageKey(KindPayment, OutcomeRejected, false); got != "Payment {{label}} was rejected." {
		t.Fatalf("rejection without reason: %q", got)
	}
	if got := Title(KindReceivedOrder, OutcomeReceived); got != "Received Order Received" {
		t.Fatalf("title %q", got)
	}
}

func TestInvalidatesAndParams(t *testing.T) {
	for _, k := range Kinds {
		if len(Invalidates(k)) == 0 || noun[k] == "" {
			t.Errorf("kind %s has no lists or noun", k)
		}
	}
	keys := Invalidates(KindReceivedOrder)
	keys[0] = "changed"
	if Invalidates(KindReceivedOrder)[0] != "received-orders" {
		t.Fatal("Invalidates must return a copy")
	}
	p := map[string]string{"label": "A \"quoted\" ñ", "reason": "{{x}}"}
	if got := DecodeParams(EncodeParams(p)); !reflect.DeepEqual(got, p) {
		t.Fatalf("round trip %v", got)
	}
	if got := DecodeParams("not json"); len(got) != 0 {
		t.Fatalf("damaged params %v", got)
	}
}
