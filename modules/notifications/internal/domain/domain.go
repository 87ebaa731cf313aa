// Package domain holds the notification rules, free of I/O: which domain events become
// notifications (kind from the subject's entity, outcome from its verb), who receives them, the
// message key the web app translates, and the list names a change invalidates in open tabs.
package domain

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Kind is what a notification is about: the entity token of the event's subject.
type Kind string

// Kinds that produce notifications. Events of other entities (products…) are
// acknowledged and ignored.
const (
	KindPurchase      Kind = "purchase"
	KindPayment       Kind = "payment"
	KindPurchaseOrder Kind = "purchase_order"
	KindReceivedOrder Kind = "received_order"
	KindCustomer      Kind = "customer"
	KindSupplier      Kind = "supplier"
	KindUser          Kind = "user"
	KindSale          Kind = "sale"
	KindReturn        Kind = "return"
)

// Kinds lists every kind, in the order of the API's documentation.
var Kinds = []Kind{KindPurchase, KindPayment, KindPurchaseOrder, KindReceivedOrder, KindCustomer, KindSupplier, KindUser, KindSale,
	KindReturn}

// ValidKind reports whether k is one of Kinds.
func ValidKind(k string) bool { return slices.Contains(Kinds, Kind(k)) }

// Outcome is what happened: the verb token of the event's subject.
type Outcome string

// Outcomes that produce notifications.
const (
	OutcomeCreated  Outcome = "created"
	OutcomeApproved Outcome = "approved"
	OutcomeRejected Outcome = "rejected"
	OutcomeReceived Outcome = "received"
)

// noun is the English name of a kind as it starts a message; the web app translates the whole
// message, so the noun is part of the key, not a parameter.
var noun = map[Kind]string{
	KindPurchase:      "Purchase",
	KindPayment:       "Payment",
	KindPurchaseOrder: "Purchase Order",
	KindReceivedOrder: "Received Order",
	KindCustomer:      "Customer",
	KindSupplier:      "Supplier",
	KindUser:          "User",
	KindSale:          "Sale",
	KindReturn:        "Return",
}

// invalidates is, per kind, the list names (the web app's query roots, the path segment after
// /api/) whose open lists a change of that kind makes stale. A purchase order's approval changes
// the categories' ordered quantities; a received order's approval adds stock and received
// quantities; a payment changes its document's balance — a purchase's and its supplier's, or a
// sale's and its customer's (ListsOf narrows to its type); a sale's decision changes its
// customer's and seller's figures, and a rejection gives its stock back; a purchase return
// changes its purchase's figures and its supplier's, and an approved goods return the stock.
var invalidates = map[Kind][]string{
	KindPurchase:      {"purchases"},
	KindPayment:       {"payments", "purchases", "suppliers", "sales", "customers"},
	KindPurchaseOrder: {"purchase-orders", "categories"},
	KindReceivedOrder: {"received-orders", "purchase-orders", "products", "categories"},
	KindCustomer:      {"customers"},
	KindSupplier:      {"suppliers"},
	KindUser:          {"users"},
	KindSale:          {"sales", "products", "customers", "users"},
	KindReturn:        {"returns", "purchases", "suppliers", "products"},
}

// NotificationsKey is the list name of the notifications themselves (list and unread count).
const NotificationsKey = "notifications"

// Payload is the union of the event payloads this module reads (the envelope's "data").
// purchasing and procurement send {id, reference_no, supplier_name, amount_cents, created_by,
// status, reason?} (status: the approval status after the change; procurement adds product_name
// and quantity); sales sends {id, number, customer_name, amount_cents, created_by, status,
// reason?}; people sends {id, name, approval_status, reason?}; auth {id, name, reason?}.
// Unknown fields are ignored.
type Payload struct {
	ID             int64  `json:"id"`
	ReferenceNo    string `json:"reference_no"`
	Number         string `json:"number"`
	SupplierName   string `json:"supplier_name"`
	CustomerName   string `json:"customer_name"`
	Name           string `json:"name"`
	AmountCents    int64  `json:"amount_cents"`
	CreatedBy      int64  `json:"created_by"`
	Reason         string `json:"reason"`
	Status         string `json:"status"`
	ApprovalStatus string `json:"approval_status"`
	ProductName    string `json:"product_name"`
	Quantity       int64  `json:"quantity"`
	// Type is a payment's document type (purchase, sale); DocumentID and DocumentNumber the
	// document's id and number, and PartyName its supplier or customer.
	Type           string `json:"type"`
	DocumentID     int64  `json:"document_id"`
	DocumentNumber string `json:"document_number"`
	PartyName      string `json:"party_name"`
	// PurchaseID and PurchaseReferenceNo are a purchase return's purchase.
	PurchaseID          int64  `json:"purchase_id"`
	PurchaseReferenceNo string `json:"purchase_reference_no"`
}

