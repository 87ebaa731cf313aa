package app

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/purchasing/internal/domain"
	"github.com/backoffice/backoffice/modules/purchasing/internal/store"
	"github.com/backoffice/backoffice/modules/tax"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/eventbus"
	"github.com/backoffice/backoffice/platform/listing"
)

// ReturnEntity is a return's name in event subjects (backoffice.purchasing.return.<verb>.v1),
// audit entries and attachment owners.
const ReturnEntity = "return"

// ReturnSubject is the event subject of a return's verb.
func ReturnSubject(verb string) string { return eventbus.Subject(Module, ReturnEntity, verb) }

// ReturnEvent is the payload of every return event: ids and labels for the notification, not
// the row. Status is the return's approval status after the change; Reason is set on
// rejections only.
type ReturnEvent struct {
	ID            int64  `json:"id"`
	ReferenceNo   string `json:"reference_no"`
	Kind          string `json:"kind"`
	PurchaseID    int64  `json:"purchase_id"`
	PurchaseRefNo string `json:"purchase_reference_no"`
	SupplierName  string `json:"supplier_name"`
	AmountCents   int64  `json:"amount_cents"`
	CreatedBy     int64  `json:"created_by"`
	Status        string `json:"status"`
	Reason        string `json:"reason,omitempty"`
}

// Stock moves the catalog's stock inside the caller's transaction (the catalog module) and
// tells a refusal for want of stock from other failures.
type Stock interface {
	AdjustStock(ctx context.Context, tx bun.IDB, productID, delta int64) (int64, error)
	// Available is the units a refused AdjustStock found, and whether err is that refusal.
	Available(err error) (int64, bool)
	StockChanged(ctx context.Context)
}

// Users names users (the auth module): a return copies who recorded and who decided it.
type Users interface {
	UserNames(ctx context.Context, ids []int64) (map[int64]string, error)
}

// ReturnTotals are a return's amounts in centavos, as modules/tax computed them.
type ReturnTotals struct {
	SubtotalCents          int64 `json:"subtotal_cents" doc:"Goods: Σ quantity × unit cost; value: the value"`
	DiscountCents          int64 `json:"discount_cents" doc:"The returned share of the purchase's discount"`
	TaxableBaseCents       int64 `json:"taxable_base_cents" doc:"subtotal − discount"`
	VATCents               int64 `json:"vat_cents" doc:"The returned share of the purchase's VAT"`
	WithholdingIncomeCents int64 `json:"withholding_income_cents" doc:"The ReteFuente given back to the supplier"`
	WithholdingVATCents    int64 `json:"withholding_vat_cents" doc:"The ReteIVA given back to the supplier"`
	AmountCents            int64 `json:"amount_cents" doc:"What the purchase's balance falls by: base + VAT − withholdings"`
}

// ReturnLineTotals are one returned line's amounts.
type ReturnLineTotals struct {
	PurchaseLineID int64 `json:"purchase_line_id"`
	Quantity       int64 `json:"quantity"`
	SubtotalCents  int64 `json:"subtotal_cents"`
	DiscountCents  int64 `json:"discount_cents"`
	BaseCents      int64 `json:"base_cents"`
	VATCents       int64 `json:"vat_cents"`
}

// ReturnQuote is the quote's answer: the totals and each returned line's.
type ReturnQuote struct {
	Totals ReturnTotals       `json:"totals"`
	Lines  []ReturnLineTotals `json:"lines"`
}

// ReturnLine is a returned line as the API shows it.
type ReturnLine struct {
	ProductID     int64  `json:"product_id"`
	ProductCode   string `json:"product_code"`
	ProductName   string `json:"product_name"`
	UnitCostCents int64  `json:"unit_cost_cents"`
	ReturnLineTotals
}

// ReturnImage is one of a return's images.
type ReturnImage struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	URL  string `json:"url" doc:"GET it signed in"`
}

