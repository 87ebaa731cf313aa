package app

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/catalog"
	"github.com/backoffice/backoffice/modules/procurement/internal/domain"
	"github.com/backoffice/backoffice/modules/procurement/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/sequence"
)

// PurchaseOrder is the API's view of a purchase order.
type PurchaseOrder struct {
	ID          int64         `json:"id"`
	CompanyID   int64         `json:"company_id"`
	ReferenceNo string        `json:"reference_no" doc:"PO-000042"`
	CategoryID  int64         `json:"category_id"`
	Category    OrderCategory `json:"category"`
	ProductID   int64         `json:"product_id"`
	Product     OrderProduct  `json:"product"`
	Quantity    int64         `json:"quantity" doc:"Units ordered"`
	// ReceivedQuantity, PendingQuantity and Balance always add up to Quantity.
	ReceivedQuantity int64       `json:"received_quantity" doc:"Units of approved receipts"`
	PendingQuantity  int64       `json:"pending_quantity" doc:"Units of receipts awaiting approval"`
	Balance          int64       `json:"balance" doc:"Units that may still be received: quantity - received - pending"`
	ReceiptCount     int64       `json:"receipt_count" doc:"Received orders of any state"`
	Status           string      `json:"status" enum:"pending,approved,rejected,partially_received,received"`
	Note             string      `json:"note"`
	Image            *OrderImage `json:"image" doc:"null when none"`
	ApprovalReason   string      `json:"approval_reason" doc:"The rejection's reason"`
	ApprovedBy       *int64      `json:"approved_by" doc:"Who approved or rejected"`
	ApprovedAt       *time.Time  `json:"approved_at"`
	CreatedBy        *int64      `json:"created_by"`
	CreatedAt        time.Time   `json:"created_at"`
	UpdatedAt        time.Time   `json:"updated_at"`
	// CanDelete and CanReceive are the delete rule and the receive rule for the caller, so the
	// list can hide buttons that would only be refused.
	CanDelete  bool `json:"can_delete"`
	CanReceive bool `json:"can_receive"`
}

// OrderQuery is a purchase orders list request.
type OrderQuery struct {
	List       listing.Query
	Status     string
	CategoryID int64
	ProductID  int64
	// Mine keeps the caller's own orders.
	Mine bool
	// CompanyID narrows an administrator's list to one company.
	CompanyID int64
}

// OrderInput is the purchase order form.
type OrderInput struct {
	domain.OrderInput
	// OrderImage is a new image (replaces the current one); RemoveImage drops the current one.
	Image       *Upload
	RemoveImage bool
}

