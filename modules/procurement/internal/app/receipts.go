package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/procurement/internal/domain"
	"github.com/backoffice/backoffice/modules/procurement/internal/store"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/sequence"
)

// OrderSummary names a receipt's purchase order.
type OrderSummary struct {
	ID          int64  `json:"id"`
	ReferenceNo string `json:"reference_no"`
	Quantity    int64  `json:"quantity" doc:"Units ordered"`
}

// ReceivedOrder is the API's view of a received order.
type ReceivedOrder struct {
	ID              int64         `json:"id"`
	CompanyID       int64         `json:"company_id"`
	ReferenceNo     string        `json:"reference_no" doc:"RO-000007"`
	PurchaseOrderID int64         `json:"purchase_order_id"`
	PurchaseOrder   OrderSummary  `json:"purchase_order"`
	CategoryID      int64         `json:"category_id"`
	Category        OrderCategory `json:"category"`
	ProductID       int64         `json:"product_id"`
	Product         OrderProduct  `json:"product"`
	Quantity        int64         `json:"quantity" doc:"Receive quantity: units received this time"`
	Balance         int64         `json:"balance" doc:"What remained to receive of the order right after this receipt was recorded or last edited (ordered - pending and approved receipts)"`
	Status          string        `json:"status" enum:"pending,approved,rejected"`
	Note            string        `json:"note"`
	Image           *OrderImage   `json:"image" doc:"null when none"`
	ApprovalReason  string        `json:"approval_reason"`
	ApprovedBy      *int64        `json:"approved_by"`
	ApprovedAt      *time.Time    `json:"approved_at"`
	CreatedBy       *int64        `json:"created_by"`
	CreatedAt       time.Time     `json:"created_at"`
	UpdatedAt       time.Time     `json:"updated_at"`
}

// ReceiptQuery is a received orders list request.
type ReceiptQuery struct {
	List            listing.Query
	Status          string
	PurchaseOrderID int64
	CategoryID      int64
	ProductID       int64
	CompanyID       int64
}

// ReceiptInput is the receive form and the received order edit form.
type ReceiptInput struct {
	domain.ReceiptInput
	Image       *Upload
	RemoveImage bool
}

// PurchaseDraftLine is one prefilled purchase line.
type PurchaseDraftLine struct {
	CategoryID   int64  `json:"category_id"`
	CategoryName string `json:"category_name"`
	ProductID    int64  `json:"product_id"`
	ProductCode  string `json:"product_code"`
	ProductName  string `json:"product_name"`
	Quantity     int64  `json:"quantity"`
	// CostCents is the product's cost in the catalog now (the last cost the company recorded);
	// the user checks it against the supplier's invoice.
	CostCents     int64 `json:"cost_cents"`
	SubtotalCents int64 `json:"subtotal_cents" doc:"quantity x cost_cents"`
}

// PurchaseDraft is what the purchase form loads from an approved received order.
type PurchaseDraft struct {
	ReceivedOrderID        int64               `json:"received_order_id"`
	ReceivedOrderReference string              `json:"received_order_reference"`
	PurchaseOrderID        int64               `json:"purchase_order_id"`
	PurchaseOrderReference string              `json:"purchase_order_reference"`
	CompanyID              int64               `json:"company_id"`
	Note                   string              `json:"note"`
	Lines                  []PurchaseDraftLine `json:"lines"`
}

