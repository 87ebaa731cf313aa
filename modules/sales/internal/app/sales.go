package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/sales/internal/domain"
	"github.com/backoffice/backoffice/modules/sales/internal/store"
	"github.com/backoffice/backoffice/modules/tax"
	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/attachments"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/bounds"
	"github.com/backoffice/backoffice/platform/calendar"
	"github.com/backoffice/backoffice/platform/caller"
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/payable"
	"github.com/backoffice/backoffice/platform/search"
	"github.com/backoffice/backoffice/platform/sequence"
)

// SaleTotals are a sale's amounts in centavos, as tax.ComputeSale computed them, with its cost
// and profit. The withholding rates are for display ("2.5%"; "" when nothing is withheld).
type SaleTotals struct {
	SubtotalCents          int64  `json:"subtotal_cents" doc:"Σ quantity × price"`
	DiscountCents          int64  `json:"discount_cents" doc:"Σ the lines' discounts"`
	TaxableBaseCents       int64  `json:"taxable_base_cents" doc:"subtotal − discount"`
	VATCents               int64  `json:"vat_cents"`
	InvoiceCents           int64  `json:"invoice_cents" doc:"taxable base + VAT"`
	WithholdingIncomeCents int64  `json:"withholding_income_cents" doc:"ReteFuente the customer practises"`
	WithholdingIncomeRate  string `json:"withholding_income_rate"`
	WithholdingVATCents    int64  `json:"withholding_vat_cents" doc:"ReteIVA the customer practises"`
	WithholdingVATRate     string `json:"withholding_vat_rate"`
	TotalCents             int64  `json:"total_cents" doc:"What the customer owes: invoice − withholdings"`
	CostCents              int64  `json:"cost_cents" doc:"Σ unit cost × quantity, the costs as of the sale"`
	ProfitCents            int64  `json:"profit_cents" doc:"taxable base − cost (negative: a loss)"`
	ReturnCents            int64  `json:"return_cents"`
	PaidCents              int64  `json:"paid_cents"`
	BalanceCents           int64  `json:"balance_cents" doc:"total − paid − returns"`
}

// SaleLineTotals are one line's amounts.
type SaleLineTotals struct {
	SubtotalCents int64 `json:"subtotal_cents" doc:"quantity × price"`
	DiscountCents int64 `json:"discount_cents" doc:"The line's discount"`
	BaseCents     int64 `json:"base_cents" doc:"subtotal − discount"`
	VATCents      int64 `json:"vat_cents" doc:"The line's share of its class's VAT"`
	ProfitCents   int64 `json:"profit_cents" doc:"base − unit cost × quantity"`
}

// SaleLine is a sale line as the API shows it: the product as of the sale.
type SaleLine struct {
	ProductID   int64  `json:"product_id"`
	ProductCode string `json:"product_code"`
	ProductName string `json:"product_name"`
	IVAClass    string `json:"iva_class" enum:"19,5,exento,excluido"`
	Kind        string `json:"kind" enum:"goods,service"`
	Quantity    int64  `json:"quantity"`
	PriceCents  int64  `json:"price_cents" doc:"Unit price before VAT"`
	CostCents   int64  `json:"cost_cents" doc:"Unit cost when the sale was recorded"`
	SaleLineTotals
}

// SaleImage is one of the sale's images.
type SaleImage struct {
	ID  int64  `json:"id"`
	URL string `json:"url" doc:"GET it signed in"`
}

// Sale is a sale as the API shows it. Lines and images are sent by the single-sale answers (get,
// create, update, approve, reject), not by lists.
type Sale struct {
	ID                int64       `json:"id"`
	CompanyID         int64       `json:"company_id"`
	Number            string      `json:"number" doc:"VTA-000123: the company's sales sequence"`
	SaleDate          string      `json:"sale_date" doc:"YYYY-MM-DD (America/Bogota)"`
	CustomerID        int64       `json:"customer_id"`
	CustomerName      string      `json:"customer_name"`
	CustomerReference string      `json:"customer_reference" doc:"The customer's own order reference"`
	StoreID           int64       `json:"store_id"`
	StoreName         string      `json:"store_name"`
	Note              string      `json:"note"`
	Totals            SaleTotals  `json:"totals"`
	Status            string      `json:"status" enum:"pending,partial,paid" doc:"Payment status"`
	ApprovalStatus    string      `json:"approval_status" enum:"pending,approved,rejected"`
	ApprovalReason    string      `json:"approval_reason"`
	ApprovedBy        *int64      `json:"approved_by"`
	ApprovedAt        *time.Time  `json:"approved_at"`
	CreatedBy         *int64      `json:"created_by" doc:"The seller"`
	SellerName        string      `json:"seller_name" doc:"The seller's name when the sale was recorded"`
	CreatedAt         time.Time   `json:"created_at"`
	UpdatedAt         time.Time   `json:"updated_at"`
	Lines             []SaleLine  `json:"lines,omitempty"`
	Images            []SaleImage `json:"images,omitempty"`
}