func (s *Service) toOrder(p caller.Principal, r store.OrderRow, img *OrderImage) PurchaseOrder {
	st := domain.OrderStatus(r.Status)
	return PurchaseOrder{ID: r.ID, CompanyID: r.CompanyID, ReferenceNo: r.ReferenceNo, CategoryID: r.CategoryID,
		Category: OrderCategory{ID: r.CategoryID, Name: r.CategoryName}, ProductID: r.ProductID,
		Product:  OrderProduct{ID: r.ProductID, Code: r.ProductCode, Name: r.ProductName, Unit: r.ProductUnit},
		Quantity: r.Quantity, ReceivedQuantity: r.ReceivedQuantity, PendingQuantity: r.BookedQuantity - r.ReceivedQuantity,
		Balance: domain.Balance(r.Quantity, r.BookedQuantity), ReceiptCount: r.ReceiptCount, Status: r.Status,
		Note: r.Note, Image: img, ApprovalReason: r.ApprovalReason, ApprovedBy: r.ApprovedBy, ApprovedAt: utc(r.ApprovedAt),
		CreatedBy: r.CreatedBy, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(),
		CanDelete:  domain.CanDelete(s.deleteRequest(p, r)) == domain.DeleteAllowed,
		CanReceive: st.Receivable() && domain.Balance(r.Quantity, r.BookedQuantity) > 0}
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func (s *Service) deleteRequest(p caller.Principal, r store.OrderRow) domain.DeleteRequest {
	return domain.DeleteRequest{Admin: s.admin(p), Buyer: p.Role == s.d.BuyerRole, Own: deref(r.CreatedBy) == p.UserID,
		Status: domain.OrderStatus(r.Status), Receipts: r.ReceiptCount}
}

func (s *Service) toOrders(ctx context.Context, p caller.Principal, rows []store.OrderRow) ([]PurchaseOrder, error) {
	return withImages(ctx, s, OrderImageOwner, rows, func(r store.OrderRow) int64 { return r.ID },
		func(r store.OrderRow, img *OrderImage) PurchaseOrder { return s.toOrder(p, r, img) })
}

func (s *Service) orderFilter(p caller.Principal, q OrderQuery) (store.OrderFilter, error) {
	st, err := domain.ParseOrderStatus(q.Status)
	if err != nil {
		return store.OrderFilter{}, apperror.Field("status", domain.MsgUnknownStatus)
	}
	f := store.OrderFilter{Q: q.List.Q, Status: string(st), CategoryID: q.CategoryID, ProductID: q.ProductID}
	if q.Mine {
		f.CreatedBy = p.UserID
	}
	return f, nil
}

// sortValue is a purchase order's or a received order's value of the list's sort column key,
// as the cursor carries it: both lists sort by the same columns (store.OrderSpec, ReceiptSpec).
func sortValue(key, referenceNo string, quantity int64, status string, createdAt time.Time) any {
	switch key {
	case "reference_no":
		return referenceNo
	case "quantity":
		return quantity
	case "status":
		return status
	}
	return createdAt
}

// orderKey is an order's position in the list sorted by key.
func orderKey(key string) func(store.OrderRow) (any, int64) {
	return func(r store.OrderRow) (any, int64) {
		return sortValue(key, r.ReferenceNo, r.Quantity, r.Status, r.CreatedAt), r.ID
	}
}

// ListOrders returns one page of the purchase orders p may see.
func (s *Service) ListOrders(ctx context.Context, p caller.Principal, q OrderQuery) (listing.Page[PurchaseOrder], error) {
	f, err := s.orderFilter(p, q)
	if err != nil {
		return listing.Page[PurchaseOrder]{}, err
	}
	plan, err := listing.NewPlan(store.OrderSpec, q.List)
	if err != nil {
		return listing.Page[PurchaseOrder]{}, err
	}
	sc := s.scopeOf(p, q.CompanyID)
	if f.QProducts, err = s.textProducts(ctx, sc, f.Q); err != nil {
		return listing.Page[PurchaseOrder]{}, err
	}
	return listing.Fetch(ctx, plan, listing.Source[store.OrderRow]{
		Rows: func(ctx context.Context) ([]store.OrderRow, error) {
			rows, err := s.store.ListOrders(ctx, sc, f, plan)
			if err != nil {
				return nil, err
			}
			return rows, fillNames(ctx, s.d.Catalog, rows)
		},
		Count: s.d.Counter.Cached(store.TableOrders, f.Key(sc), func(ctx context.Context) (int, error) {
			return s.store.CountOrders(ctx, sc, f)
		}),
		Key: orderKey(plan.Key()),
	}, func(ctx context.Context, rows []store.OrderRow) ([]PurchaseOrder, error) {
		return s.toOrders(ctx, p, rows)
	})
}

// ExportOrders checks q and returns what streams every order of the list (no paging, no images).
func (s *Service) ExportOrders(ctx context.Context, p caller.Principal, q OrderQuery) (func(fn func(PurchaseOrder) error) error, error) {
	f, err := s.orderFilter(p, q)
	if err != nil {
		return nil, err
	}
	if _, err := listing.NewPlan(store.OrderSpec, q.List); err != nil {
		return nil, err
	}
	sc := s.scopeOf(p, q.CompanyID)
	if f.QProducts, err = s.textProducts(ctx, sc, f.Q); err != nil {
		return nil, err
	}
	return func(fn func(PurchaseOrder) error) error {
		each := func(yield func(store.OrderRow) error) error { return s.store.EachOrder(ctx, sc, f, q.List.Sort, yield) }
		return eachNamed(ctx, s.d.Catalog, each, func(r store.OrderRow) error { return fn(s.toOrder(p, r, nil)) })
	}, nil
}

func (s *Service) order(ctx context.Context, sc store.Scope, id int64) (*store.OrderRow, error) {
	r, err := s.store.OrderByID(ctx, sc, id)
	return found(named(ctx, s.d.Catalog, r, err))
}

// GetOrder returns one purchase order p may see.
func (s *Service) GetOrder(ctx context.Context, p caller.Principal, id int64) (PurchaseOrder, error) {
	r, err := s.order(ctx, s.scopeOf(p, 0), id)
	if err != nil {
		return PurchaseOrder{}, err
	}
	out, err := s.toOrders(ctx, p, []store.OrderRow{*r})
	if err != nil {
		return PurchaseOrder{}, apperror.Internal(err)
	}
	return out[0], nil
}

// checkOrder validates the form against the company's catalog: the category and the product
// must be live in companyID and the product must be of that category.
func (s *Service) checkOrder(ctx context.Context, companyID int64, in OrderInput) (domain.OrderInput, *catalog.ProductFacts, error) {
	d := in.OrderInput.Normalize()
	fields := d.Validate()
	if fields == nil {
		fields = map[string]string{}
	}
	var prod *catalog.ProductFacts
	if _, bad := fields["category_id"]; !bad {
		ok, err := s.d.Catalog.CategoryOfCompany(ctx, companyID, d.CategoryID)
		if err != nil {
			return d, nil, apperror.Internal(err)
		}
		if !ok {
			fields["category_id"] = domain.MsgCategoryRequired
		}
	}
	if _, bad := fields["product_id"]; !bad {
		facts, err := s.d.Catalog.ProductFacts(ctx, companyID, []int64{d.ProductID})
		pr, ok := facts[d.ProductID]
		switch {
		case err != nil:
			return d, nil, apperror.Internal(err)
		case !ok:
			fields["product_id"] = domain.MsgProductRequired
		case fields["category_id"] == "" && pr.CategoryID != d.CategoryID:
			fields["product_id"] = domain.MsgProductOfCategory
		default:
			prod = &pr
		}
	}
	if err := checkImage(fields, in.Image); err != nil {
		return d, nil, err
	}
	if len(fields) > 0 {
		return d, nil, invalid(fields)
	}
	return d, prod, nil
}

// keepProduct keeps the product order o names, in tx, from being deleted until the order is
// stored (catalog's KeepProducts): checkOrder read it before the transaction, and a product
// deleted since then refuses the write as a missing one does. It comes before the order's row
// (lock order: product keep → order → received orders → product stock); an archive of the
// product takes it FOR UPDATE before asking whether orders name it, so the two queue. The
// order's category needs no keep of its own: a category with a live product cannot go.
func (s *Service) keepProduct(ctx context.Context, tx bun.IDB, o *store.Order) error {
	kept, err := s.d.Catalog.KeepProducts(ctx, tx, o.CompanyID, []int64{o.ProductID})
	if err == nil && len(kept) == 0 {
		err = invalid(map[string]string{"product_id": domain.MsgProductRequired})
	}
	return err
}

// CreateOrder adds a pending purchase order to p's company (buyers, users and secretaries; the
// route keeps administrators out) and publishes purchase_order.created.
func (s *Service) CreateOrder(ctx context.Context, p caller.Principal, in OrderInput) (PurchaseOrder, error) {
	d, prod, err := s.checkOrder(ctx, p.CompanyID, in)
	if err != nil {
		return PurchaseOrder{}, err
	}
	now := s.now()
	o := &store.Order{CompanyID: p.CompanyID, CategoryID: d.CategoryID, ProductID: d.ProductID, Quantity: d.Quantity,
		Note: d.Note, Status: string(domain.OrderPending), CreatedBy: ptr(p.UserID), CreatedAt: now,
		UpdatedBy: ptr(p.UserID), UpdatedAt: now}
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.keepProduct(ctx, tx, o); err != nil {
			return err
		}
		n, err := sequence.Next(ctx, tx, o.CompanyID, EntityOrder)
		if err != nil {
			return err
		}
		o.ReferenceNo = sequence.Number(domain.OrderPrefix, n)
		if err := s.store.With(tx).InsertOrder(ctx, o); err != nil {
			return err
		}
		if err := s.replaceImage(ctx, tx, p, OrderImageOwner, o.CompanyID, o.ID, in.Image, false); err != nil {
			return err
		}
		if err := s.record(ctx, tx, p, o.CompanyID, "purchase_order_created", EntityOrder, o.ID,
			fmt.Sprintf("product=%d quantity=%d", o.ProductID, o.Quantity), now); err != nil {
			return err
		}
		return s.emit(ctx, tx, EntityOrder, VerbCreated, o.CompanyID, p.UserID, Event{ID: o.ID, ReferenceNo: o.ReferenceNo,
			AmountCents: amountOf(o.Quantity, prod.CostCents), CreatedBy: p.UserID, Status: o.Status, ProductName: prod.Name,
			Quantity: o.Quantity}, now)
	})
	if err != nil {
		return PurchaseOrder{}, writeFailed(err)
	}
	s.changed(ctx, store.TableOrders)
	return s.GetOrder(ctx, p, o.ID)
}

