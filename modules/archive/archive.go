// Package archive owns the advanced delete (spec §2 /advanced_delete/form, §7, §8; DESIGN §4;
// issue 13): an administrator or a user previews a selection of records of one kind — chosen
// ones, or a filter by date range, party, store and approval status — asks for a 6-digit code
// by mail, and with that code and a reason archives the selection in one transaction; an
// administrator restores a batch within 30 days. It owns archive_batches, archive_items and
// archive_codes, and no record: each owner archives and restores its own records through
// platform/archiving (purchasing.Module.Purchases and Returns, sales.Module.Sales,
// payments.Module.Payments, procurement.Module.PurchaseOrders and ReceivedOrders, and the
// payments that go with documents, payments.Module.Attached; people.Module.Customers and
// Suppliers, catalog.Module.Products and Categories), given this module's transaction.
//
// Rules decided here:
//   - Kinds, by the form's names, with the filters each takes besides its dates and chosen ids
//     (Kind.Filters). A filter a kind does not take is refused ('This filter does not apply to
//     what you delete.'), never ignored, so that it cannot widen a selection. A selection takes
//     at most 500 records ('Select at most 500 records at once.').
//   - purchases (supplier, store, status): their returns and payments go along.
//   - sales (customer, store, status): their payments go along.
//   - payments on their own (status): an approved one leaves its document's paid amount, and
//     must still fit the document to come back.
//   - returns on their own (supplier, the purchase's store, status): an approved one gives its
//     goods back to stock and its amount back to the purchase's balance, a pending one frees its
//     pending amount. An approved return whose purchase has a live refund cannot be deleted:
//     the refund settles the credit the return left, so it goes first (as a payment on its
//     own). A restore is refused when the purchase is gone or other returns took its units or
//     value.
//   - purchase_orders (status; "approved" is every order past approval): their received orders
//     go along, the units the approved ones brought leaving stock. An order one of whose
//     received orders a purchase invoices, or whose units were sold meanwhile, cannot be
//     deleted.
//   - received_orders on their own (status): an approved one's units leave stock and its
//     order's received units and status are recomputed, a pending one frees its booking. One a
//     purchase invoices, or whose units were sold, cannot be deleted; a restore is refused when
//     its order is gone or its balance was taken meanwhile.
//   - Master data: customers and suppliers (filter: approval status), products (filter:
//     category) and categories, by their creation dates. What live records still hold stays,
//     listed in the preview with the reason ('Customer cannot be deleted: it has sales.',
//     'Supplier …: it has purchases.', 'Product …: it has stock on hand.' or the documents naming
//     it, 'Category …: it has products.'); the others are archived, and a restore is refused
//     when a live record has taken the unique value meanwhile (document number, code, name) or
//     a product's category went. The owners ask what holds the records in one query per
//     reference for the whole selection (platform/archiving.Held), in the archive's transaction
//     after taking the records (FOR UPDATE on PostgreSQL), while a document naming a customer or
//     supplier keeps it (FOR KEY SHARE) in the transaction that stores it: of a sale and an
//     archive of its customer racing, one waits for the other, so never both succeed. Master
//     data carries no amount: its previews and batches have no total (null), not $ 0.
//   - Archived = soft-deleted (deleted_at, deleted_by), so lists, reports and party totals drop
//     the records without knowing about archives; the batch's items say which records it took,
//     so a restore never brings back a record deleted by hand. Each owner reverses every effect
//     (a sale's units back to stock; a purchase's approved goods returns' units back to stock;
//     a received order's units out of stock) and re-applies them on restore, or refuses with
//     the reason (the goods were sold meanwhile, the supplier, customer, purchase or order was
//     deleted, the reference or the balance was taken). Every owner's archive and restore loop
//     is archiving.Take and archiving.Bring.
//   - The code: 6 digits from crypto/rand, valid 10 minutes, single use, void after 5 wrong
//     tries, at most 3 sent per user in 15 minutes (429 with Retry-After). Only its hash is
//     stored, and the hash binds it to the user and to the exact preview it was sent for — the
//     normalised selection, the caller's scope and the ids it resolved to — so a changed
//     selection, or records that came or went since, need a new code ('Verification failed').
//     A newer code replaces the ones before it. A mail that cannot be sent changes nothing
//     ('Failed to send verification code.').
//   - Verify recomputes the preview inside the archive's transaction, checks the code there,
//     and archives: a failure anywhere rolls back the batch, every owner's changes and the
//     code's use. A wrong code's try is counted after the rollback.
//   - Purge (backoffice purge --older-than 30d) removes old batches; their records stay
//     soft-deleted, as every deleted record does, and can no longer be restored. Nothing purges
//     by itself.
//
// Access: admin and user preview, send codes, verify and list batches; secretary and buyer get
// 403. Administrators see every company (company_id filter); a user only their company's
// records and batches, another company's ids never resolve. Only administrators restore.
package archive

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/archive/internal/app"
	archivehttp "github.com/backoffice/backoffice/modules/archive/internal/http"
	"github.com/backoffice/backoffice/platform/archiving"
	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/mail"
)