func toReceipt(r store.ReceiptRow, img *OrderImage) ReceivedOrder {
	return ReceivedOrder{ID: r.ID, CompanyID: r.CompanyID, ReferenceNo: r.ReferenceNo, PurchaseOrderID: r.PurchaseOrderID,
		PurchaseOrder: OrderSummary{ID: r.PurchaseOrderID, ReferenceNo: r.OrderReference, Quantity: r.OrderQuantity},
		CategoryID:    r.CategoryID, Category: OrderCategory{ID: r.CategoryID, Name: r.CategoryName}, ProductID: r.ProductID,
		Product:  OrderProduct{ID: r.ProductID, Code: r.ProductCode, Name: r.ProductName, Unit: r.ProductUnit},
		Quantity: r.Quantity, Balance: r.Balance, Status: r.Status, Note: r.Note, Image: img,
		ApprovalReason: r.ApprovalReason, ApprovedBy: r.ApprovedBy, ApprovedAt: utc(r.ApprovedAt), CreatedBy: r.CreatedBy,
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
}

func (s *Service) toReceipts(ctx context.Context, rows []store.ReceiptRow) ([]ReceivedOrder, error) {
	return withImages(ctx, s, ReceiptImageOwner, rows, func(r store.ReceiptRow) int64 { return r.ID }, toReceipt)
}

func receiptFilter(q ReceiptQuery) (store.ReceiptFilter, error) {
	st, err := domain.ParseReceiptStatus(q.Status)
	if err != nil {
		return store.ReceiptFilter{}, apperror.Field("status", domain.MsgUnknownStatus)
	}
	return store.ReceiptFilter{Q: q.List.Q, Status: string(st), PurchaseOrderID: q.PurchaseOrderID,
		CategoryID: q.CategoryID, ProductID: q.ProductID}, nil
}

// receiptKey is a received order's position in the list sorted by key.
func receiptKey(key string) func(store.ReceiptRow) (any, int64) {
	return func(r store.ReceiptRow) (any, int64) {
		return sortValue(key, r.ReferenceNo, r.Quantity, r.Status, r.CreatedAt), r.ID
	}
}

// ListReceipts returns one page of the received orders p may see.
func (s *Service) ListReceipts(ctx context.Context, p caller.Principal, q ReceiptQuery) (listing.Page[ReceivedOrder], error) {
	f, err := receiptFilter(q)
	if err != nil {
		return listing.Page[ReceivedOrder]{}, err
	}
	plan, err := listing.NewPlan(store.ReceiptSpec, q.List)
	if err != nil {
		return listing.Page[ReceivedOrder]{}, err
	}
	sc := s.scopeOf(p, q.CompanyID)
	if f.QProducts, err = s.textProducts(ctx, sc, f.Q); err != nil {
		return listing.Page[ReceivedOrder]{}, err
	}
	return listing.Fetch(ctx, plan, listing.Source[store.ReceiptRow]{
		Rows: func(ctx context.Context) ([]store.ReceiptRow, error) {
			rows, err := s.store.ListReceipts(ctx, sc, f, plan)
			if err != nil {
				return nil, err
			}
			return rows, fillNames(ctx, s.d.Catalog, rows)
		},
		Count: s.d.Counter.Cached(store.TableReceipts, f.Key(sc), func(ctx context.Context) (int, error) {
			return s.store.CountReceipts(ctx, sc, f)
		}),
		Key: receiptKey(plan.Key()),
	}, s.toReceipts)
}

// ExportReceipts checks q and returns what streams every received order of the list.
func (s *Service) ExportReceipts(ctx context.Context, p caller.Principal, q ReceiptQuery) (func(fn func(ReceivedOrder) error) error, error) {
	f, err := receiptFilter(q)
	if err != nil {
		return nil, err
	}
	if _, err := listing.NewPlan(store.ReceiptSpec, q.List); err != nil {
		return nil, err
	}
	sc := s.scopeOf(p, q.CompanyID)
	if f.QProducts, err = s.textProducts(ctx, sc, f.Q); err != nil {
		return nil, err
	}
	return func(fn func(ReceivedOrder) error) error {
		each := func(yield func(store.ReceiptRow) error) error {
			return s.store.EachReceipt(ctx, sc, f, q.List.Sort, yield)
		}
		return eachNamed(ctx, s.d.Catalog, each, func(r store.ReceiptRow) error { return fn(toReceipt(r, nil)) })
	}, nil
}

func (s *Service) receipt(ctx context.Context, sc store.Scope, id int64) (*store.ReceiptRow, error) {
	r, err := s.store.ReceiptByID(ctx, sc, id)
	return found(named(ctx, s.d.Catalog, r, err))
}

// GetReceipt returns one received order p may see.
func (s *Service) GetReceipt(ctx context.Context, p caller.Principal, id int64) (ReceivedOrder, error) {
	r, err := s.receipt(ctx, s.scopeOf(p, 0), id)
	if err != nil {
		return ReceivedOrder{}, err
	}
	out, err := s.toReceipts(ctx, []store.ReceiptRow{*r})
	if err != nil {
		return ReceivedOrder{}, apperror.Internal(err)
	}
	return out[0], nil
}

func checkReceipt(in ReceiptInput) (domain.ReceiptInput, error) {
	d := in.ReceiptInput.Normalize()
	fields := d.Validate()
	if fields == nil {
		fields = map[string]string{}
	}
	if err := checkImage(fields, in.Image); err != nil {
		return d, err
	}
	if len(fields) > 0 {
		return d, invalid(fields)
	}
	return d, nil
}

// bookingFailed maps the store's booking refusals.
func bookingFailed(err error) error {
	switch {
	case errors.Is(err, store.ErrOverBalance):
		return apperror.Field("quantity", domain.MsgOverBalance)
	case errors.Is(err, store.ErrNotReceivable):
		return apperror.Conflict(domain.MsgNotReceivable)
	case isNotFound(err):
		return notFound()
	}
	return err
}

// Receive records goods received against an approved purchase order: a pending received order
// of in.Quantity units, refused beyond the order's balance ('Receive quantity cannot exceed the
// balance.'). It publishes received_order.created.
func (s *Service) Receive(ctx context.Context, p caller.Principal, orderID int64, in ReceiptInput) (ReceivedOrder, error) {
	ord, err := s.order(ctx, s.scopeOf(p, 0), orderID)
	if err != nil {
		return ReceivedOrder{}, err
	}
	if !domain.OrderStatus(ord.Status).Receivable() {
		return ReceivedOrder{}, apperror.Conflict(domain.MsgNotReceivable)
	}
	d, err := checkReceipt(in)
	if err != nil {
		return ReceivedOrder{}, err
	}
	now := s.now()
	r := &store.Receipt{CompanyID: ord.CompanyID, PurchaseOrderID: ord.ID, CategoryID: ord.CategoryID,
		ProductID: ord.ProductID, Quantity: d.Quantity, Note: d.Note, Status: string(domain.ReceiptPending),
		CreatedBy: ptr(p.UserID), CreatedAt: now, UpdatedBy: ptr(p.UserID), UpdatedAt: now}
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		st := s.store.With(tx)
		balance, err := st.Book(ctx, ord.ID, d.Quantity, true, domain.ReceivableStatuses, now)
		if err != nil {
			return bookingFailed(err)
		}
		r.Balance = balance
		n, err := sequence.Next(ctx, tx, r.CompanyID, EntityReceipt)
		if err != nil {
			return err
		}
		r.ReferenceNo = sequence.Number(domain.ReceiptPrefix, n)
		if err := st.InsertReceipt(ctx, r); err != nil {
			return err
		}
		if err := s.replaceImage(ctx, tx, p, ReceiptImageOwner, r.CompanyID, r.ID, in.Image, false); err != nil {
			return err
		}
		if err := s.record(ctx, tx, p, r.CompanyID, "received_order_created", EntityReceipt, r.ID,
			fmt.Sprintf("order=%d quantity=%d balance=%d", ord.ID, r.Quantity, r.Balance), now); err != nil {
			return err
		}
		return s.emit(ctx, tx, EntityReceipt, VerbCreated, r.CompanyID, p.UserID, Event{ID: r.ID, ReferenceNo: r.ReferenceNo,
			AmountCents: amountOf(r.Quantity, ord.ProductCostCents), CreatedBy: p.UserID, Status: r.Status,
			ProductName: ord.ProductName, Quantity: r.Quantity, PurchaseOrderID: ord.ID}, now)
	})
	if err != nil {
		return ReceivedOrder{}, writeFailed(err)
	}
	s.changed(ctx, store.TableOrders, store.TableReceipts)
	return s.GetReceipt(ctx, p, r.ID)
}