// Event is a decoded domain event that concerns this module.
type Event struct {
	ID        string
	Subject   string
	Kind      Kind
	Outcome   Outcome
	CompanyID int64
	ActorID   int64
	Data      Payload
}

// Parse reads the kind and outcome from a subject <prefix>.<module>.<entity>.<verb>.v<N>. The
// tokens are taken from the end, so the prefix (backoffice, or a test stream's own) does not
// matter. ok is false for subjects that are not domain events (the live channel's
// backoffice.live.… messages, which the stream also captures) and for entities or verbs that do
// not notify anyone.
func Parse(subject string) (Kind, Outcome, bool) {
	tok := strings.Split(subject, ".")
	if len(tok) < 5 {
		return "", "", false
	}
	version := tok[len(tok)-1]
	if len(version) < 2 || version[0] != 'v' {
		return "", "", false
	}
	if _, err := strconv.Atoi(version[1:]); err != nil {
		return "", "", false
	}
	kind, outcome := Kind(tok[len(tok)-3]), Outcome(tok[len(tok)-2])
	if _, ok := noun[kind]; !ok {
		return "", "", false
	}
	switch outcome {
	case OutcomeCreated, OutcomeApproved, OutcomeRejected, OutcomeReceived:
		return kind, outcome, true
	}
	return "", "", false
}

// Audience says who is notified of an event.
type Audience struct {
	// Users are notified by id (the record's creator).
	Users []int64
	// Admins asks for every active administrator, of every company: administrators see and
	// approve every company's records.
	Admins bool
	// Except is never notified: nobody is told about their own action.
	Except int64
}

// AudienceOf is the rule:
//   - approved / rejected: the record's creator (payload created_by), who waits for the decision.
//     An event without created_by (people and users today) notifies nobody.
//   - created: every administrator, when the record awaits their approval: approval_status (or,
//     without it, status) is "pending". A record approved at creation (an administrator made it),
//     or an event that does not say (auth's users, whose creation is admin-only), notifies nobody.
//   - received (a purchase order fully received): every administrator.
//
// The actor is always left out.
func AudienceOf(ev Event) Audience {
	a := Audience{Except: ev.ActorID}
	switch ev.Outcome {
	case OutcomeApproved, OutcomeRejected:
		if ev.Data.CreatedBy > 0 && ev.Data.CreatedBy != ev.ActorID {
			a.Users = []int64{ev.Data.CreatedBy}
		}
	case OutcomeCreated:
		status := ev.Data.ApprovalStatus
		if status == "" {
			status = ev.Data.Status
		}
		a.Admins = status == "pending"
	case OutcomeReceived:
		a.Admins = true
	}
	return a
}

// Content is what a notification says: an English message key with {{name}} placeholders, the
// values to put in them, and the labels the list shows in their own columns.
type Content struct {
	Message      string
	Params       map[string]string
	ReferenceNo  string
	SupplierName string
	AmountCents  int64
	EntityID     int64
}

