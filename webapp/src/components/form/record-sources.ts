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
import type { ListPath } from '@/components/list/resource-api';

/** Suppliers (modules/people); a legal entity is named by its company (display_name). */
export const SUPPLIERS: RecordSource<'/api/suppliers'> = { path: '/api/suppliers' };
/** Customers (modules/people). */
export const CUSTOMERS: RecordSource<'/api/customers'> = { path: '/api/customers' };
/** Stores (modules/settings). */
export const STORES: RecordSource<'/api/stores'> = { path: '/api/stores' };
/** Companies (modules/settings; administrators only). */
export const COMPANIES: RecordSource<'/api/companies'> = { path: '/api/companies' };
/** Product categories (modules/catalog). */
export const CATEGORIES: RecordSource<'/api/categories'> = { path: '/api/categories' };
/** Staff users (modules/auth; administrators only), by username. */
export const USERS: RecordSource<'/api/users'> = { path: '/api/users', sort: 'username' };

/** `source` with more list filters; an empty value leaves that filter out. */
export function narrowed<P extends ListPath>(source: RecordSource<P>, filters: Readonly<Record<string, string>>): RecordSource<P> {
  const kept = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
  return { ...source, filters: { ...source.filters, ...kept } };
}