// UpdateReceipt edits a pending received order: its quantity (re-checked against the order's
// balance, counting this receipt's own units as free), note and image.
func (s *Service) UpdateReceipt(ctx context.Context, p caller.Principal, id int64, in ReceiptInput) (ReceivedOrder, error) {
	cur, err := s.receipt(ctx, s.scopeOf(p, 0), id)
	if err != nil {
		return ReceivedOrder{}, err
	}
	if cur.Status != string(domain.ReceiptPending) {
		return ReceivedOrder{}, apperror.Conflict(domain.MsgReceiptNotEdit)
	}
	d, err := checkReceipt(in)
	if err != nil {
		return ReceivedOrder{}, err
	}
	now := s.now()
	r := cur.Receipt
	delta := d.Quantity - cur.Quantity
	r.Quantity, r.Note, r.UpdatedBy, r.UpdatedAt = d.Quantity, d.Note, ptr(p.UserID), now
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		st := s.store.With(tx)
		balance, err := st.Book(ctx, r.PurchaseOrderID, delta, false, domain.ReceivableStatuses, now)
		if err != nil {
			return bookingFailed(err)
		}
		r.Balance = balance
		if err := st.UpdatePendingReceipt(ctx, &r); err != nil {
			if isNotFound(err) {
				return apperror.Conflict(domain.MsgReceiptNotEdit) // decided meanwhile: the booking rolls back
			}
			return err
		}
		if err := s.replaceImage(ctx, tx, p, ReceiptImageOwner, r.CompanyID, r.ID, in.Image, in.RemoveImage); err != nil {
			return err
		}
		return s.record(ctx, tx, p, r.CompanyID, "received_order_updated", EntityReceipt, r.ID,
			fmt.Sprintf("quantity=%d balance=%d", r.Quantity, r.Balance), now)
	})
	if err != nil {
		return ReceivedOrder{}, writeFailed(err)
	}
	s.changed(ctx, store.TableOrders, store.TableReceipts)
	return s.GetReceipt(ctx, p, r.ID)
}

