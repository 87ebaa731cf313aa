/**
 * Purchases (modules/purchasing): `/api/purchases` CRUD (multipart: one attachment image),
 * approval, `POST /api/purchases/quote` (the server's tax engine while typing),
 * `GET /api/purchases/expiring` (dashboard) and the received-order draft that prefills a purchase.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { narrowed, SUPPLIERS } from '@/components/form/record-sources';
import { fetchPage } from '@/components/list/resource-api';
import { api, data, multipart, type Schema } from '@/lib/api';

/** Path of the purchases resource. */
export const PURCHASES_PATH = '/api/purchases';
/** Path of the received orders resource (its purchase draft). */
export const RECEIVED_ORDERS_PATH = '/api/received-orders';
/** Path of the products resource. */
export const PRODUCTS_PATH = '/api/products';

/** A purchase as the API sends it. */
export type Purchase = Schema<'Purchase'>;

/** Payment status labels of spec §4. */
export type PurchaseStatus = Purchase['status'];
/** All status labels, in filter order. */
export const PURCHASE_STATUSES: readonly PurchaseStatus[] = ['pending', 'partial', 'paid', 'received'];

/**
 * A line the form starts from: a stored purchase's line or a received order's draft line (which
 * has no kind or expiry date yet); the form reads the ids, cost and quantity, and the rest when given.
 */
export type PurchaseLine = Pick<Schema<'PurchaseLine'>, 'category_id' | 'product_id' | 'cost_cents' | 'quantity'> &
  Partial<Pick<Schema<'PurchaseLine'>, 'category_name' | 'product_name' | 'product_code' | 'kind' | 'expiry_date' | 'iva_class'>>;

/** The totals of spec §3 as the server's tax engine computes them, with returns, payments and the balance. */
export type PurchaseTotals = Schema<'PurchaseTotals'>;

/** What the quote endpoint takes: the purchase body (its header's other fields are not needed). */
export type QuoteRequest = Schema<'PurchaseBody'>;

/** The server's totals for a form in progress; null request = nothing to quote yet. */
export function usePurchaseQuote(request: QuoteRequest | null) {
  return useQuery({
    queryKey: [PURCHASES_PATH, 'quote', request],
    queryFn: async ({ signal }) => (await data(api.POST('/api/purchases/quote', { body: request!, signal }))).totals,
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
    queryFn: ({ signal }) => data(api.GET('/api/purchases/{id}', { params: { path: { id: id! } }, signal })),
    enabled: id !== undefined,
  });
}

/** The lines a received order turns into (GET /api/received-orders/{id}/purchase-draft). */
export type PurchaseDraft = Schema<'PurchaseDraft'>;

/** Creates (no id) or edits a purchase; the body is the form with its attachment image. */
export function savePurchase(id: number | undefined, form: FormData): Promise<Purchase> {
  return id === undefined
    ? data(api.POST('/api/purchases', { body: multipart(form) }))
    : data(api.PUT('/api/purchases/{id}', { params: { path: { id } }, body: multipart(form) }));
}

/** The draft of /purchase/add?received_order=ID. */
export function usePurchaseDraft(receivedOrderId: number | undefined) {
  return useQuery({
    queryKey: [RECEIVED_ORDERS_PATH, 'purchase-draft', receivedOrderId],
    queryFn: ({ signal }) => data(api.GET('/api/received-orders/{id}/purchase-draft', { params: { path: { id: receivedOrderId! } }, signal })),
    enabled: receivedOrderId !== undefined,
    staleTime: Infinity,
  });
}

/** A purchase with a balance due soon (dashboard); `days_left` counts from today (Bogota). */
export type ExpiringPurchase = Schema<'ExpiringPurchase'>;

/** Purchases with a balance due within 5 days. */
export function useExpiringPurchases() {
  return useQuery({
    queryKey: [PURCHASES_PATH, 'expiring'],
    queryFn: async ({ signal }): Promise<ExpiringPurchase[]> => (await data(api.GET('/api/purchases/expiring', { signal }))) ?? [],
  });
}

/** A product as the line picker needs it. */
export type ProductChoice = Pick<Schema<'Product'>, 'id' | 'code' | 'name' | 'category_id' | 'cost_cents' | 'kind'>;

/** Products matching a search, within a category when one is chosen (the line's picker). */
export function useProductChoices(categoryId: number | null, q: string) {
  const params = new URLSearchParams({ per_page: '20', sort: 'name' });
  if (categoryId) params.set('category_id', String(categoryId));
  if (q.trim()) params.set('q', q.trim());
  const query = params.toString();
  return useQuery({
    queryKey: [PRODUCTS_PATH, 'choices', query],
    queryFn: async ({ signal }): Promise<ProductChoice[]> => (await fetchPage(PRODUCTS_PATH, Object.fromEntries(params), signal)).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The suppliers a purchase may name: approved ones. */
export const APPROVED_SUPPLIERS = narrowed(SUPPLIERS, { approval: 'approved' });
