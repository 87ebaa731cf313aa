package demo

import (
	"fmt"
	"time"
)

// returnable is what the demo reads of GET /api/purchases/{id}/returnable.
type returnable struct {
	Purchase struct {
		ReferenceNo  string `json:"reference_no"`
		PurchaseDate string `json:"purchase_date"`
		CreditCents  int64  `json:"credit_cents"`
	} `json:"purchase"`
	Lines []struct {
		PurchaseLineID     int64  `json:"purchase_line_id"`
		ProductID          int64  `json:"product_id"`
		Kind               string `json:"kind"`
		ReturnableQuantity int64  `json:"returnable_quantity"`
	} `json:"lines"`
	ReturnableCents int64 `json:"returnable_cents"`
}

// returnPlan is one of the demo's purchase returns.
type returnPlan struct {
	on       func(s *seeder) []int64 // the purchases it may be recorded on, first choice first
	kind     string                  // goods or value
	by       string                  // who records it: "admin" (approved at once) or "user"
	decision string                  // what the admin does with the user's: "" (pending), "approve" or "reject"
	refund   string                  // on a paid purchase, the credit the return leaves: "admin" refunds it, "user" records it pending
	note     string
	image    bool
}

// returnPlans are the demo's returns: goods sent back on purchases paid in full, whose credit in
// our favour the supplier refunds (once by the admin, once recorded by the user and awaiting the
// admin), goods returns on partly paid purchases (the admin's, and the user's approved by the
// admin), a user's return the admin rejects, and a price correction awaiting the admin.
var returnPlans = []returnPlan{
	{on: paidInFull, kind: "goods", by: "admin", refund: "admin", note: "Empaques abollados en la entrega", image: true},
	{on: paidInFull, kind: "goods", by: "admin", refund: "user", note: "Producto vencido en el lote recibido"},
	{on: paidInPart, kind: "goods", by: "admin", note: "Dos unidades con el empaque roto", image: true},
	{on: paidInPart, kind: "goods", by: "user", decision: "approve", note: "Referencia equivocada en el pedido"},
	{on: paidInPart, kind: "goods", by: "user", decision: "reject", note: "Cliente reporta producto defectuoso"},
	{on: recentApproved, kind: "value", by: "user", note: "Descuento por pronto pago acordado con el proveedor"},
}

func paidInFull(s *seeder) []int64 { return s.paidInFull }
func paidInPart(s *seeder) []int64 { return s.paidInPart }

// recentApproved is the approved purchases of the last two weeks but the last three days (a
// return comes days after its purchase), newest first: not paid yet.
func recentApproved(s *seeder) []int64 {
	var out []int64
	from, to := s.date(14), s.date(3)
	for i := len(s.bought) - 1; i >= 0; i-- {
		if b := s.bought[i]; b.date >= from && b.date <= to && !b.receipt && (b.state == byAdmin || b.state == approved) {
			out = append(out, b.id)
		}
	}
	return out
}

// returns records returnPlans through the returns API, each on the first purchase of its choices
// not returned yet that has what it needs: for goods, a line whose product keeps well above its
// alert quantity once 1 to 3 units leave stock. A return is dated 3 to 25 days after its
// purchase (today at the latest), a refund 2 to 10 days after its return.
func (s *seeder) returns() error {
	d := newDice(7)
	products, err := s.catalogue()
	if err != nil {
		return err
	}
	spare := map[int64]int64{}
	for _, p := range products {
		spare[p.ID] = p.Quantity - p.AlertQuantity
	}
	used := map[int64]bool{}
	for k, plan := range returnPlans {
		done := false
		for _, id := range plan.on(s) {
			if used[id] {
				continue
			}
			var r struct {
				Data returnable `json:"data"`
			}
			if err := s.admin.getJSON(fmt.Sprintf("/api/purchases/%d/returnable", id), &r); err != nil {
				return err
			}
			body := map[string]any{"purchase_id": id, "return_date": s.after(d, r.Data.Purchase.PurchaseDate, 3, 25),
				"reference_no": fmt.Sprintf("NC-%s-%d", r.Data.Purchase.ReferenceNo, k+1), "kind": plan.kind, "note": plan.note}
			if plan.kind == "value" {
				body["value_cents"] = r.Data.ReturnableCents / 20 / 100 * 100 // 5 % of the base
			} else {
				for _, l := range r.Data.Lines {
					if n := min(d.between(1, 3), l.ReturnableQuantity); l.Kind == "goods" && n > 0 && spare[l.ProductID] >= n+10 {
						spare[l.ProductID] -= n
						body["lines"] = []map[string]any{{"purchase_line_id": l.PurchaseLineID, "quantity": n}}
						break
					}
				}
				if body["lines"] == nil {
					continue
				}
			}
			if err := s.recordReturn(d, plan, body, id); err != nil {
				return fmt.Errorf("return %d: %w", k+1, err)
			}
			used[id], done = true, true
			break
		}
		if !done {
			return fmt.Errorf("return %d (%s by %s): no purchase fits", k+1, plan.kind, plan.by)
		}
	}
	return nil
}

// recordReturn records one return (body) on purchase id as plan says: the admin's decision on
// the user's, then the refund of the credit it leaves.
func (s *seeder) recordReturn(d dice, plan returnPlan, body map[string]any, id int64) error {
	by := s.admin
	if plan.by == "user" {
		by = s.user
	}
	var image file
	if plan.image {
		image = file{field: "images", name: "nota-credito.png", data: invoiceImage()}
	}
	rid, err := by.postForm("/api/returns", map[string]string{"data": string(jsonBody(body))}, image)
	if err != nil {
		return err
	}
	s.returnCount++
	switch plan.decision {
	case "approve":
		_, err = s.admin.postJSON(fmt.Sprintf("/api/returns/%d/approve", rid), map[string]any{})
	case "reject":
		_, err = s.admin.postJSON(fmt.Sprintf("/api/returns/%d/reject", rid),
			map[string]string{"reason": "El proveedor no acepta devoluciones de producto abierto."})
	}
	if err != nil || plan.refund == "" {
		return err
	}
	var r struct {
		Data returnable `json:"data"`
	}
	if err := s.admin.getJSON(fmt.Sprintf("/api/purchases/%d/returnable", id), &r); err != nil {
		return err
	}
	if r.Data.Purchase.CreditCents <= 0 {
		return fmt.Errorf("purchase %s: no credit after the return", r.Data.Purchase.ReferenceNo)
	}
	by = s.admin
	if plan.refund == "user" {
		by = s.user
	}
	refund := map[string]any{"type": "purchase", "direction": "refund", "document_id": id,
		"date": s.after(d, body["return_date"].(string), 2, 10), "amount_cents": r.Data.Purchase.CreditCents,
		"reference_no": "REEMB-" + r.Data.Purchase.ReferenceNo, "method": "transfer", "note": "Reembolso de la nota crédito"}
	if _, err := by.postForm("/api/payments", map[string]string{"data": string(jsonBody(refund))}, file{}); err != nil {
		return err
	}
	s.paymentCount++
	return nil
}

// after is a day lo to hi days after date (a 'YYYY-MM-DD' day), today at the latest.
func (s *seeder) after(d dice, date string, lo, hi int64) string {
	day, err := time.ParseInLocation(time.DateOnly, date, bogota)
	if err != nil {
		return s.date(0)
	}
	day = day.AddDate(0, 0, int(d.between(lo, hi)))
	if day.After(s.now) {
		day = s.now
	}
	return day.Format(time.DateOnly)
}
