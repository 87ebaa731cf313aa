/**
 * The records of other modules that forms and list filters pick with RecordPicker, one source
 * each, so that every picker of a supplier (or store, company…) asks the same list the same way
 * and shares its cache. A feature narrows a source with `narrowed` (approved suppliers, active
 * stores, one company's stores).
 *
 * None of these is kept as a plain select, small as it may be today: stores, categories,
 * companies and users are records people add, with no bound, and a select shows only the page it
 * read. Plain selects remain for fixed sets (statuses, roles, kinds, IVA classes, methods) and
 * for the sales list's seller filter, whose endpoint (/api/sales/sellers) answers every seller at
 * once rather than a page.
 */
import type { RecordSource } from './record-picker';
import { useResourceRecord, type ListPath } from '@/components/list/resource-api';

/** What a customer or supplier row carries of its identity document (modules/people). */
export interface PartyDocument {
  document_type: string;
  /** Without dots; a NIT without its check digit. */
  document_number: string;
  verification_digit?: string;
}

/**
 * A party's identity document as the people pages show it: "CC 1020345678", "NIT 900123456-7";
 * '' without a number. The number stays as stored (no thousands dots), so what is read is what
 * the lists' search finds when typed.
 */
export function partyDocument(p: PartyDocument): string {
  if (!p.document_number) return '';
  return `${p.document_type} ${p.document_number}${p.verification_digit ? `-${p.verification_digit}` : ''}`;
}

/**
 * The document of the customer or supplier `id` (partyDocument), read with the record — a
 * document keeps the party's name only —; '' while it is read, without an id, or when the party
 * is gone (deleted since).
 */
export function usePartyDocument(path: '/api/customers' | '/api/suppliers', id: number | undefined): string {
  const record = useResourceRecord(path, id);
  return record.data ? partyDocument(record.data) : '';
}

// Each source's `detail` tells apart records of the same name, from what its list returns:
// parties by their document (which `q` matches), users by username (matched) and role. Stores
// carry no city or address in their list, so their company tells them apart (for an
// administrator, who sees every company's); companies have no NIT field at all, so none.

/** Suppliers (modules/people); a legal entity is named by its company (display_name). */
export const SUPPLIERS: RecordSource<'/api/suppliers'> = { path: '/api/suppliers', detail: partyDocument };
/** Customers (modules/people). */
export const CUSTOMERS: RecordSource<'/api/customers'> = { path: '/api/customers', detail: partyDocument };
/** Stores (modules/settings). */
export const STORES: RecordSource<'/api/stores'> = { path: '/api/stores', detail: (s) => s.company_name };
/** Companies (modules/settings; administrators only). */
export const COMPANIES: RecordSource<'/api/companies'> = { path: '/api/companies' };
/** Product categories (modules/catalog). */
export const CATEGORIES: RecordSource<'/api/categories'> = { path: '/api/categories' };
/** Staff users (modules/auth; administrators only), by username; named by first and last name. */
export const USERS: RecordSource<'/api/users'> = {
  path: '/api/users',
  sort: 'username',
  // A user without first and last name is named by the username already: the role alone then.
  detail: (u, t) => [`${u.first_name} ${u.last_name}`.trim() && u.username, t(`layout:roles.${u.role}`)].filter(Boolean).join(' · '),
};

/** `source` with more list filters; an empty value leaves that filter out. */
export function narrowed<P extends ListPath>(source: RecordSource<P>, filters: Readonly<Record<string, string>>): RecordSource<P> {
  const kept = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
  return { ...source, filters: { ...source.filters, ...kept } };
}
