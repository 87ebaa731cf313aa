package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/approval"
	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
	"github.com/backoffice/backoffice/platform/payable"
	"github.com/backoffice/backoffice/platform/search"
)

// ReturnRow is a row of purchase_returns.
type ReturnRow struct {
	bun.BaseModel `bun:"table:purchase_returns,alias:r"`

	ID        int64 `bun:"id,pk,autoincrement"`
	CompanyID int64 `bun:"company_id,notnull"`
	// The purchase, with its reference number and supplier as of the return.
	PurchaseID          int64  `bun:"purchase_id,notnull"`
	PurchaseReferenceNo string `bun:"purchase_reference_no,notnull"`
	SupplierID          int64  `bun:"supplier_id,notnull"`
	SupplierName        string `bun:"supplier_name,notnull"`
	ReturnDate          string `bun:"return_date,notnull"`
	ReferenceNo         string `bun:"reference_no,notnull"`
	Kind                string `bun:"kind,notnull"`
	Note                string `bun:"note,notnull"`
	ValueCents          int64  `bun:"value_cents,notnull"`
	ReturnFigures
	approval.Columns
	CreatedByName string `bun:"created_by_name,notnull"`
	DecidedByName string `bun:"decided_by_name,notnull"`
	db.Stamps

	// SortKey is the list's text sort value as the database computes it, read back for the page
	// cursors (see listing.Finish).
	SortKey string `bun:"sort_key,scanonly"`
}

// ReturnFigures are a return's amounts as stored.
type ReturnFigures struct {
	SubtotalCents          int64 `bun:"subtotal_cents,notnull"`
	DiscountCents          int64 `bun:"discount_cents,notnull"`
	TaxableBaseCents       int64 `bun:"taxable_base_cents,notnull"`
	VATCents               int64 `bun:"vat_cents,notnull"`
	WithholdingIncomeCents int64 `bun:"withholding_income_cents,notnull"`
	WithholdingVATCents    int64 `bun:"withholding_vat_cents,notnull"`
	AmountCents            int64 `bun:"amount_cents,notnull"`
}

// ReturnLineRow is a row of purchase_return_lines.
type ReturnLineRow struct {
	bun.BaseModel `bun:"table:purchase_return_lines,alias:rl"`

	ID             int64  `bun:"id,pk,autoincrement"`
	ReturnID       int64  `bun:"return_id,notnull"`
	CompanyID      int64  `bun:"company_id,notnull"`
	LineNo         int    `bun:"line_no,notnull"`
	PurchaseLineID int64  `bun:"purchase_line_id,notnull"`
	ProductID      int64  `bun:"product_id,notnull"`
	ProductCode    string `bun:"product_code,notnull"`
	ProductName    string `bun:"product_name,notnull"`
	Kind           string `bun:"kind,notnull"`
	Quantity       int64  `bun:"quantity,notnull"`
	UnitCostCents  int64  `bun:"unit_cost_cents,notnull"`
	SubtotalCents  int64  `bun:"subtotal_cents,notnull"`
	DiscountCents  int64  `bun:"discount_cents,notnull"`
	BaseCents      int64  `bun:"base_cents,notnull"`
	VATCents       int64  `bun:"vat_cents,notnull"`
}

// ReturnsTable is the returns' table, whose cached list totals writes bump.
const ReturnsTable = "purchase_returns"

// ReturnFilter narrows a returns list or export.
type ReturnFilter struct {
	// Q is the search text (platform/search): a return matches when Q matches its reference
	// number, its purchase's reference or its supplier's name as the return copied them.
	Q string
	// Approval is "", pending, approved or rejected; Kind "", goods or value.
	Approval, Kind string
	// PurchaseID and SupplierID narrow to one purchase's or one supplier's returns.
	PurchaseID, SupplierID int64
	// From and To bound the return date ('YYYY-MM-DD', both included; "" for open).
	From, To string
}

// Key identifies the filter and scope for the cached total.
func (f ReturnFilter) Key(s listing.Scope) string {
	return fmt.Sprintf("%s|%q|%q|%q|%d|%d|%q|%q", s, strings.TrimSpace(f.Q), f.Approval, f.Kind, f.PurchaseID,
		f.SupplierID, f.From, f.To)
}

