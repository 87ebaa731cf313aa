/**
 * GET /api/sales (modules/sales): the sales list, which the list kit reads and exports
 * (ResourceListPage with this path: keyset pages, q, sort, filters approval, status,
 * customer_id, store_id, seller, from, to and company_id, and export.xlsx with the same filters).
 * The types of a sale as the API sends it live here, for every sales page.
 */
import type { Schema } from '@/lib/api';

/** Path of the sales resource. */
export const SALES_PATH = '/api/sales';

/** A sale as the API sends it (lines and images only in single-sale answers). */
export type Sale = Schema<'Sale'>;
/** One line of a sale: the product as of the sale, its price, cost and amounts. */
export type SaleLine = Schema<'SaleLine'>;
/** A sale's totals, priced by the server (modules/tax), with paid and balance. */
export type SaleTotals = Schema<'SaleTotals'>;

/** Payment status of a sale (platform/payable). */
export type SaleStatus = Sale['status'];
/** The payment statuses, in filter order. */
export const SALE_STATUSES: readonly SaleStatus[] = ['pending', 'partial', 'paid'];

/** The list's filters (query names of GET /api/sales) and its default order, newest first. */
export const SALE_LIST = { filterKeys: ['status', 'customer_id', 'store_id', 'seller', 'company_id'], defaultSort: '-sale_date' } as const;
