package app

import (
	"context"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/purchasing/internal/domain"
	"github.com/backoffice/backoffice/modules/purchasing/internal/store"
	"github.com/backoffice/backoffice/modules/tax"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/search"
)

// PurchaseTotals are a purchase's amounts in centavos, as modules/tax computed them. The withholding
// rates are for display ("2.5%"; "" when nothing is withheld).
type PurchaseTotals struct {
	SubtotalCents          int64  `json:"subtotal_cents" doc:"Σ quantity × cost"`
	DiscountCents          int64  `json:"discount_cents"`
	ShippingCents          int64  `json:"shipping_cents"`
	TaxableBaseCents       int64  `json:"taxable_base_cents" doc:"subtotal − discount + shipping"`
	VATCents               int64  `json:"vat_cents"`
	InvoiceCents           int64  `json:"invoice_cents" doc:"taxable base + VAT"`
	WithholdingIncomeCents int64  `json:"withholding_income_cents" doc:"ReteFuente"`
	WithholdingIncomeRate  string `json:"withholding_income_rate"`
	WithholdingVATCents    int64  `json:"withholding_vat_cents" doc:"ReteIVA"`
	WithholdingVATRate     string `json:"withholding_vat_rate"`
	TotalToPayCents        int64  `json:"total_to_pay_cents" doc:"invoice − withholdings"`
	ReturnCents            int64  `json:"return_cents" doc:"Σ approved returns (read-only: recorded as returns)"`
	PendingReturnCents     int64  `json:"pending_return_cents" doc:"Σ returns awaiting approval"`
	PaidCents              int64  `json:"paid_cents"`
	BalanceCents           int64  `json:"balance_cents" doc:"total to pay − paid − returns; negative: a credit in our favour"`
	CreditCents            int64  `json:"credit_cents" doc:"max(0, −balance): the credit in our favour (saldo a favor)"`
}

// PurchaseLineTotals are one line's amounts.
type PurchaseLineTotals struct {
	SubtotalCents int64 `json:"subtotal_cents"`
	DiscountCents int64 `json:"discount_cents" doc:"The line's share of the discount"`
	BaseCents     int64 `json:"base_cents"`
	VATCents      int64 `json:"vat_cents" doc:"The line's share of its class's VAT"`
}

// PurchaseLine is a purchase line as the API shows it.
type PurchaseLine struct {
	CategoryID   int64  `json:"category_id"`
	CategoryName string `json:"category_name"`
	ProductID    int64  `json:"product_id"`
	ProductCode  string `json:"product_code"`
	ProductName  string `json:"product_name"`
	IVAClass     string `json:"iva_class" enum:"19,5,exento,excluido"`
	Kind         string `json:"kind" enum:"goods,service"`
	ExpiryDate   string `json:"expiry_date" doc:"YYYY-MM-DD; empty for services"`
	CostCents    int64  `json:"cost_cents"`
	Quantity     int64  `json:"quantity"`
	PurchaseLineTotals
}

// PurchaseAttachment is the purchase's image.
type PurchaseAttachment struct {
	ID  int64  `json:"id"`
	URL string `json:"url" doc:"GET it signed in"`
}

// Purchase is a purchase as the API shows it. Lines are sent by the single-purchase answers
// (get, create, update), not by lists.
type Purchase struct {
	ID              int64               `json:"id"`
	CompanyID       int64               `json:"company_id"`
	ReferenceNo     string              `json:"reference_no"`
	PurchaseDate    string              `json:"purchase_date" doc:"YYYY-MM-DD (America/Bogota)"`
	DaysOfCredit    int64               `json:"days_of_credit"`
	DueDate         string              `json:"due_date" doc:"purchase_date + days_of_credit"`
	SupplierID      int64               `json:"supplier_id"`
	SupplierName    string              `json:"supplier_name"`
	StoreID         int64               `json:"store_id"`
	StoreName       string              `json:"store_name"`
	Note            string              `json:"note"`
	ShippingCarrier string              `json:"shipping_carrier"`
	Totals          PurchaseTotals      `json:"totals"`
	Status          string              `json:"status" enum:"pending,partial,paid,received"`
	Attachment      *PurchaseAttachment `json:"attachment"`
	ReceivedOrderID *int64              `json:"received_order_id"`
	ApprovalStatus  string              `json:"approval_status" enum:"pending,approved,rejected"`
	ApprovalReason  string              `json:"approval_reason"`
	ApprovedBy      *int64              `json:"approved_by"`
	ApprovedAt      *time.Time          `json:"approved_at"`
	CreatedBy       *int64              `json:"created_by"`
	CreatedAt       time.Time           `json:"created_at"`
	UpdatedAt       time.Time           `json:"updated_at"`
	Lines           []PurchaseLine      `json:"lines,omitempty"`
}

