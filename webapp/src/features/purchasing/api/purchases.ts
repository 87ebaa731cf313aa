/**
 * Purchases (modules/purchasing): `/api/purchases` CRUD (multipart: one attachment image),
 * approval, `POST /api/purchases/quote` (the server's tax engine while typing),
 * `GET /api/purchases/expiring` (dashboard) and the received-order draft that prefills a purchase.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApprovalStatus } from '@/components/list/approval';
import { http, type DataEnvelope } from '@/lib/http';

/** Path of the purchases resource. */
export const PURCHASES_PATH = '/api/purchases';
/** Path of the received orders resource (its purchase draft). */
export const RECEIVED_ORDERS_PATH = '/api/received-orders';
/** Suppliers and stores the form offers. */
export const SUPPLIERS_PATH = '/api/suppliers';
/** Path of the stores resource. */
export const STORES_PATH = '/api/stores';
/** Path of the categories resource. */
export const CATEGORIES_PATH = '/api/categories';
/** Path of the products resource. */
export const PRODUCTS_PATH = '/api/products';

/** Payment status labels of spec §4. */
export type PurchaseStatus = 'pending' | 'partial' | 'paid' | 'received';
/** All status labels, in filter order. */
export const PURCHASE_STATUSES: readonly PurchaseStatus[] = ['pending', 'partial', 'paid', 'received'];

/** One purchase line. */
export interface PurchaseLine {
  category_id: number;
  category_name?: string;
  product_id: number;
  product_name?: string;
  product_code?: string;
  iva_class?: string;
  kind?: 'goods' | 'service';
  /** YYYY-MM-DD; empty for services. */
  expiry_date?: string;
  cost_cents: number;
  quantity: number;
}

/** The totals of spec §3, as the server's tax engine computes them. */
export interface PurchaseTotals {
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  taxable_base_cents: number;
  vat_cents: number;
  invoice_cents: number;
  withholding_income_cents: number;
  withholding_vat_cents: number;
  total_to_pay_cents: number;
  /** "2.5%" for display, '' when none. */
  withholding_income_rate: string;
  withholding_vat_rate: string;
}

/** A stored purchase's totals: the tax engine's, plus returns, payments and the balance. */
export interface StoredTotals extends PurchaseTotals {
  return_cents: number;
  paid_cents: number;
  /** total to pay − paid − returns. */
  balance_cents: number;
}

/** A purchase as the API sends it. */
export interface Purchase {
  id: number;
  company_id: number;
  purchase_date: string;
  reference_no: string;
  supplier_id: number;
  supplier_name: string;
  store_id: number;
  store_name: string;
  days_of_credit: number;
  due_date: string;
  attachment: { id: number; url: string } | null;
  note: string;
  shipping_carrier: string;
  totals: StoredTotals;
  lines?: PurchaseLine[];
  status: PurchaseStatus;
  approval_status: ApprovalStatus;
  approval_reason: string;
  received_order_id: number | null;
  created_by: number | null;
  created_at: string;
}

/** Reads totals, tolerating missing numbers (shown as 0) rather than crashing a page. */
export function readTotals(raw: unknown): PurchaseTotals {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const n = (k: string) => (typeof r[k] === 'number' ? (r[k] as number) : 0);
  const text = (k: string) => (typeof r[k] === 'string' ? (r[k] as string) : '');
  return {
    subtotal_cents: n('subtotal_cents'),
    discount_cents: n('discount_cents'),
    shipping_cents: n('shipping_cents'),
    taxable_base_cents: n('taxable_base_cents'),
    vat_cents: n('vat_cents'),
    invoice_cents: n('invoice_cents'),
    withholding_income_cents: n('withholding_income_cents'),
    withholding_vat_cents: n('withholding_vat_cents'),
    total_to_pay_cents: n('total_to_pay_cents'),
    withholding_income_rate: text('withholding_income_rate'),
    withholding_vat_rate: text('withholding_vat_rate'),
  };
}