// Upload is an uploaded file, not yet checked.
type Upload struct {
	Filename string
	Data     []byte
}

// Input is the sale form: the draft, the images to add and, on edit, the ids of the sale's
// images to remove.
type Input struct {
	domain.Draft
	Images         []Upload
	RemoveImageIDs []int64
}

func lineTotals(l store.LineRow) SaleLineTotals {
	return SaleLineTotals{SubtotalCents: l.SubtotalCents, DiscountCents: l.DiscountCents, BaseCents: l.BaseCents,
		VATCents: l.VATCents, ProfitCents: domain.Profit(l.BaseCents, l.CostCents, l.Quantity)}
}

func totalsOf(r *store.Row) SaleTotals {
	return SaleTotals{SubtotalCents: r.SubtotalCents, DiscountCents: r.DiscountCents, TaxableBaseCents: r.TaxableBaseCents,
		VATCents: r.VATCents, InvoiceCents: r.InvoiceCents, WithholdingIncomeCents: r.WithholdingIncomeCents,
		WithholdingIncomeRate: r.WithholdingIncomeRate, WithholdingVATCents: r.WithholdingVATCents,
		WithholdingVATRate: r.WithholdingVATRate, TotalCents: r.TotalCents, CostCents: r.CostCents,
		ProfitCents: r.TaxableBaseCents - r.CostCents, ReturnCents: r.ReturnCents, PaidCents: r.PaidCents,
		BalanceCents: r.BalanceCents}
}