// Upload is an uploaded file, not yet checked.
type Upload struct {
	Filename string
	Data     []byte
}

// Input is the purchase form. CompanyID is honoured for administrators on create (0: their own
// company); ReceivedOrderID links a purchase made from a received order (create only).
// Attachment is nil when no file was sent: required on create, optional on edit (the current
// one is kept).
type Input struct {
	domain.Draft
	CompanyID       int64
	ReceivedOrderID int64
	Attachment      *Upload
}

func totalsOf(r tax.Result, paid, returned int64) PurchaseTotals {
	return PurchaseTotals{SubtotalCents: r.SubtotalCents, DiscountCents: r.DiscountCents, ShippingCents: r.ShippingCents,
		TaxableBaseCents: r.TaxableBaseCents, VATCents: r.IVACents, InvoiceCents: r.InvoiceCents,
		WithholdingIncomeCents: r.ReteFuenteCents, WithholdingIncomeRate: r.ReteFuenteRate,
		WithholdingVATCents: r.ReteIVACents, WithholdingVATRate: r.ReteIVARate, TotalToPayCents: r.TotalToPayCents,
		ReturnCents: returned, PaidCents: paid, BalanceCents: domain.Balance(r.TotalToPayCents, paid, returned)}
}

func lineTotals(l store.LineRow) PurchaseLineTotals {
	return PurchaseLineTotals{SubtotalCents: l.SubtotalCents, DiscountCents: l.DiscountCents, BaseCents: l.BaseCents, VATCents: l.IVACents}
}