// DecideReceipt approves a pending received order — its units join the order's received
// quantity and the product's stock, in one transaction — or rejects it with a reason, which
// gives its units back to the order's balance. It publishes received_order.approved/rejected,
// and purchase_order.received when the approval completes the order.
func (s *Service) DecideReceipt(ctx context.Context, p caller.Principal, id int64, approve bool, reason string) (ReceivedOrder, error) {
	if !s.admin(p) {
		return ReceivedOrder{}, apperror.Forbidden("You are not allowed to perform this action.")
	}
	cur, err := s.receipt(ctx, s.scopeOf(p, 0), id)
	if err != nil {
		return ReceivedOrder{}, err
	}
	now := s.now()
	// The receipt's conditional status change answers store.ErrNotFound when another admin
	// decided meanwhile: approval.Run's conflict.
	_, err = approval.Run(ctx, s.d.DB, approval.Status(cur.Status), approve, reason, func(ctx context.Context, tx bun.Tx, d approval.Decision) error {
		st := s.store.With(tx)
		// The order first, then the receipt (the package's lock order): an archive of the order
		// holds it before its receipts, and would otherwise deadlock with this decision.
		if err := st.LockOrders(ctx, []int64{cur.PurchaseOrderID}); err != nil {
			return err
		}
		if err := st.Decide(ctx, store.TableReceipts, cur.ID, cur.Status, string(d.Status), d.Reason, p.UserID, now); err != nil {
			return err
		}
		orderStatus := ""
		if approve {
			var err error
			if orderStatus, err = st.Receive(ctx, cur.PurchaseOrderID, cur.Quantity, func(received, ordered int64) string {
				return string(domain.AfterReceipt(received, ordered))
			}, now); err != nil {
				return orderFailed(err)
			}
			if _, err := s.d.Stock.AdjustStock(ctx, tx, cur.ProductID, cur.Quantity); err != nil {
				return err
			}
		} else if _, err := st.Book(ctx, cur.PurchaseOrderID, -cur.Quantity, false, nil, now); err != nil {
			return orderFailed(err)
		}
		if err := s.record(ctx, tx, p, cur.CompanyID, "received_order_"+d.Verb(), EntityReceipt, cur.ID,
			fmt.Sprintf("quantity=%d %s", cur.Quantity, d.Reason), now); err != nil {
			return err
		}
		amount := amountOf(cur.Quantity, cur.ProductCostCents)
		if err := s.emit(ctx, tx, EntityReceipt, d.Verb(), cur.CompanyID, p.UserID, Event{ID: cur.ID, ReferenceNo: cur.ReferenceNo,
			AmountCents: amount, CreatedBy: deref(cur.CreatedBy), Reason: d.Reason, Status: string(d.Status),
			ProductName: cur.ProductName, Quantity: cur.Quantity, PurchaseOrderID: cur.PurchaseOrderID}, now); err != nil {
			return err
		}
		if orderStatus != string(domain.OrderReceived) {
			return nil
		}
		return s.emit(ctx, tx, EntityOrder, VerbReceived, cur.CompanyID, p.UserID, Event{ID: cur.PurchaseOrderID,
			ReferenceNo: cur.OrderReference, AmountCents: amountOf(cur.OrderQuantity, cur.ProductCostCents),
			CreatedBy: deref(cur.OrderCreatedBy), Status: orderStatus, ProductName: cur.ProductName,
			Quantity: cur.OrderQuantity}, now)
	})
	if err != nil {
		return ReceivedOrder{}, err
	}
	s.changed(ctx, store.TableOrders, store.TableReceipts)
	if approve {
		s.d.Stock.StockChanged(ctx)
	}
	return s.GetReceipt(ctx, p, cur.ID)
}