func view(r *store.Row, lines []store.LineRow, images []attachments.Info) Sale {
	out := Sale{ID: r.ID, CompanyID: r.CompanyID, Number: r.Number, SaleDate: r.SaleDate, CustomerID: r.CustomerID,
		CustomerName: r.CustomerName, CustomerReference: r.CustomerReference, StoreID: r.StoreID, StoreName: r.StoreName,
		Note: r.Note, Totals: totalsOf(r), Status: r.Status, ApprovalStatus: r.ApprovalStatus, ApprovalReason: r.ApprovalReason,
		ApprovedBy: r.ApprovedBy, ApprovedAt: utc(r.ApprovedAt), CreatedBy: r.CreatedBy, SellerName: r.SellerName, CreatedAt: r.CreatedAt.UTC(),
		UpdatedAt: r.UpdatedAt.UTC()}
	for _, l := range lines {
		out.Lines = append(out.Lines, SaleLine{ProductID: l.ProductID, ProductCode: l.ProductCode, ProductName: l.ProductName,
			IVAClass: l.IVAClass, Kind: l.Kind, Quantity: l.Quantity, PriceCents: l.PriceCents, CostCents: l.CostCents,
			SaleLineTotals: lineTotals(l)})
	}
	for _, img := range images {
		out.Images = append(out.Images, SaleImage{ID: img.ID, URL: img.URL()})
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

// priced is a draft checked against the database and priced: what a save writes.
type priced struct {
	draft        domain.Draft
	customerName string
	storeName    string
	lines        []store.LineRow
	result       tax.Result
	costCents    int64
}

// price checks draft for company companyID beyond the form (customer, store, products) and
// computes its taxes, cost and profit. With quote set the store is not checked: the form asks
// for totals before it is complete.
func (s *Service) price(ctx context.Context, companyID int64, d domain.Draft, quote bool) (*priced, error) {
	f := domain.Fields{}
	pr := &priced{draft: d}
	var cus Customer
	if d.CustomerID > 0 {
		var err error
		cus, err = s.d.Customers.SaleCustomer(ctx, companyID, d.CustomerID)
		switch {
		case apperror.IsCode(err, apperror.CodeNotFound):
			f["customer_id"] = domain.MsgCustomerRequired
		case err != nil:
			return nil, apperror.OrInternal(err)
		case cus.ApprovalStatus == string(approval.Rejected):
			// An admin turned this customer down: nothing may be sold to it.
			f["customer_id"] = domain.MsgCustomerRequired
		}
		pr.customerName = cus.Name
	}
	if !quote && d.StoreID > 0 {
		name, ok, err := s.d.Companies.StoreName(ctx, companyID, d.StoreID)
		switch {
		case err != nil:
			return nil, apperror.OrInternal(err)
		case !ok:
			f["store_id"] = domain.MsgStoreRequired
		}
		pr.storeName = name
	}
	ids := make([]int64, 0, len(d.Lines))
	for _, l := range d.Lines {
		if !slices.Contains(ids, l.ProductID) {
			ids = append(ids, l.ProductID)
		}
	}
	products, err := s.d.Products.LineProducts(ctx, companyID, ids)
	if err != nil {
		return nil, apperror.OrInternal(err)
	}
	for i, l := range d.Lines {
		p, ok := products[l.ProductID]
		if !ok {
			// Missing, deleted, or another company's.
			f[domain.LineField(i, "product_id")] = domain.MsgProductRequired
			continue
		}
		// A line's cost, like its price, stays inside a document's bound.
		cost, ok := bounds.LineCents(*l.Quantity, p.CostCents)
		if !ok || cost > bounds.MaxDocumentCents-pr.costCents {
			f["lines"] = bounds.MsgDocumentCents
			continue
		}
		pr.costCents += cost
	}
	if len(f) > 0 {
		return nil, invalid(f)
	}

	date, _ := calendar.ParseDate(d.SaleDate) // Validate checked it
	seller, err := s.d.Companies.SellerProfile(ctx, companyID)
	if err != nil {
		return nil, apperror.OrInternal(err)
	}
	in := tax.SaleInput{Date: date, Seller: seller, Customer: cus.Profile}
	if seller.HasTaxes && (cus.Profile.PersonType == tax.PersonJuridica || cus.Profile.GranContribuyente) {
		if in.Params, err = s.d.Taxes.ParamsFor(ctx, date); err != nil {
			return nil, apperror.OrInternal(err)
		}
	}
	for _, l := range d.Lines {
		p := products[l.ProductID]
		in.Lines = append(in.Lines, tax.Line{Quantity: *l.Quantity, UnitCostCents: *l.PriceCents,
			DiscountCents: l.DiscountCents, IVA: tax.IVAClass(p.IVAClass), Concept: tax.Concept(p.Kind)})
	}
	res, err := tax.ComputeSale(in)
	if err != nil {
		return nil, apperror.Internal(fmt.Errorf("sales: price: %w", err))
	}
	pr.result = res
	for i, l := range d.Lines {
		p := products[l.ProductID]
		lr := res.Lines[i]
		pr.lines = append(pr.lines, store.LineRow{CompanyID: companyID, ProductID: p.ID, ProductCode: p.Code,
			ProductName: p.Name, IVAClass: p.IVAClass, Kind: p.Kind, Quantity: *l.Quantity, PriceCents: *l.PriceCents,
			CostCents: p.CostCents, SubtotalCents: lr.SubtotalCents, DiscountCents: lr.DiscountCents,
			BaseCents: lr.BaseCents, VATCents: lr.IVACents})
	}
	return pr, nil
}

// setPriced writes a priced draft onto r, with the balance and status that follow.
func setPriced(r *store.Row, pr *priced) {
	d, res := pr.draft, pr.result
	r.SaleDate, r.CustomerID, r.CustomerName, r.CustomerReference = d.SaleDate, d.CustomerID, pr.customerName, d.CustomerReference
	r.StoreID, r.StoreName, r.Note = d.StoreID, pr.storeName, d.Note
	r.SubtotalCents, r.DiscountCents, r.TaxableBaseCents = res.SubtotalCents, res.DiscountCents, res.TaxableBaseCents
	r.VATCents, r.InvoiceCents = res.IVACents, res.InvoiceCents
	r.WithholdingIncomeCents, r.WithholdingVATCents = res.ReteFuenteCents, res.ReteIVACents
	r.WithholdingIncomeRate, r.WithholdingVATRate = res.ReteFuenteRate, res.ReteIVARate
	r.TotalCents, r.CostCents = res.TotalToPayCents, pr.costCents
	r.BalanceCents = payable.Balance(r.TotalCents, r.PaidCents, r.ReturnCents)
	r.Status = payable.StatusOf(r.TotalCents, r.PaidCents, r.ReturnCents)
}

// Quote prices a sale form for company (admins: the one they name, else their own) without
// storing anything, so the form shows the server's totals while the user types. What is not
// typed yet (the store) is no error; everything typed is checked as create and edit check it,
// but stock, which only the save's transaction can decide.
func (s *Service) Quote(ctx context.Context, p caller.Principal, companyID int64, d domain.Draft) (SaleTotals, []SaleLineTotals, error) {
	if !s.admin(p) || companyID == 0 {
		companyID = p.CompanyID
	} else if _, err := s.d.Companies.SellerProfile(ctx, companyID); apperror.IsCode(err, apperror.CodeNotFound) {
		return SaleTotals{}, nil, apperror.Field("company_id", "The selected company is invalid.")
	}
	d = domain.Normalize(d)
	f := domain.Validate(d, s.d.Now())
	delete(f, "store_id")
	if len(f) > 0 {
		return SaleTotals{}, nil, invalid(f)
	}
	pr, err := s.price(ctx, companyID, d, true)
	if err != nil {
		return SaleTotals{}, nil, err
	}
	r := &store.Row{}
	setPriced(r, pr)
	lines := make([]SaleLineTotals, len(pr.lines))
	for i, l := range pr.lines {
		lines[i] = lineTotals(l)
	}
	return totalsOf(r), lines, nil
}

// checkForm validates the form at instant now and the images: each by its content and size,
// and the sale's images in all (kept ones plus new ones) at most domain.MaxImages.
func checkForm(in Input, kept int, now time.Time) (domain.Draft, error) {
	d := domain.Normalize(in.Draft)
	f := domain.Validate(d, now)
	if kept+len(in.Images) > domain.MaxImages {
		f["images"] = domain.MsgTooManyImages
	}
	for _, up := range in.Images {
		if _, set := f["images"]; set {
			break
		}
		if _, err := attachments.Validate(up.Filename, up.Data); err != nil {
			e := apperror.As(err)
			if e == nil {
				return d, apperror.Internal(err)
			}
			f["images"] = e.Message
		}
	}
	if len(f) > 0 {
		return d, invalid(f)
	}
	return d, nil
}

// takeOf is the stock a sale's lines take: goods only, services hold no stock.
func takeOf(lines []store.LineRow) domain.Take {
	t := domain.Take{}
	for _, l := range lines {
		if l.Kind == string(tax.Goods) {
			t.Add(l.ProductID, l.Quantity)
		}
	}
	return t
}

// moveStock moves stock, inside tx, as a sale's take goes from before to after (domain.Moves).
// A product that has fewer units than the sale takes refuses the whole write (the transaction
// rolls back: nothing is stored) with the units available on the first line of that product.
func (s *Service) moveStock(ctx context.Context, tx bun.IDB, before, after domain.Take, lines []store.LineRow) error {
	for _, m := range domain.Moves(before, after) {
		_, err := s.d.Stock.AdjustStock(ctx, tx, m.ProductID, m.Delta)
		if err == nil {
			continue
		}
		n, short := s.d.Stock.Available(err)
		i := slices.IndexFunc(lines, func(l store.LineRow) bool { return l.ProductID == m.ProductID })
		if !short || i < 0 {
			return err
		}
		return apperror.Field(domain.LineField(i, "quantity"), domain.MsgNotEnoughStock(lines[i].ProductName, n))
	}
	return nil
}

// saveImages stores ups as images of sale r inside tx.
func (s *Service) saveImages(ctx context.Context, tx bun.IDB, p caller.Principal, r *store.Row, ups []Upload) error {
	for _, up := range ups {
		if _, err := s.d.Attachments.Save(ctx, tx, attachments.Attachment{Info: attachments.Info{CompanyID: r.CompanyID,
			Owner: Entity, OwnerID: r.ID, Filename: up.Filename, CreatedBy: p.UserID}, Data: up.Data}); err != nil {
			return err
		}
	}
	return nil
}

// images returns the live images of sale id, read on db.
func (s *Service) images(ctx context.Context, db bun.IDB, id int64) ([]attachments.Info, error) {
	imgs, err := s.d.Attachments.ListByOwner(ctx, db, Entity, id)
	return imgs[id], err
}

// writeFailed turns a failed write into the answer: application errors pass, a row gone
// between the read and the write is the conflict given, the rest is internal.
func writeFailed(err error, gone string) error {
	if errors.Is(err, store.ErrNotFound) {
		return apperror.Conflict(gone)
	}
	return apperror.OrInternal(err)
}

// keepCustomer keeps the customer of sale r, in tx, from being deleted until the sale is stored
// (people's KeepCustomer): the form's check read it before the transaction, and a customer
// deleted since then refuses the write as a missing one does.
func (s *Service) keepCustomer(ctx context.Context, tx bun.IDB, r *store.Row) error {
	err := s.d.Customers.KeepCustomer(ctx, tx, r.CompanyID, r.CustomerID)
	if apperror.IsCode(err, apperror.CodeNotFound) {
		return invalid(domain.Fields{"customer_id": domain.MsgCustomerRequired})
	}
	return err
}

// keepProducts keeps the products lines name (a sale's of company companyID), in tx, from being
// deleted until the sale is stored (catalog's KeepProducts): price read them before the
// transaction, and a product deleted since then refuses the write as a missing one does, on the
// lines that name it. Run it before the stock moves: they lock the same products for the change.
func (s *Service) keepProducts(ctx context.Context, tx bun.IDB, companyID int64, lines []store.LineRow) error {
	lost, err := s.lostLines(ctx, tx, companyID, lines)
	f := domain.Fields{}
	for _, i := range lost {
		f[domain.LineField(i, "product_id")] = domain.MsgProductRequired
	}
	if err != nil || len(f) == 0 {
		return err
	}
	return invalid(f)
}

// lostLines keeps, in tx, the products lines name (of company companyID) and answers the
// positions of the lines whose product is gone (db.Unkept).
func (s *Service) lostLines(ctx context.Context, tx bun.IDB, companyID int64, lines []store.LineRow) ([]int, error) {
	return db.Unkept(lines, func(l store.LineRow) int64 { return l.ProductID }, func(ids []int64) ([]int64, error) {
		return s.d.Products.KeepProducts(ctx, tx, companyID, ids)
	})
}

// forbidden is the answer to an administrator who would record or edit a sale (spec §6:
// /sale/add and /sale/edit are not theirs); the route already refuses them.
func forbidden() error { return apperror.Forbidden("You are not allowed to perform this action.") }

// sellerName is the name of user id as the auth module gives it, copied onto the sale they
// record: everyone who reads the sale sees it, though only administrators may list users.
func (s *Service) sellerName(ctx context.Context, id int64) (string, error) {
	name, err := caller.Name(ctx, s.d.Users, id)
	if err != nil {
		return "", apperror.Internal(err)
	}
	return name, nil
}

// Create validates, prices and stores a new pending sale of p's company, numbered from the
// company's sequence, taking its goods' units from stock in the same transaction. Users and
// secretaries record sales; administrators approve them. It publishes sale.created.
func (s *Service) Create(ctx context.Context, p caller.Principal, in Input) (Sale, error) {
	if s.admin(p) {
		return Sale{}, forbidden()
	}
	d, err := checkForm(in, 0, s.d.Now())
	if err != nil {
		return Sale{}, err
	}
	pr, err := s.price(ctx, p.CompanyID, d, false)
	if err != nil {
		return Sale{}, err
	}
	seller, err := s.sellerName(ctx, p.UserID)
	if err != nil {
		return Sale{}, err
	}
	now := s.now()
	r := &store.Row{CompanyID: p.CompanyID, ApprovalStatus: string(approval.Pending), CreatedBy: audit.Int64(p.UserID),
		SellerName: seller, CreatedAt: now, UpdatedBy: audit.Int64(p.UserID), UpdatedAt: now}
	setPriced(r, pr)
	var imgs []attachments.Info
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.keepCustomer(ctx, tx, r); err != nil {
			return err
		}
		if err := s.keepProducts(ctx, tx, r.CompanyID, pr.lines); err != nil {
			return err
		}
		// Stock first: a shortage ends the write before the company's number is taken (the
		// sequence's row stays locked until the transaction ends).
		if err := s.moveStock(ctx, tx, nil, takeOf(pr.lines), pr.lines); err != nil {
			return err
		}
		n, err := sequence.Next(ctx, tx, r.CompanyID, Entity)
		if err != nil {
			return err
		}
		r.Number = sequence.Number(domain.NumberPrefix, n)
		st := s.store.With(tx)
		if err := st.Insert(ctx, r); err != nil {
			return err
		}
		if err := st.ReplaceLines(ctx, r.ID, pr.lines); err != nil {
			return err
		}
		if err := s.saveImages(ctx, tx, p, r, in.Images); err != nil {
			return err
		}
		if imgs, err = s.images(ctx, tx, r.ID); err != nil {
			return err
		}
		if err := s.audit(ctx, tx, p, r, "created", "number="+r.Number+"; status="+r.ApprovalStatus, now); err != nil {
			return err
		}
		return s.emit(ctx, tx, p, r, VerbCreated, "", now)
	})
	if err != nil {
		return Sale{}, apperror.OrInternal(err)
	}
	s.afterWrite(ctx, true, true)
	return view(r, pr.lines, imgs), nil
}