// ReturnSpec is the returns list's sorts: return_date (default, newest first), amount_cents,
// reference_no and created_at; the id breaks ties.
var ReturnSpec = listing.Spec{
	Columns: map[string]listing.Column{
		"return_date":  {Expr: "r.return_date", Kind: listing.String},
		"amount_cents": {Expr: "r.amount_cents", Kind: listing.Int},
		"reference_no": {Expr: "lower(r.reference_no)", Kind: listing.String},
		"created_at":   {Expr: "r.created_at", Kind: listing.Time},
	},
	Default:     "return_date",
	DefaultDesc: true,
	ID:          "r.id",
}

// ReturnKeyOf returns a return row's cursor position for the sort key (listing.Plan.Key).
func ReturnKeyOf(key string) func(ReturnRow) (any, int64) {
	return func(r ReturnRow) (any, int64) {
		switch key {
		case "amount_cents":
			return r.AmountCents, r.ID
		case "created_at":
			return r.CreatedAt, r.ID
		default:
			return r.SortKey, r.ID
		}
	}
}

// ReturnWords is the returns' word index (platform/search), kept by InsertReturn and
// SoftDeleteReturn. Its sort key is the return date, the list's default order.
var ReturnWords = search.Table{Name: "purchase_return_words", Key: "return_id", Source: ReturnsTable, SortExpr: "s.return_date"}

// ReturnRowWords returns the indexed words of a return: its reference number, its purchase's
// reference and its supplier's name, as the return copied them.
func ReturnRowWords(r *ReturnRow) []string {
	var w search.Words
	return w.Identifier(r.ReferenceNo).Identifier(r.PurchaseReferenceNo).Text(r.SupplierName).List()
}

// GetReturn returns the live return id in scope.
func (s *Store) GetReturn(ctx context.Context, scope Scope, id int64) (*ReturnRow, error) {
	r := new(ReturnRow)
	return r, db.NotFound(ReturnSpec.Rows(s.db, r, "r", scope, "").Where("r.id = ?", id).Scan(ctx))
}

// InsertReturn adds r with its lines (numbered in order) and its words, and sets its ID.
func (s *Store) InsertReturn(ctx context.Context, r *ReturnRow, lines []ReturnLineRow) error {
	if _, err := s.db.NewInsert().Model(r).Returning("id").Exec(ctx); err != nil {
		return err
	}
	for i := range lines {
		lines[i].ReturnID, lines[i].CompanyID, lines[i].LineNo, lines[i].ID = r.ID, r.CompanyID, i+1, 0
	}
	if len(lines) > 0 {
		if _, err := s.db.NewInsert().Model(&lines).Exec(ctx); err != nil {
			return err
		}
	}
	return ReturnWords.Put(ctx, s.db, map[int64][]string{r.ID: ReturnRowWords(r)})
}

// ReturnLines returns the lines of returns ids, keyed by return, in line order.
func (s *Store) ReturnLines(ctx context.Context, ids []int64) (map[int64][]ReturnLineRow, error) {
	out := make(map[int64][]ReturnLineRow, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []ReturnLineRow
	if err := s.db.NewSelect().Model(&rows).Where("rl.return_id IN (?)", bun.In(ids)).
		OrderExpr("rl.return_id, rl.line_no").Scan(ctx); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ReturnID] = append(out[r.ReturnID], r)
	}
	return out, nil
}

// LineClaim is what the live returns of one approval status take of a purchase line.
type LineClaim struct {
	PurchaseLineID int64  `bun:"purchase_line_id"`
	ApprovalStatus string `bun:"approval_status"`
	Quantity       int64  `bun:"quantity"`
}

// Claims sums, per purchase line and approval status, the units the live returns of purchase
// purchaseID take (rejected ones included, for the caller to leave out), but return except
// (0: none). Under the purchase's hold (Hold) the sums hold until the transaction ends.
func (s *Store) Claims(ctx context.Context, purchaseID, except int64) ([]LineClaim, error) {
	var out []LineClaim
	err := s.db.NewSelect().TableExpr("purchase_return_lines AS rl").Join("JOIN purchase_returns AS r ON r.id = rl.return_id").
		ColumnExpr("rl.purchase_line_id, r.approval_status, SUM(rl.quantity) AS quantity").
		Where("r.purchase_id = ?", purchaseID).Where("r.deleted_at IS NULL").Where("r.id <> ?", except).
		GroupExpr("rl.purchase_line_id, r.approval_status").Scan(ctx, &out)
	return out, err
}