// Return is a purchase return as the API shows it (money in centavos), with its lines (none for
// a value return) and images — lists too, read for the whole page at once, so that a list's
// cells need no request per row.
type Return struct {
	ID                  int64        `json:"id"`
	CompanyID           int64        `json:"company_id"`
	PurchaseID          int64        `json:"purchase_id"`
	PurchaseReferenceNo string       `json:"purchase_reference_no" doc:"As of the return"`
	SupplierID          int64        `json:"supplier_id"`
	SupplierName        string       `json:"supplier_name" doc:"As of the return"`
	ReturnDate          string       `json:"return_date" doc:"YYYY-MM-DD (America/Bogota)"`
	ReferenceNo         string       `json:"reference_no"`
	Kind                string       `json:"kind" enum:"goods,value" doc:"goods: units sent back; value: a price correction agreed with the supplier"`
	Note                string       `json:"note"`
	ValueCents          int64        `json:"value_cents" doc:"A value return's agreed reduction of the base (0 for goods)"`
	Lines               []ReturnLine `json:"lines"`
	Totals              ReturnTotals `json:"totals"`
	// Only approved returns count on the purchase; pending ones hold their quantities and amount.
	ApprovalStatus  string        `json:"approval_status" enum:"pending,approved,rejected"`
	RejectionReason string        `json:"rejection_reason"`
	CreatedBy       *int64        `json:"created_by"`
	CreatedByName   string        `json:"created_by_name"`
	CreatedAt       time.Time     `json:"created_at"`
	DecidedBy       *int64        `json:"decided_by" doc:"Who approved or rejected it (null: pending, or approved at once)"`
	DecidedByName   string        `json:"decided_by_name"`
	DecidedAt       *time.Time    `json:"decided_at"`
	UpdatedAt       time.Time     `json:"updated_at"`
	Images          []ReturnImage `json:"images"`
}

// ReturnablePurchase is a purchase's header as the returns page shows it.
type ReturnablePurchase struct {
	ID                 int64  `json:"id"`
	CompanyID          int64  `json:"company_id"`
	ReferenceNo        string `json:"reference_no"`
	SupplierID         int64  `json:"supplier_id"`
	SupplierName       string `json:"supplier_name"`
	PurchaseDate       string `json:"purchase_date"`
	TotalToPayCents    int64  `json:"total_to_pay_cents"`
	PaidCents          int64  `json:"paid_cents"`
	ReturnCents        int64  `json:"return_cents" doc:"Σ approved returns"`
	PendingReturnCents int64  `json:"pending_return_cents" doc:"Σ pending returns"`
	BalanceCents       int64  `json:"balance_cents" doc:"total to pay − paid − returns; negative: a credit in our favour"`
	CreditCents        int64  `json:"credit_cents" doc:"max(0, −balance): saldo a favor"`
	Status             string `json:"status" enum:"pending,partial,paid,received"`
	ApprovalStatus     string `json:"approval_status" enum:"pending,approved,rejected"`
}

// ReturnableLine is a purchase line with what its returns took and what is left.
type ReturnableLine struct {
	PurchaseLineID     int64  `json:"purchase_line_id"`
	ProductID          int64  `json:"product_id"`
	ProductCode        string `json:"product_code"`
	ProductName        string `json:"product_name"`
	Kind               string `json:"kind" enum:"goods,service"`
	Quantity           int64  `json:"quantity" doc:"Purchased"`
	ReturnedQuantity   int64  `json:"returned_quantity" doc:"Taken by approved returns"`
	PendingQuantity    int64  `json:"pending_quantity" doc:"Held by pending returns"`
	ReturnableQuantity int64  `json:"returnable_quantity" doc:"purchased − returned − pending"`
	UnitCostCents      int64  `json:"unit_cost_cents"`
}

// Returnable is what a purchase may still return: its header, its lines and, for a value
// return, the base still returnable.
type Returnable struct {
	Purchase        ReturnablePurchase `json:"purchase"`
	Lines           []ReturnableLine   `json:"lines"`
	ReturnableCents int64              `json:"returnable_cents" doc:"What a value return may still take (base)"`
}

// ReturnInput is the return form and its images, not yet checked.
type ReturnInput struct {
	domain.ReturnDraft
	Images []attachments.Upload
}

// returnView is return r as the API shows it, with lines and images (nil in lists).
func returnView(r *store.ReturnRow, lines []store.ReturnLineRow, images []attachments.Info) Return {
	out := Return{ID: r.ID, CompanyID: r.CompanyID, PurchaseID: r.PurchaseID, PurchaseReferenceNo: r.PurchaseReferenceNo,
		SupplierID: r.SupplierID, SupplierName: r.SupplierName, ReturnDate: r.ReturnDate, ReferenceNo: r.ReferenceNo,
		Kind: r.Kind, Note: r.Note, ValueCents: r.ValueCents, Totals: returnTotals(r.ReturnFigures),
		ApprovalStatus: r.ApprovalStatus, RejectionReason: r.ApprovalReason, CreatedBy: r.CreatedBy,
		CreatedByName: r.CreatedByName, CreatedAt: r.CreatedAt.UTC(), DecidedByName: r.DecidedByName,
		UpdatedAt: r.UpdatedAt.UTC(), Lines: []ReturnLine{}, Images: []ReturnImage{}}
	if r.DecidedByName != "" {
		// An approval at creation records its approver but is no decision of its own.
		out.DecidedBy, out.DecidedAt = r.ApprovedBy, utc(r.ApprovedAt)
	}
	for _, l := range lines {
		out.Lines = append(out.Lines, ReturnLine{ProductID: l.ProductID, ProductCode: l.ProductCode, ProductName: l.ProductName,
			UnitCostCents: l.UnitCostCents, ReturnLineTotals: ReturnLineTotals{PurchaseLineID: l.PurchaseLineID,
				Quantity: l.Quantity, SubtotalCents: l.SubtotalCents, DiscountCents: l.DiscountCents, BaseCents: l.BaseCents,
				VATCents: l.VATCents}})
	}
	for _, img := range images {
		out.Images = append(out.Images, ReturnImage{ID: img.ID, Name: img.Filename, URL: img.URL()})
	}
	return out
}