// Update replaces a pending sale's form and lines, moving stock by each product's difference
// only, adds the images sent and removes those named. Only pending sales are edited: an approved
// sale is part of the books, a rejected one gave its stock back.
func (s *Service) Update(ctx context.Context, p caller.Principal, id int64, in Input) (Sale, error) {
	if s.admin(p) {
		return Sale{}, forbidden()
	}
	r, err := s.get(ctx, p, id)
	if err != nil {
		return Sale{}, err
	}
	if r.ApprovalStatus != string(approval.Pending) {
		return Sale{}, apperror.Conflict(domain.MsgOnlyPendingEdit)
	}
	existing, err := s.images(ctx, s.d.DB, r.ID)
	if err != nil {
		return Sale{}, apperror.Internal(err)
	}
	remove := slices.Clone(in.RemoveImageIDs)
	slices.Sort(remove)
	remove = slices.Compact(remove)
	for _, rm := range remove {
		if !slices.ContainsFunc(existing, func(img attachments.Info) bool { return img.ID == rm }) {
			return Sale{}, apperror.Field("remove_image_ids", domain.MsgImageNotOfSale)
		}
	}
	d, err := checkForm(in, len(existing)-len(remove), s.d.Now())
	if err != nil {
		return Sale{}, err
	}
	pr, err := s.price(ctx, r.CompanyID, d, false)
	if err != nil {
		return Sale{}, err
	}
	now := s.now()
	setPriced(r, pr)
	r.UpdatedBy, r.UpdatedAt = audit.Int64(p.UserID), now
	var imgs []attachments.Info
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.keepCustomer(ctx, tx, r); err != nil {
			return err
		}
		if err := s.keepProducts(ctx, tx, r.CompanyID, pr.lines); err != nil {
			return err
		}
		st := s.store.With(tx)
		// The conditional write comes first: it holds the sale's row, so the lines read next
		// are the ones this edit replaces, whatever another edit did before it.
		if err := st.UpdatePending(ctx, r); err != nil {
			return err
		}
		old, err := st.Lines(ctx, []int64{r.ID})
		if err != nil {
			return err
		}
		if err := s.moveStock(ctx, tx, takeOf(old[r.ID]), takeOf(pr.lines), pr.lines); err != nil {
			return err
		}
		if err := st.ReplaceLines(ctx, r.ID, pr.lines); err != nil {
			return err
		}
		for _, rm := range remove {
			err := s.d.Attachments.SoftDelete(ctx, tx, rm, attachments.Scope{CompanyID: r.CompanyID}, p.UserID)
			if err != nil && !attachments.IsNotFound(err) {
				return err
			}
		}
		if err := s.saveImages(ctx, tx, p, r, in.Images); err != nil {
			return err
		}
		if imgs, err = s.images(ctx, tx, r.ID); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, r, "updated", "number="+r.Number, now)
	})
	if err != nil {
		return Sale{}, writeFailed(err, domain.MsgOnlyPendingEdit)
	}
	s.afterWrite(ctx, true, false)
	return view(r, pr.lines, imgs), nil
}