// writeFailed maps a failed write transaction: apperrors pass, the rest is internal.
func writeFailed(err error) error {
	if e := apperror.As(err); e != nil {
		return e
	}
	return apperror.Internal(err)
}

// UpdateOrder edits a pending or rejected purchase order (users and secretaries; spec §6 gives
// buyers and admins no edit page). The order keeps its company. An approved order is not edited:
// the approval was given for exactly this product and quantity, and goods may be arriving
// against it. Editing a rejected order is how it is corrected and sent again, as a rejected
// purchase is (modules/purchasing): it goes back to pending, its reason and decision are
// cleared, and purchase_order.created is published again so that the administrators are asked
// as for a new order.
func (s *Service) UpdateOrder(ctx context.Context, p caller.Principal, id int64, in OrderInput) (PurchaseOrder, error) {
	cur, err := s.order(ctx, s.scopeOf(p, 0), id)
	if err != nil {
		return PurchaseOrder{}, err
	}
	from := domain.OrderStatus(cur.Status)
	if !from.Editable() {
		return PurchaseOrder{}, apperror.Conflict(domain.MsgOrderNotEditable)
	}
	resubmit := from == domain.OrderRejected
	d, prod, err := s.checkOrder(ctx, cur.CompanyID, in)
	if err != nil {
		return PurchaseOrder{}, err
	}
	now := s.now()
	o := cur.Order
	o.CategoryID, o.ProductID, o.Quantity, o.Note, o.UpdatedBy, o.UpdatedAt = d.CategoryID, d.ProductID, d.Quantity, d.Note, ptr(p.UserID), now
	if resubmit {
		o.Status, o.ApprovalReason, o.ApprovedBy, o.ApprovedAt = string(domain.OrderPending), "", nil, nil
	}
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.keepProduct(ctx, tx, &o); err != nil {
			return err
		}
		if err := s.store.With(tx).UpdateUndecidedOrder(ctx, &o, string(from)); err != nil {
			if isNotFound(err) {
				return apperror.Conflict(domain.MsgOrderNotEditable) // decided, sent again or deleted meanwhile
			}
			return err
		}
		if err := s.replaceImage(ctx, tx, p, OrderImageOwner, o.CompanyID, o.ID, in.Image, in.RemoveImage); err != nil {
			return err
		}
		detail := fmt.Sprintf("product=%d quantity=%d", o.ProductID, o.Quantity)
		if !resubmit {
			return s.record(ctx, tx, p, o.CompanyID, "purchase_order_updated", EntityOrder, o.ID, detail, now)
		}
		if err := s.record(ctx, tx, p, o.CompanyID, "purchase_order_resubmitted", EntityOrder, o.ID, detail+" status="+o.Status, now); err != nil {
			return err
		}
		// The event of a new order, as CreateOrder writes it: the administrators are notified
		// by it; the actor is whoever sent it again, the creator stays the order's.
		return s.emit(ctx, tx, EntityOrder, VerbCreated, o.CompanyID, p.UserID, Event{ID: o.ID, ReferenceNo: o.ReferenceNo,
			AmountCents: amountOf(o.Quantity, prod.CostCents), CreatedBy: deref(o.CreatedBy), Status: o.Status,
			ProductName: prod.Name, Quantity: o.Quantity}, now)
	})
	if err != nil {
		return PurchaseOrder{}, writeFailed(err)
	}
	s.changed(ctx, store.TableOrders)
	return s.GetOrder(ctx, p, o.ID)
}