func view(r *store.Row, lines []store.LineRow) Purchase {
	out := Purchase{ID: r.ID, CompanyID: r.CompanyID, ReferenceNo: r.ReferenceNo, PurchaseDate: r.PurchaseDate,
		DaysOfCredit: r.DaysOfCredit, DueDate: r.DueDate, SupplierID: r.SupplierID, SupplierName: r.SupplierName,
		StoreID: r.StoreID, StoreName: r.StoreName, Note: r.Note, ShippingCarrier: r.ShippingCarrier,
		Totals: PurchaseTotals{SubtotalCents: r.SubtotalCents, DiscountCents: r.DiscountCents, ShippingCents: r.ShippingCents,
			TaxableBaseCents: r.TaxableBaseCents, VATCents: r.VATCents, InvoiceCents: r.InvoiceCents,
			WithholdingIncomeCents: r.WithholdingIncomeCents, WithholdingIncomeRate: r.WithholdingIncomeRate,
			WithholdingVATCents: r.WithholdingVATCents, WithholdingVATRate: r.WithholdingVATRate,
			TotalToPayCents: r.TotalToPayCents, ReturnCents: r.ReturnCents, PendingReturnCents: r.PendingReturnCents,
			PaidCents: r.PaidCents, BalanceCents: r.BalanceCents, CreditCents: credit(r.BalanceCents)},
		Status: r.Status, ReceivedOrderID: r.ReceivedOrderID, ApprovalStatus: r.ApprovalStatus,
		ApprovalReason: r.ApprovalReason, ApprovedBy: r.ApprovedBy, ApprovedAt: utc(r.ApprovedAt), CreatedBy: r.CreatedBy,
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
	if r.AttachmentID != nil {
		out.Attachment = &PurchaseAttachment{ID: *r.AttachmentID, URL: attachments.Info{ID: *r.AttachmentID}.URL()}
	}
	for _, l := range lines {
		out.Lines = append(out.Lines, PurchaseLine{CategoryID: l.CategoryID, CategoryName: l.CategoryName, ProductID: l.ProductID,
			ProductCode: l.ProductCode, ProductName: l.ProductName, IVAClass: l.IVAClass, Kind: l.Kind,
			ExpiryDate: l.ExpiryDate, CostCents: l.CostCents, Quantity: l.Quantity, PurchaseLineTotals: lineTotals(l)})
	}
	return out
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// setPriced writes a priced draft onto r, with the balance and status that follow.
func setPriced(r *store.Row, pr *priced) {
	d, res := pr.draft, pr.result
	r.StoreID, r.SupplierID, r.SupplierName, r.StoreName = d.StoreID, d.SupplierID, pr.supplierName, pr.storeName
	r.ReferenceNo, r.PurchaseDate, r.DaysOfCredit = d.ReferenceNo, d.PurchaseDate, d.DaysOfCredit
	r.DueDate = domain.DueDate(pr.date, d.DaysOfCredit).Format(calendar.DateLayout)
	r.Note, r.ShippingCarrier = d.Note, d.ShippingCarrier
	r.ShippingCents, r.DiscountCents = d.ShippingCents, d.DiscountCents
	r.SubtotalCents, r.TaxableBaseCents, r.VATCents, r.InvoiceCents = res.SubtotalCents, res.TaxableBaseCents, res.IVACents, res.InvoiceCents
	r.WithholdingIncomeCents, r.WithholdingVATCents = res.ReteFuenteCents, res.ReteIVACents
	r.WithholdingIncomeRate, r.WithholdingVATRate = res.ReteFuenteRate, res.ReteIVARate
	r.TotalToPayCents = res.TotalToPayCents
	r.BalanceCents = domain.Balance(r.TotalToPayCents, r.PaidCents, r.ReturnCents)
	r.Status = domain.Status(r.TotalToPayCents, r.PaidCents, r.ReturnCents, r.ReceivedOrderID != nil)
}

// checkForm validates the form at instant now and the attachment (required when required is
// set).
func checkForm(in Input, required bool, now time.Time) (domain.Draft, error) {
	d := domain.Normalize(in.Draft)
	f := domain.Validate(d, now)
	switch {
	case in.Attachment == nil && required:
		f["attachment"] = domain.MsgAttachment
	case in.Attachment != nil:
		if _, err := attachments.Validate(in.Attachment.Filename, in.Attachment.Data); err != nil {
			if e := apperror.As(err); e != nil {
				f["attachment"] = e.Message
			} else {
				return d, apperror.Internal(err)
			}
		}
	}
	if len(f) > 0 {
		return d, invalid(f)
	}
	return d, nil
}

// checkUnique gives the friendly answers for a taken reference or received order before the
// write (the unique indexes decide under races; see writeFailed).
func (s *Service) checkUnique(ctx context.Context, companyID int64, d domain.Draft, receivedOrderID, exceptID int64) error {
	taken, err := s.store.ReferenceTaken(ctx, companyID, d.SupplierID, d.ReferenceNo, exceptID)
	if err != nil {
		return apperror.Internal(err)
	}
	if taken {
		return apperror.Field("reference_no", domain.MsgReferenceTaken)
	}
	if receivedOrderID > 0 {
		used, err := s.store.ReceivedOrderUsed(ctx, companyID, receivedOrderID, exceptID)
		if err != nil {
			return apperror.Internal(err)
		}
		if used {
			return apperror.Field("received_order_id", domain.MsgReceivedOrderUsed)
		}
	}
	return nil
}

// writeFailed turns a failed write into the answer: two submissions racing past checkUnique are
// stopped by the unique indexes, and the loser is told why.
func (s *Service) writeFailed(ctx context.Context, companyID int64, d domain.Draft, receivedOrderID, exceptID int64, err error) error {
	if apperror.As(err) != nil {
		return err
	}
	if errors.Is(err, store.ErrNotFound) {
		return notFound()
	}
	if uerr := s.checkUnique(ctx, companyID, d, receivedOrderID, exceptID); uerr != nil {
		return uerr
	}
	return apperror.Internal(err)
}

// checkReceivedOrder refuses, inside the purchase's transaction tx, a received order that is not
// a live, approved received order of the purchase's company (missing, another company's and
// deleted ones get the same answer, so ids of other companies reveal nothing). That no live
// purchase of the company already invoices it is decided by the unique index
// purchases_received_order_uq (company, received order) at the insert.
func (s *Service) checkReceivedOrder(ctx context.Context, tx bun.IDB, companyID, id int64) error {
	status, err := s.d.ReceivedOrders.KeepReceivedOrder(ctx, tx, companyID, id)
	switch {
	case err != nil:
		return err
	case status == "":
		return apperror.Field("received_order_id", domain.MsgReceivedOrderBad)
	case status != ReceiptApproved:
		return apperror.Field("received_order_id", domain.MsgReceivedOrderOpen)
	}
	return nil
}

// saveAttachment stores up as r's attachment inside tx.
func (s *Service) saveAttachment(ctx context.Context, tx bun.IDB, p caller.Principal, r *store.Row, up *Upload) (int64, error) {
	return s.d.Attachments.Save(ctx, tx, attachments.Attachment{Info: attachments.Info{CompanyID: r.CompanyID,
		Owner: Entity, OwnerID: r.ID, Filename: up.Filename, CreatedBy: p.UserID}, Data: up.Data})
}

// Create validates, prices and stores a new purchase: approved when an administrator creates
// it, pending otherwise. It publishes purchase.created.
func (s *Service) Create(ctx context.Context, p caller.Principal, in Input) (Purchase, error) {
	companyID, err := s.writeCompany(ctx, p, in.CompanyID)
	if err != nil {
		return Purchase{}, err
	}
	d, err := checkForm(in, true, s.d.Now())
	if err != nil {
		return Purchase{}, err
	}
	if in.ReceivedOrderID < 0 {
		return Purchase{}, apperror.Field("received_order_id", domain.MsgReceivedOrderBad)
	}
	pr, err := s.price(ctx, companyID, d, false)
	if err != nil {
		return Purchase{}, err
	}
	if err := s.checkUnique(ctx, companyID, d, in.ReceivedOrderID, 0); err != nil {
		return Purchase{}, err
	}
	now := s.now()
	status := approval.Initial(s.admin(p))
	r := &store.Row{CompanyID: companyID, ApprovalStatus: string(status), CreatedBy: audit.Int64(p.UserID),
		CreatedAt: now, UpdatedBy: audit.Int64(p.UserID), UpdatedAt: now}
	if in.ReceivedOrderID > 0 {
		r.ReceivedOrderID = &in.ReceivedOrderID
	}
	if status == approval.Approved {
		r.ApprovedBy, r.ApprovedAt = audit.Int64(p.UserID), &now
	}
	setPriced(r, pr)
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.keepSupplier(ctx, tx, r); err != nil {
			return err
		}
		if err := s.keepProducts(ctx, tx, r.CompanyID, pr.lines); err != nil {
			return err
		}
		if r.ReceivedOrderID != nil {
			if err := s.checkReceivedOrder(ctx, tx, companyID, *r.ReceivedOrderID); err != nil {
				return err
			}
		}
		st := s.store.With(tx)
		if err := st.Insert(ctx, r); err != nil {
			return err
		}
		// The attachment names its owner, so it is saved once the purchase has an id.
		id, err := s.saveAttachment(ctx, tx, p, r, in.Attachment)
		if err != nil {
			return err
		}
		r.AttachmentID = &id
		if err := st.SetAttachment(ctx, r.ID, id); err != nil {
			return err
		}
		if err := st.ReplaceLines(ctx, r.ID, pr.lines); err != nil {
			return err
		}
		if err := s.audit(ctx, tx, p, r, "created", "reference="+r.ReferenceNo+"; status="+r.ApprovalStatus, now); err != nil {
			return err
		}
		return s.emit(ctx, tx, p, r, VerbCreated, "", now)
	})
	if err != nil {
		return Purchase{}, s.writeFailed(ctx, companyID, d, in.ReceivedOrderID, 0, err)
	}
	s.afterWrite(ctx, true)
	return view(r, pr.lines), nil
}