// Users gives a user's display name and e-mail address (*auth.Module).
type Users = app.Users

// Kind is one kind of record: its owner, and the payments that go with its documents.
type Kind struct {
	Owner archiving.Kind
	// Along and DocType: the records attached to the owner's documents (payments of type
	// DocType), archived and restored with them; nil when none.
	Along   archiving.Along
	DocType string
	// Filters are the filters beyond dates and ids it takes (FilterParty, FilterStore,
	// FilterStatus, FilterCategory); nil: party, store and status, as documents do.
	Filters []string
	// NoAmounts: its records carry no amount (master data), so its previews and batches show
	// no total (null), not $ 0.
	NoAmounts bool
}

// The filters a Kind may take beyond dates and ids.
const (
	FilterParty    = app.FilterParty
	FilterStore    = app.FilterStore
	FilterStatus   = app.FilterStatus
	FilterCategory = app.FilterCategory
)

// Deps is what the module needs.
type Deps struct {
	DB *bun.DB
	// Kinds by the name the form sends (purchases, sales, payments, returns, purchase_orders,
	// received_orders).
	Kinds map[string]Kind
	// Mail sends the verification codes (platform/mail: SMTP, or the dev mailbox).
	Mail  mail.Sender
	Users Users
	// DeleteRoles preview, send codes, verify and list (admin, user); AdminRole also restores
	// and sees every company.
	DeleteRoles []string
	AdminRole   string
	Now         func() time.Time
}

// Module is the archive module's composition root.
type Module struct {
	svc   *app.Service
	roles archivehttp.Roles
}

// New wires the module.
func New(d Deps) *Module {
	if d.Now == nil {
		d.Now = time.Now
	}
	kinds := make(map[string]app.Kind, len(d.Kinds))
	for name, k := range d.Kinds {
		kinds[name] = app.Kind{Owner: k.Owner, Along: k.Along, DocType: k.DocType, Filters: k.Filters, NoAmounts: k.NoAmounts}
	}
	return &Module{svc: app.New(app.Deps{DB: d.DB, Kinds: kinds, Mail: d.Mail, Users: d.Users, AdminRole: d.AdminRole, Now: d.Now}),
		roles: archivehttp.Roles{Deleters: d.DeleteRoles, Restorers: []string{d.AdminRole}}}
}

// Routes registers the advanced delete and the archive.
func (m *Module) Routes(api *httpx.API) { archivehttp.Routes(api, m.svc, m.roles) }

// Purge removes the archive batches older than age and returns how many went (backoffice purge).
func (m *Module) Purge(ctx context.Context, age time.Duration) (int, error) {
	return m.svc.Purge(ctx, age)
}