func returnTotals(f store.ReturnFigures) ReturnTotals {
	return ReturnTotals{SubtotalCents: f.SubtotalCents, DiscountCents: f.DiscountCents, TaxableBaseCents: f.TaxableBaseCents,
		VATCents: f.VATCents, WithholdingIncomeCents: f.WithholdingIncomeCents, WithholdingVATCents: f.WithholdingVATCents,
		AmountCents: f.AmountCents}
}

// credit is a balance's credit in the company's favour: max(0, −balance).
func credit(balance int64) int64 { return max(0, -balance) }

// ledger is a purchase held in a transaction with its lines and what its live returns take:
// everything a return is checked and priced against.
type ledger struct {
	purchase *store.Row
	lines    []store.LineRow
	// approved and pending are the units the live approved and pending returns take, by line id.
	approved, pending map[int64]int64
	// taken is the figures of the live approved and pending returns.
	taken store.ReturnFigures
}

// holdCompany is the company a hold of p's is narrowed to: none for an administrator.
func (s *Service) holdCompany(p caller.Principal) int64 {
	if s.admin(p) {
		return 0
	}
	return p.CompanyID
}

// openLedger holds purchase id in tx (the lock payments take too: a row lock on PostgreSQL,
// the write lock on SQLite), for p, and reads what its returns but except (0: none) take. A
// purchase p may not see is 404.
func (s *Service) openLedger(ctx context.Context, tx bun.IDB, p caller.Principal, id, except int64) (*ledger, error) {
	st := s.store.With(tx)
	r, err := st.Hold(ctx, s.holdCompany(p), id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, apperror.NotFound(domain.MsgReturnNotFound)
	}
	if err != nil {
		return nil, err
	}
	return s.readLedger(ctx, tx, r, except)
}

// readLedger reads, on idb, purchase r's lines and what its returns but except take.
func (s *Service) readLedger(ctx context.Context, idb bun.IDB, r *store.Row, except int64) (*ledger, error) {
	st := s.store.With(idb)
	lines, err := st.Lines(ctx, []int64{r.ID})
	if err != nil {
		return nil, err
	}
	claims, err := st.Claims(ctx, r.ID, except)
	if err != nil {
		return nil, err
	}
	l := &ledger{purchase: r, lines: lines[r.ID], approved: map[int64]int64{}, pending: map[int64]int64{}}
	for _, c := range claims {
		switch approval.Status(c.ApprovalStatus) {
		case approval.Approved:
			l.approved[c.PurchaseLineID] += c.Quantity
		case approval.Pending:
			l.pending[c.PurchaseLineID] += c.Quantity
		}
	}
	l.taken, err = st.Taken(ctx, r.ID, except)
	return l, err
}

// figures is the purchase as modules/tax reads it for a return.
func (l *ledger) figures() tax.PurchaseFigures {
	r := l.purchase
	f := tax.PurchaseFigures{ShippingCents: r.ShippingCents, TaxableBaseCents: r.TaxableBaseCents, IVACents: r.VATCents,
		ReteFuenteCents: r.WithholdingIncomeCents, ReteIVACents: r.WithholdingVATCents}
	for _, ln := range l.lines {
		f.Lines = append(f.Lines, tax.PurchaseLineFigures{Quantity: ln.Quantity, SubtotalCents: ln.SubtotalCents,
			DiscountCents: ln.DiscountCents, BaseCents: ln.BaseCents, IVACents: ln.IVACents, IVA: tax.IVAClass(ln.IVAClass)})
	}
	return f
}

// takenFigures is what the other returns take, as modules/tax reads it.
func (l *ledger) takenFigures() tax.ReturnFigures {
	return tax.ReturnFigures{BaseCents: l.taken.TaxableBaseCents, IVACents: l.taken.VATCents,
		ReteFuenteCents: l.taken.WithholdingIncomeCents, ReteIVACents: l.taken.WithholdingVATCents}
}

// left is the units of line ln no live return takes yet.
func (l *ledger) left(ln store.LineRow) int64 {
	return ln.Quantity - l.approved[ln.ID] - l.pending[ln.ID]
}