// keepSupplier keeps the supplier of purchase r, in tx, from being deleted until the purchase is
// stored (people's KeepSupplier): the form's check read it before the transaction, and a
// supplier deleted since then refuses the write as a missing one does.
func (s *Service) keepSupplier(ctx context.Context, tx bun.IDB, r *store.Row) error {
	err := s.d.Suppliers.KeepSupplier(ctx, tx, r.CompanyID, r.SupplierID)
	if apperror.IsCode(err, apperror.CodeNotFound) {
		return invalid(domain.Fields{"supplier_id": domain.MsgSupplierRequired})
	}
	return err
}

// keepProducts keeps the products lines name (a purchase's of company companyID), in tx, from
// being deleted until the purchase is stored (catalog's KeepProducts): price read them before
// the transaction, and a product deleted since then refuses the write as a missing one does,
// on the lines that name it.
func (s *Service) keepProducts(ctx context.Context, tx bun.IDB, companyID int64, lines []store.LineRow) error {
	lost, err := s.lostLines(ctx, tx, companyID, lines)
	if err != nil || len(lost) == 0 {
		return err
	}
	f := domain.Fields{}
	for _, i := range lost {
		lineRequired(f, i)
	}
	return invalid(f)
}

// lostLines keeps, in tx, the products a purchase's lines name (of company companyID) and
// answers the positions of the lines whose product is gone (db.Unkept).
func (s *Service) lostLines(ctx context.Context, tx bun.IDB, companyID int64, lines []store.LineRow) ([]int, error) {
	keep := func(ids []int64) ([]int64, error) { return s.d.Products.KeepProducts(ctx, tx, companyID, ids) }
	return db.Unkept(lines, func(l store.LineRow) int64 { return l.ProductID }, keep)
}