// DeleteOrder soft-deletes a purchase order under domain.CanDelete's rule.
func (s *Service) DeleteOrder(ctx context.Context, p caller.Principal, id int64) error {
	cur, err := s.order(ctx, s.scopeOf(p, 0), id)
	if err != nil {
		return err
	}
	switch domain.CanDelete(s.deleteRequest(p, *cur)) {
	case domain.DeleteForbidden:
		return apperror.Forbidden(domain.MsgDeleteNotAllowed)
	case domain.DeleteInUse:
		return apperror.Conflict(domain.MsgOrderInUse)
	}
	now := s.now()
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.store.With(tx).SoftDeleteOrder(ctx, cur.ID, p.UserID, now); err != nil {
			return err
		}
		return s.record(ctx, tx, p, cur.CompanyID, "purchase_order_deleted", EntityOrder, cur.ID,
			cur.ReferenceNo+" status="+cur.Status, now)
	})
	if isNotFound(err) {
		// A receipt arrived, or someone deleted it, between the read and the write.
		if _, gone := s.order(ctx, s.scopeOf(p, 0), id); gone != nil {
			return gone
		}
		return apperror.Conflict(domain.MsgOrderInUse)
	}
	if err != nil {
		return writeFailed(err)
	}
	s.changed(ctx, store.TableOrders)
	return nil
}