// Delete soft-deletes a pending sale without payments and gives its units back to stock; an
// approved sale is part of the books and a rejected one already gave its stock back: 409 'Sale
// cannot be deleted'.
func (s *Service) Delete(ctx context.Context, p caller.Principal, id int64) error {
	r, err := s.get(ctx, p, id)
	if err != nil {
		return err
	}
	if r.ApprovalStatus != string(approval.Pending) || r.PaidCents != 0 {
		return apperror.Conflict(domain.MsgCannotDelete)
	}
	now := s.now()
	err = s.d.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		st := s.store.With(tx)
		if err := st.SoftDelete(ctx, r.ID, p.UserID, now); err != nil {
			return err
		}
		if err := s.giveBack(ctx, tx, r.ID); err != nil {
			return err
		}
		if _, err := s.d.Attachments.SoftDeleteByOwner(ctx, tx, Entity, r.ID, attachments.Scope{CompanyID: r.CompanyID}, p.UserID); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, r, "deleted", "number="+r.Number, now)
	})
	if err != nil {
		return writeFailed(err, domain.MsgCannotDelete)
	}
	s.afterWrite(ctx, true, false)
	return nil
}

// giveBack returns the units of sale id to stock inside tx (a rejection, a deletion); the
// sale's row is already held by the caller's conditional write.
func (s *Service) giveBack(ctx context.Context, tx bun.IDB, id int64) error {
	lines, err := s.store.With(tx).Lines(ctx, []int64{id})
	if err != nil {
		return err
	}
	return s.moveStock(ctx, tx, takeOf(lines[id]), nil, lines[id])
}