// Update replaces a pending or rejected purchase's form, lines and, when a new file is sent,
// its attachment. An approved purchase is not edited: the approval was given for exactly these
// figures. Editing a rejected purchase is how it is corrected and sent again: it goes back to
// pending, its reason and decision are cleared, and purchase.created is published again so the
// administrators are asked as for a new purchase.
func (s *Service) Update(ctx context.Context, p caller.Principal, id int64, in Input) (Purchase, error) {
	r, err := s.get(ctx, p, id)
	if err != nil {
		return Purchase{}, err
	}
	from := r.ApprovalStatus
	resubmit := from == string(approval.Rejected)
	if from != string(approval.Pending) && !resubmit {
		return Purchase{}, apperror.Conflict(domain.MsgApprovedNoEdit)
	}
	d, err := checkForm(in, false, s.d.Now())
	if err != nil {
		return Purchase{}, err
	}
	pr, err := s.price(ctx, r.CompanyID, d, false)
	if err != nil {
		return Purchase{}, err
	}
	if err := s.checkUnique(ctx, r.CompanyID, d, 0, r.ID); err != nil {
		return Purchase{}, err
	}
	now := s.now()
	setPriced(r, pr)
	r.UpdatedBy, r.UpdatedAt = audit.Int64(p.UserID), now
	if resubmit {
		r.ApprovalStatus, r.ApprovalReason, r.ApprovedBy, r.ApprovedAt = string(approval.Pending), "", nil, nil
	}
	oldAttachment := r.AttachmentID
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.keepSupplier(ctx, tx, r); err != nil {
			return err
		}
		if err := s.keepProducts(ctx, tx, r.CompanyID, pr.lines); err != nil {
			return err
		}
		if in.Attachment != nil {
			id, err := s.saveAttachment(ctx, tx, p, r, in.Attachment)
			if err != nil {
				return err
			}
			r.AttachmentID = &id
		}
		st := s.store.With(tx)
		if err := st.UpdateUndecided(ctx, r, from); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				// Decided, sent again or deleted between our read and our write.
				return apperror.Conflict(domain.MsgApprovedNoEdit)
			}
			return err
		}
		if in.Attachment != nil && oldAttachment != nil {
			err := s.d.Attachments.SoftDelete(ctx, tx, *oldAttachment, attachments.Scope{CompanyID: r.CompanyID}, p.UserID)
			if err != nil && !attachments.IsNotFound(err) {
				return err
			}
		}
		if err := st.ReplaceLines(ctx, r.ID, pr.lines); err != nil {
			return err
		}
		if !resubmit {
			return s.audit(ctx, tx, p, r, "updated", "reference="+r.ReferenceNo, now)
		}
		if err := s.audit(ctx, tx, p, r, "resubmitted", "reference="+r.ReferenceNo+"; status="+r.ApprovalStatus, now); err != nil {
			return err
		}
		return s.emit(ctx, tx, p, r, VerbCreated, "", now)
	})
	if err != nil {
		return Purchase{}, s.writeFailed(ctx, r.CompanyID, d, 0, r.ID, err)
	}
	s.afterWrite(ctx, resubmit)
	return view(r, pr.lines), nil
}