// returnableBase is the base a value return may still take.
func (l *ledger) returnableBase() int64 {
	return tax.Returnable(l.figures()).BaseCents - l.taken.TaxableBaseCents
}

// pricedReturn is a return checked against its purchase and priced: what a save writes.
type pricedReturn struct {
	figures store.ReturnFigures
	lines   []store.ReturnLineRow
}

// price checks draft d against the purchase's ledger — an approved purchase, lines of it, units
// and value still returnable — and computes the return with modules/tax.
func (l *ledger) price(d domain.ReturnDraft) (*pricedReturn, error) {
	if l.purchase.ApprovalStatus != string(approval.Approved) {
		return nil, apperror.Field("purchase_id", domain.MsgReturnNotApproved)
	}
	in := tax.ReturnInput{Purchase: l.figures(), Taken: l.takenFigures()}
	f := domain.Fields{}
	index := map[int64]int{}
	for i, ln := range l.lines {
		index[ln.ID] = i
	}
	if d.Kind == domain.ReturnGoods {
		in.Quantities, in.Claimed = make([]int64, len(l.lines)), make([]int64, len(l.lines))
		for i, ln := range l.lines {
			in.Claimed[i] = ln.Quantity - l.left(ln)
		}
		for i, rl := range d.Lines {
			k, ok := index[rl.PurchaseLineID]
			switch {
			case !ok:
				f[domain.ReturnLineField(i, "purchase_line_id")] = domain.MsgReturnLine
			case rl.Quantity > l.left(l.lines[k]):
				f[domain.ReturnLineField(i, "quantity")] = domain.MsgReturnOverQuantity(l.lines[k].ProductName, l.left(l.lines[k]))
			default:
				in.Quantities[k] = rl.Quantity
			}
		}
	} else if left := l.returnableBase(); d.ValueCents > left {
		f["value_cents"] = domain.MsgReturnOverValue(left)
	} else {
		in.ValueCents = d.ValueCents
	}
	if len(f) > 0 {
		return nil, domain.RefusedReturn(f)
	}
	res, err := tax.ComputeReturn(in)
	if err != nil {
		return nil, apperror.Internal(err)
	}
	pr := &pricedReturn{figures: store.ReturnFigures{SubtotalCents: res.SubtotalCents, DiscountCents: res.DiscountCents,
		TaxableBaseCents: res.BaseCents, VATCents: res.IVACents, WithholdingIncomeCents: res.ReteFuenteCents,
		WithholdingVATCents: res.ReteIVACents, AmountCents: res.AmountCents()}}
	for _, rl := range d.Lines {
		if d.Kind != domain.ReturnGoods {
			break
		}
		k := index[rl.PurchaseLineID]
		ln, lr := l.lines[k], res.Lines[k]
		pr.lines = append(pr.lines, store.ReturnLineRow{PurchaseLineID: ln.ID, ProductID: ln.ProductID, ProductCode: ln.ProductCode,
			ProductName: ln.ProductName, Kind: ln.Kind, Quantity: rl.Quantity, UnitCostCents: ln.CostCents,
			SubtotalCents: lr.SubtotalCents, DiscountCents: lr.DiscountCents, BaseCents: lr.BaseCents, VATCents: lr.IVACents})
	}
	return pr, nil
}

// quoteOf is a priced return as the quote answers it.
func quoteOf(pr *pricedReturn) ReturnQuote {
	q := ReturnQuote{Totals: returnTotals(pr.figures), Lines: []ReturnLineTotals{}}
	for _, l := range pr.lines {
		q.Lines = append(q.Lines, ReturnLineTotals{PurchaseLineID: l.PurchaseLineID, Quantity: l.Quantity,
			SubtotalCents: l.SubtotalCents, DiscountCents: l.DiscountCents, BaseCents: l.BaseCents, VATCents: l.VATCents})
	}
	return q
}

// visiblePurchase is the live purchase id p may see, read on the database.
func (s *Service) visiblePurchase(ctx context.Context, p caller.Principal, id int64) (*store.Row, error) {
	r, err := s.store.Get(ctx, s.scope(p, 0), id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, apperror.NotFound(domain.MsgReturnNotFound)
	}
	if err != nil {
		return nil, apperror.Internal(err)
	}
	return r, nil
}