// Decide approves a pending sale, or rejects it with a reason and gives its units back to
// stock (administrators). It publishes sale.approved or sale.rejected.
func (s *Service) Decide(ctx context.Context, p caller.Principal, id int64, approve bool, reason string) (Sale, error) {
	if !s.admin(p) {
		return Sale{}, forbidden()
	}
	r, err := s.get(ctx, p, id)
	if err != nil {
		return Sale{}, err
	}
	now := s.now()
	_, err = approval.Run(ctx, s.d.DB, approval.Status(r.ApprovalStatus), approve, reason, func(ctx context.Context, tx bun.Tx, d approval.Decision) error {
		if err := s.store.With(tx).Decide(ctx, r.ID, string(d.Status), d.Reason, p.UserID, now); err != nil {
			return err
		}
		if !approve {
			if err := s.giveBack(ctx, tx, r.ID); err != nil {
				return err
			}
		}
		r.ApprovalStatus, r.ApprovalReason, r.ApprovedBy, r.ApprovedAt = string(d.Status), d.Reason, audit.Int64(p.UserID), &now
		r.UpdatedBy, r.UpdatedAt = r.ApprovedBy, now
		if err := s.audit(ctx, tx, p, r, d.Verb(), d.Reason, now); err != nil {
			return err
		}
		return s.emit(ctx, tx, p, r, d.Verb(), d.Reason, now)
	})
	if err != nil {
		return Sale{}, err
	}
	s.afterWrite(ctx, !approve, true)
	return s.whole(ctx, r)
}