/** What the quote endpoint takes (the purchase body without the header's other fields). */
export interface QuoteRequest {
  supplier_id: number;
  purchase_date: string;
  lines: Array<{ category_id: number; product_id: number; cost_cents: number; quantity: number }>;
  discount_cents: number;
  shipping_cents: number;
}

/** The quote's answer: `{data: {totals, lines}}`. */
interface QuoteAnswer {
  totals: unknown;
}

/** The server's totals for a form in progress; null request = nothing to quote yet. */
export function usePurchaseQuote(request: QuoteRequest | null) {
  return useQuery({
    queryKey: [PURCHASES_PATH, 'quote', request],
    queryFn: async ({ signal }) => readTotals((await http.post<DataEnvelope<QuoteAnswer>>(`${PURCHASES_PATH}/quote`, request, { signal })).data.totals),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

/** One purchase (edit page). */
export function usePurchase(id: number | undefined) {
  return useQuery({
    queryKey: [PURCHASES_PATH, 'one', id],
    queryFn: async ({ signal }) => (await http.get<DataEnvelope<Purchase>>(`${PURCHASES_PATH}/${id}`, { signal })).data,
    enabled: id !== undefined,
  });
}

/** The lines a received order turns into (GET /api/received-orders/{id}/purchase-draft). */
export interface PurchaseDraft {
  received_order_id: number;
  received_order_reference: string;
  purchase_order_reference: string;
  note: string;
  /** Quantity and the catalog's current cost, to check against the supplier's invoice. */
  lines: PurchaseLine[];
}

/** The draft of /purchase/add?received_order=ID. */
export function usePurchaseDraft(receivedOrderId: number | undefined) {
  return useQuery({
    queryKey: [RECEIVED_ORDERS_PATH, 'purchase-draft', receivedOrderId],
    queryFn: async ({ signal }) =>
      (await http.get<DataEnvelope<PurchaseDraft>>(`${RECEIVED_ORDERS_PATH}/${receivedOrderId}/purchase-draft`, { signal })).data,
    enabled: receivedOrderId !== undefined,
    staleTime: Infinity,
  });
}

/** A purchase with a balance due soon (dashboard). */
export interface ExpiringPurchase extends Purchase {
  /** Days from today (Bogota) to the due date; 0 = today. */
  days_left: number;
}

/** Purchases with a balance due within 5 days. */
export function useExpiringPurchases() {
  return useQuery({
    queryKey: [PURCHASES_PATH, 'expiring'],
    queryFn: ({ signal }) => http.get<{ data: ExpiringPurchase[] }>(`${PURCHASES_PATH}/expiring`, { signal }),
    select: (answer) => answer.data ?? [],
  });
}

/** A product as the line picker needs it. */
export interface ProductChoice {
  id: number;
  code: string;
  name: string;
  category_id: number;
  cost_cents: number;
  kind: 'goods' | 'service';
}

/** Products matching a search, within a category when one is chosen (the line's picker). */
export function useProductChoices(categoryId: number | null, q: string) {
  const params = new URLSearchParams({ per_page: '20', sort: 'name' });
  if (categoryId) params.set('category_id', String(categoryId));
  if (q.trim()) params.set('q', q.trim());
  const query = params.toString();
  return useQuery({
    queryKey: [PRODUCTS_PATH, 'choices', query],
    queryFn: ({ signal }) => http.get<{ data: ProductChoice[] }>(`${PRODUCTS_PATH}?${query}`, { signal }),
    select: (answer) => answer.data ?? [],
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** A choice of a select: id and name. */
export interface Choice {
  id: number;
  name: string;
}

/** Up to 100 records of a resource for a select, e.g. approved suppliers or active stores. */
export function useChoices(basePath: string, filters: Record<string, string> = {}) {
  const params = new URLSearchParams({ per_page: '100', sort: 'name', ...filters });
  const query = params.toString();
  return useQuery({
    queryKey: [basePath, 'options', query],
    queryFn: ({ signal }) => http.get<{ data: Choice[] }>(`${basePath}?${query}`, { signal }),
    select: (answer) => answer.data ?? [],
    staleTime: 60_000,
  });
}
