/**
 * Customers and suppliers (modules/people): `/api/customers` and `/api/suppliers` share one
 * shape (a party with a Colombian tax profile); customers add their sales totals.
 */
import type { Schema } from '@/lib/api';

/** Paths of the two party resources. */
export const CUSTOMERS_PATH = '/api/customers';
/** Path of the suppliers resource. */
export const SUPPLIERS_PATH = '/api/suppliers';
/** Either party resource (the party form serves both). */
export type PartyPath = typeof CUSTOMERS_PATH | typeof SUPPLIERS_PATH;

/** A supplier as the API sends it: a party with its purchase figures, returns and credit. */
export type Supplier = Schema<'Supplier'>;

/** A customer or supplier as the API sends it: what both share (the party form serves both). */
export type Party = Omit<
  Supplier,
  'total_purchases' | 'total_amount_cents' | 'paid_cents' | 'return_cents' | 'pending_return_cents' | 'balance_cents' | 'credit_cents'
>;

/** A customer: a party with its sales totals (zero until sales exist). */
export type Customer = Schema<'Customer'>;

/** Natural person or legal entity (persona jurídica). */
export type PersonType = Party['person_type'];
/** Identity documents. */
export type DocumentType = Party['document_type'];
/** Document types in the order the form offers them. */
export const DOCUMENT_TYPES: readonly DocumentType[] = ['CC', 'NIT', 'CE', 'PAS'];

/** What create and update send. */
export type PartyInput = Schema<'PartyBody'>;