// Visible reports whether p sees the live sale id (its company scope): the read rule of the
// sale's images.
func (s *Service) Visible(ctx context.Context, p caller.Principal, id int64) (bool, error) {
	_, err := s.store.Get(ctx, s.scope(p, 0), id)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// Get returns one sale p may see, with its lines and images.
func (s *Service) Get(ctx context.Context, p caller.Principal, id int64) (Sale, error) {
	r, err := s.get(ctx, p, id)
	if err != nil {
		return Sale{}, err
	}
	return s.whole(ctx, r)
}

// whole is r with its lines and images.
func (s *Service) whole(ctx context.Context, r *store.Row) (Sale, error) {
	lines, err := s.store.Lines(ctx, []int64{r.ID})
	if err != nil {
		return Sale{}, apperror.Internal(err)
	}
	imgs, err := s.images(ctx, s.d.DB, r.ID)
	if err != nil {
		return Sale{}, apperror.Internal(err)
	}
	return view(r, lines[r.ID], imgs), nil
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
	case "", payable.StatusPending, payable.StatusPartial, payable.StatusPaid:
	default:
		return apperror.Field("status", "Unknown status.")
	}
	return listing.CheckDates(f.From, f.To)
}

// maxCustomerMatches bounds the customers a search brings in by their current names (a term of
// a letter or two begins the words of thousands).
const maxCustomerMatches = 10000

