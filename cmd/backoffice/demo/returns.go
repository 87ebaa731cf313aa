package demo

import (
	"encoding/json"
	"fmt"
)

// returnCandidate is an admin's purchase with a goods line whose product had plenty of stock:
// what the demo's goods return sends back.
type returnCandidate struct {
	purchaseID int64
	line       int // the line's index in the purchase
}

// returnStock is the stock a product starts with for its purchase to take the demo's goods
// return: the sales take a few units, never this many.
const returnStock = 100

// returns records the demo's two purchase returns on one approved purchase, in a handful of
// requests: half the purchase paid by the admin (partial), then the admin's return of 2 units of
// one of its goods (approved at once: the units leave stock, the balance falls by its amount),
// and the user's price correction of 5 % of what is left, pending the admin's decision.
func (s *seeder) returns() error {
	c := s.returnCandidate
	if c.purchaseID == 0 {
		return nil
	}
	var r struct {
		Data struct {
			Purchase struct {
				ReferenceNo     string `json:"reference_no"`
				TotalToPayCents int64  `json:"total_to_pay_cents"`
			} `json:"purchase"`
			Lines []struct {
				PurchaseLineID int64 `json:"purchase_line_id"`
			} `json:"lines"`
			ReturnableCents int64 `json:"returnable_cents"`
		} `json:"data"`
	}
	if err := s.admin.getJSON(fmt.Sprintf("/api/purchases/%d/returnable", c.purchaseID), &r); err != nil {
		return err
	}
	pay, err := json.Marshal(map[string]any{"type": "purchase", "document_id": c.purchaseID, "date": s.date(1),
		"reference_no": "TRF-" + r.Data.Purchase.ReferenceNo, "amount_cents": r.Data.Purchase.TotalToPayCents / 2 / 100 * 100,
		"method": "transfer", "note": "Abono del 50 %"})
	if err != nil {
		return err
	}
	if _, err := s.admin.postForm("/api/payments", map[string]string{"data": string(pay)}, file{}); err != nil {
		return err
	}
	goods, err := json.Marshal(map[string]any{"purchase_id": c.purchaseID, "return_date": s.date(0),
		"reference_no": "NC-" + r.Data.Purchase.ReferenceNo, "kind": "goods", "note": "Dos unidades con el empaque roto",
		"lines": []map[string]any{{"purchase_line_id": r.Data.Lines[c.line].PurchaseLineID, "quantity": 2}}})
	if err != nil {
		return err
	}
	if _, err := s.admin.postForm("/api/returns", map[string]string{"data": string(goods)},
		file{field: "images", name: "nota-credito.png", data: invoiceImage()}); err != nil {
		return err
	}
	value, err := json.Marshal(map[string]any{"purchase_id": c.purchaseID, "return_date": s.date(0),
		"reference_no": "NC-" + r.Data.Purchase.ReferenceNo + "-2", "kind": "value",
		"note": "Descuento por pronto pago acordado con el proveedor", "value_cents": r.Data.ReturnableCents / 20 / 100 * 100})
	if err != nil {
		return err
	}
	_, err = s.user.postForm("/api/returns", map[string]string{"data": string(value)}, file{})
	return err
}