// Delete soft-deletes a purchase that is not approved (pending or rejected) and has nothing
// paid; an approved purchase is part of the books: 409 'Purchase cannot be deleted'.
func (s *Service) Delete(ctx context.Context, p caller.Principal, id int64) error {
	r, err := s.get(ctx, p, id)
	if err != nil {
		return err
	}
	if r.ApprovalStatus == string(approval.Approved) || r.PaidCents != 0 {
		return apperror.Conflict(domain.MsgCannotDelete)
	}
	now := s.now()
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.store.With(tx).SoftDelete(ctx, r.ID, p.UserID, now); err != nil {
			return err
		}
		if _, err := s.d.Attachments.SoftDeleteByOwner(ctx, tx, Entity, r.ID, attachments.Scope{CompanyID: r.CompanyID}, p.UserID); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, r, "deleted", "reference="+r.ReferenceNo, now)
	})
	if errors.Is(err, store.ErrNotFound) {
		// Deleted, or approved, between the read and the write.
		if _, gone := s.get(ctx, p, id); gone != nil {
			return gone
		}
		return apperror.Conflict(domain.MsgCannotDelete)
	}
	if err != nil {
		return apperror.Internal(err)
	}
	s.afterWrite(ctx, false)
	return nil
}

// Decide approves a pending purchase, or rejects it with a reason (administrators). It
// publishes purchase.approved or purchase.rejected.
func (s *Service) Decide(ctx context.Context, p caller.Principal, id int64, approve bool, reason string) (Purchase, error) {
	if !s.admin(p) {
		return Purchase{}, apperror.Forbidden("You are not allowed to perform this action.")
	}
	r, err := s.get(ctx, p, id)
	if err != nil {
		return Purchase{}, err
	}
	now := s.now()
	from := r.ApprovalStatus
	_, err = approval.Run(ctx, s.d.DB, approval.Status(from), approve, reason, func(ctx context.Context, tx bun.Tx, d approval.Decision) error {
		if err := s.store.With(tx).Decide(ctx, r.ID, from, string(d.Status), d.Reason, p.UserID, now); err != nil {
			return err
		}
		r.ApprovalStatus, r.ApprovalReason, r.ApprovedBy, r.ApprovedAt = string(d.Status), d.Reason, audit.Int64(p.UserID), &now
		r.UpdatedBy, r.UpdatedAt = r.ApprovedBy, now
		if err := s.audit(ctx, tx, p, r, d.Verb(), d.Reason, now); err != nil {
			return err
		}
		return s.emit(ctx, tx, p, r, d.Verb(), d.Reason, now)
	})
	if err != nil {
		return Purchase{}, err
	}
	s.afterWrite(ctx, true)
	return s.withLines(ctx, r)
}