// ContentOf builds the notification of ev. The label is the reference number (a sale's number),
// or else the name, or else "#<id>", so every message has something to point at. A payment's
// party is the supplier (a purchase's payment: the list's supplier column) or the customer (a
// sale's), and its document's type, id and number are parameters too (the web app links the
// notification to /payments/{document_type}/{document_id}).
func ContentOf(ev Event) Content {
	d := ev.Data
	supplier := d.SupplierName
	switch {
	case supplier == "" && ev.Kind == KindSupplier:
		supplier = d.Name
	case ev.Kind == KindPayment && d.Type == "sale" && d.CustomerName == "":
		d.CustomerName = d.PartyName
	case ev.Kind == KindPayment && supplier == "":
		supplier = d.PartyName
	}
	if d.ReferenceNo == "" {
		d.ReferenceNo = d.Number
	}
	if ev.Kind == KindReturn {
		// A return's link and message name its purchase, as a payment's name its document.
		d.DocumentID, d.DocumentNumber = d.PurchaseID, d.PurchaseReferenceNo
	}
	label := d.ReferenceNo
	if label == "" {
		label = d.Name
	}
	if label == "" {
		label = "#" + strconv.FormatInt(d.ID, 10)
	}
	params := map[string]string{"label": label}
	for k, v := range map[string]string{"reference_no": d.ReferenceNo, "supplier_name": supplier, "name": d.Name,
		"reason": d.Reason, "product_name": d.ProductName, "customer_name": d.CustomerName, "document_number": d.DocumentNumber,
		"document_type": d.Type} {
		if v != "" {
			params[k] = v
		}
	}
	if d.DocumentID != 0 {
		// A payment's link: the web app opens /payments/{document_type}/{document_id}; a
		// return's /preturn/list/{document_id}.
		params["document_id"] = strconv.FormatInt(d.DocumentID, 10)
	}
	if d.Quantity != 0 {
		params["quantity"] = strconv.FormatInt(d.Quantity, 10)
	}
	return Content{Message: MessageKey(ev.Kind, ev.Outcome, d.Reason != ""), Params: params,
		ReferenceNo: d.ReferenceNo, SupplierName: supplier, AmountCents: d.AmountCents, EntityID: d.ID}
}

// MessageKey is the English message (and i18n key) of a kind and outcome, e.g.
// "Purchase Order {{label}} was approved." or "Purchase {{label}} was rejected: {{reason}}".
func MessageKey(k Kind, o Outcome, withReason bool) string {
	n := noun[k]
	switch o {
	case OutcomeApproved:
		return n + " {{label}} was approved."
	case OutcomeRejected:
		if withReason {
			return n + " {{label}} was rejected: {{reason}}"
		}
		return n + " {{label}} was rejected."
	case OutcomeCreated:
		return n + " {{label}} was created and awaits approval."
	case OutcomeReceived:
		return n + " {{label}} was received."
	}
	return n + " {{label}}"
}

// Title is the toast's English title (and i18n key) of a kind and outcome, e.g. "Purchase
// Order Approved".
func Title(k Kind, o Outcome) string {
	verb := map[Outcome]string{OutcomeCreated: "Created", OutcomeApproved: "Approved",
		OutcomeRejected: "Rejected", OutcomeReceived: "Received"}[o]
	return noun[k] + " " + verb
}

// Invalidates returns the list names a change of kind k makes stale (a new slice).
func Invalidates(k Kind) []string { return slices.Clone(invalidates[k]) }

// ListsOf returns the list names ev makes stale: its kind's, a payment's narrowed to its
// document's type (a purchase's payment leaves the sales and customers lists as they are).
func ListsOf(ev Event) []string {
	lists := Invalidates(ev.Kind)
	if ev.Kind != KindPayment {
		return lists
	}
	other := map[string][]string{"purchase": {"sales", "customers"}, "sale": {"purchases", "suppliers"}}[ev.Data.Type]
	return slices.DeleteFunc(lists, func(l string) bool { return slices.Contains(other, l) })
}

// EncodeParams stores params as a JSON object.
func EncodeParams(p map[string]string) string {
	b, err := json.Marshal(p)
	if err != nil { // a map of strings always encodes
		panic(fmt.Sprintf("notifications: encode params: %v", err))
	}
	return string(b)
}

// DecodeParams reads stored params; damaged JSON gives an empty map rather than failing a list.
func DecodeParams(s string) map[string]string {
	p := map[string]string{}
	_ = json.Unmarshal([]byte(s), &p)
	return p
}