// matchCustomers fills f.CustomerIDs: the customers in sc whose current words match the search
// (the people module owns them), and resolves the search with them (store.Resolve).
func (s *Service) matchCustomers(ctx context.Context, sc store.Scope, f *store.Filter) error {
	if len(search.Terms(f.Q)) == 0 {
		return nil
	}
	ids, err := s.d.Customers.CustomerIDs(ctx, sc, f.Q, maxCustomerMatches)
	if err != nil {
		return apperror.Internal(err)
	}
	f.CustomerIDs = ids
	// Resolved here, once for the page and its count.
	if *f, err = s.store.Resolve(ctx, sc, *f); err != nil {
		return apperror.Internal(err)
	}
	return nil
}

// List returns one page of the sales p may see (no lines, no images).
func (s *Service) List(ctx context.Context, p caller.Principal, q Query) (listing.Page[Sale], error) {
	if err := checkFilter(q.Filter); err != nil {
		return listing.Page[Sale]{}, err
	}
	plan, err := listing.NewPlan(store.Spec, q.List)
	if err != nil {
		return listing.Page[Sale]{}, err
	}
	sc := s.scope(p, q.CompanyID)
	if err := s.matchCustomers(ctx, sc, &q.Filter); err != nil {
		return listing.Page[Sale]{}, err
	}
	return listing.Fetch(ctx, plan, listing.Source[store.Row]{
		Rows: func(ctx context.Context) ([]store.Row, error) { return s.store.List(ctx, sc, q.Filter, plan) },
		Count: s.d.Counter.Cached(store.Table, q.Filter.Key(sc), func(ctx context.Context) (int, error) {
			return s.store.Count(ctx, sc, q.Filter)
		}),
		Key: store.KeyOf(plan.Key()),
	}, listing.PerRow(func(r store.Row) Sale { return view(&r, nil, nil) }))
}

// Export checks an export request and returns what runs it: fn is called for every sale of the
// list (no paging, no lines) in its order, streaming from the database.
func (s *Service) Export(p caller.Principal, q Query) (func(ctx context.Context, fn func(Sale) error) error, error) {
	if err := checkFilter(q.Filter); err != nil {
		return nil, err
	}
	if _, err := listing.NewPlan(store.Spec, listing.Query{Sort: q.List.Sort}); err != nil {
		return nil, err
	}
	sc := s.scope(p, q.CompanyID)
	return func(ctx context.Context, fn func(Sale) error) error {
		if err := s.matchCustomers(ctx, sc, &q.Filter); err != nil {
			return err
		}
		return s.store.Each(ctx, sc, q.Filter, q.List.Sort, func(r store.Row) error { return fn(view(&r, nil, nil)) })
	}, nil
}

// Seller is a user who recorded sales, as the list's seller filter offers them.
type Seller struct {
	ID   int64  `json:"id"`
	Name string `json:"name" doc:"As on the seller's latest sale"`
}

// Sellers returns the users who recorded the live sales p may see (administrators: every
// company's, or companyID's), each once, ordered by name (accents and case ignored), then id: the
// seller filter of everyone, who may not all list users.
func (s *Service) Sellers(ctx context.Context, p caller.Principal, companyID int64) ([]Seller, error) {
	rows, err := s.store.Sellers(ctx, s.scope(p, companyID))
	if err != nil {
		return nil, apperror.Internal(err)
	}
	out := make([]Seller, len(rows))
	for i, r := range rows {
		out[i] = Seller{ID: r.ID, Name: r.Name}
	}
	slices.SortFunc(out, func(a, b Seller) int {
		return cmp.Or(strings.Compare(search.Fold(a.Name), search.Fold(b.Name)), cmp.Compare(a.ID, b.ID))
	})
	return out, nil
}