// orderFailed is a failed change of a decided receipt's purchase order. Its store.ErrNotFound must
// not read as the lost race approval.Run answers with a conflict: an order with receipts is never
// deleted, so a missing one is an internal failure.
func orderFailed(err error) error {
	if isNotFound(err) {
		return apperror.Internal(fmt.Errorf("the received order's purchase order: %v", err))
	}
	return err
}

// PurchaseDraft returns the purchase lines an approved received order turns into: its product,
// category and quantity at the product's catalog cost.
func (s *Service) PurchaseDraft(ctx context.Context, p caller.Principal, id int64) (PurchaseDraft, error) {
	r, err := s.receipt(ctx, s.scopeOf(p, 0), id)
	if err != nil {
		return PurchaseDraft{}, err
	}
	if r.Status != string(domain.ReceiptApproved) {
		return PurchaseDraft{}, apperror.Conflict(domain.MsgDraftNotApproved)
	}
	return PurchaseDraft{ReceivedOrderID: r.ID, ReceivedOrderReference: r.ReferenceNo, PurchaseOrderID: r.PurchaseOrderID,
		PurchaseOrderReference: r.OrderReference, CompanyID: r.CompanyID, Note: r.Note,
		Lines: []PurchaseDraftLine{{CategoryID: r.CategoryID, CategoryName: r.CategoryName, ProductID: r.ProductID,
			ProductCode: r.ProductCode, ProductName: r.ProductName, Quantity: r.Quantity, CostCents: r.ProductCostCents,
			SubtotalCents: amountOf(r.Quantity, r.ProductCostCents)}}}, nil
}