// Taken sums the figures of the live approved and pending returns of purchase purchaseID but
// except (0: none): what they take of what the purchase may return.
func (s *Store) Taken(ctx context.Context, purchaseID, except int64) (ReturnFigures, error) {
	var f ReturnFigures
	err := s.db.NewSelect().Model((*ReturnRow)(nil)).
		ColumnExpr("COALESCE(SUM(r.subtotal_cents), 0) AS subtotal_cents, COALESCE(SUM(r.discount_cents), 0) AS discount_cents").
		ColumnExpr("COALESCE(SUM(r.taxable_base_cents), 0) AS taxable_base_cents, COALESCE(SUM(r.vat_cents), 0) AS vat_cents").
		ColumnExpr("COALESCE(SUM(r.withholding_income_cents), 0) AS withholding_income_cents").
		ColumnExpr("COALESCE(SUM(r.withholding_vat_cents), 0) AS withholding_vat_cents, COALESCE(SUM(r.amount_cents), 0) AS amount_cents").
		Where("r.purchase_id = ?", purchaseID).Where("r.deleted_at IS NULL").Where("r.id <> ?", except).
		Where("r.approval_status IN (?)", bun.In([]string{string(approval.Approved), string(approval.Pending)})).
		Scan(ctx, &f)
	return f, err
}

// DecideReturn writes decision d on the live return id while it is still in status from, with
// the decider's name (approval.Store's conditional write).
func (s *Store) DecideReturn(ctx context.Context, id int64, from approval.Status, d approval.Decision, by int64, byName string, at time.Time) error {
	return approval.Store(ctx, s.db.NewUpdate().Model((*ReturnRow)(nil)).Set("decided_by_name = ?", byName), id, from, d, by, at)
}