// Returnable answers what purchase id may still return, for its returns page. A purchase that
// is not approved answers 422 on purchase_id: only approved purchases take returns.
func (s *Service) Returnable(ctx context.Context, p caller.Principal, id int64) (Returnable, error) {
	r, err := s.visiblePurchase(ctx, p, id)
	if err != nil {
		return Returnable{}, err
	}
	if r.ApprovalStatus != string(approval.Approved) {
		return Returnable{}, apperror.Field("purchase_id", domain.MsgReturnNotApproved)
	}
	l, err := s.readLedger(ctx, s.d.DB, r, 0)
	if err != nil {
		return Returnable{}, apperror.Internal(err)
	}
	out := Returnable{Purchase: ReturnablePurchase{ID: r.ID, CompanyID: r.CompanyID, ReferenceNo: r.ReferenceNo,
		SupplierID: r.SupplierID, SupplierName: r.SupplierName, PurchaseDate: r.PurchaseDate, TotalToPayCents: r.TotalToPayCents,
		PaidCents: r.PaidCents, ReturnCents: r.ReturnCents, PendingReturnCents: r.PendingReturnCents, BalanceCents: r.BalanceCents,
		CreditCents: credit(r.BalanceCents), Status: r.Status, ApprovalStatus: r.ApprovalStatus},
		Lines: []ReturnableLine{}, ReturnableCents: l.returnableBase()}
	for _, ln := range l.lines {
		out.Lines = append(out.Lines, ReturnableLine{PurchaseLineID: ln.ID, ProductID: ln.ProductID, ProductCode: ln.ProductCode,
			ProductName: ln.ProductName, Kind: ln.Kind, Quantity: ln.Quantity, ReturnedQuantity: l.approved[ln.ID],
			PendingQuantity: l.pending[ln.ID], ReturnableQuantity: l.left(ln), UnitCostCents: ln.CostCents})
	}
	return out, nil
}

// QuoteReturn prices a return form without storing anything, so the form shows the server's
// figures while the user types. Only the purchase, the kind and the lines or value are read;
// fields not typed yet are not errors: lines at 0 are left out, and a return with no amount yet
// is quoted as zeros (on an approved purchase p sees).
func (s *Service) QuoteReturn(ctx context.Context, p caller.Principal, d domain.ReturnDraft) (ReturnQuote, error) {
	d = d.Normalize()
	untyped := d.Untyped()
	f := domain.ValidateReturnAmounts(d)
	if untyped {
		delete(f, "lines")
		delete(f, "value_cents")
	}
	if len(f) > 0 {
		return ReturnQuote{}, domain.RefusedReturn(f)
	}
	r, err := s.visiblePurchase(ctx, p, d.PurchaseID)
	if err != nil {
		return ReturnQuote{}, err
	}
	if r.ApprovalStatus != string(approval.Approved) {
		return ReturnQuote{}, apperror.Field("purchase_id", domain.MsgReturnNotApproved)
	}
	if untyped {
		return ReturnQuote{Lines: []ReturnLineTotals{}}, nil
	}
	l, err := s.readLedger(ctx, s.d.DB, r, 0)
	if err != nil {
		return ReturnQuote{}, apperror.Internal(err)
	}
	pr, err := l.price(d)
	if err != nil {
		return ReturnQuote{}, err
	}
	return quoteOf(pr), nil
}

// userName is the name of user id as the auth module gives it ("" when it has none).
func (s *Service) userName(ctx context.Context, id int64) (string, error) {
	names, err := s.d.Users.UserNames(ctx, []int64{id})
	if err != nil {
		return "", apperror.Internal(err)
	}
	return names[id], nil
}

// CreateReturn records a return on an approved purchase p may see: approved at once, and taken
// out of stock and counted on the purchase in the same transaction, when p is an administrator;
// pending otherwise, holding its quantities and amount until an administrator decides. The
// purchase is held while what it may still return is checked and the return written, so two
// returns at once never take more than was bought. It publishes return.created.
func (s *Service) CreateReturn(ctx context.Context, p caller.Principal, in ReturnInput) (Return, error) {
	d := in.ReturnDraft.Normalize()
	f := domain.ValidateReturn(d, s.d.Now())
	if err := checkImages(f, in.Images); err != nil {
		return Return{}, err
	}
	if len(f) > 0 {
		return Return{}, domain.RefusedReturn(f)
	}
	name, err := s.userName(ctx, p.UserID)
	if err != nil {
		return Return{}, err
	}
	now := s.now()
	r := &store.ReturnRow{ReturnDate: d.ReturnDate, ReferenceNo: d.ReferenceNo, Kind: d.Kind, Note: d.Note,
		Columns: approval.Created(s.admin(p), p.UserID, now), CreatedByName: name, Stamps: db.Stamped(p.UserID, now)}
	if d.Kind == domain.ReturnValue {
		r.ValueCents = d.ValueCents
	}
	var lines []store.ReturnLineRow
	var imgs []attachments.Info
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		l, err := s.openLedger(ctx, tx, p, d.PurchaseID, 0)
		if err != nil {
			return err
		}
		pr, err := l.price(d)
		if err != nil {
			return err
		}
		pu := l.purchase
		r.CompanyID, r.PurchaseID, r.PurchaseReferenceNo, r.SupplierID, r.SupplierName = pu.CompanyID, pu.ID, pu.ReferenceNo,
			pu.SupplierID, pu.SupplierName
		r.ReturnFigures, lines = pr.figures, pr.lines
		if err := s.store.With(tx).InsertReturn(ctx, r, lines); err != nil {
			return err
		}
		if err := s.settle(ctx, tx, r, lines, true, now); err != nil {
			return err
		}
		owner := attachments.Info{CompanyID: r.CompanyID, Owner: ReturnEntity, OwnerID: r.ID, CreatedBy: p.UserID}
		if err := s.d.Attachments.SaveAll(ctx, tx, owner, in.Images); err != nil {
			return err
		}
		detail := "purchase=" + r.PurchaseReferenceNo + "; reference=" + r.ReferenceNo + "; amount=" + strconv.FormatInt(r.AmountCents, 10) +
			"; status=" + r.ApprovalStatus
		if err := s.auditReturn(ctx, tx, p, r, "created", detail, now); err != nil {
			return err
		}
		if err := s.emitReturn(ctx, tx, p, r, VerbCreated, now); err != nil {
			return err
		}
		all, err := s.d.Attachments.ListByOwner(ctx, tx, ReturnEntity, r.ID)
		imgs = all[r.ID]
		return err
	})
	if err != nil {
		return Return{}, apperror.OrInternal(err)
	}
	s.returnCommitted(ctx, r)
	return returnView(r, lines, imgs), nil
}