// Visible reports whether p sees the live purchase id (its company scope): the read rule of the
// purchase's invoice image.
func (s *Service) Visible(ctx context.Context, p caller.Principal, id int64) (bool, error) {
	_, err := s.store.Get(ctx, s.scope(p, 0), id)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// Get returns one purchase p may see, with its lines.
func (s *Service) Get(ctx context.Context, p caller.Principal, id int64) (Purchase, error) {
	r, err := s.get(ctx, p, id)
	if err != nil {
		return Purchase{}, err
	}
	return s.withLines(ctx, r)
}

func (s *Service) withLines(ctx context.Context, r *store.Row) (Purchase, error) {
	lines, err := s.store.Lines(ctx, []int64{r.ID})
	if err != nil {
		return Purchase{}, apperror.Internal(err)
	}
	return view(r, lines[r.ID]), nil
}

// Query is a list or export request.
type Query struct {
	List listing.Query
	store.Filter
	// CompanyID narrows an administrator's list to one company (ignored for others).
	CompanyID int64
}

func checkFilter(f store.Filter) error {
	if _, err := approval.Parse(f.Approval); err != nil {
		return err
	}
	switch f.Status {
	case "", domain.StatusPending, domain.StatusPartial, domain.StatusPaid, domain.StatusReceived:
	default:
		return apperror.Field("status", "Unknown status.")
	}
	return listing.CheckDates(f.From, f.To)
}

// maxSupplierMatches bounds the suppliers a search brings in by their current names (a term of
// a letter or two begins the words of thousands; their purchases keep finding theirs by the
// supplier name they carry).
const maxSupplierMatches = 10000

// matchSuppliers fills f.SupplierIDs: the suppliers in sc whose current words match the search
// (the people module owns them), and resolves the search with them (store.Resolve).
func (s *Service) matchSuppliers(ctx context.Context, sc store.Scope, f *store.Filter) error {
	if len(search.Terms(f.Q)) == 0 {
		return nil
	}
	ids, err := s.d.Suppliers.SupplierIDs(ctx, sc, f.Q, maxSupplierMatches)
	if err != nil {
		return apperror.Internal(err)
	}
	f.SupplierIDs = ids
	// Resolved here, once for the page and its count.
	if *f, err = s.store.Resolve(ctx, sc, *f); err != nil {
		return apperror.Internal(err)
	}
	return nil
}

// List returns one page of the purchases p may see (no lines).
func (s *Service) List(ctx context.Context, p caller.Principal, q Query) (listing.Page[Purchase], error) {
	if err := checkFilter(q.Filter); err != nil {
		return listing.Page[Purchase]{}, err
	}
	plan, err := listing.NewPlan(store.Spec, q.List)
	if err != nil {
		return listing.Page[Purchase]{}, err
	}
	sc := s.scope(p, q.CompanyID)
	if err := s.matchSuppliers(ctx, sc, &q.Filter); err != nil {
		return listing.Page[Purchase]{}, err
	}
	return listing.Fetch(ctx, plan, listing.Source[store.Row]{
		Rows: func(ctx context.Context) ([]store.Row, error) { return s.store.List(ctx, sc, q.Filter, plan) },
		Count: s.d.Counter.Cached(store.Table, q.Filter.Key(sc), func(ctx context.Context) (int, error) {
			return s.store.Count(ctx, sc, q.Filter)
		}),
		Key: store.KeyOf(plan.Key()),
	}, listing.PerRow(func(r store.Row) Purchase { return view(&r, nil) }))
}

// Export checks an export request and returns what runs it: fn is called for every purchase of
// the list (no paging, no lines) in its order, streaming from the database.
func (s *Service) Export(p caller.Principal, q Query) (func(ctx context.Context, fn func(Purchase) error) error, error) {
	if err := checkFilter(q.Filter); err != nil {
		return nil, err
	}
	if _, err := listing.NewPlan(store.Spec, listing.Query{Sort: q.List.Sort}); err != nil {
		return nil, err
	}
	sc := s.scope(p, q.CompanyID)
	return func(ctx context.Context, fn func(Purchase) error) error {
		if err := s.matchSuppliers(ctx, sc, &q.Filter); err != nil {
			return err
		}
		return s.store.Each(ctx, sc, q.Filter, q.List.Sort, func(r store.Row) error { return fn(view(&r, nil)) })
	}, nil
}

// ExpiringLimit bounds the dashboard card's list.
const ExpiringLimit = 50

// ExpiringPurchase is one purchase of the 'Expiries in 5 days' card.
type ExpiringPurchase struct {
	Purchase
	// DaysLeft is 0 for a purchase due today.
	DaysLeft int `json:"days_left"`
}

// Expiring returns the purchases p may see (admins: of company companyFilter, or all) that still
// owe something, are not rejected, and fall due from today to today + 5 days (America/Bogota),
// soonest first, at most ExpiringLimit.
func (s *Service) Expiring(ctx context.Context, p caller.Principal, companyFilter int64) ([]ExpiringPurchase, error) {
	now := s.d.Now()
	from, to := domain.ExpiringWindow(now)
	rows, err := s.store.Expiring(ctx, s.scope(p, companyFilter), from, to, ExpiringLimit)
	if err != nil {
		return nil, apperror.Internal(err)
	}
	today := calendar.Today(now)
	out := make([]ExpiringPurchase, len(rows))
	for i := range rows {
		due, _ := calendar.ParseDate(rows[i].DueDate)
		out[i] = ExpiringPurchase{Purchase: view(&rows[i], nil), DaysLeft: int(due.Sub(today).Hours() / 24)}
	}
	return out, nil
}
