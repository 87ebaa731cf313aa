// Package people owns the customers and suppliers: their contact data, their Colombian tax
// profile (person type, declarante, IVA responsible, gran contribuyente, autorretenedor,
// CC/NIT/CE/PAS document with the NIT check digit), their approval (created by an admin:
// approved; by anyone else: pending until an admin approves or rejects it with a reason) and
// their soft deletion. It owns the customers and suppliers tables and publishes
// backoffice.people.{customer,supplier}.{created,approved,rejected}.v1.
//
// Access: admin, user and secretary (not buyer) list, read, create, edit, delete and export;
// only admins approve and reject. Admins see every company's records (optional company_id
// filter); everyone else only their own company's, and another company's record answers 404.
//
// The list's search (q) finds the records where each word of the text begins a word of the name,
// the company, the e-mail or the document number, accents and letter case ignored; it reads the
// customer_words and supplier_words indexes (platform/search), which the store keeps in the
// transaction of every write.
//
// Other modules plug in through small interfaces given in Deps:
//   - CustomerTotals: the sales module computes each customer's total sales, total amount, paid
//     and balance. Until it exists, NoSales answers zero for everyone (the list still shows the
//     columns, all 0).
//   - CustomerReferences / SupplierReferences: sales, purchases, payments… tell which records
//     are still referenced; a referenced record cannot be deleted ('Customer cannot be deleted').
//     A delete — one record, or an advanced delete's batch — takes its records (FOR UPDATE on
//     PostgreSQL) and asks the references in its own transaction.
//
// And they read parties through Module.Customer and Module.Supplier (a purchase's supplier with
// its tax profile, a sale's customer); a document naming a party keeps it in the transaction
// that stores the document (Module.KeepCustomer, KeepSupplier), so that a delete of the party
// and the document cannot both succeed.
package people

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/people/internal/app"
	"github.com/backoffice/backoffice/modules/people/internal/domain"
)

// Party is a customer or supplier as other modules read it: Name, Company, contact data,
// the tax Profile (PersonType, Declarante, IVAResponsible, GranContribuyente, Autorretenedor,
// DocumentType, DocumentNumber), VerificationDigit, ApprovalStatus, CompanyID.
type Party = app.Record

// Totals are a customer's sales figures (money in centavos).
type Totals = app.Totals

// Person and document types of the tax profile.
const (
	Natural  = domain.Natural
	Juridica = domain.Juridica
	CC       = domain.CC
	NIT      = domain.NIT
	CE       = domain.CE
	PAS      = domain.PAS
)

// CustomerTotals computes customers' sales figures; the sales module implements it. The ids are
// customers the caller may see; a customer missing from the answer has no sales.
type CustomerTotals = app.CustomerTotals

// SupplierTotals computes suppliers' purchase figures (count, total, paid, returns, pending
// returns, balance, credit); the purchasing module implements it. A supplier missing from the
// answer has no approved purchases.
type SupplierTotals interface {
	SupplierTotals(ctx context.Context, supplierIDs []int64) (map[int64]Totals, error)
}

// NoSales is the CustomerTotals of a product without a sales module: nobody has sales yet.
type NoSales struct{}

// CustomerTotals answers no figures, which the list shows as zeros.
func (NoSales) CustomerTotals(context.Context, []int64) (map[int64]Totals, error) {
	return map[int64]Totals{}, nil
}

// CustomerReferences tells which customers are still referenced (by sales, for instance):
// CustomersInUse returns which of ids live records name, read on db — the deleting
// transaction, after it took the customers — in one query for them all.
type CustomerReferences interface {
	CustomersInUse(ctx context.Context, db bun.IDB, ids []int64) ([]int64, error)
}

// SupplierReferences is CustomerReferences for suppliers (held by purchases, for instance).
type SupplierReferences interface {
	SuppliersInUse(ctx context.Context, db bun.IDB, ids []int64) ([]int64, error)
}

// CompanyNames resolves company ids to names, leaving out companies that are gone
// (implemented by the settings module).
type CompanyNames = app.CompanyNames
