/**
 * GET /api/payments (modules/payments): the payments list, which the list kit reads and exports
 * (ResourceListPage with this path: keyset pages, q — reference, document number, party —, sort
 * date, created_at, amount_cents, filters type, direction, document_id, party_id (with type), approval,
 * method, batch_id, created_by, from, to and company_id, and export.xlsx with the same filters).
 * The types of a payment as the API sends it live here, for every payments page.
 */
import type { Schema } from '@/lib/api';

/** Path of the payments resource. */
export const PAYMENTS_PATH = '/api/payments';

/** A payment as the API sends it (images only in single-payment answers). */
export type Payment = Schema<'Payment'>;
/** purchase: money we pay a supplier; sale: money a customer pays us. */
export type PaymentType = Payment['type'];
/** How a payment was made. */
export type PaymentMethod = Payment['method'];

/** The document types, in filter order. */
export const PAYMENT_TYPES: readonly PaymentType[] = ['purchase', 'sale'];
/** payment: money paid on the document; refund: a purchase's credit given back to us. */
export type PaymentDirection = Payment['direction'];
/** The directions, in filter order. */
export const PAYMENT_DIRECTIONS: readonly PaymentDirection[] = ['payment', 'refund'];

/** The methods, in the order the forms offer them. */
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['cash', 'transfer', 'card', 'cheque'];

/** Whether a route's {type} is a document type. */
export function isPaymentType(value: string | undefined): value is PaymentType {
  return PAYMENT_TYPES.includes(value as PaymentType);
}

/** The lists' URL filters and their default order (newest first, the server's default). */
export const PAYMENT_LIST = { filterKeys: ['type', 'party_id', 'direction', 'method', 'company_id'], defaultSort: '-date' } as const;
