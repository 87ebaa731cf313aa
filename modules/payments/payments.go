// Package payments owns the payments: money we pay a supplier on a purchase (type purchase) and
// money a customer pays us on a sale (type sale) — date, reference number, amount, method (cash,
// transfer, card, cheque), note and images — and the runs that record several payments at once.
// It owns the payments, payment_batches and payment_words tables and publishes
// backoffice.payments.payment.{created,approved,rejected}.v1.
//
// The documents belong to their owners (purchasing, sales), which keep paid, balance and status
// in their own tables. This module never reads those tables: it reads, holds and pays a document
// only through its owner's platform/payable.Ledger, inside the payment's own transaction (DESIGN
// rule 3), so a payment and the document's new figures commit or roll back together. A payment
// copies its document's number and party at write time, as a record of that moment, and the name
// of the user who records it (created_by_name, from the auth module through caller.Users), which
// everyone who reads the payment sees — only administrators may list users.
//
// Rules decided here (spec §3–§5, issue 11 and DESIGN §4):
//   - Approval: an administrator's payment is approved at once; a user's or a secretary's waits as
//     pending until an administrator approves it or rejects it (reason required; approval.Run).
//     Only approved payments count as paid: the document's paid, balance and status (pending →
//     partial → paid) change through Ledger.ApplyPaid in the transaction of the approval, or of
//     the administrator's create.
//   - Never overpaid: a payment, pending or approved, is refused when its amount exceeds the
//     document's balance less the other payments pending on it and its pending returns — 422 on
//     amount_cents, 'The payment exceeds the balance due ($ 1.234.567).' with what may still be
//     paid written as pesos, es-CO style. The check and the write happen in one transaction with
//     the document held (Ledger.Document: a row lock on PostgreSQL, the write lock on SQLite), so
//     concurrent payments of a document take turns and paid + pending never passes what is owed.
//     Approving checks again (a return may have lowered the balance since). Rejecting or deleting
//     a pending payment frees its amount.
//   - Refunds (issue 11: a return on a paid purchase leaves a credit in our favour, saldo a favor,
//     settled by a refund recorded on that purchase — money in). A payment has a direction,
//     the field `direction`: "payment" (the default when the form leaves it out; every sale's
//     payment and every run's) or "refund", on a purchase only ('Refunds are recorded on
//     purchases only.', 422 on direction). The purchase's credit is −balance when its balance
//     (total − paid − returns) is below zero (payable.Document.Credit). A refund, pending or
//     approved, is refused when its amount exceeds the credit less the other refunds pending on
//     it — 422 on amount_cents, 'The refund exceeds the credit in our favour ($ 300.000).' — so a
//     purchase without a credit takes none. Refunds and payments are summed apart: pending
//     payments do not hold the credit, pending refunds do not hold the balance. A refund is
//     approved as a payment is (an administrator's at once, anyone else's pending, checked again
//     at approval under the purchase's hold); approved, it calls purchasing's Ledger.ApplyPaid
//     with −amount in the same transaction: the paid amount falls by it, the balance rises
//     toward 0 (never past it: the check above) and the status is recomputed (a purchase whose
//     credit is settled stays paid). On a purchase of total T paid in full with an approved
//     return of X (credit X), a refund of X leaves paid T − X, balance 0, credit 0; a pending
//     return is no credit yet. The steps are written once, in modules/purchasing's package
//     doc. Its events are the payment subjects with "direction": "refund" in the payload; the
//     notifications say refund. Lists, filters (direction=) and the export show the direction.
//   - Only approved documents are paid ('Only approved documents can be paid.', 422 on
//     document_id): a pending document is not yet a debt, a rejected one never is. A document
//     that is missing, deleted or of another company answers 404, whatever its type (in a run,
//     422 naming the item: 'The selected document is invalid.').
//   - Delete: pending payments only, softly, audited, with their images; an approved payment is
//     part of the books and a rejected one the record of a refusal ('Payment cannot be deleted',
//     409).
//   - A run (POST /api/payments/batch, the concurrent-payments form) records one payment per
//     document it names, with one date, reference number, method, note and at most one image
//     (the proof of the whole run, owner "payment_batch", shown on each of its payments), in one
//     transaction: all or none. One document that cannot take its amount refuses the whole run
//     and names it (items.N.amount_cents, items.N.document_id). A document may come twice: each
//     amount counts. The documents are held in id order, so two runs never wait on each other in
//     a circle. The documents of a run belong to one company ('The documents of a run must
//     belong to one company.'); the run is numbered from that company's sequence (LOTE-000123)
//     and is one batch in the payment list (batch_id, batch_number).
//   - Idempotency-Key (platform/idempotency) on both creates: a retry with the same key and
//     request answers the first answer and records nothing; the same key with another request
//     is 422. Keys live 24 h per user in the shared cache.
//   - The open documents of a run's suppliers or customers (GET /api/payments/documents) come
//     from the owners (Ledger.Open): approved with a balance, soonest due first, with the
//     supplier's invoice number, the due date and days overdue (America/Bogota; sales have no
//     due date), the balance, what is pending and what a new payment may take (the form's
//     default amount).
//   - Search: a payment is found by its reference number, its document's number and its party's
//     name as the payment copied them. A list filtered by party needs the type (suppliers and
//     customers are numbered apart).
//   - Numbers and dates have the bounds every document shares (platform/bounds): an amount from
//     0.01 to 100,000,000,000,000.00; the payment date from 2000-01-01 to ten years after today;
//     a reference number of 1 to 100 characters ('Reference No is required' — spec §5's 'El
//     número de referencia es obligatorio'), a note of 5000; up to 10 images of 4 MB each,
//     checked by content; a run of up to 200 documents.
//
// Access: admin, user and secretary (not buyer) list, read, record, delete and export;
// administrators approve and reject. Administrators see and pay every company's documents
// (optional company_id filter); everyone else sees and pays only their own company's, and
// another company's payment or document answers 404. Images are readable exactly by those who
// can read the payment.
//
// Events carry {id, reference_no, type, direction, document_id, document_number, party_name,
// amount_cents, created_by, status, reason?}: the notifications module tells the administrators
// of a pending payment and its creator of the decision, and refreshes the payments lists and the document's
// lists (purchases and suppliers, or sales and customers) in open tabs.
package payments

import "github.com/backoffice/backoffice/modules/payments/internal/app"

// Payment is a payment as the API shows it (money in centavos).
type Payment = app.Payment