// checkImages adds to f what is wrong with a return's images: at most MaxReturnImages, each an
// image of at most 4 MB by its content.
func checkImages(f domain.Fields, images []attachments.Upload) error {
	if len(images) > domain.MaxReturnImages {
		f["images"] = domain.MsgReturnTooManyImages
		return nil
	}
	for _, up := range images {
		_, err := attachments.Validate(up.Filename, up.Data)
		if e := apperror.As(err); e != nil {
			f["images"] = e.Message
			return nil
		} else if err != nil {
			return apperror.Internal(err)
		}
	}
	return nil
}

// settle carries return r's effects on its purchase (held in tx) and on stock: a return being
// recorded (created) adds its amount to the purchase's approved returns when it is approved at
// once, or to its pending returns; a pending return being decided moves its amount from the
// pending returns to the approved ones, or drops it (rejected). An approved goods return takes
// its goods out of stock; a product that has fewer units refuses the whole write, naming it.
func (s *Service) settle(ctx context.Context, tx bun.IDB, r *store.ReturnRow, lines []store.ReturnLineRow, created bool, at time.Time) error {
	approved, pending := int64(0), int64(0)
	switch approval.Status(r.ApprovalStatus) {
	case approval.Approved:
		approved = r.AmountCents
		if !created {
			pending = -r.AmountCents
		}
	case approval.Pending:
		pending = r.AmountCents
	case approval.Rejected:
		pending = -r.AmountCents
	}
	if err := s.store.With(tx).ApplyReturns(ctx, r.PurchaseID, approved, pending, at); err != nil {
		return err
	}
	if r.ApprovalStatus != string(approval.Approved) {
		return nil
	}
	for i, l := range lines {
		if l.Kind != string(tax.Goods) {
			continue // services hold no stock
		}
		_, err := s.d.Stock.AdjustStock(ctx, tx, l.ProductID, -l.Quantity)
		if n, short := s.d.Stock.Available(err); short {
			return apperror.Field(domain.ReturnLineField(i, "quantity"), domain.MsgReturnStock(l.ProductName, n))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// auditReturn writes the audit entry of action on return r inside tx.
func (s *Service) auditReturn(ctx context.Context, tx bun.IDB, p caller.Principal, r *store.ReturnRow, action, detail string, at time.Time) error {
	return audit.Record(ctx, tx, audit.Entry{CompanyID: audit.Int64(r.CompanyID), ActorID: audit.Int64(p.UserID),
		Action: "purchase_" + ReturnEntity + "_" + action, Entity: "purchase_" + ReturnEntity, EntityID: strconv.FormatInt(r.ID, 10),
		Detail: detail, IP: caller.ClientIP(ctx), CreatedAt: at})
}

// emitReturn writes the event of verb about return r into tx's outbox.
func (s *Service) emitReturn(ctx context.Context, tx bun.IDB, p caller.Principal, r *store.ReturnRow, verb string, at time.Time) error {
	ev := ReturnEvent{ID: r.ID, ReferenceNo: r.ReferenceNo, Kind: r.Kind, PurchaseID: r.PurchaseID, PurchaseRefNo: r.PurchaseReferenceNo,
		SupplierName: r.SupplierName, AmountCents: r.AmountCents, Status: r.ApprovalStatus, Reason: r.ApprovalReason}
	if r.CreatedBy != nil {
		ev.CreatedBy = *r.CreatedBy
	}
	return s.d.Events.Emit(ctx, tx, eventbus.NewEvent(ReturnSubject(verb), r.CompanyID, p.UserID, ev, at))
}

// returnCommitted runs once a return's write committed: the returns' and purchases' list totals
// are recounted, the relay woken, and the stock lists refreshed when goods moved.
func (s *Service) returnCommitted(ctx context.Context, r *store.ReturnRow) {
	s.d.Counter.Bump(ctx, store.ReturnsTable)
	s.d.Counter.Bump(ctx, store.Table)
	s.d.Events.Flush()
	if r.Kind == domain.ReturnGoods && r.ApprovalStatus == string(approval.Approved) {
		s.d.Stock.StockChanged(ctx)
	}
}

// getReturn is the live return id p sees.
func (s *Service) getReturn(ctx context.Context, p caller.Principal, id int64) (*store.ReturnRow, error) {
	r, err := s.store.GetReturn(ctx, s.scope(p, 0), id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, apperror.NotFound(domain.MsgReturnNotFound)
	case err != nil:
		return nil, apperror.Internal(err)
	}
	return r, nil
}

// GetReturn returns one return p may see, with its lines and images.
func (s *Service) GetReturn(ctx context.Context, p caller.Principal, id int64) (Return, error) {
	r, err := s.getReturn(ctx, p, id)
	if err != nil {
		return Return{}, err
	}
	lines, err := s.store.ReturnLines(ctx, []int64{r.ID})
	if err != nil {
		return Return{}, apperror.Internal(err)
	}
	imgs, err := s.d.Attachments.ListByOwner(ctx, s.d.DB, ReturnEntity, r.ID)
	if err != nil {
		return Return{}, apperror.Internal(err)
	}
	return returnView(r, lines[r.ID], imgs[r.ID]), nil
}

// ReturnVisible reports whether p sees the live return id (its company scope): the read rule of
// the return's images.
func (s *Service) ReturnVisible(ctx context.Context, p caller.Principal, id int64) (bool, error) {
	_, err := s.store.GetReturn(ctx, s.scope(p, 0), id)
	return db.Found(err)
}

// DecideReturn approves a pending return, or rejects it with a reason (administrators), in the
// purchase's transaction with the purchase held: approving takes a goods return's units out of
// stock (refused, naming the product, when that would go below zero: nothing changes) and moves
// its amount from the purchase's pending returns to its returns, so its balance and status
// follow; rejecting frees its quantities and amount. It publishes return.approved or
// return.rejected.
func (s *Service) DecideReturn(ctx context.Context, p caller.Principal, id int64, approve bool, reason string) (Return, error) {
	if !s.admin(p) {
		return Return{}, apperror.Forbidden("You are not allowed to perform this action.")
	}
	r, err := s.getReturn(ctx, p, id)
	if err != nil {
		return Return{}, err
	}
	name, err := s.userName(ctx, p.UserID)
	if err != nil {
		return Return{}, err
	}
	now := s.now()
	from := approval.Status(r.ApprovalStatus)
	_, err = approval.Run(ctx, s.d.DB, from, approve, reason, func(ctx context.Context, tx bun.Tx, d approval.Decision) error {
		// The purchase first, as every write of its ledger: its holders take turns in one order.
		if _, err := s.store.With(tx).Hold(ctx, 0, r.PurchaseID); err != nil {
			return err
		}
		st := s.store.With(tx)
		if err := st.DecideReturn(ctx, r.ID, from, d, p.UserID, name, now); err != nil {
			return err
		}
		r.Decided(d, p.UserID, now)
		r.DecidedByName, r.UpdatedBy, r.UpdatedAt = name, r.ApprovedBy, now
		lines, err := st.ReturnLines(ctx, []int64{r.ID})
		if err != nil {
			return err
		}
		if err := s.settle(ctx, tx, r, lines[r.ID], false, now); err != nil {
			return err
		}
		if err := s.auditReturn(ctx, tx, p, r, d.Verb(), d.Reason, now); err != nil {
			return err
		}
		return s.emitReturn(ctx, tx, p, r, d.Verb(), now)
	})
	if err != nil {
		return Return{}, err
	}
	s.returnCommitted(ctx, r)
	return s.GetReturn(ctx, p, r.ID)
}

// DeleteReturn soft-deletes a pending or rejected return, with its images; a pending one frees
// its quantities and amount on the purchase in the same transaction. An approved return is part
// of the books: 409.
func (s *Service) DeleteReturn(ctx context.Context, p caller.Principal, id int64) error {
	r, err := s.getReturn(ctx, p, id)
	if err != nil {
		return err
	}
	if r.ApprovalStatus == string(approval.Approved) {
		return apperror.Conflict(domain.MsgReturnCannotDelete)
	}
	now := s.now()
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		st := s.store.With(tx)
		if _, err := st.Hold(ctx, 0, r.PurchaseID); err != nil {
			return err
		}
		// Read again under the hold: a decision between the first read and now moved its amount.
		cur, err := st.GetReturn(ctx, listing.Scope{All: true}, r.ID)
		if err != nil {
			return err
		}
		if err := st.SoftDeleteReturn(ctx, r.ID, p.UserID, now, string(approval.Pending), string(approval.Rejected)); err != nil {
			return err
		}
		if cur.ApprovalStatus == string(approval.Pending) {
			if err := st.ApplyReturns(ctx, r.PurchaseID, 0, -cur.AmountCents, now); err != nil {
				return err
			}
		}
		if _, err := s.d.Attachments.SoftDeleteByOwner(ctx, tx, ReturnEntity, r.ID, attachments.Scope{CompanyID: r.CompanyID}, p.UserID); err != nil {
			return err
		}
		return s.auditReturn(ctx, tx, p, r, "deleted", "reference="+r.ReferenceNo, now)
	})
	switch {
	case errors.Is(err, store.ErrNotFound):
		return apperror.Conflict(domain.MsgReturnCannotDelete)
	case err != nil:
		return apperror.OrInternal(err)
	}
	s.d.Counter.Bump(ctx, store.ReturnsTable)
	s.d.Counter.Bump(ctx, store.Table)
	return nil
}

// ReturnQuery is a returns list or export request.
type ReturnQuery struct {
	Filter    store.ReturnFilter
	List      listing.Query
	CompanyID int64
}

// returnPlan checks q's filter and page and returns its plan.
func returnPlan(q ReturnQuery) (*listing.Plan, error) {
	if _, err := approval.Parse(q.Filter.Approval); err != nil {
		return nil, err
	}
	switch q.Filter.Kind {
	case "", domain.ReturnGoods, domain.ReturnValue:
	default:
		return nil, apperror.Field("kind", domain.MsgReturnKind)
	}
	if err := listing.CheckDates(q.Filter.From, q.Filter.To); err != nil {
		return nil, err
	}
	return listing.NewPlan(store.ReturnSpec, q.List)
}

// ListReturns returns one page of the returns p may see, each with its lines and images.
func (s *Service) ListReturns(ctx context.Context, p caller.Principal, q ReturnQuery) (listing.Page[Return], error) {
	pl, err := returnPlan(q)
	if err != nil {
		return listing.Page[Return]{}, err
	}
	sc := s.scope(p, q.CompanyID)
	count := func(ctx context.Context) (int, error) { return s.store.CountReturns(ctx, sc, q.Filter) }
	src := listing.Source[store.ReturnRow]{Key: store.ReturnKeyOf(pl.Key()),
		Count: s.d.Counter.Cached(store.ReturnsTable, q.Filter.Key(sc), count),
		Rows: func(ctx context.Context) ([]store.ReturnRow, error) {
			return s.store.ListReturns(ctx, sc, q.Filter, pl)
		}}
	return listing.Fetch(ctx, pl, src, s.returnViews)
}

// returnViews shows a page of returns with their lines and images, read for the page at once.
func (s *Service) returnViews(ctx context.Context, rows []store.ReturnRow) ([]Return, error) {
	ids := make([]int64, len(rows))
	for i := range rows {
		ids[i] = rows[i].ID
	}
	lines, err := s.store.ReturnLines(ctx, ids)
	if err != nil {
		return nil, err
	}
	imgs, err := s.d.Attachments.ListByOwner(ctx, s.d.DB, ReturnEntity, ids...)
	if err != nil {
		return nil, err
	}
	out := make([]Return, len(rows))
	for i := range rows {
		out[i] = returnView(&rows[i], lines[rows[i].ID], imgs[rows[i].ID])
	}
	return out, nil
}

// ExportReturns checks an export request and returns what runs it: fn is called for every
// return of the list (no paging) in its order, streaming from the database.
func (s *Service) ExportReturns(p caller.Principal, q ReturnQuery) (func(ctx context.Context, fn func(Return) error) error, error) {
	q.List = listing.Query{Sort: q.List.Sort}
	if _, err := returnPlan(q); err != nil {
		return nil, err
	}
	sc := s.scope(p, q.CompanyID)
	return func(ctx context.Context, fn func(Return) error) error {
		return s.store.EachReturn(ctx, sc, q.Filter, q.List.Sort, func(r store.ReturnRow) error { return fn(returnView(&r, nil, nil)) })
	}, nil
}
