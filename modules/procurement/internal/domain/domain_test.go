package domain

import (
	"testing"

	"github.com/backoffice/backoffice/platform/apperror"
)

func TestCanDelete(t *testing.T) {
	cases := []struct {
		name string
		req  DeleteRequest
		want DeleteVerdict
	}{
		{"admin, pending, no receipts", DeleteRequest{Admin: true, Status: OrderPending}, DeleteAllowed},
		{"admin, approved, no receipts", DeleteRequest{Admin: true, Status: OrderApproved}, DeleteAllowed},
		{"admin, rejected", DeleteRequest{Admin: true, Status: OrderRejected}, DeleteAllowed},
		{"admin, with a rejected receipt", DeleteRequest{Admin: true, Status: OrderApproved, Receipts: 1}, DeleteInUse},
		{"admin, received", DeleteRequest{Admin: true, Status: OrderReceived, Receipts: 2}, DeleteInUse},
		{"buyer, own pending", DeleteRequest{Buyer: true, Own: true, Status: OrderPending}, DeleteAllowed},
		{"buyer, own approved", DeleteRequest{Buyer: true, Own: true, Status: OrderApproved}, DeleteForbidden},
		{"buyer, own rejected", DeleteRequest{Buyer: true, Own: true, Status: OrderRejected}, DeleteForbidden},
		{"buyer, another's pending", DeleteRequest{Buyer: true, Status: OrderPending}, DeleteForbidden},
		{"buyer, own with receipts", DeleteRequest{Buyer: true, Own: true, Status: OrderPartiallyReceived, Receipts: 1}, DeleteForbidden},
		{"user, own pending", DeleteRequest{Own: true, Status: OrderPending}, DeleteForbidden},
		{"secretary, with receipts", DeleteRequest{Status: OrderApproved, Receipts: 3}, DeleteForbidden},
	}
	for _, c := range cases {
		if got := CanDelete(c.req); got != c.want {
			t.Errorf("%s: got %d, want %d", c.name, got, c.want)
		}
	}
}

func TestAfterReceiptAndBalance(t *testing.T) {
	cases := []struct {
		received, ordered int64
		want              OrderStatus
	}{{1, 10, OrderPartiallyReceived}, {9, 10, OrderPartiallyReceived}, {10, 10, OrderReceived}, {11, 10, OrderReceived}}
	for _, c := range cases {
		if got := AfterReceipt(c.received, c.ordered); got != c.want {
			t.Errorf("AfterReceipt(%d, %d) = %s, want %s", c.received, c.ordered, got, c.want)
		}
	}
	if Balance(12, 5) != 7 || Balance(12, 12) != 0 {
		t.Fatal("balance")
	}
	// Receivable, counted as ordered, editable (a rejected order is corrected and sent again).
	for st, want := range map[OrderStatus][3]bool{OrderPending: {false, false, true}, OrderApproved: {true, true, false},
		OrderRejected: {false, false, true}, OrderPartiallyReceived: {true, true, false}, OrderReceived: {false, true, false}} {
		if st.Receivable() != want[0] || st.Counted() != want[1] || st.Editable() != want[2] {
			t.Errorf("%s: receivable %t counted %t editable %t", st, st.Receivable(), st.Counted(), st.Editable())
		}
	}
}

func TestValidate(t *testing.T) {
	f := OrderInput{}.Validate()
	if f["category_id"] != MsgCategoryRequired || f["product_id"] != MsgProductRequired || f["quantity"] != MsgQuantityRequired {
		t.Fatalf("empty order: %v", f)
	}
	if m := apperror.FirstMessage(f, FieldOrder...); m != MsgCategoryRequired {
		t.Fatalf("first message %q", m)
	}
	if f := (OrderInput{CategoryID: 1, ProductID: 2, Quantity: 1}).Validate(); f != nil {
		t.Fatalf("valid order: %v", f)
	}
	if f := (OrderInput{CategoryID: 1, ProductID: 2, Quantity: MaxQuantity + 1}).Validate(); f["quantity"] != MsgQuantityTooLarge {
		t.Fatalf("huge quantity: %v", f)
	}
	if f := (ReceiptInput{Quantity: -1}).Validate(); f["quantity"] != MsgQuantityRequired {
		t.Fatalf("negative receipt: %v", f)
	}
	long := make([]rune, MaxNoteLen+1)
	for i := range long {
		long[i] = 'ñ'
	}
	if f := (ReceiptInput{Quantity: 1, Note: string(long)}).Validate(); f["note"] != MsgNoteTooLong {
		t.Fatalf("long note: %v", f)
	}
	if _, err := ParseOrderStatus("shipped"); err == nil {
		t.Fatal("unknown status accepted")
	}
}