// DecideOrder approves a pending purchase order or rejects it with a reason (admins) and
// publishes purchase_order.approved / rejected.
func (s *Service) DecideOrder(ctx context.Context, p caller.Principal, id int64, approve bool, reason string) (PurchaseOrder, error) {
	if !s.admin(p) {
		return PurchaseOrder{}, apperror.Forbidden("You are not allowed to perform this action.")
	}
	cur, err := s.order(ctx, s.scopeOf(p, 0), id)
	if err != nil {
		return PurchaseOrder{}, err
	}
	now := s.now()
	// The conditional status change answers store.ErrNotFound when another admin decided
	// meanwhile: approval.Run's conflict.
	_, err = approval.Run(ctx, s.d.DB, approval.Status(cur.Status), approve, reason, func(ctx context.Context, tx bun.Tx, d approval.Decision) error {
		if err := s.store.With(tx).Decide(ctx, store.TableOrders, cur.ID, cur.Status, string(d.Status), d.Reason, p.UserID, now); err != nil {
			return err
		}
		if err := s.record(ctx, tx, p, cur.CompanyID, "purchase_order_"+d.Verb(), EntityOrder, cur.ID, d.Reason, now); err != nil {
			return err
		}
		return s.emit(ctx, tx, EntityOrder, d.Verb(), cur.CompanyID, p.UserID, Event{ID: cur.ID, ReferenceNo: cur.ReferenceNo,
			AmountCents: amountOf(cur.Quantity, cur.ProductCostCents), CreatedBy: deref(cur.CreatedBy), Reason: d.Reason,
			Status: string(d.Status), ProductName: cur.ProductName, Quantity: cur.Quantity}, now)
	})
	if err != nil {
		return PurchaseOrder{}, err
	}
	s.changed(ctx, store.TableOrders)
	return s.GetOrder(ctx, p, cur.ID)
}
