/**
 * Customers and suppliers (modules/people): `/api/customers` and `/api/suppliers` share one
 * shape (a party with a Colombian tax profile); customers add their sales totals.
 */
import type { ApprovalStatus } from '@/components/list/approval';

/** Paths of the two party resources. */
export const CUSTOMERS_PATH = '/api/customers';
/** Path of the suppliers resource. */
export const SUPPLIERS_PATH = '/api/suppliers';

/** Natural person or legal entity (persona jurídica). */
export type PersonType = 'natural' | 'juridica';
/** Identity documents. */
export type DocumentType = 'CC' | 'NIT' | 'CE' | 'PAS';
/** Document types in the order the form offers them. */
export const DOCUMENT_TYPES: readonly DocumentType[] = ['CC', 'NIT', 'CE', 'PAS'];

/** The tax profile of a customer or supplier (issue 3 design). */
export interface TaxProfile {
  person_type: PersonType;
  declarante: boolean;
  iva_responsible: boolean;
  gran_contribuyente: boolean;
  autorretenedor: boolean;
  document_type: DocumentType;
  document_number: string;
}

/** A customer or supplier as the API sends it. */
export interface Party extends TaxProfile {
  id: number;
  company_id: number;
  company_name: string;
  name: string;
  /** The party's own company or business name. */
  company: string;
  /** How the party is named: a legal entity by its company name, a person by their name (server rule). */
  display_name: string;
  email: string;
  phone: string;
  city: string;
  address: string;
  note: string;
  verification_digit: string;
  approval_status: ApprovalStatus;
  approval_reason: string;
  created_at: string;
}

/** A customer: a party with its sales totals (zero until sales exist). */
export interface Customer extends Party {
  total_sales: number;
  total_amount_cents: number;
  paid_cents: number;
  balance_cents: number;
}

/** What create and update send. */
export interface PartyInput extends TaxProfile {
  name: string;
  company: string;
  email: string;
  phone: string;
  city: string;
  address: string;
  note: string;
  /** Admins, on create: the tenant company. */
  company_id?: number;
}
