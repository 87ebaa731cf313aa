/**
 * The document a payment page pays, whatever its owner: a purchase (we pay its supplier) or a
 * sale (its customer pays us), read from its owner's API and told in one shape, with what the
 * payments module says may still be paid on it (its open document: balance less what is
 * pending). A document without an open entry takes no payment: not approved, or paid in full.
 */
import type { ApprovalStatus } from '@/components/list/approval';
import type { PaymentStatus } from '@/components/list/payment-status';
import { usePurchase, type Purchase } from '../api/get-purchase';
import { useSale, type Sale } from '../api/get-sale';
import type { PaymentType } from '../api/list-payments';
import { useOpenDocuments, type OpenDocument } from '../api/list-open-documents';

/** A purchase or a sale as the payment page shows it (money in centavos). */
export interface PayableDocument {
  type: PaymentType;
  id: number;
  number: string;
  partyName: string;
  partyId: number;
  companyId: number;
  date: string;
  /** A purchase's due date ('' for a sale, due at once). */
  dueDate: string;
  totalCents: number;
  paidCents: number;
  returnsCents: number;
  balanceCents: number;
  /**
   * What the document owes us back (saldo a favor: its returns passed what was left to pay), 0
   * when none: a purchase with a credit takes refunds, not payments.
   */
  creditCents: number;
  status: PaymentStatus;
  approvalStatus: ApprovalStatus;
}

/** A purchase's credit in our favour (saldo a favor), as purchasing computes it. */
export function creditOf(p: Purchase): number {
  return p.totals.credit_cents;
}

/** A purchase as a payable document. */
export function fromPurchase(p: Purchase): PayableDocument {
  return {
    type: 'purchase',
    id: p.id,
    number: p.reference_no,
    partyName: p.supplier_name,
    partyId: p.supplier_id,
    companyId: p.company_id,
    date: p.purchase_date.slice(0, 10),
    dueDate: p.due_date?.slice(0, 10) ?? '',
    totalCents: p.totals.total_to_pay_cents,
    paidCents: p.totals.paid_cents,
    returnsCents: p.totals.return_cents,
    balanceCents: p.totals.balance_cents,
    creditCents: creditOf(p),
    status: p.status,
    approvalStatus: p.approval_status,
  };
}

/** A sale as a payable document. */
export function fromSale(s: Sale): PayableDocument {
  return {
    type: 'sale',
    id: s.id,
    number: s.number,
    partyName: s.customer_name,
    partyId: s.customer_id,
    companyId: s.company_id,
    date: s.sale_date.slice(0, 10),
    dueDate: '',
    totalCents: s.totals.total_cents,
    paidCents: s.totals.paid_cents,
    returnsCents: s.totals.return_cents,
    balanceCents: s.totals.balance_cents,
    creditCents: 0,
    status: s.status,
    approvalStatus: s.approval_status,
  };
}

/** Why a document takes no payment now, or undefined when it takes one. */
export type NotPayable = 'notApproved' | 'paidInFull' | 'allPending';

/** Whether the page records a refund on the document rather than a payment: it has a credit. */
export function takesRefund(doc: PayableDocument): boolean {
  return doc.type === 'purchase' && doc.creditCents > 0;
}

/** Whether the document takes a payment now, and if not why. */
export function notPayable(doc: PayableDocument, open: OpenDocument | undefined): NotPayable | undefined {
  if (doc.approvalStatus !== 'approved') return 'notApproved';
  if (doc.balanceCents <= 0) return 'paidInFull';
  if (!open || open.available_cents <= 0) return 'allPending';
  return undefined;
}

/** The document of a payment page with its open entry (undefined while loading or when closed). */
export function usePayableDocument(type: PaymentType, id: number | undefined) {
  const purchase = usePurchase(type === 'purchase' ? id : undefined);
  const sale = useSale(type === 'sale' ? id : undefined);
  const read = type === 'purchase' ? purchase : sale;
  const doc = purchase.data && type === 'purchase' ? fromPurchase(purchase.data) : sale.data && type === 'sale' ? fromSale(sale.data) : undefined;
  const open = useOpenDocuments(type, doc && doc.approvalStatus === 'approved' ? [doc.partyId] : []);
  return {
    doc,
    open: doc ? open.data?.find((d) => d.id === doc.id) : undefined,
    /** The open entries are still being read (the form waits for its default amount). */
    openLoading: open.isLoading,
    isPending: read.isPending,
    error: read.error,
  };
}