// SoftDeleteReturn marks the live return id deleted while it is still in one of statuses, and
// drops its words.
func (s *Store) SoftDeleteReturn(ctx context.Context, id, by int64, at time.Time, statuses ...string) error {
	ok, err := db.SoftDelete(ctx, s.db.NewUpdate().Model((*ReturnRow)(nil)).Where("approval_status IN (?)", bun.In(statuses)), id, by, at)
	if err == nil && !ok {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	return ReturnWords.Drop(ctx, s.db, id)
}

// ApplyReturns adds approvedDelta to the approved returns (return_cents) and pendingDelta to the
// pending returns of the live purchase id, and recomputes its balance and status in the same
// statement (payable.StatusOf's rule, in SQL, with a purchase's received label). Neither sum may
// go below zero: such a write changes nothing and reports ErrNotFound.
func (s *Store) ApplyReturns(ctx context.Context, id, approvedDelta, pendingDelta int64, at time.Time) error {
	balance := "total_to_pay_cents - paid_cents - (return_cents + ?)"
	res, err := s.db.NewUpdate().Model((*Row)(nil)).
		Set("return_cents = return_cents + ?", approvedDelta).
		Set("pending_return_cents = pending_return_cents + ?", pendingDelta).
		Set("balance_cents = "+balance, approvedDelta).
		Set("status = CASE WHEN "+balance+" <= 0 THEN ? WHEN paid_cents > 0 THEN ? ELSE "+paidColumns.Unpaid+" END",
			approvedDelta, payable.StatusPaid, payable.StatusPartial).
		Set("updated_at = ?", at).
		Where("id = ?", id).Where("deleted_at IS NULL").
		Where("return_cents + ? >= 0", approvedDelta).Where("pending_return_cents + ? >= 0", pendingDelta).Exec(ctx)
	return db.OneRow(res, err)
}

// filteredReturns applies f to q, a SELECT of returns aliased r in scope.
func (s *Store) filteredReturns(q *bun.SelectQuery, scope Scope, f ReturnFilter) *bun.SelectQuery {
	if terms := search.Terms(f.Q); len(terms) > 0 {
		q = q.Where("r.id IN (?)", ReturnWords.IDs(s.db, terms, scope))
	}
	for cond, value := range map[string]string{"r.approval_status = ?": f.Approval, "r.kind = ?": f.Kind,
		"r.return_date >= ?": f.From, "r.return_date <= ?": f.To} {
		if value != "" {
			q = q.Where(cond, value)
		}
	}
	for cond, id := range map[string]int64{"r.purchase_id = ?": f.PurchaseID, "r.supplier_id = ?": f.SupplierID} {
		if id > 0 {
			q = q.Where(cond, id)
		}
	}
	return q
}

// matchingReturns selects the live returns in scope matching f into dst, with the sort key of
// sort.
func (s *Store) matchingReturns(scope Scope, f ReturnFilter, dst any, sort string) *bun.SelectQuery {
	return s.filteredReturns(ReturnSpec.Rows(s.db, dst, "r", scope, sort), scope, f)
}

// ListReturns returns one page (plan) of the live returns in scope matching f, before Finish.
func (s *Store) ListReturns(ctx context.Context, scope Scope, f ReturnFilter, plan *listing.Plan) ([]ReturnRow, error) {
	var rows []ReturnRow
	return rows, plan.Apply(s.matchingReturns(scope, f, &rows, plan.Query().Sort)).Scan(ctx)
}

// CountReturns counts the live returns in scope matching f.
func (s *Store) CountReturns(ctx context.Context, scope Scope, f ReturnFilter) (int, error) {
	n, err := s.filteredReturns(listing.Live(s.db, (*ReturnRow)(nil), "r", scope), scope, f).Count(ctx)
	return int(n), err
}

// EachReturn calls fn for every live return in scope matching f, in the list's order for sort,
// streaming from the database (the export).
func (s *Store) EachReturn(ctx context.Context, scope Scope, f ReturnFilter, sort string, fn func(ReturnRow) error) error {
	return listing.Each(ctx, s.matchingReturns(scope, f, (*ReturnRow)(nil), sort).OrderExpr(ReturnSpec.OrderBy(sort)), fn)
}

// SupplierReturns are a supplier's figures from its purchases: the approved purchases' total to
// pay, paid, approved returns, pending returns and balance, and the credit in the company's
// favour (Σ of the purchases' negative balances, as a positive amount).
type SupplierReturns struct {
	SupplierID         int64 `bun:"supplier_id"`
	Count              int64 `bun:"count"`
	TotalCents         int64 `bun:"total_cents"`
	PaidCents          int64 `bun:"paid_cents"`
	ReturnCents        int64 `bun:"return_cents"`
	PendingReturnCents int64 `bun:"pending_return_cents"`
	BalanceCents       int64 `bun:"balance_cents"`
	CreditCents        int64 `bun:"credit_cents"`
}

// SupplierFigures sums the live, approved purchases of each supplier among ids.
func (s *Store) SupplierFigures(ctx context.Context, ids []int64) (map[int64]SupplierReturns, error) {
	out := make(map[int64]SupplierReturns, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []SupplierReturns
	err := s.db.NewSelect().Model((*Row)(nil)).ColumnExpr("p.supplier_id, COUNT(*) AS count").
		ColumnExpr("SUM(p.total_to_pay_cents) AS total_cents, SUM(p.paid_cents) AS paid_cents").
		ColumnExpr("SUM(p.return_cents) AS return_cents, SUM(p.pending_return_cents) AS pending_return_cents").
		ColumnExpr("SUM(CASE WHEN p.balance_cents > 0 THEN p.balance_cents ELSE 0 END) AS balance_cents").
		ColumnExpr("SUM(CASE WHEN p.balance_cents < 0 THEN -p.balance_cents ELSE 0 END) AS credit_cents").
		Where("p.supplier_id IN (?)", bun.In(ids)).Where("p.deleted_at IS NULL").
		Where("p.approval_status = ?", string(approval.Approved)).GroupExpr("p.supplier_id").Scan(ctx, &rows)
	for _, r := range rows {
		out[r.SupplierID] = r
	}
	return out, err
}
